/// Lays out box trees: CSS Flexible Box Layout Level 1 plus absolute positioning, with leaves that
/// measure themselves.
public enum BoxEngine {
    /// Lays out `root` in the available `width` and `height`, and returns one result per node, in
    /// input order. With `rounding`, edges are rounded to whole points in the root's coordinates, so
    /// that neighbours neither gap nor overlap. Throws ``BoxError`` for a tree that fails
    /// ``BoxNode/validate()``.
    public static func layout(
        _ root: BoxNode, width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent,
        rounding: Bool = true
    ) throws(BoxError) -> BoxLayout {
        try root.validate()
        throw BoxError(path: "", problem: "the engine is being written")
    }
}
