/// Absolutely positioned children: out of flow, placed by their insets against the container's
/// padding box, or at their static position (where the container's alignment would put a lone item).
extension LayoutTree {
    /// Lays out and places the absolutely positioned children of `node`; returns their extent.
    func absoluteLayout(_ node: Int, constants c: UnsafePointer<FlexConstants>) -> Pair<Double> {
        let isRow = c.pointee.isRow
        let container = c.pointee.containerSize
        // Insets and percentages resolve against the padding box.
        let insetBase = Pair(
            container.width - c.pointee.border.horizontal, container.height - c.pointee.border.vertical)
        var content = Pair(0.0, 0.0)
        for child in children(of: node) {
            let child = Int(child)
            let style = style(child)
            guard style.pointee.position == .absolute, style.pointee.display != .none else { continue }
            let aspectRatio = style.pointee.aspectRatio
            let alignSelf = style.pointee.alignSelf ?? c.pointee.alignItems
            var marginLeft = style.pointee.margin.left.resolve(insetBase.width)
            var marginRight = style.pointee.margin.right.resolve(insetBase.width)
            let marginTop = style.pointee.margin.top.resolve(insetBase.width)
            let marginBottom = style.pointee.margin.bottom.resolve(insetBase.width)
            let padding = style.pointee.padding.resolveOrZero(insetBase.width)
            let border = style.pointee.border.resolveOrZero(insetBase.width)
            let paddingBorder = (padding + border).sums
            let boxSizing = style.pointee.boxSizing == .contentBox ? paddingBorder : Pair(0, 0)
            var left = style.pointee.inset.left.resolve(insetBase.width)
            var right = style.pointee.inset.right.resolve(insetBase.width)
            let top = style.pointee.inset.top.resolve(insetBase.height)
            let bottom = style.pointee.inset.bottom.resolve(insetBase.height)
            if c.pointee.isRightToLeft {
                swap(&left, &right)
                swap(&marginLeft, &marginRight)
            }
            let base = Known(insetBase.width, insetBase.height)
            let rawSize = BoxLength.resolve(style.pointee.width, style.pointee.height, against: base)
            // (An aspect ratio carries one size to the other in the box's own layout, which floors
            // the size it gives at the content's.)
            let styleSize = rawSize.maybeAdd(boxSizing)
            let (styleMin, maxSize) = styleLimits(style, against: base, ratio: aspectRatio, boxSizing: boxSizing)
            let minSize = Known(
                max(styleMin.width ?? paddingBorder.width, paddingBorder.width),
                max(styleMin.height ?? paddingBorder.height, paddingBorder.height))
            var known = withRatioMinimum(
                child, known: styleSize.maybeClamp(minSize, maxSize), parentSize: base,
                space: Space(.points(insetBase.width), .points(insetBase.height)))
            // A `justifySelf` of its own, with both horizontal insets given, aligns the box between
            // them as `alignSelf` does vertically (below).
            let justifiesBetweenInsets = style.pointee.justifySelf != nil && left != nil && right != nil
            let stretchesHorizontally = !justifiesBetweenInsets || style.pointee.justifySelf == .stretch
            // (A ratio gives a known height its width, which the insets do not stretch.)
            if known.width == nil, stretchesHorizontally,
                aspectRatio == nil || known.height == nil || style.pointee.justifySelf == .stretch, let left, let right
            {
                let width = insetBase.width - (marginLeft ?? 0) - (marginRight ?? 0) - left - right
                known.width = max(width, 0)
                // (A border-box ratio's floor of padding and border, as for any box of auto size.)
                if rawSize.width == nil, rawSize.height == nil,
                    let floor = aspectRatioFloor(style, paddingBorder: paddingBorder, maxSize: maxSize)
                {
                    known.width = max(known.width ?? 0, floor.width)
                }
                known = known.maybeClamp(minSize, maxSize)
            }
            // An `alignSelf` of its own, with both vertical insets given, aligns the box between them
            // (below); an auto height then stretches only for `stretch`, and is the content's otherwise.
            let alignsBetweenInsets = style.pointee.alignSelf != nil && top != nil && bottom != nil
            let stretchesVertically = !alignsBetweenInsets || style.pointee.alignSelf == .stretch
            // (A ratio gives a known width its height, which the insets do not stretch unless its
            // own alignment says `stretch`, as in Chromium.)
            if known.height == nil, stretchesVertically,
                aspectRatio == nil || known.width == nil || style.pointee.alignSelf == .stretch, let top, let bottom
            {
                let height = insetBase.height - (marginTop ?? 0) - (marginBottom ?? 0) - top - bottom
                known.height = max(height, 0)
                known = known.maybeClamp(minSize, maxSize)
            }
            let space = Space(
                .points(container.width.clamp(minSize.width, maxSize.width)),
                .points(container.height.clamp(minSize.height, maxSize.height)))
            // The width found first, then laid out at that width, so that percentages of the width
            // inside resolve against it (an auto height stays indefinite, as in CSS).
            if known.width == nil {
                let measured = compute(
                    child, known: known, parentSize: base, space: space, mode: .computeSize,
                    sizing: .contentSize)
                known.width = measured.size.width.clamp(minSize.width, maxSize.width)
            }
            let output = compute(
                child, known: known, parentSize: base, space: space, mode: .performLayout,
                sizing: .contentSize)
            let size = Pair(
                (known.width ?? output.size.width).clamp(minSize.width, maxSize.width),
                (known.height ?? output.size.height).clamp(minSize.height, maxSize.height))
            // Auto margins (CSS 2 §10.3.7 and §10.6.4, as css-position-3 §4 and browsers refine them):
            // with both insets of an axis given, they share what the box leaves of the inset-modified
            // containing block (the padding box less the insets, never less than 0), equally, except
            // that across x they never go negative (the start one is then 0); otherwise they are 0.
            func autoMargins(
                _ start: Double?, _ end: Double?, _ startInset: Double?, _ endInset: Double?, room: Double,
                size: Double, isInline: Bool
            ) -> (start: Double, end: Double) {
                guard let startInset, let endInset else { return (start ?? 0, end ?? 0) }
                let free = max(room - startInset - endInset, 0) - size - (start ?? 0) - (end ?? 0)
                switch (start, end) {
                case (nil, nil): return isInline && free < 0 ? (0, free) : (free / 2, free / 2)
                case (nil, let end?): return (free, end)
                case (let start?, nil): return (start, free)
                case (let start?, let end?): return (start, end)
                }
            }
            let horizontal = autoMargins(
                marginLeft, marginRight, left, right, room: insetBase.width, size: size.width, isInline: true)
            let vertical = autoMargins(
                marginTop, marginBottom, top, bottom, room: insetBase.height, size: size.height, isInline: false)
            let margin = Edges(
                top: vertical.start, right: horizontal.end, bottom: vertical.end, left: horizontal.start)

            let (startMain, endMain) = isRow ? (left, right) : (top, bottom)
            let (startCross, endCross) = isRow ? (top, bottom) : (left, right)
            let main: Double
            if let startMain {
                main = startMain + c.pointee.border.mainStart(isRow) + margin.mainStart(isRow)
            } else if let endMain {
                main =
                    container.main(isRow) - c.pointee.border.mainEnd(isRow) - size.main(isRow) - endMain
                    - margin.mainEnd(isRow)
            } else {
                let atStart = c.pointee.contentInset.mainStart(isRow) + margin.mainStart(isRow)
                let atEnd =
                    container.main(isRow) - c.pointee.contentInset.mainEnd(isRow) - size.main(isRow)
                    - margin.mainEnd(isRow)
                // As the container's sole item: start and end follow the writing direction, the
                // flex- keywords (and normal, stretch and space-between, which fall back to
                // flex-start) the flex direction, which a reversed container turns round.
                switch c.pointee.justifyContent ?? .flexStart {
                case .start: main = atStart
                case .end: main = atEnd
                case .spaceBetween, .flexStart, .stretch: main = c.pointee.isReverse ? atEnd : atStart
                case .flexEnd: main = c.pointee.isReverse ? atStart : atEnd
                default:
                    main = (atStart + atEnd) / 2
                }
            }
            let cross: Double
            if let startCross {
                cross = startCross + c.pointee.border.crossStart(isRow) + margin.crossStart(isRow)
            } else if let endCross {
                cross =
                    container.cross(isRow) - c.pointee.border.crossEnd(isRow) - size.cross(isRow) - endCross
                    - margin.crossEnd(isRow)
            } else {
                let atStart = c.pointee.contentInset.crossStart(isRow) + margin.crossStart(isRow)
                let atEnd =
                    container.cross(isRow) - c.pointee.contentInset.crossEnd(isRow) - size.cross(isRow)
                    - margin.crossEnd(isRow)
                switch alignSelf {
                case .start: cross = atStart
                case .end: cross = atEnd
                case .flexEnd: cross = c.pointee.isWrapReverse ? atStart : atEnd
                case .center: cross = (atStart + atEnd) / 2
                // (A box out of flow has no baseline to share: it sits at the start, as in Chromium.)
                case .baseline: cross = atStart
                default: cross = c.pointee.isWrapReverse ? atEnd : atStart
                }
            }
            var x = isRow ? main : cross
            var y = isRow ? cross : main
            // (Auto margins take the room, or what overflows it, instead: the box then fills the room.)
            if alignsBetweenInsets, marginTop != nil, marginBottom != nil, let top, let bottom,
                let alignment = style.pointee.alignSelf
            {
                y = Self.alignedBetweenInsets(
                    size.height, margin: (vertical.start, vertical.end), alignment: alignment,
                    top: c.pointee.border.top + top,
                    bottom: container.height - c.pointee.border.bottom - bottom,
                    paddingBox: (c.pointee.border.top, container.height - c.pointee.border.bottom))
            }
            if justifiesBetweenInsets, marginLeft != nil, marginRight != nil, let left, let right,
                let alignment = style.pointee.justifySelf
            {
                // (Logical, from the start side, as x and the constants' border are until x is
                // turned round below.)
                let (borderStart, borderEnd) = (c.pointee.border.left, c.pointee.border.right)
                x = Self.alignedBetweenInsets(
                    size.width, margin: (horizontal.start, horizontal.end), alignment: alignment,
                    top: borderStart + left, bottom: container.width - borderEnd - right,
                    paddingBox: (borderStart, container.width - borderEnd))
            }
            if c.pointee.isRightToLeft { x = container.width - x - size.width }
            frames[child] = Frame(
                x: x, y: y, width: size.width, height: size.height, contentWidth: output.contentSize.width,
                contentHeight: output.contentSize.height, baseline: output.baseline,
                percentBase: insetBase.width)
            contribute(child, size: size, content: output.contentSize, x: x, y: y, into: &content)
        }
        return content
    }

    /// The y of an absolutely positioned box with an `alignSelf` of its own and both vertical insets
    /// given, as Chromium places it (css-position-3 §4 and css-align-3 §6.1, in the block axis, which
    /// is the vertical one whatever the flex direction): its margin box aligned in the room between
    /// the insets (the inset-modified containing block, moved to zero height at its top where the
    /// insets overlap); where it overflows that room it is moved back, as little as it takes, into the
    /// padding box joined with that room, or to its top where it is taller.
    static func alignedBetweenInsets(
        _ height: Double, margin: (top: Double, bottom: Double), alignment: BoxAlignment, top: Double,
        bottom: Double, paddingBox: (top: Double, bottom: Double)
    ) -> Double {
        let bottom = max(bottom, top)
        let outer = height + margin.top + margin.bottom
        var start: Double
        switch alignment {
        case .end, .flexEnd: start = bottom - outer
        case .center: start = top + (bottom - top - outer) / 2
        default: start = top
        }
        if start < top || start + outer > bottom {
            let roomTop = min(paddingBox.top, top)
            let roomBottom = max(paddingBox.bottom, bottom)
            start = outer > roomBottom - roomTop ? roomTop : min(max(start, roomTop), roomBottom - outer)
        }
        return start + margin.top
    }
}
