extension Paragraph {
    /// `list` (ICU's opportunities) as the style's ``ParagraphStyle/hyphens`` wants it: the
    /// opportunity after each soft hyphen made a hyphen break (`manual`, `auto`) or left out
    /// (`none`); with `auto` and a dictionary, the hyphenation points of the words between
    /// opportunities added as hyphen breaks, but in words that hold a soft hyphen.
    static func hyphenated(
        _ list: BreakList, units: [UInt16], style: ParagraphStyle, dictionary: HyphenDictionary?
    ) -> BreakList {
        let automatic = style.hyphens == .auto ? dictionary : nil
        let afterSoftHyphen = { (offset: Int) in offset > 0 && units[offset - 1] == 0xAD }
        // Most texts have no soft hyphen: their list is kept as it is.
        guard automatic != nil || list.contains(where: { afterSoftHyphen($0.offset) }) else { return list }
        var result = BreakList()
        result.reserveCapacity(list.count)
        var previous = 0
        for opportunity in list {
            defer { previous = opportunity.offset }
            if let automatic, opportunity.kind != .hyphen {
                let points = hyphenationPoints(
                    units, previous..<opportunity.offset, dictionary: automatic, limits: style.hyphenationLimits)
                for point in points { result.append(BreakOpportunity(offset: point, kind: .hyphen)) }
            }
            if opportunity.kind == .soft, afterSoftHyphen(opportunity.offset) {
                if style.hyphens != .none { result.append(BreakOpportunity(offset: opportunity.offset, kind: .hyphen)) }
            } else {
                result.append(opportunity)
            }
        }
        return result
    }

    /// The hyphenation points (UTF-16 offsets, ascending) of the words in `range`, a stretch
    /// between two break opportunities: each run of letters (and the marks on them) hyphenated
    /// on its own, none where the stretch holds a soft hyphen.
    private static func hyphenationPoints(
        _ units: [UInt16], _ range: Range<Int>, dictionary: HyphenDictionary,
        limits: ParagraphStyle.HyphenationLimits
    ) -> [Int] {
        guard range.count >= limits.word, !units[range].contains(0xAD),
            range.lowerBound == 0 || units[range.lowerBound - 1] != 0xAD
        else { return [] }
        var points: [Int] = []
        var word: [Unicode.Scalar] = []
        var offsets: [Int] = []
        func finishWord() {
            defer {
                word.removeAll(keepingCapacity: true)
                offsets.removeAll(keepingCapacity: true)
            }
            guard word.count >= limits.word else { return }
            for point in dictionary.points(word, limits: limits) { points.append(offsets[point]) }
        }
        var offset = range.lowerBound
        while offset < range.upperBound {
            var scalar = Unicode.Scalar(UInt8(0))
            var length = 1
            let unit = units[offset]
            if UTF16.isLeadSurrogate(unit), offset + 1 < range.upperBound, UTF16.isTrailSurrogate(units[offset + 1]) {
                scalar = Unicode.Scalar(UTF16.decode(UTF16.EncodedScalar([unit, units[offset + 1]])).value)!
                length = 2
            } else if let single = Unicode.Scalar(UInt32(unit)) {
                scalar = single
            }
            let properties = scalar.properties
            let isLetter =
                properties.isAlphabetic
                || [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
            if isLetter {
                word.append(scalar)
                offsets.append(offset)
            } else {
                finishWord()
            }
            offset += length
        }
        finishWord()
        return points
    }

    /// Whether the text from `start` to a hyphen break at `end` fits `limit` with its hyphen: the
    /// hyphen shaped after the last cluster (``hyphenGlyphs(at:)``) only where the width is close
    /// to the limit.
    func fitsHyphenated(_ start: Int, _ end: Int, in limit: Double) -> Bool {
        let width = advance(start, end) + (startGlyphs(start)?.advance ?? 0)
        // The hyphen is narrower than an em and a kerning adjustment a fraction of one.
        if width + 2 * largestFontSize <= limit { return true }
        if width > limit + largestFontSize { return false }
        let hyphen = hyphenGlyphs(at: end)
        return width + hyphen.correction + hyphen.width <= limit
    }

    /// The hyphen a line that breaks at `end` shows, and the cluster before it as it is then drawn.
    ///
    /// The hyphen is the font's (U+2010, else U+002D; from a fallback face when the text's has
    /// neither) at the size and letter spacing of the text before the break. In left-to-right text
    /// it is shaped together with the cluster before the break (and the soft hyphen, if the break
    /// follows one), as Pango shapes a line's end again: they kern as in a word, and a ligature
    /// that HarfBuzz made across the break ("ff" of "dif­ferent") is undone. `head` is then that
    /// cluster's glyphs so shaped (clusters as offsets in the text, from `headStart`), drawn in
    /// place of its glyphs in the text; `correction` is their advance less the text's advance from
    /// `headStart` to the break. Hyphen glyphs' x from the hyphen's pen, clusters at `end`'s scalar
    /// offset.
    func hyphenGlyphs(at end: Int) -> HyphenGlyphs {
        guard end > 0, let itemIndex = itemIndices(end - 1, end).first else { return HyphenGlyphs() }
        let item = items[itemIndex]
        let scale = GlyphStore.scale(of: item)
        var face = item.face
        var hyphen: UInt16 = face.covers("\u{2010}") ? 0x2010 : 0x2D
        if !face.covers(Unicode.Scalar(hyphen)!), let fallback = fonts.fallback(for: "\u{2010}", preferring: face) {
            face = fallback
            hyphen = 0x2010
        }
        // The cluster before the break (before the soft hyphen, when it follows one), from where the
        // shaped cluster that holds it starts (a ligature may start graphemes earlier).
        var clusterEnd = end
        if units[clusterEnd - 1] == 0xAD, clusterEnd - 1 > item.range.lowerBound { clusterEnd -= 1 }
        let boundary = Self.firstIndex(in: graphemes, after: clusterEnd - 1)
        var clusterStart = max(item.range.lowerBound, boundary > 0 ? graphemes[boundary - 1] : 0)
        let together = face === item.face && item.direction == .leftToRight && item.object < 0
        if together, let shaped = glyphRange(itemIndex, item.range.lowerBound, clusterEnd).last {
            clusterStart = min(clusterStart, glyphs.cluster(shaped))
        }
        let text = together ? Array(units[clusterStart..<end]) + [hyphen] : [hyphen]
        let hyphenCluster = text.count - 1
        var result = HyphenGlyphs()
        result.headStart = together ? clusterStart : end
        var x = 0.0
        var headWidth = 0.0
        let hyphenScale = item.size / Double(face.unitsPerEm)
        let cluster = scalarOffsets[end]
        let language = item.shapingLanguage(locale: shapingLocale)
        text.withUnsafeBufferPointer { buffer in
            face.font.shape(
                buffer, range: 0..<buffer.count, direction: .leftToRight, script: item.script, language: language,
                features: features(of: item)
            ) { glyph in
                guard glyph.cluster == UInt32(hyphenCluster) else {
                    let shaped = ShapedGlyph(glyph, scale: scale, clusterOffset: clusterStart)
                    result.head.append(shaped)
                    headWidth += shaped.advance
                    return
                }
                result.glyphs.append(
                    PositionedGlyph(
                        glyph: glyph.glyph, face: face, size: item.size, x: x + Double(glyph.xOffset) * hyphenScale,
                        y: Double(glyph.yOffset) * hyphenScale, cluster: cluster, syntheticBold: item.synthetic.bold,
                        syntheticOblique: item.synthetic.oblique))
                x += Double(glyph.advance) * hyphenScale
            }
        }
        if together, !result.head.isEmpty {
            // Letter spacing after the head's last cluster, as in the text.
            result.head[result.head.count - 1].advance += item.letterSpacing
            headWidth += item.letterSpacing
            result.correction = headWidth - advance(clusterStart, end)
        }
        // (No letter spacing after the hyphen: it ends the line.)
        result.width = x
        return result
    }

    /// Where a line starts inside a cluster that HarfBuzz shaped across the break (the second "f"
    /// of a ligature "ff" across a hyphenation point): the text from `start` to that cluster's end
    /// shaped alone, its glyphs (clusters as offsets in the text) and advance, which the text's
    /// advances give to the cluster's start, on the line before. Nil where `start` begins a shaped
    /// cluster (after a space, always), in right-to-left text, and in text without hyphen breaks.
    func startGlyphs(_ start: Int) -> (glyphs: [ShapedGlyph], end: Int, advance: Double)? {
        // Only a hyphen break splits a shaped cluster between lines (a cut between graphemes of a
        // word too wide for its line keeps the text's glyphs, as it always has).
        guard mayHyphenate, start > 0, start < units.count, !Self.isSpace(units[start - 1]),
            let itemIndex = itemIndices(start, start + 1).first
        else { return nil }
        let item = items[itemIndex]
        guard item.range.lowerBound < start, item.direction == .leftToRight, item.object < 0,
            glyphRange(itemIndex, start, start + 1).isEmpty
        else { return nil }
        // Glyphs with clusters past `start` begin the next cluster.
        let following = glyphRange(itemIndex, start, item.range.upperBound)
        let end = following.isEmpty ? item.range.upperBound : glyphs.cluster(following.lowerBound)
        let scale = GlyphStore.scale(of: item)
        var shaped: [ShapedGlyph] = []
        var advance = 0.0
        let text = Array(units[start..<end])
        text.withUnsafeBufferPointer { buffer in
            item.face.font.shape(
                buffer, range: 0..<buffer.count, direction: .leftToRight, script: item.script,
                language: item.shapingLanguage(locale: shapingLocale), features: features(of: item)
            ) { glyph in
                shaped.append(ShapedGlyph(glyph, scale: scale, clusterOffset: start))
                advance += shaped[shaped.count - 1].advance
            }
        }
        guard !shaped.isEmpty else { return nil }
        shaped[shaped.count - 1].advance += item.letterSpacing
        return (shaped, end, advance + item.letterSpacing)
    }
}

/// What ``Paragraph/hyphenGlyphs(at:)`` gives: the hyphen, and the cluster before it shaped with it.
struct HyphenGlyphs {
    /// The hyphen's glyphs, x from its pen.
    var glyphs: [PositionedGlyph] = []
    /// The hyphen's advance.
    var width = 0.0
    /// The cluster before the hyphen shaped with it (empty where it is not), and where it starts.
    var head: [ShapedGlyph] = []
    var headStart = 0
    /// How much wider the line's text is with `head` in place of the text's own glyphs.
    var correction = 0.0
}
