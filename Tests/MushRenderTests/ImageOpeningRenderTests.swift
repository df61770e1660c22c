import Foundation
import Mush
import MushBase
import MushBox
import MushImage
import Testing

@testable import MushRender

/// Images opened before they are read: a path swapped for a link to outside the root while it is
/// drawn never draws the outside file; a name with a NUL is refused; an SVG's huge size does not
/// stop it being drawn at the size its image gives.
@Suite("Images opened safely")
struct ImageOpeningRenderTests {
    static let images = ImageFormatTests.images

    @Test func anSVGWithAHugeSizeIsDrawnAtTheSizeGiven() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg =
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="1e300" height="1e300" viewBox="0 0 10 10"><rect width="10" height="10" fill="#f00"/></svg>"##
        try Data(svg.utf8).write(to: folder.appendingPathComponent("huge.svg"))
        let (warnings, bitmap) = try drawImageLeaf("huge.svg", 20, 20, folder: folder.path)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(bitmap.pixel(x: 10, y: 10) == Pixel("#f00"))
    }

    @Test func aNameWithANULIsRefused() throws {
        let (warnings, bitmap) = try drawImageLeaf("halves.jpg\u{0}../../x", 40, 20)
        #expect(warnings.map(\.problem) == [.imageNotRead(reason: ImageProblem.nulInName.description)])
        #expect(!isHalves(bitmap))
        #expect(bitmap.pixel(x: 20, y: 2) == Pixel("#e4e4e4"))
    }

    /// The picture's path is swapped for a link to a file outside the root and back, again and
    /// again, while it is drawn: the outside file (the red and blue halves) is never drawn.
    @Test func aPathSwappedForALinkNeverDrawsTheOutsideFile() throws {
        let base = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let root = base.path + "/root"
        let inside = root + "/picture.png"
        let outside = base.path + "/secret.jpg"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Self.images + "/halves.jpg", toPath: outside)
        let picture = try Data(contentsOf: URL(fileURLWithPath: Self.images + "/user@2x.png"))
        try picture.write(to: URL(fileURLWithPath: inside))
        let done = LockedValue(false)
        let swapper = Thread {
            while !done.withLock({ $0 }) {
                let link = root + "/.link"
                symlink(outside, link)
                rename(link, inside)
                try? picture.write(to: URL(fileURLWithPath: root + "/.copy"))
                rename(root + "/.copy", inside)
            }
        }
        swapper.start()
        defer { done.withLock { $0 = true } }
        var outcomes: Set<String> = []
        for _ in 0..<60 {
            let (warnings, bitmap) = try drawImageLeaf("picture.png", 40, 20, root: root)
            #expect(!isHalves(bitmap))
            #expect(warnings.allSatisfy { $0.problem == .imageOutsideRoot(root) }, "\(warnings)")
            outcomes.insert(warnings.isEmpty ? "drawn" : "refused")
        }
        #expect(!outcomes.isEmpty)
    }
}
