import Foundation
import Mush
import Testing

@testable import MushText

/// Narrow justified, hyphenated paragraphs against WeasyPrint 57 (Debian's, whose pyphen reads the
/// same dictionaries in /usr/share/hyphen), through `Tests/TextOracle/weasyprint_lines.py`: the
/// same lines, the hyphens included, in English, German and French at six widths.
@Suite("Hyphenation against WeasyPrint")
struct HyphenationWeasyPrintTests {
    static let texts = [
        (
            "en",
            "Typography is the art and technique of arranging type to make written language legible, readable and appealing when displayed. The arrangement of type involves selecting typefaces, point sizes, line lengths, line spacing and letter spacing, and adjusting the space between pairs of letters."
        ),
        (
            "de",
            "Die Silbentrennung ermöglicht einen gleichmäßigeren Grauwert im Blocksatz, besonders bei schmalen Spalten in Zeitungen und Zeitschriften, wo lange zusammengesetzte Wörter häufig vorkommen."
        ),
        (
            "fr",
            "La typographie désigne les différents procédés de composition et d'impression utilisant des caractères et des formes en relief, ainsi que l'art d'utiliser les différents types de caractères."
        ),
    ]

    @Test func linesAgreeWithWeasyPrint() throws {
        let python = "/usr/bin/python3"
        try #require(FileManager.default.fileExists(atPath: python))
        var cases: [[String: Any]] = []
        var ours: [[String]] = []
        for (language, text) in Self.texts {
            let paragraph = try Paragraph(
                MushDocument(text: text, attributes: .plain),
                style: ParagraphStyle(fontSize: 12, alignment: .justify, locale: language, hyphens: .auto),
                fonts: .shipped)
            for width in stride(from: 120.0, through: 320, by: 40) {
                cases.append(["text": text, "width": width, "size": 12, "lang": language])
                ours.append(paragraph.layout(width: width).lines.map { $0.text.trimmingCharacters(in: .whitespaces) })
            }
        }
        let data = try runReference(
            python, [PangoComparisonTests.root.appendingPathComponent("Tests/TextOracle/weasyprint_lines.py").path],
            input: try JSONSerialization.data(withJSONObject: cases)
        ).output
        let theirs = try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
        try #require(theirs.count == ours.count)
        var agreeing = 0
        var explained: [String] = []
        var differing: [String] = []
        for ((ours, theirs), testCase) in zip(zip(ours, theirs), cases) {
            let theirs = theirs.map { $0.trimmingCharacters(in: .whitespaces) }
            guard ours != theirs else {
                agreeing += 1
                continue
            }
            let label = "\(testCase["lang"]!) at \(testCase["width"]!)"
            // WeasyPrint takes Pango's words, which end at an apostrophe: it does not hyphenate
            // "d'impression"; and pyphen finds no point in German "einen", where libhyphen (and
            // LibreOffice) find "ei-nen".
            let first = zip(ours, theirs).first { $0 != $1 }?.0 ?? ""
            if first.hasSuffix("\u{2010}"),
                first.split(separator: " ").last.map({ $0.contains("'") || $0 == "ei\u{2010}" }) ?? false
            {
                explained.append(label)
            } else {
                differing.append("\(label): \(ours) vs WeasyPrint \(theirs)")
            }
        }
        print(
            "Hyphenated paragraphs against WeasyPrint: \(agreeing) of \(ours.count) agree line for line, "
                + "\(explained.count) differ where pyphen or Pango's words do: \(explained)")
        #expect(differing == [])
        #expect(agreeing >= 15)
    }
}
