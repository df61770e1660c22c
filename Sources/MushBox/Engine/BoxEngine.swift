import Mush

/// Lays out box trees: CSS Flexible Box Layout Level 1 plus absolute positioning, with leaves that
/// measure themselves.
public enum BoxEngine {
    /// Lays out `root` in the available `width` and `height`, and returns one result per node, in
    /// input order, rounded as `rounding` says (by default every edge to whole points in the root's
    /// coordinates, so that neighbours neither gap nor overlap). Throws ``BoxError`` for a tree that
    /// fails ``BoxNode/validate()``.
    public static func layout(
        _ root: BoxNode, width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent,
        rounding: BoxRounding = .edges
    ) throws(BoxError) -> BoxLayout {
        func layOut() throws(BoxError) -> BoxLayout {
            try root.validate()
            let layout = try layout(validated: root, width: width, height: height, rounding: rounding)
            // (A vocabulary's helpers, when there are any, take their places.)
            return layout.hasRoles ? layout.applyingRoles() : layout
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
        // (The thread the public call made serves here too.)
        if root.isDeeper(than: 32) {
            return LargeStack.run { laidOut(root, width: width, height: height).result(rounding: rounding) }
        }
        return laidOut(root, width: width, height: height).result(rounding: rounding)
    }
}

extension BoxEngine {
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
