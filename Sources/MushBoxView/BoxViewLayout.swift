import MushBox

extension BoxView {
    /// Lays the BoxView and everything in it out in the available `width` and `height`, and returns
    /// one result per item, in order, as the result's `children` (a spacer's too); frames are
    /// rounded as `rounding` says.
    ///
    /// A BoxView without a ``width`` takes its items' width, no wider than an available `width`
    /// of points unless its items need more (so text wraps to it); the same goes for the height.
    ///
    /// Throws `BoxError` naming the first bad value by its path (`items[2].left: …`,
    /// `items[0].view.margin: …`).
    public func layout(
        width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent, rounding: BoxRounding = .edges
    ) throws(BoxError) -> BoxLayout {
        try BoxEngine.layout(try node(), width: width, height: height, rounding: rounding)
    }
}
