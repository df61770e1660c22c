extension Paragraph {
    /// How much the width of a line changes when it ends at `end`: the letter spacing after its
    /// last cluster hangs past the line (``hangingSpacing(_:from:)``), and the kerning of that cluster
    /// with the next line's first is undone (``kerningCorrection(_:)``). 0 for a line from
    /// `start` that shows nothing (its end's cluster is on the line before).
    func endCorrection(_ end: Int, from start: Int) -> Double {
        guard end > start else { return 0 }
        return kerningCorrection(end) - (hasLetterSpacing ? hangingSpacing(end, from: start) : 0)
    }

    /// The letter spacing after the last cluster before `end`, which a line that ends there leaves
    /// out of its width (CSS Text 3 and Pango put letter spacing between characters only); 0 where
    /// the text before `end` has none, or ends in a space or a line break.
    /// A grapheme cut by the line's start (a line that starts at a combining mark after a space)
    /// counts from `start`.
    func hangingSpacing(_ end: Int, from start: Int) -> Double {
        guard hasLetterSpacing, end > 0, end <= units.count, let itemIndex = itemIndices(end - 1, end).first
        else { return 0 }
        let item = items[itemIndex]
        let last = units[end - 1]
        guard item.letterSpacing != 0, item.object < 0, !Self.isHardBreak(last), last != 0x09 else { return 0 }
        let boundary = Self.firstIndex(in: graphemes, after: end - 1)
        let clusterStart = max(item.range.lowerBound, boundary > 0 ? graphemes[boundary - 1] : 0, start)
        var raw: Int32 = 0
        for glyph in glyphRange(itemIndex, clusterStart, end) { raw += glyphs.rawAdvance(glyph) }
        // The spacing as added (a negative one takes a cluster's advance to 0 at most).
        return advance(clusterStart, end) - Double(raw) * GlyphStore.scale(of: item)
    }

    /// How much the width of a line changes when it ends at `end`, inside an item: the item was
    /// shaped whole, so the advance of its last cluster before `end` may hold a kerning adjustment
    /// with the character after it, on the next line. Pango shapes a line's pieces again where a
    /// line breaks inside an item; here the last cluster alone is shaped again (kerning sits on the
    /// first glyph of a pair), and the difference is the answer. 0 at the text's or an item's end,
    /// next to a space, and in right-to-left items.
    func kerningCorrection(_ end: Int) -> Double {
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
        let alone = aloneAdvance(item, clusterStart..<end)
        // The cluster's glyphs as shaped in the whole item, in font units (letter spacing, added
        // the same way to both, left out).
        var whole: Int32 = 0
        for glyph in glyphRange(itemIndex, clusterStart, end) { whole += glyphs.rawAdvance(glyph) }
        return Double(alone - whole) * GlyphStore.scale(of: item)
    }

    /// The advance (font units) of `cluster` of `item` shaped on its own, with the rest of the text
    /// as HarfBuzz's context. HarfBuzz reads at most 5 code points of context on either side
    /// (`HB_BUFFER_CONTEXT_LENGTH`), so the answer is a function of the face, script, language and
    /// those units: kept in the collection's line-end cache by them (the cluster of 16 units or
    /// fewer), and not shaped again when a paragraph is laid out at another width.
    private func aloneAdvance(_ item: TextItem, _ cluster: Range<Int>) -> Int32 {
        let language = item.shapingLanguage(locale: shapingLocale)
        return units.withUnsafeBufferPointer { text in
            func shaped() -> Int32 {
                var alone: Int32 = 0
                item.face.font.shape(
                    text, range: cluster, direction: .leftToRight, script: item.script, language: language,
                    features: features(of: item)
                ) { alone += $0.advance }
                return alone
            }
            let cache = fonts.lineEndCache
            // (The cache knows the fonts' default features only.)
            guard cache.isEnabled, cluster.count <= 16, item.features < 0 else { return shaped() }
            // Five code points each side, as HarfBuzz takes them.
            var before = cluster.lowerBound
            for _ in 0..<5 where before > 0 {
                before -= 1
                if before > 0, UTF16.isTrailSurrogate(text[before]), UTF16.isLeadSurrogate(text[before - 1]) {
                    before -= 1
                }
            }
            var after = cluster.upperBound
            for _ in 0..<5 where after < text.count {
                after +=
                    UTF16.isLeadSurrogate(text[after]) && after + 1 < text.count
                        && UTF16.isTrailSurrogate(text[after + 1]) ? 2 : 1
            }
            let context = cache.context(
                face: item.face, script: item.script, direction: .leftToRight, language: language)
            // The context's number, and where the cluster lies in the units (at most 10 each side).
            guard context < 1 << 20 else { return shaped() }
            let key = WordKey(
                context: context | UInt32(cluster.lowerBound - before) << 20 | UInt32(after - cluster.upperBound) << 25,
                units: UnsafeBufferPointer(rebasing: text[before..<after]))
            if let known = cache.lookup(key, { $0.first?.advance }), let known { return known }
            let alone = shaped()
            cache.offer(key, count: 1) { buffer in
                buffer[0] = CachedGlyph(glyph: 0, cluster: 0, advance: alone, xOffset: 0, yOffset: 0)
            }
            return alone
        }
    }

    /// Whether the text from `start` to `end` (its trailing spaces hanging) fits in `limit`, its
    /// last cluster shaped again where kerning with the next line could make the difference.
    func fits(_ start: Int, _ end: Int, in limit: Double) -> Bool {
        let shown = visibleEnd(start, end)
        var width = advance(start, shown)
        if mayHyphenate, let glyphs = startGlyphs(start) { width += glyphs.advance }
        // A kerning adjustment is a fraction of an em: far from the limit, it changes nothing.
        guard abs(width - limit) < largestFontSize else { return width <= limit }
        return width + endCorrection(shown, from: start) <= limit
    }

    /// Whether every start of the text (`0..<end` for every `end`) fits `limit` as ``fits(_:_:in:)``
    /// judges it without shaping anything again: the widest is at least ``largestFontSize`` short of
    /// it. (For a narrower start `limit - width` only grows, so the same test holds; tabs, which
    /// ``advance(_:_:at:)`` moves to their stops, are the caller's to rule out.)
    func fitsWhole(in limit: Double) -> Bool {
        widestPrefix <= limit && abs(widestPrefix - limit) >= largestFontSize
    }
}
