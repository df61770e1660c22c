import Mush

/// A box tree the engine will not lay out, with the path of the bad value from the root:
/// `children[2].children[0].width: must be a number from 0 to 1000000 points (it is -5)`.
public struct BoxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path of the node or value from the root (`children[2].width`); empty for the root itself.
    public var path: String
    /// What is wrong, as the end of a sentence.
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { path.isEmpty ? problem : path + ": " + problem }

    /// The deepest box tree the engine lays out: the root and 1,000 levels below it. (The engine and
    /// the JSON reader recurse once per level, and a deeper tree is more likely a mistake than a
    /// layout.)
    public static let maximumDepth = 1_000
}
