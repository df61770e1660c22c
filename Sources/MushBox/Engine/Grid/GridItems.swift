/// A grid's items: what each contributes to its tracks (css-grid-1 §11.5, §6.6), its size and place
/// in its area (§10.3–§10.4, margins and auto margins, relative offsets), the tracks' positions
/// after content alignment (§10.5), and absolutely positioned children in the area their lines name
/// (§9).

/// The alignment a grid container gives its items: `justifyItems` and `alignItems`.
typealias GridItemAlignment = (justify: BoxAlignment?, align: BoxAlignment?)

/// An item's area in the content box, from its start corner (logical: right to left, x counts from
/// the right).
struct GridArea {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
}

extension LayoutTree {
    /// Runs §11.4–§11.8 for one axis: `other` is the other axis (the rows, sized by their fixed sizes
    /// where known, while the columns are sized; the columns, sized, while the rows are).
    func sizeGridAxis(
        _ axis: inout GridAxisSizing, isColumns: Bool, items: inout [GridItem], other: GridAxisSizing,
        innerWidth: Double?, alignment: GridItemAlignment
    ) {
        axis.initialize()
        let spans = items.map { isColumns ? $0.columns : $0.rows }
        // (The tracks' sizing functions, which the contributions read, do not change as they grow.)
        let functions = axis
        func contribution(_ index: Int, _ kind: GridContribution) -> Double {
            let slot = (isColumns ? 0 : 3) + (kind == .minimum ? 0 : kind == .minContent ? 1 : 2)
            if let known = items[index].contributions[slot] { return known }
            let otherSpan = isColumns ? items[index].rows : items[index].columns
            let otherSize: Double?
            if !other.isSized {
                otherSize = nil
            } else if isColumns, !other.isEstimated {
                // (The rows' sizes where their maximums fix them.)
                var total: Double? = other.gaps(otherSpan)
                for track in otherSpan {
                    total = other.points(other.tracks[track].maximum).flatMap { size in total.map { $0 + size } }
                }
                otherSize = total
            } else {
                otherSize = otherSpan.reduce(other.gaps(otherSpan)) { $0 + other.tracks[$1].base }
            }
            let value =
                gridContribution(
                    items[index].node, isColumns: isColumns, kind: kind, other: otherSize, span: spans[index],
                    axis: functions, innerWidth: innerWidth, alignment: alignment, estimatedRows: other.isEstimated)
                + ((isColumns ? items[index].inlineShim : items[index].baselineShim) ?? 0)
            items[index].contributions[slot] = value
            return value
        }
        axis.resolveIntrinsic(items: spans, contribution: contribution)
        axis.maximize()
        axis.expandFlexible(items: spans) { contribution($0, .maxContent) }
        axis.stretchAutoTracks()
    }

    /// Baseline alignment (§10.6) of the items whose `alignSelf` is `baseline` (and whose block
    /// margins are not auto, which win): in each row, those that start in it share the lowest
    /// baseline, each laid out at its width in its columns to find its own.
    func alignBaselines(_ items: inout [GridItem], columns: GridAxisSizing, alignment: GridItemAlignment) {
        var groups: [Int: [(index: Int, baseline: Double)]] = [:]
        for (row, indices) in baselineGroups(items, inline: false, alignment: alignment) {
            for index in indices {
                let child = items[index].node
                let style = style(child)
                let span = items[index].columns
                let areaWidth = span.reduce(columns.gaps(span)) { $0 + columns.tracks[$1].base }
                let width = gridItemWidth(child, area: Known(areaWidth, nil), alignment: alignment)
                // Laid out to find its baseline: at the height its style fixes, where it does, as it
                // will be laid out last (the same question: the layout kept serves that one).
                let own = styleKnown(child, parentSize: Known(areaWidth, nil), sizing: .inherentSize)
                let output = compute(
                    child, known: Known(width, own.height), parentSize: Known(areaWidth, nil),
                    space: Space(.points(areaWidth), .maxContent), mode: .performLayout,
                    sizing: own.height == nil ? .inherentSize : .contentSize)
                let top = style.pointee.margin.top.resolve(areaWidth) ?? 0
                groups[row, default: []].append((index, top + (output.baseline ?? output.size.height)))
            }
        }
        for group in groups.values {
            let shared = group.map(\.baseline).max() ?? 0
            for member in group { items[member.index].baselineShim = shared - member.baseline }
        }
    }

    /// The items that take part in baseline alignment in one axis (aligned by `baseline` there,
    /// neither margin of that axis auto, which win), by the row (or, `inline`, the column) they
    /// start in: only a row with two of them aligns anything (one alone sits at its start, as
    /// `start` would put it). (Across rows, an item whose height is a percentage of its row's does
    /// not take part: it is placed at the start, as in Chromium.)
    private func baselineGroups(_ items: [GridItem], inline: Bool, alignment: GridItemAlignment) -> [Int: [Int]] {
        var members: [Int: [Int]] = [:]
        for index in items.indices {
            let child = items[index].node
            let style = style(child)
            let margin = style.pointee.margin
            guard gridSelfAlignment(child, inline: inline, alignment: alignment) == .baseline,
                inline
                    ? margin.left != .auto && margin.right != .auto
                    : margin.top != .auto && margin.bottom != .auto && !style.pointee.height.isPercent
            else { continue }
            members[(inline ? items[index].columns : items[index].rows).lowerBound, default: []].append(index)
        }
        return members.filter { $0.value.count > 1 }
    }

    /// Baseline alignment across columns (`justifySelf: baseline`, margins not auto): items that
    /// start in the same column, two or more, line up their line-left border edges (the baseline a
    /// box without vertical text has in that axis, as Chromium synthesizes it). Found before the
    /// columns are sized, as each item's distance from its column's start to that edge needs only
    /// its margins (and, right to left, its width at its max-content size where no width is fixed).
    func alignInlineBaselines(_ items: inout [GridItem], isRightToLeft: Bool, alignment: GridItemAlignment) {
        for indices in baselineGroups(items, inline: true, alignment: alignment).values {
            let distances = indices.map { index in
                let child = items[index].node
                let margin = style(child).pointee.margin
                guard isRightToLeft else { return margin.left.resolve(nil) ?? 0 }
                return (margin.right.resolve(nil) ?? 0)
                    + gridItemWidth(child, area: Known(nil, nil), alignment: alignment)
            }
            let shared = distances.max() ?? 0
            for (index, distance) in zip(indices, distances) { items[index].inlineShim = shared - distance }
        }
    }

    /// What an item contributes along one axis (margins included): its min-content or max-content
    /// size, or its minimum (§6.6: a size it fixes, else its minimum size, else where it spans an
    /// `auto` minimum its content's minimum, capped by the fixed tracks it spans).
    private func gridContribution(
        _ child: Int, isColumns: Bool, kind: GridContribution, other: Double?, span: Range<Int>, axis: GridAxisSizing,
        innerWidth: Double?, alignment: GridItemAlignment, estimatedRows: Bool
    ) -> Double {
        let style = style(child)
        // (Percentages of the area's width count as 0 while the columns are sized.)
        let areaWidth = isColumns ? nil : other
        let margin = style.pointee.margin.resolveOrZero(areaWidth)
        let marginSum = isColumns ? margin.horizontal : margin.vertical
        // (While the columns are sized, the rows' estimate is a base for the item's own percentage
        // heights only: the item is asked one question whatever rows are estimated.)
        let heightIsPercent =
            style.pointee.height.isPercent || style.pointee.minHeight.isPercent || style.pointee.maxHeight.isPercent
        let parent = isColumns ? Known(nil, heightIsPercent ? other : nil) : Known(other, nil)
        var known = Known.none
        if !isColumns, let other { known.width = gridItemWidth(child, area: Pair(other, nil), alignment: alignment) }
        // (An item with a ratio and no size measures its width at the height its rows would give
        // it, where they are estimated.)
        if isColumns, let other, style.pointee.aspectRatio != nil, style.pointee.width == .auto,
            style.pointee.height == .auto, [nil, .stretch].contains(style.pointee.alignSelf ?? alignment.align),
            let top = style.pointee.margin.top.resolve(nil), let bottom = style.pointee.margin.bottom.resolve(nil),
            estimatedRows
        {
            known.height = max(other - top - bottom, 0)
        }
        // (A size the item fixes is its contribution of every kind: nothing to measure.)
        let fixed = styleKnown(child, parentSize: parent, sizing: .inherentSize)
        func measured(_ content: AvailableSpace) -> Double {
            if let size = fixed.main(isColumns) { return size }
            let space =
                isColumns
                ? Space(content, other.map { .points($0) } ?? .maxContent)
                : Space(known.width.map { .points($0) } ?? .maxContent, content)
            return measure(
                child, known: known, parentSize: parent, space: space, sizing: .inherentSize, isRow: isColumns)
        }
        // (Down the rows an item's min-content height is its max-content one: its height at its
        // width, as for any block.)
        let minContent: AvailableSpace = isColumns ? .minContent : .maxContent
        switch kind {
        case .minContent: return measured(minContent) + marginSum
        case .maxContent: return measured(.maxContent) + marginSum
        case .minimum: break
        }
        let preferred = isColumns ? style.pointee.width : style.pointee.height
        if case .points = preferred { return measured(minContent) + marginSum }
        let padding = style.pointee.padding.resolveOrZero(areaWidth)
        let border = style.pointee.border.resolveOrZero(areaWidth)
        let paddingBorder = (padding + border).sums.main(isColumns)
        let minimum = isColumns ? style.pointee.minWidth : style.pointee.minHeight
        if case .points(let value) = minimum {
            return max(value + (style.pointee.boxSizing == .contentBox ? paddingBorder : 0), paddingBorder) + marginSum
        }
        let spansAuto = span.contains { axis.tracks[$0].minimum == .auto }
        let spansFlexible = span.count > 1 && span.contains { axis.tracks[$0].isFlexible }
        guard minimum == .auto, spansAuto, !spansFlexible, !style.pointee.overflow.isScrollContainer else {
            return paddingBorder + marginSum
        }
        var content = measured(minContent)
        // (Only fixed tracks: no more than they give, less the margins.)
        var fixedTracks: Double? = axis.gaps(span)
        for track in span {
            fixedTracks = axis.points(axis.tracks[track].maximum).flatMap { size in fixedTracks.map { $0 + size } }
        }
        if let fixedTracks { content = min(content, max(fixedTracks - marginSum, paddingBorder)) }
        return content + marginSum
    }

    /// The alignment of an item in one axis: its own, else its container's, else `normal`: as
    /// `stretch`, but for an item with an aspect ratio, which stretches in one axis only, as in
    /// Chromium: across its column unless its alignment across its row is `stretch`, else across
    /// its row where it does not stretch across its column (and `start` in the other), and in
    /// neither where its style fixes its size in the other.
    private func gridSelfAlignment(_ child: Int, inline: Bool, alignment: GridItemAlignment) -> BoxAlignment {
        let style = style(child)
        let justify = style.pointee.justifySelf ?? alignment.justify
        let align = style.pointee.alignSelf ?? alignment.align
        if let own = inline ? justify : align { return own }
        guard style.pointee.aspectRatio != nil else { return .stretch }
        // (A size its style fixes in the other axis gives this one its ratio's.)
        if inline { return align == .stretch || style.pointee.height != .auto ? .start : .stretch }
        return justify == nil || justify == .stretch || style.pointee.width != .auto ? .start : .stretch
    }

    /// An item's border-box width in an area: its own, or the area's (less margins) where it
    /// stretches, or its fit-content width in the area.
    func gridItemWidth(_ child: Int, area: Known, alignment: GridItemAlignment) -> Double {
        let style = style(child)
        let own = styleKnown(child, parentSize: area, sizing: .inherentSize)
        if let width = own.width { return width }
        let left = style.pointee.margin.left.resolve(area.width)
        let right = style.pointee.margin.right.resolve(area.width)
        let room = max((area.width ?? 0) - (left ?? 0) - (right ?? 0), 0)
        if gridSelfAlignment(child, inline: true, alignment: alignment) == .stretch, left != nil, right != nil,
            own.height == nil || style.pointee.aspectRatio == nil, area.width != nil
        {
            return stretchedGridSize(child, room: room, inline: true, base: area, ratio: style.pointee.aspectRatio)
        }
        // A ratio gives it the width of the height it is stretched to, where it is.
        var known = Known(nil, own.height)
        if own.height == nil, style.pointee.aspectRatio != nil, let height = area.height,
            gridSelfAlignment(child, inline: false, alignment: alignment) == .stretch,
            let top = style.pointee.margin.top.resolve(area.width),
            let bottom = style.pointee.margin.bottom.resolve(area.width)
        {
            known.height = stretchedGridSize(
                child, room: max(height - top - bottom, 0), inline: false, base: area, ratio: nil)
        }
        // Its fit-content width in the room: its max-content width, or its min-content width where
        // the room is smaller, or the room between (the two are the questions its contributions
        // asked, answered by the cache; asking at the room's points would be a third, which evicts
        // one of them in a chain of such items).
        func width(_ content: AvailableSpace) -> Double {
            measure(
                child, known: known, parentSize: area,
                space: Space(content, area.height.map { .points($0) } ?? .maxContent), sizing: .inherentSize,
                isRow: true)
        }
        let maxContent = width(.maxContent)
        guard area.width != nil, maxContent > room else { return maxContent }
        return max(width(.minContent), room)
    }

    /// An item's border-box height in an area at its width, and whether it is definite for the
    /// percentages inside the item: its style's, its area's where it stretches, or its content's
    /// (definite only where its ratio gives it from the width).
    private func gridItemHeight(_ child: Int, width: Double, area: Pair<Double>, alignment: GridItemAlignment) -> (
        height: Double, isDefinite: Bool
    ) {
        let style = style(child)
        let base = Known(area.width, area.height)
        let own = styleKnown(child, parentSize: base, sizing: .inherentSize)
        if let height = own.height { return (height, true) }
        let top = style.pointee.margin.top.resolve(area.width)
        let bottom = style.pointee.margin.bottom.resolve(area.width)
        if gridSelfAlignment(child, inline: false, alignment: alignment) == .stretch, top != nil, bottom != nil {
            let height = stretchedGridSize(
                child, room: max(area.height - (top ?? 0) - (bottom ?? 0), 0), inline: false, base: base, ratio: nil)
            return (height, true)
        }
        let height = measure(
            child, known: Known(width, nil), parentSize: base, space: Space(.points(area.width), .points(area.height)),
            sizing: .inherentSize, isRow: false)
        return (height, style.pointee.aspectRatio != nil)
    }

    /// The size of an item stretched across `room` (its area less its margins) in one axis: within
    /// its limits (with those its ratio transfers), never below its padding and border.
    private func stretchedGridSize(_ child: Int, room: Double, inline: Bool, base: Known, ratio: Double?) -> Double {
        let style = style(child)
        let paddingBorder = paddingAndBorder(child, base: base.width)
        let limits = styleLimits(
            style, against: base, ratio: ratio,
            boxSizing: style.pointee.boxSizing == .contentBox ? paddingBorder : Pair(0, 0))
        return inline
            ? room.clamp(limits.min.width, limits.max.width).maybeMax(paddingBorder.width)
            : room.clamp(limits.min.height, limits.max.height).maybeMax(paddingBorder.height)
    }

    /// Lays an item out in its area and writes its frame; returns its place, size and content.
    func placeGridItem(
        _ child: Int, area: GridArea, startInset: Pair<Double>, containerWidth: Double, isRightToLeft: Bool,
        alignment: GridItemAlignment, baselineShim: Double?, inlineShim: Double?
    ) -> (x: Double, y: Double, size: Pair<Double>, content: Pair<Double>) {
        let style = style(child)
        let areaSize = Pair(area.width, area.height)
        // (Never below its padding and border, whatever a ratio gives.)
        let paddingBorder = paddingAndBorder(child, base: area.width)
        let width = max(
            gridItemWidth(child, area: Known(area.width, area.height), alignment: alignment), paddingBorder.width)
        // (A height its content gives it stays indefinite for its children's percentages, as it was
        // when it was measured.)
        let (itemHeight, heightIsDefinite) = gridItemHeight(
            child, width: width, area: areaSize, alignment: alignment)
        let height = max(itemHeight, paddingBorder.height)
        let output = compute(
            child, known: Known(width, height), parentSize: Known(area.width, area.height),
            space: Space(.points(area.width), .points(area.height)), mode: .performLayout, sizing: .contentSize,
            indefiniteHeight: !heightIsDefinite)
        var marginStart = style.pointee.margin.left.resolve(area.width)
        var marginEnd = style.pointee.margin.right.resolve(area.width)
        if isRightToLeft { swap(&marginStart, &marginEnd) }
        let marginTop = style.pointee.margin.top.resolve(area.width)
        let marginBottom = style.pointee.margin.bottom.resolve(area.width)
        let x =
            inlineShim.map { $0 + (marginStart ?? 0) }
            ?? gridOffset(
                free: area.width - width - (marginStart ?? 0) - (marginEnd ?? 0), start: marginStart, end: marginEnd,
                alignment: gridSelfAlignment(child, inline: true, alignment: alignment)) + (marginStart ?? 0)
        let y =
            baselineShim.map { $0 + (marginTop ?? 0) }
            ?? gridOffset(
                free: area.height - height - (marginTop ?? 0) - (marginBottom ?? 0), start: marginTop,
                end: marginBottom,
                alignment: gridSelfAlignment(child, inline: false, alignment: alignment)) + (marginTop ?? 0)
        var logicalX = startInset.width + area.x + x
        var top = startInset.height + area.y + y
        // Relative offsets move the box from where it sits.
        if style.pointee.position == .relative {
            let inset = style.pointee.inset
            var start = inset.left.resolve(area.width)
            var end = inset.right.resolve(area.width)
            if isRightToLeft { swap(&start, &end) }
            logicalX += start ?? end.map { -$0 } ?? 0
            top += inset.top.resolve(area.height) ?? inset.bottom.resolve(area.height).map { -$0 } ?? 0
        }
        let physicalX = isRightToLeft ? containerWidth - logicalX - width : logicalX
        frames[child] = Frame(
            x: physicalX, y: top, width: width, height: height, contentWidth: output.contentSize.width,
            contentHeight: output.contentSize.height, baseline: output.baseline, percentBase: area.width)
        return (physicalX, top, Pair(width, height), output.contentSize)
    }

    /// Where a box goes in the room `free` leaves it: auto margins take the room first, else the
    /// alignment places it (overflowing its area where it is larger, as CSS's default does).
    private func gridOffset(free: Double, start: Double?, end: Double?, alignment: BoxAlignment) -> Double {
        switch (start, end) {
        case (nil, nil): return max(free, 0) / 2
        case (nil, _): return max(free, 0)
        case (_, nil): return 0
        default: break
        }
        switch alignment {
        case .end, .flexEnd: return free
        case .center: return free / 2
        default: return 0
        }
    }

    /// Each line's offset from the content box's start, after `alignment` (`justifyContent` or
    /// `alignContent`) shares the free space: each track's start, then where the last one ends.
    func trackStarts(_ axis: GridAxisSizing, room: Double, alignment: BoxAlignment?) -> [Double] {
        let free = room - axis.used
        let shown = axis.tracks.filter { !$0.collapsed }.count
        var start = 0.0
        var between = 0.0
        switch alignment ?? .stretch {
        case .end, .flexEnd: start = free
        case .center: start = free / 2
        case .spaceBetween: if free > 0, shown > 1 { between = free / Double(shown - 1) }
        // (Where the tracks overflow, the space- keywords fall back to safe alignment: the start.)
        case .spaceAround:
            if free > 0, shown > 0 {
                between = free / Double(shown)
                start = between / 2
            }
        case .spaceEvenly:
            if free > 0 {
                between = free / Double(shown + 1)
                start = between
            }
        default: break
        }
        var starts: [Double] = []
        var cursor = start
        var seen = false
        for track in axis.tracks {
            if !track.collapsed {
                if seen { cursor += axis.gap + between }
                seen = true
            }
            starts.append(cursor)
            if !track.collapsed { cursor += track.base }
        }
        // (And where the last line is: the end of the last track.)
        starts.append(cursor)
        return starts
    }

    /// An area from its tracks' starts and sizes.
    func gridArea(
        _ columns: Range<Int>, _ rows: Range<Int>, _ columnStarts: [Double], _ rowStarts: [Double],
        _ columnSizes: GridAxisSizing, _ rowSizes: GridAxisSizing
    ) -> GridArea {
        let last = columns.upperBound - 1
        let lastRow = rows.upperBound - 1
        let x = columnStarts[columns.lowerBound]
        let y = rowStarts[rows.lowerBound]
        return GridArea(
            x: x, y: y, width: max(columnStarts[last] + columnSizes.tracks[last].base - x, 0),
            height: max(rowStarts[lastRow] + rowSizes.tracks[lastRow].base - y, 0))
    }

    /// Lays out an absolutely positioned child in the area its lines name (nil: the padding box's
    /// edge; offsets from the content box's start, logical), by its insets, and writes its frame.
    func placeAbsoluteGridItem(
        _ child: Int, horizontal: (Double?, Double?), vertical: (Double?, Double?), inset: Edges, border: Edges,
        size: Pair<Double>, isRightToLeft: Bool, alignment: GridItemAlignment
    ) -> (x: Double, y: Double, size: Pair<Double>, content: Pair<Double>) {
        let style = style(child)
        let startInset = isRightToLeft ? inset.right : inset.left
        let contentStart = Pair(startInset, inset.top)
        let paddingStart = Pair(isRightToLeft ? border.right : border.left, border.top)
        let paddingEnd = Pair(size.width - (isRightToLeft ? border.left : border.right), size.height - border.bottom)
        let blockX = horizontal.0.map { contentStart.width + $0 } ?? paddingStart.width
        let blockRight = horizontal.1.map { contentStart.width + $0 } ?? paddingEnd.width
        let blockY = vertical.0.map { contentStart.height + $0 } ?? paddingStart.height
        let blockBottom = vertical.1.map { contentStart.height + $0 } ?? paddingEnd.height
        let block = Pair(max(blockRight - blockX, 0), max(blockBottom - blockY, 0))
        let base = Known(block.width, block.height)
        var marginStart = style.pointee.margin.left.resolve(block.width) ?? 0
        var marginEnd = style.pointee.margin.right.resolve(block.width) ?? 0
        var insetStart = style.pointee.inset.left.resolve(block.width)
        var insetEnd = style.pointee.inset.right.resolve(block.width)
        if isRightToLeft {
            swap(&marginStart, &marginEnd)
            swap(&insetStart, &insetEnd)
        }
        let marginTop = style.pointee.margin.top.resolve(block.width) ?? 0
        let marginBottom = style.pointee.margin.bottom.resolve(block.width) ?? 0
        let insetTop = style.pointee.inset.top.resolve(block.height)
        let insetBottom = style.pointee.inset.bottom.resolve(block.height)
        var known = withRatioMinimum(
            child, known: styleKnown(child, parentSize: base, sizing: .inherentSize), parentSize: base,
            space: Space(.points(block.width), .points(block.height)))
        let paddingBorder = paddingAndBorder(child, base: block.width)
        let limits = styleLimits(
            style, against: base, ratio: style.pointee.aspectRatio,
            boxSizing: style.pointee.boxSizing == .contentBox ? paddingBorder : Pair(0, 0))
        // A ratio carries a size the box has to the other before insets stretch it; insets stretch
        // an auto size only where the box's alignment is `normal` or `stretch`.
        let ratio = style.pointee.aspectRatio
        // (Between insets, an absolutely positioned box's `auto` alignment is `normal`: the
        // container's items alignment is its only at its static position, as the area's sole item.)
        let justify = style.pointee.justifySelf
        let align = style.pointee.alignSelf
        // (The box's own layout carries a size through its ratio, floored at its content.)
        let ratioCarries = ratio != nil && (known.width != nil || known.height != nil)
        // (Its own `stretch` stretches it whatever its ratio, as in Chromium.)
        if known.width == nil, !ratioCarries || justify == .stretch, let insetStart, let insetEnd,
            justify == nil || justify == .stretch
        {
            known.width = max(block.width - insetStart - insetEnd - marginStart - marginEnd, 0)
                .clamp(limits.min.width, limits.max.width).maybeMax(paddingBorder.width)
        }
        if known.height == nil, ratio == nil || known.width == nil || align == .stretch, let insetTop, let insetBottom,
            align == nil || align == .stretch
        {
            known.height = max(block.height - insetTop - insetBottom - marginTop - marginBottom, 0)
                .clamp(limits.min.height, limits.max.height).maybeMax(paddingBorder.height)
        }
        let space = Space(.points(block.width), .points(block.height))
        if known.width == nil {
            known.width =
                compute(
                    child, known: known, parentSize: base, space: space, mode: .computeSize, sizing: .inherentSize
                ).size.width
        }
        let output = compute(
            child, known: known, parentSize: base, space: space, mode: .performLayout, sizing: .inherentSize)
        let width = known.width ?? output.size.width
        let height = known.height ?? output.size.height
        // Without insets in an axis, or with both, the box is aligned in its area less the insets
        // (`normal` as `start`); with one, that inset places it.
        func aligned(_ room: Double, _ size: Double, _ start: Double, _ end: Double, _ alignment: BoxAlignment?)
            -> Double
        {
            switch alignment ?? .start {
            case .end, .flexEnd: return room - size - end
            case .center: return (room - size - start - end) / 2 + start
            default: return start
            }
        }
        // With both insets of an axis: auto margins take the room between them first (or what
        // overflows it; across x an overflow goes to the end, never below 0 at the start); else its
        // own alignment places it between them, moved back into the padding box where it overflows
        // that room; else the start inset does.
        func betweenInsets(
            _ size: Double, margins: (start: Double, end: Double), auto: (start: Bool, end: Bool),
            alignment: BoxAlignment?, room: (start: Double, end: Double, size: Double),
            paddingBox: (start: Double, end: Double), isInline: Bool
        ) -> Double {
            if auto.start || auto.end {
                let free = max(room.size, 0) - size - margins.start - margins.end
                let shared = isInline ? max(free, 0) / 2 : free / 2
                return room.start + (auto.start ? (auto.end ? shared : free) : margins.start)
            }
            guard let alignment else { return room.start + margins.start }
            return Self.alignedBetweenInsets(
                size, margin: (margins.start, margins.end), alignment: alignment, top: room.start, bottom: room.end,
                paddingBox: (paddingBox.start, paddingBox.end))
        }
        let logicalX: Double
        switch (insetStart, insetEnd) {
        case (let start?, let end?):
            let (left, right) = (style.pointee.margin.left == .auto, style.pointee.margin.right == .auto)
            logicalX = betweenInsets(
                width, margins: (marginStart, marginEnd), auto: isRightToLeft ? (right, left) : (left, right),
                alignment: justify, room: (blockX + start, blockRight - end, block.width - start - end),
                paddingBox: (paddingStart.width, paddingEnd.width), isInline: true)
        case (let start?, nil): logicalX = blockX + start + marginStart
        case (nil, let end?): logicalX = blockRight - end - marginEnd - width
        case (nil, nil):
            logicalX = blockX + aligned(block.width, width, marginStart, marginEnd, justify ?? alignment.justify)
        }
        let y: Double
        switch (insetTop, insetBottom) {
        case (let top?, let bottom?):
            y = betweenInsets(
                height, margins: (marginTop, marginBottom),
                auto: (style.pointee.margin.top == .auto, style.pointee.margin.bottom == .auto), alignment: align,
                room: (blockY + top, blockBottom - bottom, blockBottom - bottom - blockY - top),
                paddingBox: (paddingStart.height, paddingEnd.height),
                isInline: false)
        case (let top?, nil): y = blockY + top + marginTop
        case (nil, let bottom?): y = blockBottom - bottom - marginBottom - height
        case (nil, nil): y = blockY + aligned(block.height, height, marginTop, marginBottom, align ?? alignment.align)
        }
        let x = isRightToLeft ? size.width - logicalX - width : logicalX
        frames[child] = Frame(
            x: x, y: y, width: width, height: height, contentWidth: output.contentSize.width,
            contentHeight: output.contentSize.height, baseline: output.baseline, percentBase: block.width)
        return (x, y, Pair(width, height), output.contentSize)
    }
}
