import MushBase
import MushImage

/// Decoded pictures kept between renderings, so that a service or a batch drawing the same photos
/// and icons again and again decodes each once: raster images (PNG, JPEG, WebP) by the identity
/// of the file they came from (device, inode, size and time of change, as `ImageFiles` keeps
/// headers: a file rewritten or replaced is another file), at most ``byteLimit`` bytes of pixels
/// in all, the pictures drawn least recently let go first.
///
/// Renderings share the pixels, not the Cairo objects drawing them: each rendering wraps them in a
/// Cairo image of its own, which reads them and never writes them, so any number of renderings on
/// any threads draw one cached picture at once. SVG images are not kept (librsvg's documents are
/// drawn by one thread at a time).
public final class ImageCache: Sendable {
    /// The cache renderings use unless their ``RenderOptions/imageCache`` says otherwise: 256 MiB.
    public static let shared = ImageCache(byteLimit: 256 << 20)

    /// The most bytes of pixels kept (4 a pixel); a picture that alone needs more is not kept.
    public let byteLimit: Int

    private let state = LockedValue(State())

    private struct State: Sendable {
        var entries: [ImageFile.Identity: (pixels: SharedPixels, lastUse: Int)] = [:]
        var bytes = 0
        var uses = 0
    }

    /// A cache of at most `byteLimit` bytes of pixels (0: none kept).
    public init(byteLimit: Int) {
        self.byteLimit = max(byteLimit, 0)
    }

    /// How many pictures are kept now.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The bytes of the pictures kept now.
    public var byteCount: Int { state.withLock { $0.bytes } }

    /// Lets go of every picture (those being drawn stay until their renderings end).
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The pixels decoded from the file of `identity`, if kept.
    func pixels(of identity: ImageFile.Identity) -> SharedPixels? {
        state.withLock { state in
            guard let entry = state.entries[identity] else { return nil }
            state.uses += 1
            state.entries[identity]?.lastUse = state.uses
            return entry.pixels
        }
    }

    /// Keeps `pixels` for the file of `identity`, letting go of the pictures drawn least recently
    /// until they fit; nothing when they alone need more than ``byteLimit``.
    func keep(_ pixels: SharedPixels, for identity: ImageFile.Identity) {
        guard pixels.bytes <= byteLimit else { return }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: identity) { state.bytes -= old.pixels.bytes }
            while state.bytes + pixels.bytes > byteLimit,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.pixels.bytes
            }
            state.uses += 1
            state.entries[identity] = (pixels, state.uses)
            state.bytes += pixels.bytes
        }
    }
}

/// A decoded picture's pixels in Cairo's layout (ARGB32 premultiplied, or RGB24 where `opaque`),
/// never written after they are made: shared by every rendering that draws them, each through a
/// Cairo image of its own (``CairoImage/sharing(_:)``), and freed when the last lets go.
final class SharedPixels: @unchecked Sendable {
    let data: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    /// Bytes a row.
    let stride: Int
    let opaque: Bool
    /// The EXIF orientation it is drawn turned by.
    let orientation: Int
    /// What went wrong that did not stop the decoding (a file cut short), warned about whenever
    /// the picture is drawn, as when it was decoded.
    let note: RenderWarning.Problem?

    /// A copy of `count` bytes at `from`.
    init(
        copying from: UnsafeRawPointer, width: Int, height: Int, stride: Int, opaque: Bool, orientation: Int,
        note: RenderWarning.Problem?
    ) {
        data = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        data.copyMemory(from: from, byteCount: stride * height)
        self.width = width
        self.height = height
        self.stride = stride
        self.opaque = opaque
        self.orientation = orientation
        self.note = note
    }

    deinit { data.deallocate() }

    /// The memory they hold.
    var bytes: Int { stride * height }
}
