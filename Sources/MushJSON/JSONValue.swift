import Mush

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
    /// whole numbers as integers, slashes and non-ASCII characters as they are (`JSONText`'s
    /// rules).
    public var json: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the value's JSON to `output`, with `JSONText`, the package's one JSON writer.
    public func write(to output: inout String) {
        switch self {
        case .null:
            output += "null"
        case .bool(let bool):
            output += bool ? "true" : "false"
        case .number(let number):
            JSONText.number(number, to: &output)
        case .string(let string):
            JSONText.string(string, to: &output)
        case .array(let array):
            output += "["
            for (index, element) in array.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let object):
            JSONText.object(object.map { (key: $0.key, value: $0.value) }, to: &output) { value, output in
                value.write(to: &output)
            }
        }
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

extension JSONValue {
    /// This value with each of its strings (keys aside) replaced by what `transform` makes of it;
    /// `transform` also gets the string's place (an `InputPath`, `children[2].text`), steps kept as
    /// it goes and written only where asked for.
    func mappingStrings(_ transform: (String, _ place: () -> InputPath) -> String) -> JSONValue {
        var place = InputPath()
        func map(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let string):
                return .string(transform(string) { place })
            case .array(let values):
                return .array(
                    values.enumerated().map { index, element in
                        place.components.append(.index(index))
                        defer { place.components.removeLast() }
                        return map(element)
                    })
            case .object(let members):
                var result: [String: JSONValue] = [:]
                for (key, member) in members {
                    place.components.append(.key(key))
                    result[key] = map(member)
                    place.components.removeLast()
                }
                return .object(result)
            default:
                return value
            }
        }
        return map(self)
    }
}
