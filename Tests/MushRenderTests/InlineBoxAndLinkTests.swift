import Foundation
import Mush
import MushBox
import MushText
import Testing

@testable import MushRender

/// Inline boxes drawn in their text leaf's lines.
@Suite("Inline boxes and links")
struct InlineBoxAndLinkTests {
    static let red = MushColor(hex: "#f00")!
    static let white = MushColor(hex: "#fff")!

    /// A text leaf of `pieces`, each with its link (or none), in 16-point text.
    static func leaf(_ pieces: [(String, String?)], inline: [InlineBox] = []) throws -> TextLeaf {
        try TextLeaf(
            MushDocument(pieces.map { (text: $0.0, attributes: MushAttributes(link: $0.1)) }),
            style: ParagraphStyle(fontSize: 16),
            inline: inline, fonts: .shipped)
    }

    /// A box of `width` × `height` points.
    static func sized(_ width: Double, _ height: Double) -> BoxStyle {
        var style = BoxStyle()
        style.width = .points(width)
        style.height = .points(height)
        return style
    }

    // MARK: - Inline boxes

    @Test func anInlineBoxIsDrawnWhereItsLinePutsIt() throws {
        var badgePaint = BoxPaint(backgroundColor: Self.red)
        badgePaint.cornerRadius = 0
        let badge = try InlineBox(offset: 3, node: BoxNode(style: Self.sized(24, 12), paint: badgePaint))
        let leaf = try Self.leaf([("Ab \u{FFFC} cd", nil)], inline: [badge])
        var style = BoxStyle()
        style.padding = BoxEdges(top: 6, right: 4, bottom: 6, left: 9)
        style.border = BoxEdges(2)
        let layout = try BoxEngine.layout(BoxNode(style: style, leaf: leaf))
        guard case .text(let text) = layout.leaf else {
            Issue.record("not a text leaf")
            return
        }
        let placed = try #require(text.inline.first)
        #expect(placed.index == 0 && placed.line == 0)
        #expect(placed.layout.width == 24 && placed.layout.height == 12)
        // Its place from the picture's corner: the content box's corner (border and padding) and
        // its place in it.
        let x = 2 + 9 + placed.layout.x
        let y = 2 + 6 + placed.layout.y
        #expect(placed.layout.x > 10, "after the text before it")
        let rendering = try Renderer.render(
            layout, as: .png, options: RenderOptions(scale: 2, background: Self.white))
        #expect(rendering.warnings.isEmpty)
        let bitmap = try Bitmap(png: rendering.data)
        let inside = PixelRect(x: x, y: y, width: 24, height: 12, scale: 2, inward: true)
        #expect(!inside.isEmpty)
        #expect(bitmap.pixels(in: inside).allSatisfy { $0.pixel == Pixel(Self.red) })
        // Nothing red around it: it is drawn once, at its place.
        let red = try #require(bitmap.bounds(where: { $0.isNear(Pixel(Self.red), within: 60) }))
        #expect(PixelRect(x: x, y: y, width: 24, height: 12, scale: 2).contains(red), "\(red)")
    }

    @Test func anInlineBoxDrawsItsOwnTextAndChildren() throws {
        // A chip: a blue box holding a red child and white text.
        var chip = BoxStyle()
        chip.padding = BoxEdges(3)
        let dot = BoxNode(style: Self.sized(6, 6), paint: BoxPaint(backgroundColor: Self.red))
        let label = BoxNode(
            leaf: try TextLeaf("ok", style: ParagraphStyle(fontSize: 10), color: Self.white, fonts: .shipped))
        let node = BoxNode(
            style: chip, paint: BoxPaint(backgroundColor: MushColor(hex: "#00f")!), children: [dot, label])
        let leaf = try Self.leaf([("A \u{FFFC}", nil)], inline: [try InlineBox(offset: 2, node: node)])
        let layout = try BoxEngine.layout(BoxNode(leaf: leaf))
        guard case .text(let text) = layout.leaf, let placed = text.inline.first else {
            Issue.record("no inline box")
            return
        }
        let bitmap = try Bitmap(
            png: try Renderer.render(layout, as: .png, options: RenderOptions(scale: 2, background: Self.white)).data)
        let chipPixels = PixelRect(
            x: placed.layout.x, y: placed.layout.y, width: placed.layout.width, height: placed.layout.height, scale: 2,
            inward: true)
        let child = placed.layout.children[0]
        let dotPixels = PixelRect(
            x: placed.layout.x + child.x, y: placed.layout.y + child.y, width: 6, height: 6, scale: 2, inward: true)
        #expect(bitmap.pixels(in: dotPixels).allSatisfy { $0.pixel == Pixel(Self.red) })
        #expect(bitmap.count(in: chipPixels) { $0 == Pixel(r: 0, g: 0, b: 255) } > 0)
        // The label's white glyphs on the blue.
        #expect(bitmap.count(in: chipPixels) { $0.isNear(.white, within: 40) } > 0)
    }

    @Test func aTranslucentBoxKeepsAnInlineBoxThatStandsOutOfIt() throws {
        // A tall inline box in a short, translucent text leaf: its extent counts the inline box, so
        // the PNG's group clip does not cut it.
        let tall = try InlineBox(
            offset: 0, node: BoxNode(style: Self.sized(10, 80), paint: BoxPaint(backgroundColor: Self.red)))
        let leaf = try Self.leaf([("\u{FFFC}", nil)], inline: [tall])
        var paint = BoxPaint()
        paint.opacity = 0.5
        let inner = BoxNode(style: Self.sized(20, 10), paint: paint, leaf: leaf)
        let root = try BoxEngine.layout(BoxNode(style: Self.sized(200, 200), children: [inner]))
        let extent = root.children[0].paintExtent(unrolled: false)
        #expect(extent.maxY >= 80)
        let bitmap = try Bitmap(
            png: try Renderer.render(root, as: .png, options: RenderOptions(background: Self.white)).data)
        guard case .text(let text) = root.children[0].leaf, let placed = text.inline.first else {
            Issue.record("no inline box")
            return
        }
        // Low in the tall box, far below the leaf's own box and its paint reach.
        let low = placed.layout.y + 75
        #expect(low > 10 + 32)
        let pixel = bitmap.pixel(x: Int(placed.layout.x) + 5, y: Int(low))
        #expect(pixel.isNear(Pixel(r: 255, g: 128, b: 128), within: 4), "\(pixel)")
    }
}
