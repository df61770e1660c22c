import Foundation

/// A JSON value: as read, before its meaning is checked, so that the reader can walk the input
/// itself and name the path of every problem; and as written, for the JSON of a layout.
enum JSONValue: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Reads one JSON text (whitespace around it allowed).
    static func parse(_ data: Data) throws(RequestError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.debugDescription == notFinite {
            // Valid JSON, but a number a Double cannot hold (1e999).
            if context.codingPath.isEmpty { throw RequestError("not a JSON object") }
            throw RequestError("\(Self.path(context.codingPath)): \(notFinite)")
        } catch {
            throw RequestError("not JSON")
        }
    }

    private static let notFinite = "must be a finite number"

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Bool before Double, so that true is not read as 1.
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else {
            // An object or an array; a type mismatch at this level means "not this one", a problem
            // deeper down is the real error.
            let depth = decoder.codingPath.count
            func isMismatchHere(_ error: any Error) -> Bool {
                if case DecodingError.typeMismatch(_, let context) = error { return context.codingPath.count == depth }
                return false
            }
            do {
                self = .object(try container.decode([String: JSONValue].self))
            } catch where isMismatchHere(error) {
                do {
                    self = .array(try container.decode([JSONValue].self))
                } catch where isMismatchHere(error) {
                    // Neither: a number too large for a Double (1e999), which JSON allows.
                    throw DecodingError.dataCorrupted(.init(
                        codingPath: decoder.codingPath, debugDescription: Self.notFinite))
                }
            }
        }
    }

    /// The value on one line, keys sorted (by UTF-8 bytes, as `JSONEncoder`'s `.sortedKeys`),
    /// whole numbers as integers, slashes and non-ASCII characters as they are.
    var json: String {
        var output = ""
        write(to: &output)
        return output
    }

    func write(to output: inout String) {
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
    /// reads back the same (34.2890625, 1e-07). JSON has no infinities or NaN: they become null.
    static func number(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
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

    /// The result line of a `--batch` input line that failed: `{"error": message}` and a line break.
    static func errorLine(_ message: String) -> String {
        JSONValue.object(["error": .string(message)]).json + "\n"
    }

    /// What the value is, for "expected a number, not a string".
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A decoding path as the line reader writes it: `right[0].box.margin`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return path
    }
}
