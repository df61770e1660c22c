import CICU

extension Paragraph {
    /// The glyphs of a laid-out line, in visual order, x from the line's left edge (before the
    /// line's own `x`), y from the baseline. Made on request: measuring does not need them.
    public func glyphs(of line: LineLayout) -> [PositionedGlyph] {
        var placed: [PositionedGlyph] = []
        var x = 0.0
        for (index, piece) in line.pieces.enumerated() {
            switch piece {
            case .text(let range):
                let trailingSpacesFrom = index == line.pieces.count - 1
                    ? visibleEnd(range.lowerBound, range.upperBound) : range.upperBound
                appendGlyphs(range, stretch: line.spaceStretch, stretchBefore: trailingSpacesFrom, x: &x, to: &placed)
            case .ellipsis(let offset):
                let ellipsis = ellipsisGlyphs(near: offset)
                for var glyph in ellipsis.glyphs {
                    glyph.x += x
                    placed.append(glyph)
                }
                x += ellipsis.width
            }
        }
        return placed
    }

    /// The glyphs of `range`, its items in visual order by their bidi levels; `stretch` added after
    /// each space before `stretchBefore` (justification).
    private func appendGlyphs(_ range: Range<Int>, stretch: Double, stretchBefore: Int, x: inout Double,
                              to placed: inout [PositionedGlyph]) {
        guard !range.isEmpty else { return }
        let pieceStart = x
        let pieces = Array(itemIndices(range.lowerBound, range.upperBound))
        var levels = pieces.map { items[$0].level }
        var order = [Int32](repeating: 0, count: pieces.count)
        if !pieces.isEmpty { mush_bidi_reorder(&levels, Int32(levels.count), &order) }
        for visual in order {
            let itemIndex = pieces[Int(visual)]
            let item = items[itemIndex]
            for glyph in glyphs[itemIndex][glyphRange(itemIndex, range.lowerBound, range.upperBound)] {
                if Self.isHardBreak(units[glyph.cluster]) { continue }
                if units[glyph.cluster] == 0x09 {
                    // A tab draws nothing and moves the pen to its stop.
                    x += tabAdvance(glyph.cluster, pieceStart: range.lowerBound, at: pieceStart)
                    continue
                }
                placed.append(PositionedGlyph(
                    glyph: glyph.glyph, face: item.face, size: item.size, x: x + glyph.xOffset, y: glyph.yOffset,
                    cluster: scalarOffsets[glyph.cluster], syntheticBold: item.synthetic.bold,
                    syntheticOblique: item.synthetic.oblique))
                x += glyph.advance
                if stretch > 0, units[glyph.cluster] == 0x20, glyph.cluster < stretchBefore { x += stretch }
            }
        }
    }
}
