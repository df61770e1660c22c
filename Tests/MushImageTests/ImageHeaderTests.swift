import Foundation
import MushBase
import Testing

@testable import MushImage

/// Image sizes from the files' headers, every format, orientation, scale, limit and problem.
@Suite("Image headers")
struct ImageHeaderTests {
    static let folder = Bundle.module.resourceURL!.appendingPathComponent("Images").path
    let files = ImageFiles(folder: ImageHeaderTests.folder)

    func header(_ name: String) throws -> ImageHeader { try files.header(of: name) }

    @Test func eachFormatsSize() throws {
        #expect(try header("halves.jpg") == ImageHeader(format: .jpeg, storedWidth: 40, storedHeight: 20))
        #expect(try header("halves-lossless.webp") == ImageHeader(format: .webp, storedWidth: 40, storedHeight: 20))
        #expect(try header("halves-lossy.webp") == ImageHeader(format: .webp, storedWidth: 40, storedHeight: 20))
        #expect(try header("user@2x.png") == ImageHeader(format: .png, storedWidth: 48, storedHeight: 48))
        #expect(try header("icon.svg") == ImageHeader(format: .svg, storedWidth: 24, storedHeight: 24))
        #expect(try header("wide.svg") == ImageHeader(format: .svg, storedWidth: 300, storedHeight: 100))
    }

    @Test func anEXIFOrientationTurnsTheSize() throws {
        let rotated = try header("halves-rotated.jpg")
        #expect(rotated.orientation == 6)
        #expect(rotated.storedWidth == 40 && rotated.storedHeight == 20)
        #expect(rotated.width == 20 && rotated.height == 40)
    }

    @Test func sizesInPointsFollowTheScale() throws {
        // `@2x` halves the pixels; a scale given wins; an SVG is in points already.
        #expect(try files.size(of: "user@2x.png") == (24, 24))
        #expect(try files.size(of: "user@2x.png", scale: 3) == (16, 16))
        #expect(try files.size(of: "halves.jpg") == (40, 20))
        #expect(try files.size(of: "icon.svg", scale: 2) == (24, 24))
        #expect(ImageFiles.nameScale("a/b/icon@3x.webp") == 3)
        #expect(ImageFiles.nameScale("icon@2x") == 1)
    }

    @Test func problemsAreNamed() throws {
        #expect(throws: ImageProblem.damaged(.jpeg)) { try header("cut.jpg") }
        #expect(throws: ImageProblem.tooLarge(width: 100_000, height: 100_000)) { try header("bomb.png") }
        #expect(throws: ImageProblem.unknownFormat) { try header("not-an-image.png") }
        #expect(throws: ImageProblem.unreadable(.notFound)) { try header("missing.png") }
        #expect(throws: ImageProblem.unreadable(.isFolder)) { try ImageFiles().header(of: Self.folder) }
        #expect(
            ImageProblem.tooLarge(width: 100_000, height: 100_000).description
                == "declares 100000 × 100000 pixels, more than 32767 a side or 50000000 in all")
    }

    @Test func svgSizesFromTheirAttributes() throws {
        func svg(_ text: String) throws -> ImageHeader? {
            guard case .header(let header) = try SVGHeader.read(Array(text.utf8)) else { return nil }
            return header
        }
        #expect(try svg(#"<svg width="2in" height="10pt"/>"#)?.storedWidth == 192)
        #expect(try svg(#"<svg width="2in" height="10pt"/>"#)?.storedHeight == 40.0 / 3)
        // One length and a viewBox: the other from the viewBox's ratio.
        #expect(try svg(#"<svg width="50" viewBox="0 0 200 100"/>"#)?.storedHeight == 25)
        #expect(try svg(#"<svg height="50%" viewBox="0,0,20,10"/>"#)?.storedWidth == 20)
        // A prolog, a document type with an internal subset, a prefixed root.
        let prolog = #"<?xml version="1.0"?><!DOCTYPE svg [ <!ENTITY a "b"> ]><!-- c --><s:svg width='3' height='4'>"#
        #expect(try svg(prolog) == ImageHeader(format: .svg, storedWidth: 3, storedHeight: 4))
        #expect(try svg("<html><svg width='3' height='4'/></html>") == nil)
        #expect(try svg("<svg/>") == ImageHeader(format: .svg, storedWidth: 0, storedHeight: 0))
        #expect(throws: ImageProblem.noSize) {
            let path = NSTemporaryDirectory() + "/mush-nosize-\(UUID().uuidString).svg"
            try "<svg xmlns='http://www.w3.org/2000/svg'/>".write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            _ = try ImageFiles().size(of: path)
        }
        #expect(throws: ImageProblem.damaged(.svg)) { try ImageHeader.read(Array("<svg width=3".utf8)) }
        #expect(throws: ImageProblem.damaged(.svg)) { try ImageHeader.read(Array("<svg".utf8)) }
        #expect(throws: ImageProblem.unknownFormat) { try ImageHeader.read(Array("<!-- <svg>".utf8)) }
    }

    @Test func aRootConfinesEveryPath() throws {
        let root = ImageFiles(root: Self.folder)
        #expect(try root.size(of: "icon.svg") == (24, 24))
        #expect(throws: ImageProblem.outsideRoot(Self.folder)) { try root.header(of: "../ImageHeaderTests.swift") }
        #expect(throws: ImageProblem.outsideRoot(Self.folder)) { try root.header(of: "/etc/hostname") }
        // A link inside the root that leads outside it is outside.
        let link = Self.folder + "/outside-link.png"
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc/hostname")
        defer { try? FileManager.default.removeItem(atPath: link) }
        #expect(throws: ImageProblem.outsideRoot(Self.folder)) { try root.header(of: "outside-link.png") }
        // A missing file inside the root is read (and found missing), one outside is not.
        #expect(throws: ImageProblem.unreadable(.notFound)) { try root.header(of: "missing.png") }
        #expect(throws: ImageProblem.outsideRoot(Self.folder)) { try root.header(of: "../missing.png") }
    }

    @Test func aHeaderIsReadOncePerVersionOfAFile() throws {
        let files = ImageFiles(folder: Self.folder)
        let copy = NSTemporaryDirectory() + "/mush-header-\(UUID().uuidString).svg"
        try FileManager.default.copyItem(atPath: Self.folder + "/icon.svg", toPath: copy)
        #expect(try files.size(of: copy) == (24, 24))
        #expect(try files.size(of: copy) == (24, 24))
        #expect(files.headerCount == 1)
        try FileManager.default.removeItem(atPath: copy)
        // Gone from the disk: gone (a header is kept by the file's identity, not its path).
        #expect(throws: ImageProblem.unreadable(.notFound)) { try files.size(of: copy) }
    }

    @Test func svgSizesAreBoundedWhereTheyAreUsed() throws {
        // The header reads (a node that gives the size draws it); a size asked for is refused.
        #expect(try ImageHeader.read(Array(#"<svg width="1e300" height="1"/>"#.utf8)).storedWidth == 1e300)
        let path = NSTemporaryDirectory() + "/mush-huge-\(UUID().uuidString).svg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (text, width) in [
            (#"<svg width="1e300" height="1"/>"#, 1e300), (#"<svg width="1000001" height="1"/>"#, 1e6 + 1),
        ] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: ImageProblem.svgTooLarge(width: width, height: 1)) { try ImageFiles().size(of: path) }
        }
    }

    /// The root element after a prolog longer than the bytes read for a header (more are read),
    /// and after a document type whose internal subset holds `]` and `>` in its literals and
    /// comments.
    @Test func svgRootsAfterLongOrTrickyPrologs() throws {
        let path = NSTemporaryDirectory() + "/mush-prolog-\(UUID().uuidString).svg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let root = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"/>"#
        let prologs = [
            "<!--" + String(repeating: "x", count: ImageLimits.headerBytes) + "-->",
            #"<?xml version="1.0"?><!DOCTYPE svg [ <!ENTITY a "]>"> <!-- ]> --> <?pi ]> ?> ]>"#,
            #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" 'a]>b'>"#,
        ]
        for prolog in prologs {
            try (prolog + root).write(toFile: path, atomically: true, encoding: .utf8)
            #expect(try ImageFiles().size(of: path) == (10, 20), "\(prolog.prefix(60))")
        }
    }

    @Test func rootsOfEveryKind() throws {
        // The root `/` holds every file.
        #expect(try ImageFiles(root: "/").size(of: Self.folder + "/icon.svg") == (24, 24))
        // A missing file inside a root behind a link is missing, not outside.
        let link = NSTemporaryDirectory() + "/mush-root-link-\(UUID().uuidString)"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Self.folder)
        defer { try? FileManager.default.removeItem(atPath: link) }
        let linked = ImageFiles(root: link)
        #expect(try linked.size(of: "icon.svg") == (24, 24))
        #expect(throws: ImageProblem.unreadable(.notFound)) { try linked.header(of: "missing.png") }
        #expect(throws: ImageProblem.unreadable(.notFound)) { try linked.header(of: "sub/missing.png") }
        #expect(throws: ImageProblem.outsideRoot(link)) { try linked.header(of: "../missing.png") }
    }
}
