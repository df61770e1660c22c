import CCairo
import Foundation

/// Reads PNG files for image items, telling what went wrong when one cannot be drawn.
///
/// Cairo's own reader gives one status for many causes (a damaged PNG, a text file and a huge image
/// all come out as "out of memory" or "error while reading"), so the file is opened here: the
/// system says whether it is missing, a folder or not readable, the first bytes whether it is a PNG
/// at all and how large it says it is, and only then does Cairo decode it, from the open file.
enum PNGFile {
    /// A decoded image, or why there is none.
    enum Outcome {
        /// A Cairo image surface, owned by the caller.
        case image(OpaquePointer)
        case failed(RenderWarning.Problem)
    }

    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG file at `path`, decoded by Cairo.
    static func read(_ path: String) -> Outcome {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failed(problem(errno: errno)) }
        defer { close(descriptor) }
        let reader = Reader(descriptor: descriptor)
        // The signature, then the header chunk's length and type, width and height.
        var head = [UInt8](repeating: 0, count: 24)
        let count = reader.read(into: &head)
        if let error = reader.error { return .failed(problem(errno: error)) }
        guard count >= signature.count, head.starts(with: signature) else { return .failed(.notPNG) }
        guard count == head.count, head[12..<16].elementsEqual("IHDR".utf8) else { return .failed(.damagedPNG) }
        func bigEndian(_ at: Int) -> Int { head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = bigEndian(16), height = bigEndian(20)
        guard width <= Canvas.maximumPixels, height <= Canvas.maximumPixels, width * height <= Canvas.maximumArea else {
            return .failed(.imageTooLarge(width: width, height: height))
        }
        reader.replay = head
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(Reader.read, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let surface else {
            cairo_surface_destroy(surface)
            if let error = reader.error { return .failed(problem(errno: error)) }
            return .failed(.damagedPNG)
        }
        return .image(surface)
    }

    /// The problem a failed `open` or `read` reports.
    private static func problem(errno: Int32) -> RenderWarning.Problem {
        switch errno {
        case ENOENT, ENOTDIR: .imageNotFound
        case EISDIR: .imageIsAFolder
        case EACCES, EPERM: .imagePermissionDenied
        default: .imageNotRead(reason: String(cString: strerror(errno)))
        }
    }

    /// Feeds an open file to Cairo, the bytes already read first, and keeps the first error.
    private final class Reader {
        let descriptor: Int32
        /// Bytes read before Cairo started, given to it first.
        var replay: [UInt8] = []
        var error: Int32?

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// Fills `buffer` from the file as far as it goes; the count read.
        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            var filled = 0
            while filled < buffer.count {
                let got = Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if got > 0 {
                    filled += got
                } else if got == 0 {
                    break
                } else if errno != EINTR {
                    error = error ?? errno
                    break
                }
            }
            return filled
        }

        func read(into bytes: inout [UInt8]) -> Int {
            bytes.withUnsafeMutableBytes { read(into: $0) }
        }

        static let read: cairo_read_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
            let wanted = Int(length)
            let replayed = min(wanted, reader.replay.count)
            if replayed > 0 {
                reader.replay.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: replayed) }
                reader.replay.removeFirst(replayed)
            }
            let rest = UnsafeMutableRawBufferPointer(start: data + replayed, count: wanted - replayed)
            return reader.read(into: rest) == rest.count ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }
    }
}
