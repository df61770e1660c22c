import Foundation
import Synchronization

/// Layout and drawing off the event loop: `workers` threads of their own take jobs in order from
/// a queue that holds at most `capacity` jobs waiting; a job that finds the queue full is refused at
/// once (``ServiceError/busy``), and one that takes longer than its time limit is answered
/// ``ServiceError/timedOut(_:)`` (the job itself runs to its end: work in hand cannot be stopped, and
/// its worker stays busy until then).
public final class WorkQueue: Sendable {
    /// One job: what to run, and where its answer goes.
    private struct Job {
        var run: @Sendable () -> Void
    }

    private struct State {
        var waiting: [Job] = []
        /// The index of the next job to take (the array is compacted now and then).
        var next = 0
        var running = 0
        var stopped = false
        var count: Int { waiting.count - next }
    }

    public let workers: Int
    public let capacity: Int
    private let state = Mutex(State())
    private let condition = NSCondition()

    /// A queue of `workers` threads (at least one) and room for `capacity` jobs waiting.
    public init(workers: Int, capacity: Int) {
        self.workers = max(workers, 1)
        self.capacity = max(capacity, 0)
        for index in 0..<self.workers {
            let thread = Thread { [self] in work() }
            thread.name = "mush-worker-\(index)"
            // Layout recurses once per level of a tree; the engine moves deep trees to a large stack
            // itself, and 8 MiB covers the rest.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// How many jobs are running and waiting.
    public var inFlight: Int { state.withLock { $0.running + $0.count } }

    /// Runs `job` on a worker and gives its answer, or refuses it where `capacity` jobs already
    /// wait, or gives up on it after `limit`.
    public func run<Answer: Sendable>(
        limit: Duration, _ job: @escaping @Sendable () throws(ServiceError) -> Answer
    ) async throws(ServiceError) -> Answer {
        let answer = OneAnswer<Result<Answer, ServiceError>>()
        let accepted = enqueue(
            Job(run: {
                do throws(ServiceError) {
                    answer.give(.success(try job()))
                } catch {
                    answer.give(.failure(error))
                }
            }))
        guard accepted else { throw .busy }
        let timer = Task {
            try? await Task.sleep(for: limit)
            answer.give(.failure(.timedOut(limit)))
        }
        let result = await answer.value
        timer.cancel()
        return try result.get()
    }

    /// Stops the workers once the jobs in hand are done.
    public func stop() {
        condition.lock()
        state.withLock { $0.stopped = true }
        condition.broadcast()
        condition.unlock()
    }

    private func enqueue(_ job: Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let accepted = state.withLock { state -> Bool in
            guard !state.stopped, state.count < capacity + max(workers - state.running, 0) else { return false }
            state.waiting.append(job)
            return true
        }
        if accepted { condition.signal() }
        return accepted
    }

    private func work() {
        while true {
            condition.lock()
            var job: Job?
            while true {
                let (taken, stopped) = state.withLock { state -> (Job?, Bool) in
                    guard state.count > 0 else { return (nil, state.stopped) }
                    let job = state.waiting[state.next]
                    state.next += 1
                    state.running += 1
                    if state.next > 64, state.next * 2 > state.waiting.count {
                        state.waiting.removeFirst(state.next)
                        state.next = 0
                    }
                    return (job, false)
                }
                if let taken {
                    job = taken
                    break
                }
                if stopped {
                    condition.unlock()
                    return
                }
                condition.wait()
            }
            condition.unlock()
            job?.run()
            state.withLock { $0.running -= 1 }
        }
    }
}

/// An answer given once, by whichever comes first (the job or its timer), and awaited once.
final class OneAnswer<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiter: CheckedContinuation<Value, Never>?
    }

    private let state = Mutex(State())

    /// Gives the answer, unless one was given already.
    func give(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: value)
    }

    /// The answer, once given.
    var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Value? in
                    if let value = state.value { return value }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}
