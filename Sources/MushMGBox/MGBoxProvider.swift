import Mush
import MushLine
import MushText

/// A table too large to measure at once, after MGBoxKit's `MGBoxProvider`: rows stacked top to bottom
/// with no gaps, each made and measured by the row engine only when it comes into view, with an
/// estimated height until then.
///
/// The provider holds a height for every row: the estimate until the row is measured, then the
/// height the row engine gave it. Which rows lie at an offset, and where a row's top is, are found
/// in a Fenwick tree of those heights in O(log n), whatever the number of rows; only
/// ``rows(in:)`` and ``measure(rows:)`` make rows (by the closure given) and lay them out.
///
/// ```swift
/// var table = try MGBoxProvider(count: 100_000, estimatedHeight: 44, width: 320) { index in
///     var line = MGLine(left: .text("Message \(index)"), right: "Today", width: 0, height: 0)
///     line.minHeight = 44
///     line.padding = MGLine.Insets(left: 16, right: 16)
///     return line
/// }
/// // The rows in a 480-point view scrolled to 2,000,000 points: about 11 rows made and laid out.
/// for row in try table.rows(in: 2_000_000..<2_000_480) {
///     draw(row.layout, atY: row.y)
/// }
/// // Rows above the view measured (say, before scrolling up to them): keep the view where it was.
/// scrollOffset += try table.measure(rows: 45_440..<45_450)
/// ```
///
/// Rows are laid out at the provider's ``width``: each row's own `width` is replaced by it (as a
/// table gives every row its width; a row made with width 0 fills it like any other). A row's height
/// follows the row engine's rules: a row with `minHeight` or `maxHeight` (or a height of 0) fits its
/// content, a row with a height and neither keeps it.
///
/// ## Cost
///
/// - Memory: 16 bytes a row (the tree's sum and the row's measured height, each a `Double`), made
///   when the provider is made, in O(n): 16 MB for a million rows. Nothing is kept of a row's layout.
/// - ``offset(ofRow:)``, ``row(atOffset:)``, ``indices(in:)``, ``contentHeight`` and recording a
///   measured height: O(log n), about 20 steps for a million rows.
/// - ``rows(in:)``: O(log n) to find the first row, then, for each row in view, the closure, the row
///   engine (shaping and laying out its texts) and O(log n) to record its height and find the next
///   top: O(k log n + k × a row's layout) for k rows in view, with no part that grows linearly with
///   the row count. Rows measured before are laid out again (their layout is not kept).
///
/// Heights that are whole points or multiples of 1/64 of a point are summed exactly; others with the
/// rounding of `Double` (about 10⁻¹⁶ of an offset for each row above it).
public struct MGBoxProvider: Sendable {
    /// The most rows a provider holds: 10 million (160 MB of heights).
    public static let maximumCount = 10_000_000

    /// How many rows the table has.
    public let count: Int
    /// The height of every row not measured yet.
    public let estimatedHeight: Double
    /// The width every row is laid out at.
    public let width: Double
    /// The fonts the rows' texts are shaped with.
    public let fonts: FontCollection
    /// Makes row `index` (0..<count), when it is measured.
    public let makeRow: @Sendable (Int) -> MGLine
    /// How many rows have been measured (and not invalidated since).
    public private(set) var measuredCount = 0

    /// The heights, estimated and measured, for finding offsets.
    private var index: HeightIndex
    /// Each row's measured height, or -1 while it has the estimate.
    private var measured: [Double]

    /// A table of `count` rows, each `estimatedHeight` tall until it is measured, laid out at
    /// `width`; `row` makes a row from its index when the row is measured (the provider may call it
    /// again for the same row: it should give the same row for the same data).
    ///
    /// Throws ``MGBoxError`` naming `count` when it is negative or above ``maximumCount``, and
    /// `estimatedHeight` or `width` when it is not a length (0 to `MushLimits/length`, 1,000,000
    /// points).
    public init(
        count: Int, estimatedHeight: Double, width: Double, fonts: FontCollection = .standard,
        row: @escaping @Sendable (Int) -> MGLine
    ) throws(MGBoxError) {
        guard (0...Self.maximumCount).contains(count) else {
            throw MGBoxError(
                path: "count",
                problem: "must be a whole number from 0 to \(Self.maximumCount) (it is \(count))")
        }
        if let problem = MushLimits.problem(estimatedHeight, in: MushLimits.length, unit: "points") {
            throw MGBoxError(path: "estimatedHeight", problem: problem)
        }
        if let problem = MushLimits.problem(width, in: MushLimits.length, unit: "points") {
            throw MGBoxError(path: "width", problem: problem)
        }
        self.count = count
        self.estimatedHeight = estimatedHeight
        self.width = width
        self.fonts = fonts
        makeRow = row
        index = HeightIndex(count: count, height: estimatedHeight)
        measured = Array(repeating: -1, count: count)
    }

    /// The height of all rows: the measured ones' heights and the others' estimates. O(log n).
    public var contentHeight: Double { index.prefix(count) }

    /// The offset of the top of row `row` (0...count; `count` gives ``contentHeight``): the sum of
    /// the heights, measured or estimated, of the rows above it. O(log n).
    public func offset(ofRow row: Int) -> Double {
        precondition((0...count).contains(row), "row \(row) is outside 0...\(count)")
        return index.prefix(row)
    }

    /// The row whose span `[top, top + height)` holds `offset`: an offset exactly on a row's top
    /// belongs to that row, an offset before the first row (negative) to row 0, an offset at or past
    /// ``contentHeight`` to the last row; nil when the table has no rows. A row of height 0 holds no
    /// offset (its top is the next row's). O(log n).
    public func row(atOffset offset: Double) -> Int? {
        guard count > 0 else { return nil }
        return min(index.position(atOrBelow: offset), count - 1)
    }

    /// The rows whose spans meet `range`, by the heights known now, without measuring any row:
    /// from the row at `range.lowerBound` to the last row whose top is above `range.upperBound`.
    /// Empty when `range` is empty or lies wholly before 0 or at or past ``contentHeight``.
    /// O(log n).
    public func indices(in range: Range<Double>) -> Range<Int> {
        guard count > 0, !range.isEmpty, range.upperBound > 0 else { return 0..<0 }
        let first = index.position(atOrBelow: range.lowerBound)
        guard first < count else { return count..<count }
        let end = min(count, index.position(atOrBelow: range.upperBound.nextDown) + 1)
        return first..<max(first, end)
    }

    /// Whether row `row` (0..<count) has been measured (and not invalidated since).
    public func isMeasured(_ row: Int) -> Bool {
        precondition((0..<count).contains(row), "row \(row) is outside 0..<\(count)")
        return measured[row] >= 0
    }

    /// The height of row `row` (0..<count): as measured, or ``estimatedHeight``.
    public func height(ofRow row: Int) -> Double {
        precondition((0..<count).contains(row), "row \(row) is outside 0..<\(count)")
        let height = measured[row]
        return height >= 0 ? height : estimatedHeight
    }

    /// The rows in view in `range`, each made, laid out at ``width`` and measured.
    ///
    /// Starts at the row at `range.lowerBound` (``row(atOffset:)``), then measures rows downward until
    /// the next row's top is at or past `range.upperBound` (or the rows run out). Each measured height
    /// replaces the row's estimate, so the rows below move; the rows above the first are not
    /// touched, so the first row's top does not move. A row that measures shorter than its estimate
    /// and so ends before `range.lowerBound` is measured but not returned. Returns nothing (and
    /// measures nothing) when `range` is empty or lies wholly before 0 or at or past
    /// ``contentHeight``. Rows measured before are made and laid out again.
    ///
    /// Each returned row's `y` is ``offset(ofRow:)`` of its index, once it is measured. A range of
    /// the whole content measures every row.
    ///
    /// Throws an ``MGBoxError`` with the path `rows[N]` for the first row the row engine rejects
    /// (`rows[7].rightItems[0].width`, `rows[7].leftFont.family`); the rows before it keep their
    /// measured heights.
    public mutating func rows(in range: Range<Double>) throws(MGBoxError) -> [PlacedRow] {
        var row = indices(in: range).lowerBound
        guard row < count, !range.isEmpty, range.upperBound > 0 else { return [] }
        var placed: [PlacedRow] = []
        var top = index.prefix(row)
        while row < count, top < range.upperBound {
            let layout = try layout(ofRow: row)
            record(layout.height, forRow: row)
            if top >= range.lowerBound || top + layout.height > range.lowerBound {
                placed.append(PlacedRow(index: row, y: top, height: layout.height, layout: layout))
            }
            row += 1
            top = index.prefix(row)
        }
        return placed
    }

    /// Measures the rows `rows` (within 0..<count) and returns how far the rows below them moved:
    /// the sum of each row's measured height less its height before (its estimate, or its earlier
    /// measurement). A caller that measures rows above its view adds the result to its scroll offset
    /// to keep the view on the same rows.
    ///
    /// Every row is laid out before any height is recorded: on an error (an ``MGBoxError`` with the
    /// path `rows[N]`, as ``rows(in:)`` throws) nothing changes.
    @discardableResult
    public mutating func measure(rows: Range<Int>) throws(MGBoxError) -> Double {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= count, "rows \(rows) are outside 0..<\(count)")
        var heights: [Double] = []
        heights.reserveCapacity(rows.count)
        for row in rows {
            heights.append(try layout(ofRow: row).height)
        }
        var moved = 0.0
        for (row, height) in zip(rows, heights) {
            moved += height - self.height(ofRow: row)
            record(height, forRow: row)
        }
        return moved
    }

    /// Gives the rows `rows` (within 0..<count) their estimate again, as when their data changed and
    /// they must be measured anew, and returns how far the rows below them moved (the sum of the
    /// estimate less each row's height before; 0 for rows not measured). O(k log n) for k rows.
    @discardableResult
    public mutating func invalidate(rows: Range<Int>) -> Double {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= count, "rows \(rows) are outside 0..<\(count)")
        var moved = 0.0
        for row in rows where measured[row] >= 0 {
            let delta = estimatedHeight - measured[row]
            moved += delta
            if delta != 0 { index.add(delta, toRow: row) }
            measured[row] = -1
            measuredCount -= 1
        }
        return moved
    }

    /// Row `row` made by ``makeRow`` and laid out at ``width``, without recording its height.
    ///
    /// Throws an ``MGBoxError`` with the path `rows[N]` (and the row's property after it) when the
    /// row engine rejects the row.
    public func layout(ofRow row: Int) throws(MGBoxError) -> MGLineLayout {
        precondition((0..<count).contains(row), "row \(row) is outside 0..<\(count)")
        do throws(MGLineError) {
            return try MGLine.Prepared(makeRow(row), fonts: fonts).layout(width: width)
        } catch {
            throw Self.error(error, row: row)
        }
    }

    /// Records `height` as the measured height of `row`.
    private mutating func record(_ height: Double, forRow row: Int) {
        let before = measured[row]
        if before < 0 { measuredCount += 1 }
        let delta = height - (before >= 0 ? before : estimatedHeight)
        if delta != 0 { index.add(delta, toRow: row) }
        measured[row] = height
    }

    /// The row engine's error as the provider's: its property under `rows[N]`.
    static func error(_ error: MGLineError, row: Int) -> MGBoxError {
        let path = "rows[\(row)]"
        switch error {
        case .invalidValue(let property, let problem):
            return MGBoxError(path: path + "." + property, problem: problem)
        case .unknownFontFamily(let property, let family, let known):
            return MGBoxError(
                path: path + "." + property,
                problem: "no font family '\(family)' (the fonts have \(known.joined(separator: ", ")))")
        case .text(let error):
            return MGBoxError(path: path, problem: error.description)
        }
    }

    /// A row in view, as ``MGBoxProvider/rows(in:)`` gives it: measured and laid out.
    public struct PlacedRow: Sendable {
        /// The row's index, 0..<count.
        public var index: Int
        /// The offset of the row's top from the top of the table (its ``MGBoxProvider/offset(ofRow:)``).
        public var y: Double
        /// The row's measured height (`layout.height`).
        public var height: Double
        /// The row laid out at the provider's width: its items' frames, from the row's top left.
        public var layout: MGLineLayout
    }
}
