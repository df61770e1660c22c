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

private struct JSONRun: Encodable {
    var text: String
    var bold, italic, underline, strikethrough, monospace: Bool?
    var color, backgroundColor: String?
    var kern: Double?
    var fontFamily: String?
    var fontSize: Double?

    init(_ text: String, _ attributes: MushAttributes) {
        self.text = text
        bold = attributes.bold ? true : nil
        italic = attributes.italic ? true : nil
        underline = attributes.underline ? true : nil
        strikethrough = attributes.strikethrough ? true : nil
        monospace = attributes.monospace ? true : nil
        color = attributes.color?.hexRGBA
        backgroundColor = attributes.backgroundColor?.hexRGBA
        kern = attributes.kern
        fontFamily = attributes.fontFamily
        fontSize = attributes.fontSize
    }
}
