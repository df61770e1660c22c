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
        var root = try MKLowering.lower(self, named: "")
        MKLowering.fill(&root, width: width, height: height)
        return try BoxEngine.layout(root, width: width, height: height, rounding: rounding)
    }
}

extension MKLowering {
    /// Gives a root layout without a size of its own the available room (a layout fills its view).
    package static func fill(_ root: inout BoxNode, width: AvailableSpace, height: AvailableSpace) {
        if root.style.width == .auto, case .points(let value) = width { root.style.width = .points(value) }
        if root.style.height == .auto, case .points(let value) = height { root.style.height = .points(value) }
    }
}
