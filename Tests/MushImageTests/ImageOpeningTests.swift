import Foundation
import MushBase
import Testing

@testable import MushImage

/// A folder made for one test: an image root holding `blue.png` (the 48 × 48 icon) and a file
/// outside it, `secret.png` (another image: 40 × 20), removed at the end.
struct RootFixture {
    let base: String
    let root: String
    let inside: String
    let outside: String

    init() throws {
        base = NSTemporaryDirectory() + "mush-root-\(UUID().uuidString)"
        root = base + "/root"
        inside = root + "/blue.png"
        outside = base + "/secret.jpg"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ImageHeaderTests.folder + "/user@2x.png", toPath: inside)
        try FileManager.default.copyItem(atPath: ImageHeaderTests.folder + "/halves.jpg", toPath: outside)
    }

    func remove() { try? FileManager.default.removeItem(atPath: base) }

    /// Puts a link to the outside file where `blue.png` was (in one step: a rename over it).
    func swapForLink() {
        let link = root + "/.link-\(UUID().uuidString)"
        symlink(outside, link)
        rename(link, inside)
    }

    /// Puts the picture back (in one step).
    func swapBack() throws {
        let copy = root + "/.copy-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: ImageHeaderTests.folder + "/user@2x.png", toPath: copy)
        rename(copy, inside)
    }
}

/// Opening an image under a root: the file is opened first, and its header and bytes read from the
/// open file, so that swapping its path for a link to outside the root never reads the outside
/// file; paths resolve as the system resolves them.
@Suite("Opening images")
struct ImageOpeningTests {
    let secretBytes = try! Data(contentsOf: URL(fileURLWithPath: ImageHeaderTests.folder + "/halves.jpg"))

    @Test func whatWasOpenedIsWhatIsRead() throws {
        let fixture = try RootFixture()
        defer { fixture.remove() }
        let files = ImageFiles(root: fixture.root)
        let opened = try files.open("blue.png")
        // Swapped after the open (where a check by path, then a read by path, read the outside).
        fixture.swapForLink()
        #expect(try files.header(of: opened) == ImageHeader(format: .png, storedWidth: 48, storedHeight: 48))
        #expect(Data(try opened.contents(limit: 1 << 20)) != secretBytes)
        // Opened with the link in place: refused.
        #expect(throws: ImageProblem.outsideRoot(fixture.root)) { try files.open("blue.png") }
    }

    @Test func aFolderSwappedForALinkLeadsNowhere() throws {
        let fixture = try RootFixture()
        defer { fixture.remove() }
        let files = ImageFiles(root: fixture.root)
        // `sub` a link to the folder above the root: `sub/secret.jpg` is outside.
        symlink(fixture.base, fixture.root + "/sub")
        #expect(throws: ImageProblem.outsideRoot(fixture.root)) { try files.open("sub/secret.jpg") }
        #expect(throws: ImageProblem.outsideRoot(fixture.root)) { try files.open("sub/root/../secret.jpg") }
        // Links that stay inside are followed, absolute or relative, through folders or not.
        symlink(fixture.inside, fixture.root + "/absolute.png")
        symlink("blue.png", fixture.root + "/relative.png")
        #expect(try files.open("absolute.png").path == fixture.inside)
        #expect(try files.open("relative.png").path == fixture.inside)
        #expect(try files.open("sub/root/blue.png").path == fixture.inside)
        // A link outside the root leading in.
        symlink(fixture.inside, fixture.base + "/in.png")
        #expect(try files.open(fixture.base + "/in.png").path == fixture.inside)
        // Links in a loop: the system's error.
        symlink("loop-b", fixture.root + "/loop-a")
        symlink("loop-a", fixture.root + "/loop-b")
        #expect(throws: ImageProblem.unreadable(.failed("Too many levels of symbolic links"))) {
            try files.open("loop-a")
        }
    }

    /// A thread swaps the picture for a link to outside the root and back, again and again, while
    /// the picture is opened and read: nothing read is ever the outside file.
    @Test func swappingInALoopNeverReadsOutside() throws {
        let fixture = try RootFixture()
        defer { fixture.remove() }
        let files = ImageFiles(root: fixture.root)
        let done = LockedValue(false)
        let swapper = Thread {
            while !done.withLock({ $0 }) {
                fixture.swapForLink()
                try? fixture.swapBack()
            }
        }
        swapper.start()
        var read = 0
        var refused = 0
        for _ in 0..<400 {
            do {
                let opened = try files.open("blue.png")
                #expect(Data(try opened.contents(limit: 1 << 20)) != secretBytes)
                #expect(try files.header(of: opened).format == .png)
                read += 1
            } catch ImageProblem.outsideRoot {
                refused += 1
            }
        }
        done.withLock { $0 = true }
        #expect(read + refused == 400)
    }

    @Test func pathsResolveAsTheSystemResolvesThem() throws {
        let fixture = try RootFixture()
        defer { fixture.remove() }
        for files in [ImageFiles(root: fixture.root), ImageFiles(folder: fixture.root)] {
            #expect(try files.header(of: "blue.png").storedWidth == 48)
            // A NUL ends a C string: refused, never read as `blue.png`.
            #expect(throws: ImageProblem.nulInName) { try files.open("blue.png\u{0}../../x") }
            // A file is no folder; `..` after a missing folder is missing.
            #expect(throws: ImageProblem.unreadable(.notFound)) { try files.open("blue.png/") }
            #expect(throws: ImageProblem.unreadable(.notFound)) { try files.open("missing/../blue.png") }
            #expect(throws: ImageProblem.unreadable(.notFound)) { try files.open("blue.png/..") }
        }
        #expect(
            ImageProblem.nulInName.description
                == #"the file name holds a NUL character (\u0000), which no file name may hold: not read"#)
        // The root itself, and a folder in it, are folders.
        let files = ImageFiles(root: fixture.root)
        #expect(throws: ImageProblem.unreadable(.isFolder)) { try files.open(".") }
        try FileManager.default.createDirectory(atPath: fixture.root + "/sub", withIntermediateDirectories: false)
        #expect(throws: ImageProblem.unreadable(.isFolder)) { try files.open("sub/") }
        #expect(try files.open("sub/../blue.png").path == fixture.inside)
    }
}

/// The header cache: by the file's identity, bounded, and never remembering a file that was not
/// there.
@Suite("Image header cache")
struct ImageHeaderCacheTests {
    @Test func aMissingFileThatAppearsIsFound() throws {
        let fixture = try RootFixture()
        defer { fixture.remove() }
        let files = ImageFiles(root: fixture.root)
        #expect(throws: ImageProblem.unreadable(.notFound)) { try files.header(of: "late.png") }
        try FileManager.default.copyItem(atPath: fixture.inside, toPath: fixture.root + "/late.png")
        #expect(try files.size(of: "late.png") == (48, 48))
    }

    @Test func aReplacedFileGivesItsNewSize() throws {
        let fixture = try RootFixture()
        defer { fixture.remove() }
        let files = ImageFiles(root: fixture.root)
        #expect(try files.size(of: "blue.png") == (48, 48))
        // Replaced by another picture (a rename over it), then rewritten in place.
        let other = fixture.root + "/other.jpg"
        try FileManager.default.copyItem(atPath: ImageHeaderTests.folder + "/halves.jpg", toPath: other)
        rename(other, fixture.inside)
        #expect(try files.size(of: "blue.png", scale: 1) == (40, 20))
        try Data(contentsOf: URL(fileURLWithPath: ImageHeaderTests.folder + "/halves-rotated.jpg")).write(
            to: URL(fileURLWithPath: fixture.inside))
        #expect(try files.size(of: "blue.png", scale: 1) == (20, 40))
        // Removed: missing, not remembered.
        try FileManager.default.removeItem(atPath: fixture.inside)
        #expect(throws: ImageProblem.unreadable(.notFound)) { try files.header(of: "blue.png") }
    }

    @Test func theCacheStaysWithinItsBound() throws {
        let fixture = try RootFixture()
        defer { fixture.remove() }
        let files = ImageFiles(root: fixture.root, headerLimit: 8)
        // Many names of missing files: none kept.
        for index in 0..<17_000 {
            #expect(throws: ImageProblem.unreadable(.notFound)) { try files.header(of: "missing-\(index).png") }
        }
        #expect(files.headerCount == 0)
        // More files than the bound: the bound.
        for index in 0..<12 {
            try FileManager.default.copyItem(atPath: fixture.inside, toPath: fixture.root + "/\(index).png")
            _ = try files.header(of: "\(index).png")
        }
        #expect(files.headerCount == 8)
        // The same file under two names is one entry.
        let again = ImageFiles(root: fixture.root)
        _ = try again.header(of: "blue.png")
        _ = try again.header(of: "./blue.png")
        #expect(again.headerCount == 1)
    }
}
