import MushText

extension MeasureRequest {
    /// A `--batch` line read straight into a request, without building a ``JSONValue`` first: the
    /// batch's hot path. It reads only the common case, a well-formed object of known keys, each
    /// once, with values of the right types (ranges are checked after, as for any request); for
    /// anything else it returns nil and the general reader reads the line again and names the
    /// problem, so that errors are word for word those of the general reader.
    static func readDirectly(_ bytes: UnsafeBufferPointer<UInt8>) -> MeasureRequest? {
        var reader = JSONReader(bytes: bytes)
        var request = MeasureRequest(text: "")
        var seen: UInt32 = 0
        do throws(RequestError) {
            reader.skipWhitespace()
            guard reader.consume(UInt8(ascii: "{")) else { return nil }
            reader.skipWhitespace()
            if !reader.consume(UInt8(ascii: "}")) {
                repeat {
                    reader.skipWhitespace()
                    guard let field = reader.knownKey(keyBytes), seen & 1 << field == 0 else { return nil }
                    seen |= 1 << field
                    reader.skipWhitespace()
                    guard reader.consume(UInt8(ascii: ":")) else { return nil }
                    reader.skipWhitespace()
                    try request.read(keys[field], from: &reader)
                    reader.skipWhitespace()
                } while reader.consume(UInt8(ascii: ","))
                guard reader.consume(UInt8(ascii: "}")) else { return nil }
            }
            reader.skipWhitespace()
            guard reader.index == bytes.count, seen & 1 != 0 else { return nil } // text is key 0
            return request
        } catch {
            return nil
        }
    }

    /// The UTF-8 bytes of each of ``keys``, in their order.
    private static let keyBytes: [[UInt8]] = keys.map { Array($0.utf8) }

    /// What `read(_:from:)` throws for a value not of its field's type: the general reader reads the
    /// line again and names the problem.
    private static let notDirect = RequestError("not read directly")

    /// Reads the value of `key` into its field; throws when it is not of the field's type.
    private mutating func read(_ key: String, from reader: inout JSONReader) throws(RequestError) {
        func string() throws(RequestError) -> String {
            guard reader.peek == UInt8(ascii: "\"") else { throw Self.notDirect }
            return try reader.string()
        }
        func number() throws(RequestError) -> Double {
            guard let byte = reader.peek, byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) else {
                throw Self.notDirect
            }
            return try reader.number()
        }
        func keyword<Keyword: RawRepresentable<String>>() throws(RequestError) -> Keyword {
            guard let keyword = Keyword(rawValue: try string()) else { throw Self.notDirect }
            return keyword
        }
        switch key {
        case "text": text = try string()
        case "width":
            if reader.peek == UInt8(ascii: "n") {
                try reader.literal("null")
                width = nil
            } else {
                width = try number()
            }
        case "fontFamily": fontFamily = try string()
        case "fontSize": fontSize = try number()
        case "lineSpacing": lineSpacing = try number()
        case "maxLines":
            let value = try number()
            guard value >= 0, value.rounded() == value, value < 0x1p31 else { throw Self.notDirect }
            maxLines = Int(value)
        case "maxHeight": maxHeight = try number()
        case "ellipsize": ellipsize = try keyword()
        case "align": align = try keyword()
        case "language":
            textStyle.locale = try string()
        case "hyphens": textStyle.hyphens = try keyword()
        case "mush":
            switch reader.peek {
            case UInt8(ascii: "t"):
                try reader.literal("true")
                mush = true
            case UInt8(ascii: "f"):
                try reader.literal("false")
                mush = false
            default: throw Self.notDirect
            }
        default: throw Self.notDirect
        }
    }
}

extension JSONReader {
    /// The index in `keys` of the key string at the reading place, read past when it is one of
    /// them written without escapes; nil otherwise (the reader then stays where it was). The
    /// bytes are compared as they are: no string is made for a key.
    mutating func knownKey(_ keys: [[UInt8]]) -> Int? {
        guard peek == UInt8(ascii: "\"") else { return nil }
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        let key = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
        guard let field = keys.firstIndex(where: { $0.withUnsafeBufferPointer { Self.sameBytes($0, key) } }) else {
            return nil
        }
        index = end + 1
        return field
    }

    /// The byte at the reading place, or nil at the end.
    var peek: UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Steps over `byte` when it is next; false (not moving) when it is not.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }
}
