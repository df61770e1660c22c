import CICU

/// One step of placing a line's parts from left to right (``Paragraph/place(_:_:)``).
enum PlacedPart {
    /// A glyph of item `item`, in text piece `piece`, drawn with the pen at `pen`, which then moves
    /// by `advance`: the glyph's own advance, plus the justification stretch after a space; a tab's
    /// reaches its stop; a line break takes none.
    case glyph(item: Int, piece: Range<Int>, glyph: ShapedGlyph, pen: Double, advance: Double)
    /// The ellipsis, the line's piece number `index`, from `pen`.
    case ellipsis(index: Int, glyphs: [PositionedGlyph], pen: Double, width: Double)
}

extension Paragraph {
    /// The glyphs of a laid-out line, in visual order, x from the line's left edge (before the
    /// line's own `x`), y from the baseline. Made on request: measuring does not need them.
    public func glyphs(of line: LineLayout) -> [PositionedGlyph] {
        var placed: [PositionedGlyph] = []
        place(line) { part in
            switch part {
            case .glyph(let itemIndex, _, let glyph, let pen, _):
                // Tabs and line breaks draw nothing.
                let unit = units[glyph.cluster]
                guard !Self.isHardBreak(unit), unit != 0x09 else { return }
                let item = items[itemIndex]
                placed.append(PositionedGlyph(
                    glyph: glyph.glyph, face: item.face, size: item.size, x: pen + glyph.xOffset, y: glyph.yOffset,
                    cluster: scalarOffsets[glyph.cluster], syntheticBold: item.synthetic.bold,
                    syntheticOblique: item.synthetic.oblique))
            case .ellipsis(_, let glyphs, let pen, _):
                for var glyph in glyphs {
                    glyph.x += pen
                    placed.append(glyph)
                }
            }
        }
        return placed
    }

    /// Walks `line` as it is drawn, left to right: each text piece's items in visual order by their
    /// bidi levels, glyph by glyph, and the ellipsis. Drawing (``glyphs(of:)``) and carets
    /// (``caretCells(of:)``) both place the line through this, so they agree.
    func place(_ line: LineLayout, _ visit: (PlacedPart) -> Void) {
        var x = 0.0
        for (index, piece) in line.pieces.enumerated() {
            switch piece {
            case .text(let range):
                guard !range.isEmpty else { continue }
                // Justification stretches inner spaces only: trailing spaces of the line hang.
                let stretchBefore = index == line.pieces.count - 1
                    ? visibleEnd(range.lowerBound, range.upperBound) : range.upperBound
                let pieceStart = x
                let pieces = Array(itemIndices(range.lowerBound, range.upperBound))
                var levels = pieces.map { items[$0].level }
                var order = [Int32](repeating: 0, count: pieces.count)
                if !pieces.isEmpty { mush_bidi_reorder(&levels, Int32(levels.count), &order) }
                for visual in order {
                    let itemIndex = pieces[Int(visual)]
                    for glyph in glyphs[itemIndex][glyphRange(itemIndex, range.lowerBound, range.upperBound)] {
                        let unit = units[glyph.cluster]
                        var advance = glyph.advance
                        if Self.isHardBreak(unit) {
                            advance = 0
                        } else if unit == 0x09 {
                            advance = tabAdvance(glyph.cluster, pieceStart: range.lowerBound, at: pieceStart)
                        } else if line.spaceStretch > 0, unit == 0x20, glyph.cluster < stretchBefore {
                            advance += line.spaceStretch
                        }
                        visit(.glyph(item: itemIndex, piece: range, glyph: glyph, pen: x, advance: advance))
                        x += advance
                    }
                }
            case .ellipsis(let near):
                let ellipsis = ellipsisGlyphs(near: near)
                visit(.ellipsis(index: index, glyphs: ellipsis.glyphs, pen: x, width: ellipsis.width))
                x += ellipsis.width
            }
        }
    }
}
