import Mush
import MushBase
import MushBox
import MushLine
import MushText

/// Turns ``MGBox`` trees into box-engine nodes (the rules are in <doc:MGBoxRules>); what styles
/// cannot say (attached boxes, scroll views' content sizes) goes into the nodes' origins as passes
/// (`MGAttachments`, `MGScrollContent`), which every layout runs.
package struct MGLowering {
    /// The container a box is in, which decides what its missing width means.
    package enum Role: Sendable {
        case root
        case table
        case grid
        /// A box in a node of the box engine's own (its styles decide).
        case plain
        /// A view whose size its container decides (an MKLayoutLibrary item's): as `plain`, and a
        /// scroll view needs no width or height of its own.
        case view
    }

    let fonts: FontCollection

    package init(fonts: FontCollection) {
        self.fonts = fonts
    }

    /// The node for `box`, a child of a `role` container; `name` is the box's path for errors
    /// (`boxes[2]`: the children's are made only for an error); `scrollOffset` is the content
    /// offset of the scroll view the box is directly in; `background` the nearest background
    /// colour around the box (what etched borders are made from).
    package mutating func lower(
        _ box: MGBox, as role: Role, named name: String, scrollOffset: BoxOffset? = nil,
        background: MushColor? = nil
    ) throws(MGBoxError) -> BoxNode {
        let paint = Self.paint(box, background: background)
        try Self.check(box, paint: paint, named: name, sized: role != .view)
        if let node = box.bareNode { return node }
        var style = BoxStyle()
        try itemStyle(&style, box, role: role == .view ? .plain : role, named: name, scrollOffset: scrollOffset)
        if box.content == nil || box.contentIsNode {
            switch box.contentLayoutMode {
            case .table:
                style.flexDirection = .column
                style.alignItems = .flexStart
            case .grid:
                style.flexDirection = .row
                style.flexWrap = .wrap
                style.alignItems = .flexStart
                style.alignContent = .flexStart
            }
        }
        style.padding = BoxEdges(points: box.padding)
        if box.clipsContent, style.overflow == .visible { style.overflow = .hidden }
        if box.scrollOffset != nil {
            style.overflow = .scroll
            // The view's size is its frame: content that needs more scrolls.
            style.height = box.height.map { .points($0) } ?? style.height
            style.minHeight = .auto
        }
        let inner = box.backgroundColor ?? background
        switch box.content {
        case .line(let line)?:
            do {
                return box.withPasses(
                    BoxNode(id: box.id, style: style, paint: paint, leaf: try LineLeaf(line, fonts: fonts)))
            } catch {
                throw MGBoxError(path: name, problem: error.description)
            }
        case .leaf(let leaf)?:
            return box.withPasses(BoxNode(id: box.id, style: style, paint: paint, leaf: leaf))
        case .node(let node)?:
            return box.withPasses(BoxNode(id: box.id, style: style, paint: paint, children: [node]))
        case nil:
            break
        }
        let childRole: Role = box.contentLayoutMode == .table ? .table : .grid
        let count = box.boxes.count
        // Each child is made a box (and a table's row styled) where it is lowered, one at a time:
        // made all first, a table's rows were an array of large values, each copied twice.
        func child(_ index: Int) -> MGBox {
            let child = box.boxes[index].mgBox
            guard let style = box.rowStyle else { return child }
            return style.styled(child, index: index, count: count)
        }
        func names(_ index: Int) -> String { JSONPath.join(name, box.childName(index)) }
        var placements: [Placement] = []
        placements.reserveCapacity(count)
        var children: [BoxNode] = []
        children.reserveCapacity(count)
        for index in 0..<count {
            let childBox = child(index)
            placements.append(Placement(childBox))
            do {
                var node = try lower(
                    childBox, as: childRole, named: "", scrollOffset: box.scrollOffset, background: inner)
                if box.repeatsTopLines, index < box.lineCounts?.top ?? 0 { node.style.repeats = .header }
                if let counts = box.lineCounts {
                    node.paint = Self.taggedLine(node.paint, index: index, counts: counts)
                }
                children.append(node)
            } catch {
                // A problem with the attachments, which are checked before the boxes, comes first.
                for later in index + 1..<count { placements.append(Placement(child(later))) }
                _ = try Self.attachmentTargets(placements, names: names)
                throw MGBoxError(path: JSONPath.join(names(index), error.path), problem: error.problem)
            }
        }
        let targets = try Self.attachmentTargets(placements, names: names)
        var passes = box.passes
        let attached = targets.enumerated().compactMap { index, target in target.map { (child: index, target: $0) } }
        if !attached.isEmpty { passes.append(MGAttachments(attached: attached)) }
        if box.scrollOffset != nil {
            passes.append(MGScrollContent(counted: placements.map { $0.mode != .fixed }))
        }
        var node = BoxNode(id: box.id, style: style, paint: paint, children: children)
        node.origin = BoxOrigin(childNaming: box.childNaming, passes: passes)
        if let counts = box.lineCounts { node.paint = Self.taggedSection(node.paint, counts: counts) }
        return node
    }

    /// An MGTableBox section's paint (its line counts `counts`) with what it is in a tagged PDF,
    /// where its box says nothing: with top lines (its head), a `Table`; without, a list (`L`): a
    /// section with no head is a list of rows to a screen reader, and a table without header cells
    /// is no table to PDF/UA.
    static func taggedSection(_ paint: BoxPaint?, counts: (top: Int, middle: Int)) -> BoxPaint? {
        var paint = paint ?? BoxPaint()
        if paint.role == nil { paint.role = counts.top > 0 ? .table : .list }
        return paint
    }

    /// The paint of an MGTableBox section's line `index` with what it is in a tagged PDF, where its
    /// box says nothing: in a `Table`, a header cell (`TH`) for a top line and a cell (`TD`) for the
    /// others, each a row of its own; in a list, an item (`LI`).
    static func taggedLine(_ paint: BoxPaint?, index: Int, counts: (top: Int, middle: Int)) -> BoxPaint? {
        var paint = paint ?? BoxPaint()
        if paint.role == nil { paint.role = counts.top == 0 ? .listItem : index < counts.top ? .header : .cell }
        return paint
    }

    /// The styles `box` takes as an item of a `role` container: MGBoxKit's sizing and layout modes.
    private func itemStyle(
        _ style: inout BoxStyle, _ box: MGBox, role: Role, named name: String, scrollOffset: BoxOffset?
    ) throws(MGBoxError) {
        // Boxes keep their sizes: a table of fixed height never squeezes them.
        style.flexShrink = 0
        style.margin = BoxEdges(points: box.margin)
        let mode = role == .root ? .automatic : box.boxLayoutMode
        switch mode {
        case .automatic, .attached:
            break
        case .none:
            style.position = .absolute
            style.margin = .zero
            style.inset.left = .points(box.origin.x)
            style.inset.top = .points(box.origin.y)
        case .fixed:
            let point = box.fixedPosition ?? .zero
            let offset = scrollOffset ?? .zero
            style.position = .absolute
            style.margin = .zero
            style.inset.left = .points(point.x + offset.x)
            style.inset.top = .points(point.y + offset.y)
        }
        if mode == .attached {
            // Placed after a first layout, at the target's origin (`MGAttachments`).
            style.position = .absolute
            style.inset.left = .zero
            style.inset.top = .zero
        }
        let inFlow = mode == .automatic
        switch box.sizingMode {
        case .shrinkWrap:
            style.alignSelf = inFlow && role != .plain ? .flexStart : nil
        case .expandWidthToFill:
            switch role {
            case .root: style.width = .percent(100)
            case .table: style.alignSelf = inFlow ? .stretch : nil
            case .grid:
                style.width = box.width.map { .points($0) } ?? .auto
                style.flexGrow = inFlow ? 1 : 0
            case .plain, .view: style.alignSelf = .stretch
            }
            if !inFlow { style.width = .percent(100) }
        case .none:
            if let width = box.width {
                style.width = .points(width)
            } else if role == .root {
                style.width = .percent(100)
            } else if role == .table, inFlow, !box.keepsNaturalWidth {
                style.alignSelf = .stretch
            }
        }
        if box.sizingMode != .shrinkWrap, let height = box.height {
            style.minHeight = .points(height)
        }
    }

    /// What the attachments of a box's children read of each child.
    struct Placement {
        var mode: MGBox.BoxLayoutMode
        var id: String?
        var attachedTo: String?

        init(_ box: MGBox) {
            mode = box.boxLayoutMode
            id = box.id
            attachedTo = box.attachedTo
        }
    }

    /// For each child, the index of the sibling it is attached to; a name that is no sibling's id,
    /// and attachments that go round in a circle, are errors.
    static func attachmentTargets(_ boxes: [Placement], names: (Int) -> String) throws(MGBoxError) -> [Int?] {
        guard boxes.contains(where: { $0.mode == .attached }) else {
            return Array(repeating: nil, count: boxes.count)
        }
        var byID: [String: Int] = [:]
        for (index, box) in boxes.enumerated() {
            if let id = box.id, byID[id] == nil { byID[id] = index }
        }
        var targets: [Int?] = Array(repeating: nil, count: boxes.count)
        for (index, box) in boxes.enumerated() where box.mode == .attached {
            let path = JSONPath.join(names(index), "attachedTo")
            guard let id = box.attachedTo else {
                throw MGBoxError(path: path, problem: "an attached box must name the box it is attached to")
            }
            guard let target = byID[id] else {
                throw MGBoxError(path: path, problem: "no sibling box has the id \"\(id)\"")
            }
            targets[index] = target
        }
        for start in targets.indices where targets[start] != nil {
            var seen: [Int] = [start]
            var next = targets[start]
            while let current = next {
                if current == start {
                    let ids = (seen + [start]).map { boxes[$0].id ?? names($0) }
                    throw MGBoxError(
                        path: JSONPath.join(names(start), "attachedTo"),
                        problem: "the attachments go round in a circle: \(ids.joined(separator: " → "))")
                }
                if seen.contains(current) { break }
                seen.append(current)
                next = targets[current]
            }
        }
        return targets
    }

    /// The paint of `box`: MGBoxKit's borders are lines (1 point by default) that take no room.
    static func paint(_ box: MGBox, background: MushColor?) -> BoxPaint? {
        var colors = box.borderColors
        let style = box.borderStyle
        if !style.isEmpty {
            let base = box.backgroundColor ?? background ?? MushColor(red: 255, green: 255, blue: 255)
            if style.contains(.etchedTop), colors.top == nil { colors.top = etched(base, lighter: true) }
            if style.contains(.etchedLeft), colors.left == nil { colors.left = etched(base, lighter: true) }
            if style.contains(.etchedBottom), colors.bottom == nil { colors.bottom = etched(base, lighter: false) }
            if style.contains(.etchedRight), colors.right == nil { colors.right = etched(base, lighter: false) }
        }
        var paint = BoxPaint(
            backgroundColor: box.backgroundColor, borderColors: colors,
            borderLineWidth: box.borderLineWidth,
            borderInsetLeft: box.borderInsetLeft, cornerRadius: box.cornerRadius, shadow: box.shadow,
            zIndex: box.zIndex, contentOffset: box.scrollOffset ?? .zero)
        paint.backgroundGradient = box.backgroundGradient
        paint.opacity = box.opacity
        let empty = BoxPaint(borderLineWidth: box.borderLineWidth)
        return paint == empty ? nil : paint
    }

    /// MGBoxKit's etched colour: each of red, green and blue 0.16 lighter (top and left edges) or
    /// darker (bottom and right), clamped, at half the opacity.
    static func etched(_ color: MushColor, lighter: Bool) -> MushColor {
        let step = lighter ? 0.16 : -0.16
        func channel(_ value: UInt8) -> UInt8 {
            UInt8((min(max(Double(value) / 255 + step, 0), 1) * 255).rounded())
        }
        let alpha = UInt8((max(Double(color.alpha) / 255 - 0.5, 0) * 255).rounded())
        return MushColor(red: channel(color.red), green: channel(color.green), blue: channel(color.blue), alpha: alpha)
    }

    /// The box's values out of range, with their paths.
    /// `sized`: whether a scroll view must have a width and a height (not where its container
    /// decides its size).
    static func check(_ box: MGBox, paint: BoxPaint?, named name: String, sized: Bool = true) throws(MGBoxError) {
        func fail(_ key: String, _ problem: String) -> MGBoxError {
            MGBoxError(path: JSONPath.join(name, key), problem: problem)
        }
        // (Each value checked where it is: arrays of keys and values, made for every box, were 4% of
        // a 10,000-row table's layout.)
        func check(_ value: Double?, _ range: ClosedRange<Double>, _ key: @autoclosure () -> String)
            throws(MGBoxError)
        {
            // (The range asked here first: inlined, where the call to `problem` is not.)
            if let value, !range.contains(value), let problem = MushLimits.problem(value, in: range, unit: "points") {
                throw fail(key(), problem)
            }
        }
        try check(box.width, MushLimits.length, "width")
        try check(box.height, MushLimits.length, "height")
        try check(box.margin.top, MushLimits.offset, "margin.top")
        try check(box.margin.right, MushLimits.offset, "margin.right")
        try check(box.margin.bottom, MushLimits.offset, "margin.bottom")
        try check(box.margin.left, MushLimits.offset, "margin.left")
        try check(box.padding.top, MushLimits.length, "padding.top")
        try check(box.padding.right, MushLimits.length, "padding.right")
        try check(box.padding.bottom, MushLimits.length, "padding.bottom")
        try check(box.padding.left, MushLimits.length, "padding.left")
        try check(box.origin.x, MushLimits.offset, "origin.x")
        try check(box.origin.y, MushLimits.offset, "origin.y")
        try check(box.fixedPosition?.x, MushLimits.offset, "fixedPosition.x")
        try check(box.fixedPosition?.y, MushLimits.offset, "fixedPosition.y")
        try check(box.scrollOffset?.x, MushLimits.offset, "contentOffset.x")
        try check(box.scrollOffset?.y, MushLimits.offset, "contentOffset.y")
        if let (key, problem) = paint?.firstProblem() {
            throw fail(key, problem)
        }
        if box.sizingMode == .shrinkWrap, box.scrollOffset == nil {
            if box.width != nil { throw fail("width", "a shrink-wrapped box takes its content's width (leave it out)") }
            if box.height != nil {
                throw fail("height", "a shrink-wrapped box takes its content's height (leave it out)")
            }
        }
        if box.mixesBoxesAndLines {
            throw fail("boxes", "a table box's boxes are its lines (topLines, middleLines, bottomLines)")
        }
        if box.content != nil, !box.boxes.isEmpty {
            throw fail(box.boxesKey, "a box holds boxes or content (a line, text, an image or a node), not both")
        }
        if box.boxLayoutMode == .fixed, box.fixedPosition == nil {
            throw fail("fixedPosition", "a fixed box needs the point it stays at")
        }
        if box.scrollOffset != nil, sized {
            if box.width == nil { throw fail("width", "a scroll view needs a width (its visible size)") }
            if box.height == nil { throw fail("height", "a scroll view needs a height (its visible size)") }
        }
        if case .node(let node)? = box.content {
            do {
                try node.validate()
            } catch {
                throw MGBoxError(path: JSONPath.join(JSONPath.join(name, "node"), error.path), problem: error.problem)
            }
        }
    }
}

/// MGBoxKit's attached boxes (`attachedTo`), a pass of their parent's node: after a first exact
/// layout, each goes to its target's origin (its own top and left margins then move it, as the
/// engine adds them), the target's origin being its frame there or, for a target attached in turn,
/// where its own attachment puts it.
struct MGAttachments: BoxPass {
    /// The attached children, each with the sibling it is attached to (cycles were refused).
    var attached: [(child: Int, target: Int)]

    var needsExactLayout: Bool { true }

    func adjust(_ node: inout BoxNode, exact parent: BoxLayout) {
        var targetOf: [Int: Int] = [:]
        for (child, target) in attached { targetOf[child] = target }
        let margins = node.children.map { MGScrollContent.points($0.style.margin) }
        // The origin of a child, in its parent's border box.
        func origin(_ child: Int) -> (x: Double, y: Double) {
            guard let target = targetOf[child] else { return (parent.children[child].x, parent.children[child].y) }
            let base = origin(target)
            return (base.x + margins[child].left, base.y + margins[child].top)
        }
        for (child, target) in attached where node.children.indices.contains(child) {
            let base = origin(target)
            // Insets are measured from the padding box, inside the border.
            node.children[child].style.inset.left = .points(base.x - parent.border.left)
            node.children[child].style.inset.top = .points(base.y - parent.border.top)
        }
    }
}

/// A scroll view's content size, a pass of its node: its boxes' margins count (the engine's content
/// size leaves them out), and its fixed boxes do not.
struct MGScrollContent: BoxPass {
    /// Which children count (not the fixed ones).
    var counted: [Bool]

    func finish(_ view: inout BoxLayout, node: BoxNode) {
        var width = view.width
        var height = view.height
        for (index, child) in view.children.enumerated() where index < counted.count && counted[index] {
            let margin = Self.points(node.children[index].style.margin)
            width = max(width, child.x + child.width + margin.right + view.padding.right)
            height = max(height, child.y + child.height + margin.bottom + view.padding.bottom)
        }
        view.contentWidth = width
        view.contentHeight = height
    }

    /// Margins in points (MGBoxKit's margins are).
    static func points(_ margin: BoxEdges<BoxLength>) -> (top: Double, right: Double, bottom: Double, left: Double) {
        func points(_ length: BoxLength) -> Double {
            if case .points(let value) = length { return value }
            return 0
        }
        return (points(margin.top), points(margin.right), points(margin.bottom), points(margin.left))
    }
}
