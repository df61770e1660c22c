import Mush
import MushBase
import MushText
import Testing

/// The text engine's per-thread caches (ICU's break iterators) go with their threads: a server
/// that reads each request's tree on a thread of its own (a deep tree's large stack) does not grow.
@Suite("Per-thread caches")
struct ThreadCacheTests {
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
}
