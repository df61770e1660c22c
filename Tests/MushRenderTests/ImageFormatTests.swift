import Foundation
import Mush
import MushBox
import MushImage
import MushLine
import Testing

@testable import MushRender

/// Each image format drawn through its library: JPEG (its EXIF orientation applied), WebP, SVG as
/// vectors; and the files that cannot be drawn.
@Suite("Image formats")
struct ImageFormatTests {
    /// The image tests' files (Tests/MushImageTests/Images: how each was made is in its README).
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MushImageTests/Images").path

    /// A box tree of one image leaf `width` × `height` drawing `file`, rendered at `scale`.
    func draw(
        _ file: String, _ width: Double, _ height: Double, scale: Double = 1, as format: RenderFormat = .png,
        root: String? = nil
    ) throws -> Rendering {
        let layout = try BoxEngine.layout(BoxNode(leaf: ImageLeaf(width: width, height: height, file: file)))
        return try Renderer.render(
            layout, as: format,
            options: RenderOptions(
                scale: scale, background: MushColor(hex: "#fff"), images: ImageFiles(root: root, folder: Self.images)))
    }

    func near(_ pixel: Pixel, _ expected: Pixel, within tolerance: Int = 8) -> Bool {
        abs(pixel.r - expected.r) <= tolerance && abs(pixel.g - expected.g) <= tolerance
            && abs(pixel.b - expected.b) <= tolerance && abs(pixel.a - expected.a) <= tolerance
    }

    @Test(arguments: ["halves.jpg", "halves-lossless.webp", "halves-lossy.webp"])
    func halvesLeftRedRightBlue(file: String) throws {
        let rendering = try draw(file, 40, 20)
        #expect(rendering.warnings.isEmpty, "\(rendering.warnings)")
        let bitmap = try Bitmap(png: rendering.data)
        #expect(near(bitmap.pixel(x: 5, y: 10), Pixel("#f00")), "\(bitmap.pixel(x: 5, y: 10))")
        #expect(near(bitmap.pixel(x: 35, y: 10), Pixel("#00f")), "\(bitmap.pixel(x: 35, y: 10))")
    }

    @Test func theLosslessWebPIsExact() throws {
        let bitmap = try Bitmap(png: try draw("halves-lossless.webp", 40, 20).data)
        #expect(bitmap.pixel(x: 0, y: 0) == Pixel("#f00") && bitmap.pixel(x: 39, y: 19) == Pixel("#00f"))
    }

    @Test func anEXIFOrientationTurnsThePicture() throws {
        // Orientation 6: turned 90° clockwise, the stored left half (red) is the top.
        let bitmap = try Bitmap(png: try draw("halves-rotated.jpg", 20, 40).data)
        #expect(near(bitmap.pixel(x: 10, y: 5), Pixel("#f00")), "\(bitmap.pixel(x: 10, y: 5))")
        #expect(near(bitmap.pixel(x: 10, y: 35), Pixel("#00f")), "\(bitmap.pixel(x: 10, y: 35))")
    }

    @Test func anSVGIsCrispAtAnyScale() throws {
        // The 24-point icon drawn 24 wide at scale 4: a green disc of radius 10 points (40 pixels).
        let bitmap = try Bitmap(png: try draw("icon.svg", 24, 24, scale: 4).data)
        #expect(bitmap.pixel(x: 48, y: 48) == Pixel("#00aa00"))
        // Just inside and just outside the disc's edge: no blur wider than a pixel.
        #expect(bitmap.pixel(x: 48 + 38, y: 48) == Pixel("#00aa00"))
        #expect(bitmap.pixel(x: 48 + 42, y: 48) == Pixel("#fff"))
        // A viewBox without a size, drawn 30 × 10: its two halves stretched to it.
        let wide = try Bitmap(png: try draw("wide.svg", 30, 10).data)
        #expect(wide.pixel(x: 5, y: 5) == Pixel("#f00") && wide.pixel(x: 25, y: 5) == Pixel("#00f"))
    }

    @Test func anSVGStaysVectorsInAPDF() throws {
        let pdf = try draw("icon.svg", 24, 24, as: .pdf).data
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(!text.contains("/Subtype /Image"), "the SVG was drawn as a raster image")
        // A JPEG is an image object, once however often it is drawn.
        var row = BoxStyle()
        row.flexDirection = .row
        let leaves = (0..<3).map { _ in BoxNode(leaf: ImageLeaf(width: 40, height: 20, file: "halves.jpg")) }
        let layout = try BoxEngine.layout(BoxNode(style: row, children: leaves))
        let photos = try Renderer.render(
            layout, as: .pdf, options: RenderOptions(images: ImageFiles(folder: Self.images))
        ).data
        let objects = String(decoding: photos, as: UTF8.self).components(separatedBy: "/Subtype /Image").count - 1
        #expect(objects == 1)
    }

    @Test func filesThatCannotBeDrawnArePlaceholders() throws {
        let cases: [(String, RenderWarning.Problem)] = [
            ("cut.jpg", .damagedImage("JPEG")),
            ("bomb.png", .imageTooLarge(width: 100_000, height: 100_000)),
            ("not-an-image.png", .notAnImage),
        ]
        for (file, problem) in cases {
            let rendering = try draw(file, 20, 20)
            #expect(rendering.warnings.map(\.problem) == [problem], "\(file)")
            #expect(rendering.warnings.first?.file == "\(Self.images)/\(file)")
            // The placeholder's grey.
            #expect(try Bitmap(png: rendering.data).pixel(x: 5, y: 2) == Pixel("#e4e4e4"))
        }
        #expect(
            RenderWarning.Problem.imageTooLarge(width: 100_000, height: 100_000).description
                == "the image is too large (100000 × 100000 pixels; at most 32767 a side and 50000000 in all)")
    }

    @Test func anImageRootConfinesTheFiles() throws {
        // Inside the root: drawn; a path leading out of it: a placeholder, the file never read.
        #expect(try draw("icon.svg", 24, 24, root: Self.images).warnings.isEmpty)
        let outside = try draw("../ImageHeaderTests.swift", 24, 24, root: Self.images)
        #expect(outside.warnings.map(\.problem) == [.imageOutsideRoot(Self.images)])
    }
}

/// `objectFit` and `objectPosition`: where the picture goes in its frame.
@Suite("Object fit")
struct ObjectFitTests {
    func image(_ fit: MGLine.Image.Fit, _ x: Double = 0.5, _ y: Double = 0.5) -> MGLine.Image {
        var image = MGLine.Image(width: 20, height: 20, file: "halves.jpg")
        image.fit = fit
        image.position = (x, y)
        return image
    }

    func rect(_ fit: MGLine.Image.Fit, own: (Double, Double), _ x: Double = 0.5, _ y: Double = 0.5) -> [Double] {
        let drawn = Painter.fitted(image(fit, x, y), own: own, in: Painter.Rect(x: 10, y: 10, width: 20, height: 20))
        return [drawn.x, drawn.y, drawn.width, drawn.height]
    }

    @Test func concreteSizesAsCSSWorksThemOut() {
        // A 40 × 20 picture in a 20 × 20 frame at (10, 10).
        #expect(rect(.fill, own: (40, 20)) == [10, 10, 20, 20])
        #expect(rect(.contain, own: (40, 20)) == [10, 15, 20, 10])
        #expect(rect(.cover, own: (40, 20)) == [0, 10, 40, 20])
        #expect(rect(.none, own: (40, 20)) == [0, 10, 40, 20])
        #expect(rect(.scaleDown, own: (40, 20)) == [10, 15, 20, 10])
        // A small picture: scale-down keeps its own size; positions move it in the room left.
        #expect(rect(.scaleDown, own: (8, 4)) == [16, 18, 8, 4])
        #expect(rect(.none, own: (8, 4), 0, 1) == [10, 26, 8, 4])
        #expect(rect(.cover, own: (40, 20), 0, 0) == [10, 10, 40, 20])
        // No size of its own (an SVG without one): it fills the frame.
        let drawn = Painter.fitted(image(.contain), own: nil, in: Painter.Rect(x: 1, y: 2, width: 3, height: 4))
        #expect([drawn.x, drawn.y, drawn.width, drawn.height] == [1, 2, 3, 4])
    }

    @Test func coverCutsAtTheFrame() throws {
        // The red and blue halves covering a 20 × 20 frame: the middle of the picture, cut.
        var leaf = image(.cover)
        leaf.file = "halves-lossless.webp"
        var row = BoxStyle()
        row.padding = BoxEdges(.points(10))
        let layout = try BoxEngine.layout(BoxNode(style: row, children: [BoxNode(leaf: leaf)]))
        let rendering = try Renderer.render(
            layout, as: .png,
            options: RenderOptions(
                background: MushColor(hex: "#fff"), images: ImageFiles(folder: ImageFormatTests.images)))
        let bitmap = try Bitmap(png: rendering.data)
        #expect(bitmap.pixel(x: 12, y: 20) == Pixel("#f00") && bitmap.pixel(x: 28, y: 20) == Pixel("#00f"))
        // Nothing drawn outside the frame.
        #expect(bitmap.pixel(x: 5, y: 20) == Pixel("#fff") && bitmap.pixel(x: 35, y: 20) == Pixel("#fff"))
    }
}
