import MushBase

#if canImport(Glibc)
    import Glibc
#endif

/// Where image files are found, and their headers, read at most once each: what layout asks for
/// an image's size and what a renderer asks for its file. Owned by the caller (one per request,
/// or per server, as it likes): two of them share nothing.
///
/// A path is read from ``root`` when one is set: a relative path from it, and any path, once its
/// links are resolved, only when it stays inside it (else ``ImageProblem/outsideRoot(_:)``,
/// and nothing is read). Without a root, a relative path is read from ``folder`` (a JSON file's
/// folder), else from the working folder. Files are read only when they are regular files. The
/// root `""` holds nothing: every image is refused (a service that reads no images).
///
/// A file is opened first and everything else is asked of the open file (see ``ImageFile``), so
/// that a path swapped for a link between a check and a read cannot lead out of the root. Headers
/// are kept by the file's identity (device, inode, size, time of change), never by its path, at
/// most ``headerLimit`` of them, the least recently used forgotten first; a file that cannot be
/// opened is not remembered (it may appear).
public final class ImageFiles: Sendable {
    /// The folder every image must be in, links resolved; nil: none.
    public let root: String?
    /// The folder relative paths are read from when there is no root; nil: the working folder.
    public let folder: String?
    /// The most headers kept (each a few dozen bytes: the bound on entries bounds the bytes).
    public let headerLimit: Int
    private let headers = LockedValue(HeaderCache())
    /// The root with its links resolved (nil when it is not a folder: every path is then outside).
    public let resolvedRoot: String?

    /// Headers by file identity, each with when it was last asked for.
    private struct HeaderCache {
        var entries: [ImageFile.Identity: (header: Result<ImageHeader, ImageProblem>, lastUse: Int)] = [:]
        var uses = 0
    }

    public init(root: String? = nil, folder: String? = nil, headerLimit: Int = 4096) {
        self.root = root
        self.folder = folder
        self.headerLimit = max(headerLimit, 1)
        resolvedRoot = root.flatMap(Self.resolved)
    }

    /// How many headers are kept now.
    public var headerCount: Int { headers.withLock { $0.entries.count } }

    /// The path a file name in the input stands for, as given (joined to the root or folder, its
    /// links not resolved): what messages name when the file cannot be opened.
    public func shownPath(of file: String) -> String {
        guard let base = root ?? (file.hasPrefix("/") ? nil : folder), !file.hasPrefix("/") else { return file }
        return base.hasSuffix("/") ? base + file : base + "/" + file
    }

    /// Opens the image a file name in the input stands for, or says why it may not be read: a
    /// name holding a NUL character is refused (``ImageProblem/nulInName``), and under a root the
    /// path is walked step by step, never out of it (`ConfinedOpening`).
    public func open(_ file: String) throws(ImageProblem) -> ImageFile {
        guard !file.utf8.contains(0) else { throw .nulInName }
        guard let root else {
            let path = shownPath(of: file)
            let descriptor: Int32
            do {
                descriptor = try FileInput.open(path)
                return try ImageFile(descriptor: descriptor, path: path)
            } catch {
                throw .unreadable(error)
            }
        }
        guard let resolvedRoot else { throw .outsideRoot(root) }
        let joined = file.hasPrefix("/") ? file : resolvedRoot + "/" + file
        return try ConfinedOpening.open(joined, inside: resolvedRoot, rootName: root)
    }

    /// The header of the image `file` names, read from its first bytes the first time it is
    /// asked for.
    public func header(of file: String) throws(ImageProblem) -> ImageHeader {
        try header(of: try open(file))
    }

    /// The header of an open image, read from its first bytes the first time this version of the
    /// file is asked for.
    public func header(of file: ImageFile) throws(ImageProblem) -> ImageHeader {
        let known = headers.withLock { cache -> Result<ImageHeader, ImageProblem>? in
            guard let entry = cache.entries[file.identity] else { return nil }
            cache.uses += 1
            cache.entries[file.identity]?.lastUse = cache.uses
            return entry.header
        }
        if let known { return try known.get() }
        let result: Result<ImageHeader, ImageProblem>
        do {
            result = .success(try Self.readHeader(of: file))
        } catch {
            // A failed read is the system's, and may not last: not kept.
            if case .unreadable = error { throw error }
            result = .failure(error)
        }
        headers.withLock { cache in
            if cache.entries.count >= headerLimit,
                let oldest = cache.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                cache.entries[oldest] = nil
            }
            cache.uses += 1
            cache.entries[file.identity] = (result, cache.uses)
        }
        return try result.get()
    }

    /// The header in the file's first bytes (``ImageLimits/headerBytes``; more, up to
    /// ``ImageLimits/fileBytes``, for an SVG whose prolog runs past them).
    static func readHeader(of file: ImageFile) throws(ImageProblem) -> ImageHeader {
        let first: [UInt8]
        do {
            first = try file.bytes(upTo: ImageLimits.headerBytes)
        } catch {
            throw .unreadable(error)
        }
        if first.count < ImageLimits.headerBytes { return try ImageHeader.read(first) }
        if let header = try ImageHeader.read(first, isWhole: false) { return header }
        let whole: [UInt8]
        do {
            whole = try file.bytes(upTo: ImageLimits.fileBytes)
        } catch {
            throw .unreadable(error)
        }
        return try ImageHeader.read(whole)
    }

    /// The size in points of the image `file` names: its shown size in pixels divided by `scale`
    /// (nil: the `@2x` or `@3x` before the file's extension, else 1), for a raster image; an
    /// SVG's own size (``ImageProblem/noSize`` for one without).
    public func size(of file: String, scale: Double? = nil) throws(ImageProblem) -> (width: Double, height: Double) {
        let header = try header(of: file)
        guard header.isRaster else {
            guard header.width > 0, header.height > 0 else { throw .noSize }
            // Its size is needed: it must be one a layout can use.
            guard header.hasUsableSize else { throw .svgTooLarge(width: header.width, height: header.height) }
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

    /// The path with its links resolved, or nil when it does not lead anywhere.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
