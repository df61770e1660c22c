/// Marks what a tagged PDF's page draws outside its structure as an artifact (ISO 32000-1, 14.8.2.2):
/// page backgrounds, the decorations of boxes that are no element, running headers and footers,
/// repeated table heads. Cairo 1.16 marks the content of structure elements (`BDC … EMC`) and
/// leaves the rest unmarked, which PDF/UA forbids; this wraps each graphics object drawn outside
/// any marked content (a path with its painting, a text object, an XObject, a shading, an inline
/// image) in `/Artifact BMC … EMC`. Paths that only clip (ended by `n`) and state operators draw
/// nothing and are left as they are.
enum PDFArtifacts {
    /// `content` (a page's content stream, decoded) with its unmarked graphics objects marked as
    /// artifacts; nil when it cannot be read as Cairo writes content (an unbalanced `EMC`, a string
    /// or an inline image cut short, a text object holding marked content).
    static func marked(_ content: [UInt8]) -> [UInt8]? {
        var spans: [Range<Int>] = []
        var depth = 0
        // Where the graphics object being read at depth 0 started: a path, or a text object.
        var pathStart: Int?
        var textStart: Int?
        var reader = ContentReader(content)
        while let operation = reader.next() {
            guard let operation = operation else { return nil }
            let name = operation.name
            switch name {
            case "BDC", "BMC":
                if textStart != nil, depth == 0 { return nil }
                depth += 1
                continue
            case "EMC":
                depth -= 1
                if depth < 0 { return nil }
                continue
            default:
                break
            }
            guard depth == 0 else { continue }
            if let start = textStart {
                if name == "ET" {
                    spans.append(start..<operation.range.upperBound)
                    textStart = nil
                }
                continue
            }
            switch name {
            case "BT":
                textStart = operation.range.lowerBound
            case "m", "l", "c", "v", "y", "h", "re", "W", "W*":
                if pathStart == nil { pathStart = operation.range.lowerBound }
            case "S", "s", "f", "F", "f*", "B", "B*", "b", "b*":
                spans.append((pathStart ?? operation.range.lowerBound)..<operation.range.upperBound)
                pathStart = nil
            case "n":
                pathStart = nil
            case "Do", "sh", "EI":
                spans.append(operation.range)
            default:
                break
            }
        }
        guard depth == 0, textStart == nil else { return nil }
        guard !spans.isEmpty else { return content }
        var marked: [UInt8] = []
        marked.reserveCapacity(content.count + spans.count * 20)
        var copied = 0
        for span in spans {
            marked += content[copied..<span.lowerBound]
            marked += Array("/Artifact BMC\n".utf8)
            marked += content[span]
            marked += Array("\nEMC\n".utf8)
            copied = span.upperBound
        }
        marked += content[copied...]
        return marked
    }
}

/// Reads a content stream's operations: each operator with where its operands start.
struct ContentReader {
    /// An operator (`re`, `Tj`, `BDC`; `EI` for a whole inline image) and the bytes from its first
    /// operand to its end.
    struct Operation {
        var name: String
        var range: Range<Int>
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        "()<>[]{}/%".utf8.contains(byte)
    }

    /// The next operation; nil at the end; `.some(nil)` when the content cannot be read.
    mutating func next() -> Operation?? {
        var start: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isSpace(byte) {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "%") {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                continue
            }
            let tokenStart = index
            switch byte {
            case UInt8(ascii: "("):
                guard skipString() else { return .some(nil) }
            case UInt8(ascii: "<"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") {
                    index += 2
                } else {
                    while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                    guard index < bytes.count else { return .some(nil) }
                    index += 1
                }
            case UInt8(ascii: ">"):
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { return .some(nil) }
                index += 2
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                index += 1
            case UInt8(ascii: "/"):
                index += 1
                while index < bytes.count, !Self.isSpace(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
            default:
                while index < bytes.count, !Self.isSpace(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
                let word = bytes[tokenStart..<index]
                let isNumber = word.allSatisfy {
                    ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
                        || $0 == UInt8(ascii: "+")
                }
                if !isNumber, word != Array("true".utf8)[...], word != Array("false".utf8)[...],
                    word != Array("null".utf8)[...]
                {
                    let name = String(decoding: word, as: UTF8.self)
                    if name == "BI" {
                        guard skipInlineImage() else { return .some(nil) }
                        return Operation(name: "EI", range: (start ?? tokenStart)..<index)
                    }
                    return Operation(name: name, range: (start ?? tokenStart)..<index)
                }
            }
            if start == nil { start = tokenStart }
        }
        return start == nil ? nil : .some(nil)
    }

    /// Moves past a literal string, its parentheses balanced and escapes honoured.
    private mutating func skipString() -> Bool {
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\\") {
                index += 1
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return true }
            }
        }
        return false
    }

    /// Moves past an inline image after `BI`: its entries to `ID`, one white-space byte, its data to
    /// an `EI` standing alone.
    private mutating func skipInlineImage() -> Bool {
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "I"), bytes[index + 1] == UInt8(ascii: "D"),
                Self.isSpace(bytes[index - 1]), index + 2 < bytes.count, Self.isSpace(bytes[index + 2])
            {
                index += 3
                break
            }
            index += 1
        }
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "E"), bytes[index + 1] == UInt8(ascii: "I"), Self.isSpace(bytes[index - 1]),
                index + 2 == bytes.count || Self.isSpace(bytes[index + 2]) || Self.isDelimiter(bytes[index + 2])
            {
                index += 2
                return true
            }
            index += 1
        }
        return false
    }
}
