/// Sizing a node without children: a leaf's content (text, a row, an image) measured through
/// ``BoxLeaf``, or nothing, inside the node's padding and border.
extension LayoutTree {
    func leafLayout(
        _ node: Int, known: Known, parentSize: Known, space: Space, mode: RunMode, sizing: SizingMode,
        widthOnly: Bool = false
    ) -> NodeOutput {
        let style = style(node)
        // Percentages of padding, borders and margins resolve against the containing block's width.
        let padding = style.pointee.padding.resolveOrZero(parentSize.width)
        let border = style.pointee.border.resolveOrZero(parentSize.width)
        let inset = padding + border
        let insetSums = inset.sums
        let boxSizing = style.pointee.boxSizing == .contentBox ? insetSums : Pair(0, 0)

        var nodeSize = known
        var minSize = Known.none
        var maxSize = Known.none
        // (A ratio carries a width the caller fixes across too: an absolutely positioned box's.)
        let aspectRatio = style.pointee.aspectRatio
        if sizing == .inherentSize {
            let rawSize = BoxLength.resolve(style.pointee.width, style.pointee.height, against: parentSize)
            let styleSize = rawSize.maybeAdd(boxSizing)
            (minSize, maxSize) = styleLimits(style, against: parentSize, ratio: aspectRatio, boxSizing: boxSizing)
            nodeSize = known.or(styleSize.maybeClamp(minSize, maxSize))
        } else if aspectRatio != nil, known.width == nil {
            // Measured for its content, a box of aspect ratio still keeps its content width within
            // the limits its heights carry across, as Chromium measures it (a box of ratio 1 and
            // minimum height 1 is 1 wide, even along a row, whose items take no limits through ratios).
            let limits = Known(nil, style.pointee.minHeight.resolve(parentSize.height)).withAspectRatioLimits(
                aspectRatio, max: Known(nil, style.pointee.maxHeight.resolve(parentSize.height)), whereAuto: .none)
            minSize.width = limits.min.width.maybeAdd(boxSizing.width)
            maxSize.width = limits.max.width.maybeAdd(boxSizing.width)
        }
        // A height fixed without a width gives the width through the ratio (a width fixed without a
        // height gives at least the ratio's height, below).
        if nodeSize.width == nil, nodeSize.height != nil {
            nodeSize = nodeSize.transferringAspectRatio(
                style.pointee.aspectRatio, contentBox: style.pointee.boxSizing == .contentBox, paddingBorder: insetSums)
        }

        if mode == .computeSize, let width = nodeSize.width, let height = nodeSize.height {
            return NodeOutput(
                size: Pair(
                    max(width.clamp(minSize.width, maxSize.width), insetSums.width),
                    max(height.clamp(minSize.height, maxSize.height), insetSums.height)))
        }

        var content = Pair(0.0, 0.0)
        var baseline: Double?
        let leaf = Int(leafIndex[node])
        if leaf >= 0 {
            let knownContentWidth = nodeSize.width.map { max($0 - insetSums.width, 0) }
            let knownContentHeight = nodeSize.height.map { max($0 - insetSums.height, 0) }
            let width: Double
            if let knownContentWidth {
                width = knownContentWidth
            } else {
                // The room for the content (asked only here: most boxes without content, and most
                // leaves, have a width by now).
                let margin = style.pointee.margin.resolveOrZero(parentSize.width)
                let availableWidth = (known.width.map { AvailableSpace.points($0) } ?? space.width)
                    .maybeSub(margin.horizontal).maybeSet(known.width).maybeSet(nodeSize.width)
                    .mapPoints { $0.clamp(minSize.width, maxSize.width) - insetSums.width }
                let widths = contentWidths(leaf)
                switch availableWidth {
                case .minContent: width = widths.min
                case .maxContent: width = widths.max
                case .points(let room): width = min(widths.max, max(widths.min, room))
                }
            }
            if widthOnly, aspectRatio == nil {
                content = Pair(width, knownContentHeight ?? 0)
            } else {
                let measured = leafSize(leaf, width: width)
                content = Pair(width, knownContentHeight ?? measured.height)
                baseline = measured.baseline.map { $0 + inset.top }
            }
        }

        let clamped = nodeSize.or(Known(content.width + insetSums.width, content.height + insetSums.height))
            .maybeClamp(minSize, maxSize)
        var size = Pair(clamped.width ?? 0, clamped.height ?? 0)
        if leaf < 0, nodeSize.width == nil, nodeSize.height == nil,
            let floor = aspectRatioFloor(style, paddingBorder: insetSums, maxSize: maxSize)
        {
            size.width = max(size.width, floor.width)
        }
        if aspectRatio != nil, nodeSize.height == nil {
            size.height = max(
                size.height,
                ratioHeight(style, width: size.width, paddingBorder: insetSums, parentSize: parentSize, sizing: sizing))
        }
        size.width = max(size.width, insetSums.width)
        size.height = max(size.height, insetSums.height)
        let contentSize = Pair(content.width + insetSums.width, content.height + insetSums.height)
        return NodeOutput(size: size, contentSize: contentSize, baseline: baseline)
    }

    /// The height a leaf's ratio gives it at `width`, within its own limits where its style's sizes
    /// count (a maximum height caps it too). (Apart, and not inlined: the limits are found again
    /// here, for the few leaves with a ratio, rather than kept through every leaf's layout.)
    @inline(never)
    private func ratioHeight(
        _ style: UnsafePointer<BoxStyle>, width: Double, paddingBorder: Pair<Double>, parentSize: Known,
        sizing: SizingMode
    ) -> Double {
        let contentBox = style.pointee.boxSizing == .contentBox
        guard
            let height = Known(width, nil).transferringAspectRatio(
                style.pointee.aspectRatio, contentBox: contentBox, paddingBorder: paddingBorder
            ).height
        else { return 0 }
        guard sizing == .inherentSize else { return height }
        let limits = styleLimits(
            style, against: parentSize, ratio: style.pointee.aspectRatio,
            boxSizing: contentBox ? paddingBorder : Pair(0, 0))
        return height.clamp(limits.min.height, limits.max.height)
    }

    /// The least size a border-box aspect ratio gives a box with neither size fixed (the caller
    /// knows; a percentage of an unknown base is not fixed), nil without one: as wide as its vertical
    /// padding and border give through the ratio, as tall as its horizontal ones give, within its
    /// maximum, as Chromium sizes it (an empty box of ratio 3 and padding 1 is 6 × 2, not 2 × 2).
    func aspectRatioFloor(_ style: UnsafePointer<BoxStyle>, paddingBorder: Pair<Double>, maxSize: Known) -> Pair<
        Double
    >? {
        guard let ratio = style.pointee.aspectRatio, style.pointee.boxSizing != .contentBox else { return nil }
        return Pair(
            min(paddingBorder.height * ratio, maxSize.width ?? .infinity),
            min(paddingBorder.width / ratio, maxSize.height ?? .infinity))
    }

    /// The leaf's min-content and max-content widths, asked once.
    @inline(__always)
    func contentWidths(_ leaf: Int) -> BoxContentWidths {
        if let widths = leaves[leaf].widths { return widths }
        let widths = leaves[leaf].leaf.contentWidths()
        leaves[leaf].widths = widths
        return widths
    }

    /// The leaf's height and baseline at `width`, asked once per width; every width of at least the
    /// max-content width is the max-content width (one line of text, however wide the room). A
    /// leaf that measures alike past its max-content width is measured at `width` itself (an
    /// answer at any width past that width serves), and its content widths are not asked for this.
    func leafSize(_ leaf: Int, width: Double) -> BoxLeafSize {
        var width = width
        if leaves[leaf].measuresAlike {
            if let widths = leaves[leaf].widths, width >= widths.max,
                let size = leaves[leaf].heights.first(where: { $0 >= widths.max })
            {
                return size
            }
        } else {
            let widths = contentWidths(leaf)
            if width >= widths.max { width = widths.max }
        }
        if let size = leaves[leaf].heights.first(where: { $0 == width }) { return size }
        let size = leaves[leaf].leaf.measure(width: width)
        leaves[leaf].heights.append(width: width, size: size)
        return size
    }
}
