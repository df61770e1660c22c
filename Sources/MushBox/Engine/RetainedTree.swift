import MushBase

extension BoxEngine {
    /// A tree checked and flattened once, laid out as often as you like: at other sizes, or again.
    ///
    /// ``BoxEngine/layout(_:width:height:rounding:)`` validates the tree, copies it into the
    /// engine's arrays and then lays it out, on every call. A server that lays one template out at
    /// many widths does the first two once here:
    ///
    /// ```swift
    /// let card = try BoxEngine.RetainedTree(cardTree)
    /// let narrow = try card.layout(width: .points(280))
    /// let wide = try card.layout(width: .points(480))
    /// ```
    ///
    /// Every layout gives what ``BoxEngine/layout(_:width:height:rounding:)`` gives for the same
    /// tree and sizes. Between layouts the tree keeps the engine's buffers for it (about half a
    /// kilobyte a node, and a style for each distinct one: flex items, frames and caches) and its
    /// leaves' answers (a leaf answers by width alone). Thread-safe: layouts of one retained tree on
    /// several threads take turns; make a retained tree for each thread to lay out at once. A tree
    /// that vocabularies lowered (nodes with an origin or a result role: MGBox, MKLayout, BoxView)
    /// is laid out by the whole call each time, as its passes change the tree between layouts.
    public final class RetainedTree: Sendable {
        /// The tree as given.
        public let root: BoxNode
        private let deep: Bool
        /// The engine's arrays of the tree, used by one layout at a time; nil for a lowered tree.
        private let flattened: LockedValue<Flattened>?

        /// The engine's arrays of the tree (a class with buffers), reached only under the lock.
        private struct Flattened: @unchecked Sendable {
            let tree: LayoutTree
        }

        /// Validates `root` (throws ``BoxError`` as ``BoxNode/validate()`` does) and flattens it.
        public init(_ root: BoxNode) throws(BoxError) {
            let census = root.census(deeperThan: 32)
            let deep = census.isDeeper
            func prepare() throws(BoxError) -> LockedValue<Flattened>? {
                let tree = try LayoutTree(validating: root, count: census.count)
                return tree.origins.isEmpty && tree.roles.isEmpty ? LockedValue(Flattened(tree: tree)) : nil
            }
            self.root = root
            self.deep = deep
            flattened = try deep ? LargeStack.run(prepare) : prepare()
        }

        /// The tree laid out in the available `width` and `height`, rounded as `rounding` says:
        /// what ``BoxEngine/layout(_:width:height:rounding:)`` gives. Throws ``BoxError`` for an
        /// available size out of range.
        public func layout(
            width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent, rounding: BoxRounding = .edges
        ) throws(BoxError) -> BoxLayout {
            guard let flattened else {
                return try BoxEngine.layout(validated: root, width: width, height: height, rounding: rounding)
            }
            try BoxEngine.checkSpace(width: width, height: height)
            func run() -> BoxLayout {
                flattened.withLock { flat in
                    flat.tree.reset()
                    flat.tree.layoutRoot(space: Space(width, height))
                    return flat.tree.result(rounding: rounding)
                }
            }
            return deep ? LargeStack.run(run) : run()
        }
    }
}
