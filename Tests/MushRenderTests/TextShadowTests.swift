import Foundation
import Mush
import MushBox
import MushText
import Testing

@testable import MushRender

/// Text leaves' shadows: the glyphs again in the shadow's colour, moved, softened by the blur.
@Suite("Text shadows")
struct TextShadowTests {
    /// A black "l" 40 points tall on white, with `shadow`.
    func draw(_ shadow: BoxShadow?) throws -> Bitmap {
        var leaf = try TextLeaf("l", style: ParagraphStyle(fontSize: 40), fonts: .shipped)
        leaf.shadow = shadow
        var style = BoxStyle()
        style.padding = BoxEdges(.points(10))
        let layout = try BoxEngine.layout(BoxNode(style: style, leaf: leaf))
        return try Bitmap(
            png: try Renderer.render(layout, as: .png, options: RenderOptions(background: MushColor(hex: "#fff"))).data)
    }

    @Test func aShadowIsTheGlyphsMoved() throws {
        let plain = try draw(nil)
        let red = MushColor(hex: "#f00")!
        let hard = try draw(BoxShadow(color: red, offset: BoxOffset(x: 12, y: 0)))
        // Every black pixel of the glyph has a red one 12 points to its right (the glyph is
        // thinner than 12), and nothing else changed where the glyph is.
        var checked = 0
        for y in 0..<plain.height {
            for x in 0..<(plain.width - 12) where plain.pixel(x: x, y: y) == Pixel(r: 0, g: 0, b: 0) {
                #expect(hard.pixel(x: x, y: y) == Pixel(r: 0, g: 0, b: 0))
                #expect(hard.pixel(x: x + 12, y: y) == Pixel(r: 255, g: 0, b: 0))
                checked += 1
            }
        }
        #expect(checked > 20)
        // Blurred by 4: the shadow reaches past the moved glyph's edge, fading.
        let soft = try draw(BoxShadow(color: red, offset: BoxOffset(x: 12, y: 0), blur: 4))
        let row = plain.height / 2
        let right = try #require((0..<plain.width).last { plain.pixel(x: $0, y: row) == Pixel(r: 0, g: 0, b: 0) })
        #expect(hard.pixel(x: right + 12 + 3, y: row) == Pixel("#fff"))
        let faded = soft.pixel(x: right + 12 + 3, y: row)
        #expect(faded != Pixel("#fff") && faded.r == 255 && faded.g > 0, "\(faded)")
    }
}
