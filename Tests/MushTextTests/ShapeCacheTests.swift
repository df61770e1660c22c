import Foundation
import Mush
import Testing

@testable import MushText

/// The word cache: shaping word by word through it gives what shaping whole items gives, it stays
/// within its bound, and paragraphs laid out on many threads at once agree with one thread.
@Suite("Shaped-word cache")
struct ShapeCacheTests {
    static let texts = [
        "The quick brown fox jumps over the lazy dog. AVA Type WAVE To Yo",
        "Kerning: AV AW Ta Te Vo Wa Ye \"quoted\" 'single' L'avion",
        "**Bold** and //italic// and `mono space`, {k1.5|spaced out} {k-3|tight}",
        "مرحبا بالعالم، هذا نص عربي مع English words بينها",
        "שלום עולם, זה טקסט בעברית",
        "नमस्ते दुनिया, यह हिन्दी पाठ है",
        "สวัสดีชาวโลก นี่คือข้อความภาษาไทย",
        "Grüße, Ελληνικά και Кириллица с пробелами",
        "  leading and trailing spaces   and   runs   of   them  ",
        "a\nb c\n\nd  e\tf",
        "Marks after spaces: a \u{301}b c \u{200D}d e \u{FE0F}f, then a \u{301}b again",
        "Style inside words: سل**ا**م and wo**r**ds, ends//,// **x**.",
        "averyveryverylongwordthatgoesbeyondsixteenunits and a supercalifragilisticexpialidociouslylongerwordstill",
    ]

    /// A line's glyphs as comparable values.
    static func signature(_ paragraph: Paragraph, _ layout: ParagraphLayout) -> [[String]] {
        layout.lines.map { line in
            ["\(line.range) \(line.width) \(line.height)"]
                + paragraph.glyphs(of: line).map {
                    "\($0.glyph)@\($0.x),\($0.y) c\($0.cluster) \($0.face.description) \($0.size)"
                }
        }
    }

    @Test func dejaVuIsContextFreeAroundSpaces() {
        let dejaVu = FontCollection.standard.faces.filter { $0.family.hasPrefix("DejaVu") }
        #expect(dejaVu.count == 8)
        #expect(dejaVu.allSatisfy { $0.spaceIsContextFree })
    }

    /// The check shapes all printable ASCII in one line; held here to shaping each character next
    /// to a space on each side, one pair a call, for every face this machine has.
    @Test func contextFreeCheckAgreesWithShapingEachPair() {
        func pairwise(_ font: HarfBuzzFont) -> Bool {
            guard let space = font.glyph(for: 0x20) else { return false }
            for unit in UInt16(0x21)...0x7E {
                guard let glyph = font.glyph(for: UInt32(unit)) else { continue }
                for pair in [[unit, 0x20], [0x20, unit]] {
                    var shaped: [CachedGlyph] = []
                    pair.withUnsafeBufferPointer { units in
                        font.shape(units, range: 0..<2, direction: .leftToRight, script: .latin, language: .none) {
                            shaped.append($0)
                        }
                    }
                    let expected = pair[0] == 0x20 ? [space, glyph] : [glyph, space]
                    let advances = [font.advance(of: expected[0]), font.advance(of: expected[1])]
                    guard shaped.map(\.glyph) == expected, shaped.map(\.advance) == advances,
                        shaped.allSatisfy({ $0.xOffset == 0 && $0.yOffset == 0 })
                    else { return false }
                }
            }
            return true
        }
        // The shipped faces and the installed TrueType ones (Liberation's kern around spaces).
        let installed = ["dejavu", "liberation"].flatMap { folder -> [FontFace] in
            let path = "/usr/share/fonts/truetype/" + folder
            let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return files.sorted().filter { $0.hasSuffix(".ttf") }.flatMap { file in
                (try? FontCollection.loadFile(path + "/" + file)) ?? []
            }
        }
        let faces = FontCollection.shipped.faces + installed
        #expect(faces.count >= 10)
        var answers: Set<Bool> = []
        for face in faces {
            #expect(face.spaceIsContextFree == pairwise(face.font), "\(face.description)")
            answers.insert(face.spaceIsContextFree)
        }
        // DejaVu's faces are context-free, Liberation Sans and Serif are not (.ci/install installs both).
        #expect(answers == [true, false])
    }

    /// A cache makes its tables as words are kept: a collection nobody shapes with costs no
    /// memory beyond its empty shards.
    @Test func tablesAreMadeWhenWordsAreKept() throws {
        let fonts = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 20_000)
        #expect(fonts.shapeCache.generationsMade == 0)
        for _ in 0..<2 { _ = try Paragraph(mush: "One two three four five six seven", fonts: fonts) }
        let made = fonts.shapeCache.generationsMade
        #expect(made > 0 && made <= fonts.shapeCache.statistics.entries)
    }

    @Test(arguments: texts)
    func cachedShapingEqualsWholeShaping(text: String) throws {
        let uncached = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 0)
        let cached = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 1000)
        for width in [nil, 300.0, 120.0, 40.0] as [Double?] {
            let plain = try Paragraph(mush: text, fonts: uncached)
            // Three times with the cache: the first marks its words as seen, the second keeps them,
            // the third reads them.
            let first = try Paragraph(mush: text, fonts: cached)
            _ = try Paragraph(mush: text, fonts: cached)
            let second = try Paragraph(mush: text, fonts: cached)
            let expected = Self.signature(plain, plain.layout(width: width))
            #expect(Self.signature(first, first.layout(width: width)) == expected)
            #expect(Self.signature(second, second.layout(width: width)) == expected)
        }
        #expect(cached.shapeCache.statistics.hits > 0)
        #expect(uncached.shapeCache.statistics.entries == 0)
    }

    /// Words cached from one text serve the others: every text laid out after all of them went
    /// through one cache gives what it gives uncached (a space followed by a mark, for example,
    /// must not leave "a " cached with the mark's glyph).
    @Test func oneCacheServesEveryText() throws {
        let uncached = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 0)
        let cached = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 1000)
        let texts = Self.texts + ["a b c d e f, then a b again", "**Bold** and //italic// and `mono space`"]
        for _ in 0..<2 {
            for text in texts { _ = try Paragraph(mush: text, fonts: cached) }
        }
        for text in texts.reversed() {
            let plain = try Paragraph(mush: text, fonts: uncached)
            let again = try Paragraph(mush: text, fonts: cached)
            #expect(
                Self.signature(again, again.layout(width: 150)) == Self.signature(plain, plain.layout(width: 150)),
                "\(text)")
        }
    }

    /// Mush's kerning (`{k1.5|…}`) is letter spacing, added to the advances read from the glyphs:
    /// the cache keeps words unspaced, so words cached from plain text serve spaced text and the
    /// other way round, and either way the layout is the one shaping without the cache gives.
    @Test func letterSpacingGoesThroughTheCache() throws {
        let plainText = "spaced out tight"
        // The words "spaced ", "out " and "tight" in both: the spaced runs end after a space.
        let spacedText = "{k1.5|spaced out }{k-3|tight}"
        #expect(Mush.parse(spacedText).runs.map(\.attributes.kern) == [1.5, -3])
        let uncached = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 0)
        let widths: [Double?] = [nil, 100, 50]
        for (first, second) in [(plainText, spacedText), (spacedText, plainText)] {
            let cached = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 1000)
            // Seen once, then kept.
            _ = try Paragraph(mush: first, fonts: cached)
            _ = try Paragraph(mush: first, fonts: cached)
            let before = cached.shapeCache.statistics
            #expect(before.misses == 3 && before.hits == 0)
            let again = try Paragraph(mush: second, fonts: cached)
            let after = cached.shapeCache.statistics
            #expect(after.misses == 3 && after.hits == 3, "every word of \(second) from the cache")
            let plain = try Paragraph(mush: second, fonts: uncached)
            for width in widths {
                #expect(
                    Self.signature(again, again.layout(width: width))
                        == Self.signature(plain, plain.layout(width: width)))
            }
        }
        // The spacing is there: 1.5 points after each of the 11 clusters of "spaced out ", 3 points
        // less after each of the first 4 of "tight" (the last one's hangs past the line's end).
        let plain = try Paragraph(mush: plainText, fonts: uncached).layout()
        let spaced = try Paragraph(mush: spacedText, fonts: uncached).layout()
        #expect(abs(spaced.width - (plain.width + 11 * 1.5 - 4 * 3)) < 1e-9)
    }

    /// A word is kept the second time it is shaped, not the first (most words of new text are
    /// seen once), and found the third time.
    @Test func keepsWordsSeenTwice() throws {
        let fonts = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 1000)
        _ = try Paragraph(mush: "once twice", fonts: fonts)
        #expect(fonts.shapeCache.statistics.entries == 0)
        _ = try Paragraph(mush: "twice more", fonts: fonts)
        #expect(fonts.shapeCache.statistics == (entries: 0, hits: 0, misses: 0), "\"twice\" is not \"twice \"")
        _ = try Paragraph(mush: "once twice", fonts: fonts)
        #expect(fonts.shapeCache.statistics == (entries: 2, hits: 0, misses: 2))
        _ = try Paragraph(mush: "once twice", fonts: fonts)
        #expect(fonts.shapeCache.statistics == (entries: 2, hits: 2, misses: 2))
    }

    /// Lines that break inside words reshape their last cluster (kerning with the next line's first
    /// character is taken off); the collection keeps those advances by the cluster and the text
    /// around it, and a paragraph laid out again finds them: every line as without the caches.
    @Test func lineEndsReshapedOnceThenFound() throws {
        let text = "AVAVAVAVAVAVAVAVAVAV Type WAVE To Yo LTAVTAVTAVTAYAYA \u{1F600}AV\u{1F600}VA Кириллица"
        let uncached = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 0)
        let cached = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 1000)
        let widths = [23.0, 31, 47, 58, 73, 101]
        let plain = try Paragraph(mush: text, fonts: uncached)
        for round in 0..<3 {
            let paragraph = try Paragraph(mush: text, fonts: cached)
            for width in widths {
                #expect(
                    Self.signature(paragraph, paragraph.layout(width: width))
                        == Self.signature(plain, plain.layout(width: width)), "round \(round), \(width)")
            }
        }
        #expect(cached.lineEndCache.statistics.hits > 0)
        #expect(cached.lineEndCache.statistics.misses > 0)
        #expect(uncached.lineEndCache.statistics.entries == 0)
    }

    @Test func staysWithinItsBound() throws {
        let fonts = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 64)
        // (Every stretch through the cache: on these new words it would step aside.)
        fonts.shapeCache.mayStepAside.store(false, ordering: .relaxed)
        // 2,000 distinct words.
        let words = (0..<2000).map { "w\($0)x" }
        for chunk in stride(from: 0, to: words.count, by: 50) {
            // Seen once, then kept.
            for _ in 0..<2 {
                _ = try Paragraph(mush: words[chunk..<chunk + 50].joined(separator: " "), fonts: fonts)
                    .layout(width: 200)
            }
        }
        let statistics = fonts.shapeCache.statistics
        // Every word kept at its second sighting; one whose doorkeeper bit another word set was
        // kept at its first, and again after the small generations turned over (one here).
        #expect((2000...2010).contains(statistics.misses))
        #expect(statistics.entries <= 2 * 64 + 16, "two generations of at most capacity / 16 per shard")
        // A word used again is found, even after others pushed it into the old generation.
        _ = try Paragraph(mush: words.last!, fonts: fonts)
        #expect(fonts.shapeCache.statistics.hits == statistics.hits + 1)
    }

    /// On new text, where few stretches are served whole, the cache steps aside (but for one
    /// stretch in eight, through which it keeps learning); where words recur it serves them again.
    /// Every line is the same as without the cache throughout.
    @Test func stepsAsideWhereItDoesNotPay() throws {
        let uncached = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 0)
        let fonts = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 10_000)
        func same(_ text: String) throws {
            let paragraph = try Paragraph(mush: text, fonts: fonts)
            let plain = try Paragraph(mush: text, fonts: uncached)
            #expect(
                Self.signature(paragraph, paragraph.layout(width: 150))
                    == Self.signature(plain, plain.layout(width: 150)))
        }
        // New words, three to a paragraph: none is served.
        for index in 0..<2 * ShapeCache.window { try same("new\(index) words\(index) here\(index)") }
        #expect(fonts.shapeCache.isSteppingAside)
        let looked = fonts.shapeCache.statistics
        // A few labels, over and over: the samples that go through learn them, find them, and the
        // cache serves every stretch again.
        let labels = ["Settings", "Open file", "Save as PDF", "Cancel", "Sign out of this account"]
        for round in 0..<2 * ShapeCache.window * ShapeCache.sampling {
            try same(labels[round % labels.count])
        }
        #expect(!fonts.shapeCache.isSteppingAside)
        #expect(fonts.shapeCache.statistics.hits > looked.hits + labels.count)
    }

    @Test func manyThreadsAgreeWithOne() async throws {
        let fonts = FontCollection(faces: FontCollection.standard.faces, wordCacheCapacity: 200)
        let jobs = (0..<400).map { index in (Self.texts[index % Self.texts.count], [304.0, 200, 90][index % 3]) }
        let serial = try jobs.map { text, width in
            let paragraph = try Paragraph(mush: text, fonts: FontCollection(faces: fonts.faces, wordCacheCapacity: 0))
            return Self.signature(paragraph, paragraph.layout(width: width))
        }
        let concurrent = try await withThrowingTaskGroup(of: (Int, [[String]]).self) { group in
            for (index, job) in jobs.enumerated() {
                group.addTask {
                    let paragraph = try Paragraph(mush: job.0, fonts: fonts)
                    return (index, Self.signature(paragraph, paragraph.layout(width: job.1)))
                }
            }
            var results = [[[String]]](repeating: [], count: jobs.count)
            for try await (index, signature) in group { results[index] = signature }
            return results
        }
        #expect(concurrent == serial)
        // One shared paragraph, re-fitted from many tasks.
        let shared = try Paragraph(mush: Self.texts[0], fonts: fonts)
        let widths = (0..<200).map { 40 + Double($0) }
        let fitted = await withTaskGroup(of: (Int, Int).self) { group in
            for (index, width) in widths.enumerated() {
                group.addTask { (index, shared.layout(width: width).lines.count) }
            }
            var counts = [Int](repeating: 0, count: widths.count)
            for await (index, count) in group { counts[index] = count }
            return counts
        }
        #expect(fitted == widths.map { shared.layout(width: $0).lines.count })
    }
}
