import Mush
import MushBox
import MushLine
import MushMGBox
import Testing

/// MGBox's rules, each with frames worked out by hand from MGBoxKit's words (the seeds' README
/// examples first), and each fix of a seed bug.
struct MGBoxTests {
    /// The README's grid: ten 100 × 100 boxes with top and left margins of 10 in a 320 × 480 grid.
    func readmeGrid(width: Double = 320, height: Double = 480) -> MGBox {
        var grid = MGBox(width: width, height: height)
        grid.id = "grid"
        grid.contentLayoutMode = .grid
        grid.boxes = (0..<10).map { _ in box(100, 100, margin: MGLine.Insets(top: 10, left: 10)) }
        return grid
    }

    /// Where the README grid's boxes go, `perRow` to a row.
    func gridFrames(perRow: Int) -> [[Double]] {
        (0..<10).map { (index: Int) -> [Double] in
            let column = Double(index % perRow)
            let row = Double(index / perRow)
            return [10 + 110 * column, 10 + 110 * row, 100, 100]
        }
    }

    @Test func theReadmeGridWrapsTwoToARowAndGrowsToItsContent() throws {
        let layout = try checkedLayout(readmeGrid(), fonts: fonts)
        // Margin boxes are 110 wide: two fit in 320, three (330) do not. Five rows of 110 need 550,
        // more than the 480 given: a box keeps its height unless its content needs more.
        #expect(frame(layout) == [0, 0, 320, 550])
        #expect(frames(layout) == gridFrames(perRow: 2))
    }

    @Test func aTallerGridKeepsItsHeightAndItsRowsAtTheTop() throws {
        let layout = try checkedLayout(readmeGrid(height: 568), fonts: fonts)
        #expect(frame(layout) == [0, 0, 320, 568])
        #expect(frames(layout) == gridFrames(perRow: 2))
    }

    @Test func aWiderGridTakesThreeToARow() throws {
        let layout = try checkedLayout(readmeGrid(width: 375), fonts: fonts)
        // 330 fits in 375, 440 does not; four rows of 110 (440) are less than 480.
        #expect(frame(layout) == [0, 0, 375, 480])
        #expect(frames(layout) == gridFrames(perRow: 3))
    }

    @Test func theGridRespectsItsRightPadding() throws {
        // Fix: MGBoxKit wrapped against the whole width, so a third box touched the right edge.
        var grid = MGBox(width: 320)
        grid.contentLayoutMode = .grid
        grid.padding = MGLine.Insets(top: 20, left: 20, bottom: 20, right: 20)
        grid.boxes = (0..<6).map { _ in box(100, 100) }
        let layout = try checkedLayout(grid, fonts: fonts)
        #expect(frame(layout) == [0, 0, 320, 340])
        #expect(
            frames(layout) == [
                [20, 20, 100, 100], [120, 20, 100, 100], [20, 120, 100, 100], [120, 120, 100, 100],
                [20, 220, 100, 100], [120, 220, 100, 100],
            ])
    }

    @Test func aBoxDoesNotGrowByItsPaddingOnEveryLayout() throws {
        // Fix: MGBoxKit added the right and bottom padding to the size on every layout (330 × 110,
        // then 340 × 120 …).
        var outer = MGBox(width: 320, height: 100)
        outer.padding = MGLine.Insets(top: 10, left: 10, bottom: 10, right: 10)
        outer.boxes = [box(100, 50)]
        let first = try checkedLayout(outer, fonts: fonts)
        #expect(frame(first) == [0, 0, 320, 100])
        #expect(frames(first) == [[10, 10, 100, 50]])
        var again = outer
        again.width = first.width
        again.height = first.height
        #expect(allFrames(try checkedLayout(again, fonts: fonts)) == allFrames(first))
    }

    @Test func tableMarginsAddUp() throws {
        var table = MGBox(width: 320)
        table.boxes = [box(100, 40, margin: MGLine.Insets(bottom: 10)), box(100, 40, margin: MGLine.Insets(top: 10))]
        let layout = try checkedLayout(table, fonts: fonts)
        #expect(frames(layout) == [[0, 0, 100, 40], [0, 60, 100, 40]])
        #expect(frame(layout) == [0, 0, 320, 100])
    }

    @Test func aBoxWithoutAWidthFillsATableAndFitsInAGrid() throws {
        var inner = MGBox()
        inner.boxes = [box(50, 20)]
        inner.margin = MGLine.Insets(left: 5, right: 5)
        var table = MGBox(width: 300)
        table.padding = MGLine.Insets(left: 10, right: 10)
        table.boxes = [inner]
        #expect(frames(try checkedLayout(table, fonts: fonts)) == [[15, 0, 270, 20]])
        table.contentLayoutMode = .grid
        #expect(frames(try checkedLayout(table, fonts: fonts)) == [[15, 0, 50, 20]])
    }

    @Test func theRootFillsTheAvailableWidthUnlessItHasOne() throws {
        var table = MGBox()
        table.boxes = [box(50, 20)]
        #expect(frame(try checkedLayout(table, width: .points(200), fonts: fonts)) == [0, 0, 200, 20])
        #expect(frame(try checkedLayout(table, fonts: fonts)) == [0, 0, 50, 20])
        table.width = 120
        #expect(frame(try checkedLayout(table, width: .points(200), fonts: fonts)) == [0, 0, 120, 20])
    }

    @Test func aGivenHeightIsAMinimum() throws {
        var table = MGBox(width: 200, height: 50)
        table.boxes = [box(10, 30), box(10, 30), box(10, 30)]
        #expect(frame(try checkedLayout(table, fonts: fonts)) == [0, 0, 200, 90])
        table.boxes.removeLast(2)
        #expect(frame(try checkedLayout(table, fonts: fonts)) == [0, 0, 200, 50])
    }

    @Test func shrinkWrapFitsTheContentAndThePaddingOnce() throws {
        // MGBoxKit added the right and bottom padding a second time (130 × 110 here).
        var wrapped = MGBox()
        wrapped.sizingMode = .shrinkWrap
        wrapped.padding = MGLine.Insets(top: 10, left: 10, bottom: 10, right: 10)
        wrapped.boxes = [box(100, 50), box(80, 30)]
        var table = MGBox(width: 320)
        table.boxes = [wrapped]
        let layout = try checkedLayout(table, fonts: fonts)
        #expect(frames(layout) == [[0, 0, 120, 100]])
        #expect(frames(layout.children[0]) == [[10, 10, 100, 50], [10, 60, 80, 30]])
        wrapped.width = 50
        table.boxes = [wrapped]
        #expect(
            throws: MGBoxError(
                path: "boxes[0].width", problem: "a shrink-wrapped box takes its content's width (leave it out)")
        ) {
            try checkedLayout(table, fonts: fonts)
        }
    }

    @Test func expandWidthToFillTakesTheRestOfTheRoom() throws {
        var fill = box(50, 20, margin: MGLine.Insets(left: 4, right: 6))
        fill.sizingMode = .expandWidthToFill
        var table = MGBox(width: 320)
        table.boxes = [box(100, 50), fill]
        #expect(frames(try checkedLayout(table, fonts: fonts)) == [[0, 0, 100, 50], [4, 50, 310, 20]])
        table.contentLayoutMode = .grid
        // In a grid: the rest of its row (320 − 100 − 10).
        #expect(frames(try checkedLayout(table, fonts: fonts)) == [[0, 0, 100, 50], [104, 0, 210, 20]])
    }

    @Test func aGridBoxWiderThanItsContainerSitsAloneOnItsRowAndOverflows() throws {
        var grid = MGBox(width: 320)
        grid.contentLayoutMode = .grid
        grid.boxes = [box(100, 100), box(400, 50), box(100, 100)]
        let layout = try checkedLayout(grid, fonts: fonts)
        #expect(frames(layout) == [[0, 0, 100, 100], [0, 100, 400, 50], [0, 150, 100, 100]])
        #expect(frame(layout) == [0, 0, 320, 250])
        #expect(layout.contentWidth == 400)
    }

    @Test func aBoxOutOfLayoutSitsAtItsOriginAndTakesNoRoom() throws {
        var free = box(50, 50, margin: MGLine.Insets(top: 7, left: 7))
        free.boxLayoutMode = .none
        free.origin = BoxOffset(x: 30, y: 40)
        var table = MGBox(width: 320)
        table.padding = MGLine.Insets(top: 5, left: 5)
        table.boxes = [free, box(100, 20)]
        let layout = try checkedLayout(table, fonts: fonts)
        #expect(frames(layout) == [[30, 40, 50, 50], [5, 5, 100, 20]])
        #expect(frame(layout) == [0, 0, 320, 25])
    }

    @Test func etchedBordersComeFromTheBackground() throws {
        var row = box(304, 40)
        row.backgroundColor = MushColor(hex: "#f0f0f2")
        row.borderStyle = [.etchedTop, .etchedBottom]
        row.borderColors.left = MushColor(hex: "#f00")
        row.zIndex = 2
        var table = MGBox(width: 320)
        table.boxes = [row]
        let paint = try #require(try checkedLayout(table, fonts: fonts).children[0].paint)
        #expect(paint.borderColors.top == MushColor(hex: "#ffffff80"))
        #expect(paint.borderColors.bottom == MushColor(hex: "#c7c7c980"))
        #expect(paint.borderColors.left == MushColor(hex: "#f00"))
        #expect(paint.borderColors.right == nil)
        #expect(paint.borderLineWidth == 1)
        #expect(paint.zIndex == 2)
        #expect(paint.backgroundColor == MushColor(hex: "#f0f0f2"))
    }

    @Test func badValuesAreNamedByTheirPaths() throws {
        var inner = box(10, 10)
        inner.margin.left = .nan
        var table = MGBox(width: 320)
        table.boxes = [box(1, 1), box(1, 1), box(1, 1), inner]
        #expect(
            throws: MGBoxError(
                path: "boxes[3].margin.left", problem: "must be a number from -1000000 to 1000000 points (it is nan)")
        ) {
            try checkedLayout(table, fonts: fonts)
        }
        table.boxes = [box(-5, 1)]
        #expect(
            throws: MGBoxError(path: "boxes[0].width", problem: "must be a number from 0 to 1000000 points (it is -5)")
        ) {
            try checkedLayout(table, fonts: fonts)
        }
        var padded = box(10, 10)
        padded.padding.top = -1
        table.boxes = [padded]
        #expect(
            throws: MGBoxError(
                path: "boxes[0].padding.top", problem: "must be a number from 0 to 1000000 points (it is -1)")
        ) {
            try checkedLayout(table, fonts: fonts)
        }
    }

    /// Each mode is a lowering to engine styles: the same tree written in the engine's own styles
    /// gives the same frames.
    @Test func theGridIsTheEnginesWrappingRow() throws {
        var style = BoxStyle()
        style.flexDirection = .row
        style.flexWrap = .wrap
        style.alignItems = .flexStart
        style.alignContent = .flexStart
        style.width = 320
        style.minHeight = 480
        var item = BoxStyle()
        item.width = 100
        item.minHeight = 100
        item.flexShrink = 0
        item.margin = BoxEdges(top: 10, right: 0, bottom: 0, left: 10)
        let node = BoxNode(style: style, children: Array(repeating: BoxNode(style: item), count: 10))
        #expect(allFrames(try checkedLayout(readmeGrid(), fonts: fonts)) == allFrames(try BoxEngine.layout(node)))
    }

    @Test func theTableIsTheEnginesColumn() throws {
        var table = MGBox(width: 300, height: 50)
        table.padding = MGLine.Insets(top: 3, left: 10, bottom: 4, right: 10)
        var filler = MGBox(height: 20)
        filler.margin = MGLine.Insets(top: 2, left: 5, bottom: 6, right: 5)
        table.boxes = [box(100, 30, margin: MGLine.Insets(bottom: 8)), filler, box(50, 10)]
        var style = BoxStyle()
        style.flexDirection = .column
        style.alignItems = .flexStart
        style.width = 300
        style.minHeight = 50
        style.padding = BoxEdges(top: 3, right: 10, bottom: 4, left: 10)
        func item(_ width: BoxLength, _ height: Double, _ margin: BoxEdges<BoxLength>, stretch: Bool = false) -> BoxNode
        {
            var style = BoxStyle()
            style.width = width
            style.minHeight = .points(height)
            style.flexShrink = 0
            style.margin = margin
            if stretch { style.alignSelf = .stretch }
            return BoxNode(style: style)
        }
        let node = BoxNode(
            style: style,
            children: [
                item(100, 30, BoxEdges(top: 0, right: 0, bottom: 8, left: 0)),
                item(.auto, 20, BoxEdges(top: 2, right: 5, bottom: 6, left: 5), stretch: true),
                item(50, 10, .zero),
            ])
        let layout = try checkedLayout(table, fonts: fonts)
        #expect(allFrames(layout) == allFrames(try BoxEngine.layout(node)))
        #expect(frames(layout) == [[10, 3, 100, 30], [15, 43, 270, 20], [10, 69, 50, 10]])
    }
}
