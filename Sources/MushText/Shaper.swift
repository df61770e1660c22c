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
    /// cluster; a negative spacing reduces a cluster's advance to zero at most. Glyphs come in visual order (right to left runs reversed), as HarfBuzz gives them.
    public static func shape(
        _ text: [UInt16], range: Range<Int>, face: FontFace, size: Double,
        direction: TextDirection = .leftToRight, script: String? = nil, language: String? = nil,
        letterSpacing: Double = 0
    ) -> [ShapedGlyph] {
        guard !range.isEmpty else { return [] }
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        text.withUnsafeBufferPointer { units in
            hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, direction == .leftToRight ? HB_DIRECTION_LTR : HB_DIRECTION_RTL)
        if let script { hb_buffer_set_script(buffer, hb_script_from_string(script, Int32(script.utf8.count))) }
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, Int32(language.utf8.count))) }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.hbFont, buffer, nil, 0)

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let scale = size / Double(face.unitsPerEm)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let info = infos[index], position = positions[index]
            glyphs.append(ShapedGlyph(
                glyph: info.codepoint, cluster: Int(info.cluster),
                advance: Double(position.x_advance) * scale,
                xOffset: Double(position.x_offset) * scale, yOffset: Double(position.y_offset) * scale))
        }
        if letterSpacing != 0 {
            // After the last glyph of each cluster (in visual order the cluster's last glyph is the
            // one before the cluster changes). Negative spacing closes a cluster's advance down to
            // zero, never below: text never runs backwards, so widths only grow along a line.
            var clusterAdvance = 0.0
            for index in glyphs.indices {
                clusterAdvance += glyphs[index].advance
                guard index + 1 == glyphs.count || glyphs[index + 1].cluster != glyphs[index].cluster else { continue }
                glyphs[index].advance += max(letterSpacing, -clusterAdvance)
                clusterAdvance = 0
            }
        }
        return glyphs
    }
}
