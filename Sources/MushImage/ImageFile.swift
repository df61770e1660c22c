import MushBase

#if canImport(Glibc)
    import Glibc
#endif

/// An image file opened for reading: its descriptor, closed when this goes away, and what the
/// system says of it. Everything read of an image (its header, then its pixels) is read from the
/// one descriptor, so what was checked (its place under the image root, that it is a regular
/// file) is what is drawn, whatever happens to its path meanwhile. Used by one thread at a time.
public final class ImageFile {
    /// The path it was opened at (links resolved under an image root): for messages.
    public let path: String
    /// Which file it is, and its state when opened.
    public let identity: Identity
    /// The open descriptor, owned (read it by position: `pread`).
    package let descriptor: Int32

    /// A file's identity as the cache of headers knows it: the device and inode say which file it
    /// is, the size and the time of its last change which version of it. A file replaced (a new
    /// inode) or rewritten (a new time or size) is another.
    public struct Identity: Hashable, Sendable {
        public var device: UInt64
        public var inode: UInt64
        public var size: Int64
        public var modifiedSeconds: Int64
        public var modifiedNanoseconds: Int64
    }

    /// Takes `descriptor` (open for reading) over, checking that it is a regular file; the caller
    /// no longer closes it.
    init(descriptor: Int32, path: String) throws(FileInput.Problem) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let problem = FileInput.Problem(errno: errno)
            close(descriptor)
            throw problem
        }
        if let problem = FileInput.problem(of: info.st_mode) {
            close(descriptor)
            throw problem
        }
        // Opened without blocking (a FIFO would have waited for a writer); read in blocking mode.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        self.descriptor = descriptor
        self.path = path
        identity = Identity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedSeconds: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    deinit { close(descriptor) }

    /// The file's bytes from its start, `limit` at most (those there are when it is shorter): read
    /// by position, so that reading again starts again.
    public func bytes(upTo limit: Int) throws(FileInput.Problem) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(limit, max(Int(identity.size), 0) + 1))
        var count = 0
        while true {
            if count == bytes.count {
                // Grown since it was opened: read on, in steps, up to the limit.
                guard count < limit else { break }
                bytes.append(contentsOf: repeatElement(0, count: min(limit - count, max(count, 1 << 16))))
            }
            let read = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + count, buffer.count - count, off_t(count))
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw FileInput.Problem(errno: errno)
            }
            if read == 0 { break }
            count += read
        }
        return Array(bytes.prefix(count))
    }

    /// All the file's bytes, refusing more than `limit` (`FileInput.Problem.tooLarge(limit:)`).
    public func contents(limit: Int) throws(FileInput.Problem) -> [UInt8] {
        let bytes = try bytes(upTo: limit + 1)
        guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
        return bytes
    }
}

/// Opening a path under an image root without ever following a link out of it: the path is walked
/// one step at a time from `/`, each folder opened (`O_PATH`, `O_NOFOLLOW`) from the one before,
/// each link read and its target walked in its place, `..` taken back to the folder walked before
/// (as the system takes it: after the links). The file at the end is opened from its folder's
/// descriptor, without following a link, only when the path walked is inside the root; so a path
/// swapped for a link meanwhile is either walked as a link or not opened at all.
enum ConfinedOpening {
    /// `O_PATH` (Linux's value), which Swift's Glibc does not export: a descriptor naming a folder
    /// to open from, which needs no permission to read it.
    static let pathOnly: Int32 = 0o10_000_000
    /// The most links followed in one path (the system's own limit).
    static let linkLimit = 40

    /// The folders walked, from `/`, each with its open descriptor (owned, closed when stepped back
    /// out of, or when this goes away).
    private final class Walk {
        var names: [String] = []
        var descriptors: [Int32] = []

        init() throws(FileInput.Problem) {
            try restart()
        }

        deinit {
            for descriptor in descriptors { close(descriptor) }
        }

        /// Back at `/`.
        func restart() throws(FileInput.Problem) {
            for descriptor in descriptors { close(descriptor) }
            descriptors = []
            names = []
            let root = Glibc.open("/", pathOnly | O_DIRECTORY | O_CLOEXEC)
            guard root >= 0 else { throw FileInput.Problem(errno: errno) }
            descriptors = [root]
        }

        var folder: Int32 { descriptors[descriptors.count - 1] }

        /// The path of `name` in the folder reached.
        func path(of name: String? = nil) -> String {
            "/" + (names + (name.map { [$0] } ?? [])).joined(separator: "/")
        }

        func enter(_ name: String, descriptor: Int32) {
            names.append(name)
            descriptors.append(descriptor)
        }

        /// `..`: the folder before (`/` stays `/`).
        func leave() {
            guard descriptors.count > 1 else { return }
            close(descriptors.removeLast())
            names.removeLast()
        }
    }

    /// The file at `path` (absolute), opened for reading when, its links resolved, it lies inside
    /// `root` (absolute and resolved; `/` holds everything), with its resolved path; else
    /// ``ImageProblem/outsideRoot(_:)`` naming `rootName`. A step that is missing, or a file used
    /// as a folder (`blue.png/`), is `FileInput.Problem.notFound` where its path is inside.
    static func open(_ path: String, inside root: String, rootName: String) throws(ImageProblem) -> ImageFile {
        func isInside(_ path: String) -> Bool {
            root == "/" || path == root || path.hasPrefix(root + "/")
        }
        let walk: Walk
        do {
            walk = try Walk()
        } catch {
            throw .unreadable(error)
        }
        // The steps left, last first; a path ending in `/` names a folder.
        var steps = Array(path.split(separator: "/").map(String.init).reversed())
        let wantsFolder = path.hasSuffix("/")
        var links = 0
        /// Walks the link's `target` in the place of the step that named it.
        func follow(_ target: String) throws(ImageProblem) {
            links += 1
            guard links <= linkLimit else { throw .unreadable(FileInput.Problem(errno: ELOOP)) }
            if target.hasPrefix("/") {
                do {
                    try walk.restart()
                } catch {
                    throw .unreadable(error)
                }
            }
            steps += target.split(separator: "/").map(String.init).reversed()
        }
        while let step = steps.popLast() {
            if step == "." { continue }
            if step == ".." {
                walk.leave()
                continue
            }
            let isLast = steps.isEmpty && !wantsFolder
            let inside = isInside(walk.path(of: step))
            // A file outside is not even opened (a link there may lead back in).
            if isLast, !inside {
                guard let target = readLink(step, in: walk.folder) else { throw .outsideRoot(rootName) }
                try follow(target)
                continue
            }
            let flags = O_CLOEXEC | O_NOFOLLOW | (isLast ? O_RDONLY | O_NONBLOCK : pathOnly | O_DIRECTORY)
            let descriptor = openat(walk.folder, step, flags)
            if descriptor < 0 {
                let code = errno
                if code == EINTR {
                    steps.append(step)
                    continue
                }
                // A link (refused by `O_NOFOLLOW`): its target is walked instead.
                if code == ELOOP || code == ENOTDIR {
                    if let target = readLink(step, in: walk.folder) {
                        try follow(target)
                        continue
                    }
                    // A link a moment ago, swapped since: looked at again (as often as links are
                    // followed).
                    if code == ELOOP, links < linkLimit {
                        links += 1
                        steps.append(step)
                        continue
                    }
                }
                throw inside ? .unreadable(FileInput.Problem(errno: code)) : .outsideRoot(rootName)
            }
            if isLast {
                do {
                    return try ImageFile(descriptor: descriptor, path: walk.path(of: step))
                } catch {
                    throw .unreadable(error)
                }
            }
            walk.enter(step, descriptor: descriptor)
        }
        // The path ends at a folder (`sub/`, `sub/..`).
        throw isInside(walk.path()) ? .unreadable(.isFolder) : .outsideRoot(rootName)
    }

    /// The target of the link `name` in `folder`; nil when it is not a link.
    static func readLink(_ name: String, in folder: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(folder, name, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
