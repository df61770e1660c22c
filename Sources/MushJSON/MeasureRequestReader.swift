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
                    guard reader.peek == UInt8(ascii: "\"") else { return nil }
                    let key = try reader.string()
                    guard let field = keys.firstIndex(of: key), seen & 1 << field == 0 else { return nil }
                    seen |= 1 << field
                    reader.skipWhitespace()
                    guard reader.consume(UInt8(ascii: ":")) else { return nil }
                    reader.skipWhitespace()
                    guard try request.read(key, from: &reader) else { return nil }
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

    /// Reads the value of `key` into its field; false when it is not of the field's type.
    private mutating func read(_ key: String, from reader: inout JSONReader) throws(RequestError) -> Bool {
        func string() throws(RequestError) -> String? {
            reader.peek == UInt8(ascii: "\"") ? try reader.string() : nil
        }
        func number() throws(RequestError) -> Double? {
            guard let byte = reader.peek, byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) else { return nil }
            return try reader.number()
        }
        switch key {
        case "text":
            guard let value = try string() else { return false }
            text = value
        case "width":
            if reader.peek == UInt8(ascii: "n") {
                try reader.literal("null")
                width = nil
            } else {
                guard let value = try number() else { return false }
                width = value
            }
        case "fontFamily":
            guard let value = try string() else { return false }
            fontFamily = value
        case "fontSize":
            guard let value = try number() else { return false }
            fontSize = value
        case "lineSpacing":
            guard let value = try number() else { return false }
            lineSpacing = value
        case "maxLines":
            guard let value = try number(), value >= 0, value.rounded() == value, value < 0x1p31 else { return false }
            maxLines = Int(value)
        case "maxHeight":
            guard let value = try number() else { return false }
            maxHeight = value
        case "ellipsize":
            guard let value = try string().flatMap(ParagraphStyle.Ellipsize.init(rawValue:)) else { return false }
            ellipsize = value
        case "align":
            guard let value = try string().flatMap(ParagraphStyle.Alignment.init(rawValue:)) else { return false }
            align = value
        case "mush":
            switch reader.peek {
            case UInt8(ascii: "t"):
                try reader.literal("true")
                mush = true
            case UInt8(ascii: "f"):
                try reader.literal("false")
                mush = false
            default: return false
            }
        default:
            return false
        }
        return true
    }
}

extension JSONReader {
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
