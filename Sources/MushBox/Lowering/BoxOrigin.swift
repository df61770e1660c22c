/// What a vocabulary's lowering says about an engine node it made: how the input names the node
/// and its children, and the passes that run around layout for it. The engine carries it from the
/// node (``BoxNode/origin``) to the node's result (``BoxLayout/origin``) untouched, so that a pass,
/// an answer or a warning reaches the node the input named however the nodes around it were
/// wrapped, lifted or nested (the article <doc:Lowering> tells the whole stage).
///
/// A node without an origin is named `children[i]` in its parent, and has no passes.
public final class BoxOrigin: Sendable {
    /// The node's name in its parent's input (`items[2].view`); nil: as its parent's
    /// ``childNaming`` says.
    public let step: InputPath?
    /// How the input names the node's children (nil: `children[i]`).
    public let childNaming: ChildNaming?
    /// What runs around layout for this node, in order.
    public let passes: [any BoxPass]

    public init(step: InputPath? = nil, childNaming: ChildNaming? = nil, passes: [any BoxPass] = []) {
        self.step = step
        self.childNaming = childNaming
        self.passes = passes
    }

    /// How a vocabulary names a node's children in its input.
    public enum ChildNaming: Sendable, Hashable {
        /// `key[i]`: MGBoxKit's `boxes[2]`.
        case key(String)
        /// `key[i].then`: BoxView's `items[2].view`.
        case keyThen(String, String)
        /// The keys of consecutive runs of children, each counted from 0: a table section's
        /// `topLines[0]`, `middleLines[0]`, `bottomLines[0]` (a child past the runs is `children[i]`).
        case runs([Run])

        /// A run of `count` children named `key[0]` to `key[count - 1]`.
        public struct Run: Sendable, Hashable {
            public var key: String
            public var count: Int

            public init(key: String, count: Int) {
                self.key = key
                self.count = count
            }
        }

        /// The name of the child at `index`.
        public func name(_ index: Int) -> InputPath {
            switch self {
            case .key(let key): return .element(index, of: key)
            case .keyThen(let key, let then): return [.key(key), .index(index), .key(then)]
            case .runs(let runs):
                var first = 0
                for run in runs {
                    if index < first + run.count { return .element(index - first, of: run.key) }
                    first += run.count
                }
                return .element(index, of: "children")
            }
        }
    }

    /// This origin with `step` as the node's name (the passes and child naming kept).
    public func named(_ step: InputPath) -> BoxOrigin {
        BoxOrigin(step: step, childNaming: childNaming, passes: passes)
    }
}

/// Work a vocabulary needs done around layout for one node, beyond what styles say: what the engine
/// runs, in this order, for every node whose ``BoxOrigin`` lists it, in every public layout
/// (``BoxEngine``'s, and each vocabulary's, which go through it):
///
/// 1. ``prepare(_:width:height:)``, for the root only, given the available room (an
///    MKLayoutLibrary layout without a size fills its view);
/// 2. when any pass ``needsExactLayout``: a first layout without rounding, then
///    ``adjust(_:exact:)`` with the node's result there (MGBoxKit's attached boxes go to their
///    targets' origins), then the layout that counts;
/// 3. ``finish(_:node:)`` on the node's result (a scroll view's content size counts its boxes'
///    margins), children before parents;
/// 4. then the helper nodes' roles (lifted wrappers, rules) are applied.
///
/// Every requirement has a default that does nothing.
public protocol BoxPass: Sendable {
    /// Changes the root node before layout, given the available room.
    func prepare(_ node: inout BoxNode, width: AvailableSpace, height: AvailableSpace)
    /// Whether ``adjust(_:exact:)`` needs a first, unrounded layout.
    var needsExactLayout: Bool { get }
    /// Changes the node (its children's styles, say) from its result in a first, unrounded layout.
    func adjust(_ node: inout BoxNode, exact: BoxLayout)
    /// Changes the node's result after layout, given the node.
    func finish(_ result: inout BoxLayout, node: BoxNode)
}

extension BoxPass {
    public func prepare(_ node: inout BoxNode, width: AvailableSpace, height: AvailableSpace) {}
    public var needsExactLayout: Bool { false }
    public func adjust(_ node: inout BoxNode, exact: BoxLayout) {}
    public func finish(_ result: inout BoxLayout, node: BoxNode) {}
}

extension BoxLayout {
    /// How the input names the result at `path` (child indices from this result, after roles):
    /// each step is its node's ``BoxOrigin/step``, or its parent's ``BoxOrigin/childNaming``, or
    /// `children[i]`, joined with dots (`boxes[1].items[0].view`); empty for this result itself.
    /// An index past the children ends the name there.
    public func inputPath(of path: some Sequence<Int>) -> InputPath {
        var name = InputPath()
        var current = self
        for index in path {
            guard current.children.indices.contains(index) else { break }
            let child = current.children[index]
            name =
                name
                + (child.origin?.step ?? current.origin?.childNaming?.name(index) ?? .element(index, of: "children"))
            current = child
        }
        return name
    }

}
