import Mush

/// Lays out box trees: CSS Flexible Box Layout Level 1 plus absolute positioning, with leaves that
/// measure themselves.
public enum BoxEngine {
    /// Lays out `root` in the available `width` and `height`, and returns one result per node, in
    /// input order, rounded as `rounding` says (by default every edge to whole points in the root's
    /// coordinates, so that neighbours neither gap nor overlap). Throws ``BoxError`` for a tree that
    /// fails ``BoxNode/validate()``.
    ///
    /// A tree that vocabularies lowered (nodes with a ``BoxNode/origin``) has their passes run
    /// (``BoxPass``) and their helper nodes' roles applied: every public layout goes through here.
    public static func layout(
        _ root: BoxNode, width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent,
        rounding: BoxRounding = .edges
    ) throws(BoxError) -> BoxLayout {
        func layOut() throws(BoxError) -> BoxLayout {
            try root.validate()
            return try layout(validated: root, width: width, height: height, rounding: rounding)
        }
        // Deep trees recurse deeply, validation too: on a thread with room for it.
        return try root.isDeeper(than: 32) ? LargeStack.run(layOut) : layOut()
    }

    /// As ``layout(_:width:height:rounding:)``, for a tree already validated (a request validates
    /// the tree as it reads it): only the available space is checked.
    package static func layout(
        validated root: BoxNode, width: AvailableSpace, height: AvailableSpace, rounding: BoxRounding
    ) throws(BoxError) -> BoxLayout {
        for (space, key) in [(width, "width"), (height, "height")] {
            if case .points(let value) = space, MushLimits.problem(value, in: MushLimits.length) != nil {
                throw BoxError(path: "", problem: "the available \(key) must be a number from 0 to 1000000 points")
            }
        }
        func run() -> BoxLayout { withPasses(root, width: width, height: height, rounding: rounding) }
        // (The thread the public call made serves here too.)
        return root.isDeeper(than: 32) ? LargeStack.run(run) : run()
    }

    /// The one sequence of every layout: the root's passes prepare it, passes that need a first
    /// exact layout adjust their nodes from it, the tree is laid out, passes finish their results
    /// (children before parents), and the helper nodes' roles are applied.
    private static func withPasses(
        _ root: BoxNode, width: AvailableSpace, height: AvailableSpace, rounding: BoxRounding
    ) -> BoxLayout {
        let passes = root.passCounts
        guard passes.any else { return laidOut(root, width: width, height: height).result(rounding: rounding) }
        var root = root
        for pass in root.origin?.passes ?? [] { pass.prepare(&root, width: width, height: height) }
        if passes.exact {
            let exact = laidOut(root, width: width, height: height).result(rounding: .exact)
            root.adjust(from: exact)
        }
        var layout = laidOut(root, width: width, height: height).result(rounding: rounding)
        layout.finish(root)
        return layout.hasRoles ? layout.applyingRoles() : layout
    }
}

extension BoxEngine {
    /// The result of a validated tree as the engine gives it, before any pass runs or any role is
    /// applied (vocabularies' helper nodes still in it): for tests that compare lowered styles with
    /// another engine.
    package static func rawLayout(
        _ root: BoxNode, width: AvailableSpace, height: AvailableSpace, rounding: BoxRounding
    ) -> BoxLayout {
        func run() -> BoxLayout { laidOut(root, width: width, height: height).result(rounding: rounding) }
        return root.isDeeper(than: 32) ? LargeStack.run(run) : run()
    }

    /// The laid-out tree, before its results are built (for tests that look inside).
    static func laidOut(
        _ root: BoxNode, width: AvailableSpace, height: AvailableSpace, usesCache: Bool = true
    ) -> LayoutTree {
        let tree = LayoutTree(root)
        tree.usesCache = usesCache
        tree.layoutRoot(space: Space(width, height))
        return tree
    }
}

extension BoxNode {
    /// Whether any node of the tree has an origin or a role (then the passes' walks and the roles'
    /// run), and whether any pass needs a first exact layout.
    fileprivate var passCounts: (any: Bool, exact: Bool) {
        var any = origin != nil || resultRole != .node
        var exact = origin?.passes.contains { $0.needsExactLayout } ?? false
        // Through a buffer: iterating would copy each child (its style is large).
        children.withUnsafeBufferPointer { children in
            for index in children.indices {
                let counts = children[index].passCounts
                any = any || counts.any
                exact = exact || counts.exact
            }
        }
        return (any, exact)
    }

    /// Runs the adjusting passes of this node and those below it, each with its node's result in
    /// `exact` (the unrounded result of this very tree, before its roles).
    fileprivate mutating func adjust(from exact: BoxLayout) {
        if let passes = origin?.passes {
            for pass in passes where pass.needsExactLayout { pass.adjust(&self, exact: exact) }
        }
        for index in children.indices where index < exact.children.count {
            children[index].adjust(from: exact.children[index])
        }
    }
}

extension BoxLayout {
    /// Runs the finishing passes of `node`'s subtree on this result (the node's, before roles),
    /// children before parents.
    fileprivate mutating func finish(_ node: BoxNode) {
        node.children.withUnsafeBufferPointer { nodes in
            for index in children.indices where index < nodes.count { children[index].finish(nodes[index]) }
        }
        for pass in node.origin?.passes ?? [] { pass.finish(&self, node: node) }
    }
}
