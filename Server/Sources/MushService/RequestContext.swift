import Hummingbird
import NIOCore

/// The context of a request to the service: Hummingbird's own, and the connection it came on, so
/// that a job whose client has gone is never started (or is stopped) rather than run for nobody.
public struct MushRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connection, and whether it was open when the request came (a context made without a
    /// live connection, as in tests run through the router alone, counts as always wanted).
    private let channel: any Channel
    private let wasActive: Bool

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
        wasActive = source.channel.isActive
    }

    /// Stops reading the request: its body ends where it is, and the answer can still be written
    /// (a body that takes too long).
    public func stopReading() {
        guard wasActive else { return }
        channel.close(mode: .input, promise: nil)
    }

    /// Whether the client may still read the answer: false once the connection it came on has
    /// closed. Safe to ask from any thread.
    public var stillWanted: @Sendable () -> Bool {
        guard wasActive else { return { true } }
        let channel = channel
        return { channel.isActive }
    }
}
