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
public final class WorkQueue: Sendable {
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
    private let state = Mutex(State())
    private let counts = Mutex((skipped: 0, stopped: 0))
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
    public var inFlight: Int { state.withLock { $0.running + $0.waiting.count } }

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
                    counts.withLock { $0.skipped += 1 }
                    answer.give(.failure(.clientGone))
                    return
                }
                do throws(ServiceError) {
                    answer.give(.success(try job(cancellation)))
                } catch {
                    answer.give(.failure(error))
                }
                if cancellation.isCancelled { counts.withLock { $0.stopped += 1 } }
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
    public var givenUp: (skipped: Int, stopped: Int) { counts.withLock { ($0.skipped, $0.stopped) } }

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
            guard !state.stopped, state.waiting.count < capacity + max(workers - state.running, 0) else { return false }
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
                    guard let job = state.waiting.popFirst() else { return (nil, state.stopped) }
                    state.running += 1
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
