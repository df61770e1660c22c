extension Paragraph {
    /// The last visible line of a truncated paragraph. Its content is the text from `start` to the
    /// next line break, cut at a grapheme boundary so that the content and the ellipsis fit `limit`
    /// (with no limit: the line as broken, then the ellipsis). `single`: the paragraph shows one
    /// line, so the start and middle modes apply; otherwise the ellipsis ends the line.
    func truncatedLine(from span: Span, limit: Double?, single: Bool, overflowing: Bool = false) -> LineLayout {
        let start = span.start
        guard style.ellipsize != .none || overflowing else { return makeLine(span.start, span.end) }
        var contentEnd = start
        while contentEnd < units.count, !Self.isHardBreak(units[contentEnd]) { contentEnd += 1 }
        // A line cut because it overflows stands for its own text only: the next lines follow.
        if overflowing { contentEnd = min(contentEnd, span.end) }
        let near = max(start, min(span.end, contentEnd) - 1)
        guard let limit else {
            return composeLine([.text(start..<visibleEnd(start, span.end)), .ellipsis(near: near)])
        }
        let available = limit - ellipsisGlyphs(near: near).width
        let tolerance = 1e-6
        let mode = single ? style.ellipsize : .end
        // The grapheme boundaries in start<..contentEnd, found by binary search: a paragraph whose
        // every line is cut (text-overflow) must not scan all its graphemes for each line.
        let boundaries = graphemes[
            Self.firstIndex(in: graphemes, after: start)..<Self.firstIndex(in: graphemes, after: contentEnd)]
        /// The earliest boundary from which the rest of the content fits `room`.
        func tail(from earliest: Int, room: Double) -> Int {
            var tailStart = contentEnd
            // `start`, then every boundary but the last, from the last of them back.
            let last = max(boundaries.startIndex, boundaries.endIndex - 1)
            for index in (boundaries.startIndex - 1..<last).reversed() {
                let boundary = index < boundaries.startIndex ? start : boundaries[index]
                guard boundary >= earliest else { continue }
                guard advance(boundary, visibleEnd(boundary, contentEnd)) <= room + tolerance else { break }
                tailStart = boundary
            }
            return tailStart
        }
        /// The furthest boundary up to which the content fits `room`, trailing spaces left out.
        func head(room: Double) -> Int {
            var cut = start
            for boundary in boundaries {
                guard advance(start, visibleEnd(start, boundary)) <= room + tolerance else { break }
                cut = boundary
            }
            return visibleEnd(start, cut)
        }
        switch mode {
        case .start:
            return composeLine([.ellipsis(near: near), .text(tail(from: start, room: available)..<contentEnd)])
        case .middle:
            // Half the room for the head, the rest for the tail.
            let headEnd = head(room: available / 2)
            let tailStart = tail(from: headEnd, room: available - advance(start, headEnd))
            return composeLine([.text(start..<headEnd), .ellipsis(near: near), .text(tailStart..<contentEnd)])
        case .end, .none:
            return composeLine([.text(start..<head(room: available)), .ellipsis(near: near)])
        }
    }

    /// The item whose face, size and style the ellipsis standing for the text at `offset` takes.
    func ellipsisItem(near offset: Int) -> TextItem? {
        items.last { $0.range.lowerBound <= offset } ?? items.first
    }

    /// "…" shaped with the face and size of the text at `offset` (or a face that has it).
    func ellipsisGlyphs(near offset: Int) -> (glyphs: [PositionedGlyph], width: Double) {
        let item = ellipsisItem(near: offset)
        let preferred = item?.face ?? emptyLineFace
        let face = fonts.fallback(for: "\u{2026}", preferring: preferred) ?? preferred
        let size = item?.size ?? style.fontSize
        var x = 0.0
        var placed: [PositionedGlyph] = []
        let cluster = scalarOffsets[min(offset, units.count)]
        if let item, face === item.face, let features = features(of: item) {
            // In the text's face: with its OpenType features and design coordinates.
            let scale = size / Double(face.unitsPerEm)
            let ellipsis: [UInt16] = [0x2026]
            ellipsis.withUnsafeBufferPointer { buffer in
                face.font.shape(
                    buffer, range: 0..<1, direction: .leftToRight, script: item.script,
                    language: item.shapingLanguage(locale: shapingLocale), features: features
                ) { glyph in
                    placed.append(
                        PositionedGlyph(
                            glyph: glyph.glyph, face: face, size: size, x: x + Double(glyph.xOffset) * scale,
                            y: Double(glyph.yOffset) * scale, cluster: cluster, syntheticBold: item.synthetic.bold,
                            syntheticOblique: item.synthetic.oblique))
                    x += Double(glyph.advance) * scale
                }
            }
            return (placed, x)
        }
        let shaped = Shaper.shape([0x2026], range: 0..<1, face: face, size: size)
        for glyph in shaped {
            placed.append(
                PositionedGlyph(
                    glyph: glyph.glyph, face: face, size: size, x: x + glyph.xOffset, y: glyph.yOffset,
                    cluster: cluster, syntheticBold: item?.synthetic.bold ?? false,
                    syntheticOblique: item?.synthetic.oblique ?? false))
            x += glyph.advance
        }
        return (placed, x)
    }
}
