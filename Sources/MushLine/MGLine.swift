import Mush
import MushText

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

    /// Each side's font, colours, shadow offset, alignment, column width, line spacing and items:
    /// `sides.middle.font`, or `line[.middle].font`. MGBoxKit's flat names below read and write it.
    public var sides: SideTable<SideStyle>
    /// Where items sit between the top and bottom padding.
    public var verticalAlignment: VerticalAlignment
    /// The side sized first, which keeps its space when the row is too narrow.
    public var sidePrecedence: Side
    /// Space before and after every item.
    public var itemPadding: Double
    /// With both 0 the height stays as set; otherwise it fits the tallest item, at least `minHeight`
    /// and at most `maxHeight` (0: no limit).
    public var minHeight: Double
    public var maxHeight: Double
    /// Nothing is shortened or dropped; the line becomes as wide as its content.
    public var widenAsNeeded: Bool
    /// The typography of the line's text: its language, hyphenation, OpenType features, letter
    /// and word spacing, line height and tab size (the `ParagraphStyle` fields of those names).
    /// Each text item's font, size, alignment, line spacing and truncation come from its side and
    /// kind, in place of this style's.
    public var textStyle: ParagraphStyle {
        get { textStyleBox?.style ?? ParagraphStyle() }
        set { textStyleBox = newValue == ParagraphStyle() ? nil : TextStyleBox(newValue) }
    }
    /// The text style where it is not the default: lines are copied often, and most set none.
    private var textStyleBox: TextStyleBox?

    /// Whether the line sets a text style of its own.
    var hasTextStyle: Bool { textStyleBox != nil }

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
        sides = SideTable(
            left: SideStyle(font: Font(), textColor: SideStyle.defaultTextColor, alignment: .left, items: leftItems),
            middle: SideStyle(alignment: .center, items: middleItems),
            right: SideStyle(alignment: .right, items: rightItems))
        verticalAlignment = .center
        sidePrecedence = .left
        itemPadding = 0
        minHeight = 0
        maxHeight = 0
        widenAsNeeded = false
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

    /// A side's style: `line[.right].font = MGLine.Font(size: 13)`.
    public subscript(_ side: Side) -> SideStyle {
        get { sides[side] }
        _modify { yield &sides[side] }
    }
}

/// MGBoxKit's flat names for the sides' styles (``MGLine/sides``): `middleFont` is
/// `sides.middle.font`, `leftWidth` is `sides.left.width`.
extension MGLine {
    /// The font of strings on the left, and elsewhere when `middleFont` or `rightFont` is unset
    /// (`sides.left.font`).
    public var font: Font {
        get { font(for: .left) }
        set { sides.left.font = newValue }
    }
    public var middleFont: Font? {
        get { sides.middle.font }
        _modify { yield &sides.middle.font }
    }
    public var rightFont: Font? {
        get { sides.right.font }
        _modify { yield &sides.right.font }
    }

    /// The colour of text that sets none, on the left and elsewhere when unset
    /// (`sides.left.textColor`).
    public var textColor: MushColor {
        get { textColor(for: .left) }
        set { sides.left.textColor = newValue }
    }
    public var middleTextColor: MushColor? {
        get { sides.middle.textColor }
        _modify { yield &sides.middle.textColor }
    }
    public var rightTextColor: MushColor? {
        get { sides.right.textColor }
        _modify { yield &sides.right.textColor }
    }

    /// The colour of the shadow under strings on the left, and elsewhere when unset; nil: no shadow
    /// (MGBoxKit's `textShadowColor`, `middleTextShadowColor`, `rightTextShadowColor`).
    public var textShadowColor: MushColor? {
        get { sides.left.textShadowColor }
        _modify { yield &sides.left.textShadowColor }
    }
    public var middleTextShadowColor: MushColor? {
        get { sides.middle.textShadowColor }
        _modify { yield &sides.middle.textShadowColor }
    }
    public var rightTextShadowColor: MushColor? {
        get { sides.right.textShadowColor }
        _modify { yield &sides.right.textShadowColor }
    }

    /// How far each side's text shadow is drawn from the text, in points (y grows downwards);
    /// `Offset(x: 0, y: 1)` by default, as in MGBoxKit. Drawn only where the side has a shadow
    /// colour.
    public var leftTextShadowOffset: Offset {
        get { sides.left.textShadowOffset }
        _modify { yield &sides.left.textShadowOffset }
    }
    public var middleTextShadowOffset: Offset {
        get { sides.middle.textShadowOffset }
        _modify { yield &sides.middle.textShadowOffset }
    }
    public var rightTextShadowOffset: Offset {
        get { sides.right.textShadowOffset }
        _modify { yield &sides.right.textShadowOffset }
    }

    /// Where each side's group sits in its band, and how its multiline text is aligned (MGBoxKit's
    /// `leftItemsTextAlignment`…).
    public var leftAlignment: Alignment {
        get { sides.left.alignment }
        _modify { yield &sides.left.alignment }
    }
    public var middleAlignment: Alignment {
        get { sides.middle.alignment }
        _modify { yield &sides.middle.alignment }
    }
    public var rightAlignment: Alignment {
        get { sides.right.alignment }
        _modify { yield &sides.right.alignment }
    }

    /// Fixed column widths; 0: as wide as the side's items.
    public var leftWidth: Double {
        get { sides.left.width }
        _modify { yield &sides.left.width }
    }
    public var middleWidth: Double {
        get { sides.middle.width }
        _modify { yield &sides.middle.width }
    }
    public var rightWidth: Double {
        get { sides.right.width }
        _modify { yield &sides.right.width }
    }

    /// Extra space between the lines of multiline text on each side.
    public var leftLineSpacing: Double {
        get { sides.left.lineSpacing }
        _modify { yield &sides.left.lineSpacing }
    }
    public var middleLineSpacing: Double {
        get { sides.middle.lineSpacing }
        _modify { yield &sides.middle.lineSpacing }
    }
    public var rightLineSpacing: Double {
        get { sides.right.lineSpacing }
        _modify { yield &sides.right.lineSpacing }
    }

    /// Each side's items.
    public var leftItems: [Item] {
        get { sides.left.items }
        _modify { yield &sides.left.items }
    }
    public var middleItems: [Item] {
        get { sides.middle.items }
        _modify { yield &sides.middle.items }
    }
    public var rightItems: [Item] {
        get { sides.right.items }
        _modify { yield &sides.right.items }
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

    /// Distances inside (padding) or outside (margins) the four edges of a rectangle: the package's
    /// one edges type, made as UIKit makes `UIEdgeInsets` (`Insets(top: 4, left: 8)`).
    public typealias Insets = BoxEdges<Double>

    /// A distance in points, such as a text shadow's from its text (y grows downwards): the
    /// package's one offset type.
    public typealias Offset = BoxOffset

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

/// A line's text style, shared by its copies and replaced (never changed) when one sets it: equal
/// and hashed by the style.
private final class TextStyleBox: Hashable, Sendable {
    let style: ParagraphStyle

    init(_ style: ParagraphStyle) { self.style = style }

    static func == (lhs: TextStyleBox, rhs: TextStyleBox) -> Bool { lhs.style == rhs.style }

    func hash(into hasher: inout Hasher) { hasher.combine(style) }
}
