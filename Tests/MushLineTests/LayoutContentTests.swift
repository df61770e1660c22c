import Mush
import MushLine
import MushText
import Testing

/// A layout carries what drawing needs, so that it can be drawn without its line: the line's
/// background and borders, each text's colour and shadow, each image, each box's fill, borders and
/// nested layout, and a stack's background and borders.
@Suite struct LayoutContentTests {
    static let red = MushColor(red: 255, green: 0, blue: 0)
    static let grey = MushColor(red: 128, green: 128, blue: 128, alpha: 200)
    static let blue = MushColor(red: 0, green: 0, blue: 255)

    @Test func theLinesDrawingPropertiesAreInItsLayout() throws {
        var line = MGLine(width: 300, height: 40, left: ["Plain"])
        #expect(try line.layout().backgroundColor == nil)
        #expect(try line.layout().borders == MGLine.Borders())
        line.backgroundColor = Self.red
        line.borders = MGLine.Borders(top: Self.blue, bottom: Self.grey, width: 3)
        let layout = try line.layout()
        #expect(layout.backgroundColor == Self.red)
        #expect(layout.borders == line.borders)
    }

    @Test func textCarriesItsSidesColourAndShadow() throws {
        var line = MGLine(width: 300, height: 40, left: ["L"], middle: ["M"], right: ["R", "S"])
        line.textColor = Self.blue
        line.rightTextColor = Self.red
        line.middleTextShadowColor = Self.grey
        line.middleTextShadowOffset = MGLine.Offset(x: -2, y: 3)
        line.rightTextShadowColor = Self.red
        let layout = try line.layout()
        let texts = layout.items.map(\.text)
        #expect(texts.map { $0?.color } == [Self.blue, Self.blue, Self.red, Self.red])
        #expect(texts.map { $0?.shadow?.color } == [nil, Self.grey, Self.red, Self.red])
        #expect(
            texts.map { $0?.shadow?.offset } == [
                nil, MGLine.Offset(x: -2, y: 3), MGLine.Offset(x: 0, y: 1), MGLine.Offset(x: 0, y: 1),
            ])
        // The defaults: black, no shadow.
        let plain = try MGLine(width: 100, height: 20, left: ["x"]).layout().items[0].text
        #expect(plain?.color == MushColor(red: 0, green: 0, blue: 0) && plain?.shadow == nil)
    }

    @Test func imagesAndBoxesCarryWhatIsDrawn() throws {
        let image = MGLine.Image(width: 20.5, height: 10, file: "icons/star.png")
        var inner = MGLine(left: ["In"])
        inner.backgroundColor = Self.blue
        let box = MGLine.Box(
            width: 60, height: 30, color: Self.grey, borders: MGLine.Borders(all: Self.red, width: 2),
            line: inner)
        let line = MGLine(
            width: 300, height: 40, left: [.image(image)], right: [.box(box), .box(MGLine.Box(width: 5, height: 5))])
        let layout = try line.layout()
        guard case .image(let drawn) = layout.items[0].content else {
            Issue.record("not an image")
            return
        }
        #expect(drawn == image)
        guard case .box(let first) = layout.items[1].content, case .box(let second) = layout.items[2].content else {
            Issue.record("not boxes")
            return
        }
        #expect(first.color == Self.grey && first.borders == box.borders)
        #expect(first.line?.backgroundColor == Self.blue)
        #expect(first.line?.width == 60 && first.line?.items.first?.text?.lines == ["In"])
        #expect(second.color == nil && second.borders == MGLine.Borders() && second.line == nil)
    }

    @Test func droppedItemsKeepTheirContent() throws {
        // Too narrow for the image: it is dropped but still says what it was.
        let line = MGLine(width: 10, height: 20, left: [.image(MGLine.Image(width: 40, height: 10, file: "a.png"))])
        let item = try line.layout().items[0]
        #expect(!item.isVisible)
        guard case .image(let image) = item.content else {
            Issue.record("not an image")
            return
        }
        #expect(image.file == "a.png")
    }

    @Test func theStacksDrawingPropertiesAreInItsLayout() throws {
        let stack = MGStack(
            width: 200, backgroundColor: Self.grey, borders: MGLine.Borders(left: Self.red, width: 4),
            lines: [MGLine(height: 20, left: ["Row"])])
        let layout = try stack.layout()
        #expect(layout.backgroundColor == Self.grey && layout.borders == stack.borders)
        let plain = try MGStack(width: 200).layout()
        #expect(plain.backgroundColor == nil && plain.borders == MGLine.Borders())
    }

    @Test func aTextItemsLinesKnowTheirParagraph() throws {
        let layout = try MGLine(width: 100, height: 30, left: ["Laid out"]).layout()
        let text = try #require(layout.items[0].text)
        #expect(text.lines == ["Laid out"])
        #expect(text.layout.lines[0].paragraph === text.paragraph)
    }
}
