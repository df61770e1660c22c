import Mush

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension JSONValue {
    /// Reads one JSON text (RFC 8259; whitespace around it allowed) from UTF-8 bytes.
    ///
    /// Time and memory are linear in the input, and the stack is bounded: objects and arrays nest at
    /// most `MushLimits.jsonDepth` deep. Everything the input says is kept or refused, never
    /// changed: invalid UTF-8, a lone surrogate escape, a duplicate key and a number too large for a
    /// `Double` (`1e999`) are errors. An error says what is wrong and where: the JSON path of the
    /// value (`right[0].box.width: …`), or the line and column (in bytes) of a syntax error.
    public static func parse(_ bytes: some Collection<UInt8>) throws(RequestError) -> JSONValue {
        try parse(bytes, depthLimit: MushLimits.jsonDepth)
    }

    /// ``parse(_:)`` with objects and arrays nested at most `depthLimit` deep (a box tree nests
    /// deeper than other requests).
    package static func parse(_ bytes: some Collection<UInt8>, depthLimit: Int) throws(RequestError) -> JSONValue {
        let result: Result<JSONValue, RequestError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(RequestError) in try parse(buffer, depthLimit: depthLimit) }
        }
        if let result { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer throws(RequestError) in
            try parse(buffer, depthLimit: depthLimit)
        }
    }

    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, depthLimit: Int) throws(RequestError)
        -> JSONValue
    {
        var reader = JSONReader(bytes: buffer)
        reader.depthLimit = depthLimit
        reader.skipWhitespace()
        let value = try reader.value()
        reader.skipWhitespace()
        if reader.index < buffer.count {
            throw reader.syntaxError("unexpected \(reader.describeByte()) after the value")
        }
        return value
    }
}

/// A recursive-descent JSON reader over bytes. It keeps the path of the value it is reading, so that
/// an error inside a value can name it.
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// The keys and indices from the top to the value being read.
    var path = InputPath()
    /// How deep objects and arrays may nest, the outermost counting one.
    var depthLimit = MushLimits.jsonDepth

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func value() throws(RequestError) -> JSONValue {
        guard index < bytes.count else { throw syntaxError("the text ends where a value should start") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw syntaxError("expected a value, found \(describeByte())")
        }
    }

    mutating func enter() throws(RequestError) {
        // The path's length is the depth of the value being read; the container adds one.
        guard path.components.count < depthLimit else {
            // Not a syntax error: the JSON may be fine, only deeper than the reader takes.
            throw RequestError(
                "too deep: objects and arrays may nest at most \(depthLimit) levels, and one more starts at "
                    + location(of: index))
        }
    }

    mutating func object() throws(RequestError) -> JSONValue {
        var members: [String: JSONValue] = [:]
        if try opensEmpty(closedBy: UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw syntaxError(
                    index < bytes.count
                        ? "expected a key in quotes, found \(describeByte())" : "the text ends inside an object")
            }
            let keyStart = index
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw syntaxError(
                    index < bytes.count
                        ? "expected ':' after a key, found \(describeByte())" : "the text ends inside an object")
            }
            index += 1
            skipWhitespace()
            path.components.append(.key(key))
            let member = try value()
            path.components.removeLast()
            if members.updateValue(member, forKey: key) != nil {
                index = keyStart
                throw syntaxError(
                    "the key '\(Self.shortened(key))' appears twice in \(path.isEmpty ? "the object" : path.description)"
                )
            }
            if try closes(UInt8(ascii: "}"), "an object") { return .object(members) }
        }
    }

    mutating func array() throws(RequestError) -> JSONValue {
        var elements: [JSONValue] = []
        if try opensEmpty(closedBy: UInt8(ascii: "]")) { return .array(elements) }
        while true {
            skipWhitespace()
            path.components.append(.index(elements.count))
            elements.append(try value())
            path.components.removeLast()
            if try closes(UInt8(ascii: "]"), "an array") { return .array(elements) }
        }
    }

    /// Enters an object or an array at its opening bracket: true past `bracket` when it is empty.
    mutating func opensEmpty(closedBy bracket: UInt8) throws(RequestError) -> Bool {
        try enter()
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == bracket else { return false }
        index += 1
        return true
    }

    /// After a member of an object or an element of an array (`container`): true past the closing
    /// `bracket`, false past a comma.
    mutating func closes(_ bracket: UInt8, _ container: String) throws(RequestError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw syntaxError("the text ends inside \(container)") }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return false
        case bracket:
            index += 1
            return true
        default:
            throw syntaxError(
                "expected ',' or '\(Character(Unicode.Scalar(bracket)))' in \(container), found \(describeByte())")
        }
    }

    mutating func literal(_ word: String) throws(RequestError) {
        let count = word.utf8.count
        let matches =
            index + count <= bytes.count && zip(bytes[index..<(index + count)], word.utf8).allSatisfy { $0 == $1 }
        guard matches else { throw syntaxError("expected a value, found \(describeByte())") }
        index += count
    }

    /// A number as JSON writes it: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    mutating func number() throws(RequestError) -> Double {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw syntaxError("expected a digit, found \(describeByte())") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            index = integerStart
            throw syntaxError("a number may not start with 0 (write 12, not 012)")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw syntaxError("expected a digit after '.', found \(describeByte())") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw syntaxError("expected a digit in the exponent, found \(describeByte())") }
        }
        if let number = Self.exactly(UnsafeBufferPointer(rebasing: bytes[start..<index])) { return number }
        let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(token), number.isFinite else {
            throw RequestError(
                at: path.description, "\(Self.shortened(token)) is too large for a number (at most about 1.8e308)")
        }
        return number
    }

    /// The value of a number token without an exponent and of at most 15 digits (`304`,
    /// `-14.5`), else nil (then `Double(String)` reads it). Such digits make an integer below
    /// 2^53, exact as a `Double`, and at most 15 decimals divide it by a power of ten that is exact
    /// too; one IEEE division of two exact values is correctly rounded, so the result is the
    /// `Double` nearest the decimal, as `Double(String)` gives (Clinger's fast path). Most numbers
    /// of a request are such, and this skips making a `String` and the C library's `strtod`.
    static func exactly(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
        var digits: UInt64 = 0
        var count = 0
        var decimals = 0
        var seenPoint = false
        for (position, byte) in token.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // (More digits than the path takes: stop before they overflow the integer.)
                count += 1
                guard count <= 15 else { return nil }
                digits = digits * 10 + UInt64(byte - UInt8(ascii: "0"))
                if seenPoint { decimals += 1 }
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "-") where position == 0: break
            default: return nil // an exponent
            }
        }
        let magnitude = Double(digits) / powersOfTen[decimals]
        return token.first == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    /// 10⁰ to 10¹⁵, each exact as a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { (0..<$0).reduce(1) { product, _ in product * 10 } }

    /// The string of `bytes` when they are UTF-8, else nil. (`String(validating:as:)` is generic,
    /// and its validation is not specialized for a buffer: it was 2.6% of a measuring batch. The
    /// decoding of a buffer is: it replaces each invalid sequence with U+FFFD, so the string it
    /// makes has the same bytes only where there were none, U+FFFD being valid itself.)
    static func validated(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var string = String(decoding: bytes, as: UTF8.self)
        return string.withUTF8 { sameBytes($0, bytes) } ? string : nil
    }

    /// Whether `a` and `b` hold the same bytes (compared with memcmp: `elementsEqual` went byte by
    /// byte through the generic sequence).
    static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count, let left = a.baseAddress, let right = b.baseAddress else { return a.count == b.count }
        return memcmp(left, right, a.count) == 0
    }

    /// A string: escapes decoded, UTF-8 checked, control characters refused (JSON requires them
    /// escaped).
    mutating func string() throws(RequestError) -> String {
        index += 1
        let start = index
        // The common case: no escapes. Scan to the closing quote.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard let string = Self.validated(UnsafeBufferPointer(rebasing: bytes[start..<index])) else {
                    throw invalidUTF8(in: start..<index)
                }
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw syntaxError("a control character (U+00\(Self.hex(byte))) in a string must be escaped")
            }
            index += 1
        }
        // Escapes: decode into bytes.
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        var checkedUpTo = utf8.count
        func checkUTF8() throws(RequestError) {
            // The raw bytes copied since the last escape must be UTF-8 on their own.
            if utf8[checkedUpTo...].withUnsafeBufferPointer({ Self.validated($0) }) == nil {
                throw invalidUTF8(in: (index - (utf8.count - checkedUpTo))..<index)
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try checkUTF8()
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try checkUTF8()
                index += 1
                guard index < bytes.count else { throw syntaxError("the text ends inside a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): utf8.append(0x22)
                case UInt8(ascii: "\\"): utf8.append(0x5C)
                case UInt8(ascii: "/"): utf8.append(0x2F)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hexQuad()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw syntaxError(
                                "a high surrogate \\u\(String(scalar, radix: 16)) not followed by a low one")
                        }
                        index += 2
                        let low = try hexQuad()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw syntaxError(
                                "a high surrogate \\u\(String(scalar, radix: 16)) not followed by a low one")
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw syntaxError(
                            "a low surrogate \\u\(String(scalar, radix: 16)) without a high one before it")
                    }
                    utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                default:
                    index -= 2
                    throw syntaxError("unknown escape '\\\(Self.printable(escape))' in a string")
                }
                checkedUpTo = utf8.count
            default:
                if byte < 0x20 {
                    throw syntaxError("a control character (U+00\(Self.hex(byte))) in a string must be escaped")
                }
                utf8.append(byte)
                index += 1
            }
        }
        throw syntaxError("the text ends inside a string")
    }

    mutating func hexQuad() throws(RequestError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                throw syntaxError("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: - Errors

    /// The error for the first invalid UTF-8 sequence in `range`.
    func invalidUTF8(in range: Range<Int>) -> RequestError {
        var iterator = UnsafeBufferPointer(rebasing: bytes[range]).makeIterator()
        var decoder = UTF8()
        var offset = range.lowerBound
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput, .error:
                return RequestError(
                    at: path.description,
                    "invalid UTF-8 in a string (the byte \(Self.hex(bytes[offset])) at \(location(of: offset)))")
            }
        }
    }

    /// A syntax error at the reading position: `not JSON: … at column 12`.
    func syntaxError(_ problem: String) -> RequestError {
        RequestError("not JSON: \(problem) at \(location(of: index))")
    }

    /// "line 3, column 7": lines counted from 1 at line feeds, columns in bytes from 1 ("column 7"
    /// alone in a text of one line).
    func location(of offset: Int) -> String {
        // A text of one line (a batch's line, always) has only columns: "line 1" there would read
        // as the batch's first line.
        guard bytes.contains(0x0A) else { return "column \(offset + 1)" }
        var line = 1
        var lineStart = 0
        for position in 0..<min(offset, bytes.count) where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return "line \(line), column \(offset - lineStart + 1)"
    }

    /// The byte at the reading position for a message: `'x'`, `the byte C3`, or `the end`.
    func describeByte() -> String {
        guard index < bytes.count else { return "the end of the text" }
        let byte = bytes[index]
        return (0x21..<0x7F).contains(byte) ? "'\(Self.printable(byte))'" : "the byte \(Self.hex(byte))"
    }

    static func printable(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : hex(byte)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// At most 40 characters of `text`, for a message.
    static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
