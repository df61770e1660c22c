import Mush
import MushBox

/// A box of a layout holding one view or one sublayout (`MKLayoutItem`, and the layouts' item
/// subclasses): the layout decides the box, and the item's ``size``, ``padding``, ``gravity`` and
/// ``offset`` decide where the view goes inside it.
public struct MKLayoutItem: Sendable {
    /// What the item holds.
    public var content: Content
    /// The view's size, padding included: a length in points or ``MKLength/matchParent`` (the
    /// item's box) on each axis. Both match the parent by default.
    public var size: MKSize = .matchParent
    /// Room between the item's box and its view: it shrinks the view and moves it (a 10 × 10 item
    /// with a padding of 1 on the top and left has a 9 × 9 view at (1, 1)).
    public var padding: MKEdgeInsets = MKEdgeInsets()
    /// Which edge or centre of the padded box the view sticks to on each axis; none: the top left.
    public var gravity: MKLayoutGravity = .none
    /// How far the view is moved after size, padding and gravity placed it (`UIOffset`).
    public var offset: BoxOffset = .zero
    /// A linear layout's weight: the item's share of the length the fixed-size items and the
    /// spacing leave (weights are shared in proportion); nil: no weight. Only linear layouts take it.
    public var weight: Double?
    /// A separator drawn before the item, in the spacing between it and the previous item (none
    /// before the first item). Only linear layouts take it.
    public var insertBorder: MKBorder?
    /// Values of the item that a custom layout reads (``MKCustomLayout``: MKLayoutLibrary's custom
    /// item properties, such as an angle around a circle), by name. The built-in layouts read none.
    public var properties: [String: Double] = [:]

    /// An item holding `view`.
    public init(_ view: BoxNode) { content = .view(view) }

    /// An item holding `sublayout`.
    public init(sublayout: any MKLayout) { content = .sublayout(sublayout) }

    /// What an item holds.
    public enum Content: Sendable {
        /// A box of the engine: text, an image, a row, a subtree, or a node of another vocabulary.
        case view(BoxNode)
        /// A layout laid out inside the view's rectangle (its own margin inside that).
        case sublayout(any MKLayout)
    }
}

// The names MKLayoutLibrary's users know for the items of each layout.
public typealias MKLinearLayoutItem = MKLayoutItem
public typealias MKStackLayoutItem = MKLayoutItem
public typealias MKFlowLayoutItem = MKLayoutItem

/// A length of an item's ``MKLayoutItem/size``.
public enum MKLength: Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A length in points.
    case points(Double)
    /// As long as the item's box (`kMKLayoutItemSizeValueMatchParent`).
    case matchParent

    public init(floatLiteral value: Double) { self = .points(value) }
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
}

/// An item's width and height.
public struct MKSize: Hashable, Sendable {
    public var width: MKLength
    public var height: MKLength

    public init(width: MKLength, height: MKLength) {
        self.width = width
        self.height = height
    }

    /// The item's box on both axes (the default).
    public static let matchParent = MKSize(width: .matchParent, height: .matchParent)
}

/// The edge or centre a view sticks to inside its item's padded box (`MKLayoutGravity`): at most
/// one horizontal and one vertical choice count: a centre beats an edge, left beats right and top
/// beats bottom.
public struct MKLayoutGravity: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// No gravity: the view stays at the padded box's top left.
    public static let none: MKLayoutGravity = []
    public static let top = MKLayoutGravity(rawValue: 1 << 1)
    public static let bottom = MKLayoutGravity(rawValue: 1 << 2)
    public static let left = MKLayoutGravity(rawValue: 1 << 3)
    public static let right = MKLayoutGravity(rawValue: 1 << 4)
    public static let centerVertical = MKLayoutGravity(rawValue: 1 << 5)
    public static let centerHorizontal = MKLayoutGravity(rawValue: 1 << 6)
}

/// A separator line before an item of a linear layout (an item's `insertBorder`, with the thickness
/// MKLayoutLibrary asks its separator delegate for).
public struct MKBorder: Hashable, Sendable {
    /// How thick the line is along the layout's axis, in points; it takes that room, with the
    /// layout's spacing on both sides.
    public var thickness: Double
    /// The line's colour.
    public var color: MushColor

    public init(thickness: Double, color: MushColor) {
        self.thickness = thickness
        self.color = color
    }
}
