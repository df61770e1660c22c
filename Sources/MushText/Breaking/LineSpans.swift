extension Paragraph {
    /// A line's stretch of the text, as broken.
    struct Span {
        var start: Int
        var end: Int
        /// The line ends at a hard break (or the text's end).
        var hard: Bool
        /// The line ends at a hyphen break, and shows a hyphen.
        var hyphen = false
    }

    /// The spans of a paragraph's lines, in order, in 4 bytes each: each span starts where the one
    /// before it ends (the first at 0), so only its end is kept, with whether it is hard in the top
    /// bit and whether it ends in a hyphen in the next (texts are shorter than 2^30 units).
    struct SpanList: RandomAccessCollection {
        private var ends: [UInt32] = []
        private static let hard: UInt32 = 1 << 31
        private static let hyphen: UInt32 = 1 << 30
        private static let offset: UInt32 = hyphen - 1

        /// Adds `span`, which must start where the last one ends.
        mutating func append(_ span: Span) {
            assert(span.start == (ends.last.map { Int($0 & Self.offset) } ?? 0), "spans are contiguous")
            ends.append(UInt32(span.end) | (span.hard ? Self.hard : 0) | (span.hyphen ? Self.hyphen : 0))
        }

        mutating func removeLast(_ count: Int) {
            ends.removeLast(count)
        }

        var startIndex: Int { 0 }
        var endIndex: Int { ends.count }

        subscript(index: Int) -> Span {
            let start = index == 0 ? 0 : Int(ends[index - 1] & Self.offset)
            return Span(
                start: start, end: Int(ends[index] & Self.offset), hard: ends[index] & Self.hard != 0,
                hyphen: ends[index] & Self.hyphen != 0)
        }
    }

    /// Greedy: each line takes as much as fits up to a break opportunity (a line that ends at a
    /// hyphen break counts its hyphen); a word wider than the line breaks between graphemes (at
    /// least one grapheme a line). (`shortcut`: false walks the opportunities even where the text is
    /// known to fit on one line; for tests.)
    func breakLines(_ limit: Double?, shortcut: Bool = true) -> SpanList {
        var spans = SpanList()
        guard !units.isEmpty else {
            spans.append(Span(start: 0, end: 0, hard: true))
            return spans
        }
        let tolerance = 1e-6
        // A text without line breaks or tabs whose every start fits, whatever kerning its last
        // cluster has with what follows, is one line (every opportunity fits, and only the end is
        // hard): no opportunity need be known, and ICU is not asked for them.
        if shortcut, !hasHardBreak, tabs.isEmpty, limit.map({ fitsWhole(in: $0 + tolerance) }) ?? true {
            spans.append(Span(start: 0, end: units.count, hard: true))
            return spans
        }
        let breaks = self.breaks
        var start = 0
        var lastFit: (end: Int, hyphen: Bool)?
        var index = 0
        while index < breaks.count {
            let opportunity = breaks[index]
            let end = opportunity.offset
            let hyphen = opportunity.kind == .hyphen
            let fits =
                limit.map {
                    hyphen
                        ? self.fitsHyphenated(start, end, in: $0 + tolerance)
                        : self.fits(start, end, in: $0 + tolerance)
                } ?? true
            if fits {
                if opportunity.kind == .hard || end == units.count {
                    spans.append(Span(start: start, end: end, hard: true))
                    start = end
                    lastFit = nil
                } else {
                    lastFit = (end, hyphen)
                }
                index += 1
            } else if let fit = lastFit {
                spans.append(Span(start: start, end: fit.end, hard: false, hyphen: fit.hyphen))
                start = fit.end
                lastFit = nil
            } else {
                // The word alone is wider than the line: cut it between graphemes. A last grapheme
                // wider than the line still ends at the opportunity.
                let cut = graphemeCut(from: start, before: end, limit: limit!)
                if cut < end {
                    spans.append(Span(start: start, end: cut, hard: false))
                    start = cut
                } else {
                    let hard = opportunity.kind == .hard || end == units.count
                    spans.append(Span(start: start, end: end, hard: hard, hyphen: hyphen && !hard))
                    start = end
                    index += 1
                }
            }
        }
        // A text that ends with a line break has an empty last line, as in Pango.
        if let last = breaks.last, last.kind == .hard, last.offset == units.count,
            Self.isHardBreak(units[units.count - 1])
        {
            spans.append(Span(start: units.count, end: units.count, hard: true))
        }
        return spans
    }

    /// The furthest grapheme boundary after `start` (and before `end`) whose text fits `limit`; at
    /// least the first grapheme.
    /// Spaces after the cut hang past the line, as after an ordinary break.
    func graphemeCut(from start: Int, before end: Int, limit: Double) -> Int {
        let shown = visibleEnd(start, end)
        var index = Self.firstIndex(in: graphemes, after: start)
        var cut = index < graphemes.count ? graphemes[index] : end
        index += 1
        while index < graphemes.count, graphemes[index] < shown, fits(start, graphemes[index], in: limit + 1e-6) {
            cut = graphemes[index]
            index += 1
        }
        return cut >= shown ? end : cut
    }
}
