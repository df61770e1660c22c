import Foundation

/// Threads of the library's own that run blocking work (layout and drawing) in order, so that it
/// never holds a thread of Swift's cooperative pool, which the caller's tasks, a server's event
/// loops among them, need to stay responsive.
///
/// One lock guards it all: the condition the threads wait on guards the jobs waiting. (Unchecked
/// Sendable for that reason: its only mutable state is read and written under the condition.)
final class WorkerThreads: @unchecked Sendable {
    /// The jobs waiting, from `next` on (jobs are taken from the front without moving the rest).
    private var waiting: [@Sendable () -> Void] = []
    private var next = 0
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
        waiting.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while next == waiting.count { condition.wait() }
            let job = waiting[next]
            next += 1
            // (The taken jobs are dropped once they are half the array.)
            if next * 2 >= waiting.count {
                waiting.removeFirst(next)
                next = 0
            }
            condition.unlock()
            job()
        }
    }
}
