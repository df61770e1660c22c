import Foundation
import Mush
import MushBase
import MushBox
import MushDSL
import MushImage
import MushRender
import MushText

/// Draws box trees written in Swift (`MushDSL`) from async code: the layout and the drawing run on
/// threads of the renderer's own (``threads`` of them), never on the caller's cooperative pool,
/// and a task cancelled while its drawing waits or runs stops it at the drawing's next check.
///
/// ```swift
/// let renderer = BoxRenderer()
/// let card = Column(spacing: 8) { Text("Hello") }.padding(12)
/// let png = try await renderer.render(card, as: .png(scale: 2))
/// ```
public final class BoxRenderer: Sendable {
    /// What to draw: a PNG, JPEG or WebP at a scale (pixels a point), an SVG or a one-page PDF.
    public enum Output: Sendable, Hashable {
        case png(scale: Double = 1)
        case jpeg(quality: Int = RenderOptions.defaultQuality, scale: Double = 1)
        case webp(scale: Double = 1)
        case svg
        case pdf
    }

    /// Why a drawing failed.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The tree has a bad value (named by its path).
        case build(BuildError)
        /// The tree cannot be laid out as it is (named by its path).
        case layout(BoxError)
        /// The picture cannot be drawn (no area, too large, Cairo failed).
        case render(RenderError)
        /// The task was cancelled.
        case cancelled

        public var description: String {
            switch self {
            case .build(let error): error.description
            case .layout(let error): error.description
            case .render(let error): error.description
            case .cancelled: "cancelled"
            }
        }
    }

    /// How many threads draw at once.
    public let threads: Int
    public let fonts: FontCollection
    /// Where images' files are found (their paths relative to its root).
    public let images: ImageFiles
    private let workers: WorkerThreads

    /// A renderer of `threads` threads (by default as many as the machine's cores), its texts in
    /// `fonts` and its images found by `images`.
    public init(
        threads: Int = ProcessInfo.processInfo.activeProcessorCount, fonts: FontCollection = .standard,
        images: ImageFiles = ImageFiles()
    ) {
        self.threads = max(threads, 1)
        self.fonts = fonts
        self.images = images
        workers = WorkerThreads(count: self.threads, name: "mush-render")
    }

    /// `tree` laid out in `width` × `height` (its content's size by default) and drawn as `output`.
    public func render(
        _ tree: some BoxContent, as output: Output, width: AvailableSpace = .maxContent,
        height: AvailableSpace = .maxContent
    ) async throws(Failure) -> Rendering {
        let box = tree.box
        let (fonts, images) = (self.fonts, self.images)
        return try await onWorker { cancellation throws(Failure) in
            try Self.draw(
                box, as: output, width: width, height: height, fonts: fonts, images: images, cancellation: cancellation)
        }
    }

    /// Runs `work` on one of the renderer's threads, after the work asked for before it, and gives
    /// its answer; a task cancelled while `work` waits never starts it, and one cancelled while it
    /// runs sets the `Cancellation` it is handed.
    func onWorker<Answer: Sendable>(_ work: @escaping @Sendable (Cancellation) throws(Failure) -> Answer)
        async throws(Failure) -> Answer
    {
        let cancellation = Cancellation()
        let result: Result<Answer, Failure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                workers.run {
                    guard !cancellation.isCancelled else { return continuation.resume(returning: .failure(.cancelled)) }
                    do throws(Failure) {
                        continuation.resume(returning: .success(try work(cancellation)))
                    } catch {
                        continuation.resume(returning: .failure(error))
                    }
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
        return try result.get()
    }

    /// The format and options of `output`, its images found by `images`.
    static func options(_ output: Output, images: ImageFiles, cancellation: Cancellation) -> (
        RenderFormat, RenderOptions
    ) {
        var options = RenderOptions()
        options.images = images
        options.cancellation = cancellation
        let format: RenderFormat
        switch output {
        case .png(let scale): (format, options.scale) = (.png, scale)
        case .jpeg(let quality, let scale): (format, options.scale, options.quality) = (.jpeg, scale, quality)
        case .webp(let scale): (format, options.scale) = (.webp, scale)
        case .svg: format = .svg
        case .pdf: format = .pdf
        }
        return (format, options)
    }

    /// The blocking work of ``render(_:as:width:height:)``, on a worker thread.
    private static func draw(
        _ box: Box, as output: Output, width: AvailableSpace, height: AvailableSpace, fonts: FontCollection,
        images: ImageFiles, cancellation: Cancellation
    ) throws(Failure) -> Rendering {
        let node: BoxNode
        do throws(BuildError) {
            node = try box.node(fonts: fonts)
        } catch {
            throw .build(error)
        }
        let layout: BoxLayout
        do throws(BoxError) {
            layout = try BoxEngine.layout(node, width: width, height: height)
        } catch {
            throw .layout(error)
        }
        let (format, options) = Self.options(output, images: images, cancellation: cancellation)
        do throws(RenderError) {
            return try Renderer.render(layout, as: format, options: options)
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .render(error)
        }
    }
}
