import Mush

/// A table row, after MGBoxKit's `MGLine`: items on the left, in the middle and on the right,
/// shortened or dropped when space runs out, and a height that can fit the content.
///
/// A line is a value: set its properties, then call ``layout(fonts:)`` for the frames of its items
/// and its size, or ``layout(_:fonts:maxConcurrency:)`` for many lines at once. Nothing is drawn;
/// the layout carries what a renderer needs. Lengths are in points.
///
/// ```swift
/// var line = MGLine(left: "Title", right: .box(MGLine.Box(width: 51, height: 31)), width: 320, height: 44)
/// line.padding = MGLine.Insets(left: 16, right: 16)
/// let layout = try line.layout()
/// ```
public struct MGLine: Hashable, Sendable {
    /// The line's width and (when `minHeight` and `maxHeight` are both 0) its height.
    public var width: Double
    public var height: Double
    /// Space inside the line's edges that no item enters.
    public var padding: Insets
    /// Space outside the line's edges (MGBox's margins), kept clear by an ``MGStack`` that holds
    /// the line; the line's own layout ignores it. Margins of neighbouring lines add up.
    public var margin: Insets

    /// The fill of the line's whole rectangle, under its borders and items; nil: none.
    public var backgroundColor: MushColor?
    /// MGBox-style borders, each drawn inside the line's rectangle along its edge; none by default.
    public var borders: Borders

    /// The font of strings on the left (and elsewhere when `middleFont` or `rightFont` is unset).
    public var font: Font
    public var middleFont: Font?
    public var rightFont: Font?
    /// The colour of text that sets none, on the left (and elsewhere when unset).
    public var textColor: MushColor
    public var middleTextColor: MushColor?
    public var rightTextColor: MushColor?
    /// The colour of the shadow under strings on the left (and elsewhere when unset); nil: no
    /// shadow (MGBoxKit's `textShadowColor`, `middleTextShadowColor`, `rightTextShadowColor`).
    public var textShadowColor: MushColor?
    public var middleTextShadowColor: MushColor?
    public var rightTextShadowColor: MushColor?
    /// How far each side's text shadow is drawn from the text, in points (y grows downwards);
    /// `Offset(x: 0, y: 1)` by default, as in MGBoxKit. Drawn only where the side has a shadow colour.
    public var leftTextShadowOffset: Offset
    public var middleTextShadowOffset: Offset
    public var rightTextShadowOffset: Offset

    /// Where each side's group sits in its band, and how its multiline text is aligned.
    public var leftAlignment: Alignment
    public var middleAlignment: Alignment
    public var rightAlignment: Alignment
    /// Where items sit between the top and bottom padding.
    public var verticalAlignment: VerticalAlignment
    /// The side sized first, which keeps its space when the row is too narrow.
    public var sidePrecedence: Side
    /// Fixed column widths; 0: as wide as the side's items.
    public var leftWidth: Double
    public var middleWidth: Double
    public var rightWidth: Double
    /// Extra space between the lines of multiline text on each side.
    public var leftLineSpacing: Double
    public var middleLineSpacing: Double
    public var rightLineSpacing: Double
    /// Space before and after every item.
    public var itemPadding: Double
    /// With both 0 the height stays as set; otherwise it fits the tallest item, at least `minHeight`
    /// and at most `maxHeight` (0: no limit).
    public var minHeight: Double
    public var maxHeight: Double
    /// Nothing is shortened or dropped; the line becomes as wide as its content.
    public var widenAsNeeded: Bool

    public var leftItems: [Item]
    public var middleItems: [Item]
    public var rightItems: [Item]

    /// A line of `width` × `height` with the given items and everything else at its default.
    public init(
        width: Double = 0, height: Double = 0, left leftItems: [Item] = [], middle middleItems: [Item] = [],
        right rightItems: [Item] = []
    ) {
        self.width = width
        self.height = height
        padding = Insets()
        margin = Insets()
        borders = Borders()
        font = Font()
        textColor = MushColor(red: 0, green: 0, blue: 0)
        leftTextShadowOffset = Offset(x: 0, y: 1)
        middleTextShadowOffset = Offset(x: 0, y: 1)
        rightTextShadowOffset = Offset(x: 0, y: 1)
        leftAlignment = .left
        middleAlignment = .center
        rightAlignment = .right
        verticalAlignment = .center
        sidePrecedence = .left
        leftWidth = 0
        middleWidth = 0
        rightWidth = 0
        leftLineSpacing = 0
        middleLineSpacing = 0
        rightLineSpacing = 0
        itemPadding = 0
        minHeight = 0
        maxHeight = 0
        widenAsNeeded = false
        self.leftItems = leftItems
        self.middleItems = middleItems
        self.rightItems = rightItems
    }

    /// MGBoxKit's `lineWithLeft:right:size:`: one item on each side (nil: none).
    public init(left: Item?, right: Item?, width: Double, height: Double) {
        self.init(width: width, height: height, left: left.map { [$0] } ?? [], right: right.map { [$0] } ?? [])
    }

    /// MGBoxKit's `lineWithMultilineLeft:right:width:minHeight:`: wrapped text on the left, an
    /// optional item on the right, and a height that grows to fit from `minHeight`. The right side
    /// takes precedence (as in MGBoxKit), so the text wraps in the room the right item leaves
    /// rather than pushing it out.
    public static func multilineLeft(_ text: String, right: Item? = nil, width: Double, minHeight: Double) -> MGLine {
        var line = MGLine(left: .text(text, multiline: true), right: right, width: width, height: minHeight)
        line.minHeight = minHeight
        line.sidePrecedence = .right
        return line
    }

    /// MGBoxKit's `lineWithLeft:multilineRight:width:minHeight:`.
    public static func multilineRight(_ text: String, left: Item? = nil, width: Double, minHeight: Double) -> MGLine {
        var line = MGLine(left: left, right: .text(text, multiline: true), width: width, height: minHeight)
        line.minHeight = minHeight
        return line
    }

    /// Each side's font, colour, alignment, fixed width and line spacing.
    public func font(for side: Side) -> Font {
        switch side {
        case .left: font
        case .middle: middleFont ?? font
        case .right: rightFont ?? font
        }
    }

    public func textColor(for side: Side) -> MushColor {
        switch side {
        case .left: textColor
        case .middle: middleTextColor ?? textColor
        case .right: rightTextColor ?? textColor
        }
    }

    /// Each side's text shadow colour: `middleTextShadowColor` and `rightTextShadowColor` fall back
    /// to `textShadowColor`; nil: no shadow.
    public func textShadowColor(for side: Side) -> MushColor? {
        switch side {
        case .left: textShadowColor
        case .middle: middleTextShadowColor ?? textShadowColor
        case .right: rightTextShadowColor ?? textShadowColor
        }
    }

    /// Each side's text shadow offset (y grows downwards).
    public func textShadowOffset(for side: Side) -> Offset {
        switch side {
        case .left: leftTextShadowOffset
        case .middle: middleTextShadowOffset
        case .right: rightTextShadowOffset
        }
    }

    public func alignment(for side: Side) -> Alignment {
        switch side {
        case .left: leftAlignment
        case .middle: middleAlignment
        case .right: rightAlignment
        }
    }

    public func fixedWidth(for side: Side) -> Double {
        switch side {
        case .left: leftWidth
        case .middle: middleWidth
        case .right: rightWidth
        }
    }

    public func lineSpacing(for side: Side) -> Double {
        switch side {
        case .left: leftLineSpacing
        case .middle: middleLineSpacing
        case .right: rightLineSpacing
        }
    }

    public func items(on side: Side) -> [Item] {
        switch side {
        case .left: leftItems
        case .middle: middleItems
        case .right: rightItems
        }
    }
}

extension MGLine {
    /// A side of the line.
    public enum Side: String, Hashable, Sendable, CaseIterable {
        case left, middle, right
    }

    /// Horizontal alignment of a side's group in its band and of its multiline text. Justified text
    /// is stretched to its frame at the spaces; the group sits as for `left`.
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        case left, center, right, justify
    }

    public enum VerticalAlignment: String, Hashable, Sendable, CaseIterable {
        case top, center, bottom
    }

    /// A font family and size; a nil family is the font collection's default (DejaVu Sans).
    public struct Font: Hashable, Sendable {
        public var family: String?
        public var size: Double
        public init(family: String? = nil, size: Double = 16) {
            self.family = family
            self.size = size
        }
    }

    /// Distances inside (padding) or outside (margins) the four edges of a rectangle.
    public struct Insets: Hashable, Sendable {
        public var top, left, bottom, right: Double
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }
    }

    /// A distance in points, such as a text shadow's from its text (y grows downwards).
    public struct Offset: Hashable, Sendable {
        public var x, y: Double
        public init(x: Double = 0, y: Double = 0) {
            self.x = x
            self.y = y
        }
    }

    /// MGBox-style borders: a colour for each edge (nil: no border on that edge), each drawn inside
    /// the rectangle along its edge, `width` points thick. Borders take no room in a layout: items
    /// and padding are laid out as if there were none, so a renderer draws them over the fill.
    public struct Borders: Hashable, Sendable {
        public var top, left, bottom, right: MushColor?
        /// The thickness of every edge's border, in points.
        public var width: Double

        public init(
            top: MushColor? = nil, left: MushColor? = nil, bottom: MushColor? = nil, right: MushColor? = nil,
            width: Double = 1
        ) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
            self.width = width
        }

        /// The same colour (or none) on all four edges, like MGBox's `borderColors = color`.
        public init(all color: MushColor?, width: Double = 1) {
            self.init(top: color, left: color, bottom: color, right: color, width: width)
        }
    }
}
