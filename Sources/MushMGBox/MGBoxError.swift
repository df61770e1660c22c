/// A box tree MGBoxKit's rules cannot lay out, with the path of the bad value from the root, as
/// Swift names it (`boxes[3].margin.left`) and the JSON too: `boxes[3].attachedTo: no sibling box
/// "photo"`.
public struct MGBoxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path of the box or value from the root (`boxes[2].padding.top`); empty for the root itself.
    public var path: String
    /// What is wrong, as the end of a sentence.
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { path.isEmpty ? problem : path + ": " + problem }
}
