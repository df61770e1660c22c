import Foundation
import Mush
import MushBox
import MushImage

@testable import MushRender

/// A box tree of one image leaf `width` × `height` drawing `file` from `folder` (the image tests'
/// folder by default), under `root` where one is given, on white: its warnings and its pixels.
func drawImageLeaf(
    _ file: String, _ width: Double, _ height: Double, folder: String = ImageFormatTests.images, root: String? = nil
) throws -> (warnings: [RenderWarning], bitmap: Bitmap) {
    let layout = try BoxEngine.layout(BoxNode(leaf: ImageLeaf(width: width, height: height, file: file)))
    let rendering = try Renderer.render(
        layout, as: .png,
        options: RenderOptions(background: MushColor(hex: "#fff"), images: ImageFiles(root: root, folder: folder)))
    return (rendering.warnings, try Bitmap(png: rendering.data))
}

/// Red on the left half and blue on the right, as the `halves` pictures are.
func isHalves(_ bitmap: Bitmap) -> Bool {
    bitmap.pixel(x: 5, y: 10).isNear(Pixel("#f00"), within: 8)
        && bitmap.pixel(x: 35, y: 10).isNear(Pixel("#00f"), within: 8)
}
