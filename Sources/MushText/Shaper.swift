import CHarfBuzz

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
        let hbScript = script.map { hb_script_from_string($0, Int32($0.utf8.count)) } ?? HB_SCRIPT_INVALID
        let raw = text.withUnsafeBufferPointer { units in
            shapeRaw(units, range: range, face: face, direction: direction, script: hbScript, language: language)
        }
        return scaled(raw, offset: 0, size: size, face: face, letterSpacing: letterSpacing)
    }

    /// Shapes `range` of `text` as ``shape(_:range:face:size:direction:script:language:letterSpacing:)``
    /// does, but word by word through `cache` when the face allows it: a word (its letters and the
    /// spaces after it) seen before is not shaped again. Words are cut at U+0020 only, where the
    /// face neither kerns nor ligates (``FontFace/spaceIsContextFree``), so the glyphs are the same
    /// as shaping the range whole.
    static func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, size: Double,
        direction: TextDirection, script: hb_script_t, language: String?, letterSpacing: Double,
        cache: ShapeCache
    ) -> [ShapedGlyph] {
        guard face.spaceIsContextFree, cache.isEnabled, !range.isEmpty else {
            let raw = shapeRaw(text, range: range, face: face, direction: direction, script: script, language: language)
            return scaled(raw, offset: 0, size: size, face: face, letterSpacing: letterSpacing)
        }
        let properties = UInt64(script.rawValue) << 1 | (direction == .rightToLeft ? 1 : 0)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(range.count)
        let scale = size / Double(face.unitsPerEm)
        func add(_ word: Range<Int>) {
            guard word.count <= ShapeCache.longestWord else {
                let raw = shapeRaw(text, range: word, face: face, direction: direction, script: script, language: language)
                glyphs += scaled(raw, offset: 0, size: size, face: face, letterSpacing: 0)
                return
            }
            let units = UnsafeBufferPointer(rebasing: text[word])
            let key = WordKey(face: ObjectIdentifier(face), properties: properties, language: language, units: units)
            let raw = cache.glyphs(for: key) {
                shapeRaw(units, range: 0..<units.count, face: face, direction: direction, script: script, language: language)
            }
            for glyph in raw {
                glyphs.append(ShapedGlyph(
                    glyph: glyph.glyph, cluster: word.lowerBound + Int(glyph.cluster), advance: Double(glyph.advance) * scale,
                    xOffset: Double(glyph.xOffset) * scale, yOffset: Double(glyph.yOffset) * scale))
            }
        }
        // Words: letters, then the spaces after them; right to left, the last word comes first in
        // visual order.
        if direction == .leftToRight {
            var start = range.lowerBound
            while start < range.upperBound {
                var end = start
                while end < range.upperBound, text[end] != 0x20 { end += 1 }
                while end < range.upperBound, text[end] == 0x20 { end += 1 }
                add(start..<end)
                start = end
            }
        } else {
            var end = range.upperBound
            while end > range.lowerBound {
                var start = end
                while start > range.lowerBound, text[start - 1] == 0x20 { start -= 1 }
                while start > range.lowerBound, text[start - 1] != 0x20 { start -= 1 }
                add(start..<end)
                end = start
            }
        }
        if letterSpacing != 0 { space(&glyphs, by: letterSpacing) }
        return glyphs
    }

    /// HarfBuzz's glyphs for `range` of `text` (the rest is context), in font units; clusters are
    /// offsets into `text`.
    static func shapeRaw(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, direction: TextDirection,
        script: hb_script_t, language: String?
    ) -> [CachedGlyph] {
        shapeRaw(text, range: range, font: face.hbFont, direction: direction, script: script, language: language)
    }

    static func shapeRaw(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: OpaquePointer, direction: TextDirection,
        script: hb_script_t, language: String?
    ) -> [CachedGlyph] {
        guard !range.isEmpty else { return [] }
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, direction == .leftToRight ? HB_DIRECTION_LTR : HB_DIRECTION_RTL)
        if script != HB_SCRIPT_INVALID { hb_buffer_set_script(buffer, script) }
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, Int32(language.utf8.count))) }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        return (0..<Int(count)).map { index in
            let info = infos[index], position = positions[index]
            return CachedGlyph(glyph: info.codepoint, cluster: info.cluster,
                               advance: position.x_advance, xOffset: position.x_offset, yOffset: position.y_offset)
        }
    }

    /// Glyphs in points from font units, clusters moved by `offset`.
    private static func scaled(_ raw: [CachedGlyph], offset: Int, size: Double, face: FontFace,
                               letterSpacing: Double) -> [ShapedGlyph] {
        let scale = size / Double(face.unitsPerEm)
        var glyphs = raw.map { glyph in
            ShapedGlyph(glyph: glyph.glyph, cluster: offset + Int(glyph.cluster), advance: Double(glyph.advance) * scale,
                        xOffset: Double(glyph.xOffset) * scale, yOffset: Double(glyph.yOffset) * scale)
        }
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
}
