import Mush
import MushBase
import MushBox

/// Turns MKLayoutLibrary's layouts into box-engine nodes (the rules are in <doc:MKLayoutRules>).
///
/// A layout is a flex container; each item is a wrapper node (the item's box, which the layout
/// sizes) holding the view (sized, given the item's padding as its margin, and placed by gravity
/// inside it, then moved by the offset); a separator is a node of its own. The wrappers and separators are marked so that the
/// result drops them: the views take the wrappers' places, and the separators become rules of the
/// layout's paint.
package enum MKLowering {
    /// The node for `layout`; `name` is its path for errors (empty at the root).
    package static func lower(_ layout: any MKLayout, named name: String) throws(BoxError) -> BoxNode {
        let kind = try Kind(layout, named: name)
        var style = BoxStyle()
        // MKLayoutLibrary has no right-to-left: the layout is left to right whatever is around it.
        style.direction = .ltr
        style.width = try length(layout.width, JSONPath.join(name, "width"))
        style.height = try length(layout.height, JSONPath.join(name, "height"))
        let margin = try edges(layout.margin, JSONPath.join(name, "margin"))
        switch kind {
        case .linear(let orientation, let spacing):
            style.flexDirection = orientation == .horizontal ? .row : .column
            style.padding = margin
            style.rowGap = .points(spacing)
            style.columnGap = .points(spacing)
        case .flow(let orientation, let spacing):
            style.flexDirection = orientation == .horizontal ? .row : .column
            style.flexWrap = .wrap
            style.alignContent = .flexStart
            style.padding = margin
            style.rowGap = .points(spacing)
            style.columnGap = .points(spacing)
        case .stack:
            // Items are absolutely placed, by insets from the padding box: the margin is theirs.
            break
        case .custom:
            // The layout places the items' boxes in the content box: the layout less its margin.
            style.padding = margin
        }
        // MKLayoutLibrary shares by weight ÷ the weights' sum, so weights summing to less than 1 still
        // take all the room; CSS gives flex factors summing to less than 1 only that fraction of it.
        let weights = layout.items.reduce(0) { $0 + ($1.weight ?? 0) }
        let weightScale = weights > 0 && weights < 1 ? 1 / weights : 1
        var children: [BoxNode] = []
        children.reserveCapacity(layout.items.count)
        for (index, item) in layout.items.enumerated() {
            let itemName = JSONPath.join(name, "items[\(index)]")
            if let border = item.insertBorder {
                guard case .linear = kind else {
                    throw BoxError(
                        path: JSONPath.join(itemName, "insertBorder"), problem: "is for linear layouts' items")
                }
                try check(border.thickness, JSONPath.join(itemName, "insertBorder.thickness"))
                // MKLayoutLibrary draws no separator before the first item.
                if index > 0 { children.append(separator(border)) }
            }
            children.append(
                try wrapper(item, index: index, in: kind, margin: margin, weightScale: weightScale, named: itemName))
        }
        if let paint = layout.paint, let (key, problem) = paint.firstProblem() {
            throw BoxError(path: JSONPath.join(name, "paint." + key), problem: problem)
        }
        var node = BoxNode(id: layout.id, style: style, paint: layout.paint, children: children)
        if case .custom(let custom) = kind { node.arrangement = MKCustomArrangement(layout: custom) }
        // (Its views name themselves: `items[2].view`.)
        node.origin = BoxOrigin(passes: [MKFillsRoom()])
        return node
    }

    /// The three layouts and custom ones, with what each needs.
    enum Kind {
        case linear(MKLayoutOrientation, spacing: Double)
        case stack
        case flow(MKLayoutOrientation, spacing: Double)
        case custom(any MKCustomLayout)

        init(_ layout: any MKLayout, named name: String) throws(BoxError) {
            switch layout {
            case let linear as MKLinearLayout:
                try MKLowering.check(linear.spacing, JSONPath.join(name, "spacing"))
                self = .linear(linear.orientation, spacing: linear.spacing)
            case is MKStackLayout:
                self = .stack
            case let flow as MKFlowLayout:
                try MKLowering.check(flow.spacing, JSONPath.join(name, "spacing"))
                self = .flow(flow.orientation, spacing: flow.spacing)
            case let custom as any MKCustomLayout:
                self = .custom(custom)
            default:
                throw BoxError(
                    path: name,
                    problem: "is not an MKLinearLayout, MKStackLayout, MKFlowLayout or MKCustomLayout")
            }
        }
    }

    /// The item's box: sized by the layout's rules, padded by the item's padding, placing its view
    /// by gravity. `weightScale` turns its weight into a flex factor (the weights' sum made at least 1).
    static func wrapper(
        _ item: MKLayoutItem, index: Int, in kind: Kind, margin: BoxEdges<BoxLength>, weightScale: Double,
        named name: String
    ) throws(BoxError) -> BoxNode {
        let width = try size(item.size.width, JSONPath.join(name, "size.width"))
        let height = try size(item.size.height, JSONPath.join(name, "size.height"))
        let padding = item.padding
        for (key, value) in [
            ("top", padding.top), ("left", padding.left), ("bottom", padding.bottom), ("right", padding.right),
        ] {
            try check(value, JSONPath.join(name, "padding." + key))
        }
        for (key, value) in [("x", item.offset.x), ("y", item.offset.y)] {
            if let problem = MushLimits.problem(value, in: MushLimits.offset) {
                throw BoxError(path: JSONPath.join(name, "offset." + key), problem: problem)
            }
        }
        var style = BoxStyle()
        style.flexDirection = .row
        let horizontal = item.gravity
        if horizontal.contains(.centerHorizontal) {
            style.justifyContent = .center
        } else if horizontal.contains(.left) {
            style.justifyContent = .flexStart
        } else if horizontal.contains(.right) {
            style.justifyContent = .flexEnd
        }
        if let weight = item.weight {
            guard case .linear = kind else {
                throw BoxError(path: JSONPath.join(name, "weight"), problem: "is for linear layouts' items")
            }
            try check(weight, JSONPath.join(name, "weight"))
        }
        // The box along the layout's axis and across it.
        switch kind {
        case .linear(let orientation, _):
            let mainSize = orientation == .horizontal ? width : height
            if let weight = item.weight {
                // A share of what fixed lengths and spacing leave, whatever the item's size (which is
                // then its view's).
                style.flexGrow = weight * weightScale
                style.flexShrink = 0
                style.flexBasis = .points(0)
            } else if let length = mainSize {
                style.flexShrink = 0
                style.flexBasis = .points(length)
            } else {
                // Match parent: as long as the layout, shrunk (alone with the other match-parent
                // items, in proportion) to what its siblings leave.
                style.flexBasis = .percent(100)
                style.flexShrink = 1
            }
            if orientation == .horizontal { style.minWidth = .points(0) } else { style.minHeight = .points(0) }
        case .stack:
            style.position = .absolute
            style.inset = margin
        case .custom:
            // The layout gives the box: where the item's size is in points, it needs that.
            style.width = width.map { .points($0) } ?? .auto
            style.height = height.map { .points($0) } ?? .auto
        case .flow(let orientation, _):
            let (mainSize, crossSize) = orientation == .horizontal ? (width, height) : (height, width)
            style.flexShrink = 0
            style.flexBasis = mainSize.map { .points($0) } ?? .percent(100)
            // Across, the row is as tall as its tallest item; a match-parent item counts as tall as
            // the layout. The box is stretched to the row.
            if crossSize == nil {
                if orientation == .horizontal {
                    style.minHeight = .percent(100)
                } else {
                    style.minWidth = .percent(100)
                }
            }
        }
        // The view: its size less the padding, or the padded box; placed by gravity, then offset.
        var view: BoxNode
        let step: String
        switch item.content {
        case .view(let node):
            view = node
            step = "view"
            try checkView(view.style, JSONPath.join(name, "view"))
        case .sublayout(let sublayout):
            view = try lower(sublayout, named: JSONPath.join(name, "sublayout"))
            step = "sublayout"
        }
        // The view takes the wrapper's place in the result, under the item's name.
        view.origin = (view.origin ?? BoxOrigin()).named([.key("items"), .index(index), .key(step)])
        if let width {
            view.style.width = .points(max(width - padding.left - padding.right, 0))
            view.style.flexGrow = 0
            view.style.flexShrink = 0
            view.style.flexBasis = .auto
        } else {
            view.style.width = .auto
            view.style.flexGrow = 1
            view.style.flexShrink = 1
            view.style.flexBasis = .points(0)
            if view.style.minWidth == .auto { view.style.minWidth = .points(0) }
        }
        if let height {
            view.style.height = .points(max(height - padding.top - padding.bottom, 0))
            let vertical = item.gravity
            view.style.alignSelf =
                vertical.contains(.centerVertical)
                ? .center : vertical.contains(.top) ? .flexStart : vertical.contains(.bottom) ? .flexEnd : .flexStart
        } else {
            view.style.alignSelf = .stretch
        }
        // The padding is the view's margin, not the box's padding: a weight shares out whole boxes
        // (CSS would count a box's padding as part of its share).
        view.style.margin = BoxEdges(points: padding)
        if item.offset != .zero {
            view.style.position = .relative
            view.style.inset = BoxEdges(
                top: .points(item.offset.y), right: .auto, bottom: .auto, left: .points(item.offset.x))
        }
        var wrapper = BoxNode(style: style, children: [view])
        wrapper.resultRole = .lifted
        return wrapper
    }

    /// A separator: `thickness` along the axis, across the whole layout (stretched, as the items'
    /// boxes are), drawn as a rule.
    static func separator(_ border: MKBorder) -> BoxNode {
        var style = BoxStyle()
        style.flexShrink = 0
        style.flexBasis = .points(border.thickness)
        var node = BoxNode(style: style, paint: BoxPaint(backgroundColor: border.color))
        node.resultRole = .rule
        return node
    }

    /// A view's own style: what the item decides (its size and where it goes) it may not set.
    static func checkView(_ style: BoxStyle, _ name: String) throws(BoxError) {
        let decided: [(String, Bool)] = [
            ("width", style.width != .auto), ("height", style.height != .auto),
            ("margin", style.margin != .zero), ("position", style.position != .relative),
            ("inset", style.inset != .auto),
        ]
        for (key, isSet) in decided where isSet {
            throw BoxError(
                path: JSONPath.join(name, key),
                problem: "is decided by the item (its size, padding, gravity and offset place the view)")
        }
    }

    // MARK: - Values

    static func check(_ value: Double, _ name: String) throws(BoxError) {
        if let problem = MushLimits.problem(value, in: MushLimits.length) {
            throw BoxError(path: name, problem: problem)
        }
    }

    static func length(_ value: Double?, _ name: String) throws(BoxError) -> BoxLength {
        guard let value else { return .auto }
        try check(value, name)
        return .points(value)
    }

    /// A size in points, or nil for match parent.
    static func size(_ length: MKLength, _ name: String) throws(BoxError) -> Double? {
        guard case .points(let value) = length else { return nil }
        try check(value, name)
        return value
    }

    static func edges(_ insets: MKEdgeInsets, _ name: String) throws(BoxError) -> BoxEdges<BoxLength> {
        for (key, value) in [
            ("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right),
        ] {
            try check(value, JSONPath.join(name, key))
        }
        return BoxEdges(points: insets)
    }
}
