import MushLine
import Testing

/// Step 4 of the spec: each side's band, its group's alignment in the band, fixed column widths and
/// expandable boxes.
@Suite struct PlacementTests {
    @Test func fixedColumnWidthsMakeBandsThatGroupsAlignIn() throws {
        var line = row(left: [image(20, 20)], middle: [image(10, 10)], right: [image(30, 20)])
        line.leftWidth = 100
        line.rightWidth = 80
        line.leftAlignment = .center
        line.rightAlignment = .left
        let layout = try line.layout()
        #expect(layout.frame(.left, 0)?.x == 56) // 16 + (100 − 20) / 2
        #expect(layout.frame(.right, 0)?.x == 224) // 304 − 80
        // The middle band is the gap between them, 116…224; the group is centred in it.
        #expect(layout.frame(.middle, 0)?.x == 165)
    }

    @Test func aFixedWidthIsTheSideLimit() throws {
        var line = row(left: [.text("A label too long for its column")], right: [image(20, 20)])
        line.leftWidth = 120
        let layout = try line.layout()
        #expect(layout.frame(.left, 0)?.width == 120)
        #expect(layout.item(.left, 0).text?.isTruncated == true)
        // The right side's limit is what the column leaves: 168.
        line.rightItems = [image(168, 20)]
        #expect(try line.layout().frame(.right, 0)?.x == 136)
        line.rightItems = [image(169, 20)]
        #expect(try line.layout().frame(.right, 0) == nil)
    }

    @Test func middleAlignmentMovesTheMiddleGroupInItsBand() throws {
        var line = row(left: [image(40, 20)], middle: [image(20, 20)], right: [image(40, 20)])
        line.middleAlignment = .left
        #expect(try line.layout().frame(.middle, 0)?.x == 56)
        line.middleAlignment = .right
        #expect(try line.layout().frame(.middle, 0)?.x == 244)
        line.middleAlignment = .center
        #expect(try line.layout().frame(.middle, 0)?.x == 150)
    }

    @Test func underMiddlePrecedenceTheMiddleBandIsTheWholeInnerWidth() throws {
        // Centred on the row, not on the gap between an uneven left and right.
        var line = row(left: [image(80, 20)], middle: [image(20, 20)], right: [image(10, 20)])
        line.sidePrecedence = .middle
        #expect(try line.layout().frame(.middle, 0)?.x == 150)
        line.sidePrecedence = .left
        #expect(try line.layout().frame(.middle, 0)?.x == 185) // centred in 96…294
    }

    @Test func underMiddlePrecedenceAnAlignedMiddleStaysClearOfTheSides() throws {
        // Found by the line fuzzer: the band is the inner width less the wider side on each side,
        // 96…224, so a middle aligned right ends where the 80-point left side's mirror begins.
        var line = row(left: [image(80, 20)], middle: [image(20, 20)], right: [image(10, 20)])
        line.sidePrecedence = .middle
        line.middleAlignment = .right
        #expect(try line.layout().frame(.middle, 0)?.x == 204)
        line.middleAlignment = .left
        #expect(try line.layout().frame(.middle, 0)?.x == 96)
    }

    @Test func expandableBoxesShareTheLeftoverInWholePoints() throws {
        // Left: 20 + two expanding boxes; right: 50. Leftover 288 − 20 − 50 = 218 → 109 + 109.
        var line = row(
            left: [image(20, 20), box(0, 10, expand: true), box(0, 10, expand: true)], right: [image(50, 20)])
        var layout = try line.layout()
        #expect(layout.frame(.left, 1) == Frame(x: 36, y: 17, width: 109, height: 10))
        #expect(layout.frame(.left, 2) == Frame(x: 145, y: 17, width: 109, height: 10))
        #expect(layout.frame(.right, 0)?.x == 254)
        // 217 points: 72, 72 and the remainder 73 to the last.
        line.leftItems = [image(21, 20), box(0, 10, expand: true), box(0, 10, expand: true), box(0, 10, expand: true)]
        layout = try line.layout()
        #expect([1, 2, 3].map { layout.frame(.left, $0)!.width } == [72, 72, 73])
    }

    @Test func anExpandingBoxKeepsItsWidthAsItsLeast() throws {
        let layout = try row(left: [box(30, 10, expand: true)], right: [image(258, 20)]).layout()
        #expect(layout.frame(.left, 0)?.width == 30)
        let wider = try row(left: [box(30, 10, expand: true)], right: [image(200, 20)]).layout()
        #expect(wider.frame(.left, 0)?.width == 88)
    }

    @Test func anExpandingMiddleBoxFillsTheGap() throws {
        var line = row(
            left: ["Name"], middle: [box(0, 2, margin: MGLine.Insets(left: 8, right: 8), expand: true)], right: ["42"])
        line.itemPadding = 0
        let layout = try line.layout()
        let name = try Measure.width("Name")
        let count = try Measure.width("42")
        let rule = try #require(layout.frame(.middle, 0))
        #expect(rule.x == 16 + name + 8)
        #expect(rule.x + rule.width + 8 == 304 - count)
    }

    @Test func positionsRoundToTheNearestPoint() throws {
        // A 25-point image centred in a 288-point band: 16 + 131.5 → 148.
        let layout = try row(middle: [image(25, 25)]).layout()
        #expect(layout.frame(.middle, 0) == Frame(x: 148, y: 10, width: 25, height: 25))
        // Sizes of images and boxes round up.
        #expect(try row(left: [image(10.2, 10.2)]).layout().frame(.left, 0)?.width == 11)
    }

    @Test func aBoxHoldsALineLaidOutAtItsWidth() throws {
        var inner = MGLine(width: 0, height: 0, left: ["In"], right: [image(10, 10)])
        inner.minHeight = 30
        let layout = try row(left: [.box(MGLine.Box(width: 100, line: inner))]).layout()
        let frame = try #require(layout.frame(.left, 0))
        #expect(frame.width == 100 && frame.height == 30)
        guard case .box(let laidOut) = layout.item(.left, 0).content, let nested = laidOut.line else {
            Issue.record("no nested layout")
            return
        }
        #expect(nested.width == 100 && nested.height == 30)
        #expect(nested.frame(.right, 0)?.x == 90)
        #expect(nested.frame(.left, 0)?.x == 0)
    }

    @Test func aBoxWithAHeightGivesItToItsLine() throws {
        let inner = MGLine(width: 0, height: 0, left: ["In"])
        let layout = try row(left: [.box(MGLine.Box(width: 100, height: 30, line: inner))]).layout()
        guard case .box(let laidOut) = layout.item(.left, 0).content, let nested = laidOut.line else {
            Issue.record("no nested layout")
            return
        }
        #expect(nested.height == 30)
        #expect(nested.frame(.left, 0)?.y == ((30 - (try Measure.lineHeight())) / 2).rounded(.toNearestOrAwayFromZero))
    }

    @Test func aBoxWithNoWidthIsAsWideAsItsLine() throws {
        var inner = MGLine(width: 120, height: 20, left: [image(10, 10)])
        inner.padding = MGLine.Insets(left: 4)
        let layout = try row(right: [.box(MGLine.Box(line: inner))]).layout()
        #expect(layout.frame(.right, 0) == Frame(x: 184, y: 12, width: 120, height: 20))
    }

    @Test func anExpandingBoxLaysItsLineOutAtTheExpandedWidth() throws {
        let inner = MGLine(width: 0, height: 20, right: [image(10, 10)])
        let layout = try row(left: [.box(MGLine.Box(expand: true, line: inner))], right: [image(88, 20)]).layout()
        #expect(layout.frame(.left, 0)?.width == 200)
        guard case .box(let laidOut) = layout.item(.left, 0).content, let nested = laidOut.line else {
            Issue.record("no nested layout")
            return
        }
        #expect(nested.width == 200 && nested.frame(.right, 0)?.x == 190)
    }
}
