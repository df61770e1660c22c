import Mush
import MushBase

/// Lays out box trees: CSS Flexible Box Layout Level 1 plus absolute positioning, with leaves that
/// measure themselves.
public enum BoxEngine {
    /// `root` laid out `width` points wide, and as wide as that unless its style sets a width of its
    /// own: a page's body, its running header and footer and its notes fill the page's content as
    /// CSS's page area and margin boxes do.
    public static func layout(_ root: BoxNode, filling width: Double, rounding: BoxRounding = .edges)
        throws(BoxError) -> BoxLayout
    {
        var root = root
        if root.style.width == .auto { root.style.width = .points(width) }
        return try layout(root, width: .points(width), rounding: rounding)
    }

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
        let census = root.census(deeperThan: 32)
        func layOut() throws(BoxError) -> BoxLayout {
            // A tree's problems come before the space's.
            do { try checkSpace(width: width, height: height) } catch {
                try root.validate()
                throw error
            }
            // A vocabulary's passes see only a valid tree; a tree of the engine's own is checked as
            // it is flattened.
            guard root.origin == nil else {
                try root.validate()
                return withPasses(root, width: width, height: height, rounding: rounding)
            }
            let tree = try LayoutTree(validating: root, count: census.count)
            return laidOut(tree, root, width: width, height: height, rounding: rounding)
        }
        // Deep trees recurse deeply, validation too: on a thread with room for it.
        return try census.isDeeper ? LargeStack.run(layOut) : layOut()
    }

    /// As ``layout(_:width:height:rounding:)``, for a tree already validated (a request validates
    /// the tree as it reads it): only the available space is checked.
    package static func layout(
        validated root: BoxNode, width: AvailableSpace, height: AvailableSpace, rounding: BoxRounding
    ) throws(BoxError) -> BoxLayout {
        try checkSpace(width: width, height: height)
        let census = root.census(deeperThan: 32)
        func run() -> BoxLayout {
            guard root.origin == nil else { return withPasses(root, width: width, height: height, rounding: rounding) }
            return laidOut(
                LayoutTree(root, count: census.count), root, width: width, height: height, rounding: rounding)
        }
        // (The thread the public call made serves here too.)
        return !LargeStack.isCurrent && census.isDeeper ? LargeStack.run(run) : run()
    }

    /// Throws for an available width or height out of range.
    static func checkSpace(width: AvailableSpace, height: AvailableSpace) throws(BoxError) {
        for (space, key) in [(width, "width"), (height, "height")] {
            if case .points(let value) = space, MushLimits.problem(value, in: MushLimits.length) != nil {
                throw BoxError(path: "", problem: "the available \(key) must be a number from 0 to 1000000 points")
            }
        }
    }

    /// The one sequence of every layout: the root's passes prepare it, the tree is laid out, passes
    /// that need an exact layout adjust their nodes from that one and the tree is laid out again,
    /// passes finish their results (children before parents), and the helper nodes' roles are
    /// applied. Whether any node has an origin or a role is read off the flattened tree, so a tree
    /// of the engine's own costs no walk of its own.
    private static func withPasses(
        _ root: BoxNode, width: AvailableSpace, height: AvailableSpace, rounding: BoxRounding
    ) -> BoxLayout {
        var root = root
        for pass in root.origin?.passes ?? [] { pass.prepare(&root, width: width, height: height) }
        return laidOut(LayoutTree(root), root, width: width, height: height, rounding: rounding)
    }

    /// The layout of `first`, the flattened `root`, and what its vocabularies' passes and roles
    /// make of it (the second half of ``withPasses(_:width:height:rounding:)``).
    private static func laidOut(
        _ first: LayoutTree, _ root: BoxNode, width: AvailableSpace, height: AvailableSpace, rounding: BoxRounding
    ) -> BoxLayout {
        var root = root
        first.layoutRoot(space: Space(width, height))
        if first.origins.isEmpty, first.roles.isEmpty { return first.result(rounding: rounding) }
        var layout: BoxLayout
        if first.origins.values.contains(where: { $0.passes.contains { $0.needsExactLayout } }) {
            root.adjust(from: first.result(rounding: .exact))
            layout = laidOut(root, width: width, height: height).result(rounding: rounding)
        } else {
            layout = first.result(rounding: rounding)
        }
        if !first.origins.isEmpty { withUnsafePointer(to: root) { layout.finish($0) } }
        return first.roles.isEmpty ? layout : layout.applyingRoles()
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
        return root.census(deeperThan: 32).isDeeper ? LargeStack.run(run) : run()
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
    /// (The nodes are read through pointers: a node handed down by value was copied, every reference
    /// in it retained, for each node of the tree.)
    fileprivate mutating func finish(_ node: UnsafePointer<BoxNode>) {
        node.pointee.children.withUnsafeBufferPointer { nodes in
            guard let first = nodes.baseAddress else { return }
            for index in children.indices where index < nodes.count { children[index].finish(first + index) }
        }
        guard let passes = node.pointee.origin?.passes else { return }
        for pass in passes { pass.finish(&self, node: node.pointee) }
    }
}
