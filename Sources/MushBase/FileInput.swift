#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading input files without hanging and without bound: a path is opened without blocking (a
/// FIFO with no writer does not stop the process), kept only when it is a regular file (or, where
/// a stream is allowed, a pipe or a device), and read up to a limit.
public enum FileInput {
    /// Why a file was not read.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// Nothing at the path.
        case notFound
        /// The path is a folder.
        case isFolder
        /// The system refused to open it.
        case permissionDenied
        /// Not a regular file (`a FIFO`, `a character device`, `a socket`, …), where only files
        /// are read.
        case notRegularFile(kind: String)
        /// It holds more than `limit` bytes.
        case tooLarge(limit: Int)
        /// Another error of the system's, by its message.
        case failed(String)

        public var description: String {
            switch self {
            case .notFound: "no such file"
            case .isFolder: "a folder, not a file"
            case .permissionDenied: "permission denied"
            case .notRegularFile(let kind): "\(kind), not a regular file"
            case .tooLarge(let limit): "more than \(limit) bytes (the most it may hold)"
            case .failed(let message): message
            }
        }

        /// The problem of a failed `open`, `stat` or `read`.
        public init(errno code: Int32) {
            switch code {
            case ENOENT, ENOTDIR: self = .notFound
            case EISDIR: self = .isFolder
            case EACCES, EPERM: self = .permissionDenied
            default: self = .failed(String(cString: strerror(code)))
            }
        }
    }

    /// Checks, without opening it, that `path` is a regular file (a font, say, that a library opens
    /// itself).
    public static func checkRegularFile(_ path: String) throws(Problem) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Problem(errno: errno) }
        if let kind = kind(of: info.st_mode) { throw kind == "a folder" ? .isFolder : .notRegularFile(kind: kind) }
    }

    /// Opens `path` for reading and returns its descriptor (the caller closes it). The open never
    /// blocks; a path that is not a regular file is refused, unless `streams` allows pipes and
    /// devices (then read as they come, in blocking mode).
    public static func open(_ path: String, allowingStreams streams: Bool = false) throws(Problem) -> Int32 {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Problem(errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let problem = Problem(errno: errno)
            close(descriptor)
            throw problem
        }
        if let kind = kind(of: info.st_mode), kind == "a folder" || !streams {
            close(descriptor)
            throw kind == "a folder" ? .isFolder : .notRegularFile(kind: kind)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// All the bytes of `descriptor` to its end, refusing more than `limit` (reading stops one byte
    /// past it).
    public static func readAll(_ descriptor: Int32, limit: Int) throws(Problem) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress, min(buffer.count, limit + 1 - bytes.count))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Problem(errno: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { throw .tooLarge(limit: limit) }
        }
    }

    /// All the bytes of the file at `path`, at most `limit` (``open(_:allowingStreams:)`` then
    /// ``readAll(_:limit:)``).
    public static func contents(of path: String, limit: Int, allowingStreams streams: Bool = false) throws(Problem)
        -> [UInt8]
    {
        let descriptor = try open(path, allowingStreams: streams)
        defer { close(descriptor) }
        return try readAll(descriptor, limit: limit)
    }

    /// What a file that is not regular is, as a problem names it; nil for a regular file.
    private static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }
}

/// Writing an output file whole or not at all: the bytes go to a new file beside the path, which
/// then replaces it, so that a failed write leaves what was there.
public enum FileOutput {
    /// Writes `bytes` to `path` (created with the usual permissions, `0666` less the umask). A
    /// failure is the system's error number.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileInput.Problem) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        var template = Array((folder + "/.mush-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileInput.Problem(errno: errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: Int32?
        let mask = umask(0)
        umask(mask)
        if fchmod(descriptor, 0o666 & ~mask) != 0 { failure = errno }
        var offset = 0
        while failure == nil, offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
            }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { failure = count < 0 ? errno : EIO } else { offset += count }
        }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw FileInput.Problem(errno: failure)
        }
    }
}
