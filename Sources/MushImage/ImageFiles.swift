import MushBase

#if canImport(Glibc)
    import Glibc
#endif

/// Where image files are found, and their headers, read at most once each: what layout asks for
/// an image's size and what a renderer asks for its path. Owned by the caller (one per request,
/// or per server, as it likes): two of them share nothing.
///
/// A path is read from ``root`` when one is set: a relative path from it, and any path, once its
/// links are resolved, only when it stays inside it (else ``ImageProblem/outsideRoot(_:)``,
/// and nothing is read). Without a root, a relative path is read from ``folder`` (a JSON file's
/// folder), else from the working folder. Files are read only when they are regular files. The
/// root `""` holds nothing: every image is refused (a service that reads no images).
public final class ImageFiles: Sendable {
    /// The folder every image must be in, links resolved; nil: none.
    public let root: String?
    /// The folder relative paths are read from when there is no root; nil: the working folder.
    public let folder: String?
    private let headers = LockedValue<[String: Result<ImageHeader, ImageProblem>]>([:])
    /// The root with its links resolved (nil when it is not a folder: every path is then outside).
    private let resolvedRoot: String?

    public init(root: String? = nil, folder: String? = nil) {
        self.root = root
        self.folder = folder
        resolvedRoot = root.flatMap(Self.resolved)
    }

    /// The path a file name in the input stands for, or why it may not be read.
    public func path(of file: String) throws(ImageProblem) -> String {
        guard let root else {
            guard !file.hasPrefix("/"), let folder else { return file }
            return folder.hasSuffix("/") ? folder + file : folder + "/" + file
        }
        let joined = file.hasPrefix("/") ? file : (root.hasSuffix("/") ? root + file : root + "/" + file)
        guard let resolvedRoot else { throw .outsideRoot(root) }
        // The root `/` holds every path.
        let prefix = resolvedRoot == "/" ? "/" : resolvedRoot + "/"
        guard let resolved = Self.resolved(joined) else {
            // A path that does not resolve (a missing file): its deepest folder that does, resolved,
            // with the rest of the path after it.
            guard let outside = Self.resolvedAncestor(joined), outside.hasPrefix(prefix) else {
                throw .outsideRoot(root)
            }
            return outside
        }
        guard resolved.hasPrefix(prefix) else { throw .outsideRoot(root) }
        return resolved
    }

    /// The header of the image `file` names, read from its first bytes the first time it is
    /// asked for.
    public func header(of file: String) throws(ImageProblem) -> ImageHeader {
        try header(at: try path(of: file))
    }

    /// The header of the image at `path`, a path ``path(of:)`` gave, read from its first bytes the
    /// first time it is asked for.
    public func header(at path: String) throws(ImageProblem) -> ImageHeader {
        if let known = headers.withLock({ $0[path] }) { return try known.get() }
        let result: Result<ImageHeader, ImageProblem>
        do {
            result = .success(try ImageHeader.read(try Self.firstBytes(of: path)))
        } catch {
            result = .failure(error)
        }
        headers.withLock { $0[path] = result }
        return try result.get()
    }

    /// The size in points of the image `file` names: its shown size in pixels divided by `scale`
    /// (nil: the `@2x` or `@3x` before the file's extension, else 1), for a raster image; an
    /// SVG's own size (``ImageProblem/noSize`` for one without).
    public func size(of file: String, scale: Double? = nil) throws(ImageProblem) -> (width: Double, height: Double) {
        let header = try header(of: file)
        guard header.isRaster else {
            guard header.width > 0, header.height > 0 else { throw .noSize }
            return (header.width, header.height)
        }
        let factor = scale ?? Self.nameScale(file)
        return (header.width / factor, header.height / factor)
    }

    /// 2 or 3 for a name whose stem ends in `@2x` or `@3x` (`icon@2x.png`), else 1.
    public static func nameScale(_ file: String) -> Double {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        if stem.hasSuffix("@2x") { return 2 }
        if stem.hasSuffix("@3x") { return 3 }
        return 1
    }

    /// The first bytes of the file at `path` (a regular file only), ``ImageLimits/headerBytes``
    /// at most.
    static func firstBytes(of path: String) throws(ImageProblem) -> [UInt8] {
        let descriptor: Int32
        do {
            descriptor = try FileInput.open(path)
        } catch {
            throw .unreadable(error)
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: ImageLimits.headerBytes)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw .unreadable(FileInput.Problem(errno: errno))
            }
            if read == 0 { break }
            count += read
        }
        return Array(bytes.prefix(count))
    }

    /// The path with its links resolved, or nil when it does not lead anywhere.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// A path that does not resolve, as its deepest existing ancestor resolved and the rest of
    /// its steps after it (`..` steps taken); nil when no ancestor resolves.
    static func resolvedAncestor(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : (resolved(".") ?? "") + "/" + path
        var steps = normalised(absolute).split(separator: "/").map(String.init)
        var rest: [String] = []
        while !steps.isEmpty {
            if let base = resolved("/" + steps.joined(separator: "/")) {
                return ([base == "/" ? "" : base] + rest).joined(separator: "/")
            }
            rest.insert(steps.removeLast(), at: 0)
        }
        return "/" + rest.joined(separator: "/")
    }

    /// The path with `.` and `..` steps taken (for a path that does not exist).
    static func normalised(_ path: String) -> String {
        var steps: [Substring] = []
        for step in path.split(separator: "/") {
            if step == "." { continue }
            if step == ".." {
                _ = steps.popLast()
            } else {
                steps.append(step)
            }
        }
        return "/" + steps.joined(separator: "/")
    }
}
