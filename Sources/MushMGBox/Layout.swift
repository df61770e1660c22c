import MushBox
import MushText

extension MGBox {
    /// Lays the box and everything in it out in the available `width` and `height` (a box
    /// without a width fills a `width` of points), and returns one result per box, in order: the
    /// entries of ``boxes`` (or an ``MGTableBox``'s lines) become the result's `children`. Frames
    /// are rounded as `rounding` says.
    ///
    /// Throws ``MGBoxError`` naming the first bad value by its path (`boxes[3].margin.left`), an
    /// ``attachedTo`` that names no sibling, and attachments that go round in a circle.
    public func layout(
        width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent, fonts: FontCollection = .standard,
        rounding: BoxRounding = .edges
    ) throws(MGBoxError) -> BoxLayout {
        var lowering = MGLowering(fonts: fonts)
        let root = try lowering.lower(self, as: .root, named: "")
        return try MGLowering.layout(root, fixups: lowering.fixups, width: width, height: height, rounding: rounding)
    }
}

extension MGLowering {
    /// Lays out a lowered tree, then applies its fix-ups: attached boxes are placed at their
    /// targets' origins (a second layout, when there are any), and scroll views' content sizes
    /// count their boxes' margins.
    package static func layout(
        _ root: BoxNode, fixups: MGFixups, width: AvailableSpace, height: AvailableSpace, rounding: BoxRounding
    ) throws(MGBoxError) -> BoxLayout {
        func engine(_ root: BoxNode, _ rounding: BoxRounding) throws(MGBoxError) -> BoxLayout {
            try BoxEngine.layout(validated: root, width: width, height: height, rounding: rounding)
        }
        var root = root
        if !fixups.attachments.isEmpty {
            let exact = try engine(root, .exact)
            attach(&root, fixups.attachments, in: exact)
        }
        var layout = try engine(root, rounding)
        for scrollView in fixups.scrollViews {
            layout.modify(at: scrollView.path[...]) { view in
                var width = view.width
                var height = view.height
                let margins = Self.margins(of: root, at: scrollView.path[...])
                for (index, child) in view.children.enumerated() where scrollView.counted[index] {
                    width = max(width, child.x + child.width + margins[index].right + view.padding.right)
                    height = max(height, child.y + child.height + margins[index].bottom + view.padding.bottom)
                }
                view.contentWidth = width
                view.contentHeight = height
            }
        }
        return layout
    }

    /// Sets the insets of attached boxes: each goes to its target's origin (its own margins then move
    /// it, as the engine adds them), the target's origin being its frame in `exact` or, for a target
    /// attached in turn, where its own attachment puts it.
    private static func attach(_ root: inout BoxNode, _ attachments: [MGFixups.Attachment], in exact: BoxLayout) {
        var byParent: [[Int]: [MGFixups.Attachment]] = [:]
        for attachment in attachments { byParent[attachment.parent, default: []].append(attachment) }
        for (parentPath, group) in byParent {
            guard let parent = exact.node(at: parentPath[...]) else { continue }
            var targetOf: [Int: Int] = [:]
            for attachment in group { targetOf[attachment.child] = attachment.target }
            let margins = Self.margins(of: root, at: parentPath[...])
            // The origin of a child, in its parent's border box (cycles were refused when lowering).
            func origin(_ child: Int) -> (x: Double, y: Double) {
                guard let target = targetOf[child] else {
                    return (parent.children[child].x, parent.children[child].y)
                }
                let base = origin(target)
                return (base.x + margins[child].left, base.y + margins[child].top)
            }
            root.modify(at: parentPath[...]) { node in
                for attachment in group {
                    let base = origin(attachment.target)
                    // Insets are measured from the padding box, inside the border.
                    node.children[attachment.child].style.inset.left = .points(base.x - parent.border.left)
                    node.children[attachment.child].style.inset.top = .points(base.y - parent.border.top)
                }
            }
        }
    }

    /// The margins of the children of the node at `path`, in points (MGBoxKit's margins are).
    private static func margins(of root: BoxNode, at path: ArraySlice<Int>) -> [(
        top: Double, right: Double, bottom: Double, left: Double
    )] {
        var node = root
        for index in path { node = node.children[index] }
        return node.children.map { child in
            let margin = child.style.margin
            func points(_ length: BoxLength) -> Double {
                if case .points(let value) = length { return value }
                return 0
            }
            return (points(margin.top), points(margin.right), points(margin.bottom), points(margin.left))
        }
    }
}

extension BoxNode {
    /// Changes the node at `path` (child indices from this one).
    mutating func modify(at path: ArraySlice<Int>, _ body: (inout BoxNode) -> Void) {
        guard let first = path.first else { return body(&self) }
        children[first].modify(at: path.dropFirst(), body)
    }
}

extension BoxLayout {
    /// Changes the result at `path` (child indices from this one).
    mutating func modify(at path: ArraySlice<Int>, _ body: (inout BoxLayout) -> Void) {
        guard let first = path.first else { return body(&self) }
        children[first].modify(at: path.dropFirst(), body)
    }

    /// The result at `path` (child indices from this one), if there is one.
    package func node(at path: ArraySlice<Int>) -> BoxLayout? {
        guard let first = path.first else { return self }
        guard children.indices.contains(first) else { return nil }
        return children[first].node(at: path.dropFirst())
    }
}
