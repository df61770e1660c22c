import CICU
import Mush

/// One step of placing a line's parts from left to right (``Paragraph/place(_:_:)``).
enum PlacedPart {
    /// A glyph of item `item`, in text piece `piece`, drawn with the pen at `pen`, which then moves
    /// by `advance`: the glyph's own advance, plus the justification stretch after a space; a tab's
    /// reaches its stop; a line break takes none.
    case glyph(item: Int, piece: Range<Int>, glyph: ShapedGlyph, pen: Double, advance: Double)
    /// The ellipsis, the line's piece number `index`, from `pen`, styled like the text at UTF-16
    /// offset `near`.
    case ellipsis(index: Int, near: Int, glyphs: [PositionedGlyph], pen: Double, width: Double)
    /// The hyphen of a line that breaks at a hyphen break at UTF-16 offset `at`, the line's piece
    /// number `index`, from `pen`.
    case hyphen(index: Int, at: Int, glyphs: [PositionedGlyph], pen: Double, width: Double)
}

/// A stretch of a line drawn with one face, size and set of Mush attributes: what a renderer
/// draws in one call, with its background and its underline or strikethrough.
public struct GlyphRun: Sendable {
    /// The glyphs, left to right, x from the line's left edge, y from the baseline (up).
    public var glyphs: [PositionedGlyph]
    /// The face the glyphs are from (the same for every glyph of the run).
    public var face: FontFace
    /// The font size, in points.
    public var size: Double
    /// Styles the face lacks, to be synthesised when drawing.
    public var syntheticBold: Bool
    public var syntheticOblique: Bool
    /// The attributes of the Mush run the text comes from: colour, background colour, underline,
    /// strikethrough (unset colours are the renderer's to choose).
    public var attributes: MushAttributes
    /// The pen's left and right positions around the run's glyphs, from the line's left edge: a
    /// background or an underline spans `minX..<maxX`.
    public var minX: Double
    public var maxX: Double
    /// The text the run shows, as Unicode-scalar offsets in the paragraph's text; empty for an
    /// ellipsis (which shows "…" in place of the text at the offset).
    public var range: Range<Int>
    /// The run's text reads right to left (its glyphs are in visual order, so their clusters fall).
    public var isRightToLeft: Bool
    /// The run is the ellipsis of a shortened line.
    public var isEllipsis: Bool
    /// The run is the hyphen of a line broken at a soft hyphen or a hyphenation point (``range``
    /// is empty, at the break).
    public var isHyphen = false
    /// A variable face's design coordinates the glyphs are drawn at (`wght` …; empty for the
    /// face's default instance), as they were shaped.
    public var variations: [String: Double] = [:]
}

extension Paragraph {
    /// The glyphs of a laid-out line, in visual order, x from the line's left edge (before the
    /// line's own `x`), y from the baseline. Made on request: measuring does not need them.
    public func glyphs(of line: LineLayout) -> [PositionedGlyph] {
        runs(of: line).flatMap(\.glyphs)
    }

    /// The runs of a laid-out line, left to right: one for each stretch of one item (one face, size,
    /// bidi level and Mush run) and one for the ellipsis. Tabs and line breaks draw no glyph, but a
    /// tab's advance belongs to its run. Spaces that hang past the line's end are left out; they take
    /// no room wherever bidi puts them (at the left of a right-to-left line), so the runs span exactly
    /// the line's `width`, and carets agree (both place the line the same way).
    public func runs(of line: LineLayout) -> [GlyphRun] {
        var runs: [GlyphRun] = []
        // Hanging spaces are those past the visible end of the line's last piece.
        var hangStart = Int.max
        if case .text(let range) = line.pieces.last { hangStart = visibleEnd(range.lowerBound, range.upperBound) }
        var current: (item: Int, piece: Range<Int>)?
        place(line) { part in
            switch part {
            case .glyph(let itemIndex, let piece, let glyph, let pen, let advance):
                let unit = units[glyph.cluster]
                if glyph.cluster >= hangStart {
                    current = nil
                    return
                }
                let item = items[itemIndex]
                // An object draws no glyph (its frame is ``objectFrames(in:)``'s).
                guard item.object < 0 else {
                    current = nil
                    return
                }
                if current?.item != itemIndex || current?.piece != piece {
                    current = (itemIndex, piece)
                    let start = max(item.range.lowerBound, piece.lowerBound)
                    let end = min(item.range.upperBound, piece.upperBound, hangStart)
                    runs.append(
                        GlyphRun(
                            glyphs: [], face: item.face, size: item.size, syntheticBold: item.synthetic.bold,
                            syntheticOblique: item.synthetic.oblique,
                            attributes: attributes(of: item), minX: pen, maxX: pen,
                            range: scalarOffsets[start]..<scalarOffsets[max(start, end)],
                            isRightToLeft: item.direction == .rightToLeft, isEllipsis: false,
                            variations: variations(of: item, drawnWith: item.face)))
                }
                runs[runs.count - 1].maxX = pen + advance
                // Tabs and line breaks draw nothing.
                guard !Self.isHardBreak(unit), unit != 0x09 else { return }
                runs[runs.count - 1].glyphs.append(
                    PositionedGlyph(
                        glyph: glyph.glyph, face: item.face, size: item.size, x: pen + glyph.xOffset, y: glyph.yOffset,
                        cluster: scalarOffsets[glyph.cluster], syntheticBold: item.synthetic.bold,
                        syntheticOblique: item.synthetic.oblique))
            case .ellipsis(_, let near, let glyphs, let pen, let width):
                current = nil
                let first = glyphs.first
                let cluster = scalarOffsets[min(near, units.count)]
                runs.append(
                    GlyphRun(
                        glyphs: Self.moved(glyphs, by: pen),
                        face: first?.face ?? emptyLineFace, size: first?.size ?? style.fontSize,
                        syntheticBold: first?.syntheticBold ?? false,
                        syntheticOblique: first?.syntheticOblique ?? false,
                        attributes: ellipsisItem(near: near).map(attributes(of:)) ?? .plain,
                        minX: pen, maxX: pen + width, range: cluster..<cluster, isRightToLeft: false, isEllipsis: true,
                        variations: ellipsisItem(near: near).map { variations(of: $0, drawnWith: first?.face) } ?? [:]))
            case .hyphen(_, let at, let glyphs, let pen, let width):
                current = nil
                guard let first = glyphs.first, let item = itemIndices(at - 1, at).first.map({ items[$0] }) else {
                    return
                }
                let cluster = scalarOffsets[at]
                runs.append(
                    GlyphRun(
                        glyphs: Self.moved(glyphs, by: pen),
                        face: first.face, size: first.size, syntheticBold: first.syntheticBold,
                        syntheticOblique: first.syntheticOblique, attributes: attributes(of: item), minX: pen,
                        maxX: pen + width, range: cluster..<cluster, isRightToLeft: false, isEllipsis: false,
                        isHyphen: true,
                        variations: variations(of: item, drawnWith: first.face)))
            }
        }
        return runs
    }

    /// `glyphs` (x from their own pen) moved right by `pen`.
    private static func moved(_ glyphs: [PositionedGlyph], by pen: Double) -> [PositionedGlyph] {
        glyphs.map {
            var glyph = $0
            glyph.x += pen
            return glyph
        }
    }

    /// The design coordinates `face` draws text of `item` at: the item's, where `face` is its own
    /// (a fallback face, as an ellipsis or hyphen may take, is drawn at its default).
    private func variations(of item: TextItem, drawnWith face: FontFace?) -> [String: Double] {
        face === item.face ? (features(of: item)?.coordinates ?? [:]) : [:]
    }

    /// The attributes of the Mush run an item comes from, with the paragraph's decoration where the
    /// run sets none.
    private func attributes(of item: TextItem) -> MushAttributes {
        var attributes = runAttributes.indices.contains(item.run) ? runAttributes[item.run] : .plain
        if attributes.textDecoration == nil, let typography = style.customTypography {
            attributes.textDecoration = typography.settings.textDecoration
        }
        return attributes
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
                // Trailing spaces of the line hang: they take no room (wherever bidi puts them, at
                // the left of a right-to-left line too), and justification stretches inner spaces only.
                let hangFrom =
                    index == line.pieces.count - 1
                    ? visibleEnd(range.lowerBound, range.upperBound) : range.upperBound
                let pieceStart = x
                // The last cluster before the line's end without kerning to the next line.
                let correction = index == line.pieces.count - 1 ? endCorrection(hangFrom, from: range.lowerBound) : 0
                var corrected = correction == 0
                // Before the line's hyphen, the last cluster as shaped with it; at a line's start
                // inside a cluster shaped across the break, the rest of that cluster shaped alone.
                var head: HyphenGlyphs?
                if index + 1 < line.pieces.count, case .hyphen(let offset) = line.pieces[index + 1],
                    offset == range.upperBound
                {
                    let hyphen = hyphenGlyphs(at: offset)
                    if !hyphen.head.isEmpty { head = hyphen }
                }
                let start = index == 0 ? startGlyphs(range.lowerBound) : nil
                let pieces = Array(itemIndices(range.lowerBound, range.upperBound))
                var levels = pieces.map { items[$0].level }
                var order = [Int32](repeating: 0, count: pieces.count)
                if !pieces.isEmpty { mush_bidi_reorder(&levels, Int32(levels.count), &order) }
                for visual in order {
                    let itemIndex = pieces[Int(visual)]
                    let item = items[itemIndex]
                    let scale = GlyphStore.scale(of: item)
                    if let start, item.range.contains(range.lowerBound) {
                        for glyph in start.glyphs {
                            visit(.glyph(item: itemIndex, piece: range, glyph: glyph, pen: x, advance: glyph.advance))
                            x += glyph.advance
                        }
                    }
                    let headHere = head.map { item.range.contains($0.headStart) } ?? false
                    let glyphEnd = headHere ? max(range.lowerBound, head!.headStart) : range.upperBound
                    for glyphIndex in glyphRange(itemIndex, range.lowerBound, glyphEnd) {
                        let glyph = glyphs.shapedGlyph(glyphIndex, in: item, scale: scale)
                        let unit = units[glyph.cluster]
                        var advance = glyph.advance
                        if item.object >= 0 {
                            advance = objects[Int(item.object)].width
                        } else if Self.isHardBreak(unit) || glyph.cluster >= hangFrom {
                            advance = 0
                        } else if unit == 0x09 {
                            advance = tabAdvance(glyph.cluster, pieceStart: range.lowerBound, at: pieceStart)
                        } else {
                            if wordSpacing != 0, Self.isWordSeparator(unit) { advance += wordSpacing }
                            if line.spaceStretch > 0, unit == 0x20 { advance += line.spaceStretch }
                        }
                        if !corrected, glyph.cluster < hangFrom, glyphs.isLastOfCluster(glyphIndex, before: hangFrom) {
                            advance += correction
                            corrected = true
                        }
                        visit(.glyph(item: itemIndex, piece: range, glyph: glyph, pen: x, advance: advance))
                        x += advance
                    }
                    if headHere, let head {
                        for glyph in head.head {
                            visit(.glyph(item: itemIndex, piece: range, glyph: glyph, pen: x, advance: glyph.advance))
                            x += glyph.advance
                        }
                    }
                }
            case .ellipsis(let near):
                let ellipsis = ellipsisGlyphs(near: near)
                visit(.ellipsis(index: index, near: near, glyphs: ellipsis.glyphs, pen: x, width: ellipsis.width))
                x += ellipsis.width
            case .hyphen(let offset):
                let hyphen = hyphenGlyphs(at: offset)
                visit(.hyphen(index: index, at: offset, glyphs: hyphen.glyphs, pen: x, width: hyphen.width))
                x += hyphen.width
            }
        }
    }
}
