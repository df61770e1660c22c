import Mush
import MushBase
import Testing

@testable import MushText

/// The text engine's per-thread caches (ICU's break iterators, HarfBuzz's buffers) go with their
/// threads: a server that reads each request's tree on a thread of its own (a deep tree's large
/// stack) does not grow. Threads shaping at once share none of them.
@Suite("Per-thread caches")
struct ThreadCacheTests {
    /// The shipped fonts without a word cache: every paragraph is shaped, none served.
    static let uncached = FontCollection(faces: FontCollection.shipped.faces, wordCacheCapacity: 0)

    @Test func breakIteratorsGoWithTheirThreads() throws {
        let style = ParagraphStyle(fontSize: 14)
        func breakOnAThreadOfItsOwn() {
            _ = LargeStack.onThread(stackSize: 1 << 20) {
                // Line, word and character breaks: the three iterators a thread keeps.
                let paragraph = try? Paragraph(
                    Mush.parse("Boats leave at six; the first ferry waits."), style: style, fonts: .shipped)
                _ = paragraph?.layout(width: 80)
            }
        }
        for _ in 0..<5 { breakOnAThreadOfItsOwn() }
        let before = TextBoundaries.openBreakIterators
        for _ in 0..<400 { breakOnAThreadOfItsOwn() }
        // Kept, each thread's would stay open (at least 400 more); gone with their threads, none
        // (other tests' threads, running meanwhile, open and close a few).
        let more = TextBoundaries.openBreakIterators - before
        #expect(more < 200, "\(more) more open")
    }

    @Test func shapingBuffersGoWithTheirThreads() {
        let style = ParagraphStyle(fontSize: 14)
        func shapeOnAThreadOfItsOwn() {
            _ = LargeStack.onThread(stackSize: 1 << 20) {
                _ = try? Paragraph(
                    Mush.parse("Ferries to the islands, twice a day."), style: style, fonts: Self.uncached)
            }
        }
        for _ in 0..<5 { shapeOnAThreadOfItsOwn() }
        let before = HarfBuzzFont.liveBuffers
        for _ in 0..<400 { shapeOnAThreadOfItsOwn() }
        let more = HarfBuzzFont.liveBuffers - before
        #expect(more < 200, "\(more) more buffers")
    }

    /// Paragraphs shaped on eight threads at once, each its own text in a script of its own, come
    /// out as shaped on one thread, glyph for glyph.
    @Test func threadsShapingAtOnceShareNoBuffer() async {
        let texts = [
            "Boats leave at six.", "Лодки отправляются в шесть.", "Τα πλοία φεύγουν στις έξι.",
            "เรือออกเวลาหกโมง", "नावें छह बजे निकलती हैं।", "القوارب تغادر في السادسة.", "Die Boote fahren um sechs.",
            "Les bateaux partent à six heures.",
        ]
        func advances(_ text: String) -> [Double] {
            guard
                let paragraph = try? Paragraph(
                    Mush.parse(text), style: ParagraphStyle(fontSize: 14), fonts: Self.uncached)
            else { return [] }
            return paragraph.layout(width: nil).lines.flatMap { paragraph.glyphs(of: $0).map(\.x) }
        }
        let serial = texts.map(advances)
        let parallel = await withTaskGroup(of: (Int, [[Double]]).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, (0..<50).map { _ in advances(text) }) }
            }
            var found = [[[Double]]](repeating: [], count: texts.count)
            for await (index, runs) in group { found[index] = runs }
            return found
        }
        for (index, runs) in parallel.enumerated() {
            #expect(!serial[index].isEmpty)
            #expect(runs.allSatisfy { $0 == serial[index] }, "\(texts[index])")
        }
    }

    /// Empty paragraphs made on eight threads at once share nothing either: an empty text makes no
    /// array of units (room for none is the standard library's one shared empty array, whose count
    /// a thread would write; the Thread Sanitizer, which CI runs the tests under, reports that).
    @Test func emptyParagraphsOnManyThreadsAtOnce() async {
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<50).reduce(0) { total, _ in
                        total + ((try? Paragraph(Mush.parse(""), fonts: .shipped))?.layout(width: 100).lines.count ?? 0)
                    }
                }
            }
            return await group.reduce(0, +)
        }
        // (An empty paragraph has one empty line.)
        #expect(counts == 8 * 50)
    }
}
