import Mush

/// A JSON object at a path, with only known keys, and typed access to its members.
struct JSONObject {
    let members: [String: JSONValue]
    /// Where the object is; empty at the top level.
    let path: String

    init(_ value: JSONValue, at path: String, keys: [String]) throws(RequestError) {
        try self.init(value, at: path) { keys.contains($0) }
    }

    /// An object whose keys are among a large set (a node's: about a hundred), each key found by
    /// its hash rather than by going through the list.
    init(_ value: JSONValue, at path: String, keys: Set<String>) throws(RequestError) {
        try self.init(value, at: path) { keys.contains($0) }
    }

    private init(_ value: JSONValue, at path: String, knows: (String) -> Bool) throws(RequestError) {
        guard case .object(let members) = value else {
            throw RequestError(at: path, "expected an object, not \(value.kindName)")
        }
        // The first unknown key in sorted order, so that the error does not depend on the order of
        // a dictionary's keys (sorted only when there is one).
        if !members.keys.allSatisfy(knows), let unknown = members.keys.sorted().first(where: { !knows($0) }) {
            throw RequestError(path.isEmpty ? "unknown key '\(unknown)'" : "unknown key '\(unknown)' in \(path)")
        }
        self.members = members
        self.path = path
    }

    subscript(key: String) -> JSONValue? { members[key] }

    /// The path of a member.
    func path(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func missing(_ key: String) -> RequestError {
        RequestError(path.isEmpty ? "missing key '\(key)'" : "missing key '\(key)' in \(path)")
    }

    func wrongType(_ key: String, expected: String) -> RequestError {
        RequestError(at: path(key), "expected \(expected), not \(members[key]!.kindName)")
    }

    /// A number (JSON numbers are always finite once read).
    func number(_ key: String) throws(RequestError) -> Double? {
        guard let value = members[key] else { return nil }
        guard case .number(let number) = value, number.isFinite else { throw wrongType(key, expected: "a number") }
        return number
    }

    /// A number in `range`.
    func number(_ key: String, in range: ClosedRange<Double>, unit: String = "points") throws(RequestError) -> Double? {
        guard let number = try number(key) else { return nil }
        if let problem = MushLimits.problem(number, in: range, unit: unit) {
            throw RequestError(at: path(key), problem)
        }
        return number
    }

    /// A length in points: 0 to `MushLimits/length`.
    func size(_ key: String) throws(RequestError) -> Double? {
        try number(key, in: MushLimits.length)
    }

    /// A whole number, 0 or more (a count).
    func count(_ key: String) throws(RequestError) -> Int? {
        guard let number = try number(key) else { return nil }
        guard number >= 0, number.rounded() == number, number < 0x1p31 else {
            throw RequestError(
                at: path(key), "must be a whole number from 0 to \(Int32.max) (it is \(MushLimits.format(number)))")
        }
        return Int(number)
    }

    func bool(_ key: String) throws(RequestError) -> Bool? {
        guard let value = members[key] else { return nil }
        guard case .bool(let bool) = value else { throw wrongType(key, expected: "true or false") }
        return bool
    }

    func string(_ key: String) throws(RequestError) -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let string) = value else { throw wrongType(key, expected: "a string") }
        return string
    }

    /// A Mush hex colour: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`.
    func color(_ key: String) throws(RequestError) -> MushColor? {
        guard let string = try string(key) else { return nil }
        guard let color = MushColor(hex: string) else { throw Self.notAColour(shown: string, at: path(key)) }
        return color
    }

    /// The error for a string at `path` that is not a colour, `shown` as the message gives it.
    static func notAColour(shown: String, at path: String) -> RequestError {
        RequestError(at: path, "'\(shown)' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)")
    }

    /// One of an enumeration's names.
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String) throws(RequestError) -> Choice?
    where Choice.RawValue == String {
        guard let string = try string(key) else { return nil }
        guard let choice = Choice(rawValue: string) else {
            throw RequestError(at: path(key), "must be \(listed(Choice.allCases.map(\.rawValue))) (it is '\(string)')")
        }
        return choice
    }

    /// The array member `key` (nil when left out), each element read by `element` at its path
    /// (`items[2]`); `expected` names what the array holds in the error for another type
    /// (`an array of items`).
    func array<Element>(
        _ key: String, expected: String = "an array",
        _ element: (JSONValue, String) throws(RequestError) -> Element
    ) throws(RequestError) -> [Element]? {
        guard let value = members[key] else { return nil }
        guard case .array(let values) = value else { throw wrongType(key, expected: expected) }
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        let path = path(key)
        for (index, value) in values.enumerated() {
            elements.append(try element(value, "\(path)[\(index)]"))
        }
        return elements
    }

    /// Four edges in points: an object of some of `top`, `right`, `bottom` and `left` (the others
    /// 0), or, where `oneNumber`, one number for all four; each in `range`. nil when left out. The
    /// one reader of every padding, margin and inset in points (`mush line`'s take objects only).
    func edges(_ key: String, in range: ClosedRange<Double> = MushLimits.length, oneNumber: Bool = true)
        throws(RequestError) -> BoxEdges<Double>?
    {
        guard let value = members[key] else { return nil }
        if oneNumber {
            switch value {
            case .number: return BoxEdges(try number(key, in: range)!)
            case .object: break
            default:
                throw wrongType(key, expected: "a number or an object of some of top, right, bottom and left")
            }
        }
        let edges = try JSONObject(value, at: path(key), keys: ["top", "right", "bottom", "left"])
        return BoxEdges(
            top: try edges.number("top", in: range) ?? 0, right: try edges.number("right", in: range) ?? 0,
            bottom: try edges.number("bottom", in: range) ?? 0, left: try edges.number("left", in: range) ?? 0)
    }

    /// An offset: `{"x", "y"}`, each within `MushLimits.offset` (0 when left out); nil when the
    /// member is.
    func offset(_ key: String) throws(RequestError) -> BoxOffset? {
        guard let value = members[key] else { return nil }
        let point = try JSONObject(value, at: path(key), keys: ["x", "y"])
        return BoxOffset(
            x: try point.number("x", in: MushLimits.offset) ?? 0, y: try point.number("y", in: MushLimits.offset) ?? 0)
    }
}
