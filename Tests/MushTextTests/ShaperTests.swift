import Testing

@testable import MushText

@Suite("Shaping")
struct ShaperTests {
    let fonts = FontCollection.standard
    var sans: FontFace { fonts.face(family: nil, bold: false, italic: false).face }

    func shape(
        _ text: String, face: FontFace? = nil, size: Double = 16, direction: TextDirection = .leftToRight,
        letterSpacing: Double = 0
    ) -> [ShapedGlyph] {
        let units = Array(text.utf16)
        return Shaper.shape(
            units, range: 0..<units.count, face: face ?? sans, size: size, direction: direction,
            letterSpacing: letterSpacing)
    }

    func width(_ glyphs: [ShapedGlyph]) -> Double { glyphs.reduce(0) { $0 + $1.advance } }

    @Test func advancesScaleWithSize() {
        // DejaVu Sans "H" advances 1540 units of 2048 (as `hb-shape` reports it).
        let glyphs = shape("H")
        #expect(glyphs.count == 1)
        #expect(abs(glyphs[0].advance - 1540.0 * 16 / 2048) < 1e-9)
        #expect(abs(width(shape("H", size: 32)) - 2 * glyphs[0].advance) < 1e-9)
    }

    @Test func kerningPairs() {
        // "AV" is kerned tighter than "A" then "V".
        #expect(width(shape("AV")) < width(shape("A")) + width(shape("V")) - 0.5)
    }

    @Test func ligatures() {
        // DejaVu Sans joins "fi" into one glyph covering both characters.
        let glyphs = shape("fi")
        #expect(glyphs.count == 1)
        #expect(glyphs[0].cluster == 0)
    }

    @Test func arabicJoinsAndRunsRightToLeft() {
        // "سلام": seen, lam, alef, meem. Lam and alef form the mandatory lam-alef ligature, seen
        // takes its initial form; visual order puts the first letter last (`hb-shape` gives
        // meem=3, uniFEFC=1, uniFEB3=0).
        let joined = shape("سلام", direction: .rightToLeft)
        #expect(joined.map(\.cluster) == [3, 1, 0])
        let isolatedSeen = sans.glyph(for: "\u{0633}")!
        #expect(joined[2].glyph != isolatedSeen, "the initial form, not the isolated one")
    }

    @Test func devanagariConjuncts() {
        // "क्ष" (ka, virama, ssa) forms one conjunct glyph in Noto Sans Devanagari.
        let devanagari = fonts.faces(ofFamily: "Noto Sans Devanagari")[0]
        let glyphs = shape("क्ष", face: devanagari)
        #expect(glyphs.count < 3)
        #expect(glyphs.allSatisfy { $0.glyph != 0 })
    }

    @Test func thaiWithItsFont() {
        let thai = fonts.faces(ofFamily: "Noto Sans Thai")[0]
        let glyphs = shape("สวัสดี", face: thai)
        #expect(glyphs.allSatisfy { $0.glyph != 0 })
        #expect(glyphs.contains { $0.advance == 0 }, "combining vowels and tone marks take no advance")
    }

    @Test func letterSpacingAfterEveryCluster() {
        let plain = shape("abc")
        let spaced = shape("abc", letterSpacing: 2)
        #expect(abs(width(spaced) - width(plain) - 6) < 1e-9)
        let negative = shape("abc", letterSpacing: -0.5)
        #expect(abs(width(negative) - width(plain) + 1.5) < 1e-9)
        // Found by the engine fuzzer: a huge negative spacing closes each advance to zero, no further.
        let closed = shape("abc", letterSpacing: -1000)
        #expect(closed.allSatisfy { $0.advance == 0 })
    }

    @Test func contextAtTheRangeEdges() {
        // Shaping "لا" inside a longer Arabic word uses the joining context around it.
        let text = Array("سلام".utf16)
        let middle = Shaper.shape(text, range: 1..<3, face: sans, size: 16, direction: .rightToLeft)
        let alone = Shaper.shape(Array("لا".utf16), range: 0..<2, face: sans, size: 16, direction: .rightToLeft)
        #expect(middle.map(\.glyph) != alone.map(\.glyph))
    }

    /// A letter with thousands of marks is shaped in pieces of at most 30 marks (HarfBuzz 6 is
    /// quadratic in them): every mark keeps its glyph (HarfBuzz composes "a" and the first acute
    /// into "á"), and every glyph the letter's cluster.
    @Test(arguments: [("a", "\u{301}", 64_002), ("\u{E01}", "\u{E48}", 64_003), ("x", "\u{1D167}", 64_003)])
    func longRunsOfMarksAreShapedInPieces(base: String, mark: String, glyphCount: Int) throws {
        let text = base + String(repeating: mark, count: 64_000) + " b"
        let units = Array(text.utf16)
        let pieces = try #require(units.withUnsafeBufferPointer { MarkRuns.pieces($0, 0..<units.count) })
        let markLength = mark.utf16.count
        #expect(pieces.count == (64_000 + MarkRuns.longest - 1) / MarkRuns.longest)
        #expect(pieces[0].range == 0..<(1 + 30 * markLength) && pieces[0].clusterStart == nil)
        #expect(pieces[1].range.count == 30 * markLength && pieces[1].clusterStart == 0)
        #expect(pieces.last?.range.upperBound == units.count)
        let glyphs = shape(text)
        #expect(glyphs.count == glyphCount)
        #expect(glyphs.dropLast(2).allSatisfy { $0.cluster == 0 })
        #expect(glyphs.suffix(2).map(\.cluster) == [units.count - 2, units.count - 1])
        // 30 marks or fewer in a row: one piece, as ever.
        let short = Array((base + String(repeating: mark, count: 30) + " b").utf16)
        #expect(short.withUnsafeBufferPointer { MarkRuns.pieces($0, 0..<short.count) } == nil)
    }

    /// A run of 31 marks is found wherever it starts (only one offset in 31 is looked at first),
    /// with text of one or two units before it, and marks of one or two units.
    @Test(arguments: ["\u{301}", "\u{1D167}"])
    func aRunJustOverTheLimitIsFoundAtEveryOffset(mark: String) {
        for before in 0..<40 {
            for prefix in ["x", "\u{1F600}"] {
                let text = String(repeating: prefix, count: before) + "a" + String(repeating: mark, count: 31) + " b"
                let units = Array(text.utf16)
                let pieces = units.withUnsafeBufferPointer { MarkRuns.pieces($0, 0..<units.count) }
                #expect(pieces?.count == 2, "\(before) × \(prefix)")
                let under = String(repeating: prefix, count: before) + "a" + String(repeating: mark, count: 30) + " b"
                let underUnits = Array(under.utf16)
                #expect(underUnits.withUnsafeBufferPointer { MarkRuns.pieces($0, 0..<underUnits.count) } == nil)
            }
        }
    }

    /// Right to left, the pieces come in visual order: clusters never increase along the glyphs.
    @Test func piecesOfMarksRightToLeft() {
        let text = "\u{5D0}" + String(repeating: "\u{5B8}", count: 100) + "\u{5D1}"
        let glyphs = shape(text, direction: .rightToLeft)
        #expect(glyphs.count == 102)
        #expect(glyphs.first?.cluster == 101)
        #expect(glyphs.dropFirst().allSatisfy { $0.cluster == 0 })
    }
}
