/// What a box's own style says of its size, asked by every layout algorithm (flex, absolute,
/// arranged, leaves) alike: the sizes it fixes, and its limits with what an aspect ratio carries
/// across. (The start of the shared sizing helpers issue 58 asks for: one place for each such rule.)
extension LayoutTree {
    /// The border-box size the node's own style fixes, where it does: a maximum at or below the
    /// minimum, else the style's size (only when its `sizing` is inherent) within its limits, never
    /// less than its padding and border.
    func styleKnown(_ node: Int, parentSize: Known, sizing: SizingMode) -> Known {
        let style = style(node)
        let padding = style.pointee.padding.resolveOrZero(parentSize.width)
        let border = style.pointee.border.resolveOrZero(parentSize.width)
        let paddingBorder = (padding + border).sums
        let boxSizing = style.pointee.boxSizing == .contentBox ? paddingBorder : Pair(0, 0)
        let size = BoxLength.resolve(style.pointee.width, style.pointee.height, against: parentSize)
        let (minSize, maxSize) = styleLimits(
            style, against: parentSize, ratio: style.pointee.aspectRatio, boxSizing: boxSizing)
        let clampedStyleSize =
            sizing == .inherentSize ? size.maybeAdd(boxSizing).maybeClamp(minSize, maxSize) : Known.none
        func fixed(_ low: Double?, _ high: Double?) -> Double? {
            if let low, let high, high <= low { return low }
            return nil
        }
        let minMaxSize = Known(fixed(minSize.width, maxSize.width), fixed(minSize.height, maxSize.height))
        return minMaxSize.or(clampedStyleSize).maybeMax(paddingBorder)
    }

    /// The minimum and maximum border-box sizes of a box of `style` whose percentages resolve
    /// against `base`, with what `ratio` (its aspect ratio, or nil where none carries) carries across
    /// (``Pair/withAspectRatioLimits(_:max:whereAuto:)``); `boxSizing` is what a content-box size
    /// adds to make a border-box one.
    func styleLimits(_ style: UnsafePointer<BoxStyle>, against base: Known, ratio: Double?, boxSizing: Pair<Double>)
        -> (min: Known, max: Known)
    {
        let limits = BoxLength.resolve(style.pointee.minWidth, style.pointee.minHeight, against: base)
            .withAspectRatioLimits(
                ratio, max: BoxLength.resolve(style.pointee.maxWidth, style.pointee.maxHeight, against: base),
                whereAuto: BoxLength.resolve(style.pointee.width, style.pointee.height, against: base))
        return (limits.min.maybeAdd(boxSizing), limits.max.maybeAdd(boxSizing))
    }
}
