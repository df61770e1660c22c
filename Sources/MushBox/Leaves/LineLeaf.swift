import MushLine
import MushText

/// An MGLine row as a leaf of a box tree: its texts shaped once, when the leaf is made, and the
/// row laid out by the row engine at whatever width the engine gives it.
///
/// The row engine's rules decide the answers:
///
/// - ``measure(width:)``: the height of the row laid out with its width replaced by the width given
///   (a row of height 0, or with `minHeight` or `maxHeight`, fits its content; a row with a height
///   keeps it), and its first baseline: that of the first visible text item (left, then middle,
///   then right), from the row's top.
/// - ``contentWidths()``: a row shortens its text and drops its images and boxes to fit any width,
///   so its min-content width is only what never gives way: its left and right padding and its
///   fixed column widths (`leftWidth`, `middleWidth`, `rightWidth`; under middle precedence the
///   middle column and twice the wider side column). Its max-content width is the width the row
///   asks for: its own `width` when the line gives one, otherwise its natural width, every item
///   at full size (the row laid out with `widenAsNeeded`). A row with `widenAsNeeded` is never
///   shortened: both widths are its natural width.
/// - ``place(width:height:)``: the `MGLineLayout` at the final width; at the final height too
///   when the row sets neither `minHeight` nor `maxHeight` (so a row stretched taller places its
///   items by its `verticalAlignment` in the room it is given).
///
/// The values were checked when the leaf was made, so a layout can fail only where the text
/// engine does (ICU, shaping the line of a box item): such a row measures as its own height, and
/// places as nil.
public struct LineLeaf: BoxLeaf {
    /// The row, checked and shaped.
    public let row: MGLine.Prepared

    /// Checks `line` and shapes its texts (`MGLine.Prepared.init(_:fonts:)`).
    public init(_ line: MGLine, fonts: FontCollection = .standard) throws(MGLineError) {
        row = try MGLine.Prepared(line, fonts: fonts)
    }

    /// The row as given.
    public var line: MGLine { row.line }

    public func contentWidths() -> BoxContentWidths {
        let line = row.line
        let natural = (try? row.layout(widenAsNeeded: true))?.width ?? line.width
        if line.widenAsNeeded { return BoxContentWidths(min: natural, max: natural) }
        let columns =
            line.sidePrecedence == .middle
            ? line.middleWidth + 2 * max(line.leftWidth, line.rightWidth)
            : line.leftWidth + line.middleWidth + line.rightWidth
        return BoxContentWidths(
            min: line.padding.left + line.padding.right + columns, max: line.width > 0 ? line.width : natural)
    }

    public func measure(width: Double) -> BoxLeafSize {
        guard let layout = try? row.layout(width: width) else { return BoxLeafSize(height: row.line.height) }
        return BoxLeafSize(height: layout.height, baseline: Self.baseline(of: layout))
    }

    /// The `MGLineLayout` of the row at `width` (and at `height`, when the row sets neither
    /// `minHeight` nor `maxHeight`).
    public func place(width: Double, height: Double) -> PlacedLeaf? {
        let line = row.line
        let fitted = line.minHeight == 0 && line.maxHeight == 0
        guard let layout = try? row.layout(width: width, height: fitted ? height : nil) else { return nil }
        return .row(layout)
    }

    /// The baseline of the first visible text item's first line, from the row's top.
    static func baseline(of layout: MGLineLayout) -> Double? {
        for item in layout.items {
            guard let frame = item.frame, let text = item.text, let first = text.layout.lines.first else { continue }
            return frame.y + first.baseline
        }
        return nil
    }
}
