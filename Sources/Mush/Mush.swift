/// Entry points of the Mush parser.
///
/// ```swift
/// let document = Mush.parse("Plain **bold** and //italic// text")
/// document.text   // "Plain bold and italic text"
/// document.runs   // [0..<6 plain, 6..<10 bold, 10..<15 plain, 15..<21 italic, 21..<26 plain]
/// ```
public enum Mush {
    /// Parses Mush markup. Never fails: markup that cannot be used stays literal and is reported in
    /// the document's `diagnostics`. Linear in time and memory on every input.
    public static func parse(_ input: String) -> MushDocument {
        var parser = Parser(Array(input.unicodeScalars))
        return parser.parse()
    }

    /// Parses bytes that should be UTF-8. Each maximal invalid sequence becomes U+FFFD and an
    /// ``MushDiagnostic/Kind/invalidUTF8`` diagnostic; diagnostic offsets count Unicode scalars of
    /// the decoded input.
    public static func parse(utf8 bytes: some Sequence<UInt8>) -> MushDocument {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.underestimatedCount)
        var diagnostics: [MushDiagnostic] = []
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
            case .error:
                let position = scalars.count
                scalars.append("\u{FFFD}")
                if let last = diagnostics.last, last.range.upperBound == position {
                    diagnostics[diagnostics.count - 1].range = last.range.lowerBound..<(position + 1)
                } else {
                    diagnostics.append(
                        MushDiagnostic(
                            kind: .invalidUTF8, message: "invalid UTF-8 replaced by U+FFFD",
                            range: position..<(position + 1)))
                }
            case .emptyInput:
                break decoding
            }
        }
        var parser = Parser(scalars, diagnostics: diagnostics)
        return parser.parse()
    }

    /// Escapes every Mush marker character of plain text with a backslash, so that parsing the
    /// result gives the text back unchanged and with no attributes. ``MushDocument/mush()`` escapes
    /// only where needed; this is the blunt tool for text pasted into a template.
    public static func escapeAll(_ plain: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in plain.unicodeScalars {
            if scalar == "\\" || scalar == "{" || scalar == "}" || MushToken(character: scalar) != nil {
                result.append("\\")
            }
            result.append(scalar)
        }
        return String(result)
    }
}
