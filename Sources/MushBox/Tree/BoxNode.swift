/// A node of a box tree: a style, and either children or a leaf (content the engine measures).
///
/// A value type: build a tree, lay it out with ``BoxEngine``, lay it out again at another size.
public struct BoxNode: Sendable {
    /// A name echoed in the node's result (``BoxLayout/id``).
    public var id: String?
    public var style: BoxStyle
    /// The boxes inside, in order (a leaf has none).
    public var children: [BoxNode]
    /// Content the engine asks for its size: text, a row, an image, or any ``BoxLeaf``.
    public var leaf: (any BoxLeaf)? {
        get { content?.leaf }
        set { content = NodeContent(leaf: newValue, arrangement: arrangement) }
    }
    /// How the box looks when drawn (background, borders, corners, shadow, paint order); the engine
    /// carries it to the node's result and never reads it. nil: nothing of its own is drawn.
    public var paint: BoxPaint? {
        get { sharedPaint?.paint }
        set { sharedPaint = newValue.map(SharedPaint.init) }
    }
    /// ``paint`` behind one reference: nodes are copied and walked often, and most have none.
    package var sharedPaint: SharedPaint?
    /// What the node's result becomes in its parent's: a vocabulary's lowering marks its helper
    /// nodes (a wrapper that only places its children, a rule drawn by its parent) so that the
    /// result holds the boxes its input named and no others. A vocabulary of your own
    /// (MushJSON's `BoxVocabulary`) may mark its helpers the same way.
    public var resultRole: ResultRole = .node
    /// How a vocabulary's input names the node and its children, and the passes that run around
    /// layout for it (``BoxPass``); nil for a node of the engine's own. Carried to its result.
    public var origin: BoxOrigin?

    /// A layout of your own that places the node's in-flow children in place of flexbox
    /// (``BoxArrangement``); nil: flexbox, as the style says. A leaf has none.
    public var arrangement: (any BoxArrangement)? {
        get { content?.arrangement }
        set { content = NodeContent(leaf: leaf, arrangement: newValue) }
    }

    /// ``leaf`` and ``arrangement`` behind one reference, nil when the node has neither (most
    /// nodes: each is 40 bytes inline, and asking whether one is there costs a call).
    package private(set) var content: NodeContent?

    /// A node's leaf and arrangement.
    package final class NodeContent: Sendable {
        package let leaf: (any BoxLeaf)?
        package let arrangement: (any BoxArrangement)?

        /// Both, or nil when there is neither.
        init?(leaf: (any BoxLeaf)?, arrangement: (any BoxArrangement)?) {
            guard leaf != nil || arrangement != nil else { return nil }
            self.leaf = leaf
            self.arrangement = arrangement
        }
    }

    /// What a node's result becomes in its parent's result (the public layouts apply the roles).
    public enum ResultRole: Sendable, Hashable {
        /// A result of its own.
        case node
        /// A wrapper that only places its children: they take its place among its siblings, moved
        /// by its position, and it is dropped.
        case lifted
        /// A rule of its parent's paint (``BoxPaint/rules``), filled with its background colour,
        /// and dropped.
        case rule
    }

    /// A box with `children`.
    public init(id: String? = nil, style: BoxStyle = BoxStyle(), paint: BoxPaint? = nil, children: [BoxNode] = []) {
        self.id = id
        self.style = style
        self.children = children
        // (The stored values set directly: through `paint`'s setter, the node was copied whole.)
        sharedPaint = paint.map(SharedPaint.init)
    }

    /// A leaf: `leaf` measured and placed by the engine, with `style` around it (padding, borders,
    /// sizes and limits apply to a leaf as to any box).
    public init(id: String? = nil, style: BoxStyle = BoxStyle(), paint: BoxPaint? = nil, leaf: any BoxLeaf) {
        self.id = id
        self.style = style
        self.children = []
        content = NodeContent(leaf: leaf, arrangement: nil)
        sharedPaint = paint.map(SharedPaint.init)
    }

    /// The number of nodes in the tree, this one included.
    public var count: Int {
        withUnsafePointer(to: self) { Self.count($0) }
    }

    /// ``count`` through pointers: iterating, or a subscript, would copy each child (its style is
    /// large) before asking it.
    private static func count(_ node: UnsafePointer<BoxNode>) -> Int {
        node.pointee.children.withUnsafeBufferPointer { children in
            var total = 1
            guard let first = children.baseAddress else { return total }
            for index in 0..<children.count { total += count(first + index) }
            return total
        }
    }
}

extension BoxNode {
    /// In one walk: the number of nodes in the tree down to ``BoxError/maximumDepth`` + 1 levels
    /// below this node (every node of a tree that can be valid, and the node that makes a deeper one
    /// invalid), and whether it has more than `levels` levels below this node.
    func census(deeperThan levels: Int) -> (count: Int, isDeeper: Bool) {
        var deepest = 0
        let count = withUnsafePointer(to: self) { Self.census($0, depth: 0, deepest: &deepest) }
        return (count, deepest > levels)
    }

    private static func census(_ node: UnsafePointer<BoxNode>, depth: Int, deepest: inout Int) -> Int {
        deepest = max(deepest, depth)
        guard depth <= BoxError.maximumDepth else { return 1 }
        return node.pointee.children.withUnsafeBufferPointer { children in
            var total = 1
            guard let first = children.baseAddress else { return total }
            for index in 0..<children.count { total += census(first + index, depth: depth + 1, deepest: &deepest) }
            return total
        }
    }
}
