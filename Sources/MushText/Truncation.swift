extension Paragraph {
    /// The last visible line of a truncated paragraph. Its content is the text from `start` to the
    /// next line break, cut at a grapheme boundary so that the content and the ellipsis fit `limit`
    /// (with no limit: the line as broken, then the ellipsis). `single`: the paragraph shows one
    /// line, so the start and middle modes apply; otherwise the ellipsis ends the line.
    func truncatedLine(from span: Span, limit: Double?, single: Bool) -> LineLayout {
        let start = span.start
        guard style.ellipsize != .none else { return makeLine(span.start, span.end) }
        var contentEnd = start
        while contentEnd < units.count, !Self.isHardBreak(units[contentEnd]) { contentEnd += 1 }
        let (ellipsis, ellipsisWidth) = ellipsisGlyphs(near: max(start, min(span.end, contentEnd) - 1))
        guard let limit else {
            return makeLine(start, visibleEnd(start, span.end), extra: ellipsis, extraWidth: ellipsisWidth,
                            ellipsized: true).withText(suffix: "…")
        }
        let available = limit - ellipsisWidth
        let tolerance = 1e-6
        let mode = single ? style.ellipsize : .end
        let boundaries = graphemes.filter { $0 > start && $0 <= contentEnd }
        switch mode {
        case .start:
            // The longest tail that fits.
            var tailStart = contentEnd
            for boundary in ([start] + boundaries.dropLast()).reversed() {
                guard advance(boundary, contentEnd) <= available + tolerance else { break }
                tailStart = boundary
            }
            return makeLine(tailStart, contentEnd, extra: ellipsis, extraWidth: ellipsisWidth, ellipsized: true,
                            extraFirst: true).withText(prefix: "…")
        case .middle:
            // Half the room for the head, the rest for the tail.
            var headEnd = start
            for boundary in boundaries {
                guard advance(start, boundary) <= available / 2 + tolerance else { break }
                headEnd = boundary
            }
            headEnd = visibleEnd(start, headEnd)
            let room = available - advance(start, headEnd)
            var tailStart = contentEnd
            for boundary in ([start] + boundaries.dropLast()).reversed() where boundary >= headEnd {
                guard advance(boundary, contentEnd) <= room + tolerance else { break }
                tailStart = boundary
            }
            let head = makeLine(start, headEnd, extra: ellipsis, extraWidth: ellipsisWidth, ellipsized: true)
            let tail = makeLine(tailStart, contentEnd)
            var line = head
            line.glyphs += tail.glyphs.map { glyph in
                var moved = glyph
                moved.x += head.width
                return moved
            }
            line.width = head.width + tail.width
            line.text = head.text + "…" + tail.text
            line.range = head.range.lowerBound..<tail.range.upperBound
            line.height = max(head.height, tail.height)
            line.ascent = max(head.ascent, tail.ascent)
            line.descent = max(head.descent, tail.descent)
            return line
        case .end, .none:
            var cut = start
            for boundary in boundaries {
                guard advance(start, visibleEnd(start, boundary)) <= available + tolerance else { break }
                cut = boundary
            }
            cut = visibleEnd(start, cut)
            return makeLine(start, cut, extra: ellipsis, extraWidth: ellipsisWidth, ellipsized: true).withText(suffix: "…")
        }
    }

    /// "…" shaped with the face and size of the text at `offset` (or a face that has it).
    func ellipsisGlyphs(near offset: Int) -> ([PositionedGlyph], Double) {
        let item = items.last { $0.range.lowerBound <= offset } ?? items.first
        let preferred = item?.face ?? emptyLineFace
        let face = fonts.fallback(for: "\u{2026}", preferring: preferred) ?? preferred
        let size = item?.size ?? style.fontSize
        let shaped = Shaper.shape([0x2026], range: 0..<1, face: face, size: size)
        var x = 0.0
        var placed: [PositionedGlyph] = []
        let cluster = scalarOffsets[min(offset, units.count)]
        for glyph in shaped {
            placed.append(PositionedGlyph(glyph: glyph.glyph, face: face, size: size, x: x + glyph.xOffset, y: glyph.yOffset,
                                          cluster: cluster, syntheticBold: item?.synthetic.bold ?? false,
                                          syntheticOblique: item?.synthetic.oblique ?? false))
            x += glyph.advance
        }
        return (placed, x)
    }
}

extension LineLayout {
    func withText(prefix: String = "", suffix: String = "") -> LineLayout {
        var line = self
        line.text = prefix + text + suffix
        return line
    }
}
