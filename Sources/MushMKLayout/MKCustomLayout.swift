import MushBox

/// A layout of your own, as MKLayoutLibrary's subclasses of `MKLayout` that override
/// `layoutBounds:`: given the layout's rectangle and its items (each with its measured size and its
/// own ``MKLayoutItem/properties``), it gives each item's box; each item's view is then sized and
/// placed inside its box by the item's ``MKLayoutItem/size``, ``MKLayoutItem/padding``,
/// ``MKLayoutItem/gravity`` and ``MKLayoutItem/offset``, as in the built-in layouts.
///
/// ```swift
/// /// Items around a circle, the first at the top, clockwise; an item's `angle` property (degrees
/// /// clockwise from the top) places it elsewhere.
/// struct MKCircleLayout: MKCustomLayout {
///     var id: String?
///     var items: [MKLayoutItem] = []
///     var margin = MKEdgeInsets()
///     var width: Double?
///     var height: Double?
///     var paint: BoxPaint?
///
///     func layoutBounds(_ bounds: MKBounds, items: [MKMeasuredItem]) -> [BoxFrame] {
///         let sizes = items.map { $0.size() }
///         let largest = sizes.map { max($0.width, $0.height) }.max() ?? 0
///         let width = bounds.width ?? 2 * largest
///         let height = bounds.height ?? 2 * largest
///         let radius = max(min(width, height) / 2 - largest / 2, 0)
///         return zip(items, sizes).enumerated().map { index, pair in
///             let (item, size) = pair
///             let degrees = item.item.properties["angle"] ?? 360 * Double(index) / Double(items.count)
///             let angle = degrees * .pi / 180
///             let x = width / 2 + radius * sin(angle), y = height / 2 - radius * cos(angle)
///             return BoxFrame(x: x - size.width / 2, y: y - size.height / 2, width: size.width, height: size.height)
///         }
///     }
/// }
/// ```
///
/// A custom layout is laid out, nested and drawn as the built-in ones are (``MKLayout/node()``,
/// ``MKLayout/layout(width:height:rounding:)``); its items may not have a ``MKLayoutItem/weight``
/// or an ``MKLayoutItem/insertBorder`` (those are a linear layout's). The article MKLayoutRules
/// gives the rules.
public protocol MKCustomLayout: MKLayout {
    /// The frames of the items' boxes, one per item in order, in `bounds` (the layout's rectangle
    /// less its margin), x and y from its top left. A layout whose bounds are not known in an
    /// axis (nil: it has no size there, and nothing around it gives one) is as large there as its
    /// frames reach. A frame with a negative, infinite or NaN value counts it as 0.
    func layoutBounds(_ bounds: MKBounds, items: [MKMeasuredItem]) -> [BoxFrame]
}

/// The rectangle a custom layout places its items in: its size less its margin, where known.
public struct MKBounds: Sendable, Hashable {
    /// The width; nil where the layout is as wide as its items reach.
    public var width: Double?
    /// The height; nil where the layout is as tall as its items reach.
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }
}

/// An item of a custom layout, with a way to measure its box.
public struct MKMeasuredItem {
    /// The item (its ``MKLayoutItem/properties`` are the custom layout's to read).
    public let item: MKLayoutItem
    /// The item's index among the layout's items.
    public let index: Int
    let child: BoxChild

    /// The size the item's box needs: its ``MKLayoutItem/size`` where that is in points, else its
    /// view's own size with the item's padding (text at its widest, or wrapped to a `width` given;
    /// a `height` given likewise).
    public func size(width: Double? = nil, height: Double? = nil) -> (width: Double, height: Double) {
        child.size(width: width, height: height)
    }
}

/// A custom layout's node: its items' boxes (the item wrappers) placed where the layout says.
struct MKCustomArrangement: BoxArrangement {
    let layout: any MKCustomLayout

    func arrange(_ children: BoxChildren, in proposal: BoxProposal) -> BoxArranged {
        let items = children.compactMap { child -> MKMeasuredItem? in
            guard layout.items.indices.contains(child.index) else { return nil }
            return MKMeasuredItem(item: layout.items[child.index], index: child.index, child: child)
        }
        let frames = layout.layoutBounds(MKBounds(width: proposal.width, height: proposal.height), items: items)
        func extent(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
        let width = frames.reduce(0) { max($0, extent($1.x) + extent($1.width)) }
        let height = frames.reduce(0) { max($0, extent($1.y) + extent($1.height)) }
        return BoxArranged(width: proposal.width ?? width, height: proposal.height ?? height, frames: frames)
    }
}
