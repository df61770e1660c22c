import Foundation
import Testing

@testable import MushText

/// Hyphenation points against pyphen (the pure-Python reader of the same LibreOffice
/// dictionaries that WeasyPrint hyphenates with), given the same dictionary file and the same
/// minimums: the same points for every word of three word lists but one. libhyphen reads the
/// German dictionary's second level of patterns (`NEXTLEVEL`: compound boundaries, with their own
/// minimums) and pyphen does not, so pyphen breaks "Zeilenabstand" as "Zei-le-n-ab-stand" too,
/// where libhyphen (and LibreOffice) give "Zei-len-ab-stand".
@Suite("Hyphenation against pyphen")
struct HyphenationPyphenTests {
    static let words: [String: String] = [
        "en-US": """
        hyphenation typography paragraph justification algorithm dictionary language
        presentation information international communication organization documentation
        representation understanding administration responsibility extraordinary
        beautiful wonderful character knowledge government development environment
        performance experience management technology particular especially individual
        university community important different political possible national general
        interesting situation relationship opportunity everything probably certainly
        manuscript publisher newspaper magazine reference paperback hardcover
        """,
        "de": """
        Silbentrennung Grauwert Blocksatz Spalten ermöglicht gleichmäßigeren besonders
        schmalen Donaudampfschifffahrt Rechtschreibung Wörterbuch Zeitungsartikel
        Arbeitsgemeinschaft Bundesrepublik Geschwindigkeit Entwicklung Verantwortung
        Wissenschaft Unternehmen Regierung Gesellschaft Möglichkeit Öffentlichkeit
        Bäckerei Straßenbahn Fußgängerzone Überraschung Bibliothek Schreibmaschine
        Druckerei Buchstaben Schriftart Zeilenabstand Seitenrand Überschrift
        """,
        "fr": """
        typographie désigne différents procédés composition impression utilisant
        caractères extraordinaire étudiante entreprise gouvernement développement
        particulièrement nécessaire information communication bibliothèque
        mouvement renseignement aujourd'hui connaissance expérience probablement
        imprimerie alphabet paragraphe justification dictionnaire lisibilité
        """,
    ]

    @Test func pointsAgreeWithPyphenOnTheSameDictionary() throws {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import pyphen"]
        try check.run()
        check.waitUntilExit()
        try #require(check.terminationStatus == 0, "pyphen (PyPI) is not installed; .ci/install installs it")
        var compared = 0
        for (language, list) in Self.words.sorted(by: { $0.key < $1.key }) {
            let path = try #require(Hyphenation.dictionaryPath(for: language), "no dictionary for \(language)")
            let dictionary = try #require(Hyphenation.dictionary(for: language))
            let limits = ParagraphStyle.HyphenationLimits()
            let left = max(limits.before, dictionary.leftMinimum)
            let right = max(limits.after, dictionary.rightMinimum)
            let words = list.split(whereSeparator: \.isWhitespace).map(String.init)
            let theirs = try Self.pyphen(words, path: path, left: left, right: right)
            try #require(theirs.count == words.count)
            var differing: [String] = []
            for (word, pyphen) in zip(words, theirs) {
                let ours = Hyphenation.points(in: word, language: language) ?? []
                if ours != pyphen { differing.append("\(word): \(ours) vs pyphen \(pyphen)") }
            }
            compared += words.count
            print("Hyphenation (\(language)) against pyphen: \(words.count - differing.count) of \(words.count) agree")
            #expect(differing == (language == "de" ? ["Zeilenabstand: [3, 6, 8] vs pyphen [3, 5, 6, 8]"] : []))
        }
        #expect(compared == 119)
    }

    /// pyphen's points of each of `words` with the dictionary at `path`, one list a word.
    static func pyphen(_ words: [String], path: String, left: Int, right: Int) throws -> [[Int]] {
        let script = """
            import json, sys, pyphen
            dictionary = pyphen.Pyphen(filename=sys.argv[1], left=int(sys.argv[2]), right=int(sys.argv[3]))
            for word in sys.stdin.read().split():
                print(json.dumps(dictionary.positions(word) if len(word) >= 5 else []))
            """
        let data = try runReference(
            "/usr/bin/env", ["python3", "-c", script, path, "\(left)", "\(right)"],
            input: Data(words.joined(separator: "\n").utf8)
        ).output
        return try data.split(separator: UInt8(ascii: "\n")).map {
            try JSONDecoder().decode([Int].self, from: Data($0))
        }
    }
}
