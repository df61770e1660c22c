import CICU

/// A glyph at its place in a line: x from the line's left edge, y from the baseline (up).
public struct PositionedGlyph: Sendable {
    public var glyph: UInt32
    public var face: FontFace
    public var size: Double
    public var x: Double
    public var y: Double
    /// The Unicode-scalar offset in the paragraph's text of the glyph's cluster.
    public var cluster: Int
    /// Styles the face lacks, to be synthesised when drawing.
    public var syntheticBold: Bool
    public var syntheticOblique: Bool
}

/// One line of a laid-out paragraph. Lengths are in points, offsets in Unicode scalars of the text.
///
/// A line holds its position, width and pieces (ranges of the paragraph's text) only: its range,
/// text and font metrics are worked out from its paragraph when read, and its glyphs are made by
/// ``Paragraph/glyphs(of:)``. A value set through a property is kept and read back as set. (A
/// line keeps its paragraph alive.)
public struct LineLayout: Sendable {
    /// The text range the line holds (without the line break that ends it).
    public var range: Range<Int> {
        get { extras?.values.range ?? paragraph.scalarRange(of: pieces) }
        set { change { $0.range = newValue } }
    }
    /// What the line shows, with the ellipsis when it was truncated.
    public var text: String {
        get { extras?.values.text ?? paragraph.text(of: pieces) }
        set { change { $0.text = newValue } }
    }

    /// Calls `body` with the UTF-8 of ``text``, in one piece or several, without making a `String`
    /// of it (for writers that copy it out: a batch writes a line's text a row).
    package func forEachTextUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard var text = extras?.values.text else { return paragraph.forEachUTF8(of: pieces, body) }
        text.withUTF8(body)
    }
    /// Left edge of the line's ink box within the paragraph (alignment moves it).
    public var x: Double
    /// Top of the line box.
    public var y: Double
    /// Advance width, without trailing spaces.
    public var width: Double
    /// Ascent + descent + line gap of the tallest font on the line.
    public var height: Double {
        get { extras?.values.height ?? paragraph.metrics(of: pieces).height }
        set { change { $0.height = newValue } }
    }
    public var ascent: Double {
        get { extras?.values.ascent ?? paragraph.metrics(of: pieces).ascent }
        set { change { $0.ascent = newValue } }
    }
    public var descent: Double {
        get {
            if let descent = extras?.values.descent { return descent }
            let metrics = paragraph.metrics(of: pieces)
            return metrics.descent + metrics.gap
        }
        set { change { $0.descent = newValue } }
    }
    /// y of the baseline: `y + ascent`.
    public var baseline: Double
    /// Extra advance after each inner space, when justified.
    var spaceStretch: Double = 0
    /// The paragraph the line is of: its glyphs are `paragraph.runs(of: line)`, so a laid-out
    /// paragraph can be drawn from its lines alone.
    public let paragraph: Paragraph
    /// Values set through the properties above, in place of the paragraph's.
    private var extras: Extras?
    /// What the line is made of, left to right: text ranges (UTF-16) and the ellipsis. Its glyphs are
    /// made from these only when asked for (``Paragraph/glyphs(of:)``): measuring does not need them.
    var pieces: LinePieces
    /// The line ends in (or, for start and middle ellipsizing, holds) an ellipsis.
    public var ellipsized: Bool
    /// The line is the last of its hard-broken paragraph, or the last of a layout that left no lines
    /// out: justification leaves it as it is. (Kept after `ellipsized`, in what was padding: a line
    /// is still 72 bytes.)
    var endsParagraph = false

    private struct Values: Sendable {
        var range: Range<Int>?
        var text: String?
        var height: Double?
        var ascent: Double?
        var descent: Double?
    }

    /// Set values, in a box (8 bytes in every line, for setters seldom used) shared by copies of the
    /// line and replaced, never changed, when one of them sets a value.
    private final class Extras: Sendable {
        let values: Values
        init(_ values: Values) { self.values = values }
    }

    private mutating func change(_ body: (inout Values) -> Void) {
        var values = extras?.values ?? Values()
        body(&values)
        extras = Extras(values)
    }

    init(
        x: Double, y: Double, width: Double, baseline: Double, ellipsized: Bool, pieces: LinePieces,
        paragraph: Paragraph
    ) {
        self.x = x
        self.y = y
        self.width = width
        self.baseline = baseline
        self.ellipsized = ellipsized
        self.pieces = pieces
        self.paragraph = paragraph
    }
}

/// A part of a line: text of the paragraph, the ellipsis shaped like the text at an offset, or
/// the hyphen of a line that breaks at a hyphen break at an offset (``Paragraph/hyphenGlyphs(at:)``).
enum LinePiece: Sendable {
    case text(Range<Int>)
    case ellipsis(near: Int)
    case hyphen(at: Int)
}

/// A line's pieces, left to right: one text range held inline in 8 bytes (every line but a
/// truncated one), or a list.
struct LinePieces: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        /// A text range (texts are shorter than 2^31 units: HarfBuzz and ICU take 32-bit lengths).
        case text(UInt32, UInt32)
        case list([LinePiece])
    }

    private let storage: Storage

    init(text range: Range<Int>) {
        storage = .text(UInt32(range.lowerBound), UInt32(range.upperBound))
    }

    init(_ pieces: [LinePiece]) {
        if pieces.count == 1, case .text(let range) = pieces[0] {
            storage = .text(UInt32(range.lowerBound), UInt32(range.upperBound))
        } else {
            storage = .list(pieces)
        }
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .text: 1
        case .list(let pieces): pieces.count
        }
    }

    subscript(index: Int) -> LinePiece {
        switch storage {
        case .text(let lower, let upper): .text(Int(lower)..<Int(upper))
        case .list(let pieces): pieces[index]
        }
    }
}

/// A paragraph fitted to a width.
public struct ParagraphLayout: Sendable {
    public var lines: [LineLayout]
    /// The widest line.
    public var width: Double
    /// From the top of the first line to the bottom of the last.
    public var height: Double
    /// Text was left out: lines by `maxLines` or `maxHeight`, or the end of a line too wide for
    /// the width (``ParagraphStyle/TextOverflow/ellipsis``).
    public var truncated: Bool
}

extension Paragraph {
    /// Lays the paragraph out at `width` points (nil: no wrapping; lines end only at line breaks).
    /// Nothing is shaped again.
    ///
    /// Two passes: the lines are broken, truncated and stacked, then placed by the style's alignment
    /// in `width` (without a width, in the widest line's). ``ParagraphLayout/align(_:width:)`` runs
    /// the second pass again, for another alignment or width, without breaking the lines again.
    ///
    /// An infinite width, or one that is not a number, is no width; a width below 0 counts as 0.
    public func layout(width: Double? = nil) -> ParagraphLayout {
        let limit = Self.limit(width)
        var layout = unalignedLayout(limit)
        layout.align(style.alignment, width: limit)
        return layout
    }

    /// The width lines are fitted and placed in: nil for none, infinity or NaN; at least 0.
    static func limit(_ width: Double?) -> Double? {
        guard let width, width.isFinite else { return nil }
        return max(width, 0)
    }

    /// The lines fitted to `limit` (nil: no wrapping): broken, truncated and stacked, each at x 0 with
    /// its own width, none stretched. ``ParagraphLayout/align(_:width:)`` places them.
    func unalignedLayout(_ limit: Double?) -> ParagraphLayout {
        let spans = wrappedSpans(limit)
        // Truncation by line count and height.
        var visible = spans.count
        if style.maxLines > 0 { visible = min(visible, style.maxLines) }
        if style.maxHeight > 0 {
            var height = 0.0
            var fitting = 0
            for (index, span) in spans.prefix(visible).enumerated() {
                height += metrics(span).height + (index > 0 ? style.lineSpacing : 0)
                if height > style.maxHeight + 1e-9, fitting > 0 { break }
                fitting += 1
            }
            visible = min(visible, max(fitting, 1))
        }
        var layout = stackedLines(spans, visible: visible, limit)
        // A cut last line may be taller than the text it stands for (its ellipsis from a taller
        // font): one line fewer, until the height fits.
        while style.maxHeight > 0, visible > 1, layout.height > style.maxHeight + 1e-9 {
            visible -= 1
            layout = stackedLines(spans, visible: visible, limit)
        }
        return layout
    }

    /// The first `visible` of `spans` made into lines and stacked, the last cut where lines are
    /// left out.
    private func stackedLines(_ spans: SpanList, visible: Int, _ limit: Double?) -> ParagraphLayout {
        var spans = spans
        let linesLeftOut = visible < spans.count
        var truncated = linesLeftOut
        spans.removeLast(spans.count - visible)
        var lines: [LineLayout] = []
        lines.reserveCapacity(spans.count)
        var y = 0.0
        for (index, span) in spans.enumerated() {
            // With text-overflow: ellipsis, a line wider than the width (a grapheme wider than it)
            // is cut like the last line of a truncated paragraph.
            let overflows =
                style.textOverflow == .ellipsis
                && limit.map { limit in
                    let shown = visibleEnd(span.start, span.end)
                    return advance(span.start, shown) + endCorrection(shown, from: span.start) > limit + 1e-6
                } ?? false
            if overflows { truncated = true }
            let cutsLast = linesLeftOut && index == spans.count - 1
            var line =
                cutsLast || overflows
                ? truncatedLine(from: span, limit: limit, single: spans.count == 1, overflowing: overflows && !cutsLast)
                : span.hyphen ? makeLine(span) : makeLine(span.start, span.end)
            let lineMetrics = metrics(of: line.pieces)
            line.y = y
            line.baseline = y + lineMetrics.ascent
            line.endsParagraph = span.hard || (index == spans.count - 1 && !linesLeftOut)
            lines.append(consume line)
            y += lineMetrics.height + style.lineSpacing
        }
        // The widest line (as `max()` finds it, without an array of the widths). (Lines read in
        // place: a line copied out retains what it holds.)
        var widest: Double?
        for index in lines.indices where widest.map({ $0 < lines[index].width }) ?? true { widest = lines[index].width }
        let layoutWidth = widest ?? 0
        let height = lines.isEmpty ? 0 : lines[lines.count - 1].y + lines[lines.count - 1].height
        return ParagraphLayout(lines: lines, width: layoutWidth, height: height, truncated: truncated)
    }

    /// The glyphs of item `itemIndex` whose clusters lie in `start..<end`, as indices of
    /// ``glyphs``. Clusters are monotonic within an item (rising left to right, falling right to
    /// left), so binary search finds them.
    func glyphRange(_ itemIndex: Int, _ start: Int, _ end: Int) -> Range<Int> {
        let itemGlyphs = items[itemIndex].glyphs
        let rising = items[itemIndex].direction == .leftToRight
        func firstIndex(where belongs: (Int) -> Bool) -> Int {
            var low = itemGlyphs.lowerBound
            var high = itemGlyphs.upperBound
            while low < high {
                let middle = (low + high) / 2
                if belongs(glyphs.cluster(middle)) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let lower = rising ? firstIndex { $0 >= start } : firstIndex { $0 < end }
        let upper = rising ? firstIndex { $0 >= end } : firstIndex { $0 < start }
        return lower..<max(lower, upper)
    }

    /// The index of the first element of `sorted` greater than `value` (binary search).
    static func firstIndex<Sorted: RandomAccessCollection<Int>>(in sorted: Sorted, after value: Int) -> Int
    where Sorted.Index == Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The items that overlap `start..<end` (for an empty range, the item that ends at `start`),
    /// found by binary search: items are sorted and contiguous.
    func itemIndices(_ start: Int, _ end: Int) -> Range<Int> {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].range.upperBound <= start { low = middle + 1 } else { high = middle }
        }
        if start == end { return low > 0 && items[low - 1].range.upperBound == start ? (low - 1)..<low : low..<low }
        var last = low
        while last < items.count, items[last].range.lowerBound < end { last += 1 }
        return low..<last
    }

    // MARK: - Lines

    /// A line of `start..<end`.
    func makeLine(_ start: Int, _ end: Int) -> LineLayout {
        composeLine(LinePieces(text: start..<end))
    }

    /// The line of `span`: its text, and its hyphen when it ends at a hyphen break (to the left of
    /// the text where the text before the break reads right to left).
    func makeLine(_ span: Span) -> LineLayout {
        guard span.hyphen, span.end > span.start else { return makeLine(span.start, span.end) }
        let rightToLeft = itemIndices(span.end - 1, span.end).first.map { items[$0].direction == .rightToLeft } ?? false
        let text = LinePiece.text(span.start..<span.end)
        return composeLine(rightToLeft ? [.hyphen(at: span.end), text] : [text, .hyphen(at: span.end)])
    }

    /// A line of text pieces and an ellipsis, left to right.
    func composeLine(_ pieces: [LinePiece]) -> LineLayout {
        composeLine(LinePieces(pieces))
    }

    /// A line of text pieces and an ellipsis, left to right, and its width.
    func composeLine(_ pieces: LinePieces) -> LineLayout {
        let ellipsized = pieces.contains { if case .ellipsis = $0 { true } else { false } }
        // Placed (y and baseline) by layout(width:), x by the alignment pass.
        return LineLayout(
            x: 0, y: 0, width: width(of: pieces), baseline: 0, ellipsized: ellipsized, pieces: pieces,
            paragraph: self)
    }

    /// The width of a line of `pieces`, as broken (unstretched), without the spaces that hang at its
    /// end.
    func width(of pieces: LinePieces) -> Double {
        var width = 0.0
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .text(let range):
                // Spaces hang only at the line's end.
                let last = index == pieces.count - 1
                let shown = last ? visibleEnd(range.lowerBound, range.upperBound) : range.upperBound
                width +=
                    advance(range.lowerBound, shown, at: width)
                    + (last ? endCorrection(shown, from: range.lowerBound) : 0)
                if index == 0, mayHyphenate, let start = startGlyphs(range.lowerBound) { width += start.advance }
            case .ellipsis(let offset):
                width += ellipsisGlyphs(near: offset).width
            case .hyphen(let offset):
                let hyphen = hyphenGlyphs(at: offset)
                width += hyphen.width + hyphen.correction
            }
        }
        return width
    }

    /// The scalar range a line of `pieces` holds: from its first text piece's start to its last text
    /// piece's end, line breaks left out (0..<0 for a line of an ellipsis alone).
    func scalarRange(of pieces: LinePieces) -> Range<Int> {
        var lower: Int?
        var upper = 0
        for piece in pieces {
            guard case .text(let range) = piece else { continue }
            lower = lower ?? scalarOffsets[range.lowerBound]
            upper = scalarOffsets[textEnd(range)]
        }
        return (lower ?? 0)..<max(lower ?? 0, upper)
    }

    /// The end of a text piece's shown text: before the line breaks that end it.
    private func textEnd(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound, Self.isHardBreak(units[end - 1]) { end -= 1 }
        return end
    }

    /// The end of the shown text of the text piece `index` of `pieces`: ``textEnd(_:)``, and
    /// before the soft hyphen that ends it where the line shows a hyphen there instead.
    private func shownEnd(_ pieces: LinePieces, _ index: Int) -> Int {
        guard case .text(let range) = pieces[index] else { return 0 }
        let end = textEnd(range)
        guard pieces.count > 1, end > range.lowerBound, units[end - 1] == 0xAD,
            pieces.contains(where: { if case .hyphen(let offset) = $0 { offset == end } else { false } })
        else { return end }
        return end - 1
    }

    /// The character a line's hyphen shows (what ``hyphenGlyphs(at:)`` shapes).
    func shownHyphen(at offset: Int) -> String {
        guard offset > 0, let item = itemIndices(offset - 1, offset).first.map({ items[$0] }) else { return "\u{2010}" }
        return item.face.covers("\u{2010}") || !item.face.covers("-") ? "\u{2010}" : "-"
    }

    /// Calls `body` with the UTF-8 of what a line of `pieces` shows, piece by piece: the same text
    /// as ``text(of:)``, without making a `String` of it.
    func forEachUTF8(of pieces: LinePieces, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = shownText
        text.withUTF8 { utf8 in
            for (index, piece) in pieces.enumerated() {
                switch piece {
                case .text(let range):
                    body(
                        UnsafeBufferPointer(
                            rebasing: utf8[utf8Offsets[range.lowerBound]..<utf8Offsets[shownEnd(pieces, index)]])
                    )
                case .ellipsis:
                    let ellipsis: StaticString = "…"
                    body(UnsafeBufferPointer(start: ellipsis.utf8Start, count: ellipsis.utf8CodeUnitCount))
                case .hyphen(let offset):
                    shownHyphen(at: offset).utf8.withContiguousStorageIfAvailable(body)
                }
            }
        }
    }

    /// What a line of `pieces` shows: the text of its text pieces and "…" for its ellipsis.
    func text(of pieces: LinePieces) -> String {
        var text = ""
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .text(let range): text += string(range.lowerBound, shownEnd(pieces, index))
            case .ellipsis: text += "…"
            case .hyphen(let offset): text += shownHyphen(at: offset)
            }
        }
        return text
    }

    /// The text of UTF-16 range `start..<end`.
    func string(_ start: Int, _ end: Int) -> String {
        // Native strings index their UTF-8 in constant time.
        let bytes = shownText.utf8
        return String(
            bytes[
                bytes.index(
                    bytes.startIndex, offsetBy: utf8Offsets[start])..<bytes.index(
                        bytes.startIndex, offsetBy: utf8Offsets[end])])!
    }
}
