import Mush
import MushBox
import MushLine

/// A layout after MKLayoutLibrary's `MKLayout`: items, each a box holding a view or a sublayout,
/// placed by the layout's rules inside the layout's rectangle less its ``margin``.
///
/// ``MKLinearLayout``, ``MKStackLayout`` and ``MKFlowLayout`` are the three layouts. Each is a set of
/// box-engine styles (the article <doc:MKLayoutRules> gives them, and what differs from
/// MKLayoutLibrary); nothing here lays out by itself. A layout is a value: build it, then call
/// ``layout(width:height:rounding:)``.
public protocol MKLayout: Sendable {
    /// A name echoed in the layout's result (`BoxLayout.id`).
    var id: String? { get set }
    /// The layout's items, in order: their views (or sublayouts) become the result's children.
    var items: [MKLayoutItem] { get set }
    /// Space inside the layout's rectangle, around all its items (MKLayout's `margin`).
    var margin: MKEdgeInsets { get set }
    /// The layout's width and height in points; nil: the room it is given (by its item in a parent
    /// layout, by its container, or the available space at the root).
    var width: Double? { get set }
    var height: Double? { get set }
    /// How the layout's own box is drawn (a background, borders, corners); nil: nothing.
    var paint: BoxPaint? { get set }
}

extension MKLayout {
    /// Adds an item holding `view`, with the item's properties set by `configure` (MKLayout's
    /// `addSubview:`, which returns the item to configure).
    public mutating func addSubview(_ view: BoxNode, _ configure: (inout MKLayoutItem) -> Void = { _ in }) {
        var item = MKLayoutItem(view)
        configure(&item)
        items.append(item)
    }

    /// Adds an item holding `sublayout` (MKLayout's `addSublayout:`).
    public mutating func addSublayout(_ sublayout: any MKLayout, _ configure: (inout MKLayoutItem) -> Void = { _ in }) {
        var item = MKLayoutItem(sublayout: sublayout)
        configure(&item)
        items.append(item)
    }
}

/// The insets of a layout's margin and an item's padding, as UIKit's `UIEdgeInsets` orders them.
public typealias MKEdgeInsets = MGLine.Insets

/// The axis a linear or flow layout places its items along (`MKLayoutOrientation`).
public enum MKLayoutOrientation: String, Hashable, Sendable, CaseIterable {
    /// Left to right (the default).
    case horizontal
    /// Top to bottom.
    case vertical
}

/// Items one after another along an axis (`MKLinearLayout`): items of a fixed length keep it,
/// weighted items share what those and the spacing leave, by weight, and every item's box spans
/// the layout across the axis.
///
/// ```swift
/// var layout = MKLinearLayout(orientation: .vertical, width: 300, height: 100)
/// layout.addSubview(title) { $0.size = MKSize(width: .matchParent, height: 30) }
/// layout.addSubview(body) { $0.weight = 1 }
/// // title: (0, 0) 300 × 30; body: (0, 30) 300 × 70
/// ```
public struct MKLinearLayout: MKLayout {
    public var id: String?
    public var items: [MKLayoutItem]
    public var margin: MKEdgeInsets
    public var width: Double?
    public var height: Double?
    public var paint: BoxPaint?
    /// The axis the items follow one another on.
    public var orientation: MKLayoutOrientation
    /// The room between two items (and on both sides of a separator).
    public var spacing: Double

    public init(
        orientation: MKLayoutOrientation = .horizontal, spacing: Double = 0, width: Double? = nil,
        height: Double? = nil, items: [MKLayoutItem] = []
    ) {
        self.orientation = orientation
        self.spacing = spacing
        self.width = width
        self.height = height
        self.items = items
        margin = MKEdgeInsets()
    }
}

/// Items on top of one another (`MKStackLayout`): every item's box is the whole layout less its
/// margin, and later items are drawn over earlier ones.
public struct MKStackLayout: MKLayout {
    public var id: String?
    public var items: [MKLayoutItem]
    public var margin: MKEdgeInsets
    public var width: Double?
    public var height: Double?
    public var paint: BoxPaint?

    public init(width: Double? = nil, height: Double? = nil, items: [MKLayoutItem] = []) {
        self.width = width
        self.height = height
        self.items = items
        margin = MKEdgeInsets()
    }
}

/// Items along an axis, wrapping to a new row (or column) when the next one does not fit
/// (`MKFlowLayout`); each row is as tall as its tallest item.
public struct MKFlowLayout: MKLayout {
    public var id: String?
    public var items: [MKLayoutItem]
    public var margin: MKEdgeInsets
    public var width: Double?
    public var height: Double?
    public var paint: BoxPaint?
    /// `horizontal`: rows, left to right, wrapping downwards; `vertical`: columns, top to bottom,
    /// wrapping to the right.
    public var orientation: MKLayoutOrientation
    /// The room between two items of a row, and between two rows (MKLayoutLibrary has none: 0).
    public var spacing: Double

    public init(
        orientation: MKLayoutOrientation = .horizontal, spacing: Double = 0, width: Double? = nil,
        height: Double? = nil, items: [MKLayoutItem] = []
    ) {
        self.orientation = orientation
        self.spacing = spacing
        self.width = width
        self.height = height
        self.items = items
        margin = MKEdgeInsets()
    }
}
