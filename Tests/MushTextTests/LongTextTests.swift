import Testing

@testable import MushText

/// Long texts are stored compactly and shaped in stretches of words; none of it changes a result.
@Suite("Long texts")
struct LongTextTests {
    /// `words` repeated, separated by spaces, to more than three stretches of shaping.
    static func longText(_ words: [String]) -> String {
        var text = ""
        var index = 0
        while text.utf16.count < 3 * Shaper.chunkLength + 100 {
            text += (index == 0 ? "" : " ") + words[index % words.count]
            index += 1
        }
        return text
    }

    static let cases: [(words: [String], script: String, direction: TextDirection)] = [
        (["layout,", "of", "long", "text", "is", "shaped", "in", "stretches", "AVA", "Tower."], "Latn", .leftToRight),
        (["שלום", "עולם", "ספר", "אבגד"], "Hebr", .rightToLeft),
        (["مرحبا", "بالعالم", "كتاب", "لا"], "Arab", .rightToLeft),
    ]

    /// The glyphs and positions of a long one-item line, with the word cache empty, full, and off,
    /// are those of one HarfBuzz call over the whole text, placed one after another.
    @Test(arguments: 0..<cases.count)
    func stretchesShapeAsOneCall(index: Int) throws {
        let (words, script, direction) = Self.cases[index]
        let text = Self.longText(words)
        let units = Array(text.utf16)
        let sans = FontCollection.standard.face(family: nil, bold: false, italic: false).face
        let whole = Shaper.shape(
            units, range: 0..<units.count, face: sans, size: 16, direction: direction, script: script)
        var pen = 0.0
        let expected = whole.map { glyph in
            defer { pen += glyph.advance }
            return "\(glyph.glyph) \(glyph.cluster) \(pen + glyph.xOffset) \(glyph.yOffset)"
        }
        let cached = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 20_000)
        let uncached = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 0)
        for fonts in [cached, cached, uncached] {
            let paragraph = try Paragraph(mush: text, fonts: fonts)
            #expect(paragraph.items.count == 1)
            let layout = paragraph.layout()
            #expect(layout.lines.count == 1)
            let glyphs = paragraph.glyphs(of: layout.lines[0]).map { "\($0.glyph) \($0.cluster) \($0.x) \($0.y)" }
            #expect(glyphs == expected)
            #expect(layout.width == pen)
        }
        #expect(cached.shapeCache.statistics.hits > 0)
    }

    /// A word longer than a stretch (text without spaces), between ordinary words, is shaped alone
    /// and gives the glyphs of one HarfBuzz call over the whole text.
    @Test(arguments: [
        ("AVA Tower ", String(repeating: "fiAVAffle", count: 600), "Latn", TextDirection.leftToRight),
        ("שלום עולם ", String(repeating: "אבגדהוז", count: 800), "Hebr", TextDirection.rightToLeft),
    ])
    func aWordLongerThanAStretch(words: String, long: String, script: String, direction: TextDirection) throws {
        let text = String(repeating: words, count: 300) + long + " " + String(repeating: words, count: 300) + long
        let units = Array(text.utf16)
        #expect(long.utf16.count > Shaper.chunkLength)
        let sans = FontCollection.standard.face(family: nil, bold: false, italic: false).face
        let whole = Shaper.shape(
            units, range: 0..<units.count, face: sans, size: 16, direction: direction, script: script)
        var pen = 0.0
        let expected = whole.map { glyph in
            defer { pen += glyph.advance }
            return "\(glyph.glyph) \(glyph.cluster) \(pen + glyph.xOffset)"
        }
        let paragraph = try Paragraph(mush: text)
        #expect(paragraph.items.count == 1)
        let glyphs = paragraph.glyphs(of: paragraph.layout().lines[0]).map { "\($0.glyph) \($0.cluster) \($0.x)" }
        #expect(glyphs == expected)
    }

    /// Letter spacing (Mush's kern) of a long text is added as one HarfBuzz call and
    /// ``Shaper/shape(_:range:face:size:direction:script:language:letterSpacing:)`` add it.
    @Test(arguments: [1.5, -40.0])
    func letterSpacingOfALongText(spacing: Double) throws {
        let text = Self.longText(Self.cases[0].words)
        let units = Array(text.utf16)
        let sans = FontCollection.standard.face(family: nil, bold: false, italic: false).face
        let whole = Shaper.shape(
            units, range: 0..<units.count, face: sans, size: 16, script: "Latn", letterSpacing: spacing)
        var pen = 0.0
        let expected = whole.map { glyph in
            defer { pen += glyph.advance }
            return "\(glyph.glyph) \(pen + glyph.xOffset)"
        }
        let paragraph = try Paragraph(mush: "{k\(spacing)|\(text)}")
        let glyphs = paragraph.glyphs(of: paragraph.layout().lines[0]).map { "\($0.glyph) \($0.x)" }
        #expect(glyphs == expected)
    }

    /// A glyph whose index or advance does not fit 16 bits reads back whole, before and after the
    /// glyphs after it are dropped and others added.
    @Test func glyphsThatDoNotFitSixteenBitsReadBackWhole() throws {
        let sans = FontCollection.standard.face(family: nil, bold: false, italic: false).face
        var store = GlyphStore()
        store.append(
            [
                CachedGlyph(glyph: 70_000, cluster: 0, advance: 1200, xOffset: 0, yOffset: 0),
                CachedGlyph(glyph: 36, cluster: 1, advance: 40_000, xOffset: 0, yOffset: -30),
                CachedGlyph(glyph: 37, cluster: 2, advance: -32_768, xOffset: 5, yOffset: 0),
                CachedGlyph(glyph: 38, cluster: 3, advance: 700, xOffset: 0, yOffset: 0),
            ], clusterOffset: 10)
        // A scale of 1: points are font units.
        let item = TextItem(
            range: 10..<14, face: sans, synthetic: (bold: false, oblique: false),
            size: Double(sans.unitsPerEm), letterSpacing: 0, level: 0, script: .none,
            run: 0, glyphs: 0..<4)
        func read() -> [String] {
            (0..<store.count).map {
                let glyph = store.shapedGlyph($0, in: item, scale: GlyphStore.scale(of: item))
                return "\(glyph.glyph) \(glyph.cluster) \(glyph.advance) \(glyph.xOffset) \(glyph.yOffset)"
            }
        }
        #expect(
            read() == [
                "70000 10 1200.0 0.0 0.0", "36 11 40000.0 0.0 -30.0", "37 12 -32768.0 5.0 0.0", "38 13 700.0 0.0 0.0",
            ])
        store.removeGlyphs(from: 1)
        store.append([CachedGlyph(glyph: 39, cluster: 1, advance: 600, xOffset: 0, yOffset: 0)], clusterOffset: 10)
        #expect(read() == ["70000 10 1200.0 0.0 0.0", "39 11 600.0 0.0 0.0"])
    }

    /// The scalar and UTF-8 offsets of every UTF-16 offset, and back, as full tables give them, for
    /// texts across several blocks of the map: ASCII, two- and three-byte letters, surrogate pairs.
    @Test(arguments: [
        String(repeating: "plain ascii ", count: 9),
        String(repeating: "кириллица ", count: 9),
        String(repeating: "a👍🏽bé中😀 ", count: 12),
        "😀" + String(repeating: "x", count: 31) + "😀😀" + String(repeating: "ж", count: 40),
        "",
    ])
    func offsetMapsAgreeWithFullTables(text: String) {
        var scalars: [Int] = []
        var bytes: [Int] = []
        var byte = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            for _ in 0..<(scalar.value > 0xFFFF ? 2 : 1) {
                scalars.append(index)
                bytes.append(byte)
            }
            byte += UTF8.width(scalar)
        }
        scalars.append(text.unicodeScalars.count)
        bytes.append(byte)
        let units = Array(text.utf16)
        let scalarMap = UnitOffsetMap(units, .scalars)
        let utf8Map = UnitOffsetMap(units, .utf8)
        #expect((0...units.count).map { scalarMap[$0] } == scalars)
        #expect((0...units.count).map { utf8Map[$0] } == bytes)
        for value in -1...(text.unicodeScalars.count + 2) {
            let expected = scalars.firstIndex { $0 >= value } ?? units.count
            #expect(scalarMap.firstUnit(reaching: value) == expected)
        }
    }

    /// A text's UTF-16 units, transcoded from its UTF-8, are `Array(text.utf16)`, and its flags say
    /// what the units do: for the scalars on both sides of every change of UTF-8 or UTF-16 width,
    /// every scalar below U+3000 and every 101st above (in texts of 4,096 scalars each, ASCII
    /// between them), and for empty, ASCII-only and single-scalar texts.
    @Test func unitsTranscodedFromUTF8AreTheStringsUTF16() {
        var texts = ["", "a", "ASCII only.", "é", "€", "😀", "a😀b", "\u{10FFFF}", "\u{FFFF}\u{10000}"]
        var scalars = String.UnicodeScalarView()
        let edges: [UInt32] = [0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF]
        for value in edges + Array(0..<0x3000) + Array(stride(from: UInt32(0x3000), through: 0x10FFFF, by: 101)) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            scalars.append(scalar)
            scalars.append("a")
            if scalars.count >= 4096 {
                texts.append(String(scalars))
                scalars = String.UnicodeScalarView()
            }
        }
        texts.append(String(scalars))
        var wrong: [String] = []
        for text in texts {
            let units = UTF16Units(text)
            if units.units != Array(text.utf16) || units.isASCII != text.utf8.allSatisfy({ $0 < 0x80 })
                || units.hasSurrogates != text.utf16.contains(where: UTF16.isLeadSurrogate)
            {
                wrong.append(String(text.unicodeScalars.prefix(4)))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) texts differ, starting \(wrong.prefix(3))")
        #expect(texts.count > 15)
    }
}
