import Mush
import MushBox
import MushLine
import MushText

/// A table section after MGBoxKit's `MGTableBox`: rows in ``topLines``, ``middleLines`` and
/// ``bottomLines``, laid out one under another in that order, in a box whose other properties are
/// an ``MGBox``'s (``box``; `section.width` reads and writes `section.box.width`).
///
/// A row whose width is 0 fills the section's inner width (less its margins). ``style`` draws the
/// section as a card of rows with separators (``MGTableStyle``).
///
/// ```swift
/// var section = MGTableBox(width: 304)
/// section.margin = MGLine.Insets(top: 8, left: 8)
/// section.topLines = [MGLine(width: 0, height: 44, left: ["My First Table"])]
/// section.middleLines = [MGLine(width: 0, height: 44, left: ["Left text"], right: ["Right text"])]
/// let layout = try section.layout()   // 304 × 88: the rows at y 0 and 44
/// ```
@dynamicMemberLookup
public struct MGTableBox: MGLayoutBox {
    /// The section's own properties (its `boxes` must stay empty: the lines are its boxes).
    public var box: MGBox
    public var topLines: [any MGLayoutBox]
    public var middleLines: [any MGLayoutBox]
    public var bottomLines: [any MGLayoutBox]
    /// How the section and its rows are drawn; nil: as the box and rows say, nothing added.
    public var style: MGTableStyle?
    /// Whether the top lines are drawn again at the top of every page the section continues on,
    /// as a table's head in a paged document (`repeat: header` on each).
    public var repeatTopLines = false

    public init(
        width: Double? = nil, topLines: [any MGLayoutBox] = [], middleLines: [any MGLayoutBox] = [],
        bottomLines: [any MGLayoutBox] = [], style: MGTableStyle? = nil
    ) {
        box = MGBox(width: width)
        self.topLines = topLines
        self.middleLines = middleLines
        self.bottomLines = bottomLines
        self.style = style
    }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<MGBox, Value>) -> Value {
        get { box[keyPath: keyPath] }
        set { box[keyPath: keyPath] = newValue }
    }

    /// The section as a table-mode box whose boxes are its lines, styled by ``style``: the section's
    /// own paint at once, each row's as the box is laid out (its place among the rows decides its
    /// separator).
    public var mgBox: MGBox {
        var section = box
        section.contentLayoutMode = .table
        guard box.boxes.isEmpty else {
            // Lowering names the mix as an error.
            section.mixesBoxesAndLines = true
            return section
        }
        section.lineCounts = (topLines.count, middleLines.count)
        section.repeatsTopLines = repeatTopLines
        section.boxes = topLines + middleLines + bottomLines
        if let style {
            style.apply(to: &section)
            section.rowStyle = style
        }
        return section
    }

    /// As ``MGBox/layout(width:height:fonts:rounding:)``: the result's children are the lines, top
    /// lines first.
    public func layout(
        width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent,
        fonts: FontCollection = .standard, rounding: BoxRounding = .edges
    ) throws(MGBoxError) -> BoxLayout {
        try mgBox.layout(width: width, height: height, fonts: fonts, rounding: rounding)
    }
}

/// How an ``MGTableBox`` is drawn: a card of rows with separators between them, the way grouped
/// tables of today's apps look (MGBoxKit's `MGTableBoxStyled` and `MGLineStyled` drew the grey,
/// etched sections of 2012; ``etched`` draws those).
///
/// The style sets paint only, and two sizes: rows of height 0 (which fit their content) are at
/// least ``rowHeight`` tall, and rows without left or right padding get ``rowPadding``. It moves
/// nothing else.
public struct MGTableStyle: Hashable, Sendable {
    /// The card's fill, under the rows.
    public var backgroundColor: MushColor?
    /// The card's corner radius; the rows are clipped to it.
    public var cornerRadius: Double
    /// The line between two rows; nil: none.
    public var separatorColor: MushColor?
    /// How far the separator starts from the rows' left edge.
    public var separatorInset: Double
    /// How thick the separator is, in points (0.5: one pixel at scale 2).
    public var separatorWidth: Double
    /// MGBoxKit's etched borders on each row: light on top, dark at the bottom (the first row has
    /// no top line and the last no bottom line, as in `MGTableBoxStyled`).
    public var etchedRows: Bool
    /// The card's shadow.
    public var shadow: BoxShadow?
    /// The smallest height of a row whose height fits its content.
    public var rowHeight: Double
    /// The left and right padding of rows that have none.
    public var rowPadding: Double

    public init(
        backgroundColor: MushColor? = MushColor(red: 255, green: 255, blue: 255), cornerRadius: Double = 10,
        separatorColor: MushColor? = MushColor(red: 198, green: 198, blue: 200), separatorInset: Double = 16,
        separatorWidth: Double = 0.5, etchedRows: Bool = false, shadow: BoxShadow? = nil, rowHeight: Double = 44,
        rowPadding: Double = 16
    ) {
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.separatorColor = separatorColor
        self.separatorInset = separatorInset
        self.separatorWidth = separatorWidth
        self.etchedRows = etchedRows
        self.shadow = shadow
        self.rowHeight = rowHeight
        self.rowPadding = rowPadding
    }

    /// Today's grouped table: a white card with corners of 10, hairline separators inset by 16, rows
    /// at least 44 tall with padding 16 (to sit on a page of `#f2f2f7`).
    public static let insetGrouped = MGTableStyle()

    /// MGBoxKit's `MGTableBoxStyled` look: a light grey card (`#f0f0f2`) with corners of 4 and a
    /// faint shadow, etched rows, no separators.
    public static let etched = MGTableStyle(
        backgroundColor: MushColor(red: 240, green: 240, blue: 242), cornerRadius: 4, separatorColor: nil,
        separatorInset: 0, etchedRows: true,
        shadow: BoxShadow(color: MushColor(red: 0, green: 0, blue: 0, alpha: 31), offset: BoxOffset(y: 0.5), blur: 1),
        rowHeight: 40, rowPadding: 16)

    /// Paints the section (its rows are styled as they are lowered: ``styled(_:index:count:)``).
    func apply(to section: inout MGBox) {
        section.backgroundColor = section.backgroundColor ?? backgroundColor
        section.cornerRadius = section.cornerRadius == 0 ? cornerRadius : section.cornerRadius
        section.shadow = section.shadow ?? shadow
        if section.cornerRadius > 0 { section.clipsContent = true }
    }

    /// The row at `index` of `count` rows, styled: its height and padding, its etched borders, and
    /// its separator (every row but the last).
    func styled(_ row: MGBox, index: Int, count: Int) -> MGBox {
        var row = row
        if case .line(var line)? = row.content {
            if line.height == 0, line.minHeight == 0 { line.minHeight = rowHeight }
            if line.padding.left == 0 { line.padding.left = rowPadding }
            if line.padding.right == 0 { line.padding.right = rowPadding }
            row.content = .line(line)
        }
        if etchedRows {
            if index > 0 { row.borderStyle.insert(.etchedTop) }
            if index < count - 1 { row.borderStyle.insert(.etchedBottom) }
        }
        if let separatorColor, index < count - 1, row.borderColors == BoxEdges(nil), row.borderStyle.isEmpty {
            row.borderColors.bottom = separatorColor
            row.borderInsetLeft = separatorInset
            row.borderLineWidth = separatorWidth
        }
        return row
    }
}
