extension ParagraphStyle {
    /// How lines are chosen, as CSS's `text-wrap`.
    public enum TextWrap: String, Hashable, Sendable, CaseIterable {
        /// Each line takes as much as fits (greedy, the default).
        case wrap
        /// Lines of near-equal width, as many as the greedy layout has (for 2 to 6 lines, as
        /// Chromium balances; others are wrapped greedily), placed in the full width. For
        /// headings and captions.
        case balance
        /// Greedy, but a last line of one word takes the word before it too, where that line then
        /// still fits (no paragraph ends in a lone short word).
        case pretty
    }
}

extension Paragraph {
    /// The spans of the lines at `limit` as ``ParagraphStyle/textWrap`` chooses them.
    func wrappedSpans(_ limit: Double?) -> SpanList {
        let greedy = breakLines(limit)
        guard let limit, greedy.count > 1, textWrap != .wrap else { return greedy }
        // A layout that truncates keeps its greedy lines.
        if style.maxLines > 0, greedy.count > style.maxLines { return greedy }
        if isTruncatable, style.maxHeight > 0 { return greedy }
        switch textWrap {
        case .wrap: return greedy
        case .balance: return balancedSpans(greedy, limit)
        case .pretty: return prettySpans(greedy, limit)
        }
    }

    /// The greedy layout's number of lines at `limit`, chosen so that their widths are as even as
    /// can be: of every way to break the text at its soft opportunities into that many lines each
    /// within `limit`, the one with the least sum of squared line widths (for a given text, the
    /// most even), found by dynamic programming over the opportunities (as Knuth and Plass's
    /// breaking does, with the count fixed). The greedy layout is one such way, so the balanced
    /// lines are never less even by that measure. Text with a line break, a hyphen break or more
    /// than 6 lines keeps its greedy lines.
    private func balancedSpans(_ greedy: SpanList, _ limit: Double) -> SpanList {
        let count = greedy.count
        guard count <= 6, !hasHardBreak, !greedy.contains(where: \.hyphen) else { return greedy }
        let breaks = self.breaks
        // Where lines may end: soft opportunities, then the text's end.
        var ends = [0]
        for opportunity in breaks where opportunity.kind == .soft && opportunity.offset < units.count {
            ends.append(opportunity.offset)
        }
        ends.append(units.count)
        let points = ends.count
        guard points <= 400 else { return greedy }
        /// The width of a line from `ends[i]` to `ends[j]`, as the layout measures it.
        func width(_ i: Int, _ j: Int) -> Double {
            let shown = visibleEnd(ends[i], ends[j])
            return advance(ends[i], shown) + endCorrection(shown, from: ends[i])
        }
        // cost[k][j]: the least sum of squares for the text up to ends[j] in k lines.
        let infinity = Double.infinity
        var cost = [[Double]](repeating: [Double](repeating: infinity, count: points), count: count + 1)
        var from = [[Int]](repeating: [Int](repeating: -1, count: points), count: count + 1)
        cost[0][0] = 0
        for k in 1...count {
            for j in 1..<points {
                // Lines end only at the text's end on the last line.
                if k == count, j != points - 1 { continue }
                var i = j - 1
                while i >= 0 {
                    let w = width(i, j)
                    if w > limit + 1e-6 { break }
                    if cost[k - 1][i] < infinity, cost[k - 1][i] + w * w < cost[k][j] {
                        cost[k][j] = cost[k - 1][i] + w * w
                        from[k][j] = i
                    }
                    i -= 1
                }
            }
        }
        guard cost[count][points - 1] < infinity else { return greedy }
        var cuts: [Int] = []
        var j = points - 1
        for k in stride(from: count, through: 1, by: -1) {
            cuts.append(j)
            j = from[k][j]
        }
        var spans = SpanList()
        var start = 0
        for cut in cuts.reversed() {
            spans.append(Span(start: start, end: ends[cut], hard: cut == points - 1))
            start = ends[cut]
        }
        return spans
    }

    /// The greedy lines, with a last line of one word given the word before it too, where the
    /// new last line fits `limit`, the line before keeps a word, and both lines end at soft breaks
    /// without a hyphen (a line ending at a line break is its paragraph's last already).
    private func prettySpans(_ greedy: SpanList, _ limit: Double) -> SpanList {
        let last = greedy[greedy.count - 1]
        let before = greedy[greedy.count - 2]
        guard !before.hard, !before.hyphen, last.end > last.start else { return greedy }
        let breaks = self.breaks
        // The opportunities inside the last line (its trailing spaces left aside): one word has none.
        let shown = visibleEnd(last.start, last.end)
        let firstAfter = Self.firstIndex(in: breaks.lazy.map(\.offset), after: last.start)
        guard firstAfter < breaks.count, breaks[firstAfter].offset >= shown else { return greedy }
        // The opportunity before the last word, past the start of the line before it.
        var index = Self.firstIndex(in: breaks.lazy.map(\.offset), after: before.start)
        var moved: Int?
        while index < breaks.count, breaks[index].offset < before.end {
            if breaks[index].kind == .soft { moved = breaks[index].offset }
            index += 1
        }
        guard let moved, fits(moved, last.end, in: limit + 1e-6) else { return greedy }
        var spans = SpanList()
        for index in 0..<(greedy.count - 2) { spans.append(greedy[index]) }
        spans.append(Span(start: before.start, end: moved, hard: false))
        spans.append(Span(start: moved, end: last.end, hard: last.hard))
        return spans
    }
}
