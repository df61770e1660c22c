import Foundation
import Mush
import MushLine
import MushRender
import MushText
import Testing

/// Text drawn where the layout put it, in its colours, with its decorations, backgrounds and
/// shadows: PNGs rendered with DejaVu Sans and decoded again.
@Suite struct TextRenderingTests {
    static let black = Pixel(r: 0, g: 0, b: 0)

    /// Left and right text, and a centred two-line middle item (its shorter line moved right by
    /// the centring): every glyph's box has ink, and nothing outside the frames does.
    @Test(arguments: [1.0, 2.0])
    func inkWhereTheLayoutPutGlyphsAndNoneElsewhere(scale: Double) throws {
        var line = MGLine(
            width: 400, height: 50, left: ["Left words"], middle: [.text("Mid\nA middle line", multiline: true)],
            right: ["Right"])
        line.padding = MGLine.Insets(left: 10, right: 10)
        let picture = try renderPNG(line, scale: scale)
        let layout = picture.layout
        let bitmap = picture.bitmap
        let left = try #require(layout.frame(.left, 0))
        let middle = try #require(layout.frame(.middle, 0))
        let right = try #require(layout.frame(.right, 0))
        let middleLines = try #require(layout.items.first { $0.side == .middle }?.text?.layout.lines)
        #expect(middleLines.count == 2 && middleLines[0].x > 5, "the short line is centred")

        var glyphs = 0
        for placed in layout.runs(.left, 0) + layout.runs(.middle, 0) + layout.runs(.right, 0) {
            let scalars = Array(placed.text.unicodeScalars)
            for (index, glyph) in placed.run.glyphs.enumerated() where !scalars[glyph.cluster].properties.isWhitespace {
                let end = index + 1 < placed.run.glyphs.count ? placed.run.glyphs[index + 1].x : placed.run.maxX
                let box = picture.rect(
                    x: placed.originX + glyph.x, y: placed.baseline - placed.line.ascent,
                    width: end - glyph.x, height: placed.line.ascent + placed.line.descent)
                #expect(
                    bitmap.count(in: box) { $0.darkness > 400 } > 0,
                    "no ink for '\(scalars[glyph.cluster])' in \(box)")
                glyphs += 1
            }
        }
        #expect(glyphs == "LeftwordsMidAmiddlelineRight".count)

        // The gaps between the frames, and everything outside them, are the background alone.
        for (before, after) in [(left, middle), (middle, right)] {
            let gap = picture.rect(
                x: before.x + before.width, y: 0, width: after.x - before.x - before.width,
                height: layout.height, inward: true)
            #expect(gap.width >= Int(20 * scale), "the texts leave a gap")
            #expect(bitmap.count(in: gap) { $0 != .white } == 0)
        }
        let stray = bitmap.strayPixels(outside: [left, middle, right].map { picture.rect($0) }, background: .white)
        #expect(stray.isEmpty, "ink outside the frames: \(stray.prefix(5).map { "(\($0.x), \($0.y)) \($0.pixel)" })")
    }

    /// Renders `marker`-decorated "mum" beside a plain "mum", and the same text undecorated:
    /// the decoration is a solid band across its run at the face's position, the plain run gets
    /// none, and nothing else differs between the two pictures.
    func checkDecoration(
        _ marker: String, _ decoration: KeyPath<FontFace, FontFace.Decoration>,
        _ attribute: KeyPath<MushAttributes, Bool>, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let scale = 3.0
        let decorated = try renderPNG(textLine(.text("\(marker)mum\(marker) mum|mush")), scale: scale)
        let plain = try renderPNG(textLine(.text("mum mum|mush")), scale: scale)
        let runs = decorated.layout.runs(.left, 0)
        let marked = try #require(runs.first { $0.run.attributes[keyPath: attribute] }, sourceLocation: sourceLocation)
        let beside = try #require(
            runs.first { !$0.run.attributes[keyPath: attribute] && $0.shown.contains("mum") },
            sourceLocation: sourceLocation)
        #expect(marked.shown == "mum", sourceLocation: sourceLocation)
        // The two layouts place the same glyphs at the same places.
        #expect(
            runs.flatMap { $0.run.glyphs.map(\.x) } == plain.layout.runs(.left, 0).flatMap { $0.run.glyphs.map(\.x) },
            sourceLocation: sourceLocation)

        let band = marked.band(marked.run.face[keyPath: decoration])
        func bandRect(_ placed: PlacedRun, inward: Bool) -> PixelRect {
            decorated.rect(
                x: placed.originX + placed.run.minX, y: band.top, width: placed.run.maxX - placed.run.minX,
                height: band.height, inward: inward)
        }
        let solid = bandRect(marked, inward: true)
        #expect(!solid.isEmpty && solid.height >= 1, sourceLocation: sourceLocation)
        let light = decorated.bitmap.pixels(in: solid).filter { $0.pixel.darkness < 700 }
        #expect(
            light.isEmpty, "gaps in the band \(solid): \(light.prefix(5).map { "(\($0.x), \($0.y))" })",
            sourceLocation: sourceLocation)
        // Only the band changed.
        let touched = bandRect(marked, inward: false)
        let changed = decorated.bitmap.pixels(in: decorated.bitmap.bounds).filter { x, y, pixel in
            pixel != plain.bitmap.pixel(x: x, y: y)
        }
        #expect(!changed.isEmpty, sourceLocation: sourceLocation)
        #expect(
            changed.allSatisfy { touched.contains(x: $0.x, y: $0.y) },
            "changed outside \(touched): \(changed.filter { !touched.contains(x: $0.x, y: $0.y) }.prefix(5).map { "(\($0.x), \($0.y))" })",
            sourceLocation: sourceLocation)
        // The plain run has background in the rows the band covers wholly: all of them under the
        // baseline, between the stems at the strikethrough's height.
        let besideBand = bandRect(beside, inward: true)
        let clear = decorated.bitmap.count(in: besideBand) { $0 == .white }
        if band.top > marked.baseline {
            #expect(clear == besideBand.width * besideBand.height, sourceLocation: sourceLocation)
        } else {
            #expect(clear >= 2 * besideBand.height, sourceLocation: sourceLocation)
        }
    }

    @Test func underlineIsABandUnderTheBaselineAtTheFontsPosition() throws {
        let face = try #require(renderPNG(textLine("mum")).layout.runs(.left, 0).first?.run.face)
        #expect(face.underline.position < 0, "DejaVu's underline is below the baseline")
        try checkDecoration("__", \.underline, \.underline)
    }

    @Test func strikethroughIsABandAtTheFontsPosition() throws {
        let face = try #require(renderPNG(textLine("mum")).layout.runs(.left, 0).first?.run.face)
        #expect(face.strikethrough.position > 0, "DejaVu's strikethrough is above the baseline")
        try checkDecoration("~~", \.strikethrough, \.strikethrough)
    }

    @Test func runsAreDrawnInTheirColoursAndTheLineColourElsewhere() throws {
        var line = textLine(.text("{#e33|red} {#00f|blue} plain|mush"))
        line.textColor = MushColor(hex: "#0a0")!
        let picture = try renderPNG(line, scale: 2)
        let runs = picture.layout.runs(.left, 0)
        for (word, hex) in [("red", "#e33"), ("blue", "#00f"), ("plain", "#0a0")] {
            let placed = try #require(runs.first { $0.shown.trimmingCharacters(in: .whitespaces) == word })
            let rect = picture.rect(placed.span, inward: true)
            let colour = Pixel(hex)
            let strongest = try #require(picture.bitmap.strongest(in: rect))
            #expect(strongest.isNear(colour, within: 8), "\(word): the most inked pixel is \(strongest), not \(colour)")
            let foreign = picture.bitmap.pixels(in: rect).filter { !$0.pixel.isBlend(of: colour) }
            #expect(foreign.isEmpty, "\(word): pixels not of \(hex): \(foreign.prefix(5).map(\.pixel))")
        }
    }

    /// With the shadow offset a whole number of pixels, the shadow is the text's own coverage moved:
    /// where the text (rendered alone) is solid at p, the shadow is solid at p + offset, and where
    /// the text has no ink at either, the background shows.
    @Test(arguments: [1.0, 2.0])
    func textShadowIsTheTextMovedByTheOffsetInTheShadowColour(scale: Double) throws {
        var line = textLine("Shadowed")
        let alone = try renderPNG(line, scale: scale)
        line.textShadowColor = MushColor(hex: "#f0f")!
        line.leftTextShadowOffset = MGLine.Offset(x: 3, y: 4)
        let shadowed = try renderPNG(line, scale: scale)
        let magenta = Pixel("#f0f")
        let dx = Int(3 * scale)
        let dy = Int(4 * scale)
        var shadowPixels = 0
        var wrong: [String] = []
        for (x, y, pixel) in shadowed.bitmap.pixels(in: shadowed.bitmap.bounds)
        where alone.bitmap.pixel(x: x, y: y) == .white {
            let source =
                alone.bitmap.bounds.contains(x: x - dx, y: y - dy) ? alone.bitmap.pixel(x: x - dx, y: y - dy) : .white
            if source == Self.black {
                shadowPixels += 1
                if !pixel.isNear(magenta, within: 2) { wrong.append("(\(x), \(y)) \(pixel) not the shadow") }
            } else if source == .white, pixel != .white {
                wrong.append("(\(x), \(y)) \(pixel) not the background")
            }
        }
        #expect(shadowPixels > Int(15 * scale * scale))
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        // The glyphs themselves are drawn over their shadow: their solid pixels stay black.
        let solid = alone.bitmap.pixels(in: alone.bitmap.bounds).filter { $0.pixel == Self.black }
        #expect(!solid.isEmpty)
        #expect(solid.allSatisfy { shadowed.bitmap.pixel(x: $0.x, y: $0.y) == Self.black })
    }

    /// The marked run is on the shorter, centred, second line of a middle item (moved right by the
    /// centring).
    @Test func aRunBackgroundFillsItsSpanBetweenAscentAndDescent() throws {
        let text = MGLine.Item.text("A much broader first line\n{bg#ff0|marked} plain|mush", multiline: true)
        let picture = try renderPNG(MGLine(width: 300, height: 50, middle: [text]), scale: 2)
        let runs = picture.layout.runs(.middle, 0)
        let placed = try #require(runs.first { $0.run.attributes.backgroundColor != nil })
        #expect(placed.shown == "marked")
        #expect(placed.line.x > 5 && placed.line.y > 5, "on the second line, centred")
        let inside = picture.rect(placed.span, inward: true)
        let yellow = Pixel("#ff0")
        let pixels = picture.bitmap.pixels(in: inside)
        // Yellow, or glyph ink over yellow: never the picture's background.
        #expect(pixels.allSatisfy { $0.pixel != .white && $0.pixel.b < 200 })
        #expect(pixels.count { $0.pixel == yellow } > pixels.count / 2)
        // Just outside the span, on each side, no yellow.
        let touched = picture.rect(placed.span)
        let ring = picture.bitmap.ring(around: touched)
        #expect(ring.count == 2 * (touched.width + touched.height) + 4)
        #expect(ring.allSatisfy { $0.pixel == .white }, "\(ring.filter { $0.pixel != .white }.prefix(5).map(\.pixel))")
        // And the plain run has no background.
        let plain = try #require(runs.first { $0.shown == " plain" })
        #expect(picture.bitmap.count(in: picture.rect(plain.span, inward: true)) { $0 == yellow } == 0)
    }
}
