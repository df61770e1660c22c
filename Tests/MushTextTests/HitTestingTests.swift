import Testing

@testable import MushText

@Suite("Hit testing and carets")
struct HitTestingTests {
    /// Every grapheme boundary of the text as ICU finds it (the engine's own clusters), in scalars.
    func boundaries(_ paragraph: Paragraph) -> [Int] {
        [0] + paragraph.graphemes.map { paragraph.scalarOffsets[$0] }
    }

    func middle(_ line: LineLayout) -> Double { line.y + line.height / 2 }

    /// Clicking where each boundary's caret is drawn gives the boundary back, on the caret's line.
    /// Where two boundaries share one x (at a bidi direction change), either may come back, but then
    /// its caret must be drawn at that x too; a boundary whose x is its own must come back exactly.
    func checkRoundTrip(
        _ paragraph: Paragraph, width: Double?, exact: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let layout = paragraph.layout(width: width)
        #expect(width == nil || layout.lines.count > 1, "the text wraps", sourceLocation: sourceLocation)
        let offsets = boundaries(paragraph)
        let carets = offsets.map { paragraph.caret(at: $0, in: layout) }
        for (offset, caret) in zip(offsets, carets) {
            #expect(caret.offset == offset, sourceLocation: sourceLocation)
            let hit = paragraph.index(atX: caret.x, y: caret.y + caret.height / 2, in: layout)
            #expect(hit.line == caret.line, "offset \(offset)", sourceLocation: sourceLocation)
            let sharing = zip(offsets, carets).filter {
                $0.0 != offset && $0.1.line == caret.line && abs($0.1.x - caret.x) < 1e-9
            }
            if exact || sharing.isEmpty {
                #expect(hit.offset == offset, "offset \(offset) at x \(caret.x)", sourceLocation: sourceLocation)
                #expect(hit.affinity == .downstream, sourceLocation: sourceLocation)
            } else {
                #expect(
                    ([offset] + sharing.map(\.0)).contains(hit.offset), "offset \(offset)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    static let rowText = ParagraphTests.rowText

    @Test(
        "Round trip in one script",
        arguments: [
            ("Hello, world! Office fluff", nil),
            (Self.rowText, 304),
            ("مرحبا بالعالم، سلام", nil),
            ("مرحبا بالعالم، سلام عليكم يا أصدقائي", 120),
            ("שלום עולם", nil),
            ("नमस्ते दुनिया, क्षत्रिय", nil),
            ("नमस्ते दुनिया, क्षत्रिय", 60),
            ("สวัสดีครับ ภาษาไทย", nil),
            ("สวัสดีครับ", 50),
        ] as [(String, Double?)])
    func roundTripOneScript(text: String, width: Double?) throws {
        checkRoundTrip(try paragraph(text), width: width, exact: true)
    }

    @Test(
        "Round trip in mixed bidi text",
        arguments: [
            "abc سلام def",
            "The word سلام means peace",
            "שלום hello עולם",
            "سعر 123 دولار",
            "one שתיים three ארבע",
        ])
    func roundTripMixed(text: String) throws {
        let paragraph = try paragraph(text)
        checkRoundTrip(paragraph, width: nil, exact: false)
        checkRoundTrip(paragraph, width: 70, exact: false)
    }

    @Test func caretsRunWithTheTextDirection() throws {
        for (text, rightToLeft) in [
            ("Hello, world", false), ("नमस्ते दुनिया", false), ("สวัสดีครับ", false),
            ("مرحبا بالعالم", true), ("שלום עולם", true),
        ] {
            let paragraph = try paragraph(text)
            let layout = paragraph.layout()
            let xs = boundaries(paragraph).map { paragraph.caret(at: $0, in: layout).x }
            for (x, next) in zip(xs, xs.dropFirst()) {
                #expect(rightToLeft ? next < x : next > x, "\(text): \(xs)")
            }
            // The line spans from the first caret to the last.
            #expect(abs((rightToLeft ? xs.first! : xs.last!) - layout.lines[0].width) < 1e-9)
            #expect(abs(rightToLeft ? xs.last! : xs.first!) < 1e-9)
        }
    }

    @Test func bidiCaretsSitAtTheLeadingEdgeOfTheirCharacter() throws {
        // Visual order "abc " then the Arabic word from its last letter to its first, then " def".
        let mixed = try paragraph("abc سلام def")
        let layout = mixed.layout()
        let glyphs = mixed.glyphs(of: layout.lines[0])
        let x = { (offset: Int) in mixed.caret(at: offset, in: layout).x }
        // The Arabic word starts at its right edge, where " def" starts: the same x for 4 and 8.
        #expect(abs(x(4) - x(8)) < 1e-9)
        #expect(x(4) > x(5) && x(5) > x(6) && x(6) > x(7) && x(7) > x(3))
        #expect(abs(x(8) - glyphs.first { $0.cluster == 8 }!.x) < 1e-9)
        // Lam-alef is one glyph for two letters: its two graphemes share it evenly.
        #expect(!glyphs.contains { $0.cluster == 6 })
        #expect(abs((x(5) - x(6)) - (x(6) - x(7))) < 1e-9)
        // A click just inside either side of an Arabic letter gives its start on its right side.
        let y = middle(layout.lines[0])
        #expect(mixed.index(atX: x(4) - 0.5, y: y, in: layout).offset == 4)
        #expect(mixed.index(atX: x(5) + 0.5, y: y, in: layout).offset == 5, "the left half of س is its trailing half")
        #expect(mixed.index(atX: x(3) + 0.5, y: y, in: layout).offset == 3)
    }

    @Test func clicksLeftAndRightOfTheLine() throws {
        for (text, rightToLeft) in [("Hello", false), ("سلام", true), ("abc سلام", false), ("שלום hello", true)] {
            let paragraph = try paragraph(text, ParagraphStyle(alignment: .center))
            let layout = paragraph.layout(width: 300)
            let line = layout.lines[0]
            let count = text.unicodeScalars.count
            let left = paragraph.index(atX: line.x - 20, y: middle(line), in: layout)
            let right = paragraph.index(atX: line.x + line.width + 20, y: middle(line), in: layout)
            #expect(left.offset == (rightToLeft ? count : 0), "\(text)")
            #expect(right.offset == (rightToLeft ? 0 : count), "\(text)")
            #expect(!left.isInside && !right.isInside)
            #expect(paragraph.index(atX: line.x + line.width / 2, y: middle(line), in: layout).isInside)
            // The end of the text is at the paragraph's end side of the line.
            let end = paragraph.caret(at: count, in: layout)
            #expect(abs(end.x - (rightToLeft ? line.x : line.x + line.width)) < 1e-9, "\(text)")
        }
    }

    @Test func clicksAboveBelowAndBetweenLines() throws {
        let paragraph = try paragraph("one\ntwo\nthree", ParagraphStyle(lineSpacing: 10))
        let layout = paragraph.layout()
        let lines = layout.lines
        #expect(lines.count == 3)
        let x = 2.0
        func hit(_ y: Double) -> TextPosition { paragraph.index(atX: x, y: y, in: layout) }
        #expect(hit(-30).line == 0 && hit(-30).offset == 0 && !hit(-30).isInside)
        #expect(hit(layout.height + 30).line == 2 && !hit(layout.height + 30).isInside)
        #expect(hit(layout.height + 30).offset == 8)
        // The gap between line 0 (bottom at lineHeight) and line 1 (top at lineHeight + 10).
        #expect(hit(lineHeight + 2).line == 0 && !hit(lineHeight + 2).isInside)
        #expect(hit(lineHeight + 8).line == 1 && !hit(lineHeight + 8).isInside)
        #expect(hit(lineHeight + 5).line == 1, "the middle of the gap goes to the line below")
        #expect(hit(middle(lines[1])).line == 1 && hit(middle(lines[1])).isInside)
        #expect(hit(middle(lines[1])).offset == 4)
        // Right of a hard-broken line: before its line break, on that line.
        let endOfOne = paragraph.index(atX: 500, y: middle(lines[0]), in: layout)
        #expect(endOfOne.offset == 3 && endOfOne.line == 0 && endOfOne.affinity == .downstream)
        #expect(paragraph.caret(at: 3, in: layout).line == 0)
        #expect(paragraph.caret(at: 4, in: layout).line == 1)
        #expect(paragraph.caret(at: 4, affinity: .upstream, in: layout).line == 1, "a hard break has no upstream end")
    }

    @Test func wrappedLinesPickTheRightLine() throws {
        let paragraph = try paragraph(Self.rowText)
        let layout = paragraph.layout(width: 304)
        #expect(layout.lines.count > 2)
        for (index, line) in layout.lines.enumerated() {
            for x in stride(from: line.x + 0.5, to: line.x + line.width, by: 7) {
                let hit = paragraph.index(atX: x, y: middle(line), in: layout)
                #expect(hit.line == index && hit.isInside)
                #expect(line.range.contains(hit.offset) || hit.offset == line.range.upperBound)
                let caret = paragraph.caret(at: hit.offset, affinity: hit.affinity, in: layout)
                #expect(caret.line == index)
                #expect(abs(caret.y - line.y) < 1e-9 && abs(caret.height - line.height) < 1e-9)
                #expect(abs(caret.x - x) < 20, "the caret is near the click")
            }
            guard index + 1 < layout.lines.count else { continue }
            // Right of a wrapped line: its end, which is the next line's start, kept on this line.
            let next = layout.lines[index + 1]
            let end = paragraph.index(atX: line.x + 400, y: middle(line), in: layout)
            #expect(end.offset == next.range.lowerBound && end.line == index && end.affinity == .upstream)
            let upstream = paragraph.caret(at: end.offset, affinity: .upstream, in: layout)
            #expect(upstream.line == index && upstream.x >= line.x + line.width)
            let downstream = paragraph.caret(at: end.offset, in: layout)
            #expect(downstream.line == index + 1 && abs(downstream.x - next.x) < 1e-9)
            #expect(paragraph.index(atX: next.x - 10, y: middle(next), in: layout).offset == next.range.lowerBound)
        }
    }

    @Test func wrappedRightToLeftLines() throws {
        let arabic = try paragraph("مرحبا بالعالم، سلام عليكم يا أصدقائي")
        let layout = arabic.layout(width: 120)
        #expect(layout.lines.count > 2)
        for (index, line) in layout.lines.enumerated() {
            // Right of a right-to-left line: its start, whose caret is at the line's right end.
            let start = arabic.index(atX: line.x + 400, y: middle(line), in: layout)
            #expect(start.offset == line.range.lowerBound && start.line == index && start.affinity == .downstream)
            let startCaret = arabic.caret(at: start.offset, in: layout)
            #expect(startCaret.line == index && startCaret.x >= line.x + line.width - 1e-9)
            // Left of it: its end, kept on this line where it wraps.
            let end = arabic.index(atX: line.x - 20, y: middle(line), in: layout)
            #expect(end.offset == line.range.upperBound && end.line == index && !end.isInside)
            #expect(end.affinity == (index + 1 < layout.lines.count ? .upstream : .downstream))
            let endCaret = arabic.caret(at: end.offset, affinity: end.affinity, in: layout)
            #expect(endCaret.line == index && abs(endCaret.x - line.x) < 1e-9)
        }
    }

    @Test func alignmentShiftsCaretsByTheLineX() throws {
        for text in ["Title", "abc سلام def", "שלום עולם"] {
            let left = try paragraph(text)
            let leftLayout = left.layout(width: 200)
            for alignment in [ParagraphStyle.Alignment.center, .right] {
                let aligned = try paragraph(text, ParagraphStyle(alignment: alignment))
                let layout = aligned.layout(width: 200)
                let shift = layout.lines[0].x
                #expect(shift > 0)
                for offset in boundaries(aligned) {
                    let caret = aligned.caret(at: offset, in: layout)
                    #expect(abs(caret.x - left.caret(at: offset, in: leftLayout).x - shift) < 1e-9)
                    let hit = aligned.index(atX: caret.x, y: caret.y + 1, in: layout)
                    #expect(abs(aligned.caret(at: hit.offset, in: layout).x - caret.x) < 1e-9)
                }
            }
        }
    }

    @Test func justifiedCaretsFollowTheStretchedGlyphs() throws {
        let justified = try paragraph(Self.rowText, ParagraphStyle(alignment: .justify))
        let layout = justified.layout(width: 304)
        #expect(layout.lines.count > 2)
        for line in layout.lines {
            // Each cluster's first glyph is drawn at its pen (DejaVu's Latin has no x offsets).
            let glyphs = justified.glyphs(of: line)
            for (index, glyph) in glyphs.enumerated() where index == 0 || glyphs[index - 1].cluster != glyph.cluster {
                #expect(abs(justified.caret(at: glyph.cluster, in: layout).x - (line.x + glyph.x)) < 1e-9)
            }
        }
        for line in layout.lines.dropLast() {
            // The caret after the last visible character is at the justified width.
            let visibleEnd = line.range.lowerBound + line.text.trimmingTrailingSpaces.unicodeScalars.count
            #expect(abs(justified.caret(at: visibleEnd, in: layout).x - 304) < 1e-6)
        }
    }

    @Test func caretsAfterTabsSitAtTheStops() throws {
        let tabbed = try paragraph("Name:\tAlice\tx", ParagraphStyle(tabStops: [80, 150]))
        let layout = tabbed.layout()
        // "A" (offset 6) after the first tab, "x" (offset 12) after the second.
        #expect(tabbed.caret(at: 6, in: layout).x == 80)
        #expect(tabbed.caret(at: 12, in: layout).x == 150)
        #expect(tabbed.glyphs(of: layout.lines[0]).filter { [6, 12].contains($0.cluster) }.map(\.x) == [80, 150])
        // A click in the tab's span goes to the nearer of its two ends.
        #expect(tabbed.index(atX: 79, y: 5, in: layout).offset == 6)
        #expect(tabbed.index(atX: 51, y: 5, in: layout).offset == 5)
        checkRoundTrip(tabbed, width: nil, exact: true)
    }

    @Test func clustersAreNeverSplit() throws {
        // A decomposed é, a family emoji (one ZWJ sequence), a mark in a run of its own.
        for text in [
            "te\u{301}te\u{301}", "a\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}b", "e**\u{301}**x", "ке\u{308}к",
        ] {
            let paragraph = try paragraph(text)
            let layout = paragraph.layout()
            let line = layout.lines[0]
            let allowed = Set(boundaries(paragraph))
            let carets = allowed.map { paragraph.caret(at: $0, in: layout).x }
            for x in stride(from: -5.0, through: line.width + 5, by: 0.25) {
                let hit = paragraph.index(atX: x, y: middle(line), in: layout)
                #expect(allowed.contains(hit.offset), "\(text): \(hit.offset) at x \(x)")
                // Left-to-right text: the caret lands on the boundary nearest the click.
                let nearest = carets.map { abs($0 - x) }.min()!
                #expect(abs(paragraph.caret(at: hit.offset, in: layout).x - x) <= nearest + 1e-9, "\(text) at x \(x)")
            }
            for offset in 0...paragraph.text.unicodeScalars.count {
                let caret = paragraph.caret(at: offset, in: layout)
                let start = allowed.filter { $0 <= offset }.max()!
                #expect(caret.offset == start)
                #expect(caret.x == paragraph.caret(at: start, in: layout).x)
            }
        }
        let family = try paragraph("a\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}b")
        #expect(boundaries(family) == [0, 1, 6, 7], "ICU makes the ZWJ sequence one grapheme")
        let layout = family.layout()
        #expect(family.caret(at: 3, in: layout).offset == 1)
        #expect(family.caret(at: 6, in: layout).x > family.caret(at: 1, in: layout).x)
    }

    /// Unicode's line breaking (and Pango, on the same text and width) may break between a space and
    /// the combining mark after it, which ICU makes one grapheme: the next line then starts inside a
    /// grapheme. A click on that line gives the grapheme's end, whose caret is on the line, never the
    /// line's start inside the grapheme nor the grapheme's start on the line before.
    @Test func aLineStartingInsideAGraphemeGivesItsEnd() throws {
        for text in ["{ode` \u{307}", "{ode` \u{307}x"] {
            let paragraph = try paragraph(text)
            let layout = paragraph.layout(width: 50.5)
            #expect(layout.lines.map(\.range) == [0..<6, 6..<text.unicodeScalars.count], "\(text)")
            #expect(boundaries(paragraph) == [0, 1, 2, 3, 4, 5, 7] + (text.hasSuffix("x") ? [8] : []))
            let caret = paragraph.caret(at: 7, in: layout)
            #expect(caret.line == 1 && caret.x == 0)
            let second = layout.lines[1]
            for x in stride(from: -5.0, through: 3, by: 0.5) {
                let hit = paragraph.index(atX: x, y: middle(second), in: layout)
                #expect(hit.offset == 7 && hit.line == 1 && hit.affinity == .downstream, "\(text) at x \(x)")
            }
            #expect(paragraph.caret(at: 6, in: layout).offset == 5, "6 is inside the grapheme")
        }
    }

    @Test func ligaturesAreSharedEvenlyAmongTheirGraphemes() throws {
        // DejaVu Sans draws "ffi" as one glyph: its three letters get a third of it each.
        let office = try paragraph("Office")
        let layout = office.layout()
        let glyphs = office.glyphs(of: layout.lines[0])
        #expect(glyphs.map(\.cluster) == [0, 1, 4, 5], "one glyph for the cluster \"ffi\" at 1..<4")
        let x = (0...6).map { office.caret(at: $0, in: layout).x }
        #expect(abs(x[1] - glyphs[1].x) < 1e-9 && abs(x[4] - glyphs[2].x) < 1e-9)
        let third = (x[4] - x[1]) / 3
        #expect(third > 1)
        for offset in 1...3 { #expect(abs(x[offset + 1] - x[offset] - third) < 1e-9) }
        // A click in the first third's right half gives the boundary after "f".
        let y = middle(layout.lines[0])
        #expect(office.index(atX: x[1] + third * 0.75, y: y, in: layout).offset == 2)
        #expect(office.index(atX: x[1] + third * 1.25, y: y, in: layout).offset == 2)
        #expect(office.index(atX: x[1] + third * 1.75, y: y, in: layout).offset == 3)
    }

    @Test func emptyParagraph() throws {
        let empty = try paragraph("")
        let layout = empty.layout(width: 100)
        for (x, y) in [(0.0, 0.0), (50, 5), (-10, -10), (500, 500)] {
            let hit = empty.index(atX: x, y: y, in: layout)
            #expect(hit.offset == 0 && hit.line == 0 && !hit.isInside)
        }
        for offset in [-3, 0, 7] {
            let caret = empty.caret(at: offset, in: layout)
            #expect(caret == Caret(offset: 0, x: 0, y: 0, height: lineHeight, line: 0))
        }
        // An empty last line after a line break.
        let trailing = try paragraph("ab\n")
        let twoLines = trailing.layout()
        #expect(trailing.caret(at: 3, in: twoLines).line == 1)
        #expect(trailing.caret(at: 3, in: twoLines).x == 0)
        #expect(trailing.index(atX: 40, y: middle(twoLines.lines[1]), in: twoLines).offset == 3)
    }

    @Test func outOfRangeOffsetsClamp() throws {
        let paragraph = try paragraph("Hello")
        let layout = paragraph.layout()
        #expect(paragraph.caret(at: -4, in: layout) == paragraph.caret(at: 0, in: layout))
        #expect(paragraph.caret(at: 99, in: layout) == paragraph.caret(at: 5, in: layout))
        #expect(abs(paragraph.caret(at: 99, in: layout).x - layout.width) < 1e-9)
    }

    /// The texts of `ParagraphTests.ellipsisModes`: "Hello wonderful…", "…rful world of text" and
    /// "Hello w…ld of text".
    @Test func ellipsisStandsForTheHiddenText() throws {
        let text = "Hello wonderful world of text"
        func layout(_ mode: ParagraphStyle.Ellipsize) throws -> (Paragraph, ParagraphLayout) {
            let paragraph = try paragraph(text, ParagraphStyle(maxLines: 1, ellipsize: mode))
            return (paragraph, paragraph.layout(width: 150))
        }
        do {
            let (paragraph, layout) = try layout(.end)
            let line = layout.lines[0]
            #expect(line.text == "Hello wonderful…")
            let ellipsisLeft = paragraph.caret(at: 15, in: layout).x
            #expect(ellipsisLeft < line.x + line.width - 5)
            let onEllipsis = paragraph.index(atX: (ellipsisLeft + line.x + line.width) / 2, y: middle(line), in: layout)
            #expect(onEllipsis.offset == 15 && onEllipsis.isInside)
            #expect(paragraph.index(atX: line.x + line.width + 30, y: middle(line), in: layout).offset == 15)
            #expect(paragraph.caret(at: 22, in: layout).x == ellipsisLeft, "hidden text is at the ellipsis")
            #expect(paragraph.caret(at: 29, in: layout).x == ellipsisLeft)
        }
        do {
            let (paragraph, layout) = try layout(.start)
            let line = layout.lines[0]
            #expect(line.text == "…rful world of text")
            let tail = text.unicodeScalars.count - "rful world of text".unicodeScalars.count
            let ellipsisRight = paragraph.caret(at: tail, in: layout).x
            #expect(ellipsisRight > line.x + 5)
            #expect(paragraph.index(atX: line.x + ellipsisRight / 2, y: middle(line), in: layout).offset == tail)
            #expect(paragraph.index(atX: line.x - 30, y: middle(line), in: layout).offset == tail)
            #expect(paragraph.caret(at: 3, in: layout).x == ellipsisRight)
        }
        do {
            let (paragraph, layout) = try layout(.middle)
            let line = layout.lines[0]
            #expect(line.text == "Hello w…ld of text")
            let tail = text.unicodeScalars.count - "ld of text".unicodeScalars.count
            let left = paragraph.caret(at: 7, in: layout).x
            let right = paragraph.caret(at: tail, in: layout).x
            #expect(right - left > 5)
            #expect(paragraph.index(atX: left + (right - left) * 0.25, y: middle(line), in: layout).offset == 7)
            #expect(paragraph.index(atX: left + (right - left) * 0.75, y: middle(line), in: layout).offset == tail)
            #expect(paragraph.caret(at: 12, in: layout).x == left)
        }
        // Several lines, the last one ended by the ellipsis: hidden text goes to it too.
        let rows = try paragraph(Self.rowText, ParagraphStyle(maxLines: 2))
        let rowsLayout = rows.layout(width: 304)
        let last = rowsLayout.lines[1]
        let hidden = rows.caret(at: rows.text.unicodeScalars.count, in: rowsLayout)
        #expect(hidden.line == 1 && hidden.x == rows.caret(at: last.range.upperBound, in: rowsLayout).x)
        #expect(rows.index(atX: 1000, y: 1000, in: rowsLayout).offset == last.range.upperBound)
    }
}
