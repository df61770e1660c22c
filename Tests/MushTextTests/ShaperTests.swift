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
}
