/// One glyph placed by HarfBuzz, in points.
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph's index in its face.
    public var glyph: UInt32
    /// The UTF-16 offset in the text of the first unit of the glyph's cluster.
    public var cluster: Int
    /// How far the pen moves after the glyph.
    public var advance: Double
    /// Where the glyph is drawn relative to the pen (y up).
    public var xOffset: Double
    public var yOffset: Double
}

extension ShapedGlyph {
    /// A glyph in points from HarfBuzz's font units (`scale` points a unit), its cluster moved by
    /// `clusterOffset`.
    init(_ glyph: CachedGlyph, scale: Double, clusterOffset: Int) {
        self.init(
            glyph: glyph.glyph, cluster: clusterOffset + Int(glyph.cluster), advance: Double(glyph.advance) * scale,
            xOffset: Double(glyph.xOffset) * scale, yOffset: Double(glyph.yOffset) * scale)
    }
}

/// Text direction of a run.
public enum TextDirection: Sendable, Hashable {
    case leftToRight, rightToLeft
}

/// Shaping with HarfBuzz.
public enum Shaper {
    /// Shapes `range` of `text` (UTF-16) with `face` at `size` points, in `direction`, for `script`
    /// (an ISO 15924 tag such as "Latn", "Arab"; nil: guessed from the text) and `language` (a BCP 47
    /// tag; nil: none). The whole text is given to HarfBuzz as context, so joining and kerning at the
    /// range's edges see their neighbours. `letterSpacing` (Mush's `kern`) is added after every
    /// cluster; a negative spacing reduces a cluster's advance to zero at most. Glyphs come in
    /// visual order (right to left runs reversed), as HarfBuzz gives them.
    public static func shape(
        _ text: [UInt16], range: Range<Int>, face: FontFace, size: Double,
        direction: TextDirection = .leftToRight, script: String? = nil, language: String? = nil,
        letterSpacing: Double = 0
    ) -> [ShapedGlyph] {
        let shapingScript = script.map(ShapingScript.init(tag:)) ?? .none
        let raw = text.withUnsafeBufferPointer { units in
            shapeRaw(
                units, range: range, face: face, direction: direction, script: shapingScript,
                language: ShapingLanguage(language))
        }
        return scaled(raw, size: size, face: face, letterSpacing: letterSpacing)
    }

    /// Shapes `range` of `text` as ``shape(_:range:face:size:direction:script:language:letterSpacing:)``
    /// does, through `cache` when the face allows it, and appends HarfBuzz's glyphs (font units,
    /// clusters as offsets into `text`, visual order) to `store`. Words (letters and the spaces
    /// after them) are cut at U+0020 only, where the face neither kerns nor ligates
    /// (``FontFace/spaceIsContextFree``), so a word's glyphs are the same alone or in its text.
    /// Such a range is taken in stretches of whole words of about ``chunkLength`` units: when every
    /// word of a stretch is cached, nothing is shaped; otherwise the stretch is shaped whole (one
    /// HarfBuzz call, with the text around it as context) and its words are cached from the result.
    /// HarfBuzz's buffers are then never larger than a stretch, however long the text. A word at
    /// the range's edge that touches text outside it (a style change inside a word) depends on
    /// that context, and is never cached. Other faces' ranges are shaped whole.
    static func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, direction: TextDirection,
        script: ShapingScript, language: ShapingLanguage, features: ShapingFeatures? = nil, cache: ShapeCache,
        into store: inout GlyphStore
    ) {
        guard !range.isEmpty else { return }
        // Text with features of its own is shaped whole: the cache keeps words shaped with the
        // font's defaults.
        if let features {
            face.font.shape(
                text, range: range, direction: direction, script: script, language: language, features: features,
                into: &store)
            return
        }
        guard face.spaceIsContextFree else {
            shapeWhole(
                text, range: range, face: face, direction: direction, script: script, language: language, into: &store)
            return
        }
        // (Asked of the cache once, and only when a word is looked up or offered.)
        var knownContext: UInt32?
        let leftOpen = range.lowerBound > 0 && text[range.lowerBound - 1] != 0x20 && text[range.lowerBound] != 0x20
        let rightOpen =
            range.upperBound < text.count && text[range.upperBound] != 0x20 && text[range.upperBound - 1] != 0x20
        func key(_ word: Range<Int>) -> WordKey? {
            guard word.count <= ShapeCache.longestWord, !(leftOpen && word.lowerBound == range.lowerBound),
                !(rightOpen && word.upperBound == range.upperBound)
            else { return nil }
            let context =
                knownContext ?? cache.context(face: face, script: script, direction: direction, language: language)
            knownContext = context
            return WordKey(context: context, units: UnsafeBufferPointer(rebasing: text[word]))
        }

        func shapeStretch(_ stretch: Range<Int>) {
            // Through the cache where it pays (ShapeCache.isWorthUsing()).
            let cached = cache.isEnabled && cache.isWorthUsing()
            // Every word from the cache, in visual order, or none.
            if cached {
                let mark = store.count
                let complete = forEachWord(text, stretch, direction) { word in
                    guard let key = key(word) else { return false }
                    return cache.append(key, to: &store, clusterOffset: word.lowerBound)
                }
                cache.record(servedWhole: complete)
                if complete { return }
                store.removeGlyphs(from: mark)
            }
            // Shaped whole, straight into the store when no word is offered to the cache.
            guard cached else {
                shapeWhole(
                    text, range: stretch, face: face, direction: direction, script: script, language: language,
                    into: &store)
                return
            }
            // Each word's glyphs are a contiguous slice of the result, in visual order.
            let raw = shapeRaw(
                text, range: stretch, face: face, direction: direction, script: script, language: language)
            var next = 0
            _ = forEachWord(text, stretch, direction) { word in
                let first = next
                while next < raw.count, word.contains(Int(raw[next].cluster)) { next += 1 }
                if let key = key(word) {
                    let slice = first..<next
                    cache.offer(key, count: slice.count) { buffer in
                        for (index, glyph) in zip(buffer.indices, raw[slice]) {
                            var relative = glyph
                            relative.cluster -= UInt32(word.lowerBound)
                            buffer[index] = relative
                        }
                    }
                }
                return true
            }
            store.append(raw, clusterOffset: 0)
        }

        guard range.count > chunkLength else {
            shapeStretch(range)
            return
        }
        // Stretches of whole words, in visual order: the words of a stretch are the words of the
        // range (a stretch starts and ends where words do). A word longer than a stretch (text
        // without spaces) is shaped alone, straight into the store: it is too long to be cached.
        var lower = range.lowerBound
        var upper = range.upperBound
        _ = forEachWord(text, range, direction) { word in
            if word.count > chunkLength {
                if direction == .leftToRight, lower < word.lowerBound { shapeStretch(lower..<word.lowerBound) }
                if direction == .rightToLeft, word.upperBound < upper { shapeStretch(word.upperBound..<upper) }
                shapeWhole(
                    text, range: word, face: face, direction: direction, script: script, language: language,
                    into: &store)
                lower = word.upperBound
                upper = word.lowerBound
            } else if direction == .leftToRight, word.upperBound - lower >= chunkLength {
                shapeStretch(lower..<word.upperBound)
                lower = word.upperBound
            } else if direction == .rightToLeft, upper - word.lowerBound >= chunkLength {
                shapeStretch(word.lowerBound..<upper)
                upper = word.lowerBound
            }
            return true
        }
        if direction == .leftToRight, lower < range.upperBound { shapeStretch(lower..<range.upperBound) }
        if direction == .rightToLeft, upper > range.lowerBound { shapeStretch(range.lowerBound..<upper) }
    }

    /// The longest stretch of a range shaped in one HarfBuzz call, in UTF-16 units, when the face
    /// lets words be shaped alone (a stretch ends at the first word end past it).
    static let chunkLength = 4096

    /// Calls `body` with each word of `range` (letters, then the spaces after them) in visual
    /// order (right to left, the last word first) while it returns true; true if it always did.
    private static func forEachWord(
        _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, _ direction: TextDirection,
        _ body: (Range<Int>) -> Bool
    ) -> Bool {
        // A word ends after its spaces unless a mark or joiner follows them: that belongs to the
        // last space's grapheme.
        func isCut(_ offset: Int) -> Bool {
            offset == range.upperBound || text[offset] < 0x300 || !extendsGrapheme(text, at: offset)
        }
        if direction == .leftToRight {
            var start = range.lowerBound
            while start < range.upperBound {
                var end = start
                repeat {
                    while end < range.upperBound, text[end] != 0x20 { end += 1 }
                    while end < range.upperBound, text[end] == 0x20 { end += 1 }
                } while !isCut(end)
                guard body(start..<end) else { return false }
                start = end
            }
        } else {
            var end = range.upperBound
            while end > range.lowerBound {
                var start = end
                repeat {
                    while start > range.lowerBound, text[start - 1] == 0x20 { start -= 1 }
                    while start > range.lowerBound, text[start - 1] != 0x20 { start -= 1 }
                } while start > range.lowerBound && !isCut(start)
                guard body(start..<end) else { return false }
                end = start
            }
        }
        return true
    }

    /// Whether the character at `offset` joins the grapheme before it: a combining mark, a joiner,
    /// a variation selector or an emoji modifier (Grapheme_Cluster_Break Extend, ZWJ, SpacingMark).
    private static func extendsGrapheme(_ text: UnsafeBufferPointer<UInt16>, at offset: Int) -> Bool {
        let unit = text[offset]
        var scalar = Unicode.Scalar(unit)
        if UTF16.isLeadSurrogate(unit), offset + 1 < text.count, UTF16.isTrailSurrogate(text[offset + 1]) {
            scalar = UTF16.decode(UTF16.EncodedScalar([unit, text[offset + 1]]))
        }
        guard let scalar else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default:
            return scalar.properties.isGraphemeExtend || scalar.value == 0x200D || scalar.properties.isEmojiModifier
        }
    }

    /// HarfBuzz's glyphs for `range` of `text` (the rest is context), in font units; clusters are
    /// offsets into `text`.
    static func shapeRaw(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, direction: TextDirection,
        script: ShapingScript, language: ShapingLanguage
    ) -> [CachedGlyph] {
        var glyphs: [CachedGlyph] = []
        // (About a glyph a unit: one allocation, not one each time the array doubles.)
        glyphs.reserveCapacity(range.count)
        face.font.shape(text, range: range, direction: direction, script: script, language: language) { glyph in
            glyphs.append(glyph)
        }
        return glyphs
    }

    /// Shapes `range` whole and appends its glyphs to `store` straight from HarfBuzz's buffer.
    private static func shapeWhole(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, direction: TextDirection,
        script: ShapingScript, language: ShapingLanguage, into store: inout GlyphStore
    ) {
        face.font.shape(text, range: range, direction: direction, script: script, language: language, into: &store)
    }

    /// Glyphs in points from font units.
    private static func scaled(_ raw: [CachedGlyph], size: Double, face: FontFace, letterSpacing: Double)
        -> [ShapedGlyph]
    {
        let scale = size / Double(face.unitsPerEm)
        var glyphs = raw.map { ShapedGlyph($0, scale: scale, clusterOffset: 0) }
        if letterSpacing != 0 { space(&glyphs, by: letterSpacing) }
        return glyphs
    }

    /// Adds `letterSpacing` after the last glyph of each cluster (in visual order the cluster's last
    /// glyph is the one before the cluster changes). Negative spacing closes a cluster's advance
    /// down to zero, never below: text never runs backwards, so widths only grow along a line.
    private static func space(_ glyphs: inout [ShapedGlyph], by letterSpacing: Double) {
        var clusterAdvance = 0.0
        for index in glyphs.indices {
            clusterAdvance += glyphs[index].advance
            guard index + 1 == glyphs.count || glyphs[index + 1].cluster != glyphs[index].cluster else { continue }
            glyphs[index].advance += max(letterSpacing, -clusterAdvance)
            clusterAdvance = 0
        }
    }

    /// The advance of glyph `index` of `count` glyphs (visual order, with `cluster` and unspaced
    /// `advance` of each) spaced as ``space(_:by:)`` spaces it, for one glyph read alone: the
    /// cluster's advances summed in the same order, so the result is the same value.
    static func spacedAdvance(
        of index: Int, count: Int, letterSpacing: Double, cluster: (Int) -> Int, advance: (Int) -> Double
    ) -> Double {
        let own = advance(index)
        let current = cluster(index)
        guard index + 1 == count || cluster(index + 1) != current else { return own }
        var first = index
        while first > 0, cluster(first - 1) == current { first -= 1 }
        var clusterAdvance = 0.0
        for member in first...index { clusterAdvance += advance(member) }
        return own + max(letterSpacing, -clusterAdvance)
    }
}
