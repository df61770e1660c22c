import MushLine
import Testing

/// Step 2 and 3 of the spec: sides sized in precedence order, text shortened, images and boxes
/// dropped from the centre outwards, item padding and margins.
@Suite struct SizingTests {
    @Test func leftPrecedenceSizesLeftThenRightThenMiddle() throws {
        // 288 inside: the left takes 200, the right 80 of what is left, the middle 8.
        let layout = try row(left: [image(200, 20)], middle: [image(10, 10), image(8, 8)], right: [image(80, 20)])
            .layout()
        #expect(layout.frame(.left, 0)?.x == 16)
        #expect(layout.frame(.right, 0)?.x == 224)
        #expect(layout.frame(.middle, 0) == nil && layout.frame(.middle, 1) == nil)
    }

    @Test func rightPrecedenceSizesRightThenLeftThenMiddle() throws {
        let layout = try row(left: [image(200, 20)], middle: [image(8, 8)], right: [image(100, 20)]).layout()
        #expect(layout.frame(.left, 0)?.x == 16 && layout.frame(.right, 0) == nil)
        var right = row(left: [image(200, 20)], middle: [image(8, 8)], right: [image(100, 20)])
        right.sidePrecedence = .right
        let kept = try right.layout()
        #expect(kept.frame(.right, 0)?.x == 204)
        #expect(kept.frame(.left, 0) == nil)
        // The middle gets the gap between the two bands: 288 − 100 = 188 ≥ 8.
        #expect(kept.frame(.middle, 0) == Frame(x: 106, y: 18, width: 8, height: 8))
    }

    @Test func middlePrecedenceGivesEachOtherSideHalfOfWhatTheMiddleLeaves() throws {
        // The middle takes 100 of 288; the left and right get 94 each, so a 95-point image is
        // dropped on both sides rather than running under the centred middle (fix).
        var line = row(left: [image(95, 20)], middle: [image(100, 20)], right: [image(95, 20)])
        line.sidePrecedence = .middle
        var layout = try line.layout()
        #expect(layout.frame(.middle, 0)?.x == 110)
        #expect(layout.frame(.left, 0) == nil && layout.frame(.right, 0) == nil)
        line.leftItems = [image(94, 20)]
        line.rightItems = [image(94, 20)]
        layout = try line.layout()
        #expect(layout.frame(.left, 0)?.x == 16 && layout.frame(.right, 0)?.x == 210)
        #expect(layout.frame(.left, 0)!.x + 94 <= layout.frame(.middle, 0)!.x)
    }

    @Test func middlePrecedenceShortensSideTextToHalfTheRest() throws {
        var line = row(left: [.text("A left text far too long for its half of the row")], middle: [image(100, 20)])
        line.sidePrecedence = .middle
        let layout = try line.layout()
        #expect(layout.frame(.left, 0)?.width == 94)
        #expect(layout.item(.left, 0).text?.isTruncated == true)
    }

    @Test func itemPaddingIsSpentBeforeAndAfterEveryItem() throws {
        var line = row(left: [image(20, 20), image(30, 20)], right: [image(40, 20), image(10, 20)])
        line.itemPadding = 5
        let layout = try line.layout()
        #expect(layout.frame(.left, 0)?.x == 21)
        #expect(layout.frame(.left, 1)?.x == 51)
        #expect(layout.frame(.right, 1)?.x == 289) // 320 − 16 − 5 − 10
        #expect(layout.frame(.right, 0)?.x == 239) // 289 − 5 − 5 − 40
    }

    @Test func boxMarginsAddToTheItemPadding() throws {
        var line = row(left: [box(20, 20, margin: MGLine.Insets(left: 3, right: 7)), image(10, 10)])
        line.itemPadding = 2
        let layout = try line.layout()
        #expect(layout.frame(.left, 0)?.x == 21) // 16 + 2 + 3
        #expect(layout.frame(.left, 1)?.x == 52) // 21 + 20 + 7 + 2 + 2
    }

    @Test func aBoxThatDoesNotFitWithItsMarginsIsDropped() throws {
        // 288 inside: 280 + 2 × 4 fits exactly; one more point of margin does not.
        #expect(try row(left: [box(280, 20, margin: MGLine.Insets(left: 4, right: 4))]).layout().frame(.left, 0) != nil)
        #expect(try row(left: [box(280, 20, margin: MGLine.Insets(left: 4, right: 5))]).layout().frame(.left, 0) == nil)
    }

    @Test func onTheLeftEveryItemAfterADroppedOneIsDroppedToo() throws {
        let layout = try row(left: [image(100, 20), image(200, 20), image(10, 20)]).layout()
        #expect(layout.frame(.left, 0)?.x == 16)
        #expect(layout.frame(.left, 1) == nil)
        // It would fit in the 188 left, but it is nearer the centre than a dropped item.
        #expect(layout.frame(.left, 2) == nil)
    }

    @Test func onTheRightItemsNearestTheCentreAreDroppedFirst() throws {
        // Sized from the last (outermost) item inwards.
        let layout = try row(right: [image(10, 20), image(200, 20), image(100, 20)]).layout()
        #expect(layout.frame(.right, 2)?.x == 204)
        #expect(layout.frame(.right, 1) == nil && layout.frame(.right, 0) == nil)
    }

    @Test func droppedItemsTakeNoWidth() throws {
        // Fix: MGBoxKit 8.1 counted a dropped item's width and shifted the group. A centred middle
        // group of one visible 40-point image sits in the middle of the 288 points.
        let layout = try row(middle: [image(40, 20), image(400, 20)]).layout()
        #expect(layout.frame(.middle, 0)?.x == 140) // 16 + (288 − 40) / 2
        let right = try row(right: [image(300, 20), image(40, 20)]).layout()
        #expect(right.frame(.right, 1)?.x == 264)
    }

    @Test func textIsNeverDroppedButShortened() throws {
        // After a 280-point image only 8 points are left: the text is cut to them.
        let layout = try row(left: [image(280, 20), .text("Shortened")]).layout()
        let text = try #require(layout.item(.left, 1).text)
        #expect(layout.frame(.left, 1) == Frame(x: 296, y: 13, width: 8, height: try Measure.lineHeight()))
        #expect(text.isTruncated && text.lines == ["…"])
    }

    @Test func textAfterADroppedImageStillTakesTheRoomLeft() throws {
        let layout = try row(left: [image(200, 20), image(100, 20), .text("Hello")]).layout()
        #expect(layout.frame(.left, 1) == nil)
        let width = try Measure.width("Hello")
        #expect(layout.frame(.left, 2)?.x == 216 && layout.frame(.left, 2)?.width == width)
    }

    @Test func singleLineTextKeepsItsNaturalWidthWhenItFits() throws {
        let width = try Measure.width("Settings")
        let layout = try row(left: ["Settings"], right: ["On"]).layout()
        #expect(layout.frame(.left, 0)?.width == width)
        #expect(layout.item(.left, 0).text?.isTruncated == false)
        #expect(layout.frame(.right, 0)?.x == 304 - (try Measure.width("On")))
    }

    @Test func shortenedTextIsCutAtAGraphemeBoundary() throws {
        // "e" + combining acute: the cut never separates the accent from its letter.
        let text = String(repeating: "e\u{301}", count: 60)
        let layout = try row(left: [.text(text)]).layout()
        let line = try #require(layout.item(.left, 0).text?.lines.first)
        #expect(line.hasSuffix("…"))
        #expect(line.unicodeScalars.dropLast().count % 2 == 0)
    }

    @Test func multilineTextWrapsAtTheRoomLeftAndIsAsWideAsItsWidestLine() throws {
        let text = "A multiline text that wraps onto more than one line of the row\n"
        var line = row(left: [.text(text)], right: [image(60, 60)])
        line.sidePrecedence = .right
        let layout = try line.layout()
        let frame = try #require(layout.frame(.left, 0))
        let laid = try #require(layout.item(.left, 0).text)
        #expect(laid.isMultiline && laid.lines.count > 1)
        #expect(frame.width <= 228 && frame.width == (laid.layout.width - 1e-6).rounded(.up))
        #expect(frame.height == (laid.layout.height - 1e-6).rounded(.up))
        #expect(layout.frame(.right, 0)?.x == 244)
        // With the left first, the text takes the whole row and the image is dropped.
        let leftFirst = try row(left: [.text(text)], right: [image(60, 60)]).layout()
        #expect(leftFirst.frame(.right, 0) == nil)
        #expect(leftFirst.frame(.left, 0)!.width > 228)
    }
}
