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

    /// The sizes `known` of a box that is no flex or grid item (the root, an absolutely positioned
    /// box), with a width its style fixes raised to its min-content width where it has an aspect
    /// ratio and its height is known too: its automatic minimum width, css-sizing-4 §5.1, which
    /// Chromium gives such a box whenever its height is definite (capped by its own maximum width,
    /// not one its ratio transfers; none for a scroll container, a minimum of its own or a box
    /// with no content: no children, no leaf, no grid tracks).
    func withRatioMinimum(_ node: Int, known: Known, parentSize: Known, space: Space) -> Known {
        let style = style(node)
        guard style.pointee.aspectRatio != nil, let width = known.width, known.height != nil,
            style.pointee.width != .auto, style.pointee.minWidth == .auto, !style.pointee.overflow.isScrollContainer,
            leafIndex[node] >= 0 || !children(of: node).isEmpty || reads[node].contains(.grid)
        else { return known }
        let content = compute(
            node, known: .none, parentSize: parentSize, space: Space(.minContent, space.height), mode: .computeSize,
            sizing: .contentSize
        ).size.width
        let maximum = style.pointee.maxWidth.resolve(parentSize.width).map {
            $0
                + (style.pointee.boxSizing == .contentBox
                    ? (style.pointee.padding.resolveOrZero(parentSize.width)
                        + style.pointee.border.resolveOrZero(parentSize.width)).sums.width : 0)
        }
        return Known(max(width, content.clamp(nil, maximum)), known.height)
    }
}
