import Foundation
import Logging
import MushImage
import MushText

/// How a service runs: its limits, its workers, and where its fonts and images come from.
public struct ServiceSettings: Sendable {
    /// The largest body taken, in bytes (1 MiB by default); a larger one is answered 413.
    public var bodyLimit: Int
    /// The threads that lay out and draw (one a core by default).
    public var workers: Int
    /// How many jobs may wait for a worker (128 a worker by default: a client with 128
    /// connections on one core is never refused); beyond, requests are answered 503.
    public var queueCapacity: Int
    /// How long one job may take (10 s by default); beyond, the request is answered 504.
    public var timeLimit: Duration
    /// The only folder images are read from (nil: no images are read; an image is then drawn as a
    /// crossed placeholder with a warning). No remote URLs are ever fetched.
    public var imageRoot: String?
    /// The fonts: the shipped ones, then the installed ones, kept warm across requests.
    public var fonts: FontCollection
    /// The folder whose JSON documents the playground offers as examples (nil: none).
    public var examples: String?
    /// How long a connection may send nothing complete (30 s by default): an idle keep-alive
    /// connection, or one whose request head has not arrived whole by then, is closed.
    public var idleTimeout: Duration
    /// How long a request's body may take to arrive (30 s by default); beyond, it is answered 408
    /// and its connection closed.
    public var bodyTimeout: Duration
    /// The most connections open at once (512 by default): past it, new connections wait to be
    /// accepted until one closes, so that slow clients cannot use up the process's descriptors.
    public var maximumConnections: Int
    /// The level each request is logged at (`debug` by default: a busy service logs nothing per
    /// request at the `info` level).
    public var requestLogLevel: Logger.Level
    /// Where the logs go, when through a ``LogSink`` (`mush-serve` does): its dropped lines are
    /// then counted in the metrics.
    public var logSink: LogSink?

    public init(
        bodyLimit: Int = 1 << 20, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        queueCapacity: Int? = nil, timeLimit: Duration = .seconds(10), imageRoot: String? = nil,
        fonts: FontCollection = .standard, examples: String? = nil, idleTimeout: Duration = .seconds(30),
        bodyTimeout: Duration = .seconds(30), maximumConnections: Int = 512, requestLogLevel: Logger.Level = .debug,
        logSink: LogSink? = nil
    ) {
        self.examples = examples
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.maximumConnections = max(maximumConnections, 1)
        self.requestLogLevel = requestLogLevel
        self.logSink = logSink
        self.bodyLimit = bodyLimit
        self.workers = max(workers, 1)
        self.queueCapacity = queueCapacity ?? 128 * max(workers, 1)
        self.timeLimit = timeLimit
        self.imageRoot = imageRoot
        self.fonts = fonts
    }

    /// Where images are found: under the image root only; without one, nowhere (the root `""`
    /// holds nothing).
    func images() -> ImageFiles { ImageFiles(root: imageRoot ?? "") }
}
