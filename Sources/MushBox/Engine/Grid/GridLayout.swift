/// CSS Grid Layout (css-grid-1) for one container: the explicit grid, placement (§8), track sizing
/// for the columns then the rows (§11), content alignment (§10.5), and each item laid out in its
/// area with its self-alignment (§10.3–§10.4) and margins.

/// A grid item during layout: its node, its tracks in each axis (indices into the track arrays),
/// and its measured contributions.
struct GridItem {
    var node: Int
    var columns: Range<Int>
    var rows: Range<Int>
    /// Contributions by axis (0: columns, 1: rows) and kind, measured once a pass.
    var contributions: [Double?] = [nil, nil, nil, nil, nil, nil]
    /// For an item aligned by its baseline: how far below its row's start it goes so that its
    /// baseline meets its row's (§10.6); nil for the others.
    var baselineShim: Double?
    /// For an item aligned by its baseline across its column (`justifySelf`): how far from its
    /// column's start its margin box goes so that its line-left border edge meets the others'.
    var inlineShim: Double?
}

extension LayoutTree {
    func gridLayout(
        _ node: Int, known: Known, parentSize: Known, space: Space, mode: RunMode, sizing: SizingMode
    ) -> NodeOutput {
        let style = style(node)
        var outer = known.or(styleKnown(node, parentSize: parentSize, sizing: sizing))
        // A size fixed in one axis gives the other its ratio's size (``ratioCarried``), or its
        // min-content size where that is larger: its content measured without the limits its ratio
        // carries across.
        let given = outer
        if let carried = ratioCarried(
            node, known: given, parentSize: parentSize,
            content: { isWidthKnown, _ in
                gridAlgorithm(
                    node, style: style, outer: given, parentSize: parentSize,
                    space: isWidthKnown ? Space(space.width, .minContent) : Space(.minContent, space.height),
                    mode: .computeSize, rowsAtMinContent: isWidthKnown, ratioLimits: false
                ).size.main(!isWidthKnown)
            })
        {
            outer = carried
        }
        if mode == .computeSize, let width = outer.width, let height = outer.height {
            return NodeOutput(size: Pair(width, height))
        }
        return gridAlgorithm(node, style: style, outer: outer, parentSize: parentSize, space: space, mode: mode)
    }

    /// The algorithm itself, for a container whose border-box sizes known are `outer`; without
    /// `ratioLimits`, the limits its aspect ratio carries across are left out (its content measured
    /// for its automatic minimum).
    private func gridAlgorithm(
        _ node: Int, style: UnsafePointer<BoxStyle>, outer: Known, parentSize: Known, space: Space, mode: RunMode,
        rowsAtMinContent: Bool = false, ratioLimits: Bool = true
    ) -> NodeOutput {
        let values = style.pointee.gridValues
        let padding = style.pointee.padding.resolveOrZero(parentSize.width)
        let border = style.pointee.border.resolveOrZero(parentSize.width)
        let inset = padding + border
        let paddingBorder = inset.sums
        let contentBox = style.pointee.boxSizing == .contentBox
        let limits = styleLimits(
            style, against: parentSize, ratio: ratioLimits ? style.pointee.aspectRatio : nil,
            boxSizing: contentBox ? paddingBorder : Pair(0, 0))
        let minInner = Known(
            limits.min.width.map { max($0 - paddingBorder.width, 0) },
            limits.min.height.map { max($0 - paddingBorder.height, 0) })
        let maxInner = Known(
            limits.max.width.map { max($0 - paddingBorder.width, 0) },
            limits.max.height.map { max($0 - paddingBorder.height, 0) })
        var inner = Known(
            outer.width.map { max($0 - paddingBorder.width, 0) }, outer.height.map { max($0 - paddingBorder.height, 0) }
        )

        // The explicit grid (§7), its automatic repetitions fitted to the size known.
        let columnGapLength = style.pointee.columnGap
        let rowGapLength = style.pointee.rowGap
        let columnRepeats = autoRepetitions(
            values.templateColumns, size: inner.width, min: minInner.width, max: maxInner.width,
            gap: columnGapLength.resolve(inner.width) ?? 0)
        let rowRepeats = autoRepetitions(
            values.templateRows, size: inner.height, min: minInner.height, max: maxInner.height,
            gap: rowGapLength.resolve(inner.height) ?? 0)
        let columnLines = GridAxisLines(
            template: values.templateColumns, repetitions: columnRepeats, areas: values.templateAreas, isColumns: true)
        let rowLines = GridAxisLines(
            template: values.templateRows, repetitions: rowRepeats, areas: values.templateAreas, isColumns: false)

        // Placement (§8).
        let byColumns = !values.autoFlow.columns
        var placing: [GridPlacing] = []
        var absolute: [Int] = []
        for child in children(of: node) {
            let child = Int(child)
            let childStyle = self.style(child)
            if childStyle.pointee.display == .none { continue }
            if childStyle.pointee.position == .absolute {
                absolute.append(child)
                continue
            }
            let item = childStyle.pointee.gridValues
            let column = columnLines.place(start: item.columnStart, end: item.columnEnd)
            let row = rowLines.place(start: item.rowStart, end: item.rowEnd)
            placing.append(
                byColumns
                    ? GridPlacing(
                        node: child, major: column.tracks, majorSpan: column.span, minor: row.tracks,
                        minorSpan: row.span)
                    : GridPlacing(
                        node: child, major: row.tracks, majorSpan: row.span, minor: column.tracks,
                        minorSpan: column.span))
        }
        placeGridItems(
            &placing, majorCount: byColumns ? columnLines.count : rowLines.count, dense: values.autoFlow.dense)
        // The implicit grid: from the explicit grid's first line, or the first an item starts at,
        // to its last, or the last an item ends at; where the explicit grid has no tracks, to
        // the last an item ends at (an item placed before it alone adds no empty track up to it,
        // as in Chromium).
        var firstColumn = 0
        var endColumn = placing.isEmpty || columnLines.count > 0 ? columnLines.count : Int.min
        var firstRow = 0
        var endRow = placing.isEmpty || rowLines.count > 0 ? rowLines.count : Int.min
        for item in placing {
            let (columns, rows) = byColumns ? (item.major!, item.minor!) : (item.minor!, item.major!)
            firstColumn = min(firstColumn, columns.lowerBound)
            endColumn = max(endColumn, columns.upperBound)
            firstRow = min(firstRow, rows.lowerBound)
            endRow = max(endRow, rows.upperBound)
        }
        var items = placing.map { item in
            let (columns, rows) = byColumns ? (item.major!, item.minor!) : (item.minor!, item.major!)
            return GridItem(
                node: item.node, columns: columns.lowerBound - firstColumn..<columns.upperBound - firstColumn,
                rows: rows.lowerBound - firstRow..<rows.upperBound - firstRow)
        }
        let columnTracks = gridTracks(
            values.templateColumns, repetitions: columnRepeats, explicit: columnLines.count, auto: values.autoColumns,
            lines: firstColumn..<endColumn, used: Set(items.flatMap { Array($0.columns) }))
        let rowTracks = gridTracks(
            values.templateRows, repetitions: rowRepeats, explicit: rowLines.count, auto: values.autoRows,
            lines: firstRow..<endRow, used: Set(items.flatMap { Array($0.rows) }))

        // Track sizing (§11): the columns, then the rows at the columns' sizes.
        let contentSpace = Space(
            space.width.maybeSub(paddingBorder.width).mapPoints { max($0, 0) },
            space.height.maybeSub(paddingBorder.height).mapPoints { max($0, 0) })
        // (Percentages of a size not known act as auto until it is found, §7.2.1.)
        var columns = GridAxisSizing(
            tracks: inner.width == nil ? columnTracks.map(\.withoutPercentages) : columnTracks,
            gap: columnGapLength.resolve(inner.width) ?? 0, inner: inner.width,
            space: contentSpace.width, minInner: minInner.width, maxInner: maxInner.width,
            stretches: (style.pointee.justifyContent ?? .stretch) == .stretch)
        var rows = GridAxisSizing(
            tracks: inner.height == nil ? rowTracks.map(\.withoutPercentages) : rowTracks,
            gap: rowGapLength.resolve(inner.height) ?? 0, inner: inner.height,
            // (A height not known is its content's, as browsers find a block size: the rows are sized
            // under a max-content constraint whatever room there is below; under a min-content one
            // only for the least height an aspect ratio's size is floored at.)
            space: rowsAtMinContent ? .minContent : .maxContent, minInner: minInner.height,
            maxInner: maxInner.height,
            stretches: (style.pointee.alignContent ?? .stretch) == .stretch)
        let isRightToLeft = rightToLeft[node]
        let containerAlignment = (style.pointee.justifyItems, style.pointee.alignItems)
        alignInlineBaselines(&items, isRightToLeft: isRightToLeft, alignment: containerAlignment)
        // In a grid of definite height, items whose width follows their height (an aspect ratio, a
        // height in a percentage) are measured in the rows' sizes as first estimated without the
        // columns, as Chromium does; others, and every item of a grid whose height comes from its
        // rows, see only the rows their maximums fix (css-grid-1 §12.1).
        // (The rows the columns are measured in: as their maximums fix them, or first estimated.)
        var rowsForColumns = rows
        let anyDependsOnRows = items.contains(where: { dependsOnRows($0.node) })
        if inner.height != nil, anyDependsOnRows {
            var others = columns
            others.isSized = false
            sizeGridAxis(
                &rowsForColumns, isColumns: false, items: &items, other: others, innerWidth: inner.width,
                alignment: containerAlignment)
            for index in items.indices { items[index].contributions[3...5] = [nil, nil, nil] }
            rowsForColumns.isEstimated = true
        }
        sizeGridAxis(
            &columns, isColumns: true, items: &items, other: rowsForColumns, innerWidth: inner.width,
            alignment: containerAlignment)
        if inner.width == nil {
            let found = columns.used.clamp(minInner.width, maxInner.width)
            inner.width = found
            if columns.resolvePercentages(columnTracks, gap: columnGapLength, in: found) {
                for index in items.indices { items[index].contributions = [nil, nil, nil, nil, nil, nil] }
                sizeGridAxis(
                    &columns, isColumns: true, items: &items, other: rowsForColumns, innerWidth: found,
                    alignment: containerAlignment)
            }
        }
        alignBaselines(&items, columns: columns, alignment: containerAlignment)
        sizeGridAxis(
            &rows, isColumns: false, items: &items, other: columns, innerWidth: inner.width,
            alignment: containerAlignment)
        if inner.height == nil {
            let found = rows.used.clamp(minInner.height, maxInner.height)
            inner.height = found
            // (Percentages resolve against the height found, and flexible rows share it again as at
            // a definite height, as Chromium lays the grid out at the height it found: a row the
            // max-content pass grew past its base can come out smaller, `0.5fr` beside a row its
            // item holds open.)
            let hasFlexibleRows = rows.tracks.contains(where: \.isFlexible)
            if rows.resolvePercentages(rowTracks, gap: rowGapLength, in: found) || hasFlexibleRows {
                rows.inner = found
                for index in items.indices { items[index].contributions[3...5] = [nil, nil, nil] }
                sizeGridAxis(
                    &rows, isColumns: false, items: &items, other: columns, innerWidth: inner.width,
                    alignment: containerAlignment)
            }
        }
        // (A size known is kept: whoever gave it applied the limits, the ratio's head among them.)
        let size = Pair(
            outer.width
                ?? (inner.width! + paddingBorder.width).clamp(limits.min.width, limits.max.width)
                .maybeMax(paddingBorder.width),
            outer.height
                ?? (inner.height! + paddingBorder.height).clamp(limits.min.height, limits.max.height)
                .maybeMax(paddingBorder.height))
        if mode == .computeSize { return NodeOutput(size: size) }

        // Where the width was known and the rows were not estimated first, items whose width
        // follows their height have the columns sized again in the rows' sizes, then the rows in
        // the new columns' (§12.1 steps 3 and 4), the grid keeping the size the first pass found,
        // as in Chromium.
        if anyDependsOnRows, !rowsForColumns.isEstimated {
            for index in items.indices { items[index].contributions = [nil, nil, nil, nil, nil, nil] }
            var sizedRows = rows
            sizedRows.isEstimated = true
            sizeGridAxis(
                &columns, isColumns: true, items: &items, other: sizedRows, innerWidth: inner.width,
                alignment: containerAlignment)
            sizeGridAxis(
                &rows, isColumns: false, items: &items, other: columns, innerWidth: inner.width,
                alignment: containerAlignment)
        }

        // Content alignment (§10.5): each track's start, from the content box's start.
        let innerSize = Pair(max(size.width - paddingBorder.width, 0), max(size.height - paddingBorder.height, 0))
        let columnStarts = trackStarts(columns, room: innerSize.width, alignment: style.pointee.justifyContent)
        let rowStarts = trackStarts(rows, room: innerSize.height, alignment: style.pointee.alignContent)
        let startInset = Pair(isRightToLeft ? inset.right : inset.left, inset.top)
        var content = Pair(0.0, 0.0)
        var baseline: Double?
        var baselineRow = Int.max
        for item in items {
            let area = gridArea(item.columns, item.rows, columnStarts, rowStarts, columns, rows)
            let placed = placeGridItem(
                item.node, area: area, startInset: startInset, containerWidth: size.width,
                isRightToLeft: isRightToLeft, alignment: containerAlignment, baselineShim: item.baselineShim,
                inlineShim: item.inlineShim)
            if item.rows.lowerBound < baselineRow {
                baselineRow = item.rows.lowerBound
                baseline = placed.y + (frames[item.node].baseline ?? frames[item.node].height)
            }
            contribute(item.node, size: placed.size, content: placed.content, x: placed.x, y: placed.y, into: &content)
        }
        let linePositions = (columns: columnStarts, rows: rowStarts)
        for child in absolute {
            let item = self.style(child).pointee.gridValues
            func area(
                _ start: GridLine, _ end: GridLine, lines: GridAxisLines, offsets: [Double], sizing: GridAxisSizing,
                first firstLine: Int
            ) -> (Double?, Double?) {
                // (Lines resolve as an item's do, a span counting from the other line; lines the
                // wrong way round are swapped, and equal ones span one track. A line left auto, or
                // outside the grid, is the padding box's edge.)
                var first = lines.resolve(start, isStart: true)
                var last = lines.resolve(end, isStart: false)
                if let low = first, case .span = end { last = lines.spanning(end, from: low, forwards: true) }
                if let high = last, case .span = start { first = lines.spanning(start, from: high, forwards: false) }
                if let low = first, let high = last, high < low { (first, last) = (high, low) }
                if let low = first, low == last { last = low + 1 }
                // (A start line is where the track after it starts, an end line where the track
                // before it ends: an area leaves out the gaps at its edges, as in Chromium.)
                func offset(_ line: Int?, isEnd: Bool) -> Double? {
                    guard let index = line.map({ $0 - firstLine }), offsets.indices.contains(index) else { return nil }
                    guard isEnd, index > 0 else { return offsets[index] }
                    return offsets[index - 1] + sizing.tracks[index - 1].base
                }
                return (offset(first, isEnd: false), offset(last, isEnd: true))
            }
            let horizontal = area(
                item.columnStart, item.columnEnd, lines: columnLines, offsets: linePositions.columns, sizing: columns,
                first: firstColumn)
            let vertical = area(
                item.rowStart, item.rowEnd, lines: rowLines, offsets: linePositions.rows, sizing: rows, first: firstRow)
            let placed = placeAbsoluteGridItem(
                child, horizontal: horizontal, vertical: vertical, inset: inset, border: border, size: size,
                isRightToLeft: isRightToLeft, alignment: containerAlignment)
            contribute(child, size: placed.size, content: placed.content, x: placed.x, y: placed.y, into: &content)
        }
        for child in children(of: node) where self.style(Int(child)).pointee.display == .none { hide(Int(child)) }
        let contentSize = Pair(
            max(size.width, content.width + inset.right - border.right),
            max(size.height, content.height + inset.bottom - border.bottom))
        return NodeOutput(size: size, contentSize: contentSize, baseline: baseline)
    }

    /// Whether an item's width may follow the height it is given: it has an aspect ratio, or a
    /// height (or a limit of it) in a percentage.
    private func dependsOnRows(_ child: Int) -> Bool {
        let style = style(child)
        return style.pointee.aspectRatio != nil || style.pointee.height.isPercent || style.pointee.minHeight.isPercent
            || style.pointee.maxHeight.isPercent
    }

    /// How many times an `auto-fill` or `auto-fit` repetition repeats (§7.2.3.2): as many as fit the
    /// size (or the maximum), or as few as fill the minimum; 1 where none of them is known.
    private func autoRepetitions(_ list: GridTrackList, size: Double?, min: Double?, max: Double?, gap: Double) -> Int {
        var fixed: [Double] = []
        var repeated: [Double] = []
        for item in list.items {
            switch item {
            case .lineNames: continue
            case .track(let track): fixed.append(fixedSize(track, base: size ?? max ?? min))
            case .repetition(let repetition):
                switch repetition.count {
                case .times(let times):
                    for _ in 0..<times {
                        for case .track(let track) in repetition.items {
                            fixed.append(fixedSize(track, base: size ?? max ?? min))
                        }
                    }
                case .autoFill, .autoFit:
                    // (A repeated track counts as at least 1 point, as in Chromium: tracks of 0 do not
                    // repeat without end.)
                    for case .track(let track) in repetition.items {
                        repeated.append(Swift.max(fixedSize(track, base: size ?? max ?? min), 1))
                    }
                }
            }
        }
        guard !repeated.isEmpty else { return 0 }
        let room = size ?? max
        guard let target = room ?? min else { return 1 }
        let fixedTotal = fixed.reduce(0, +)
        let once = repeated.reduce(0, +)
        func total(_ count: Int) -> Double {
            let tracks = fixed.count + repeated.count * count
            return fixedTotal + once * Double(count) + gap * Double(Swift.max(tracks - 1, 0))
        }
        var count = 1
        if room != nil {
            while count < GridTrackList.maximumTracks, total(count + 1) <= target { count += 1 }
        } else {
            while count < GridTrackList.maximumTracks, total(count) < target { count += 1 }
        }
        return count
    }

    /// A fixed track's size for counting repetitions: its maximum where that is a length, else its
    /// minimum.
    private func fixedSize(_ size: GridTrackSize, base: Double?) -> Double {
        func points(_ breadth: GridBreadth) -> Double? {
            switch breadth {
            case .points(let value): value
            case .percent(let value): base.map { $0 * value / 100 }
            default: nil
            }
        }
        switch size {
        case .breadth(let breadth): return points(breadth) ?? 0
        case .minmax(let low, let high):
            // (Its maximum where that is fixed, floored by a fixed minimum.)
            guard let maximum = points(high) else { return points(low) ?? 0 }
            return Swift.max(maximum, points(low) ?? 0)
        case .fitContent: return 0
        }
    }

    /// The tracks of one axis from its first line to its last: implicit ones sized by the automatic
    /// sizes (backwards before the explicit grid), the explicit ones by the template; an empty track
    /// of an `auto-fit` repetition collapses.
    private func gridTracks(
        _ template: GridTrackList, repetitions: Int, explicit: Int, auto: GridAutoTracks, lines: Range<Int>,
        used: Set<Int>
    ) -> [SizingTrack] {
        var sizes: [(GridTrackSize, Bool)] = []
        func add(_ items: [GridTrackList.Item], fits: Bool) {
            for item in items {
                switch item {
                case .lineNames: continue
                case .track(let size): sizes.append((size, fits))
                case .repetition(let repetition):
                    switch repetition.count {
                    case .times(let times): for _ in 0..<times { add(repetition.items, fits: fits) }
                    case .autoFill: for _ in 0..<repetitions { add(repetition.items, fits: false) }
                    case .autoFit: for _ in 0..<repetitions { add(repetition.items, fits: true) }
                    }
                }
            }
        }
        add(template.items, fits: false)
        let autos = auto.sizes.isEmpty ? [GridTrackSize.breadth(.auto)] : auto.sizes
        return lines.map { line in
            if line < 0 {
                let back = -line
                return SizingTrack(autos[(autos.count - back % autos.count) % autos.count])
            }
            if line < sizes.count {
                var track = SizingTrack(sizes[line].0)
                track.collapsed = sizes[line].1 && !used.contains(line - lines.lowerBound)
                return track
            }
            return SizingTrack(autos[(line - sizes.count) % autos.count])
        }
    }
}

extension GridBreadth {
    var isPercent: Bool {
        if case .percent = self { return true }
        return false
    }
}
