import Mush
import MushBase
import MushBox
import MushLine

/// A table section laid out row by row: each row checked, styled, made a leaf (its texts shaped),
/// measured and placed while it is at hand, then let go, so that a section of 10,000 rows never
/// holds 10,000 engine nodes, a flattened tree of them and a cache for each (``StreamedColumn``).
/// The results are the engine's for the same section, to the last bit (a test compares the two on
/// every table the tests lay out, and on generated ones).
///
/// It takes the sections whose layout it knows without the engine: a table-mode box at the root, of
/// a definite width (its own, or the room given), that is no scroll view and has no passes, whose
/// boxes are all in the flow (automatic layout mode), neither shrink-wrapped nor keeping a natural
/// width, and hold a row, a leaf without an aspect ratio, or nothing. Anything else, and any
/// problem (the engine path names it, in its order), goes the engine's way.
extension MGLowering {
    /// `box` laid out row by row in `width` × `height` and rounded by `rounding`; nil when it is not
    /// such a section, or when it has a problem.
    package mutating func streamedTable(
        _ box: MGBox, width: AvailableSpace, height: AvailableSpace, rounding: BoxRounding
    ) -> BoxLayout? {
        guard box.contentLayoutMode == .table, box.content == nil, box.bareNode == nil, box.scrollOffset == nil,
            box.passes.isEmpty, !box.mixesBoxesAndLines, box.sizingMode != .shrinkWrap,
            Self.isInRange(width), Self.isInRange(height)
        else { return nil }
        // (At the root, a box without a width of its own fills the room.)
        let sectionWidth: BoxLength =
            box.sizingMode == .none ? box.width.map { .points($0) } ?? .percent(100) : .percent(100)
        let count = box.boxes.count
        guard var column = StreamedColumn(width: sectionWidth, in: width, padding: box.padding, capacity: count) else {
            return nil
        }
        var paint = Self.paint(box, background: nil)
        guard (try? Self.check(box, paint: paint, named: "")) != nil else { return nil }
        // (What the section and its lines are in a tagged PDF, as lowering says.)
        if let counts = box.lineCounts { paint = Self.taggedSection(paint, counts: counts) }
        let inner = box.backgroundColor
        let headers = box.repeatsTopLines ? box.lineCounts?.top ?? 0 : 0
        for index in 0..<count {
            var row = box.boxes[index].mgBox
            if let style = box.rowStyle { row = style.styled(row, index: index, count: count) }
            guard let (streamed, content) = streamedRow(row, background: inner, repeats: index < headers) else {
                return nil
            }
            var item = streamed
            if let counts = box.lineCounts {
                item.sharedPaint = Self.taggedLine(item.sharedPaint?.paint, index: index, counts: counts).map(
                    SharedPaint.init)
            }
            column.append(item, content: content)
        }
        return column.finish(
            id: box.id, minHeight: box.height, sharedPaint: paint.map(SharedPaint.init),
            clipsContent: box.clipsContent, origin: BoxOrigin(childNaming: box.childNaming), rounding: rounding)
    }

    /// The row's style in the column and what it holds; nil when the row is not one the column lays
    /// out, or has a problem.
    private func streamedRow(_ row: MGBox, background: MushColor?, repeats: Bool) -> (
        StreamedColumn.Item, StreamedColumn.Content
    )? {
        guard row.boxLayoutMode == .automatic, row.boxes.isEmpty, row.bareNode == nil, row.scrollOffset == nil,
            row.passes.isEmpty, !row.mixesBoxesAndLines, row.sizingMode != .shrinkWrap, !row.keepsNaturalWidth
        else { return nil }
        let content: StreamedColumn.Content
        var origin: BoxOrigin?
        switch row.content {
        case .line(let line)?:
            // (As a `LineLeaf` of it would check and shape it.)
            guard let prepared = try? MGLine.Prepared(line, fonts: fonts) else { return nil }
            content = .row(prepared)
        case .leaf(let leaf)?:
            guard leaf.aspectRatio == nil else { return nil }
            content = .leaf(leaf)
        case .node?:
            return nil
        case nil:
            content = .empty
            // (A box without content is lowered as a container of no boxes.)
            origin = BoxOrigin(childNaming: row.childNaming)
        }
        let paint = Self.paint(row, background: background)
        guard (try? Self.check(row, paint: paint, named: "")) != nil else { return nil }
        let item = StreamedColumn.Item(
            id: row.id, margin: row.margin, padding: row.padding,
            width: row.sizingMode == .none ? row.width : nil, minHeight: row.height,
            sharedPaint: paint.map(SharedPaint.init), clipsContent: row.clipsContent,
            repeats: repeats ? .header : .none,
            origin: origin)
        return (item, content)
    }

    /// Whether an available width or height is one the engine takes (it names any other).
    private static func isInRange(_ space: AvailableSpace) -> Bool {
        guard case .points(let value) = space else { return true }
        return MushLimits.problem(value, in: MushLimits.length) == nil
    }
}
