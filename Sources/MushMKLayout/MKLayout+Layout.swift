import MushBox

extension MKLayout {
    /// Lays the layout out in the available `width` and `height` (a layout without a ``width`` or
    /// ``height`` takes the room given, as a layout takes its view's bounds), and returns its
    /// result: its children are the items' views and sublayouts, in order, with the frames the
    /// layout gives them; its paint's rules are the separators. Frames are rounded as `rounding`
    /// says.
    ///
    /// Throws `BoxError` naming the first bad value by its path (`items[3].padding.left`).
    public func layout(
        width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent, rounding: BoxRounding = .edges
    ) throws(BoxError) -> BoxLayout {
        try BoxEngine.layout(node(), width: width, height: height, rounding: rounding)
    }

    /// The layout as a node of the box engine, to lay out or to place among any vocabulary's nodes
    /// (an MGBox's boxes, a BoxView's item, a node's child). Its item boxes and separators are
    /// helper nodes that every layout drops (the views take the boxes' places, the separators
    /// become rules of the layout's paint); at the root of a layout, it fills the room given when
    /// it has no size of its own. Throws `BoxError` naming the first bad value by its path from
    /// this layout.
    public func node() throws(BoxError) -> BoxNode {
        try MKLowering.lower(self, named: "")
    }
}

/// A root layout without a size of its own takes the available room (a layout fills its view): a
/// pass of every layout's node, which runs at the root only.
struct MKFillsRoom: BoxPass {
    func prepare(_ root: inout BoxNode, width: AvailableSpace, height: AvailableSpace) {
        if root.style.width == .auto, case .points(let value) = width { root.style.width = .points(value) }
        if root.style.height == .auto, case .points(let value) = height { root.style.height = .points(value) }
    }
}
