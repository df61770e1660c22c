import Synchronization

/// A request to stop long work, made once from any thread and read by the work at its checkpoints:
/// a service sets it when a job's time limit passes or its client goes away, and the drawing
/// (between boxes, images, pages and frames) and pagination (between pages) stop at their next
/// check with their typed "cancelled" error, so that a worker is free again within about one box's
/// work instead of running an abandoned job to its end.
///
/// ```swift
/// let cancellation = Cancellation()
/// var options = RenderOptions(scale: 2)
/// options.cancellation = cancellation
/// // on another thread, later: cancellation.cancel()
/// ```
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    /// Asks the work to stop; it stops at its next check. Cancelling twice is cancelling once.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
