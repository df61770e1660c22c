import Foundation
import MushBase
import MushImage

/// Reads PNG files for image items, telling what went wrong when one cannot be drawn.
///
/// Cairo's own reader gives one status for many causes (a damaged PNG, a text file and a huge image
/// all come out as "out of memory" or "error while reading"), so the file is opened first (by
/// `ImageFiles`: the system says whether it is missing, a folder or not readable), its first bytes
/// say whether it is a PNG at all and how large it says it is, and only then does Cairo decode it,
/// from the same open file.
enum PNGFile {
    /// A decoded image, or why there is none.
    enum Outcome {
        case image(CairoImage)
        case failed(RenderWarning.Problem)
    }

    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG image `file` (opened already), decoded by Cairo: refused when its pixels (4 bytes
    /// each) would need more than `limit` bytes, and otherwise `makeRoom` is given those bytes
    /// before decoding.
    static func read(_ file: ImageFile, limit: Int, makeRoom: (Int) -> Void) -> Outcome {
        read(descriptor: file.descriptor, limit: limit, makeRoom: makeRoom)
    }

    /// The PNG file open at `descriptor`, read from its start by position.
    private static func read(descriptor: Int32, limit: Int, makeRoom: (Int) -> Void) -> Outcome {
        let reader = Reader(descriptor: descriptor)
        // The signature, then the header chunk's length and type, width and height.
        var head = [UInt8](repeating: 0, count: 24)
        let count = reader.read(into: &head)
        if let error = reader.error { return .failed(problem(errno: error)) }
        guard count >= signature.count, head.starts(with: signature) else { return .failed(.notAnImage) }
        guard count == head.count, head[12..<16].elementsEqual("IHDR".utf8) else {
            return .failed(.damagedImage("PNG"))
        }
        func bigEndian(_ at: Int) -> Int { head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = bigEndian(16)
        let height = bigEndian(20)
        guard width <= Canvas.maximumPixels, height <= Canvas.maximumPixels, width * height <= Canvas.maximumArea else {
            return .failed(.imageTooLarge(width: width, height: height))
        }
        guard width * height * 4 <= limit else {
            return .failed(.imageOverMemoryLimit(width: width, height: height, limit: limit))
        }
        makeRoom(width * height * 4)
        reader.replay = head
        guard let image = CairoImage.png(reading: reader.feed) else {
            if let error = reader.error { return .failed(problem(errno: error)) }
            return .failed(.damagedImage("PNG"))
        }
        return .image(image)
    }

    /// The problem a failed `open` or `read` reports.
    private static func problem(errno: Int32) -> RenderWarning.Problem {
        problem(FileInput.Problem(errno: errno))
    }

    private static func problem(_ problem: FileInput.Problem) -> RenderWarning.Problem {
        switch problem {
        case .notFound: .imageNotFound
        case .isFolder: .imageIsAFolder
        case .permissionDenied: .imagePermissionDenied
        case .notRegularFile, .tooLarge, .failed: .imageNotRead(reason: problem.description)
        }
    }

    /// Feeds an open file to Cairo, the bytes already read first, and keeps the first error.
    private final class Reader {
        let descriptor: Int32
        /// Where the next read starts.
        var offset = 0
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
                let got = pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset))
                if got > 0 {
                    filled += got
                    offset += got
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

        /// Fills `buffer` entirely, the replayed bytes first, then from the file; false when the
        /// file ends or fails first.
        func feed(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
            let replayed = min(buffer.count, replay.count)
            if replayed > 0 {
                buffer.copyBytes(from: replay[..<replayed])
                replay.removeFirst(replayed)
            }
            let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[replayed...])
            return read(into: rest) == rest.count
        }
    }
}
