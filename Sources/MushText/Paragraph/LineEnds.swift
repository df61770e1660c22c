extension Paragraph {
    /// How much the width of a line changes when it ends at `end`, inside an item: the item was
    /// shaped whole, so the advance of its last cluster before `end` may hold a kerning adjustment
    /// with the character after it, on the next line. Pango shapes a line's pieces again where a
    /// line breaks inside an item; here the last cluster alone is shaped again (kerning sits on the
    /// first glyph of a pair), and the difference is the answer. 0 at the text's or an item's end,
    /// next to a space, and in right-to-left items.
    func endCorrection(_ end: Int) -> Double {
        guard end > 0, end < units.count else { return 0 }
        let next = units[end]
        let last = units[end - 1]
        guard !Self.isSpace(next), !Self.isSpace(last), !Self.isHardBreak(last), next != 0x09, last != 0x09 else {
            return 0
        }
        let itemIndex = itemIndices(end - 1, end).lowerBound
        guard itemIndex < items.count else { return 0 }
        let item = items[itemIndex]
        guard item.range.upperBound > end, item.direction == .leftToRight else { return 0 }
        let boundary = Self.firstIndex(in: graphemes, after: end - 1)
        let clusterStart = max(item.range.lowerBound, boundary > 0 ? graphemes[boundary - 1] : 0)
        guard clusterStart < end else { return 0 }
        var alone: Int32 = 0
        units.withUnsafeBufferPointer { text in
            item.face.font.shape(
                text, range: clusterStart..<end, direction: .leftToRight, script: item.script,
                language: item.shapingLanguage(locale: style.locale)
            ) { alone += $0.advance }
        }
        // The cluster's glyphs as shaped in the whole item, in font units (letter spacing, added
        // the same way to both, left out).
        var whole: Int32 = 0
        for glyph in glyphRange(itemIndex, clusterStart, end) { whole += glyphs.rawAdvance(glyph) }
        return Double(alone - whole) * GlyphStore.scale(of: item)
    }

    /// Whether the text from `start` to `end` (its trailing spaces hanging) fits in `limit`, its
    /// last cluster shaped again where kerning with the next line could make the difference.
    func fits(_ start: Int, _ end: Int, in limit: Double) -> Bool {
        let shown = visibleEnd(start, end)
        let width = advance(start, shown)
        // A kerning adjustment is a fraction of an em: far from the limit, it changes nothing.
        guard abs(width - limit) < largestFontSize else { return width <= limit }
        return width + endCorrection(shown) <= limit
    }
}
