/// A node whose children a ``BoxArrangement`` places: its box sized by its own styles as any
/// container's, its in-flow children placed where the arrangement says, its absolutely positioned
/// ones by their insets.
extension LayoutTree {
    func arrangedLayout(
        _ node: Int, arrangement: any BoxArrangement, known: Known, parentSize: Known, space: Space, mode: RunMode,
        sizing: SizingMode
    ) -> NodeOutput {
        let style = style(node)
        var styledKnown = known.or(styleKnown(node, parentSize: parentSize, sizing: sizing))
        let padding = style.pointee.padding.resolveOrZero(parentSize.width)
        let border = style.pointee.border.resolveOrZero(parentSize.width)
        let inset = padding + border
        if let ratio = style.pointee.aspectRatio, (styledKnown.width == nil) != (styledKnown.height == nil) {
            styledKnown = styledKnown.transferringAspectRatio(
                ratio, contentBox: style.pointee.boxSizing == .contentBox, paddingBorder: inset.sums)
        }
        if mode == .computeSize, let width = styledKnown.width, let height = styledKnown.height {
            return NodeOutput(size: Pair(width, height))
        }
        var c = constants(node, style: style, known: styledKnown, parentSize: parentSize)
        let margin = style.pointee.margin.resolveOrZero(parentSize.width)
        func inner(_ value: Double?, _ sum: Double) -> Double? { value.map { max($0 - sum, 0) } }
        let innerKnown = Known(inner(styledKnown.width, inset.horizontal), inner(styledKnown.height, inset.vertical))
        let innerSpace = Space(
            innerKnown.width.map { .points($0) }
                ?? space.width.maybeSub(margin.horizontal + inset.horizontal).mapPoints { max($0, 0) },
            innerKnown.height.map { .points($0) }
                ?? space.height.maybeSub(margin.vertical + inset.vertical).mapPoints { max($0, 0) })
        var arranged = arrange(node, arrangement, known: innerKnown, space: innerSpace)
        func outer(_ known: Double?, _ content: Double, _ sum: Double, _ low: Double?, _ high: Double?) -> Double {
            if let known { return known }
            return max((content.isFinite ? max(content, 0) : 0) + sum, 0).clamp(low, high)
        }
        let width = max(
            outer(styledKnown.width, arranged.width, inset.horizontal, c.minSize.width, c.maxSize.width),
            inset.horizontal)
        // A width its limits changed: the content is asked again at it for its height (text wraps).
        if styledKnown.width == nil, styledKnown.height == nil,
            abs(max(width - inset.horizontal, 0) - arranged.width) > 1e-9
        {
            let inner = max(width - inset.horizontal, 0)
            arranged = arrange(
                node, arrangement, known: Known(inner, nil), space: Space(.points(inner), innerSpace.height))
        }
        let size = Pair(
            width,
            max(
                outer(styledKnown.height, arranged.height, inset.vertical, c.minSize.height, c.maxSize.height),
                inset.vertical))
        if mode == .computeSize { return NodeOutput(size: size) }

        // The content box is now known: the arrangement is asked at it, if it was not.
        let contentBox = Known(max(size.width - inset.horizontal, 0), max(size.height - inset.vertical, 0))
        if contentBox != innerKnown {
            arranged = arrange(
                node, arrangement, known: contentBox,
                space: Space(.points(contentBox.width ?? 0), .points(contentBox.height ?? 0)))
        }
        c = constants(node, style: style, known: Known(size.width, size.height), parentSize: parentSize)
        c.containerSize = size
        c.innerContainerSize = Pair(contentBox.width ?? 0, contentBox.height ?? 0)
        var content = Pair(0.0, 0.0)
        var position = 0
        for child in children(of: node) {
            let child = Int(child)
            guard self.style(child).pointee.position != .absolute, self.style(child).pointee.display != .none else {
                continue
            }
            defer { position += 1 }
            let frame = position < arranged.frames.count ? arranged.frames[position] : nil
            func points(_ value: Double?) -> Double { value.map { $0.isFinite ? $0 : 0 } ?? 0 }
            let width = max(points(frame?.width), 0)
            let height = max(points(frame?.height), 0)
            let output = compute(
                child, known: Known(width, height), parentSize: contentBox,
                space: Space(.points(size.width), .points(size.height)), mode: .performLayout, sizing: .contentSize)
            let x = inset.left + points(frame?.x)
            let y = inset.top + points(frame?.y)
            frames[child] = Frame(
                x: x, y: y, width: output.size.width, height: output.size.height,
                contentWidth: output.contentSize.width, contentHeight: output.contentSize.height,
                baseline: output.baseline, percentBase: contentBox.width)
            contribute(child, size: output.size, content: output.contentSize, x: x, y: y, into: &content)
        }
        let absolute = withUnsafePointer(to: &c) { absoluteLayout(node, constants: $0) }
        content.width = max(content.width, absolute.width)
        content.height = max(content.height, absolute.height)
        for child in children(of: node) where self.style(Int(child)).pointee.display == .none {
            hide(Int(child))
        }
        let contentSize = Pair(
            max(size.width, content.width + inset.right - border.right),
            max(size.height, content.height + inset.bottom - border.bottom))
        return NodeOutput(size: size, contentSize: contentSize, baseline: nil)
    }

    /// The arrangement's answer for a content box of `known` sizes in `space`.
    private func arrange(_ node: Int, _ arrangement: any BoxArrangement, known: Known, space: Space) -> BoxArranged {
        var nodes: [(node: Int, index: Int)] = []
        for (index, child) in children(of: node).enumerated() {
            let child = Int(child)
            guard self.style(child).pointee.position != .absolute, self.style(child).pointee.display != .none else {
                continue
            }
            nodes.append((child, index))
        }
        let children = BoxChildren(tree: self, nodes: nodes, base: known)
        return arrangement.arrange(
            children,
            in: BoxProposal(
                width: known.width, height: known.height, availableWidth: space.width, availableHeight: space.height))
    }
}
