import MushLine
import MushText
import Testing

/// The spec's worked example, with MGBoxKit's own numbers: a 320-point row, 16 points of padding on
/// each side, 44 high; "Title" of natural width 40 on the left (DejaVu Sans at 18.5 points), a
/// 51 × 31 box on the right.
@Suite struct WorkedExampleTests {
    func line(_ title: String, precedence: MGLine.Side = .left) -> MGLine {
        var line = row(left: [.text(title)], right: [box(51, 31)])
        line.font = MGLine.Font(size: 18.5)
        line.sidePrecedence = precedence
        return line
    }

    let long = String(repeating: "A long title that does not fit ", count: 2)

    @Test func titleOnTheLeftBoxOnTheRight() throws {
        #expect(try Measure.width("Title", size: 18.5) == 40)
        let layout = try line("Title").layout()
        #expect(layout.width == 320 && layout.height == 44)
        let title = try #require(layout.frame(.left, 0))
        #expect(title.x == 16 && title.width == 40)
        #expect(layout.frame(.right, 0) == Frame(x: 253, y: 7, width: 51, height: 31))
        #expect(layout.item(.left, 0).text?.isTruncated == false)
    }

    @Test func aLongTitleIsShortenedAndTheBoxDropped() throws {
        #expect(try Measure.width(long, size: 18.5) >= 400)
        let layout = try line(long).layout()
        let title = try #require(layout.item(.left, 0).text)
        #expect(layout.frame(.left, 0)?.x == 16 && layout.frame(.left, 0)?.width == 288)
        #expect(title.isTruncated && title.lines.count == 1 && title.lines[0].hasSuffix("…"))
        #expect(title.layout.width <= 288)
        #expect(layout.frame(.right, 0) == nil && layout.item(.right, 0).isVisible == false)
    }

    @Test func withRightPrecedenceTheBoxStays() throws {
        let layout = try line(long, precedence: .right).layout()
        #expect(layout.frame(.right, 0) == Frame(x: 253, y: 7, width: 51, height: 31))
        #expect(layout.frame(.left, 0)?.x == 16 && layout.frame(.left, 0)?.width == 237)
        #expect(layout.item(.left, 0).text?.lines.first?.hasSuffix("…") == true)
    }
}
