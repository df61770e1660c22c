import Mush
import Testing

@testable import MushText

/// Inline objects (``InlineObject``): breaking around them, line heights, alignment, truncation,
/// right-to-left text and hit testing, with DejaVu Sans 16 (ascent 1901, descent 483, x-height
/// 1120 of 2048 units).
@Suite struct InlineObjectTests {
    static let ascent = 1901.0 / 2048 * 16
    static let descent = 483.0 / 2048 * 16
    static let xHeight = 1120.0 / 2048 * 16

    func paragraph(_ text: String, _ objects: [InlineObject], style: ParagraphStyle = ParagraphStyle())
        throws(TextError) -> Paragraph
    {
        try Paragraph(MushDocument(text: text, attributes: .plain), style: style, objects: objects, fonts: .shipped)
    }

    /// The advance of `text` set alone in DejaVu Sans 16, spaces at its end included.
    func advance(_ text: String) throws -> Double {
        let alone = try Paragraph(MushDocument(text: text, attributes: .plain), fonts: .shipped)
        return alone.advance(0, alone.units.count)
    }

    @Test func anObjectTakesItsWidthAndBreaksLikeAWord() throws {
        let text = "Hello \u{FFFC} world \u{FFFC}."
        let p = try paragraph(
            text,
            [InlineObject(offset: 6, width: 20, height: 30), InlineObject(offset: 14, width: 10, height: 10)])
        #expect(p.warnings.isEmpty)
        let hello = try advance("Hello ")
        let one = p.layout()
        #expect(one.lines.count == 1)
        // The 30-point object stands on the baseline: the line's ascent is its height.
        #expect(one.lines[0].baseline == 30)
        #expect(one.height == 30 + Self.descent)
        #expect(one.lines[0].width == hello + 20 + (try advance(" world ")) + 10 + (try advance(".")))
        #expect(
            p.objectFrames(in: one) == [
                InlineObjectFrame(index: 0, line: 0, x: hello, y: 0, width: 20, height: 30),
                InlineObjectFrame(
                    index: 1, line: 0, x: hello + 20 + (try advance(" world ")), y: 20, width: 10, height: 10),
            ])
        // At 60 points each piece is a line; the second object keeps the period after it (UAX #14
        // forbids a break before closing punctuation), and only the line with the tall object grows.
        let narrow = p.layout(width: 60)
        #expect(narrow.lines.map(\.range) == [0..<6, 6..<8, 8..<14, 14..<16])
        #expect(narrow.lines.map(\.height) == [lineHeight, 30 + Self.descent, lineHeight, lineHeight])
        #expect(narrow.lines[1].baseline == lineHeight + 30)
        let frames = p.objectFrames(in: narrow)
        #expect(frames.map(\.line) == [1, 3])
        #expect(frames.map(\.x) == [0, 0])
        #expect(frames[1].y == narrow.lines[3].baseline - 10)
        // The min-content width is the widest unbreakable piece: "world" (its space hangs).
        #expect(p.minContentWidth() == (try advance("world")))
        #expect(one.lines[0].text == text)
    }

    @Test func verticalAlignmentsPlaceTheObjectFromTheTextsFont() throws {
        func frame(_ alignment: InlineObject.Alignment, baseline: Double? = nil) throws -> (
            InlineObjectFrame, LineLayout
        ) {
            let p = try paragraph(
                "ab \u{FFFC} cd",
                [InlineObject(offset: 3, width: 8, height: 6, baseline: baseline, verticalAlign: alignment)])
            let layout = p.layout()
            return (p.objectFrames(in: layout)[0], layout.lines[0])
        }
        // A 6-point object fits inside the text's line in every alignment but the raised ones.
        let (base, line) = try frame(.baseline)
        #expect(line.height == lineHeight)
        #expect(base.y == Self.ascent - 6)
        #expect(try frame(.baseline, baseline: 4).0.y == Self.ascent - 4)
        #expect(try frame(.middle).0.y == Self.ascent - Self.xHeight / 2 - 3)
        #expect(try frame(.textTop).0.y == 0)
        #expect(try frame(.textBottom).0.y == lineHeight - 6)
        #expect(try frame(.top).0.y == 0)
        #expect(try frame(.bottom).0.y == lineHeight - 6)
        // Sub lowers its baseline by 16 / 5 + 1 points, super raises it by 16 / 3 + 1.
        #expect(try frame(.sub).0.y == Self.ascent - 6 + 16.0 / 5 + 1)
        let (raised, raisedLine) = try frame(.super)
        // Raised 6.33 points, its top (12.33 above the baseline) is still under the ascent.
        #expect(abs(raised.y - (Self.ascent - 6 - (16.0 / 3 + 1))) < 1e-12)
        #expect(raisedLine.height == lineHeight)
        // Raised by 20 points, it makes the line taller above the baseline.
        let (high, highLine) = try frame(.raised(20))
        #expect(highLine.baseline == 26)
        #expect(highLine.height == 26 + Self.descent)
        #expect(high.y == 0)
    }

    @Test func topAndBottomObjectsGrowTheLineAwayFromTheirEdge() throws {
        let top = try paragraph("ab \u{FFFC}", [InlineObject(offset: 3, width: 8, height: 40, verticalAlign: .top)])
        let topLayout = top.layout()
        // The line grows downwards: the baseline stays where the text puts it.
        #expect(topLayout.lines[0].baseline == Self.ascent)
        #expect(topLayout.height == 40)
        #expect(top.objectFrames(in: topLayout)[0].y == 0)
        let bottom = try paragraph(
            "ab \u{FFFC}", [InlineObject(offset: 3, width: 8, height: 40, verticalAlign: .bottom)])
        let bottomLayout = bottom.layout()
        // Upwards: the baseline moves down by what the object adds.
        #expect(bottomLayout.lines[0].baseline == 40 - Self.descent)
        #expect(bottomLayout.height == 40)
        #expect(bottom.objectFrames(in: bottomLayout)[0].y == 0)
    }

    @Test func anObjectWiderThanTheLineOverflowsAloneOnItsLine() throws {
        let p = try paragraph("a \u{FFFC} b", [InlineObject(offset: 2, width: 100, height: 10)])
        let layout = p.layout(width: 50)
        #expect(layout.lines.map(\.range) == [0..<2, 2..<4, 4..<5])
        #expect(layout.lines[1].width == 100)
        #expect(p.objectFrames(in: layout).map(\.line) == [1])
        #expect(p.minContentWidth() == 100)
    }

    @Test func truncationKeepsAnObjectWholeOrLeavesItOut() throws {
        let text = "Items \u{FFFC} and more text after it"
        let objects = [InlineObject(offset: 6, width: 40, height: 12)]
        let items = try advance("Items ")
        let ellipsis = try advance("…")
        // With room for "Items " and "…" but not the object, the object is dropped whole.
        let cut = try paragraph(text, objects, style: ParagraphStyle(maxLines: 1)).layout(width: items + 30)
        #expect(cut.truncated)
        #expect(cut.lines[0].text == "Items…")
        #expect(try paragraph(text, objects, style: ParagraphStyle(maxLines: 1)).objectFrames(in: cut).isEmpty)
        // With room for it, it is kept.
        let kept = try paragraph(text, objects, style: ParagraphStyle(maxLines: 1))
        let keptLayout = kept.layout(width: items + 40 + ellipsis + 1)
        #expect(keptLayout.lines[0].text == "Items \u{FFFC}…")
        #expect(
            kept.objectFrames(in: keptLayout) == [
                InlineObjectFrame(index: 0, line: 0, x: items, y: Self.ascent - 12, width: 40, height: 12)
            ])
    }

    @Test func anObjectStaysWithItsNeighboursInRightToLeftText() throws {
        // Hebrew, an object, Hebrew: the object is a neutral between two right-to-left words, so it
        // is laid out right to left with them: the first word at the right, then the object.
        let text = "שלום \u{FFFC} עולם"
        let p = try paragraph(text, [InlineObject(offset: 5, width: 20, height: 10)])
        let layout = p.layout()
        let line = layout.lines[0]
        let first = try advance("שלום ")
        let frame = try #require(p.objectFrames(in: layout).first)
        #expect(abs(frame.x - (line.width - first - 20)) < 1e-9)
        // In left-to-right text between Hebrew words it would be the other way round: English words
        // around it keep it in order.
        let mixed = try paragraph("abc \u{FFFC} שלום", [InlineObject(offset: 4, width: 20, height: 10)])
        #expect(mixed.objectFrames(in: mixed.layout())[0].x == (try advance("abc ")))
    }

    @Test func hitTestingAndCaretsStepOverAnObjectAsOneCharacter() throws {
        let p = try paragraph("ab\u{FFFC}cd", [InlineObject(offset: 2, width: 30, height: 10)])
        let layout = p.layout()
        let ab = try advance("ab")
        #expect(p.caret(at: 2, in: layout).x == ab)
        #expect(p.caret(at: 3, in: layout).x == ab + 30)
        #expect(p.index(atX: ab + 10, y: 5, in: layout).offset == 2)
        #expect(p.index(atX: ab + 20, y: 5, in: layout).offset == 3)
    }

    @Test func badObjectsAreRejectedWithTheirPlace() throws {
        #expect(throws: TextError.self) { try paragraph("ab", [InlineObject(offset: 1, width: 3, height: 3)]) }
        do {
            _ = try paragraph("a\u{FFFC}", [InlineObject(offset: 1, width: 3, height: 2_000_000)])
            Issue.record("accepted")
        } catch {
            #expect(error.description == "objects[0].height must be a number from 0 to 1000000 (it is 2000000)")
        }
        do {
            _ = try paragraph(
                "\u{FFFC}\u{FFFC}",
                [InlineObject(offset: 1, width: 3, height: 3), InlineObject(offset: 0, width: 3, height: 3)])
            Issue.record("accepted")
        } catch {
            #expect(
                error.description
                    == "objects[1].offset must be the offset of a U+FFFC in the text, past the object before (it is 0)")
        }
        // A U+FFFC that no object names is text: the font's glyph (or its missing-glyph box).
        let plain = try paragraph("a\u{FFFC}", [])
        #expect(plain.objectFrames(in: plain.layout()).isEmpty)
    }

    @Test func objectsInALongParagraphAreFoundInOrder() throws {
        let count = 1_000
        let text = String(repeating: "word \u{FFFC} ", count: count)
        let objects = (0..<count).map { InlineObject(offset: $0 * 7 + 5, width: 12, height: 12) }
        let p = try paragraph(text, objects)
        let layout = p.layout(width: 300)
        let frames = p.objectFrames(in: layout)
        #expect(frames.map(\.index) == Array(0..<count))
        #expect(frames.allSatisfy { $0.x + $0.width <= 300 })
    }
}

extension InlineObjectTests {
    /// An Arabic number sign (a prepended character) joins the U+FFFC after it into one grapheme:
    /// the object still gets its width and frame, and the objects after it theirs.
    @Test func anObjectInsideAGraphemeKeepsItsPlace() throws {
        let p = try paragraph(
            "a \u{0600}\u{FFFC} b \u{FFFC}",
            [InlineObject(offset: 3, width: 30, height: 10), InlineObject(offset: 7, width: 20, height: 10)])
        let frames = p.objectFrames(in: p.layout())
        #expect(frames.map(\.index) == [0, 1])
        #expect(frames.map(\.width) == [30, 20])
        #expect(p.maxContentWidth() > 50)
    }
}
