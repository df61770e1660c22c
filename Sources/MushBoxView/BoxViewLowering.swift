import Mush
import MushBox

/// Turns a ``BoxView`` into box-engine styles: the container's, and each item's view's margins,
/// alignment, sizes and flex (the rules, and why, are in <doc:BoxViewRules>).
struct BoxViewLowering {
    let view: BoxView
    /// Whether each item's view is validated here (a JSON request has validated them as it read
    /// them, and does not again for every BoxView around them).
    let validatesViews: Bool

    init(_ view: BoxView, validatesViews: Bool) {
        self.view = view
        self.validatesViews = validatesViews
    }

    var isRightToLeft: Bool { view.direction == .rtl }
    var isColumn: Bool { view.axis == .y }

    /// Two ends of one axis of an item or of the BoxView, start (top or leading) and end.
    struct Ends<Value> {
        var start: Value
        var end: Value
    }

    /// An item's pins along one axis, with their names for errors.
    struct AxisPins {
        var start: BoxPin?
        var end: BoxPin?
        var center: BoxPin?
        var startKey: String
        var endKey: String
        var centerKey: String

        /// How far the item's edges stay from the centred position's limits (`>=` pins with a centre):
        /// the same on both sides, so the centre holds, `max(start − offset, end + offset)`.
        var centerClearance: Double {
            let offset = center?.constant ?? 0
            return max((start?.constant ?? 0) - offset, (end?.constant ?? 0) + offset)
        }
    }

    func pins(_ item: BoxItem, _ axis: BoxView.Axis) -> AxisPins {
        switch axis {
        case .y:
            return AxisPins(
                start: item.top, end: item.bottom, center: item.centerY, startKey: "top", endKey: "bottom",
                centerKey: "centerY")
        case .x:
            return AxisPins(
                start: item.left, end: item.right, center: item.centerX, startKey: "left", endKey: "right",
                centerKey: "centerX")
        }
    }

    func insets(_ axis: BoxView.Axis) -> Ends<Double> {
        axis == .y
            ? Ends(start: view.insets.top, end: view.insets.bottom)
            : Ends(start: view.insets.left, end: view.insets.right)
    }

    var mainAxis: BoxView.Axis { view.axis }
    var crossAxis: BoxView.Axis { view.axis == .y ? .x : .y }

    /// Physical edges from the two ends of the main axis and of the cross axis (the leading side
    /// is the right in a right-to-left BoxView).
    func edges<Value>(main: Ends<Value>, cross: Ends<Value>) -> BoxEdges<Value> {
        let (vertical, horizontal) = isColumn ? (main, cross) : (cross, main)
        return BoxEdges(
            top: vertical.start, right: isRightToLeft ? horizontal.start : horizontal.end, bottom: vertical.end,
            left: isRightToLeft ? horizontal.end : horizontal.start)
    }

    /// The offset along the x axis as a physical `left` inset (mirrored right to left).
    func horizontalOffset(_ offset: Double) -> Double { isRightToLeft ? -offset : offset }

    // MARK: - The tree

    func node() throws(BoxError) -> BoxNode {
        try check()
        if needsSolver { return try solvedNode() }
        var style = BoxStyle()
        style.flexDirection = isColumn ? .column : .row
        style.direction = view.direction
        style.width = view.width.map { .points($0) } ?? .auto
        style.height = view.height.map { .points($0) } ?? .auto
        if isColumn { style.rowGap = .points(view.spacing) } else { style.columnGap = .points(view.spacing) }
        guard !view.items.isEmpty else {
            // No items to carry the insets: they are the padding.
            style.padding = edges(
                main: Ends(start: .points(insets(mainAxis).start), end: .points(insets(mainAxis).end)),
                cross: Ends(start: .points(insets(crossAxis).start), end: .points(insets(crossAxis).end)))
            return BoxNode(id: view.id, style: style, paint: view.paint)
        }
        let (mainMargins, padding) = try mainAxisMargins()
        style.padding = edges(
            main: Ends(start: .points(padding.start), end: .points(padding.end)),
            cross: Ends(start: BoxLength.zero, end: .zero))
        var children: [BoxNode] = []
        children.reserveCapacity(view.items.count)
        let growing = fillingItems()
        for (index, (item, main)) in zip(view.items, mainMargins).enumerated() {
            var child = child(item, main: main)
            if growing.contains(index) { child.style.flexGrow = 1 }
            children.append(child)
        }
        var node = BoxNode(id: view.id, style: style, paint: view.paint, children: children)
        // An item's view is named `items[2].view` (a spacer, a view of its own, the same).
        node.origin = BoxOrigin(childNaming: .keyThen("items", "view"))
        return node
    }

    /// The item's view with the item's margins, alignment, relative offset, sizes and flex.
    func child(_ item: BoxItem, main: Ends<BoxLength>) -> BoxNode {
        var node = item.view ?? BoxNode()
        var style = node.style
        let along = pins(item, mainAxis)
        let across = pins(item, crossAxis)
        let inset = insets(crossAxis)

        // Sizes: the item's over the view's own.
        if let width = item.width { style.width = Self.length(width) }
        if let height = item.height { style.height = Self.length(height) }
        let mainSize = isColumn ? style.height : style.width
        let crossSize = isColumn ? style.width : style.height
        // Compression resistance (750) gives way to required pins: along the axis a view shrinks
        // below its content where the chain needs it to (no automatic minimum), unless its style
        // sets a minimum.
        if isColumn, style.minHeight == .auto { style.minHeight = .zero }
        if !isColumn, style.minWidth == .auto { style.minWidth = .zero }
        if let flex = item.flex {
            style.flexGrow = flex
            style.flexShrink = 1
            style.flexBasis = .zero
        } else if !mainSize.isAuto {
            style.flexShrink = 0
        }

        // Across the axis: alignment and margins.
        let cross: Ends<BoxLength>
        if across.center != nil {
            let clearance = across.centerClearance
            cross = Ends(start: .points(inset.start + clearance), end: .points(inset.end + clearance))
            style.alignSelf = .center
        } else {
            cross = Ends(
                start: .points(inset.start + (across.start?.constant ?? 0)),
                end: .points(inset.end + (across.end?.constant ?? 0)))
            // `<=` pins are laid out as `==`; a missing pin leaves that side free, as `>=` does.
            let startFixed = across.start.map { $0.relation != .greaterThanOrEqual } ?? false
            let endFixed = across.end.map { $0.relation != .greaterThanOrEqual } ?? false
            switch (startFixed, endFixed) {
            case (true, true): style.alignSelf = crossSize.isAuto ? .stretch : .start
            case (false, true): style.alignSelf = .end
            default: style.alignSelf = .start
            }
        }
        style.margin = edges(main: main, cross: cross)

        // Centre offsets: a relative position.
        if let center = along.center?.constant, center != 0 {
            if isColumn {
                style.inset.top = .points(center)
            } else {
                style.inset.left = .points(horizontalOffset(center))
            }
        }
        if let center = across.center?.constant, center != 0 {
            if isColumn {
                style.inset.left = .points(horizontalOffset(center))
            } else {
                style.inset.top = .points(center)
            }
        }
        node.style = style
        return node
    }

    /// The margins of each item along the axis, and the BoxView's padding on the two ends of it.
    ///
    /// The gaps of the chain: before the first item (its start pin and the start inset), between
    /// each two (the first's end pin and the second's start pin; the spacing is the engine's gap),
    /// after the last. A gap with a `>=` pin, or next to a centred item, takes the free space: one
    /// of its margins is `auto` and its minimum moves to the other side (to the padding, at the
    /// BoxView's ends).
    func mainAxisMargins() throws(BoxError) -> (margins: [Ends<BoxLength>], padding: Ends<Double>) {
        let items = view.items
        let along = items.map { pins($0, mainAxis) }
        // Each item's own minimum gap on each side, and whether that side takes free space.
        var least: [Ends<Double>] = []
        var free: [Ends<Bool>] = []
        for pins in along {
            if pins.center != nil {
                let clearance = pins.centerClearance
                least.append(Ends(start: clearance, end: clearance))
                free.append(Ends(start: true, end: true))
            } else {
                least.append(Ends(start: pins.start?.constant ?? 0, end: pins.end?.constant ?? 0))
                free.append(
                    Ends(
                        start: pins.start?.relation == .greaterThanOrEqual,
                        end: pins.end?.relation == .greaterThanOrEqual))
            }
        }
        let inset = insets(mainAxis)
        var margins = items.map { _ in Ends<BoxLength>(start: .zero, end: .zero) }
        var padding = Ends(start: 0.0, end: 0.0)
        let last = items.count - 1

        let before = inset.start + least[0].start
        if free[0].start {
            padding.start = before
            margins[0].start = .auto
        } else {
            margins[0].start = .points(before)
        }
        let after = inset.end + least[last].end
        if free[last].end {
            padding.end = after
            margins[last].end = .auto
        } else {
            margins[last].end = .points(after)
        }
        for index in items.indices.dropFirst() {
            let gap = least[index - 1].end + least[index].start
            if free[index].start {
                margins[index].start = .auto
                margins[index - 1].end = .points(gap)
            } else if free[index - 1].end {
                margins[index - 1].end = .auto
                margins[index].start = .points(gap)
            } else {
                margins[index - 1].end = .points(least[index - 1].end)
                margins[index].start = .points(least[index].start)
            }
        }
        for (value, index, atStart) in [(padding.start, 0, true), (padding.end, last, false)] where value < 0 {
            let pins = along[index]
            let key = pins.center != nil ? pins.centerKey : (atStart ? pins.startKey : pins.endKey)
            let edge = atStart ? insets(mainAxis).start : insets(mainAxis).end
            throw BoxError(
                path: "items[\(index)].\(key)",
                problem:
                    "a free gap at the BoxView's edge must be 0 or more with the inset (it is \(MushLimits.format(value)): inset \(MushLimits.format(edge)) and pin \(MushLimits.format(value - edge)))"
            )
        }
        return (margins, padding)
    }

    static func length(_ size: BoxItemSize) -> BoxLength {
        switch size {
        case .points(let value): return .points(value)
        case .relative(let fraction): return .percent(fraction * 100)
        }
    }

    /// The items that grow when the chain is shorter than the BoxView and must fill it: its two
    /// ends pinned, every gap pinned on one side at least, no gap that takes free space (`>=`, or
    /// next to a centred item) and no flex item. Auto Layout then stretches what hugs its content
    /// least: the spacers without a size, or else the views of the lowest hugging priority along
    /// the axis, sharing the extra length equally.
    func fillingItems() -> Set<Int> {
        let items = view.items
        guard !items.isEmpty else { return [] }
        let along = items.map { pins($0, mainAxis) }
        guard along[0].start != nil, along[along.count - 1].end != nil,
            along.allSatisfy({
                $0.center == nil && $0.start?.relation != .greaterThanOrEqual
                    && $0.end?.relation != .greaterThanOrEqual
            }),
            items.allSatisfy({ $0.flex == nil }),
            zip(along, along.dropFirst()).allSatisfy({ $0.0.end != nil || $0.1.start != nil })
        else { return [] }
        var lowest = Double.infinity
        var growing: Set<Int> = []
        for (index, item) in items.enumerated() where mainSize(item) == nil {
            let hugging = self.hugging(item, mainAxis) ?? -.infinity
            if hugging < lowest {
                lowest = hugging
                growing = [index]
            } else if hugging == lowest {
                growing.insert(index)
            }
        }
        return growing
    }

    /// The item's size along `axis`: its own, or its view's style's (nil: from its content).
    func size(_ item: BoxItem, _ axis: BoxView.Axis) -> BoxItemSize? {
        if let size = axis == .y ? item.height : item.width { return size }
        switch axis == .y ? item.view?.style.height : item.view?.style.width {
        case .points(let value)?: return .points(value)
        case .percent(let value)?: return .relative(value / 100)
        default: return nil
        }
    }

    func mainSize(_ item: BoxItem) -> BoxItemSize? { size(item, mainAxis) }

    /// The view's content hugging along `axis` (nil for a spacer, which has no content).
    func hugging(_ item: BoxItem, _ axis: BoxView.Axis) -> Double? {
        guard let view = item.view else { return nil }
        return (axis == .y ? item.huggingY : item.huggingX) ?? (view.leaf != nil ? 251 : BoxPin.low)
    }

    func compression(_ item: BoxItem, _ axis: BoxView.Axis) -> Double {
        (axis == .y ? item.compressionY : item.compressionX) ?? BoxPin.high
    }

    // MARK: - Solved chains

    /// Whether styles cannot express the chain: an optional pin, a `<=` pin, or a compression
    /// resistance given.
    var needsSolver: Bool {
        view.items.contains { item in
            [item.top, item.left, item.bottom, item.right, item.centerX, item.centerY].contains { pin in
                pin.map { !$0.isRequired || $0.relation == .lessThanOrEqual } ?? false
            } || item.compressionX != nil || item.compressionY != nil
        }
    }

    /// The BoxView as a node whose items a ``BoxViewChain`` places.
    func solvedNode() throws(BoxError) -> BoxNode {
        var style = BoxStyle()
        style.direction = view.direction
        style.width = view.width.map { .points($0) } ?? .auto
        style.height = view.height.map { .points($0) } ?? .auto
        let mainInsets = insets(mainAxis)
        let crossInsets = insets(crossAxis)
        var chainItems: [BoxViewChain.Item] = []
        var children: [BoxNode] = []
        for item in view.items {
            let along = pins(item, mainAxis)
            let across = pins(item, crossAxis)
            let hugging = self.hugging(item, mainAxis).map { ($0, self.hugging(item, crossAxis) ?? $0) }
            chainItems.append(
                BoxViewChain.Item(
                    crossStart: across.start, crossEnd: across.end, crossCenter: across.center,
                    mainCenter: along.center, mainClearance: along.centerClearance,
                    crossClearance: across.centerClearance, mainSize: size(item, mainAxis),
                    crossSize: size(item, crossAxis), flex: item.flex, hugging: hugging,
                    compression: (compression(item, mainAxis), compression(item, crossAxis)),
                    aspectRatio: item.view?.style.aspectRatio))
            children.append(item.view ?? BoxNode())
        }
        var node = BoxNode(id: view.id, style: style, paint: view.paint, children: children)
        node.arrangement = BoxViewChain(
            isColumn: isColumn, isRightToLeft: isRightToLeft, spacing: view.spacing,
            mainInsets: (mainInsets.start, mainInsets.end), crossInsets: (crossInsets.start, crossInsets.end),
            items: chainItems, gaps: try chainGaps())
        node.origin = BoxOrigin(childNaming: .keyThen("items", "view"))
        return node
    }

    /// The gaps of the chain along the axis, each the pins that meet in it joined as BoxView joins
    /// them: constants added, `==` with either relation giving that relation, the lower priority.
    func chainGaps() throws(BoxError) -> [BoxViewChain.Gap] {
        let along = view.items.map { pins($0, mainAxis) }
        var gaps = [BoxViewChain.Gap(pin: along.first?.start)]
        for index in along.indices.dropFirst() {
            let (end, start) = (along[index - 1].end, along[index].start)
            guard let end, let start else {
                gaps.append(BoxViewChain.Gap(pin: end ?? start))
                continue
            }
            let relation: BoxPin.Relation
            switch (end.relation, start.relation) {
            case (let a, let b) where a == b: relation = a
            case (.equal, let b): relation = b
            case (let a, .equal): relation = a
            default:
                throw BoxError(
                    path: "items[\(index)].\(along[index].startKey)",
                    problem:
                        "a \(start.relation.rawValue) pin cannot meet a \(end.relation.rawValue) pin in one gap (items[\(index - 1)].\(along[index].endKey) is \(end))"
                )
            }
            gaps.append(
                BoxViewChain.Gap(
                    pin: BoxPin(end.constant + start.constant, relation, priority: min(end.priority, start.priority))))
        }
        gaps.append(BoxViewChain.Gap(pin: along.last?.end))
        return gaps
    }

    // MARK: - Checks

    /// The first bad value, in order (the BoxView's own, then each item's), with its path.
    func check() throws(BoxError) {
        func fail(_ path: String, _ problem: String) -> BoxError { BoxError(path: path, problem: problem) }
        func points(_ value: Double, _ path: String) throws(BoxError) {
            if let problem = MushLimits.problem(value, in: MushLimits.length, unit: "points") {
                throw fail(path, problem)
            }
        }
        if let width = view.width { try points(width, "width") }
        if let height = view.height { try points(height, "height") }
        try points(view.spacing, "spacing")
        let insets = view.insets
        for (edge, value) in [
            ("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right),
        ] {
            try points(value, "insets.\(edge)")
        }
        if let (key, problem) = view.paint?.firstProblem() { throw fail("paint.\(key)", problem) }
        for (index, item) in view.items.enumerated() {
            try check(item, at: "items[\(index)]")
        }
    }

    func check(_ item: BoxItem, at path: String) throws(BoxError) {
        func fail(_ key: String, _ problem: String) -> BoxError { BoxError(path: path + "." + key, problem: problem) }
        let named: [(String, BoxPin?)] = [
            ("top", item.top), ("left", item.left), ("bottom", item.bottom), ("right", item.right),
            ("centerX", item.centerX), ("centerY", item.centerY),
        ]
        for (key, pin) in named {
            if let pin, let problem = MushLimits.problem(pin.constant, in: MushLimits.offset, unit: "points") {
                throw fail(key, problem)
            }
            if let pin, !(1...BoxPin.required).contains(pin.priority) {
                throw fail(key, "a priority must be from 1 to 1000 (it is \(MushLimits.format(pin.priority)))")
            }
        }
        let priorities: [(String, Double?)] = [
            ("huggingX", item.huggingX), ("huggingY", item.huggingY), ("compressionX", item.compressionX),
            ("compressionY", item.compressionY),
        ]
        for case (let key, let value?) in priorities where !(1...BoxPin.required).contains(value) {
            throw fail(key, "must be a priority from 1 to 1000 (it is \(MushLimits.format(value)))")
        }
        for axis in [BoxView.Axis.x, .y] {
            let pins = pins(item, axis)
            guard pins.center != nil else { continue }
            for (key, pin) in [(pins.startKey, pins.start), (pins.endKey, pins.end)] {
                if let pin, pin.relation != .greaterThanOrEqual {
                    throw fail(
                        key,
                        "an edge pin with a centre pin (\(pins.centerKey)) must be >=N or left out (it is \(pin))")
                }
            }
        }
        for (key, size) in [("width", item.width), ("height", item.height)] {
            switch size {
            case .points(let value)?:
                if let problem = MushLimits.problem(value, in: MushLimits.length, unit: "points") {
                    throw fail(key, problem)
                }
            case .relative(let fraction)?:
                if !(0...100).contains(fraction) {
                    throw fail(
                        key,
                        "must be a fraction from 0 to 100 of the BoxView's \(key) (it is \(MushLimits.format(fraction)))"
                    )
                }
            case nil: break
            }
        }
        if let flex = item.flex {
            if !(flex > 0 && flex <= 1_000_000) {
                throw fail("flex", "must be a number above 0, up to 1000000 (it is \(MushLimits.format(flex)))")
            }
            let key = isColumn ? "height" : "width"
            if (isColumn ? item.height : item.width) != nil {
                throw fail("flex", "a flex item takes its \(key) from its share of the free space (leave out \(key))")
            }
        }
        guard let node = item.view else { return }
        let style = node.style
        let decided: [(String, Bool)] = [
            ("display", style.display != .flex), ("position", style.position != .relative),
            ("margin", style.margin != .zero), ("inset", style.inset != .auto), ("alignSelf", style.alignSelf != nil),
            ("flexGrow", style.flexGrow != 0), ("flexShrink", style.flexShrink != 1),
            ("flexBasis", style.flexBasis != .auto),
        ]
        if let (key, _) = decided.first(where: { $0.1 }) {
            throw fail(
                "view.\(key)",
                key == "display"
                    ? "a hidden view is left out of the items instead"
                    : "is decided by the item (its pins, size and flex): leave it out of the view")
        }
        if validatesViews {
            do {
                try node.validate()
            } catch {
                throw BoxError(
                    path: path + ".view" + (error.path.isEmpty ? "" : "." + error.path), problem: error.problem)
            }
        }
    }
}
