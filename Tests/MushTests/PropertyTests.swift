import Foundation
import PropertyBased
import Testing

@testable import Mush

/// Properties that hold for every input, checked on random Mush-like strings built from the
/// tokens that matter (markers, braces, backticks, escapes, URLs, spaces, punctuation, several
/// scripts) and on random documents built from runs.
@Suite("Properties")
struct PropertyTests {
    static let tokens = [
        "**", "//", "__", "~~", "*", "/", "_", "~", "`", "``", "```",
        "{#f00|", "{bg#0f08|", "{k2|", "{k-0.5|", "{font:F,9|", "{font:A, B,|", "{#bad|", "{foo|", "{",
        "}", "}", "|", "\\", "\\*", "\\`", "\\\\", " ", " ", "\n", "a", "b", "xyz", ":", "http://", "(", ")",
        ".", "#", "k", "é", "👍🏽", "مرحبا", "ไทย", "\u{00A0}",
    ]
    static let markup = Gen.int(in: 0...(tokens.count - 1)).array(of: 0...40).map { indices in
        indices.map { tokens[$0] }.joined()
    }

    static let attributeChoices: [MushAttributes] = [
        .plain, MushAttributes(bold: true), MushAttributes(italic: true), MushAttributes(underline: true),
        MushAttributes(strikethrough: true), MushAttributes(monospace: true),
        MushAttributes(bold: true, italic: true), MushAttributes(bold: true, monospace: true),
        MushAttributes(underline: true, color: MushColor(red: 1, green: 2, blue: 3)),
        MushAttributes(color: MushColor(red: 255, green: 0, blue: 0)),
        MushAttributes(backgroundColor: MushColor(red: 0, green: 0, blue: 255, alpha: 128)),
        MushAttributes(kern: -0.5), MushAttributes(fontFamily: "Mono, Inc"), MushAttributes(fontSize: 9),
        MushAttributes(italic: true, fontFamily: "F", fontSize: 20),
    ]
    static let pieceTexts = [
        "a", " ", "a ", " a", "*", "**", "/", "_x_", "~", "`", "``", "{", "}", "{#f00|", "|",
        "\\", ":", "\n", "é", "(", ")", "http://", "  ",
    ]
    static let pieceChoices = pieceTexts.flatMap { text in attributeChoices.map { (text: text, attributes: $0) } }
    static let pieces = Gen.int(in: 0...(pieceChoices.count - 1)).array(of: 0...12).map { indices in
        MushDocument(indices.map { pieceChoices[$0] })
    }

    @Test func runsCoverTheTextInOrder() async {
        await propertyCheck(count: 2000, input: Self.markup) { input in
            let document = Mush.parse(input)
            #expect(runsAreWellFormed(document), "\(input.debugDescription)")
            let scalars = input.unicodeScalars.count
            #expect(document.diagnostics.allSatisfy { !$0.range.isEmpty && $0.range.upperBound <= scalars })
        }
    }

    @Test func mushRoundTripIsTheIdentity() async {
        await propertyCheck(count: 2000, input: Self.markup) { input in
            let document = Mush.parse(input)
            let written = try? document.mush()
            #expect(written != nil)
            let back = Mush.parse(written ?? "")
            #expect(back.text == document.text, "\(input.debugDescription) → \(written.debugDescription)")
            #expect(back.runs == document.runs, "\(input.debugDescription) → \(written.debugDescription)")
            // Writing is stable: the output of the writer is its own fixed point.
            #expect((try? back.mush()) == written)
        }
    }

    @Test func anyDocumentRoundTrips() async {
        await propertyCheck(count: 2000, input: Self.pieces) { document in
            let written = try? document.mush()
            let back = Mush.parse(written ?? "")
            #expect(back.text == document.text, "\(written.debugDescription)")
            #expect(back.runs == document.runs, "\(written.debugDescription)")
        }
    }

    @Test func escapingEveryMarkerGivesThePlainStringBack() async {
        await propertyCheck(count: 2000, input: Self.markup) { plain in
            let document = Mush.parse(Mush.escapeAll(plain))
            #expect(document.text == plain)
            let expected = plain.isEmpty ? [] : [MushRun(range: 0..<plain.unicodeScalars.count, attributes: .plain)]
            #expect(document.runs == expected)
        }
    }

    /// Words, each bare or between the markers of one token (from the token table), separated by
    /// spaces: the plain text is the input with the markers removed, and each word carries its
    /// token's attribute.
    static let markedWords = Gen.int(in: 0...(markedWordChoices.count - 1)).array(of: 0...12).map { indices in
        indices.map { markedWordChoices[$0] }
    }
    static let markedWordChoices: [(word: String, token: MushToken?)] =
        ["a", "word", "x1", "é", "مرحبا", "ไทย"].flatMap { word in ([nil] + MushToken.allCases).map { (word, $0) } }

    @Test func plainTextIsTheInputWithoutMarkers() async {
        await propertyCheck(count: 500, input: Self.markedWords) { words in
            let input = words.map { word in word.token.map { $0.marker + word.word + $0.marker } ?? word.word }
                .joined(separator: " ")
            var pieces: [(text: String, attributes: MushAttributes)] = []
            for (index, word) in words.enumerated() {
                if index > 0 { pieces.append((" ", .plain)) }
                var attributes = MushAttributes.plain
                if let token = word.token { attributes[keyPath: token.attribute] = true }
                pieces.append((word.word, attributes))
            }
            let expected = MushDocument(pieces)
            let document = Mush.parse(input)
            #expect(document.plainText == words.map(\.word).joined(separator: " "), "\(input.debugDescription)")
            #expect(document.runs == expected.runs, "\(input.debugDescription)")
            #expect(document.diagnostics.isEmpty, "\(input.debugDescription)")
            #expect(MushDocument(AttributedString(document)).runs == document.runs)
        }
    }

    /// A document of one run is the document of that one piece: its runs count Unicode scalars
    /// (not bytes, not characters), and an empty text has none.
    @Test func aOneRunDocumentIsTheDocumentOfOnePiece() {
        var bold = MushAttributes.plain
        bold.bold = true
        for text in ["", "plain", "é\u{301}", "👍🏽 and 🇫🇷", "مرحبا\n", "\r\n", String(repeating: "ไทย", count: 100)] {
            for attributes in [MushAttributes.plain, bold] {
                #expect(MushDocument(text: text, attributes: attributes) == MushDocument([(text, attributes)]))
            }
        }
    }
}
