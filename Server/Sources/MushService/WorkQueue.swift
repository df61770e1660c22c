import DequeModule
import Foundation
import Mush
import Synchronization

/// Layout and drawing off the event loop: `workers` threads of their own take jobs in order from
/// a queue that holds at most `capacity` jobs waiting; a job that finds the queue full is refused at
/// once (``ServiceError/busy``), and one that takes longer than its time limit is answered
/// ``ServiceError/timedOut(_:)``. Either way, and when whoever asked for it has gone (its
/// `stillWanted` answers false), the job's `Cancellation` is set: a job still waiting is never
/// started, and one running stops at its next check (the drawing checks before each box, image,
/// page and frame), so that its worker is free again for the next.
///
/// One lock guards it all: the condition its workers wait on guards its state. (Unchecked Sendable
/// for that reason: its only mutable state is read and written under the condition.)
public final class WorkQueue: @unchecked Sendable {
    /// One job: what to run, and where its answer goes.
    private struct Job {
        var run: @Sendable () -> Void
    }

    private struct State {
        /// The jobs waiting, oldest first: a job taken leaves the queue (and with it its closure,
        /// which holds the request's body and its answer) at once.
        var waiting: Deque<Job> = []
        var running = 0
        var stopped = false
    }

    public let workers: Int
    public let capacity: Int
    /// Guarded by `condition`, as `counts` is.
    private var state = State()
    private var counts = (skipped: 0, stopped: 0)
    private let condition = NSCondition()

    /// `body` run under the one lock.
    private func locked<Value>(_ body: () -> Value) -> Value {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

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
    public var inFlight: Int { locked { state.running + state.waiting.count } }

    /// Runs `job` on a worker and gives its answer, or refuses it where `capacity` jobs already
    /// wait, or gives up on it after `limit` (``ServiceError/timedOut(_:)``) or as soon as
    /// `stillWanted` answers false (``ServiceError/clientGone``; asked before the job starts and
    /// every ``watchInterval`` while it waits or runs). Giving up sets the `Cancellation` the job
    /// is handed: a job not yet started is then never started, and a running one should stop at its
    /// next check.
    public func run<Answer: Sendable>(
        limit: Duration, stillWanted: @escaping @Sendable () -> Bool = { true },
        _ job: @escaping @Sendable (Cancellation) throws(ServiceError) -> Answer
    ) async throws(ServiceError) -> Answer {
        let answer = OneAnswer<Result<Answer, ServiceError>>()
        let cancellation = Cancellation()
        let accepted = enqueue(
            Job(run: { [self] in
                guard !cancellation.isCancelled, stillWanted() else {
                    cancellation.cancel()
                    locked { counts.skipped += 1 }
                    answer.give(.failure(.clientGone))
                    return
                }
                do throws(ServiceError) {
                    answer.give(.success(try job(cancellation)))
                } catch {
                    answer.give(.failure(error))
                }
                if cancellation.isCancelled { locked { counts.stopped += 1 } }
            }))
        guard accepted else { throw .busy }
        let watcher = Task {
            let deadline = ContinuousClock.now.advanced(by: limit)
            while !Task.isCancelled {
                let now = ContinuousClock.now
                if now >= deadline {
                    cancellation.cancel()
                    answer.give(.failure(.timedOut(limit)))
                    return
                }
                if !stillWanted() {
                    cancellation.cancel()
                    answer.give(.failure(.clientGone))
                    return
                }
                try? await Task.sleep(for: min(Self.watchInterval, now.duration(to: deadline)))
            }
        }
        let result = await answer.value
        watcher.cancel()
        return try result.get()
    }

    /// A job that needs no `Cancellation` (one that is short, or cannot stop midway), run as the
    /// `run` above runs one that takes it.
    public func run<Answer: Sendable>(
        limit: Duration, stillWanted: @escaping @Sendable () -> Bool = { true },
        _ job: @escaping @Sendable () throws(ServiceError) -> Answer
    ) async throws(ServiceError) -> Answer {
        try await run(limit: limit, stillWanted: stillWanted) { (_: Cancellation) throws(ServiceError) in try job() }
    }

    /// How often a job's time and its client are looked at while it waits or runs: 50 ms.
    public static let watchInterval = Duration.milliseconds(50)

    /// Jobs never started because they were given up on first (their time was up, or their client
    /// gone) and jobs that were told to stop while running, since the queue was made.
    public var givenUp: (skipped: Int, stopped: Int) { locked { counts } }

    /// Stops the workers once the jobs in hand are done.
    public func stop() {
        condition.lock()
        state.stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func enqueue(_ job: Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !state.stopped, state.waiting.count < capacity + max(workers - state.running, 0) else { return false }
        state.waiting.append(job)
        condition.signal()
        return true
    }

    private func work() {
        while true {
            condition.lock()
            while state.waiting.isEmpty {
                if state.stopped {
                    condition.unlock()
                    return
                }
                condition.wait()
            }
            let job = state.waiting.removeFirst()
            state.running += 1
            condition.unlock()
            job.run()
            locked { state.running -= 1 }
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
