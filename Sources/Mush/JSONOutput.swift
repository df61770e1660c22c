import Foundation

extension MushDocument {
    /// The document as JSON:
    /// `{"text": …, "runs": [{"text": …, <the attributes that are set>}], "diagnostics": [{"message": …, "start": N, "end": N}]}`.
    ///
    /// Attribute keys are `bold`, `italic`, `underline`, `strikethrough`, `monospace` (true),
    /// `color` and `backgroundColor` (lowercase `#rrggbbaa`), `kern`, `fontFamily`, `fontSize`.
    /// Diagnostic offsets count Unicode scalars of the parser's input. Keys are sorted, so equal
    /// documents give equal bytes.
    public func json() -> String {
        let scalars = Array(text.unicodeScalars)
        let output = JSONDocument(
            text: text,
            runs: runs.map { JSONRun(String(String.UnicodeScalarView(scalars[$0.range])), $0.attributes) },
            diagnostics: diagnostics.map {
                JSONDiagnostic(message: $0.message, start: $0.range.lowerBound, end: $0.range.upperBound)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A parsed document's numbers are finite; one built by hand may not be, and JSON has no
        // literal for that, so such a number is written as a string rather than failing.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        // Only strings, booleans and numbers remain, which always encode.
        let data = try! encoder.encode(output)
        return String(decoding: data, as: UTF8.self)
    }
}

private struct JSONDocument: Encodable {
    var text: String
    var runs: [JSONRun]
    var diagnostics: [JSONDiagnostic]
}

private struct JSONDiagnostic: Encodable {
    var message: String
    var start: Int
    var end: Int
}

/// A run: its text and the attributes that are set, the tokens' under their names from the token
/// table, the brace-span values' from ``SpanValue/values(of:)``.
private struct JSONRun: Encodable {
    var text: String
    var attributes: MushAttributes

    init(_ text: String, _ attributes: MushAttributes) {
        self.text = text
        self.attributes = attributes
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(text, forKey: Key("text"))
        for token in MushToken.allCases where attributes[keyPath: token.attribute] {
            try container.encode(true, forKey: Key(token.row.name))
        }
        for value in SpanValue.values(of: attributes) {
            switch value {
            case .color(let color): try container.encode(color.hexRGBA, forKey: Key("color"))
            case .backgroundColor(let color): try container.encode(color.hexRGBA, forKey: Key("backgroundColor"))
            case .kern(let kern): try container.encode(kern, forKey: Key("kern"))
            case .fontFamily(let family): try container.encode(family, forKey: Key("fontFamily"))
            case .fontSize(let size): try container.encode(size, forKey: Key("fontSize"))
            }
        }
    }
}
