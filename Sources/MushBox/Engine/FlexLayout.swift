/// The flex layout algorithm of css-flexbox-1 §9, for one container.
extension LayoutTree {
    func flexLayout(
        _ node: Int, known: Known, parentSize: Known, space: Space, mode: RunMode, sizing: SizingMode,
        axis: RequestedAxis = .both, indefiniteHeight: Bool = false
    ) -> NodeOutput {
        let style = style(node)
        var styledKnown = known.or(styleKnown(node, parentSize: parentSize, sizing: sizing))
        if mode == .computeSize, let width = styledKnown.width, let height = styledKnown.height {
            return NodeOutput(size: Pair(width, height))
        }
        // A size fixed in one axis gives the other its ratio's size (``ratioCarried``), or its
        // content's where that is larger, as Chromium finds it: a height from where its items end
        // when laid out at the ratio's height (stretched to it, or shrunk into it), a width from its
        // min-content width at its height. A height in a percentage that acts as auto keeps the
        // ratio, and the floor is for an auto height only (an item's width measured for its
        // automatic minimum takes it whatever its width).
        var layoutHeight: Double?
        // (The cheap test first: the closure is formed only for a box the ratio sizes.)
        if style.pointee.aspectRatio != nil, (styledKnown.width == nil) != (styledKnown.height == nil),
            styledKnown.width != nil || !indefiniteHeight,
            let carried = ratioCarried(
                node, known: styledKnown, parentSize: parentSize,
                content: { isWidthKnown, transferred in
                    guard isWidthKnown else {
                        return flexAlgorithm(
                            node, style: style, known: styledKnown, parentSize: parentSize,
                            space: Space(.minContent, space.height), mode: .computeSize, axis: .width,
                            indefiniteHeight: indefiniteHeight
                        ).size.width
                    }
                    guard style.pointee.height == .auto, let ratioHeight = transferred.height else { return nil }
                    // (A row's lines, its items stretched to the ratio's height; a column's items at
                    // their hypothetical heights, its height being the one to find.)
                    let isRow = style.pointee.flexDirection.isRow
                    let content = flexAlgorithm(
                        node, style: style, known: isRow ? transferred : styledKnown, parentSize: parentSize,
                        space: space, mode: .computeSize, axis: isRow ? .both : .height,
                        indefiniteHeight: isRow ? false : indefiniteHeight, measuresLines: isRow
                    ).size.height
                    guard content > ratioHeight else { return nil }
                    // (Its items are laid out at the ratio's height, as Chromium lays them out before
                    // it grows the box to their content: their percentages resolve against it and
                    // those that stretch find their widths at it.)
                    layoutHeight = ratioHeight
                    return content
                })
        {
            styledKnown = carried
            if mode == .computeSize, let width = styledKnown.width, let height = styledKnown.height {
                return NodeOutput(size: Pair(width, height))
            }
        }
        return flexAlgorithm(
            node, style: style, known: styledKnown, parentSize: parentSize, space: space, mode: mode, axis: axis,
            indefiniteHeight: indefiniteHeight && styledKnown.height == known.height, layoutHeight: layoutHeight)
    }

    /// The algorithm itself. With `measuresLines`, it stops once its lines' cross sizes are found
    /// from its items (as if its own cross size were not known, but with its items stretched to it),
    /// and answers their sum, with the gaps and its padding and border, as its cross size. A
    /// `layoutHeight` is the height its items' percentages and stretched sizes see, where its own
    /// grew past it.
    private func flexAlgorithm(
        _ node: Int, style: UnsafePointer<BoxStyle>, known: Known, parentSize: Known, space outerSpace: Space,
        mode: RunMode, axis: RequestedAxis, indefiniteHeight: Bool, measuresLines: Bool = false,
        layoutHeight: Double? = nil
    ) -> NodeOutput {
        // The constants in memory of their own, read through a pointer by every step (passed as a
        // value, the 320-byte struct was copied for each call).
        return withUnsafeTemporaryAllocation(of: FlexConstants.self, capacity: 1) { buffer in
            let c = buffer.baseAddress!
            c.initialize(
                to: constants(
                    node, style: style, known: known, parentSize: parentSize, indefiniteHeight: indefiniteHeight))
            defer { c.deinitialize(count: 1) }
            if let layoutHeight {
                c.pointee.percentBase.height = max(layoutHeight - c.pointee.contentInset.vertical, 0)
            }
            let isRow = c.pointee.isRow
            // 9.1 The in-flow items.
            // The items live in the arena, above those of the containers being laid out around this one.
            let arenaBase = arenaTop
            let items = flexItems(node, constants: c, arenaBase: arenaBase)
            arenaTop += items.count
            defer {
                items.deinitialize()
                arenaTop = arenaBase
            }
            // 9.2 The available space: the content box's, never below 0 (css-sizing-3's stretch-fit size),
            // so that ancestors too small for their padding ask their descendants one question, not one
            // per ancestor.
            let space = Space(
                known.width.map { .points(max($0 - c.pointee.contentInset.horizontal, 0)) }
                    ?? outerSpace.width.maybeSub(c.pointee.margin.horizontal + c.pointee.contentInset.horizontal)
                    .mapPoints { max($0, 0) },
                known.height.map { .points(max($0 - c.pointee.contentInset.vertical, 0)) }
                    ?? outerSpace.height.maybeSub(c.pointee.margin.vertical + c.pointee.contentInset.vertical).mapPoints
                { max($0, 0) })
            determineFlexBaseSizes(items, constants: c, space: space)
            // 9.3 Lines, and the container's main size.
            var lines = collectLines(items, constants: c, space: space)
            if let innerMain = c.pointee.nodeInnerSize.main(isRow) {
                c.pointee.innerContainerSize.setMain(isRow, innerMain)
                c.pointee.containerSize.setMain(isRow, innerMain + c.pointee.contentInset.mainSum(isRow))
            } else {
                determineContainerMainSize(items, lines: lines, constants: c, space: space)
                // Asked for its main size alone: its cross size (NaN) is not worked out.
                if mode == .computeSize, axis == (isRow ? .width : .height) {
                    let main = c.pointee.containerSize.main(isRow)
                    return NodeOutput(size: isRow ? Pair(main, .nan) : Pair(.nan, main))
                }
                // A percentage column gap resolves now that the width is known (a height found from the
                // content is not definite: a percentage row gap stays 0, as in Chromium), and a wrapping
                // row breaks its lines at the width found.
                if isRow {
                    c.pointee.gap.width = style.pointee.columnGap.resolve(c.pointee.innerContainerSize.width) ?? 0
                    if c.pointee.isWrap, case .points = space.width {
                        lines = collectLines(
                            items, constants: c, space: Space(.points(c.pointee.innerContainerSize.width), space.height)
                        )
                    }
                }
            }
            for line in lines { resolveFlexibleLengths(items, line: line, constants: c, space: space) }
            // 9.4 Cross sizes.
            for index in items.indices {
                hypotheticalCrossSize(&items[index], constants: c, known: known, space: space)
            }
            computeBaselines(items, lines: lines, constants: c, known: known, space: space)
            lineCrossSizes(items, lines: &lines, constants: c, known: known, fromItems: measuresLines)
            if measuresLines {
                var total = gapSum(c.pointee.crossGap, lines.count) + c.pointee.contentInset.crossSum(isRow)
                for line in lines { total += line.crossSize }
                return NodeOutput(
                    size: Pair.fromMainCross(isRow, main: c.pointee.containerSize.main(isRow), cross: total))
            }
            stretchLines(&lines, constants: c, known: known)
            usedCrossSizes(items, lines: lines, constants: c)
            // 9.5 Main-axis alignment.
            distributeFreeSpace(items, lines: lines, constants: c)
            // 9.6 Cross-axis alignment.
            alignCrossAxis(items, lines: lines, constants: c)
            let totalLineCross = containerCrossSize(lines: lines, constants: c, known: known, space: space)
            if mode == .computeSize {
                return NodeOutput(size: c.pointee.containerSize)
            }
            alignLines(&lines, constants: c, totalCross: totalLineCross)
            var content = finalLayout(items, lines: lines, constants: c)
            let absolute = absoluteLayout(node, constants: c)
            content.width = max(content.width, absolute.width)
            content.height = max(content.height, absolute.height)
            for child in children(of: node) where self.style(Int(child)).pointee.display == .none {
                hide(Int(child))
            }
            // The first baseline: of the first item aligned by baseline in the first line, or of its first
            // item.
            var baseline: Double?
            if let first = c.pointee.isWrapReverse ? lines.last : lines.first, !first.items.isEmpty {
                // In visual order: a reversed line starts with its last item.
                var chosen = c.pointee.isReverse ? first.items.upperBound - 1 : first.items.lowerBound
                if isRow {
                    inOrder(first.items, reversed: c.pointee.isReverse) { index in
                        if items[index].alignSelf == .baseline, items[chosen].alignSelf != .baseline { chosen = index }
                    }
                }
                // (Where the item sits in flow: a relative offset moves its box, not the baseline.)
                let frame = frames[items[chosen].node]
                baseline = frame.y - items[chosen].relativeY + (frame.baseline ?? frame.height)
            }
            let size = c.pointee.containerSize
            let contentSize = Pair(
                max(size.width, content.width + c.pointee.contentInset.right - c.pointee.border.right),
                max(size.height, content.height + c.pointee.contentInset.bottom - c.pointee.border.bottom))
            return NodeOutput(size: size, contentSize: contentSize, baseline: baseline)
        }
    }

    func constants(
        _ node: Int, style: UnsafePointer<BoxStyle>, known: Known, parentSize: Known, indefiniteHeight: Bool = false
    ) -> FlexConstants {
        let isRightToLeft = rightToLeft[node]
        let aspectRatio = style.pointee.aspectRatio
        var margin = style.pointee.margin.resolveOrZero(parentSize.width)
        let padding = style.pointee.padding.resolveOrZero(parentSize.width)
        var border = style.pointee.border.resolveOrZero(parentSize.width)
        let paddingBorder = (padding + border).sums
        let boxSizing = style.pointee.boxSizing == .contentBox ? paddingBorder : Pair(0, 0)
        let size = BoxLength.resolve(style.pointee.width, style.pointee.height, against: parentSize)
        var contentInset = padding + border
        if isRightToLeft {
            margin = margin.mirrored
            border = border.mirrored
            contentInset = contentInset.mirrored
        }
        var (minSize, maxSize) = styleLimits(style, against: parentSize, ratio: aspectRatio, boxSizing: boxSizing)
        // (A border-box ratio's floor of padding and border holds under the sizes the box finds for
        // itself, as under an item's: it costs no layout.)
        if size.width == nil, size.height == nil,
            let floor = aspectRatioFloor(style, paddingBorder: paddingBorder, maxSize: maxSize)
        {
            minSize = Known(max(minSize.width ?? 0, floor.width), max(minSize.height ?? 0, floor.height))
        }
        let innerSize = Known(
            known.width.map { max($0 - contentInset.horizontal, 0) },
            known.height.map { max($0 - contentInset.vertical, 0) })
        let percentBase = Known(innerSize.width, indefiniteHeight ? nil : innerSize.height)
        let gap = Pair(
            style.pointee.columnGap.resolve(percentBase.width ?? 0) ?? 0,
            style.pointee.rowGap.resolve(percentBase.height ?? 0) ?? 0)
        return FlexConstants(
            isRow: style.pointee.flexDirection.isRow, isReverse: style.pointee.flexDirection.isReverse,
            isWrap: style.pointee.flexWrap != .noWrap, isWrapReverse: style.pointee.flexWrap == .wrapReverse,
            isRightToLeft: isRightToLeft,
            minSize: minSize, maxSize: maxSize, margin: margin, border: border, contentInset: contentInset, gap: gap,
            alignItems: style.pointee.alignItems ?? .stretch, alignContent: style.pointee.alignContent ?? .stretch,
            justifyContent: style.pointee.justifyContent, nodeOuterSize: known, nodeInnerSize: innerSize,
            percentBase: percentBase)
    }

    /// The in-flow children as flex items, in the arena above `base`.
    private func flexItems(_ node: Int, constants c: UnsafePointer<FlexConstants>, arenaBase: Int) -> Items {
        var count = 0
        let base = c.pointee.percentBase
        let first = arena.baseAddress! + arenaBase
        for child in children(of: node) {
            let child = Int(child)
            let style = style(child)
            guard style.pointee.position != .absolute, style.pointee.display != .none else { continue }
            // An item of the same style as the one before it resolves alike (siblings mostly share
            // their styles): a copy of that item, as it stands before the algorithm's steps.
            if count > 0, sharesStyle(child, first[count - 1].node) {
                (first + count).initialize(to: first[count - 1])
                first[count].node = child
                count += 1
                continue
            }
            let aspectRatio = style.pointee.aspectRatio
            let padding = style.pointee.padding.resolveOrZero(base.width)
            let border = style.pointee.border.resolveOrZero(base.width)
            let boxSizing = style.pointee.boxSizing == .contentBox ? (padding + border).sums : Pair(0, 0)
            let size = BoxLength.resolve(style.pointee.width, style.pointee.height, against: base)
            // (Along a row, an item's width takes no limit through its ratio, as in Chromium.)
            let limits = styleLimits(
                style, against: base, ratio: c.pointee.isRow ? nil : aspectRatio, boxSizing: boxSizing)
            var margin = style.pointee.margin.resolveOrZero(base.width)
            var autoLeft = style.pointee.margin.left == .auto
            var autoRight = style.pointee.margin.right == .auto
            var insetLeft = style.pointee.inset.left.resolve(base.width)
            var insetRight = style.pointee.inset.right.resolve(base.width)
            if c.pointee.isRightToLeft {
                margin = margin.mirrored
                swap(&autoLeft, &autoRight)
                swap(&insetLeft, &insetRight)
            }
            (first + count).initialize(
                to: FlexItem(
                    node: child,
                    size: size.maybeAdd(boxSizing),
                    minSize: limits.min, maxSize: limits.max,
                    insetTop: style.pointee.inset.top.resolve(base.height),
                    autoTop: style.pointee.margin.top == .auto, insetRight: insetRight, autoRight: autoRight,
                    insetBottom: style.pointee.inset.bottom.resolve(base.height),
                    autoBottom: style.pointee.margin.bottom == .auto, insetLeft: insetLeft, autoLeft: autoLeft,
                    alignSelf: style.pointee.alignSelf ?? c.pointee.alignItems,
                    isScrollContainer: style.pointee.overflow.isScrollContainer, margin: margin, padding: padding,
                    border: border, flexGrow: style.pointee.flexGrow, flexShrink: style.pointee.flexShrink))
            count += 1
        }
        return Items(rebasing: arena[arenaBase..<arenaBase + count])
    }

    /// §9.2.3: each item's flex base size and hypothetical main size.
    private func determineFlexBaseSizes(_ items: Items, constants c: UnsafePointer<FlexConstants>, space: Space) {
        let isRow = c.pointee.isRow
        for index in items.indices {
            let item = UnsafePointer(items.baseAddress! + index)
            let style = style(item.pointee.node)
            let containerMain = c.pointee.percentBase.main(isRow)
            let boxSizing = style.pointee.boxSizing == .contentBox ? item.pointee.paddingBorderSums.main(isRow) : 0
            let flexBasis = style.pointee.flexBasis.resolve(containerMain).maybeAdd(boxSizing)

            // A percentage basis of an unknown height is `content` (§7.2.3): the content's size, not
            // the item's own (`flexBasis: 0%` and `height: 1` in a column of auto height is 0). (A
            // row's width is unknown only while its intrinsic size is found, where Chromium keeps
            // the item's width.)
            var isContentBasis = false
            if !isRow, flexBasis == nil, case .percent = style.pointee.flexBasis { isContentBasis = true }
            var basis: Double
            var basisFromRatio = false
            if !isContentBasis, let definite = flexBasis ?? item.pointee.size.main(isRow) {
                basis = definite
            } else {
                // (What the item is measured with is worked out only where it is measured.)
                let (childKnown, childParentSize, crossSpace) = measuringInputs(item, constants: c, space: space)
                if let fromCross = ratioMain(item, known: childKnown, constants: c) {
                    basis = fromCross
                    basisFromRatio = true
                } else {
                    let mainSpace: AvailableSpace = space.main(isRow) == .minContent ? .minContent : .maxContent
                    let childSpace = Space.fromMainCross(isRow, main: mainSpace, cross: crossSpace)
                    basis = measure(
                        item.pointee.node, known: childKnown, parentSize: childParentSize, space: childSpace,
                        sizing: .contentSize,
                        isRow: isRow)
                }
            }
            let paddingBorderMain = item.pointee.padding.mainSum(isRow) + item.pointee.border.mainSum(isRow)
            basis = max(basis, paddingBorderMain)
            if flexBasis == nil, let floor = ratioFloor(item) { basis = max(basis, floor.main(isRow)) }
            items[index].flexBasis = basis
            items[index].hasDefiniteBasis = !isContentBasis && (flexBasis ?? item.pointee.size.main(isRow)) != nil
            items[index].innerFlexBasis = basis - paddingBorderMain

            // §4.5: the automatic minimum size (0 for scroll containers).
            if let styleMinMain = item.pointee.minSize.main(isRow) ?? (item.pointee.isScrollContainer ? 0 : nil) {
                items[index].resolvedMinimumMain = styleMinMain
            } else if flexBasis != nil || item.pointee.size.main(isRow) != nil || basisFromRatio {
                // The automatic minimum is at most the item's size: where the basis is at least that,
                // the hypothetical size does not need it, and it is measured only if the line shrinks
                // (which spares a chain of sized boxes a measurement of every descendant per level).
                if let size = item.pointee.size.main(isRow), basis >= size {
                } else {
                    _ = minimumMain(&items[index], constants: c, space: space)
                }
            }
            let hypotheticalMinimum = max(items[index].resolvedMinimumMain ?? 0, paddingBorderMain)
            let hypothetical = basis.clamp(hypotheticalMinimum, item.pointee.maxSize.main(isRow))
            items[index].hypotheticalInner.setMain(isRow, hypothetical)
            items[index].hypotheticalOuter.setMain(isRow, hypothetical + item.pointee.margin.mainSum(isRow))
        }
    }

    /// The main size that an item's aspect ratio gives it from a definite cross size (§9.2.3 B): its
    /// own, or the one it is stretched to, for in a single-line container of definite cross size a
    /// stretched item's cross size is definite (§9.8, 1), as browsers take it (a column 200 wide gives
    /// an item of ratio 2 a height of 100, not its content's 0). The ratio holds between the border
    /// box's sides, or the content box's with `boxSizing: contentBox`. `known` is the item's
    /// ``measuringInputs(_:constants:space:)``, whose cross size is the item's own or the stretched one
    /// (none for auto cross margins, or for a ratio item in a wrapping container, whose lines' cross
    /// sizes are not known yet). nil when there is none.
    @inline(__always)
    private func ratioMain(_ item: UnsafePointer<FlexItem>, known: Known, constants c: UnsafePointer<FlexConstants>)
        -> Double?
    {
        let isRow = c.pointee.isRow
        let style = style(item.pointee.node)
        // (Within the item's limits across: a width of 1 under a maximum of 0 gives a height of 0.)
        guard let ratio = style.pointee.aspectRatio,
            let cross = known.cross(isRow)?.clamp(item.pointee.minSize.cross(isRow), item.pointee.maxSize.cross(isRow))
        else { return nil }
        return Known.fromMainCross(isRow, main: nil, cross: cross).transferringAspectRatio(
            ratio, contentBox: style.pointee.boxSizing == .contentBox, paddingBorder: item.pointee.paddingBorderSums
        ).main(isRow)
    }

    /// The floor a border-box aspect ratio puts under an item with neither size of its own
    /// (``aspectRatioFloor(_:paddingBorder:maxSize:)``), for its flex basis and its contribution.
    @inline(__always)
    private func ratioFloor(_ item: UnsafePointer<FlexItem>) -> Pair<Double>? {
        guard item.pointee.size.width == nil, item.pointee.size.height == nil else { return nil }
        return aspectRatioFloor(
            style(item.pointee.node), paddingBorder: item.pointee.paddingBorderSums, maxSize: item.pointee.maxSize)
    }

    /// What an item is measured with for its flex basis and its minimum: its known sizes (its cross
    /// size when it stretches into a definite line), the container's inner size, which its
    /// percentages resolve against (its padding and border too, so that a content-sized item is
    /// measured with the padding it will have), and its available cross space.
    @inline(__always)
    private func measuringInputs(
        _ item: UnsafePointer<FlexItem>, constants c: UnsafePointer<FlexConstants>, space: Space
    ) -> (
        known: Known, parentSize: Known, crossSpace: AvailableSpace
    ) {
        let isRow = c.pointee.isRow
        // (Stretched into a definite cross size only: a row's height found from its content is not,
        // whatever height it is then laid out at, §9.8.)
        let crossParent = c.pointee.percentBase.cross(isRow)
        let crossMargins = c.pointee.margin.crossSum(isRow)
        let minCross = item.pointee.minSize.cross(isRow).maybeAdd(crossMargins)
        let maxCross = item.pointee.maxSize.cross(isRow).maybeAdd(crossMargins)
        let crossSpace: AvailableSpace
        switch space.cross(isRow) {
        case .points(let value): crossSpace = .points((crossParent ?? value).clamp(minCross, maxCross))
        case .minContent: crossSpace = minCross.map { .points($0) } ?? .minContent
        case .maxContent: crossSpace = maxCross.map { .points($0) } ?? .maxContent
        }
        var known = item.pointee.size
        known.setMain(isRow, nil)
        // (Its own cross size within its limits.)
        known.setCross(
            isRow, known.cross(isRow)?.clamp(item.pointee.minSize.cross(isRow), item.pointee.maxSize.cross(isRow)))
        // (An auto margin across the axis keeps an item from stretching, §8.1. In a wrapping
        // container the cross size an item will stretch to is its line's, not known yet: an item
        // with an aspect ratio is measured without it, as browsers do, so that the ratio does not
        // turn an assumed cross size into a main size.)
        let ratioInWrap = c.pointee.isWrap && style(item.pointee.node).pointee.aspectRatio != nil
        if item.pointee.alignSelf == .stretch, !item.pointee.autoCrossMargin(isRow), !ratioInWrap,
            known.cross(isRow) == nil,
            crossParent != nil
        {
            // Stretched into a container of definite cross size (§9.4 step 11), never below its
            // padding and border. (Stretched into the container's available space instead, as Taffy
            // does, every ancestor's available space would become a new known size below it, and a
            // chain of padded boxes would be asked exponentially many questions.)
            // The container's cross size is definite whatever space it was given (a root of fixed
            // height laid out at max-content).
            let paddingBorder = item.pointee.padding.crossSum(isRow) + item.pointee.border.crossSum(isRow)
            let stretched = crossParent.map { $0.clamp(minCross, maxCross) }
            known.setCross(isRow, stretched.maybeSub(item.pointee.margin.crossSum(isRow)).maybeMax(paddingBorder))
        }
        return (known, c.pointee.percentBase, crossSpace)
    }

    /// The item's minimum main size, measured the first time it is asked for.
    private func minimumMain(_ item: inout FlexItem, constants c: UnsafePointer<FlexConstants>, space: Space) -> Double
    {
        if let minimum = item.resolvedMinimumMain { return minimum }
        let isRow = c.pointee.isRow
        let (known, parentSize, crossSpace) = measuringInputs(&item, constants: c, space: space)
        let childSpace = Space.fromMainCross(isRow, main: .minContent, cross: crossSpace)
        let minContent = measure(
            item.node, known: known, parentSize: parentSize, space: childSpace, sizing: .contentSize, isRow: isRow)
        let minimum = minContent.maybeMin(item.size.main(isRow)).maybeMin(item.maxSize.main(isRow))
            .maybeMax(item.padding.mainSum(isRow) + item.border.mainSum(isRow))
        item.resolvedMinimumMain = minimum
        return minimum
    }

    /// §9.3.5: items into lines.
    private func collectLines(_ items: Items, constants c: UnsafePointer<FlexConstants>, space: Space) -> FlexLines {
        guard c.pointee.isWrap else { return FlexLines(FlexLine(items: 0..<items.count)) }
        let isRow = c.pointee.isRow
        let mainSpace: AvailableSpace
        if !isRow, c.pointee.nodeInnerSize.height == nil {
            // A column of auto height wraps only under its maximum height.
            mainSpace =
                c.pointee.maxSize.height.map { .points(max($0 - c.pointee.contentInset.vertical, 0)) } ?? .maxContent
        } else if let maxMain = c.pointee.maxSize.main(isRow) {
            mainSpace = .points(
                min(space.main(isRow).definite ?? maxMain, maxMain).maybeMax(c.pointee.minSize.main(isRow)))
        } else {
            mainSpace = space.main(isRow)
        }
        switch mainSpace {
        case .maxContent:
            return FlexLines(FlexLine(items: 0..<items.count))
        case .minContent:
            return FlexLines(eachOf: items.indices)
        case .points(let room):
            var lines = FlexLines()
            var start = 0
            while start < items.count {
                var length = 0.0
                var end = start
                while end < items.count {
                    length += items[end].hypotheticalOuter.main(isRow) + (end == start ? 0 : c.pointee.mainGap)
                    if length > room, end != start { break }
                    end += 1
                }
                lines.append(FlexLine(items: start..<end))
                start = end
            }
            if lines.isEmpty { lines.append(FlexLine(items: 0..<0)) }
            return lines
        }
    }

    /// §9.3.4 for a container whose main size is not definite: from its items' contributions.
    private func determineContainerMainSize(
        _ items: Items, lines: FlexLines, constants c: UnsafeMutablePointer<FlexConstants>, space: Space
    ) {
        let isRow = c.pointee.isRow
        let insetMain = c.pointee.contentInset.mainSum(isRow)
        var outerMain: Double
        if let size = c.pointee.nodeOuterSize.main(isRow) {
            outerMain = size
        } else {
            if isRow {
                // A row's width from its items' contributions (§9.9.1): its max-content width, its
                // min-content width, or between the two the room it has (its fit-content width, as
                // Chromium sizes an absolutely positioned or content-sized box).
                func intrinsic(_ mainSpace: AvailableSpace) -> Double {
                    let lines =
                        mainSpace == .minContent && c.pointee.isWrap
                        ? FlexLines(eachOf: items.indices) : FlexLines(FlexLine(items: 0..<items.count))
                    let intrinsicSpace = Space.fromMainCross(true, main: mainSpace, cross: space.height)
                    return intrinsicMainSize(items, lines: lines, constants: c, space: intrinsicSpace)
                }
                switch space.width {
                case .points(let room):
                    outerMain = min(intrinsic(.maxContent), max(intrinsic(.minContent), room)) + insetMain
                case let mainSpace:
                    outerMain = intrinsic(mainSpace) + insetMain
                }
            } else {
                // A column's height is its longest line of items at their hypothetical heights (an auto
                // height is never squeezed by the room around it, nor wrapped by it: §9.3 and
                // Chromium).
                var longest = 0.0
                for line in lines {
                    var total = gapSum(c.pointee.mainGap, line.items.count)
                    for index in line.items { total += items[index].hypotheticalOuter.height }
                    longest = max(longest, total)
                }
                outerMain = longest + insetMain
            }
        }
        outerMain = max(outerMain.clamp(c.pointee.minSize.main(isRow), c.pointee.maxSize.main(isRow)), insetMain)
        let innerMain = max(outerMain - insetMain, 0)
        c.pointee.containerSize.setMain(isRow, outerMain)
        c.pointee.innerContainerSize.setMain(isRow, innerMain)
        c.pointee.nodeInnerSize.setMain(isRow, innerMain)
    }

    /// §9.9.1: the container's max-content (or min-content) main size, as Chromium computes it: the
    /// sum of its items' outer contributions on the longest line. An item's contribution is its
    /// preferred size (its content's where it has none) within its own limits, the minimum winning;
    /// where that would move it from a definite flex basis it cannot move from (larger and it does not
    /// grow, smaller and it does not shrink) it is its hypothetical main size instead. A multi-line
    /// container is never narrower than its widest item's min-content contribution.
    private func intrinsicMainSize(
        _ items: Items, lines: FlexLines, constants c: UnsafePointer<FlexConstants>, space: Space
    ) -> Double {
        let isRow = c.pointee.isRow
        let minContent = space.main(isRow) == .minContent
        func contribution(_ index: Int, _ space: Space, keepsBasis: Bool) -> Double {
            let item = UnsafePointer(items.baseAddress! + index)
            let insetMain = item.pointee.padding.mainSum(isRow) + item.pointee.border.mainSum(isRow)
            var preferred: Double
            if let stylePreferred = item.pointee.size.main(isRow) {
                preferred = stylePreferred
            } else {
                let (childKnown, childParentSize, crossSpace) = measuringInputs(
                    item, constants: c, space: space)
                var childSpace = space
                childSpace.setCross(isRow, crossSpace)
                preferred = measure(
                    item.pointee.node, known: childKnown, parentSize: childParentSize, space: childSpace,
                    sizing: .inherentSize, isRow: isRow)
                // (A border-box ratio's floor of padding and border holds here as for the basis.)
                if let floor = ratioFloor(item) { preferred = Swift.max(preferred, floor.main(isRow)) }
            }
            // The limits are the border box's (never below its padding and border): the margins come
            // after them.
            preferred = Swift.max(
                preferred.maybeMin(item.pointee.maxSize.main(isRow)).maybeMax(item.pointee.minSize.main(isRow)),
                insetMain)
            if keepsBasis, item.pointee.hasDefiniteBasis {
                let basis = item.pointee.flexBasis
                if (preferred > basis && item.pointee.flexGrow == 0)
                    || (preferred < basis && item.pointee.flexShrink == 0)
                {
                    preferred = item.pointee.hypotheticalInner.main(isRow)
                }
            }
            return preferred + item.pointee.margin.mainSum(isRow)
        }
        var mainSize = 0.0
        if c.pointee.isWrap {
            // The widest item's min-content contribution.
            let minSpace = Space.fromMainCross(isRow, main: .minContent, cross: space.cross(isRow))
            for index in items.indices {
                mainSize = Swift.max(mainSize, contribution(index, minSpace, keepsBasis: false))
            }
            if minContent { return mainSize }
        }
        for line in lines {
            var sum = gapSum(c.pointee.mainGap, line.items.count)
            for index in line.items { sum += contribution(index, space, keepsBasis: true) }
            mainSize = Swift.max(mainSize, sum)
        }
        return mainSize
    }

    /// §9.7: flexing the items of a line to fill (or fit) the container's main size.
    private func resolveFlexibleLengths(
        _ items: Items, line: FlexLine, constants c: UnsafePointer<FlexConstants>, space: Space
    ) {
        let isRow = c.pointee.isRow
        let innerMain = c.pointee.nodeInnerSize.main(isRow) ?? 0
        let gaps = gapSum(c.pointee.mainGap, line.items.count)
        var hypotheticalSum = gaps
        for index in line.items { hypotheticalSum += items[index].hypotheticalOuter.main(isRow) }
        let growing = hypotheticalSum < innerMain
        let shrinking = hypotheticalSum > innerMain
        let exact = !growing && !shrinking
        for index in line.items {
            let item = UnsafePointer(items.baseAddress! + index)
            let hypothetical = item.pointee.hypotheticalInner.main(isRow)
            items[index].target.setMain(isRow, hypothetical)
            if exact || (item.pointee.flexGrow == 0 && item.pointee.flexShrink == 0)
                || (growing && (item.pointee.flexGrow == 0 || item.pointee.flexBasis > hypothetical))
                || (shrinking && (item.pointee.flexShrink == 0 || item.pointee.flexBasis < hypothetical))
            {
                items[index].frozen = true
                items[index].outerTarget.setMain(isRow, hypothetical + item.pointee.margin.mainSum(isRow))
            } else {
                items[index].frozen = false
            }
        }
        if exact { return }
        func usedSpace() -> Double {
            var used = gaps
            for index in line.items {
                let item = UnsafePointer(items.baseAddress! + index)
                used +=
                    item.pointee.frozen
                    ? item.pointee.outerTarget.main(isRow) : item.pointee.flexBasis + item.pointee.margin.mainSum(isRow)
            }
            return used
        }
        let initialFree = innerMain - usedSpace()
        while true {
            var unfrozen = 0
            var growSum = 0.0
            var shrinkSum = 0.0
            for index in line.items where !items[index].frozen {
                unfrozen += 1
                growSum += items[index].flexGrow
                shrinkSum += items[index].flexShrink
            }
            if unfrozen == 0 { break }
            var free = innerMain - usedSpace()
            if growing, growSum < 1 {
                let scaled = initialFree * growSum
                if abs(scaled) < abs(free) { free = scaled }
            } else if shrinking, shrinkSum < 1 {
                let scaled = initialFree * shrinkSum
                if abs(scaled) < abs(free) { free = scaled }
            }
            if free.isNormal {
                if growing, growSum > 0 {
                    for index in line.items where !items[index].frozen {
                        let item = UnsafePointer(items.baseAddress! + index)
                        items[index].target.setMain(
                            isRow, item.pointee.flexBasis + free * item.pointee.flexGrow / growSum)
                    }
                } else if shrinking, shrinkSum > 0 {
                    var scaledSum = 0.0
                    for index in line.items where !items[index].frozen {
                        scaledSum += items[index].innerFlexBasis * items[index].flexShrink
                    }
                    if scaledSum > 0 {
                        for index in line.items where !items[index].frozen {
                            let item = UnsafePointer(items.baseAddress! + index)
                            let scaled = item.pointee.innerFlexBasis * item.pointee.flexShrink
                            items[index].target.setMain(isRow, item.pointee.flexBasis + free * scaled / scaledSum)
                        }
                    }
                }
            }
            var totalViolation = 0.0
            for index in line.items where !items[index].frozen {
                let item = UnsafePointer(items.baseAddress! + index)
                let target = item.pointee.target.main(isRow)
                // Growing past a flex basis taken from the content never goes below the minimum.
                let minimum =
                    growing && item.pointee.resolvedMinimumMain == nil
                    ? nil : minimumMain(&items[index], constants: c, space: space)
                // A box is never smaller than its padding and border, whatever its minimum says.
                let paddingBorder = item.pointee.padding.mainSum(isRow) + item.pointee.border.mainSum(isRow)
                let clamped = max(target.clamp(minimum, item.pointee.maxSize.main(isRow)), paddingBorder)
                items[index].violation = clamped - target
                items[index].target.setMain(isRow, clamped)
                items[index].outerTarget.setMain(isRow, clamped + item.pointee.margin.mainSum(isRow))
                totalViolation += clamped - target
            }
            for index in line.items where !items[index].frozen {
                let violation = items[index].violation
                if totalViolation > 0 {
                    items[index].frozen = violation > 0
                } else if totalViolation < 0 {
                    items[index].frozen = violation < 0
                } else {
                    items[index].frozen = true
                }
            }
        }
    }

    /// §9.4.7: each item's hypothetical cross size, laid out at its main size. An item that will
    /// be stretched to the line of a single-line container of definite cross size is not laid
    /// out for it: that line's size is the container's (§9.4.8), and the item's used cross size is
    /// the line's (§9.4.11), so nothing reads what it would measure (a row leaf would be laid out
    /// at its natural width for nothing). Its hypothetical size is then the stretched size.
    private func hypotheticalCrossSize(
        _ item: inout FlexItem, constants c: UnsafePointer<FlexConstants>, known: Known, space: Space
    ) {
        let isRow = c.pointee.isRow
        if let lineCross = singleLineCrossSize(constants: c, known: known), stretches(&item, constants: c) {
            let inner = stretchedCrossSize(&item, lineCross: lineCross, constants: c)
            item.hypotheticalInner.setCross(isRow, inner)
            item.hypotheticalOuter.setCross(isRow, inner + item.margin.crossSum(isRow))
            return
        }
        let paddingBorder = item.padding.crossSum(isRow) + item.border.crossSum(isRow)
        let minCross = item.minSize.cross(isRow)
        let maxCross = item.maxSize.cross(isRow)
        let styleCross = item.size.cross(isRow).maybeClamp(minCross, maxCross).maybeMax(paddingBorder)
        let inner: Double
        if let styleCross {
            inner = styleCross
        } else {
            let availableCross = space.cross(isRow).mapPoints { max($0.clamp(minCross, maxCross), paddingBorder) }
            let knownMain = c.pointee.containerSize.main(isRow)
            // (A column item's height from its content is not definite: no ratio carries it across.
            // Nor does one from its flexed height while the column's width is being found, which, as
            // in Chromium, comes from its items' own sizes before they flex: an item of aspect ratio
            // is then measured without its height.)
            let definiteMain =
                isRow || item.size.height != nil
                || (c.pointee.nodeInnerSize.width != nil && heightIsDefinite(&item, constants: c))
            let style = style(item.node)
            let measuredMain = definiteMain || style.pointee.aspectRatio == nil ? item.target.main(isRow) : nil
            let known = Known.fromMainCross(isRow, main: measuredMain, cross: styleCross)
            let childSpace = Space.fromMainCross(isRow, main: .points(knownMain), cross: availableCross)
            var measured = measure(
                item.node, known: known, parentSize: c.pointee.percentBase, space: childSpace, sizing: .contentSize,
                isRow: !isRow, indefiniteHeight: !definiteMain)
            // An aspect ratio carries the used main size across (css-sizing-4 §2.1), its content
            // taller where it is (its automatic minimum, §5.1; a scroll container's is 0).
            if definiteMain, let ratio = style.pointee.aspectRatio {
                let transferred = known.transferringAspectRatio(
                    ratio, contentBox: style.pointee.boxSizing == .contentBox, paddingBorder: item.paddingBorderSums
                ).cross(isRow)
                if let transferred {
                    measured = item.isScrollContainer ? transferred : max(transferred, measured)
                }
            }
            inner = max(measured.clamp(minCross, maxCross), paddingBorder)
        }
        item.hypotheticalInner.setCross(isRow, inner)
        item.hypotheticalOuter.setCross(isRow, inner + item.margin.crossSum(isRow))
    }

    /// The baselines of the items aligned by baseline, in rows with at least two of them.
    private func computeBaselines(
        _ items: Items, lines: FlexLines, constants c: UnsafePointer<FlexConstants>, known: Known, space: Space
    ) {
        guard c.pointee.isRow else { return }
        for line in lines {
            var count = 0
            for index in line.items where Self.sharesBaseline(items.baseAddress! + index) { count += 1 }
            guard count > 1 else { continue }
            for index in line.items where Self.sharesBaseline(items.baseAddress! + index) {
                let item = UnsafePointer(items.baseAddress! + index)
                let output = compute(
                    item.pointee.node, known: Known(item.pointee.target.width, item.pointee.hypotheticalInner.height),
                    parentSize: c.pointee.percentBase,
                    space: Space(.points(c.pointee.containerSize.width), space.height.maybeSet(known.height)),
                    mode: .performLayout, sizing: .contentSize,
                    indefiniteHeight: !heightIsDefinite(item, constants: c))
                items[index].baseline = (output.baseline ?? output.size.height) + item.pointee.margin.top
            }
        }
    }

    /// Whether an item takes part in its line's baseline alignment: aligned by baseline, without an
    /// auto margin across the line (which takes precedence over alignment, §8.1).
    static func sharesBaseline(_ item: UnsafePointer<FlexItem>, isRow: Bool = true) -> Bool {
        item.pointee.alignSelf == .baseline && !item.pointee.autoCrossStart(isRow) && !item.pointee.autoCrossEnd(isRow)
    }

    /// §9.4.8: each line's cross size.
    private func lineCrossSizes(
        _ items: Items, lines: inout FlexLines, constants c: UnsafePointer<FlexConstants>, known: Known,
        fromItems: Bool = false
    ) {
        let isRow = c.pointee.isRow
        let insetCross = c.pointee.contentInset.crossSum(isRow)
        let minCross = c.pointee.minSize.cross(isRow)
        let maxCross = c.pointee.maxSize.cross(isRow)
        if !fromItems, let cross = singleLineCrossSize(constants: c, known: known) {
            lines[0].crossSize = cross
            return
        }
        for index in lines.indices {
            var maxBaseline = 0.0
            for item in lines[index].items { maxBaseline = max(maxBaseline, items[item].baseline) }
            var size = 0.0
            for itemIndex in lines[index].items {
                let item = UnsafePointer(items.baseAddress! + itemIndex)
                let outer = item.pointee.hypotheticalOuter.cross(isRow)
                if item.pointee.alignSelf == .baseline, !item.pointee.autoCrossStart(isRow),
                    !item.pointee.autoCrossEnd(isRow)
                {
                    size = max(size, maxBaseline - item.pointee.baseline + outer)
                } else {
                    size = max(size, outer)
                }
            }
            lines[index].crossSize = size
        }
        if !c.pointee.isWrap {
            lines[0].crossSize = lines[0].crossSize.clamp(minCross.maybeSub(insetCross), maxCross.maybeSub(insetCross))
        }
    }

    /// §9.4.9: `align-content: stretch` shares the container's spare cross size among the lines.
    private func stretchLines(_ lines: inout FlexLines, constants c: UnsafePointer<FlexConstants>, known: Known) {
        guard c.pointee.alignContent == .stretch, !lines.isEmpty else { return }
        let isRow = c.pointee.isRow
        let minCross = c.pointee.minSize.cross(isRow)
        let innerCross = max(
            (known.cross(isRow) ?? minCross).maybeClamp(minCross, c.pointee.maxSize.cross(isRow)).map {
                $0 - c.pointee.contentInset.crossSum(isRow)
            } ?? 0, 0)
        var total = gapSum(c.pointee.crossGap, lines.count)
        for line in lines { total += line.crossSize }
        if total < innerCross {
            let addition = (innerCross - total) / Double(lines.count)
            for index in lines.indices { lines[index].crossSize += addition }
        }
    }

    /// §9.4.11: stretched items take their line's cross size.
    private func usedCrossSizes(_ items: Items, lines: FlexLines, constants c: UnsafePointer<FlexConstants>) {
        let isRow = c.pointee.isRow
        for line in lines {
            for index in line.items {
                let item = UnsafePointer(items.baseAddress! + index)
                let cross =
                    stretches(item, constants: c)
                    ? stretchedCrossSize(item, lineCross: line.crossSize, constants: c)
                    : item.pointee.hypotheticalInner.cross(isRow)
                items[index].target.setCross(isRow, cross)
                items[index].outerTarget.setCross(isRow, cross + item.pointee.margin.crossSum(isRow))
            }
        }
    }

    /// The cross size of the line of a single-line container of definite cross size (§9.4.8: the
    /// container's inner cross size); nil for any other container, whose lines are measured.
    @inline(__always)
    private func singleLineCrossSize(constants c: UnsafePointer<FlexConstants>, known: Known) -> Double? {
        guard !c.pointee.isWrap, let cross = known.cross(c.pointee.isRow) else { return nil }
        let isRow = c.pointee.isRow
        return max(
            cross.clamp(c.pointee.minSize.cross(isRow), c.pointee.maxSize.cross(isRow))
                - c.pointee.contentInset.crossSum(isRow), 0)
    }

    /// Whether the height an item is laid out at is definite, so that percentages of it inside resolve
    /// (css-flexbox-1 §9.8): its own height where that resolves; in a row, a height its aspect ratio
    /// gives from its width (css-sizing-4 §2.1) or a stretched height (laid out again at its line's
    /// cross size, §9.4.11); in a column, its flexed height where the column's own height or the
    /// item's flex basis is definite (Chromium's reading of §9.8's second rule).
    private func heightIsDefinite(_ item: UnsafePointer<FlexItem>, constants c: UnsafePointer<FlexConstants>) -> Bool {
        if item.pointee.size.height != nil { return true }
        let style = style(item.pointee.node)
        if c.pointee.isRow { return style.pointee.aspectRatio != nil || stretches(item, constants: c) }
        return c.pointee.percentBase.height != nil || style.pointee.flexBasis.resolve(nil) != nil
    }

    /// Whether `item` takes its line's cross size (§9.4.11): `alignSelf` stretch, no `auto` cross
    /// margin, an `auto` cross size.
    @inline(__always)
    private func stretches(_ item: UnsafePointer<FlexItem>, constants c: UnsafePointer<FlexConstants>) -> Bool {
        let isRow = c.pointee.isRow
        guard item.pointee.alignSelf == .stretch, !item.pointee.autoCrossStart(isRow), !item.pointee.autoCrossEnd(isRow)
        else { return false }
        let style = style(item.pointee.node)
        return (isRow ? style.pointee.height : style.pointee.width) == .auto
    }

    /// The inner cross size a stretched item takes in a line `lineCross` across: the line's less
    /// the item's margins, within its limits (the maximum without the aspect ratio's transfer, as
    /// browsers do), never below its padding and border.
    private func stretchedCrossSize(
        _ item: UnsafePointer<FlexItem>, lineCross: Double, constants c: UnsafePointer<FlexConstants>
    )
        -> Double
    {
        let isRow = c.pointee.isRow
        let style = style(item.pointee.node)
        let boxSizing = style.pointee.boxSizing == .contentBox ? item.pointee.paddingBorderSums : Pair(0, 0)
        let maxSize = BoxLength.resolve(style.pointee.maxWidth, style.pointee.maxHeight, against: c.pointee.percentBase)
            .maybeAdd(boxSizing)
        let cross = (lineCross - item.pointee.margin.crossSum(isRow)).clamp(
            item.pointee.minSize.cross(isRow), maxSize.cross(isRow))
        return max(cross, item.pointee.padding.crossSum(isRow) + item.pointee.border.crossSum(isRow))
    }

    /// §9.5.12: auto margins, then `justify-content`.
    private func distributeFreeSpace(_ items: Items, lines: FlexLines, constants c: UnsafePointer<FlexConstants>) {
        let isRow = c.pointee.isRow
        for line in lines {
            var used = gapSum(c.pointee.mainGap, line.items.count)
            var autoMargins = 0
            for index in line.items {
                used += items[index].outerTarget.main(isRow)
                if items[index].autoMainStart(isRow) { autoMargins += 1 }
                if items[index].autoMainEnd(isRow) { autoMargins += 1 }
            }
            let free = c.pointee.innerContainerSize.main(isRow) - used
            if free > 0, autoMargins > 0 {
                let share = free / Double(autoMargins)
                for index in line.items where index != (c.pointee.isReverse ? line.items.last : line.items.first) {
                    items[index].offsetMain = c.pointee.mainGap
                }
                for index in line.items {
                    if items[index].autoMainStart(isRow) {
                        if isRow { items[index].margin.left = share } else { items[index].margin.top = share }
                    }
                    if items[index].autoMainEnd(isRow) {
                        if isRow { items[index].margin.right = share } else { items[index].margin.bottom = share }
                    }
                }
            } else {
                let count = line.items.count
                // (`stretch` stretches nothing along the main axis: it is `flex-start` there.)
                let justify = c.pointee.justifyContent.map { $0 == .stretch ? .flexStart : $0 } ?? .flexStart
                let mode = Self.fallback(free, count, justify)
                var first = true
                inOrder(line.items, reversed: c.pointee.isReverse) { index in
                    items[index].offsetMain = Self.alignmentOffset(
                        free, count, c.pointee.mainGap, mode, reversed: c.pointee.isReverse, first: first)
                    first = false
                }
            }
        }
    }

    /// §9.6.13–14: cross-axis auto margins, then `align-self`.
    private func alignCrossAxis(_ items: Items, lines: FlexLines, constants c: UnsafePointer<FlexConstants>) {
        let isRow = c.pointee.isRow
        for line in lines {
            var maxBaseline = 0.0
            var columnBaselineGroup = 0.0
            for index in line.items {
                maxBaseline = max(maxBaseline, items[index].baseline)
                if !isRow, Self.sharesBaseline(items.baseAddress! + index, isRow: false) {
                    // The left border edges line up: at the largest left margin (in the mirror image
                    // of a right-to-left column, the right edges, at the largest margin and width).
                    let edge = items[index].margin.left + (c.pointee.isRightToLeft ? items[index].target.width : 0)
                    columnBaselineGroup = max(columnBaselineGroup, edge)
                }
            }
            for index in line.items {
                let item = UnsafePointer(items.baseAddress! + index)
                let free = line.crossSize - item.pointee.outerTarget.cross(isRow)
                let autoStart = item.pointee.autoCrossStart(isRow)
                let autoEnd = item.pointee.autoCrossEnd(isRow)
                if free < 0, autoStart || autoEnd {
                    // An item larger than its line: an auto start margin is 0, and an auto end margin
                    // takes what overflows (§9.6.13).
                    if autoStart { if isRow { items[index].margin.top = 0 } else { items[index].margin.left = 0 } }
                    if autoEnd {
                        if isRow { items[index].margin.bottom = free } else { items[index].margin.right = free }
                    }
                } else if autoStart, autoEnd {
                    if isRow {
                        items[index].margin.top = free / 2
                        items[index].margin.bottom = free / 2
                    } else {
                        items[index].margin.left = free / 2
                        items[index].margin.right = free / 2
                    }
                } else if autoStart {
                    if isRow { items[index].margin.top = free } else { items[index].margin.left = free }
                } else if autoEnd {
                    if isRow { items[index].margin.bottom = free } else { items[index].margin.right = free }
                } else {
                    let offset: Double
                    switch item.pointee.alignSelf {
                    case .start: offset = 0
                    case .end: offset = free
                    case .flexEnd: offset = c.pointee.isWrapReverse ? 0 : free
                    case .center: offset = free / 2
                    // Baselines align at the cross-start; in wrap-reverse that is the bottom, where
                    // browsers align the items as flex-start.
                    case .baseline where isRow && !c.pointee.isWrapReverse: offset = maxBaseline - item.pointee.baseline
                    // Across a column the items share their left edges (their synthesized baselines)
                    // and the group sits at the start, as in Chromium: in a right-to-left column the
                    // widest at the right, the others' left edges under its left edge. (In a
                    // wrap-reverse column they sit at the line's end, as flex-start does there.)
                    case .baseline where !isRow && !c.pointee.isWrapReverse:
                        offset =
                            columnBaselineGroup - item.pointee.margin.left
                            - (c.pointee.isRightToLeft ? item.pointee.target.width : 0)
                    default: offset = c.pointee.isWrapReverse ? free : 0
                    }
                    items[index].offsetCross = offset
                }
            }
        }
    }

    /// §9.6.15: the container's cross size; returns the lines' total cross size.
    private func containerCrossSize(
        lines: FlexLines, constants c: UnsafeMutablePointer<FlexConstants>, known: Known, space: Space
    ) -> Double {
        let isRow = c.pointee.isRow
        var total = 0.0
        var widest = 0.0
        for line in lines {
            total += line.crossSize
            widest = max(widest, line.crossSize)
        }
        let insetCross = c.pointee.contentInset.crossSum(isRow)
        var content = total + gapSum(c.pointee.crossGap, lines.count)
        // A wrapping column of unknown width: its lines side by side are its max-content width, its
        // widest line its min-content width, and in a definite room it takes its fit-content width
        // between the two, as Chromium sizes it (its other lines then overflow).
        if !isRow, lines.count > 1 {
            switch space.width {
            case .minContent: content = widest
            case .points(let room): content = min(content, max(widest, room))
            case .maxContent: break
            }
        }
        let outer = max(
            (known.cross(isRow) ?? content + insetCross)
                .clamp(c.pointee.minSize.cross(isRow), c.pointee.maxSize.cross(isRow)), insetCross)
        c.pointee.containerSize.setCross(isRow, outer)
        c.pointee.innerContainerSize.setCross(isRow, max(outer - insetCross, 0))
        return total
    }

    /// §9.6.16: `align-content`.
    private func alignLines(_ lines: inout FlexLines, constants c: UnsafePointer<FlexConstants>, totalCross: Double) {
        let count = lines.count
        let free = c.pointee.innerContainerSize.cross(c.pointee.isRow) - totalCross - gapSum(c.pointee.crossGap, count)
        let mode = Self.fallback(free, count, c.pointee.alignContent)
        var first = true
        inOrder(lines.indices, reversed: c.pointee.isWrapReverse) { index in
            lines[index].offsetCross = Self.alignmentOffset(
                free, count, c.pointee.crossGap, mode, reversed: c.pointee.isWrapReverse, first: first)
            first = false
        }
    }

    /// The keyword that applies: distributions fall back when there is one item or no free space
    /// (css-align-3 §4.3): `stretch` and `space-between` to `flex-start`, which a reversed container
    /// turns round even where the items overflow, as in Chromium; `space-around` and `space-evenly` to
    /// a safe `center`, which is `start` where the items overflow.
    static func fallback(_ free: Double, _ count: Int, _ mode: BoxAlignment) -> BoxAlignment {
        guard count <= 1 || free <= 0 else { return mode }
        switch mode {
        case .stretch, .spaceBetween: return .flexStart
        case .spaceAround, .spaceEvenly: return free <= 0 ? .start : .center
        default: return mode
        }
    }

    /// The space before an item (or line): all of the leading space before the first, the gap and the
    /// distributed share before the others.
    static func alignmentOffset(
        _ free: Double, _ count: Int, _ gap: Double, _ mode: BoxAlignment, reversed: Bool, first: Bool
    ) -> Double {
        if first {
            switch mode {
            case .start: return 0
            case .flexStart: return reversed ? free : 0
            case .end: return free
            case .flexEnd: return reversed ? 0 : free
            case .center: return free / 2
            case .spaceAround: return free >= 0 ? free / Double(count) / 2 : free / 2
            case .spaceEvenly: return free >= 0 ? free / Double(count + 1) : free / 2
            default: return 0
            }
        }
        let free = max(free, 0)
        switch mode {
        case .spaceBetween: return gap + free / Double(count - 1)
        case .spaceAround: return gap + free / Double(count)
        case .spaceEvenly: return gap + free / Double(count + 1)
        default: return gap
        }
    }

    /// Lays the items out at their final sizes and places them; returns the extent of their content.
    private func finalLayout(_ items: Items, lines: FlexLines, constants c: UnsafePointer<FlexConstants>) -> Pair<
        Double
    > {
        let isRow = c.pointee.isRow
        var offsetCross = c.pointee.contentInset.crossStart(isRow)
        var content = Pair(0.0, 0.0)
        inOrder(lines.indices, reversed: c.pointee.isWrapReverse) { lineIndex in
            let line = lines[lineIndex]
            var offsetMain = c.pointee.contentInset.mainStart(isRow)
            inOrder(line.items, reversed: c.pointee.isReverse) { index in
                let item = UnsafePointer(items.baseAddress! + index)
                let output = compute(
                    item.pointee.node, known: Known(item.pointee.target.width, item.pointee.target.height),
                    parentSize: c.pointee.percentBase,
                    space: Space(.points(c.pointee.containerSize.width), .points(c.pointee.containerSize.height)),
                    mode: .performLayout, sizing: .contentSize,
                    indefiniteHeight: !heightIsDefinite(item, constants: c))
                let size = output.size
                let relativeMain = isRow ? item.pointee.relativeX : item.pointee.relativeY
                let relativeCross = isRow ? item.pointee.relativeY : item.pointee.relativeX
                let main = offsetMain + item.pointee.offsetMain + item.pointee.margin.mainStart(isRow) + relativeMain
                let cross =
                    offsetCross + item.pointee.offsetCross + line.offsetCross + item.pointee.margin.crossStart(isRow)
                    + relativeCross
                var x = isRow ? main : cross
                let y = isRow ? cross : main
                if c.pointee.isRightToLeft { x = c.pointee.containerSize.width - x - size.width }
                frames[item.pointee.node] = Frame(
                    x: x, y: y, width: size.width, height: size.height, contentWidth: output.contentSize.width,
                    contentHeight: output.contentSize.height, baseline: output.baseline,
                    percentBase: c.pointee.nodeInnerSize.width)
                offsetMain += item.pointee.offsetMain + item.pointee.margin.mainSum(isRow) + size.main(isRow)
                contribute(
                    item.pointee.node, size: size, content: output.contentSize, x: x, y: y,
                    into: &content)
            }
            offsetCross += line.offsetCross + line.crossSize
        }
        return content
    }

    /// Grows `content` to hold a child's border box, and its content when it does not clip.
    @inline(__always)
    func contribute(
        _ node: Int, size: Pair<Double>, content childContent: Pair<Double>, x: Double, y: Double,
        into content: inout Pair<Double>
    ) {
        let clips = self.style(node).pointee.overflow.isScrollContainer
        let width = clips ? size.width : max(size.width, childContent.width)
        let height = clips ? size.height : max(size.height, childContent.height)
        guard width > 0 || height > 0 else { return }
        content.width = max(content.width, x + width)
        content.height = max(content.height, y + height)
    }

    /// Calls `body` with each index of `range`, last first when `reversed`.
    @inline(__always)
    func inOrder(_ range: Range<Int>, reversed: Bool, _ body: (Int) -> Void) {
        if reversed {
            var index = range.upperBound
            while index > range.lowerBound {
                index -= 1
                body(index)
            }
        } else {
            for index in range { body(index) }
        }
    }
}
