import Foundation
import Mush
import MushBase
import MushBox
import MushImage
import Testing

@testable import MushRender

/// Valid images that were refused as damaged, drawn (with a warning where only part of them is):
/// CMYK JPEGs, animated WebPs, JPEGs without their end marker; SVGs referring to other files.
@Suite("Images drawn whatever their kind")
struct ImageHardeningTests {
    static let images = ImageFormatTests.images

    @Test func aCMYKJPEGIsDrawnInItsColours() throws {
        // Stored as Adobe's inverted CMYK (Pillow's way, and Photoshop's).
        let (warnings, bitmap) = try drawImageLeaf("halves-cmyk.jpg", 40, 20)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(isHalves(bitmap), "\(bitmap.pixel(x: 5, y: 10)) \(bitmap.pixel(x: 35, y: 10))")
    }

    /// Without an Adobe APP14 segment, CMYK is taken as stored plainly (255: full ink), as
    /// browsers take it: the same bytes, their Adobe segment taken out, are full cyan, magenta or
    /// yellow over full black, which is black.
    @Test func aCMYKJPEGWithoutAnAdobeSegmentIsNotInverted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.images + "/halves-cmyk.jpg"))
        let adobe = try #require(bytes.range(of: Data("Adobe".utf8)))
        // The segment's marker and length come just before its name.
        let start = adobe.lowerBound - 4
        #expect(bytes[start] == 0xFF && bytes[start + 1] == 0xEE)
        let length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
        bytes.removeSubrange(start..<start + 2 + length)
        try bytes.write(to: folder.appendingPathComponent("plain.jpg"))
        let (warnings, bitmap) = try drawImageLeaf("plain.jpg", 40, 20, folder: folder.path)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(bitmap.pixel(x: 5, y: 10).isNear(Pixel("#000"), within: 8), "\(bitmap.pixel(x: 5, y: 10))")
        #expect(bitmap.pixel(x: 35, y: 10).isNear(Pixel("#000"), within: 8), "\(bitmap.pixel(x: 35, y: 10))")
    }

    @Test func aJPEGWithoutItsEndMarkerIsDrawnWithAWarning() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.images + "/halves.jpg"))
        #expect(whole.suffix(2) == Data([0xFF, 0xD9]))
        try whole.dropLast(2).write(to: folder.appendingPathComponent("open.jpg"))
        let (warnings, bitmap) = try drawImageLeaf("open.jpg", 40, 20, folder: folder.path)
        #expect(
            warnings.map(\.problem) == [.imagePartlyDecoded(format: "JPEG", reason: "Premature end of JPEG file")])
        #expect(
            warnings.first?.description
                == "root: a damaged or cut JPEG file (Premature end of JPEG file): \(folder.path)/open.jpg; drew what decodes"
        )
        #expect(isHalves(bitmap))
    }

    @Test func anAnimatedWebPDrawsItsFirstFrame() throws {
        // Two frames: the red and blue halves, then all green.
        let (warnings, bitmap) = try drawImageLeaf("animated.webp", 40, 20)
        #expect(warnings.map(\.problem) == [.animatedImage(format: "WebP", frames: 2)])
        #expect(warnings.first?.description.hasSuffix("animated.webp; drew its first frame") == true)
        #expect(isHalves(bitmap), "\(bitmap.pixel(x: 5, y: 10))")
    }

    @Test func anSVGsReferencesToOtherFilesAreNamed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"
            xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
            <defs><rect id="a" width="1" height="1"/></defs><use href="#a"/><image href="data:image/png;base64,AA"/>
            <image href="inside.png" width="10" height="10"/><svg:image xlink:href = 'icons.svg#star'/></svg>
            """
        try Data(svg.utf8).write(to: folder.appendingPathComponent("refers.svg"))
        let (warnings, _) = try drawImageLeaf("refers.svg", 10, 10, folder: folder.path)
        #expect(warnings.map(\.problem) == [.svgReferencesNotLoaded(["inside.png", "icons.svg#star"])])
        #expect(
            warnings.first?.description
                == "root: the SVG image refers to other files (inside.png, icons.svg#star), and external references in SVG images are not loaded: \(folder.path)/refers.svg; drew it without them"
        )
        #expect(SVGReferences.external(in: Array(#"<svg><myhref x="a.png"/><image id="b.png"/></svg>"#.utf8)).isEmpty)
    }
}
