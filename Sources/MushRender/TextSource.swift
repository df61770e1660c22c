import CCairo
import MushText

/// A paragraph's text, to tell Cairo which text each glyph shows (its text clusters): a PDF then
/// carries the text, searchable and copyable.
enum TextSource {
    /// The run's text and its clusters: each a stretch of text and the glyphs that show it, in the
    /// text's order (for right-to-left runs, from the last glyph back, Cairo's "backward"). Nil when
    /// the glyphs' clusters do not rise through the run's text, which Cairo could not take.
    static func clusters(of run: GlyphRun, in paragraph: Paragraph) -> (utf8: [UInt8], clusters: [cairo_text_cluster_t])? {
        let glyphs = run.glyphs
        if run.isEllipsis {
            return (Array("\u{2026}".utf8), [cairo_text_cluster_t(num_bytes: 3, num_glyphs: Int32(glyphs.count))])
        }
        guard !glyphs.isEmpty, !run.range.isEmpty else { return nil }
        let offset = paragraph.utf8Offset(ofScalar:)
        let order = run.isRightToLeft ? Array(glyphs.indices.reversed()) : Array(glyphs.indices)
        var clusters: [cairo_text_cluster_t] = []
        var start = run.range.lowerBound
        var first = 0
        while first < order.count {
            let cluster = glyphs[order[first]].cluster
            guard first == 0 || cluster == start else { return nil }
            var last = first
            while last < order.count, glyphs[order[last]].cluster == cluster { last += 1 }
            let next = last < order.count ? glyphs[order[last]].cluster : run.range.upperBound
            guard next > cluster, next <= run.range.upperBound, cluster >= start else { return nil }
            clusters.append(cairo_text_cluster_t(num_bytes: Int32(offset(next) - offset(start)),
                                                 num_glyphs: Int32(last - first)))
            start = next
            first = last
        }
        let utf8 = paragraph.text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: offset(run.range.lowerBound))
        let upper = utf8.index(utf8.startIndex, offsetBy: offset(run.range.upperBound))
        return (Array(utf8[lower..<upper]), clusters)
    }
}
