import Foundation
import Mush
import MushLine
import MushText

extension Painter {
    /// Draws a laid-out paragraph whose top-left corner is at (`x`, `y`): run backgrounds, then the
    /// shadow (the text again in one colour, moved by its offset, softened over `blur` points),
    /// then the glyphs with their
    /// underlines and strikethroughs. Each line's glyphs come from its own paragraph
    /// (`line.paragraph.runs(of: line)`). Text that sets no colour is drawn in `color`. `location`
    /// names the item in a warning.
    func drawText(
        _ layout: ParagraphLayout, x: Double, y: Double, color: MushColor, shadow: MGLineLayout.Shadow?,
        blur: Double = 0, location: RenderWarning.Location
    ) {
        let lines = layout.lines.map { line in (line: line, runs: line.paragraph.runs(of: line)) }
        // A background spans its run's advance, from the line's ascent to its descent.
        var backgrounds = ColorGroups()
        for (line, runs) in lines {
            for run in runs {
                guard let background = run.attributes.backgroundColor else { continue }
                backgrounds.add(
                    Rect(
                        x: x + line.x + run.minX, y: y + line.baseline - line.ascent,
                        width: run.maxX - run.minX, height: line.ascent + line.descent), background)
            }
        }
        fill(backgrounds)
        if let shadow {
            // A blurred shadow: the ink again at points of three rings around the offset (and at the
            // offset), each copy faint enough that where all of them overlap the shadow shows at its
            // colour's alpha: a soft edge about `blur` wide, in plain glyphs (the same in PNG, SVG
            // and PDF).
            let rings = blur > 0 ? 3 : 0
            var offsets = [(0.0, 0.0)]
            for ring in stride(from: 1, through: rings, by: 1) {
                let radius = blur * Double(ring) / Double(rings)
                for step in 0..<8 {
                    let angle = Double(step) * .pi / 4 + Double(ring) * .pi / 12
                    offsets.append((radius * cos(angle), radius * sin(angle)))
                }
            }
            var copyColor = shadow.color
            if offsets.count > 1 {
                let alpha = Double(shadow.color.alpha) / 255
                let each = 1 - pow(1 - min(alpha, 0.999), 1 / Double(offsets.count))
                copyColor.alpha = UInt8(max(1, (each * 255).rounded()))
            }
            for (dx, dy) in offsets {
                context.save()
                context.translate(x: shadow.offset.x + dx, y: shadow.offset.y + dy)
                drawInk(lines, x: x, y: y, color: color, override: copyColor, location: location)
                context.restore()
            }
        }
        drawInk(lines, x: x, y: y, color: color, override: nil, location: location)
        addLinks(layout, x: x, y: y, location: location)
        if canvas.format == .svg {
            for (line, runs) in lines {
                guard let first = runs.first(where: { !$0.glyphs.isEmpty }) else { continue }
                var shown = Substring(line.text)
                while let last = shown.last, last.isWhitespace { shown.removeLast() }
                guard !shown.isEmpty else { continue }
                // A line wholly outside a clip shows nothing: it is not text of the picture (a
                // page's neighbours, say).
                let (top, left) = (y + line.y, x + line.x)
                guard
                    !boxClips.contains(where: {
                        top + line.height <= $0.y || top >= $0.y + $0.height || left + line.width <= $0.x
                            || left >= $0.x + $0.width
                    })
                else { continue }
                textLines.append(
                    SVGTextLayer.Line(
                        text: String(shown), x: x + line.x, baseline: y + line.baseline, width: line.width,
                        fontFamily: first.face.family, fontSize: first.size,
                        language: line.paragraph.style.locale))
            }
        }
    }

    /// The glyphs and decorations of every run, in each run's colour or all in `override`.
    private func drawInk(
        _ lines: [(line: LineLayout, runs: [GlyphRun])], x: Double, y: Double, color: MushColor,
        override: MushColor?, location: RenderWarning.Location
    ) {
        var decorations = ColorGroups()
        for (line, runs) in lines {
            let baseline = y + line.baseline
            // Only a PDF keeps which text each glyph shows.
            let source = canvas.format == .pdf ? line.paragraph : nil
            for run in runs {
                let runColor = override ?? run.attributes.color ?? color
                let scale = run.size / Double(run.face.unitsPerEm)
                for (on, decoration) in [
                    (run.attributes.underline, run.face.underline),
                    (run.attributes.strikethrough, run.face.strikethrough),
                ] where on {
                    decorations.add(
                        Rect(
                            x: x + line.x + run.minX, y: baseline - Double(decoration.position) * scale,
                            width: run.maxX - run.minX, height: Double(decoration.thickness) * scale),
                        runColor)
                }
                drawGlyphs(run, x: x + line.x, baseline: baseline, source: source, color: runColor, location: location)
                if let decoration = run.attributes.textDecoration {
                    drawDecoration(
                        decoration, run: run, x: x + line.x, baseline: baseline,
                        color: override ?? decoration.color ?? runColor)
                }
            }
        }
        fill(decorations)
    }

    /// One run's glyphs, with the text they show where the clusters allow (PDF keeps it).
    private func drawGlyphs(
        _ run: GlyphRun, x: Double, baseline: Double, source: Paragraph?, color: MushColor,
        location: RenderWarning.Location
    ) {
        guard !run.glyphs.isEmpty, failure == nil else { return }
        guard run.size * options.scale <= Canvas.maximumPixelsPerEm else {
            failure = .fontTooLarge(size: run.size, scale: options.scale, format: canvas.format)
            return
        }
        guard
            let face = CairoFonts.face(
                run.face, syntheticBold: run.syntheticBold,
                syntheticOblique: run.syntheticOblique)
        else {
            if unopenedFonts.insert(run.face.path).inserted {
                warn(.fontNotOpened(index: run.face.index), file: run.face.path, at: location)
            }
            return
        }
        setColor(color)
        // Cairo 1.16 embeds a variable face's default outlines in a PDF, whatever coordinates its
        // glyphs were shaped at: those runs are drawn as their outlines there (their text is then
        // not searchable). PNG and SVG draw the outlines at the run's coordinates anyway.
        let asOutlines = canvas.format == .pdf && !run.variations.isEmpty
        // Forward clusters in both directions: see TextSource for why not backward ones.
        let text = asOutlines ? nil : source.flatMap { TextSource.clusters(of: run, in: $0) }
        context.showGlyphs(
            run.glyphs, x: x, baseline: baseline, face: face, size: run.size, variations: run.variations,
            asOutlines: asOutlines, text: text)
    }
}
