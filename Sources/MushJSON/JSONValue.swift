/// A JSON value: as read (``parse(_:)``), before its meaning is checked, so that the request
/// readers can walk the input themselves and name the path of every problem; and as written, for
/// the JSON of a result.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value on one line, keys sorted (by UTF-8 bytes, as `JSONEncoder`'s `.sortedKeys`),
    /// whole numbers as integers, slashes and non-ASCII characters as they are.
    public var json: String {
        var output = ""
        write(to: &output)
        return output
    }

    public func write(to output: inout String) {
        switch self {
        case .null:
            output += "null"
        case .bool(let bool):
            output += bool ? "true" : "false"
        case .number(let number):
            output += Self.number(number)
        case .string(let string):
            Self.write(string, to: &output)
        case .array(let array):
            output += "["
            for (index, element) in array.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (index, key) in object.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { output += "," }
                Self.write(key, to: &output)
                output += ":"
                object[key]!.write(to: &output)
            }
            output += "}"
        }
    }

    /// Whole numbers as integers (16, not 16.0; 0, not -0); others in Swift's shortest form that
    /// reads back the same (34.2890625, 1e-07). JSON has no infinities or NaN: results are checked
    /// with ``firstNonFinitePath`` before they are written, and one that slips through is written
    /// as 0 rather than as invalid JSON.
    static func number(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        if number.rounded() == number, abs(number) < 0x1p53 { return String(Int64(number)) }
        return number.description
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    static func write(_ string: String, to output: inout String) {
        output += "\""
        guard string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            output += string
            output += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// The path of the first number that is not finite (`items[2].frame.x`), or nil when every
    /// number is finite. Results are checked with it before they are written: a result JSON cannot
    /// hold is an error, never `null` or a wrong number.
    public var firstNonFinitePath: String? {
        switch self {
        case .number(let number):
            return number.isFinite ? nil : ""
        case .array(let array):
            for (index, element) in array.enumerated() {
                if let path = element.firstNonFinitePath { return "[\(index)]" + path }
            }
            return nil
        case .object(let object):
            for key in object.keys.sorted() {
                if let path = object[key]!.firstNonFinitePath { return "." + key + path }
            }
            return nil
        case .null, .bool, .string:
            return nil
        }
    }

    /// The value on one line, or an error naming the first number that is not finite.
    public func checkedJSON() throws(RequestError) -> String {
        if let path = firstNonFinitePath {
            let name = path.hasPrefix(".") ? String(path.dropFirst()) : path
            throw RequestError("the result is out of range: \(name) is not a finite number")
        }
        return json
    }

    /// The result line of a `--batch` input line that failed: `{"error": message}` and a line break.
    public static func errorLine(_ message: String) -> String {
        JSONValue.object(["error": .string(message)]).json + "\n"
    }

    /// What the value is, for "expected a number, not a string".
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
