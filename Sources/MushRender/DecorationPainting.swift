import Foundation
import Mush
import MushText

extension Painter {
    /// Draws `decoration`'s lines along `run` (on a line whose left edge is at `x` and baseline at
    /// `baseline`), in `color` where the decoration sets none: each line at the font's place for
    /// it, in its style, leaving out where glyphs' ink crosses an underline or overline when it
    /// skips ink.
    ///
    /// Geometry, for a line of thickness t (the decoration's, else the font's): an underline's top
    /// edge at the font's underline position moved down by `underlineOffset`; an overline's at the
    /// font's ascent; a line-through's at the font's strikethrough position. `double`: a second
    /// line 2t further from the text (for line-through, the two lines t above and below); `dotted`:
    /// round dots of diameter t every 2t; `dashed`: dashes 3t long, 2t apart; `wavy`: a wave of
    /// period 4t and amplitude t around the line's middle, t wide. Skip-ink: each glyph whose outline
    /// enters the line's band leaves a gap from its leftmost to its rightmost ink there, widened by t
    /// on each side; pieces shorter than t are left out.
    func drawDecoration(
        _ decoration: TextDecoration, run: GlyphRun, x: Double, baseline: Double, color: MushColor
    ) {
        guard !decoration.lines.isEmpty, run.maxX > run.minX else { return }
        let scale = run.size / Double(run.face.unitsPerEm)
        let left = x + run.minX
        let right = x + run.maxX
        setColor(decoration.color ?? color)
        for (_, line) in TextDecoration.Lines.names where decoration.lines.contains(line) {
            let fontLine = line == .lineThrough ? run.face.strikethrough : run.face.underline
            let thickness = decoration.thickness ?? Double(fontLine.thickness) * scale
            guard thickness > 0 else { continue }
            let top: Double
            switch line {
            case .underline: top = baseline - Double(fontLine.position) * scale + decoration.underlineOffset
            case .overline: top = baseline - Double(run.face.ascender) * scale
            default: top = baseline - Double(fontLine.position) * scale
            }
            // The stretches the line shows: all of it, or around the glyphs' ink.
            var pieces = [(left: left, right: right)]
            if decoration.skipInk, line != .lineThrough, !run.glyphs.isEmpty,
                let face = CairoFonts.face(
                    run.face, syntheticBold: run.syntheticBold, syntheticOblique: run.syntheticOblique)
            {
                let inked = context.intercepts(
                    run.glyphs, x: x, baseline: baseline, face: face, size: run.size, variations: run.variations,
                    top: top, bottom: top + thickness)
                for gap in inked {
                    let (gapLeft, gapRight) = (gap.left - thickness, gap.right + thickness)
                    pieces = pieces.flatMap { piece -> [(left: Double, right: Double)] in
                        guard gapRight > piece.left, gapLeft < piece.right else { return [piece] }
                        return [(piece.left, min(gapLeft, piece.right)), (max(gapRight, piece.left), piece.right)]
                    }
                }
                pieces = pieces.filter { $0.right - $0.left >= thickness }
            }
            guard !pieces.isEmpty else { continue }
            // The pattern runs from the run's left edge; each piece shows its part of it.
            let clipped = pieces.count > 1 || pieces[0].left > left || pieces[0].right < right
            if clipped {
                context.save()
                for piece in pieces {
                    context.rectangle(
                        x: piece.left, y: top - 4 * thickness, width: piece.right - piece.left,
                        height: 9 * thickness)
                }
                context.clip()
            }
            drawLine(decoration.style, line: line, left: left, right: right, top: top, thickness: thickness)
            if clipped { context.restore() }
        }
    }

    /// One decoration line in `style`, its top edge at `top`, from `left` to `right`.
    private func drawLine(
        _ style: TextDecoration.Style, line: TextDecoration.Lines, left: Double, right: Double, top: Double,
        thickness t: Double
    ) {
        let width = right - left
        switch style {
        case .solid:
            context.rectangle(x: left, y: top, width: width, height: t)
            context.fill()
        case .double:
            let tops =
                switch line {
                case .underline: [top, top + 2 * t]
                case .overline: [top, top - 2 * t]
                default: [top - t, top + t]
                }
            for y in tops { context.rectangle(x: left, y: y, width: width, height: t) }
            context.fill()
        case .dotted:
            var center = left + t / 2
            while center - t / 2 < right {
                context.circle(x: center, y: top + t / 2, radius: t / 2)
                center += 2 * t
            }
            context.fill()
        case .dashed:
            var start = left
            while start < right {
                context.rectangle(x: start, y: top, width: min(3 * t, right - start), height: t)
                start += 5 * t
            }
            context.fill()
        case .wavy:
            // A sine of period 4t and amplitude t, sampled every eighth of a period.
            let middle = top + t / 2
            let step = t / 2
            context.move(x: left, y: middle)
            var position = left
            while position < right {
                position = min(position + step, right)
                context.line(x: position, y: middle - t * sin((position - left) / (4 * t) * 2 * .pi))
            }
            context.setLineWidth(t)
            context.stroke()
        }
    }
}
