import Mush
import MushBox
import MushLine
import MushMGBox
import Testing

/// Table sections of MGLines, scroll views (content size, scrolling to a box, snapping), fixed
/// and attached boxes: the seeds' README examples and each fix, with frames worked out by hand.
struct ScrollAndTableTests {
    /// The MGBox2 README's section: a header row and a row of two texts, each 304 × 44 with padding
    /// 16 on the left and right, in a section 304 wide, 8 in from the top and left.
    func readmeSection() -> MGTableBox {
        func row(_ left: MGLine.Item, _ right: MGLine.Item? = nil) -> MGLine {
            var line = MGLine(width: 304, height: 44, left: [left], right: right.map { [$0] } ?? [])
            line.padding = MGLine.Insets(left: 16, right: 16)
            return line
        }
        var section = MGTableBox(width: 304)
        section.id = "section"
        section.margin = MGLine.Insets(top: 8, left: 8)
        section.topLines = [row("My First Table")]
        section.middleLines = [row("Left text", "Right text")]
        return section
    }

    func readmeGrid() -> MGBox {
        var grid = MGBox(width: 320, height: 480)
        grid.id = "grid"
        grid.contentLayoutMode = .grid
        grid.boxes = (0..<10).map { _ in box(100, 100, margin: MGLine.Insets(top: 10, left: 10)) }
        return grid
    }

    @Test func topLinesRepeatOnEveryPageWhenAsked() throws {
        // The README's section with eleven more rows 44 tall (the section 304 × 528): cut into pages
        // 200 tall, its header row is drawn again on pages 2 and 3, 44 above the band.
        var section = readmeSection()
        section.margin = MGLine.Insets()
        section.middleLines += (0..<10).map { _ in MGLine(width: 304, height: 44, left: ["Row"]) }
        section.repeatTopLines = true
        let pages = BoxPages(try checkedLayout(section, fonts: fonts), pageHeight: 200)
        // Page 1: four rows (176); page 2: the header, then three rows (156 of room: 176 to 308);
        // page 3: the header, three rows (308 to 440); page 4: the header and the last two.
        #expect(
            pages.pages.map { [$0.top, $0.bottom, $0.offset] } == [
                [0, 176, 0], [176, 308, 44], [308, 440, 44], [440, 528, 44],
            ])
        #expect(
            pages.pages.dropFirst().allSatisfy { $0.repeats == [BoxPages.Repeat(path: [0], kind: .header, x: 0, y: 0)] }
        )
        // Without asking, nothing repeats.
        section.repeatTopLines = false
        let plain = BoxPages(try checkedLayout(section, fonts: fonts), pageHeight: 200)
        #expect(plain.pages.allSatisfy { $0.repeats.isEmpty && $0.offset == 0 })
    }

    @Test func theReadmeTableStacksItsLines() throws {
        let scroller = MGScrollView(width: 320, height: 480, boxes: [readmeSection()])
        let layout = try checkedLayout(scroller, fonts: fonts)
        #expect(frame(layout) == [0, 0, 320, 480])
        #expect(frames(layout) == [[8, 8, 304, 88]])
        #expect(frames(layout.children[0]) == [[0, 0, 304, 44], [0, 44, 304, 44]])
        // The content (8 + 88) is shorter than the view: the content size is the view's.
        #expect(layout.contentWidth == 320)
        #expect(layout.contentHeight == 480)
        #expect(layout.offset(scrollingToView: "section", withMargin: 8) == BoxOffset(x: 0, y: 0))
    }

    @Test func aRowThatWrapsIsAsTallAsTheRowEngineSays() throws {
        var line = MGLine.multilineLeft(
            "This row has **bold** text, //italics// text, __underlined__ text, and some `monospaced` text. The text will span more than one line, and the row will automatically adjust its height to fit.|mush",
            width: 304, minHeight: 40)
        line.padding = MGLine.Insets(left: 16, right: 16)
        var header = MGLine(width: 304, height: 40, left: ["My First Table"])
        header.padding = MGLine.Insets(left: 16, right: 16)
        var section = MGTableBox(width: 304, topLines: [header], middleLines: [line])
        section.margin = MGLine.Insets(top: 8, left: 8)
        let expected = try line.layout(fonts: fonts).height
        #expect(expected > 40)
        let layout = try checkedLayout(MGScrollView(width: 320, height: 480, boxes: [section]), fonts: fonts)
        #expect(frames(layout.children[0]) == [[0, 0, 304, 40], [0, 40, 304, expected.rounded(.up)]])
        #expect(frame(layout.children[0]) == [8, 8, 304, 40 + expected.rounded(.up)])
    }

    @Test func linesWithoutAWidthFillTheSection() throws {
        var section = MGTableBox(width: 300)
        section.padding = MGLine.Insets(left: 10, right: 10)
        var inset = MGLine(height: 30, left: ["b"])
        inset.margin = MGLine.Insets(left: 20)
        section.topLines = [MGLine(height: 44, left: ["a"])]
        section.bottomLines = [inset]
        section.middleLines = [MGLine(width: 100, height: 20, left: ["fixed"])]
        let layout = try checkedLayout(section, fonts: fonts)
        // Top, middle, then bottom lines.
        #expect(frames(layout) == [[10, 0, 280, 44], [10, 44, 100, 20], [30, 64, 260, 30]])
        #expect(frame(layout) == [0, 0, 300, 94])
        var mixed = section
        mixed.boxes = [box(1, 1)]
        #expect(
            throws: MGBoxError(
                path: "boxes", problem: "a table box's boxes are its lines (topLines, middleLines, bottomLines)")
        ) {
            try checkedLayout(mixed, fonts: fonts)
        }
        // Inside another box too (its lines were once dropped there without a word).
        #expect(
            throws: MGBoxError(
                path: "boxes[0].boxes",
                problem: "a table box's boxes are its lines (topLines, middleLines, bottomLines)")
        ) {
            try checkedLayout(MGScrollView(width: 300, height: 100, boxes: [mixed]), fonts: fonts)
        }
    }

    @Test func theStyledSectionIsACardOfRowsWithSeparators() throws {
        var section = MGTableBox(
            width: 320, middleLines: [MGLine(left: ["One"]), MGLine(left: ["Two"]), MGLine(left: ["Three"])],
            style: .insetGrouped)
        section.margin = MGLine.Insets(left: 16, right: 16)
        let layout = try checkedLayout(section, fonts: fonts)
        // Rows of height 0 fit their text, at least 44.
        #expect(frames(layout) == [[0, 0, 320, 44], [0, 44, 320, 44], [0, 88, 320, 44]])
        #expect(layout.clipsContent)
        #expect(layout.paint?.cornerRadius == 10)
        #expect(layout.paint?.backgroundColor == MushColor(hex: "#fff"))
        let separators = layout.children.map { $0.paint?.borderColors.bottom }
        #expect(separators == [MushColor(hex: "#c6c6c8"), MushColor(hex: "#c6c6c8"), nil])
        #expect(layout.children[0].paint?.borderInsetLeft == 16)
        #expect(layout.children[0].paint?.borderLineWidth == 0.5)
        guard case .row(let row) = layout.children[0].leaf else {
            Issue.record("not a row")
            return
        }
        #expect(row.items.first?.frame?.x == 16)
    }

    @Test func theEtchedStyleIsMGTableBoxStyled() throws {
        let section = MGTableBox(
            width: 304, middleLines: [MGLine(left: ["One"]), MGLine(left: ["Two"]), MGLine(left: ["Three"])],
            style: .etched)
        let layout = try checkedLayout(section, fonts: fonts)
        #expect(frames(layout) == [[0, 0, 304, 40], [0, 40, 304, 40], [0, 80, 304, 40]])
        let light = MushColor(hex: "#ffffff80")
        let dark = MushColor(hex: "#c7c7c980")
        #expect(layout.children.map { $0.paint?.borderColors.top } == [nil, light, light])
        #expect(layout.children.map { $0.paint?.borderColors.bottom } == [dark, dark, nil])
        #expect(layout.paint?.cornerRadius == 4)
    }

    /// The README as one page: the section, then the grid, in one scroll view.
    func readmePage(offset: BoxOffset = .zero) -> MGScrollView {
        MGScrollView(width: 320, height: 480, boxes: [readmeSection(), readmeGrid()], contentOffset: offset)
    }

    /// The seed's table in a scroll view with a keyboard: the offset that keeps a box above it.
    @Test func aBoxStaysAboveTheKeyboard() throws {
        var deep = readmeGrid()
        deep.boxes[9] = box(100, 100, margin: MGLine.Insets(top: 10, left: 10), id: "last")
        let layout = try MGScrollView(width: 320, height: 480, boxes: [readmeSection(), deep]).layout(fonts: fonts)
        // Box 9 is at 546 … 646 in the content. A keyboard 216 tall leaves 264 points: with a margin
        // of 8, 646 + 8 − 264 = 390, which the keyboard's extra room allows (646 + 216 − 480 = 382
        // is the end, so 382).
        #expect(layout.offset(keepingAboveKeyboard: "last", keyboardHeight: 216, margin: 8) == BoxOffset(x: 0, y: 382))
        // The section's box at the top is above the keyboard already: the offset stays.
        #expect(layout.offset(keepingAboveKeyboard: "section", keyboardHeight: 216) == BoxOffset(x: 0, y: 0))
        // Scrolled past it, the view comes back to its top less the margin (8 − 4).
        #expect(
            layout.offset(keepingAboveKeyboard: "section", keyboardHeight: 216, margin: 4, from: BoxOffset(y: 100))
                == BoxOffset(x: 0, y: 4))
        // A keyboard taller than the view leaves no room: the box's top.
        #expect(
            layout.offset(keepingAboveKeyboard: "last", keyboardHeight: 1000) == BoxOffset(x: 0, y: 546))
        #expect(layout.offset(keepingAboveKeyboard: "nothing", keyboardHeight: 216) == nil)
    }

    @Test func theReadmePageScrollsAndSnaps() throws {
        let layout = try checkedLayout(readmePage(), fonts: fonts)
        #expect(frames(layout) == [[8, 8, 304, 88], [0, 96, 320, 550]])
        #expect(layout.contentHeight == 646)
        #expect(layout.contentWidth == 320)
        // The grid and its margin (86 … 656) are taller than the view: its top comes into view.
        #expect(layout.offset(scrollingToView: "grid", withMargin: 10) == BoxOffset(x: 0, y: 86))
        // A box in the grid, from the top: just enough to show its bottom and margin.
        var deep = readmeGrid()
        deep.boxes[9] = box(100, 100, margin: MGLine.Insets(top: 10, left: 10), id: "last")
        let page = MGScrollView(width: 320, height: 480, boxes: [readmeSection(), deep])
        let pageLayout = try checkedLayout(page, fonts: fonts)
        // Box 9 is at 96 + 450 = 546 … 646 in the content; with a margin of 5, 651 − 480 = 171,
        // held to the end of the content, 166.
        #expect(pageLayout.offset(scrollingToView: "last", withMargin: 5) == BoxOffset(x: 0, y: 166))
        #expect(
            pageLayout.offset(scrollingToView: "last", withMargin: 0, from: BoxOffset(y: 166))
                == BoxOffset(x: 0, y: 166))
        #expect(pageLayout.offset(scrollingToView: "nothing") == nil)
        // Snapping: the nearest box top (8 or 96), or the end when the last box is more than half
        // in view from the bottom.
        #expect(layout.snapOffsetToNearestBox(from: BoxOffset(y: 50)) == BoxOffset(x: 0, y: 8))
        #expect(layout.snapOffsetToNearestBox(from: BoxOffset(y: 60)) == BoxOffset(x: 0, y: 96))
        #expect(layout.snapOffsetToNearestBox(from: BoxOffset(y: 150)) == BoxOffset(x: 0, y: 166))
    }

    @Test func snappingUsesTheTopPadding() throws {
        // MGBoxKit took the bottom padding off a box's top.
        var scroller = MGScrollView(width: 100, height: 100, boxes: [box(100, 60), box(100, 60), box(100, 60)])
        scroller.padding = MGLine.Insets(top: 4, bottom: 30)
        let layout = try checkedLayout(scroller, fonts: fonts)
        #expect(frames(layout) == [[0, 4, 100, 60], [0, 64, 100, 60], [0, 124, 100, 60]])
        #expect(layout.contentHeight == 214)
        #expect(layout.snapOffsetToNearestBox(from: BoxOffset(y: 55)) == BoxOffset(x: 0, y: 60))
    }

    @Test func theContentSizeCountsMarginsAndNotFixedBoxes() throws {
        var fixed = box(320, 50)
        fixed.fixedPosition = BoxOffset(x: 0, y: 430)
        let scroller = MGScrollView(
            width: 320, height: 480, boxes: [box(300, 500, margin: MGLine.Insets(bottom: 8, right: 30)), fixed],
            contentOffset: BoxOffset(y: 100))
        let layout = try checkedLayout(scroller, fonts: fonts)
        // The fixed box stays 430 below the view's top, which is 100 down the content.
        #expect(frames(layout) == [[0, 0, 300, 500], [0, 530, 320, 50]])
        #expect(layout.contentHeight == 508)
        #expect(layout.contentWidth == 330)
        #expect(layout.paint?.contentOffset == BoxOffset(y: 100))
        #expect(layout.clipsContent)
    }

    @Test func attachedBoxesTakeTheirTargetsOriginInAScrollView() throws {
        // Fix: MGScrollView moved attached boxes back to their place in its own layout.
        var attached = box(50, 50, margin: MGLine.Insets(top: 5, left: 240), id: "b")
        attached.attachedTo = "a"
        var second = box(20, 20, margin: MGLine.Insets(top: 1, left: 1))
        second.attachedTo = "b"
        let scroller = MGScrollView(
            width: 320, height: 480,
            boxes: [
                box(300, 100, margin: MGLine.Insets(top: 10, left: 10), id: "a"), attached,
                box(300, 100, margin: MGLine.Insets(top: 10, left: 10)), second,
            ])
        let layout = try checkedLayout(scroller, fonts: fonts)
        // The attached boxes take no room: the third box is under the first.
        #expect(frames(layout) == [[10, 10, 300, 100], [250, 15, 50, 50], [10, 120, 300, 100], [251, 16, 20, 20]])
        #expect(layout.contentHeight == 480)
    }

    /// A lowered tree (its nodes carry passes: the attached boxes here) retained by the box engine
    /// is laid out by the whole call each time, and gives what the whole call gives.
    @Test func aLoweredTreeRetainedLaysOutAsTheWholeCall() throws {
        var attached = box(50, 50, margin: MGLine.Insets(top: 5, left: 240), id: "b")
        attached.attachedTo = "a"
        let scroller = MGScrollView(
            width: 320, height: 480,
            boxes: [box(300, 100, margin: MGLine.Insets(top: 10, left: 10), id: "a"), attached, readmeSection().mgBox])
        let node = try scroller.mgBox.node(fonts: fonts)
        let retained = try BoxEngine.RetainedTree(node)
        for width in [320.0, 200, 320] {
            let expected = try BoxEngine.layout(node, width: .points(width))
            let got = try retained.layout(width: .points(width))
            #expect(allFrames(got) == allFrames(expected))
            #expect(frames(got).count == 3)
        }
    }

    @Test func aScrollViewCanBeAttachedToo() throws {
        var view = MGScrollView(width: 200, height: 100, boxes: [box(200, 300)])
        view.attachedTo = "target"
        view.margin = MGLine.Insets(top: 3, left: 4)
        var page = MGBox(width: 320)
        page.padding = MGLine.Insets(top: 10, left: 10)
        page.boxes = [box(50, 50), box(60, 60, id: "target"), view]
        let layout = try checkedLayout(page, fonts: fonts)
        #expect(frames(layout) == [[10, 10, 50, 50], [10, 60, 60, 60], [14, 63, 200, 100]])
        #expect(layout.children[2].contentHeight == 300)
    }

    @Test func attachmentsToNoBoxOrInACircleAreErrors() throws {
        var lost = box(10, 10)
        lost.attachedTo = "nowhere"
        var page = MGBox(width: 100)
        page.boxes = [box(10, 10), lost]
        #expect(throws: MGBoxError(path: "boxes[1].attachedTo", problem: "no sibling box has the id \"nowhere\"")) {
            try checkedLayout(page, fonts: fonts)
        }
        var first = box(10, 10, id: "a")
        first.attachedTo = "b"
        var second = box(10, 10, id: "b")
        second.attachedTo = "a"
        page.boxes = [box(1, 1), first, second]
        #expect(
            throws: MGBoxError(path: "boxes[1].attachedTo", problem: "the attachments go round in a circle: a → b → a")
        ) {
            try checkedLayout(page, fonts: fonts)
        }
        var itself = box(10, 10, id: "me")
        itself.attachedTo = "me"
        page.boxes = [itself]
        #expect(
            throws: MGBoxError(path: "boxes[0].attachedTo", problem: "the attachments go round in a circle: me → me")
        ) {
            try checkedLayout(page, fonts: fonts)
        }
    }

    /// The attachments are checked before the boxes: a bad attachment is the error named, even after
    /// a box with a bad value (each box is lowered as it is reached); with none, the bad value is.
    @Test func anAttachmentProblemIsNamedBeforeABadValue() throws {
        var bad = box(10, 10)
        bad.margin.left = .infinity
        var lost = box(10, 10)
        lost.attachedTo = "nowhere"
        var page = MGBox(width: 100)
        page.boxes = [box(10, 10), bad, box(10, 10), lost]
        #expect(throws: MGBoxError(path: "boxes[3].attachedTo", problem: "no sibling box has the id \"nowhere\"")) {
            try checkedLayout(page, fonts: fonts)
        }
        page.boxes = [box(10, 10), bad, box(10, 10)]
        #expect(throws: MGBoxError.self) { try checkedLayout(page, fonts: fonts) }
        do {
            _ = try checkedLayout(page, fonts: fonts)
        } catch {
            #expect(error.path == "boxes[1].margin.left")
        }
    }

    /// A styled section laid out inside another box is styled as it is alone: its rows' separators
    /// and heights come with it (the style goes with the section's box and is applied to each row
    /// as it is lowered).
    @Test func aStyledSectionInsideABoxIsStyledTheSame() throws {
        let section = MGTableBox(
            width: 320, middleLines: [MGLine(left: ["One"]), MGLine(left: ["Two"])], style: .insetGrouped)
        var page = MGBox(width: 320)
        page.boxes = [section]
        let alone = try checkedLayout(section, fonts: fonts)
        let inside = try checkedLayout(page, fonts: fonts).children[0]
        #expect(frames(inside) == frames(alone))
        #expect(inside.children.map { $0.paint } == alone.children.map { $0.paint })
        #expect(alone.children.map { $0.paint?.borderColors.bottom } == [MushColor(hex: "#c6c6c8"), nil])
        // The section's box carries the style; its rows are styled when it is laid out.
        #expect(section.mgBox.rowStyle == .insetGrouped)
    }

    @Test func aScrollViewNeedsItsSize() throws {
        var view = MGScrollView(width: 100, height: 100)
        view.height = nil
        #expect(throws: MGBoxError(path: "height", problem: "a scroll view needs a height (its visible size)")) {
            try checkedLayout(view, fonts: fonts)
        }
    }
}
