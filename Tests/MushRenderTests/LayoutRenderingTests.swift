import Foundation
import Mush
import MushLine
import MushRender
import MushText
import Testing

/// The renderer depends on results only: a row's, a stack's or a paragraph's layout is drawn from
/// what it carries, without the line, stack or paragraph style it came from.
@Suite struct LayoutRenderingTests {
    /// A row holding one text and nothing around it, so that its text item is drawn at the row's
    /// origin: the row as wide and as tall as its text, rounded up.
    func bareRow(_ text: String) -> MGLine {
        var line = MGLine(left: [.text(text)])
        line.widenAsNeeded = true
        return line
    }

    @Test(arguments: RenderFormat.allCases)
    func aParagraphLayoutAloneIsDrawnAsInItsRow(format: RenderFormat) throws {
        let layout = try bareRow("Plain, **bold** and {#c00|red} {bg#ff0|text}|mush").layout()
        let text = try #require(layout.items[0].text)
        #expect(layout.items[0].frame == MGLineLayout.Frame(x: 0, y: 0, width: layout.width, height: layout.height))
        let row = try Renderer.render(layout, as: format, options: RenderOptions(background: MushColor(hex: "#fff")))
        let alone = try Renderer.render(
            text.layout, as: format, options: RenderOptions(background: MushColor(hex: "#fff")))
        #expect(alone.width == row.width && alone.height == row.height)
        #expect(alone.data == row.data)
    }

    @Test func aParagraphIsDrawnInItsColourWithItsShadow() throws {
        let paragraph = try Paragraph(mush: "Shadowed", style: ParagraphStyle(fontSize: 24))
        let red = try #require(MushColor(hex: "#e00"))
        let blue = try #require(MushColor(hex: "#00e"))
        let shadow = MGLineLayout.Shadow(color: blue, offset: MGLine.Offset(x: 0, y: 60))
        let layout = paragraph.layout()
        let rendering = try Renderer.render(
            layout, as: .png, color: red, shadow: shadow,
            options: RenderOptions(background: MushColor(hex: "#fff")))
        let bitmap = try Bitmap(png: rendering.data)
        let height = layout.height
        let text = PixelRect(x: 0, y: 0, width: layout.width, height: height, scale: 1)
        #expect(try #require(bitmap.strongest(in: text)).isNear(Pixel(red), within: 40))
        // The shadow is 60 points down: below the text, out of the picture (it is not clipped to
        // the text, but the picture is the layout's size).
        #expect(rendering.height == Int(height.rounded(.up)))
        let unshadowed = try Renderer.render(
            layout, as: .png, color: red,
            options: RenderOptions(background: MushColor(hex: "#fff")))
        #expect(unshadowed.data == rendering.data)
        // A shadow within the picture shows.
        let near = MGLineLayout.Shadow(color: blue, offset: MGLine.Offset(x: 2, y: 2))
        let shadowed = try Bitmap(
            png: try Renderer.render(
                layout, as: .png, color: red, shadow: near,
                options: RenderOptions(background: MushColor(hex: "#fff"))
            ).data)
        #expect(shadowed.count(in: text) { $0.isNear(Pixel(blue), within: 40) } > 0)
    }

    @Test func aParagraphPictureReachesItsAlignedLines() throws {
        let paragraph = try Paragraph(mush: "Centred", style: ParagraphStyle(alignment: .center))
        let layout = paragraph.layout(width: 200)
        let line = try #require(layout.lines.first)
        #expect(line.x > 0)
        let rendering = try Renderer.render(layout, as: .png)
        #expect(rendering.width == Int((line.x + line.width).rounded(.up)))
        #expect(rendering.height == Int(layout.height.rounded(.up)))
    }

    @Test func whatIsDrawnIsTheLayoutsNotTheLines() throws {
        let line = MGLine(width: 120, height: 40, left: ["Text"], right: [.box(MGLine.Box(width: 30, height: 20))])
        var layout = try line.layout()
        let green = try #require(MushColor(hex: "#0c0"))
        let red = try #require(MushColor(hex: "#e00"))
        layout.backgroundColor = green
        guard case .box(var box) = layout.items[1].content, case .text(var text) = layout.items[0].content else {
            Issue.record("not a text and a box")
            return
        }
        box.color = red
        layout.items[1].content = .box(box)
        text.color = red
        layout.items[0].content = .text(text)
        let bitmap = try Bitmap(png: try Renderer.render(layout, as: .png).data)
        #expect(bitmap.pixel(x: 1, y: 1) == Pixel(green))
        let boxFrame = try #require(layout.items[1].frame)
        let textFrame = try #require(layout.items[0].frame)
        #expect(bitmap.pixel(x: Int(boxFrame.x) + 5, y: Int(boxFrame.y) + 5) == Pixel(red))
        let textRect = PixelRect(textFrame, scale: 1)
        #expect(try #require(bitmap.strongest(in: textRect, against: Pixel(green))).isNear(Pixel(red), within: 40))
    }

    @Test func aStackLayoutCarriesItsBackgroundAndBorders() throws {
        let grey = try #require(MushColor(hex: "#888"))
        let stack = MGStack(
            width: 80, padding: MGLine.Insets(top: 10, left: 10, bottom: 10, right: 10),
            lines: [MGLine(height: 20, left: ["Row"])])
        var layout = try stack.layout()
        layout.backgroundColor = grey
        layout.borders = MGLine.Borders(all: MushColor(hex: "#00f"), width: 2)
        let bitmap = try Bitmap(png: try Renderer.render(layout, as: .png).data)
        #expect(bitmap.pixel(x: 5, y: 5) == Pixel(grey))
        #expect(bitmap.pixel(x: 0, y: 20) == Pixel("#00f"))
    }
}
