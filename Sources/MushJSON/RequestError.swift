/// Bad input to a command (a `--batch` line of `mush measure`, the JSON of `mush line`), in one
/// sentence that names the JSON path of the bad value when there is one:
/// `right[0].box.margin.left: must be a number from 0 to 1000000 points (it is -1)`.
public struct RequestError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    /// The JSON path of the bad value, where the error was made with one (`children[2].width`);
    /// empty otherwise (the description may still name a path the error came with as text).
    public private(set) var path = ""
    /// The problem, without the path.
    public var problem: String {
        guard !path.isEmpty else { return description }
        let prefix = Self.shortened(path) + ": "
        return description.hasPrefix(prefix) ? String(description.dropFirst(prefix.count)) : description
    }

    public init(_ description: String) { self.description = description }

    /// `path: problem`, or the problem alone at the top level (an empty path).
    public init(at path: String, _ problem: String) {
        description = path.isEmpty ? problem : Self.shortened(path) + ": " + problem
        self.path = path
    }

    /// Two errors are the same where they say the same.
    public static func == (left: RequestError, right: RequestError) -> Bool { left.description == right.description }

    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// A path of more than 240 characters and 8 steps shown by its first and last three steps and
    /// its length, so that an error deep in a tree stays a short line:
    /// `children[0].children[0].children[0]. … .children[0].children[0].children[0] (1001 steps)`.
    static func shortened(_ path: String) -> String {
        guard path.utf8.count > 240 else { return path }
        let steps = path.split(separator: ".", omittingEmptySubsequences: false)
        guard steps.count > 8 else { return path }
        return steps.prefix(3).joined(separator: ".") + ". … ." + steps.suffix(3).joined(separator: ".")
            + " (\(steps.count) steps)"
    }
}

/// `items` as a message lists them: `a, b or c` (`a` alone; `and` where the list says so).
func listed(_ items: [String], _ conjunction: String = "or") -> String {
    guard let last = items.last, items.count > 1 else { return items.joined() }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
}
