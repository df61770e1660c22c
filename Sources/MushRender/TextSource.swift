import MushText

/// A paragraph's text, to tell Cairo which text each glyph shows (its text clusters): a PDF then
/// carries the text, searchable and copyable.
///
/// Glyphs are given to Cairo in visual order, left to right, whatever the run's direction, and
/// Cairo writes them to the PDF in the order it gets them. Text extractors (poppler's
/// `pdftotext`, pdf.js) read a line's characters from left to right and put right-to-left
/// stretches back in reading order themselves, one character at a time. So a right-to-left run's
/// text is given in visual order too: its clusters from the leftmost glyph on, each cluster's
/// characters reversed, which makes the run's text the reverse of what it reads.
///
/// Cairo's other way, clusters "backward" (`CAIRO_TEXT_CLUSTER_FLAG_BACKWARD`), writes a
/// right-to-left run's glyphs in reading order, each to the left of the one before. Extractors
/// take every glyph that goes back to the left as a word of its own and then guess the spaces
/// from the gaps between these one-letter words; the gaps are the rounding of the PDF's glyph
/// offsets (a thousandth of an em either way), so "שלום עולם" came out as "שלום ע ולם". A
/// ligature's letters came out backwards too ("جزيلا" as "جزيال"): the extractor reverses the text
/// of each glyph along with the rest.
enum TextSource {
    /// The run's text and its clusters, both in the glyphs' (visual) order: each cluster a stretch
    /// of text and the glyphs that show it. For a right-to-left run the text is the run's text
    /// reversed, Unicode scalar by scalar. Nil when the glyphs' clusters do not move through the
    /// run's text in one direction (rising left to right, or falling for right-to-left runs),
    /// which Cairo could not take.
    static func clusters(of run: GlyphRun, in paragraph: Paragraph) -> (utf8: [UInt8], clusters: [TextCluster])? {
        let glyphs = run.glyphs
        if run.isEllipsis {
            return (Array("\u{2026}".utf8), [TextCluster(bytes: 3, glyphs: Int32(glyphs.count))])
        }
        if run.isHyphen, !glyphs.isEmpty {
            // The hyphen the line shows (a soft hyphen's text is invisible).
            return (Array("-".utf8), [TextCluster(bytes: 1, glyphs: Int32(glyphs.count))])
        }
        guard !glyphs.isEmpty, !run.range.isEmpty else { return nil }
        // The glyphs sharing a cluster, in visual order: how many, and their cluster.
        var groups: [(count: Int, cluster: Int)] = []
        for glyph in glyphs {
            if let last = groups.last, last.cluster == glyph.cluster {
                groups[groups.count - 1].count += 1
            } else {
                groups.append((1, glyph.cluster))
            }
        }
        // In reading order the clusters rise through the run's text, each to the next one.
        let reading = run.isRightToLeft ? groups.reversed() : groups
        guard reading.first!.cluster >= run.range.lowerBound, reading.last!.cluster < run.range.upperBound,
            zip(reading, reading.dropFirst()).allSatisfy({ $0.cluster < $1.cluster })
        else { return nil }
        let offset = paragraph.shownUTF8Offset(ofScalar:)
        let bytes = paragraph.shownText.utf8
        var utf8: [UInt8] = []
        var clusters: [TextCluster] = []
        for (position, group) in groups.enumerated() {
            // The text up to the cluster after it in reading order: the next group's, or for a
            // right-to-left run the previous one's; the last cluster's text runs to the run's end,
            // and the first one's starts at the run's start.
            let next = run.isRightToLeft ? position - 1 : position + 1
            let end = groups.indices.contains(next) ? groups[next].cluster : run.range.upperBound
            let start = group.cluster == reading.first!.cluster ? run.range.lowerBound : group.cluster
            let lower = bytes.index(bytes.startIndex, offsetBy: offset(start))
            let upper = bytes.index(bytes.startIndex, offsetBy: offset(end))
            var text = Array(bytes[lower..<upper])
            if run.isRightToLeft {
                let scalars = String(decoding: text, as: UTF8.self).unicodeScalars.reversed()
                text = scalars.flatMap { Array(String($0).utf8) }
            }
            clusters.append(TextCluster(bytes: Int32(text.count), glyphs: Int32(group.count)))
            utf8 += text
        }
        return (utf8, clusters)
    }
}
