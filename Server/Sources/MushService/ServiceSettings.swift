import Foundation
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

    public init(
        bodyLimit: Int = 1 << 20, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        queueCapacity: Int? = nil, timeLimit: Duration = .seconds(10), imageRoot: String? = nil,
        fonts: FontCollection = .standard, examples: String? = nil
    ) {
        self.examples = examples
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
