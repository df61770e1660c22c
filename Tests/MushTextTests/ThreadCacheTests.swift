import Foundation
import Mush
import MushBase
import MushText
import Testing

/// The text engine's per-thread caches (ICU's break iterators) go with their threads: a server
/// that reads each request's tree on a thread of its own (a deep tree's large stack) does not grow.
@Suite("Per-thread caches")
struct ThreadCacheTests {
    func residentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

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
        for _ in 0..<50 { breakOnAThreadOfItsOwn() }
        let before = residentKilobytes()
        for _ in 0..<400 { breakOnAThreadOfItsOwn() }
        // Kept, they came to about 8 KB a thread (3 MB here); gone with their threads, nothing.
        #expect(residentKilobytes() - before < 1024, "\(residentKilobytes() - before) KB more")
    }
}
