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
        if let problem = problem(of: info.st_mode) { throw problem }
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
        if let problem = problem(of: info.st_mode), problem == .isFolder || !streams {
            close(descriptor)
            throw problem
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

    /// Why a file of `mode` is not read where only regular files are; nil for a regular file.
    package static func problem(of mode: mode_t) -> Problem? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .isFolder
        case S_IFIFO: .notRegularFile(kind: "a FIFO")
        case S_IFCHR: .notRegularFile(kind: "a character device")
        case S_IFBLK: .notRegularFile(kind: "a block device")
        case S_IFSOCK: .notRegularFile(kind: "a socket")
        default: .notRegularFile(kind: "not a file")
        }
    }
}

/// Writing an output file whole or not at all: the bytes go to a new file beside the path, which
/// then replaces it, so that a failed write leaves what was there.
public enum FileOutput {
    /// Writes `bytes` to `path` (created as `0666` less the process's umask, as any new file). A
    /// failure is the system's error number.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileInput.Problem) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        // A new name beside the path, made here (not by `mkstemp`, whose 0600 file would need the
        // umask read back, which changes it for the whole process for a moment).
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 where descriptor < 0 {
            temporary = folder + "/.mush-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor < 0, errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw FileInput.Problem(errno: errno) }
        var failure = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw FileInput.Problem(errno: failure)
        }
    }

    /// Writes all of `bytes` to `descriptor`, again after an interruption or a short write; the
    /// system's error number when a write fails (`EIO` for one that writes nothing), else nil.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count < 0 ? errno : EIO }
            offset += count
        }
        return nil
    }
}
