import MushLine
import Testing

/// Steps 5 to 7 of the spec: the height, vertical alignment and `widenAsNeeded`.
@Suite struct HeightTests {
    let paragraph = "Pretend this is a very long string, and pretend it has some reason to wrap onto a few lines.\n"

    @Test func withNoLimitsTheHeightStaysAsSet() throws {
        var line = row(left: [image(20, 100)])
        line.height = 44
        #expect(try line.layout().height == 44)
    }

    @Test func aMinimumHeightFitsTheTallestItemAndThePadding() throws {
        var line = row(left: [image(20, 30)], right: [box(10, 40, margin: MGLine.Insets(top: 3, bottom: 2))])
        line.padding.top = 5
        line.padding.bottom = 6
        line.minHeight = 20
        // 3 + 40 + 2 + 5 + 6.
        #expect(try line.layout().height == 56)
        line.minHeight = 70
        #expect(try line.layout().height == 70)
    }

    @Test func linesShrinkWhenTheirContentShrinks() throws {
        // Fix: MGBoxKit only grew rows. A line set to 100 high fits its 19-point text.
        var line = row(left: ["Short"])
        line.height = 100
        line.minHeight = 1
        #expect(try line.layout().height == (try Measure.lineHeight()))
    }

    @Test func aMaximumHeightCapsTheLine() throws {
        var line = row(left: [image(20, 90)])
        line.maxHeight = 60
        #expect(try line.layout().height == 60)
        line.leftItems = [image(20, 30)]
        #expect(try line.layout().height == 30)
    }

    @Test func theHeightRoundsUp() throws {
        var line = row(left: [image(20, 30)])
        line.padding.top = 0.25
        line.minHeight = 1
        #expect(try line.layout().height == 31)
    }

    @Test func aMultilineTextGrowsTheLineFromItsMinimumHeight() throws {
        let line = MGLine.multilineLeft(paragraph, right: image(40, 40), width: 320, minHeight: 40)
        let layout = try line.layout()
        let text = try #require(layout.item(.left, 0).text)
        #expect(text.lines.count >= 3 && !text.isTruncated)
        #expect(layout.height == layout.frame(.left, 0)!.height)
        #expect(layout.height > 40)
    }

    @Test func multilineTextThatDoesNotFitTheMaximumShowsTheLinesThatFit() throws {
        let lineHeight = try Measure.lineHeight()
        var line = MGLine.multilineLeft(paragraph, width: 200, minHeight: 10)
        line.padding = MGLine.Insets(top: 4, bottom: 4)
        line.maxHeight = 2 * lineHeight + 8 + 3
        let layout = try line.layout()
        let text = try #require(layout.item(.left, 0).text)
        #expect(text.lines.count == 2 && text.isTruncated)
        #expect(text.lines[1].hasSuffix("…"))
        #expect(layout.height == (text.layout.height + 8 - 1e-6).rounded(.up))
    }

    @Test func verticalAlignmentPlacesImagesAndText() throws {
        let height = try Measure.lineHeight()
        var line = row(left: ["Text"], right: [box(20, 20, margin: MGLine.Insets(top: 2, bottom: 6))])
        line.padding.top = 4
        line.padding.bottom = 8
        line.verticalAlignment = .top
        var layout = try line.layout()
        #expect(layout.frame(.left, 0)?.y == 4 && layout.frame(.right, 0)?.y == 6)
        // Fix: in MGBoxKit top and bottom alignment did not move text.
        line.verticalAlignment = .bottom
        layout = try line.layout()
        #expect(layout.frame(.left, 0)?.y == 36 - height && layout.frame(.right, 0)?.y == 10)
        line.verticalAlignment = .center
        layout = try line.layout()
        // Centred in the 32 points between the paddings, with its margins: 4 + (32 − 28) / 2 + 2.
        #expect(layout.frame(.right, 0)?.y == 8)
        #expect(layout.frame(.left, 0)?.y == (4 + (32 - height) / 2).rounded(.toNearestOrAwayFromZero))
    }

    @Test func widenAsNeededNeitherShortensNorDrops() throws {
        let long = "A label that would be far too long for the row"
        var line = row(left: [.text(long), image(300, 20)], middle: [image(10, 10)], right: ["End"])
        line.widenAsNeeded = true
        line.itemPadding = 2
        let layout = try line.layout()
        let text = try #require(layout.item(.left, 0).text)
        #expect(!text.isTruncated)
        let longWidth = try Measure.width(long)
        let end = try Measure.width("End")
        // Padding, then each group with 2 × 2 points an item.
        let width = 16 + (longWidth + 4 + 304) + 14 + (end + 4) + 16
        #expect(layout.width == width)
        #expect(layout.frame(.left, 1)?.x == 16 + longWidth + 6)
        #expect(layout.frame(.middle, 0)?.x == 16 + longWidth + 308 + 2)
        // Fix: MGBoxKit put the right items at a huge x; here they end at the right padding.
        #expect(layout.frame(.right, 0)!.x + end == width - 16 - 2)
    }

    @Test func widenAsNeededUnderMiddlePrecedenceKeepsTheMiddleCentred() throws {
        var line = row(left: [image(100, 10)], middle: [image(50, 10)], right: [image(20, 10)])
        line.widenAsNeeded = true
        line.sidePrecedence = .middle
        let layout = try line.layout()
        #expect(layout.width == 16 + 100 + 50 + 100 + 16)
        #expect(layout.frame(.middle, 0)?.x == 116)
        #expect(layout.frame(.right, 0)?.x == 246) // 282 − 16 − 20
    }

    @Test func widenAsNeededWrapsMultilineTextOnlyAtItsLineBreaks() throws {
        var line = row(left: [.text("First line of it\nand a second one")])
        line.widenAsNeeded = true
        let text = try #require(try line.layout().item(.left, 0).text)
        #expect(text.lines == ["First line of it", "and a second one"])
    }
}
