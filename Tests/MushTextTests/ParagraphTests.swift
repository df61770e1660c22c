import CICU
import Mush
import Testing

@testable import MushText

@Suite("Paragraphs")
struct ParagraphTests {
    /// ASCII text in one run is one item without visiting each cluster: the same item the
    /// itemizer's loop makes, on 5,000 seeded strings of letters, digits, punctuation, spaces,
    /// tabs, controls, CR LF and keycap-like `#` and digits, in a face that has every ASCII
    /// character and (loop only) in one that does not.
    @Test func asciiInOneRunIsTheItemTheLoopMakes() throws {
        let fonts = FontCollection.standard
        let pool = Array("aZ09#* .,;-\t\r\n\u{0B}\u{01}\u{7F}\"'".utf16)
        var state: UInt64 = 0x5851_F42D_4C95_7F2D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var taken = 0
        for index in 0..<5_000 {
            let text = (0..<(1 + next(12))).map { _ in pool[next(pool.count)] }
            let family = index % 10 == 0 ? "Noto Sans Thai" : "DejaVu Sans"
            let style = ParagraphStyle(fontFamily: family)
            let runs = [StyledRange(range: 0..<text.count, attributes: .plain)]
            let graphemes = try TextBoundaries.graphemeList(in: text)
            func items(_ shortcut: Bool) throws -> [String] {
                try Itemizer.items(
                    text: text, runs: runs, base: style, fonts: fonts, graphemes: graphemes, shortcut: shortcut
                ).items.map { "\($0.range) \($0.face) \($0.script.number) \($0.level) \($0.run) \($0.scriptCode)" }
            }
            let fast = try items(true)
            if fast.count == 1 { taken += 1 }
            #expect(fast == (try items(false)), "\(text)")
        }
        #expect(taken > 4_000)
    }

    /// Each unit's script as the itemizer resolves it in one pass: ICU's script of its scalar, with
    /// Common and Inherited taking the script before them (else the one after; else Common), on
    /// 3,000 seeded strings of letters of five scripts, digits, spaces, punctuation, combining
    /// marks, joiners and emoji (surrogate pairs), against that rule written out pass by pass.
    @Test func scriptCodesResolveCommonAndInherited() {
        let pool: [Unicode.Scalar] = [
            "a", "Z", "5", " ", ",", "-", "é", "ж", "Ж", "ع", "中", "あ", "\u{301}", "\u{200D}", "\u{FE0F}", "😀",
            "\u{1F3FD}", "·", "«", "\u{0670}",
        ]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func expected(_ text: [UInt16]) -> [Int32] {
            var codes: [Int32] = []
            for scalar in String(decoding: text, as: UTF16.self).unicodeScalars {
                let code = scalar.isASCII ? (scalar.properties.isAlphabetic ? 25 : 0) : mush_script(scalar.value)
                codes += Array(repeating: code, count: scalar.utf16.count)
            }
            var last: Int32 = -1
            for index in codes.indices {
                if codes[index] > 1 { last = codes[index] } else if last > 1 { codes[index] = last }
            }
            var following: Int32 = -1
            for index in codes.indices.reversed() {
                if codes[index] > 1 { following = codes[index] } else if following > 1 { codes[index] = following }
            }
            return codes.map { $0 == 1 ? 0 : $0 }
        }
        var mixed = 0
        for _ in 0..<3_000 {
            let text = Array(
                String(String.UnicodeScalarView((0..<(1 + next(10))).map { _ in pool[next(pool.count)] })).utf16)
            let codes = Itemizer.scriptCodes(text)
            let resolved = text.indices.map { codes[$0] }
            if Set(resolved).count > 1 { mixed += 1 }
            #expect(resolved == expected(text), "\(text)")
        }
        #expect(mixed > 1_000)
    }

    /// The itemizer's own table of spaces and default-ignorable characters agrees with the
    /// standard library's Unicode tables on every scalar.
    @Test func spacesAndIgnorablesAgreeWithUnicode() {
        var differing: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
            if Itemizer.isDefaultIgnorableOrSpace(scalar) != expected {
                differing.append(String(value, radix: 16))
            }
        }
        #expect(differing.isEmpty)
    }

    @Test func singleLineMetrics() throws {
        // "Title" in DejaVu Sans 16: 34.2890625 wide by hb-shape's advances, 19 tall once rounded up.
        let title = try paragraph("Title")
        let layout = title.layout()
        #expect(layout.lines.count == 1)
        #expect(layout.width == 34.2890625)
        #expect(abs(layout.height - lineHeight) < 1e-9)
        #expect(layout.height.rounded(.up) == 19)
        let line = layout.lines[0]
        #expect(line.text == "Title")
        #expect(line.range == 0..<5)
        #expect(abs(line.baseline - 1901.0 / 2048 * 16) < 1e-9)
        let glyphs = title.glyphs(of: line)
        #expect(glyphs.count == 5)
        #expect(glyphs.map(\.x) == glyphs.map(\.x).sorted())
        #expect(abs(glyphs.last!.x + 1260.0 / 2048 * 16 - line.width) < 1e-9, "the last glyph, \"e\", ends the line")
    }

    static let rowText =
        "This row has **bold** text, //italics// text, __underlined__ text, and some `monospaced` text. The text will span more than one line, and the row will automatically adjust its height to fit."

    @Test func wrapsGreedilyAtBreakOpportunities() throws {
        let paragraph = try paragraph(Self.rowText)
        let layout = paragraph.layout(width: 304)
        #expect(layout.lines.count > 2)
        #expect(layout.lines.allSatisfy { $0.width <= 304 + 1e-9 })
        // The lines hold the whole text, in order.
        #expect(layout.lines.map(\.range.lowerBound) == layout.lines.map(\.range.lowerBound).sorted())
        #expect(layout.lines.last?.range.upperBound == paragraph.text.unicodeScalars.count)
        // Greedy: the next line's first word would not have fitted.
        for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
            let firstWord = next.text.split(separator: " ").first.map(String.init) ?? ""
            let wider = try Paragraph(mush: line.text.trimmingTrailingSpaces + " " + firstWord).layout().width
            #expect(wider > 304)
        }
        #expect(abs(layout.height - Double(layout.lines.count) * lineHeight) < 1e-6)
    }

    @Test func moreWidthNeverMoreLines() throws {
        let paragraph = try paragraph(Self.rowText)
        var previous = Int.max
        for width in stride(from: 40.0, through: 2000, by: 37) {
            let count = paragraph.layout(width: width).lines.count
            #expect(count <= previous)
            previous = count
        }
        #expect(paragraph.layout(width: nil).lines.count == 1)
    }

    @Test func hardBreaks() throws {
        #expect(try paragraph("a\nb").layout().lines.map(\.text) == ["a", "b"])
        #expect(try paragraph("a\nb").layout().lines.map(\.range) == [0..<1, 2..<3])
        #expect(try paragraph("a\n").layout().lines.map(\.text) == ["a", ""])
        #expect(try paragraph("a\r\nb").layout().lines.map(\.text) == ["a", "b"])
        let empty = try paragraph("").layout()
        #expect(empty.lines.count == 1)
        #expect(abs(empty.height - lineHeight) < 1e-9)
        #expect(empty.width == 0)
    }

    @Test func wordsWiderThanTheLineBreakBetweenGraphemes() throws {
        let layout = try paragraph("Supercalifragilisticexpialidocious").layout(width: 60)
        #expect(layout.lines.count > 3)
        #expect(layout.lines.allSatisfy { $0.width <= 60 + 1e-9 })
        #expect(layout.lines.map(\.text).joined() == "Supercalifragilisticexpialidocious")
        // A single letter wider than the line keeps its space hanging, as an ordinary break does.
        let words = try paragraph("a b c").layout(width: 10)
        #expect(words.lines.map(\.text) == ["a ", "b ", "c"])
        // Found by the engine fuzzer: an emoji ZWJ sequence is one grapheme for ICU 72 (Swift's
        // Character counts two); it is never cut.
        let zwj = try paragraph("\u{1FA51}\u{200D}\u{1F467}").layout(width: 3.5)
        #expect(zwj.lines.count == 1)
        // Narrower than one grapheme: one grapheme a line.
        let narrow = try paragraph("abc").layout(width: 1)
        #expect(narrow.lines.map(\.text) == ["a", "b", "c"])
    }

    @Test func maxLinesWithEndEllipsis() throws {
        let style = ParagraphStyle(maxLines: 2)
        let layout = try paragraph(Self.rowText, style).layout(width: 304)
        #expect(layout.truncated)
        #expect(layout.lines.count == 2)
        #expect(layout.lines[1].text.hasSuffix("…"))
        #expect(layout.lines[1].ellipsized)
        #expect(layout.lines[1].width <= 304 + 1e-9)
        #expect(layout.lines[1].width > 250, "the last line is filled before the ellipsis")
    }

    @Test func maxHeight() throws {
        let style = ParagraphStyle(maxHeight: 40)
        let layout = try paragraph(Self.rowText, style).layout(width: 304)
        #expect(layout.lines.count == 2)
        #expect(layout.height <= 40)
        let tiny = try paragraph(Self.rowText, ParagraphStyle(maxHeight: 1)).layout(width: 304)
        #expect(tiny.lines.count == 1, "at least one line shows")
    }

    /// Width 150, "…" 16 wide: 134 for the text. By hb-shape's advances: "Hello wonderful" 125.45 fits
    /// and "Hello wonderful w" 143.63 does not; "rful world of text" 133.11 fits; in the middle,
    /// "Hello w" 58.73 fits half (67) and "ld of text" 71.77 fits the 75.27 left.
    @Test(
        "Ellipsis modes on one line",
        arguments: [
            (ParagraphStyle.Ellipsize.end, "Hello wonderful…"),
            (.start, "…rful world of text"),
            (.middle, "Hello w…ld of text"),
        ])
    func ellipsisModes(mode: ParagraphStyle.Ellipsize, expected: String) throws {
        let text = "Hello wonderful world of text"
        let style = ParagraphStyle(maxLines: 1, ellipsize: mode)
        let layout = try paragraph(text, style).layout(width: 150)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].text == expected)
        #expect(layout.lines[0].width <= 150 + 1e-9)
    }

    /// A line's text as UTF-8 pieces (what a batch writes) joins to its `text`: plain lines, lines
    /// ended by hard breaks, ellipsized ones in each mode, and a line whose text was set.
    @Test func textAsUTF8PiecesIsTheText() throws {
        func joined(_ line: LineLayout) -> String {
            var bytes: [UInt8] = []
            line.forEachTextUTF8 { bytes += $0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        let texts = [
            "Hello wonderful world of text", "one\ntwo\r\nthree\u{2028}four", "é “quoted” 😀 naïve café",
            "日本語のテキストを折り返す", "مرحبا بالعالم hello", "", "\n\n",
        ]
        var count = 0
        for text in texts {
            for mode in [ParagraphStyle.Ellipsize.end, .start, .middle, .none] {
                for maxLines in [0, 1, 2] {
                    let layout = try paragraph(text, ParagraphStyle(maxLines: maxLines, ellipsize: mode))
                        .layout(width: 90)
                    for line in layout.lines {
                        #expect(joined(line) == line.text)
                        count += line.ellipsized ? 1 : 0
                    }
                }
            }
        }
        #expect(count > 0)
        var line = try paragraph("Hello").layout(width: nil).lines[0]
        line.text = "Set by hand"
        #expect(joined(line) == "Set by hand")
    }

    @Test func noEllipsis() throws {
        let layout = try paragraph("one two three four", ParagraphStyle(maxLines: 1, ellipsize: .none)).layout(
            width: 80)
        #expect(layout.truncated)
        #expect(layout.lines.map(\.text) == ["one two "])
    }

    @Test func alignment() throws {
        for (alignment, expectedX) in [(ParagraphStyle.Alignment.left, 0.0), (.center, 0.5), (.right, 1.0)] {
            let layout = try paragraph("Title", ParagraphStyle(alignment: alignment)).layout(width: 200)
            let line = layout.lines[0]
            #expect(abs(line.x - (200 - line.width) * expectedX) < 1e-9)
        }
    }

    @Test func justify() throws {
        let justified = try paragraph(Self.rowText, ParagraphStyle(alignment: .justify))
        let layout = justified.layout(width: 304)
        for line in layout.lines.dropLast() {
            #expect(abs(line.width - 304) < 1e-6)
            // The glyphs are spread too: the last visible glyph ends at the width.
            let glyphs = justified.glyphs(of: line)
            let lastVisible = glyphs.last {
                justified.text.unicodeScalars[
                    justified.text.unicodeScalars.index(justified.text.unicodeScalars.startIndex, offsetBy: $0.cluster)]
                    != " "
            }!
            let end = lastVisible.x + advance(of: lastVisible)
            #expect(abs(end - 304) < 0.01)
        }
        #expect(layout.lines.last!.width < 304)
    }

    @Test func lineSpacing() throws {
        let layout = try paragraph("a\nb\nc", ParagraphStyle(lineSpacing: 5)).layout()
        #expect(layout.lines.map(\.y) == [0, lineHeight + 5, 2 * (lineHeight + 5)])
        #expect(abs(layout.height - (3 * lineHeight + 10)) < 1e-9)
    }

    @Test func biggerFontMakesTheLineTaller() throws {
        let layout = try paragraph("small {font:,32|BIG} small").layout()
        #expect(abs(layout.height - 2 * lineHeight) < 1e-9)
    }

    @Test func thaiFallsBackToNotoSansThai() throws {
        let thai = try paragraph("Thai: สวัสดีครับ")
        let glyphs = thai.glyphs(of: thai.layout().lines[0])
        #expect(Set(glyphs.map(\.face.family)) == ["DejaVu Sans", "Noto Sans Thai"])
        #expect(glyphs.allSatisfy { $0.glyph != 0 })
        // Thai breaks between words with no spaces.
        let narrow = try paragraph("สวัสดีครับ").layout(width: 50)
        #expect(narrow.lines.map(\.text) == ["สวัสดี", "ครับ"])
    }

    @Test func arabicRunsRightToLeftInsideEnglish() throws {
        let mixed = try paragraph("abc سلام def")
        let clusters = mixed.glyphs(of: mixed.layout().lines[0]).map(\.cluster)
        // Visual order: a b c space, then the Arabic word from its last letter to its first, …
        #expect(Array(clusters.prefix(4)) == [0, 1, 2, 3])
        #expect(Array(clusters[4..<7]) == [7, 5, 4])
        #expect(Array(clusters.suffix(4)) == [8, 9, 10, 11])
    }

    @Test func syntheticStylesAreReported() throws {
        let thai = try paragraph("**สวัสดี**")
        #expect(thai.glyphs(of: thai.layout().lines[0]).allSatisfy { $0.syntheticBold })
        let dejavu = try paragraph("**bold**")
        #expect(dejavu.glyphs(of: dejavu.layout().lines[0]).allSatisfy { !$0.syntheticBold && $0.face.isBold })
    }

    @Test func tabStops() throws {
        let space = 651.0 / 2048 * 16
        // Default stops: every eight spaces of DejaVu Sans 16, from the line's start.
        let plain = try paragraph("\tx\ty")
        let glyphs = plain.glyphs(of: plain.layout().lines[0])
        #expect(glyphs.count == 2, "tabs draw nothing")
        #expect(abs(glyphs[0].x - 8 * space) < 1e-9)
        #expect(abs(glyphs[1].x - 16 * space) < 1e-9)
        // A default stop closer than a space to the text is skipped, as in Pango.
        let close = try paragraph("abcdefghi\tb")
        let abcdefghi = try paragraph("abcdefghi").layout().width
        #expect(16 * space - abcdefghi < space && 16 * space - abcdefghi > 0)
        #expect(abs(close.glyphs(of: close.layout().lines[0]).last!.x - 24 * space) < 1e-9)
        // The style's own stops, then every tabWidth after the last of them.
        let style = ParagraphStyle(tabStops: [100, 30], tabWidth: 25)
        let custom = try paragraph("a\tb\tc\td", style)
        let placed = custom.glyphs(of: custom.layout().lines[0]).map(\.x)
        #expect(placed.count == 4)
        #expect(placed[1] == 30 && placed[2] == 100 && placed[3] == 125)
        // Wrapping sees the tab's width: "a\tb" is 100 + b wide.
        let wide = try paragraph("a\tb", ParagraphStyle(tabStops: [100]))
        #expect(wide.layout(width: 105).lines.count == 2)
        #expect(wide.layout(width: 111).lines.count == 1)
        #expect(abs(wide.layout().width - (100 + 1300.0 / 2048 * 16)) < 1e-9, "b advances 1300 units")
    }

    @Test func kernWidensTheLine() throws {
        let plain = try paragraph("wide").layout().width
        let spaced = try paragraph("{k2|wide}").layout().width
        // Between the four letters; the last one's spacing hangs past the line's end.
        #expect(abs(spaced - plain - 6) < 1e-9)
    }
}

/// A glyph's own advance at its size (a helper for checking where lines end).
func advance(of glyph: PositionedGlyph) -> Double {
    Double(glyph.face.advance(of: glyph.glyph)) * glyph.size / Double(glyph.face.unitsPerEm)
}

extension String {
    var trimmingTrailingSpaces: String {
        var result = self
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}
