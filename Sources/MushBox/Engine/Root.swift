/// The root's layout, rounding, and the results.
extension LayoutTree {
    /// Lays the whole tree out in `space`.
    func layoutRoot(space: Space) {
        guard self.style(0).pointee.display != .none else {
            hide(0)
            return
        }
        let style = style(0)
        let parentSize = Known(space.width.definite, space.height.definite)
        let known = withRatioMinimum(
            0, known: styleKnown(0, parentSize: parentSize, sizing: .inherentSize), parentSize: parentSize, space: space
        )
        // Its width found first, as browsers size an absolutely positioned box: in a definite space,
        // its fit-content width (its max-content width, but no wider than the space unless its
        // min-content width is); otherwise its size in that space.
        var width = known.width
        if width == nil {
            if case .points(let room) = space.width {
                func measured(_ width: AvailableSpace) -> Double {
                    compute(
                        0, known: known, parentSize: parentSize, space: Space(width, space.height), mode: .computeSize,
                        sizing: .inherentSize
                    ).size.width
                }
                let margin = style.pointee.margin.resolveOrZero(parentSize.width).horizontal
                width = min(measured(.maxContent), max(measured(.minContent), room - margin))
            } else {
                width =
                    compute(
                        0, known: known, parentSize: parentSize, space: space, mode: .computeSize,
                        sizing: .inherentSize
                    ).size.width
            }
        }
        // Then laid out at that width, so that percentages of the width inside resolve against it. (An
        // auto height stays indefinite.)
        let output = compute(
            0, known: Known(width, known.height), parentSize: parentSize, space: space, mode: .performLayout,
            sizing: .inherentSize)
        // A right-to-left root sits at the right of a definite available width.
        var x = 0.0
        if rightToLeft[0], let room = space.width.definite {
            let margin = style.pointee.margin.resolveOrZero(parentSize.width)
            x = room - output.size.width - margin.right
        }
        frames[0] = Frame(
            x: x, y: 0, width: output.size.width, height: output.size.height,
            contentWidth: output.contentSize.width, contentHeight: output.contentSize.height,
            baseline: output.baseline, percentBase: parentSize.width)
    }

    /// The results, rounded by `rounding` (``BoxRounding``).
    func result(rounding: BoxRounding) -> BoxLayout {
        withUnsafeTemporaryAllocation(of: BoxLayout.self, capacity: 1) { root in
            result(
                0, parentX: 0, parentY: 0, parentRoundedX: 0, parentRoundedY: 0, hidden: false, rounding: rounding,
                into: root.baseAddress!)
            return root.baseAddress!.move()
        }
    }

    /// Builds `node`'s result in `destination` (uninitialized), its children's in its own array:
    /// each result is written once, where it stays (returned and appended, a result is copied twice).
    private func result(
        _ node: Int, parentX: Double, parentY: Double, parentRoundedX: Double, parentRoundedY: Double,
        hidden parentHidden: Bool, rounding: BoxRounding, into destination: UnsafeMutablePointer<BoxLayout>
    ) {
        let frame = frames[node]
        let rounded = RoundedFrame(
            x: frame.x, y: frame.y, width: frame.width, height: frame.height, contentWidth: frame.contentWidth,
            contentHeight: frame.contentHeight, baseline: frame.baseline, hasLeaf: leafIndex[node] >= 0,
            parent: (parentX, parentY, parentRoundedX, parentRoundedY), rounding: rounding)
        // A box with `display: none`, or inside one, is not laid out: no padding, border or leaf.
        let style = style(node)
        let hidden = parentHidden || style.pointee.display == .none
        var padding = BoxEdges(0.0)
        var border = BoxEdges(0.0)
        var placed: PlacedLeaf?
        if !hidden {
            padding = style.pointee.padding.resolveOrZero(frame.percentBase)
            border = style.pointee.border.resolveOrZero(frame.percentBase)
            let leaf = Int(leafIndex[node])
            if leaf >= 0 {
                let inset = padding + border
                placed = leaves[leaf].leaf.place(
                    width: max(frame.width - inset.horizontal, 0), height: max(frame.height - inset.vertical, 0))
            }
        }
        // Written field by field where it stays. (Built by an initializer, the value was made on the
        // stack, copied with every reference in it retained, released, then copied again: a fifth of a
        // retained layout's time.) Every stored property of `BoxLayout` is written here, once; a test
        // holds the list of them, so that a property added is not left out.
        func field<Value>(_ path: WritableKeyPath<BoxLayout, Value>, _ value: Value) {
            destination.pointer(to: path)!.initialize(to: value)
        }
        field(\.id, id(of: node))
        field(\.x, rounded.x)
        field(\.y, rounded.y)
        field(\.width, rounded.width)
        field(\.height, rounded.height)
        field(\.contentWidth, rounded.contentWidth)
        field(\.contentHeight, rounded.contentHeight)
        field(\.baseline, rounded.baseline)
        field(\.border, border)
        field(\.padding, padding)
        field(\.leaf, placed)
        field(\.sharedPaint, paints.isEmpty ? nil : paints[Int32(node)])
        field(\.clipsContent, style.pointee.overflow.isScrollContainer)
        // (A box that is not laid out neither breaks pages nor repeats.)
        field(
            \.breaks,
            hidden
                ? BoxBreaks()
                : BoxBreaks(
                    before: style.pointee.breakBefore, after: style.pointee.breakAfter,
                    inside: style.pointee.breakInside, repeats: style.pointee.repeats))
        field(\.role, roles.isEmpty ? .node : roles[Int32(node)] ?? .node)
        field(\.origin, origins.isEmpty ? nil : origins[Int32(node)])
        let count = Int(childCount[node])
        guard count > 0 else {
            field(\.children, [])
            return
        }
        let children = children(of: node)
        field(
            \.children,
            Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count {
                    result(
                        Int(children[index]), parentX: rounded.absoluteX, parentY: rounded.absoluteY,
                        parentRoundedX: rounded.roundedX, parentRoundedY: rounded.roundedY, hidden: hidden,
                        rounding: rounding, into: buffer.baseAddress! + index)
                }
                initialized = count
            })
    }

    /// Halves round up, towards positive infinity, as browsers round (`-0.5` to 0), and so does
    /// anything within a millionth of a point below a half: the same edge added up in two orders can
    /// differ in its last bit, and must round alike.
    @inline(__always) static func round(_ value: Double) -> Double { floor(value + (0.5 + 1e-6)) }

    /// `value.rounded(.down)`, without the call to the C library's `floor` that it becomes on a
    /// processor the build does not assume SSE4.1 of (a result rounds six values a node): below
    /// 2^52 a value truncated to an integer and back is exact, and beyond it every value is whole.
    /// (`-0.0` gives `0.0`, which the results turn into anyway; NaN stays NaN.)
    @inline(__always) static func floor(_ value: Double) -> Double {
        guard abs(value) < 4_503_599_627_370_496 else { return value.rounded(.down) }
        let truncated = Double(Int64(value))
        return truncated > value ? truncated - 1 : truncated
    }
}

/// A frame rounded as ``BoxRounding`` says, in the results' terms: its position in its parent,
/// size, content size (at least the size) and baseline, no `-0`; and where its edges are in the
/// root's coordinates, exact and rounded, for its children's. The engine's results and a streamed
/// column's (``StreamedColumn``) are rounded by it.
struct RoundedFrame {
    var x, y, width, height, contentWidth, contentHeight: Double
    var baseline: Double?
    var absoluteX, absoluteY, roundedX, roundedY: Double

    /// The frame at (`frameX`, `frameY`) in a parent at (`parent.x`, `parent.y`) in the root's
    /// coordinates (rounded there to `parent.roundedX`, `parent.roundedY`). A leaf (`hasLeaf`) is
    /// never made smaller than its unrounded size.
    @inline(__always)
    init(
        x frameX: Double, y frameY: Double, width frameWidth: Double, height frameHeight: Double,
        contentWidth frameContentWidth: Double, contentHeight frameContentHeight: Double, baseline: Double?,
        hasLeaf: Bool, parent: (x: Double, y: Double, roundedX: Double, roundedY: Double), rounding: BoxRounding
    ) {
        absoluteX = parent.x + frameX
        absoluteY = parent.y + frameY
        x = frameX
        y = frameY
        width = frameWidth
        height = frameHeight
        contentWidth = frameContentWidth
        contentHeight = frameContentHeight
        self.baseline = baseline
        roundedX = absoluteX
        roundedY = absoluteY
        if rounding != .exact {
            roundedX = LayoutTree.round(absoluteX)
            roundedY = LayoutTree.round(absoluteY)
            if rounding == .edges {
                x = roundedX - parent.roundedX
                y = roundedY - parent.roundedY
            } else {
                x = LayoutTree.round(frameX)
                y = LayoutTree.round(frameY)
            }
            width = LayoutTree.round(absoluteX + frameWidth) - roundedX
            height = LayoutTree.round(absoluteY + frameHeight) - roundedY
            if hasLeaf {
                width = max(width, -LayoutTree.floor(-frameWidth))
                height = max(height, -LayoutTree.floor(-frameHeight))
            }
            contentWidth = LayoutTree.round(absoluteX + frameContentWidth) - roundedX
            contentHeight = LayoutTree.round(absoluteY + frameContentHeight) - roundedY
            self.baseline = baseline.map { LayoutTree.round($0) }
        }
        // (As results are written: `+ 0` makes `-0` 0.)
        contentWidth = max(contentWidth, width) + 0
        contentHeight = max(contentHeight, height) + 0
        x += 0
        y += 0
        width += 0
        height += 0
    }
}
