/// What a box's own style says of its size, asked by every layout algorithm (flex, grid, absolute,
/// arranged, leaves) alike: the sizes it fixes (``styleKnown``), its limits with what an aspect
/// ratio carries across (``styleLimits``), how a ratio sizes a container one of whose sizes is
/// known (``ratioCarried``, for flex and grid containers alike) and the least width a ratio gives a
/// box out of flow with both sizes (``withRatioMinimum``). Rules an algorithm alone has stay with
/// it: a flex item's ratio through its flex basis (`FlexLayout`), a grid item's one-axis stretch
/// (`GridItems`), a leaf's content through its ratio (`LeafLayout`), insets against a ratio
/// (`AbsoluteLayout`, `GridItems`).
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

    /// A box's padding and border, summed across and down, their percentages against `base`.
    func paddingAndBorder(_ node: Int, base: Double?) -> Pair<Double> {
        let style = style(node)
        return (style.pointee.padding.resolveOrZero(base) + style.pointee.border.resolveOrZero(base)).sums
    }

    /// How an aspect ratio sizes a container one of whose border-box sizes is known (`known`), the
    /// one rule flex and grid containers share (css-sizing-4 §5.1, as Chromium applies it): the
    /// other axis takes the ratio's size within the box's limits, those the ratio carries across
    /// included, raised to its content's size in that axis where its automatic minimum is its
    /// content's (a minimum of `auto`, not a scroll container), which only its own limits cap; never
    /// below its padding and border. `content` answers that size, given whether the width is the
    /// size known and the ratio's sizes (nil: no floor); it is asked only where the floor applies.
    /// Nil where the ratio carries nothing: no ratio, or neither or both sizes known.
    func ratioCarried(
        _ node: Int, known: Known, parentSize: Known,
        content: (_ isWidthKnown: Bool, _ transferred: Known) -> Double?
    ) -> Known? {
        let style = style(node)
        guard let ratio = style.pointee.aspectRatio, (known.width == nil) != (known.height == nil) else { return nil }
        let paddingBorder = paddingAndBorder(node, base: parentSize.width)
        let boxSizing = style.pointee.boxSizing == .contentBox ? paddingBorder : Pair(0, 0)
        let transferred = known.transferringAspectRatio(
            ratio, contentBox: style.pointee.boxSizing == .contentBox, paddingBorder: paddingBorder)
        let isWidthKnown = known.width != nil
        let limits = styleLimits(style, against: parentSize, ratio: ratio, boxSizing: boxSizing)
        // (The known size stays as given: its limits were applied where it was found.)
        var sized = known
        if isWidthKnown {
            sized.height = transferred.height.maybeClamp(limits.min.height, limits.max.height)
                .maybeMax(paddingBorder.height)
        } else {
            sized.width = transferred.width.maybeClamp(limits.min.width, limits.max.width)
                .maybeMax(paddingBorder.width)
        }
        guard !style.pointee.overflow.isScrollContainer,
            (isWidthKnown ? style.pointee.minHeight : style.pointee.minWidth) == .auto,
            let floor = content(isWidthKnown, transferred)
        else { return sized }
        let own = styleLimits(style, against: parentSize, ratio: nil, boxSizing: boxSizing)
        if isWidthKnown {
            sized.height = sized.height.maybeMax(floor.clamp(own.min.height, own.max.height))
        } else {
            sized.width = sized.width.maybeMax(floor.clamp(own.min.width, own.max.width))
        }
        return sized
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
        let own = styleLimits(
            style, against: parentSize, ratio: nil,
            boxSizing: style.pointee.boxSizing == .contentBox
                ? paddingAndBorder(node, base: parentSize.width) : Pair(0, 0))
        return Known(max(width, content.clamp(nil, own.max.width)), known.height)
    }
}
