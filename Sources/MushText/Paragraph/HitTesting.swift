/// Which side of a soft line break a text offset belongs to.
///
/// An offset where a line wraps is both the end of one line and the start of the next. By default
/// (``downstream``) it belongs to the next line, as in Core Text; ``upstream`` keeps it at the end of
/// the line that wraps there, which is where a click to the right of that line puts the caret.
public enum CaretAffinity: Sendable, Hashable {
    /// With the character after the offset: at a soft line break, the start of the next line.
    case downstream
    /// With the character before the offset: at a soft line break, the end of the line that breaks.
    case upstream
}

/// Where a point falls in a paragraph's text: the result of ``Paragraph/index(atX:y:in:)``.
public struct TextPosition: Sendable, Hashable {
    /// A grapheme boundary, in Unicode scalars of ``Paragraph/text`` (as ``LineLayout/range``).
    public var offset: Int
    /// The index of the line the point was matched to.
    public var line: Int
    /// ``CaretAffinity/upstream`` when `offset` ends a soft-wrapped line and the point was on that
    /// line: pass it to ``Paragraph/caret(at:affinity:in:)`` to keep the caret there.
    public var affinity: CaretAffinity = .downstream
    /// The point lies on a line's box and within the horizontal extent of its glyphs (the ellipsis
    /// included); false above, below, between lines, left or right of a line, and on empty lines.
    public var isInside: Bool
}

/// Where a caret is drawn: a vertical bar from (`x`, `y`) down `height` points, in the paragraph's
/// space (the space of ``LineLayout/x`` and ``LineLayout/y``).
public struct Caret: Sendable, Hashable {
    /// The offset the caret stands at, in Unicode scalars: the asked offset clamped to the text and
    /// moved back to the start of its grapheme cluster.
    public var offset: Int
    public var x: Double
    /// The top of the line box.
    public var y: Double
    /// The line's height.
    public var height: Double
    /// The index of the line.
    public var line: Int
}

extension Paragraph {
    /// The text position nearest to the point (`x`, `y`) of `layout`, which must be a layout of this
    /// paragraph. Coordinates are in the paragraph's space, as ``LineLayout/x`` and ``LineLayout/y``.
    ///
    /// The line is chosen by `y`: above the first line, the first; below the last, the last; in the
    /// line spacing between two lines, the nearer one (the lower one at the exact middle). Within the
    /// line the offset is the nearest grapheme boundary to `x`, as Pango's
    /// `pango_layout_xy_to_index` and Core Text's `CTLineGetStringIndexForPosition` find it:
    /// - on a cluster, its leading half gives the cluster's logical start and its trailing half its
    ///   logical end; leading is the left half of left-to-right text and the right half of
    ///   right-to-left text (odd bidi level). A cluster of several graphemes (a ligature) is shared
    ///   evenly among them.
    /// - left of the line: the line's start in a left-to-right paragraph, its end in a right-to-left
    ///   one; right of the line: the other way round.
    /// - on an ellipsis: the edge of the hidden text. An ellipsis that ends the line gives the end of
    ///   the text before it; one that starts it gives the start of the text after it; a middle
    ///   ellipsis gives the end of the text before it on its left half, the start of the text after
    ///   it on its right half.
    ///
    /// At an offset where the line wraps, the result has ``CaretAffinity/upstream`` affinity if the
    /// point was on the line that ends there.
    public func index(atX x: Double, y: Double, in layout: ParagraphLayout) -> TextPosition {
        guard !layout.lines.isEmpty else { return TextPosition(offset: 0, line: 0, isInside: false) }
        let (lineNumber, onLine) = Self.lineIndex(atY: y, in: layout.lines)
        let line = layout.lines[lineNumber]
        let cells = caretCells(of: line)
        guard let first = cells.first, let last = cells.last else {
            let unit = caretBoundary(for: unitOffset(ofScalar: line.range.lowerBound), on: line)
            return TextPosition(offset: scalarOffsets[unit], line: lineNumber, isInside: false)
        }
        let tolerance = 1e-7
        let local = x - line.x
        var unit: Int
        var inside = onLine
        if local < first.left - tolerance || local > last.right + tolerance {
            inside = false
            let rightToLeft = paragraphIsRightToLeft(lineStart: lineStartUnit(line))
            let atStart = (local < first.left) != rightToLeft
            let scalar = atStart ? line.range.lowerBound : line.range.upperBound
            unit = unitOffset(ofScalar: scalar)
        } else {
            let index = Self.cellIndex(containing: local, in: cells)
            let cell = cells[index]
            if index > 0, abs(local - cell.left) <= tolerance {
                unit = boundaryOffset(
                    between: cells[index - 1], and: cell, in: line, cells: cells, tolerance: tolerance)
            } else if index + 1 < cells.count, abs(local - cell.right) <= tolerance {
                unit = boundaryOffset(
                    between: cell, and: cells[index + 1], in: line, cells: cells, tolerance: tolerance)
            } else {
                let leftHalf = local < (cell.left + cell.right) / 2
                unit = leftHalf ? cell.leftOffset : cell.rightOffset
            }
        }
        unit = caretBoundary(for: unit, on: line)
        let affinity: CaretAffinity = lineIndex(ofUnit: unit, in: layout.lines) == lineNumber ? .downstream : .upstream
        return TextPosition(offset: scalarOffsets[unit], line: lineNumber, affinity: affinity, isInside: inside)
    }

    /// The caret before the character at `offset` (Unicode scalars of ``text``) in `layout`, which
    /// must be a layout of this paragraph.
    ///
    /// Offsets out of range are clamped, and an offset inside a grapheme cluster moves back to the
    /// cluster's start. The caret sits on the line that holds the character at `offset`; at a soft
    /// line break that is the next line (``CaretAffinity/downstream``) unless `affinity` is
    /// ``CaretAffinity/upstream``. Its x is the leading edge of that character: its left edge in
    /// left-to-right text, its right edge in right-to-left text, so at a direction boundary the caret
    /// stays with the character at `offset` (Core Text's primary caret). Where the line has no such
    /// character (the text's end, before a line break, the end of a wrapped line with upstream
    /// affinity) the caret is at the line's end in the paragraph's direction: the right end of a
    /// left-to-right paragraph's line, the left end of a right-to-left one (spaces that hang past a
    /// wrapped line's end take no room, so their carets are at that end too).
    /// A caret inside a ligature divides it evenly among its graphemes. An offset hidden by an
    /// ellipsis puts the caret at the ellipsis: before it when the ellipsis ends or splits the line,
    /// after it when it starts the line.
    public func caret(at offset: Int, affinity: CaretAffinity = .downstream, in layout: ParagraphLayout) -> Caret {
        let scalarCount = scalarOffsets[units.count]
        let unit = graphemeStart(atOrBefore: unitOffset(ofScalar: min(max(offset, 0), scalarCount)))
        guard !layout.lines.isEmpty else { return Caret(offset: scalarOffsets[unit], x: 0, y: 0, height: 0, line: 0) }
        var lineNumber = lineIndex(ofUnit: unit, in: layout.lines)
        if affinity == .upstream, lineNumber > 0, unit == lineStartUnit(layout.lines[lineNumber]), unit > 0,
            !Self.isHardBreak(units[unit - 1]), lineEndUnit(layout.lines[lineNumber - 1]) == unit
        {
            lineNumber -= 1
        }
        let line = layout.lines[lineNumber]
        let x = caretX(unit, in: line, cells: caretCells(of: line))
        return Caret(offset: scalarOffsets[unit], x: line.x + x, y: line.y, height: line.height, line: lineNumber)
    }

    // MARK: - Lines

    /// The line at `y`, and whether `y` is on its box (not above, below or between lines).
    static func lineIndex(atY y: Double, in lines: [LineLayout]) -> (index: Int, onLine: Bool) {
        if y < lines[0].y { return (0, false) }
        for (index, line) in lines.enumerated() where y < line.y + line.height {
            if y >= line.y { return (index, true) }
            // In the spacing above `line`: the nearer of the two lines.
            let previous = lines[index - 1]
            return (y - (previous.y + previous.height) < line.y - y ? index - 1 : index, false)
        }
        return (lines.count - 1, false)
    }

    /// The line holding UTF-16 offset `unit` with downstream affinity: the last line that starts at
    /// or before it (the first line for offsets before every line).
    func lineIndex(ofUnit unit: Int, in lines: [LineLayout]) -> Int {
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lineStartUnit(lines[middle]) <= unit { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }

    /// The first UTF-16 offset of a line's text.
    func lineStartUnit(_ line: LineLayout) -> Int {
        var start: Int?
        for piece in line.pieces {
            if case .text(let range) = piece { start = min(start ?? range.lowerBound, range.lowerBound) }
        }
        return start ?? unitOffset(ofScalar: line.range.lowerBound)
    }

    /// The UTF-16 offset after a line's text (line breaks included).
    func lineEndUnit(_ line: LineLayout) -> Int {
        line.pieces.compactMap { piece -> Int? in
            if case .text(let range) = piece { return range.upperBound }
            return nil
        }.max() ?? unitOffset(ofScalar: line.range.upperBound)
    }

    /// The bidi direction of the hard-broken paragraph that holds `lineStart`: the lowest level of its
    /// text, which is the level ICU gave the paragraph (its first strong character has it).
    func paragraphIsRightToLeft(lineStart: Int) -> Bool {
        isRightToLeft(hardParagraph: hardParagraph(holding: lineStart))
    }

    /// The UTF-16 range of the hard-broken paragraph that holds `unit`, with the line break that
    /// ends it (its first unit: the paragraph separator has the paragraph's level).
    func hardParagraph(holding unit: Int) -> Range<Int> {
        var start = min(unit, units.count)
        while start > 0, !Self.isHardBreak(units[start - 1]) { start -= 1 }
        var end = start
        while end < units.count, !Self.isHardBreak(units[end]) { end += 1 }
        if end < units.count { end += 1 }
        return start..<end
    }

    /// Whether hard-broken paragraph `range` (``hardParagraph(holding:)``) is right to left.
    func isRightToLeft(hardParagraph range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        let level = items[itemIndices(range.lowerBound, range.upperBound)].map(\.level).min() ?? 0
        return level & 1 == 1
    }

    // MARK: - Offsets

    /// The UTF-8 offset in ``text`` of Unicode-scalar offset `scalar` (clamped to the text): where a
    /// glyph's ``PositionedGlyph/cluster`` or a run's range starts in the text's bytes.
    public func utf8Offset(ofScalar scalar: Int) -> Int {
        guard caseMapping != nil else { return shownUTF8Offset(ofScalar: scalar) }
        return text.unicodeScalars.prefix(max(scalar, 0)).reduce(0) { $0 + UTF8.width($1) }
    }

    /// The text the paragraph shows: ``text``, or where some of it is in another case
    /// (``TextTransform``), that text with its case changed. Line texts are slices of it.
    package var shownText: String { caseMapping?.shown ?? text }

    /// The UTF-8 offset in ``shownText`` where what Unicode-scalar offset `scalar` of ``text``
    /// (clamped to it) stands for starts: ``utf8Offset(ofScalar:)`` where no case changes.
    package func shownUTF8Offset(ofScalar scalar: Int) -> Int {
        utf8Offsets[unitOffset(ofScalar: min(max(scalar, 0), scalarOffsets[units.count]))]
    }

    /// The UTF-16 offset where Unicode scalar `scalar` starts (`scalar` in 0...scalar count).
    func unitOffset(ofScalar scalar: Int) -> Int {
        scalarOffsets.firstUnit(reaching: scalar)
    }

    /// The start of the grapheme cluster holding UTF-16 offset `unit` (the offset itself at a
    /// boundary).
    func graphemeStart(atOrBefore unit: Int) -> Int {
        let index = Self.firstIndex(in: graphemes, after: unit)
        return index > 0 ? graphemes[index - 1] : 0
    }

    /// The grapheme boundary at or before UTF-16 offset `unit` whose caret is on `line`: the start of
    /// the grapheme cluster holding `unit`, or where that cluster begins on the line before (a break
    /// between a space and a combining mark, which Unicode's line breaking allows and Pango makes too),
    /// the cluster's end, so that a click on a line never gives an offset whose caret is on another.
    func caretBoundary(for unit: Int, on line: LineLayout) -> Int {
        let start = graphemeStart(atOrBefore: unit)
        let lineStart = lineStartUnit(line)
        guard start < lineStart, unit >= lineStart else { return start }
        let index = Self.firstIndex(in: graphemes, after: start)
        return index < graphemes.count ? graphemes[index] : units.count
    }

    func isGraphemeBoundary(_ unit: Int) -> Bool {
        unit == 0 || graphemeStart(atOrBefore: unit) == unit
    }

    // MARK: - Cells

    /// A grapheme (or the ellipsis) of a line with its horizontal extent from the line's left edge.
    struct CaretCell {
        /// UTF-16 range of the text; for the ellipsis, the offsets its left and right halves give.
        var start: Int
        var end: Int
        var left: Double
        var right: Double
        var rightToLeft: Bool
        var isEllipsis = false
        /// For the ellipsis: the line has text before (after) it.
        var textBefore = false
        var textAfter = false

        /// The offset at the cell's left edge and at its right edge.
        var leftOffset: Int { rightToLeft ? end : start }
        var rightOffset: Int { rightToLeft ? start : end }
        /// The x of a caret before the cell's text, and after it.
        var leading: Double { rightToLeft ? right : left }
        var trailing: Double { rightToLeft ? left : right }
    }

    /// The line's graphemes and ellipsis, left to right, placed by ``place(_:_:)`` as
    /// ``glyphs(of:)`` draws them: each cluster from its pen position to the pen plus its glyphs'
    /// advances (stretch and tab stops included), a cluster of several graphemes divided evenly among them,
    /// and the clusters of one grapheme (split by a style change inside it) joined.
    func caretCells(of line: LineLayout) -> [CaretCell] {
        var cells: [CaretCell] = []
        // The clusters of the item being walked, in visual order, line breaks included.
        var itemCells: [CaretCell] = []
        var current: (item: Int, segmentEnd: Int)?
        func finishItem() {
            guard let (item, segmentEnd) = current else { return }
            // A cluster ends where the logically next one starts: the one to its right in
            // left-to-right text, to its left in right-to-left text.
            let rightToLeft = items[item].direction == .rightToLeft
            for index in itemCells.indices {
                let next = rightToLeft ? index - 1 : index + 1
                itemCells[index].end = itemCells.indices.contains(next) ? itemCells[next].start : segmentEnd
            }
            cells += itemCells.filter { !Self.isHardBreak(units[$0.start]) }
            itemCells = []
            current = nil
        }
        place(line) { part in
            switch part {
            case .glyph(let item, let piece, let glyph, let pen, let advance):
                if current?.item != item {
                    finishItem()
                    current = (item, min(items[item].range.upperBound, piece.upperBound))
                }
                if let last = itemCells.last, last.start == glyph.cluster {
                    itemCells[itemCells.count - 1].right = pen + advance
                } else {
                    itemCells.append(
                        CaretCell(
                            start: glyph.cluster, end: glyph.cluster, left: pen, right: pen + advance,
                            rightToLeft: items[item].direction == .rightToLeft))
                }
            case .ellipsis(let index, _, _, let pen, let width), .hyphen(let index, _, _, let pen, let width):
                finishItem()
                var before: Int?
                var after: Int?
                if index > 0, case .text(let range) = line.pieces[index - 1] { before = range.upperBound }
                if index + 1 < line.pieces.count, case .text(let range) = line.pieces[index + 1] {
                    after = range.lowerBound
                }
                cells.append(
                    CaretCell(
                        start: before ?? after ?? 0, end: after ?? before ?? 0, left: pen, right: pen + width,
                        rightToLeft: false,
                        isEllipsis: true, textBefore: before != nil, textAfter: after != nil))
            }
        }
        finishItem()
        return splitLigatures(joinGraphemes(cells))
    }

    /// Joins a cluster that starts inside a grapheme to its neighbour holding the grapheme's start.
    private func joinGraphemes(_ cells: [CaretCell]) -> [CaretCell] {
        var joined: [CaretCell] = []
        joined.reserveCapacity(cells.count)
        for cell in cells {
            if var last = joined.last, !last.isEllipsis, !cell.isEllipsis, last.rightToLeft == cell.rightToLeft {
                if !cell.rightToLeft, last.end == cell.start, !isGraphemeBoundary(cell.start) {
                    last.end = cell.end
                    last.right = cell.right
                    joined[joined.count - 1] = last
                    continue
                }
                if cell.rightToLeft, cell.end == last.start, !isGraphemeBoundary(last.start) {
                    last.start = cell.start
                    last.right = cell.right
                    joined[joined.count - 1] = last
                    continue
                }
            }
            joined.append(cell)
        }
        return joined
    }

    /// Divides each cluster of several graphemes evenly among them, in visual order.
    private func splitLigatures(_ cells: [CaretCell]) -> [CaretCell] {
        var split: [CaretCell] = []
        split.reserveCapacity(cells.count)
        for cell in cells {
            var bounds = [cell.start]
            if !cell.isEllipsis {
                var index = Self.firstIndex(in: graphemes, after: cell.start)
                while index < graphemes.count, graphemes[index] < cell.end {
                    bounds.append(graphemes[index])
                    index += 1
                }
            }
            guard bounds.count > 1 else {
                split.append(cell)
                continue
            }
            bounds.append(cell.end)
            let parts = bounds.count - 1
            let share = (cell.right - cell.left) / Double(parts)
            // The edge `k` shares from the cell's leading side (exact at both ends).
            func edge(_ k: Int) -> Double {
                if k == 0 { return cell.leading }
                if k == parts { return cell.trailing }
                return cell.rightToLeft ? cell.right - Double(k) * share : cell.left + Double(k) * share
            }
            let logical = (0..<parts).map { k in
                CaretCell(
                    start: bounds[k], end: bounds[k + 1], left: min(edge(k), edge(k + 1)),
                    right: max(edge(k), edge(k + 1)), rightToLeft: cell.rightToLeft)
            }
            split.append(contentsOf: cell.rightToLeft ? logical.reversed() : logical)
        }
        return split
    }

    /// The index of the cell whose extent holds `x` (the first or last cell for points past them;
    /// the right cell at a shared edge).
    static func cellIndex(containing x: Double, in cells: [CaretCell]) -> Int {
        var low = 0
        var high = cells.count
        while low < high {
            let middle = (low + high) / 2
            if cells[middle].left <= x { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }

    /// The offset for a point on the edge between two cells: the one whose caret is drawn there when
    /// the two differ (at a direction change), else the right cell's.
    private func boundaryOffset(
        between left: CaretCell, and right: CaretCell, in line: LineLayout, cells: [CaretCell],
        tolerance: Double
    ) -> Int {
        let fromLeft = left.rightOffset
        let fromRight = right.leftOffset
        guard fromLeft != fromRight else { return fromRight }
        let edge = right.left
        if abs(caretX(fromRight, in: line, cells: cells) - edge) <= tolerance { return fromRight }
        if abs(caretX(fromLeft, in: line, cells: cells) - edge) <= tolerance { return fromLeft }
        return fromRight
    }

    /// The caret's x from the line's left edge for UTF-16 offset `unit` (a grapheme boundary).
    func caretX(_ unit: Int, in line: LineLayout, cells: [CaretCell]) -> Double {
        if let cell = cells.first(where: { !$0.isEllipsis && $0.start == unit }) { return cell.leading }
        for ellipsis in cells where ellipsis.isEllipsis {
            switch (ellipsis.textBefore, ellipsis.textAfter) {
            case (true, true) where unit >= ellipsis.start && unit < ellipsis.end: return ellipsis.left
            case (true, false) where unit >= ellipsis.start: return ellipsis.left
            case (false, true) where unit < ellipsis.end: return ellipsis.right
            default: continue
            }
        }
        // Before the first character (a cluster begun on the line before): the nearest one after.
        if let cell = cells.filter({ !$0.isEllipsis && $0.start > unit }).min(by: { $0.start < $1.start }) {
            return cell.leading
        }
        guard let first = cells.first, let last = cells.last else { return 0 }
        return paragraphIsRightToLeft(lineStart: lineStartUnit(line)) ? first.left : last.right
    }
}
