import Foundation
import Synchronization

/// Threads of the library's own that run blocking work (layout and drawing) in order, so that it
/// never holds a thread of Swift's cooperative pool, which the caller's tasks, a server's event
/// loops among them, need to stay responsive.
final class WorkerThreads: Sendable {
    private struct State {
        var waiting: [@Sendable () -> Void] = []
        /// The index of the first job not yet taken (jobs are taken from the front without moving
        /// the rest).
        var next = 0
    }

    private let state = Mutex(State())
    private let condition = NSCondition()

    /// `count` threads (at least one), named `name-0`, `name-1` …
    init(count: Int, name: String) {
        for index in 0..<max(count, 1) {
            let thread = Thread { [self] in work() }
            thread.name = "\(name)-\(index)"
            // Layout recurses once per level of a tree; the engine moves deep trees to a large stack
            // itself, and 8 MiB covers the rest.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Runs `job` on one of the threads, after the jobs given before it.
    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        state.withLock { $0.waiting.append(job) }
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            var job: (@Sendable () -> Void)?
            while job == nil {
                job = state.withLock { state -> (@Sendable () -> Void)? in
                    guard state.next < state.waiting.count else { return nil }
                    let job = state.waiting[state.next]
                    state.next += 1
                    // (The taken jobs are dropped once they are half the array.)
                    if state.next * 2 >= state.waiting.count {
                        state.waiting.removeFirst(state.next)
                        state.next = 0
                    }
                    return job
                }
                if job == nil { condition.wait() }
            }
            condition.unlock()
            job?()
        }
    }
}
