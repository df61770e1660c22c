import Dispatch
import Testing

@testable import MushBase

/// The lock behind the shared caches: threads that change one value at once lose no change.
/// Under `swift test --sanitize=thread` (CI runs it) the test also shows that the Thread Sanitizer
/// sees the lock order the accesses: a report would fail the run.
@Suite("Locked value")
struct LockedValueTests {
    @Test func threadsChangingOneValueLoseNoChange() {
        let threads = 4
        let rounds = 5_000
        let shared = LockedValue((count: 0, seen: [Int: Int]()))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for round in 0..<rounds {
                shared.withLock { value in
                    value.count += 1
                    value.seen[round % 64, default: 0] += 1
                }
                if round % 100 == thread { _ = shared.withLock { $0.seen.count } }
            }
        }
        let (count, seen) = shared.withLock { ($0.count, $0.seen) }
        #expect(count == threads * rounds)
        #expect(seen.values.reduce(0, +) == threads * rounds)
        #expect(seen.count == 64)
    }

    @Test func returnsWhatTheBodyReturnsAndRethrows() {
        struct Refused: Error {}
        let shared = LockedValue([1, 2, 3])
        #expect(shared.withLock { $0.removeLast() } == 3)
        #expect(throws: Refused.self) { try shared.withLock { _ in throw Refused() } }
        // A body that threw left the lock free.
        #expect(shared.withLock { $0 } == [1, 2])
    }
}
