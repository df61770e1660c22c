import MushBase
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
/// The row is laid out once a width, not once a question: the layout measured is the layout
/// placed when the width is the same and so is the height (a row laid out at the height it fits
/// is the row fitted, item for item; a test holds the row engine to that). Copies of the leaf share
/// that last layout.
///
/// The values were checked when the leaf was made, so a layout can fail only where the text
/// engine does (ICU, shaping the line of a box item): such a row measures as its own height, and
/// places as nil.
public struct LineLeaf: BoxLeaf {
    /// The row, checked and shaped (one reference: a copy retains one object).
    public let row: MGLine.Prepared
    /// The last layout measured, by width, shared by copies of the leaf (the engine copies its
    /// leaves).
    private let last: LockedValue<Measured?>

    /// A row measured at a width: its size, and its layout there as the result it places (made once:
    /// a placed row is a reference, so placing it again copies nothing); nil when the layout failed.
    private struct Measured: Sendable {
        var width: Double
        var size: BoxLeafSize
        var placed: PlacedLeaf?
    }

    /// Checks `line` and shapes its texts (`MGLine.Prepared.init(_:fonts:)`).
    public init(_ line: MGLine, fonts: FontCollection = .standard) throws(MGLineError) {
        row = try MGLine.Prepared(line, fonts: fonts)
        last = LockedValue(nil)
    }

    /// The row as given.
    public var line: MGLine { row.line }

    public func contentWidths() -> BoxContentWidths {
        let line = row.source.line
        // The natural width is a layout of its own: laid out only when asked for.
        func natural() -> Double { (try? row.layout(widenAsNeeded: true))?.width ?? line.width }
        if line.widenAsNeeded {
            let natural = natural()
            return BoxContentWidths(min: natural, max: natural)
        }
        let columns =
            line.sidePrecedence == .middle
            ? line.middleWidth + 2 * max(line.leftWidth, line.rightWidth)
            : line.leftWidth + line.middleWidth + line.rightWidth
        return BoxContentWidths(
            min: line.padding.left + line.padding.right + columns, max: line.width > 0 ? line.width : natural())
    }

    /// True: past its natural width a row neither shortens nor drops anything, so its height and
    /// baseline stay.
    public var measuresAlikePastMaxContent: Bool { true }

    public func measure(width: Double) -> BoxLeafSize {
        // (Only the size is copied out of the lock when it is the one asked for.)
        if let size = last.withLock({ $0?.width == width ? $0?.size : nil }) { return size }
        let (size, placed) = Self.measured(row, width: width)
        let measured = Measured(width: width, size: size, placed: placed)
        last.withLock { $0 = measured }
        return size
    }

    /// The `MGLineLayout` of the row at `width` (and at `height`, when the row sets neither
    /// `minHeight` nor `maxHeight`).
    public func place(width: Double, height: Double) -> PlacedLeaf? {
        let fitted = Self.placesAtItsHeight(row)
        if let placed = last.withLock({ last -> PlacedLeaf? in
            guard let last, last.width == width, !fitted || last.size.height == height else { return nil }
            return last.placed
        }) {
            return placed
        }
        return Self.placed(row, width: width, height: height)
    }

    /// `row` measured at `width` (its height and baseline; its own height where the layout
    /// fails), and its layout there.
    package static func measured(_ row: MGLine.Prepared, width: Double) -> (BoxLeafSize, PlacedLeaf?) {
        let layout = try? row.layout(width: width)
        let size =
            layout.map { BoxLeafSize(height: $0.height, baseline: Self.baseline(of: $0)) }
            ?? BoxLeafSize(height: row.source.line.height)
        return (size, layout.map(PlacedLeaf.row))
    }

    /// Whether `row` is placed at the height it is given (it sets neither `minHeight` nor
    /// `maxHeight`), so that a layout measured at another height is not the one placed.
    package static func placesAtItsHeight(_ row: MGLine.Prepared) -> Bool {
        row.source.line.minHeight == 0 && row.source.line.maxHeight == 0
    }

    /// `row` laid out at `width`, and at `height` where it ``placesAtItsHeight(_:)``.
    package static func placed(_ row: MGLine.Prepared, width: Double, height: Double) -> PlacedLeaf? {
        guard let layout = try? row.layout(width: width, height: placesAtItsHeight(row) ? height : nil) else {
            return nil
        }
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
