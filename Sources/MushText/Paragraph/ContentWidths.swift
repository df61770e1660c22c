extension Paragraph {
    /// The paragraph's min-content width, in points: the narrowest width it takes without a line
    /// running past the width (as CSS's `min-content` of a block of text).
    ///
    /// For text that is not truncated, the widest piece between two line break opportunities
    /// (a word, with the punctuation that sticks to it; the spaces after it hang past the line, and
    /// its last cluster is shaped again where kerning with the next character changes its width, as
    /// at a line's end). At a narrower width, ``layout(width:)`` cuts such a word between graphemes
    /// rather than letting it overflow, but a layout engine sizing a box to its content should not
    /// ask for that.
    ///
    /// Text that may be truncated (``ParagraphStyle/ellipsize`` other than `none` with a
    /// ``ParagraphStyle/maxLines`` or ``ParagraphStyle/maxHeight`` limit, or
    /// ``ParagraphStyle/textOverflow`` `ellipsis`) is shortened rather than wrapped wider: its
    /// min-content width is what is left when it is shortened as far as it goes. When it shows one
    /// line at most (`maxLines` 1, or a `maxHeight` shorter than two lines), that is the ellipsis
    /// "…" (the widest of the fonts of the text); otherwise every line before the last still holds a
    /// grapheme, so it is the ellipsis or the widest grapheme, whichever is wider. Either way never
    /// more than ``maxContentWidth()``.
    ///
    /// Nothing is shaped again but "…" and the last cluster of a few candidate pieces; the cost is
    /// linear in the text's length.
    public func minContentWidth() -> Double {
        guard !units.isEmpty else { return 0 }
        guard isTruncatable else {
            return widestPiece(ends: breaks.lazy.map { (offset: $0.offset, hyphen: $0.kind == .hyphen) })
        }
        let ellipsis = widestEllipsis()
        let least =
            showsOneLineAtMost
            ? ellipsis : max(ellipsis, widestPiece(ends: graphemes.lazy.map { (offset: $0, hyphen: false) }))
        return min(least, maxContentWidth())
    }

    /// The paragraph's max-content width, in points: the width of ``layout(width:)`` without a width
    /// (lines end only at line breaks), the ellipsis included when ``ParagraphStyle/maxLines`` or
    /// ``ParagraphStyle/maxHeight`` leave lines out.
    public func maxContentWidth() -> Double {
        unalignedLayout(nil).width
    }

    /// Whether the style can shorten the text with an ellipsis instead of wrapping it wider.
    var isTruncatable: Bool {
        style.textOverflow == .ellipsis || (style.ellipsize != .none && (style.maxLines > 0 || style.maxHeight > 0))
    }

    /// Whether no layout shows more than one line: one line at most, or a maximum height under the
    /// shortest two lines the text's fonts can make. (With `textOverflow` alone, any number.)
    var showsOneLineAtMost: Bool {
        if style.ellipsize == .none { return false }
        if style.maxLines == 1 { return true }
        guard style.maxHeight > 0 else { return false }
        var shortest = Double.infinity
        for item in items {
            shortest = min(shortest, metrics(item.range.lowerBound, item.range.upperBound).height)
        }
        if items.isEmpty { shortest = metrics(0, 0).height }
        return 2 * shortest + style.lineSpacing > style.maxHeight + 1e-9
    }

    /// The widest of the pieces that `ends` (ascending UTF-16 offsets, the last the text's end)
    /// cut the text into, each measured as a line of its own: trailing spaces hanging, tabs moving
    /// to their stops from the line's start, and the last cluster shaped again only for a piece that
    /// could be the widest (kerning changes a width by less than the largest font size). A piece
    /// that ends at a hyphen break counts its hyphen.
    func widestPiece(ends: some Sequence<(offset: Int, hyphen: Bool)>) -> Double {
        var widest = 0.0
        var start = 0
        for (end, hyphen) in ends {
            defer { start = end }
            if hyphen {
                let width = advance(start, end) + (startGlyphs(start)?.advance ?? 0)
                guard width + 2 * largestFontSize > widest else { continue }
                let glyphs = hyphenGlyphs(at: end)
                widest = max(widest, width + glyphs.correction + glyphs.width)
                continue
            }
            let shown = visibleEnd(start, end)
            var width = advance(start, shown)
            if mayHyphenate, let glyphs = startGlyphs(start) { width += glyphs.advance }
            guard width + largestFontSize > widest else { continue }
            widest = max(widest, width + endCorrection(shown, from: start))
        }
        return widest
    }

    /// The widest ellipsis the text's fonts and sizes give (the style's font's for empty text).
    func widestEllipsis() -> Double {
        guard !items.isEmpty else { return ellipsisGlyphs(near: 0).width }
        var widest = 0.0
        var seen: [(face: ObjectIdentifier, size: Double)] = []
        for item in items {
            let key = (face: ObjectIdentifier(item.face), size: item.size)
            guard !seen.contains(where: { $0.face == key.face && $0.size == key.size }) else { continue }
            seen.append(key)
            widest = max(widest, ellipsisGlyphs(near: item.range.lowerBound).width)
        }
        return widest
    }
}
