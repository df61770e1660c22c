import MushBox
import MushLine
import MushText
import Testing

/// Where a laid-out tree is cut into pages, worked out by hand.
@Suite("Pages")
struct PageTests {
    func box(_ height: Double, id: String? = nil, children: [BoxNode] = []) -> BoxNode {
        var style = BoxStyle()
        style.height = .points(height)
        style.flexDirection = .column
        return BoxNode(id: id, style: style, children: children)
    }

    func column(_ children: [BoxNode]) -> BoxNode {
        var style = BoxStyle()
        style.flexDirection = .column
        style.width = .points(100)
        return BoxNode(style: style, children: children)
    }

    func bands(_ pages: BoxPages) -> [[Double]] { pages.pages.map { [$0.top, $0.bottom] } }

    @Test func rowsGoWholeToTheNextPage() throws {
        // Twelve rows 50 tall, pages 175 tall: three rows a page (a fourth would end at 200).
        let layout = try BoxEngine.layout(column((0..<12).map { _ in box(50) }))
        let pages = BoxPages(layout, pageHeight: 175)
        #expect(bands(pages) == [[0, 150], [150, 300], [300, 450], [450, 600]])
        #expect(pages.cutPages.isEmpty)
        // Pages as tall as the content: one.
        #expect(bands(BoxPages(layout, pageHeight: 600)) == [[0, 600]])
    }

    @Test func aBoxTallerThanWhatIsLeftContinuesOnTheNextPage() throws {
        // A section (its own box) of four rows 40 tall after a row 100 tall: the page breaks inside
        // the section, between its rows.
        let section = box(160, children: (0..<4).map { _ in box(40) })
        let layout = try BoxEngine.layout(column([box(100), section]))
        #expect(bands(BoxPages(layout, pageHeight: 190)) == [[0, 180], [180, 260]])
    }

    @Test func aLeafTallerThanAPageIsCut() throws {
        let image = BoxNode(leaf: ImageLeaf(width: 100, height: 250))
        let layout = try BoxEngine.layout(column([box(20), image]))
        let pages = BoxPages(layout, pageHeight: 100)
        // Before the image; then no break fits inside it: cut at the page's height, twice.
        #expect(bands(pages) == [[0, 20], [20, 120], [120, 220], [220, 270]])
        #expect(pages.cutPages == [1, 2])
    }

    @Test func boxesSideBySideBreakOnlyWhereNeitherIsCut() throws {
        var row = BoxStyle()
        row.flexDirection = .row
        row.alignItems = .start
        // Left: rows 30 tall; right: one leaf 70 tall. Below 70 the left column's boundaries at
        // 30 and 60 cut the leaf; 90 cuts nothing.
        let left = box(120, children: (0..<4).map { _ in box(30) })
        let right = BoxNode(leaf: ImageLeaf(width: 10, height: 70))
        let layout = try BoxEngine.layout(column([BoxNode(style: row, children: [left, right])]))
        #expect(bands(BoxPages(layout, pageHeight: 100)) == [[0, 90], [90, 120]])
    }

    @Test func paragraphsSplitBetweenLinesKeepingOrphansAndWidows() throws {
        let text = try TextLeaf(
            String(repeating: "word ", count: 60), style: ParagraphStyle(fontSize: 10), fonts: .shipped)
        var style = BoxStyle()
        style.width = .points(100)
        let layout = try BoxEngine.layout(column([box(40), BoxNode(style: style, leaf: text)]), rounding: .exact)
        let lines = try #require(layout.children[1].leaf?.text?.layout.lines)
        #expect(lines.count >= 6)
        let line = lines[1].y - lines[0].y
        // Room for one line after the box: orphans (2) keep the paragraph whole on the next page.
        #expect(bands(BoxPages(layout, pageHeight: 40 + line * 1.5)).first == [0, 40])
        // Room for three: three lines, then the rest.
        let three = BoxPages(layout, pageHeight: 40 + line * 3.5)
        #expect(three.pages.first?.bottom == 40 + lines[3].y)
        // Room for all but one: widows (2) leave two lines for the next page.
        let most = BoxPages(layout, pageHeight: 40 + lines.last!.y + line * 0.5)
        #expect(most.pages.first?.bottom == 40 + lines[lines.count - 2].y)
        // With no orphans or widows to keep, the page takes all it can.
        let loose = BoxPages(layout, pageHeight: 40 + lines.last!.y + line * 0.5, orphans: 1, widows: 1)
        #expect(loose.pages.first?.bottom == 40 + lines[lines.count - 1].y)
    }

    @Test func breakStylesForceAndAvoidBreaks() throws {
        func row(_ change: (inout BoxStyle) -> Void = { _ in }) -> BoxNode {
            var style = BoxStyle()
            style.height = .points(50)
            change(&style)
            return BoxNode(style: style)
        }
        // A page break before the third row, though two more would fit.
        let forced = try BoxEngine.layout(column([row(), row(), row { $0.breakBefore = .page }, row(), row()]))
        #expect(bands(BoxPages(forced, pageHeight: 175)) == [[0, 100], [100, 250]])
        // After the first row.
        let after = try BoxEngine.layout(column([row { $0.breakAfter = .page }, row(), row()]))
        #expect(bands(BoxPages(after, pageHeight: 500)) == [[0, 50], [50, 150]])
        // A section of three rows that avoids breaking inside goes whole to the next page.
        var section = box(150, children: [row(), row(), row()])
        section.style.breakInside = .avoid
        let whole = try BoxEngine.layout(column([row(), section]))
        #expect(bands(BoxPages(whole, pageHeight: 175)) == [[0, 50], [50, 200]])
        // A total that avoids a break before it keeps the last row with it.
        let total = try BoxEngine.layout(column([row(), row(), row(), row { $0.breakBefore = .avoid }]))
        #expect(bands(BoxPages(total, pageHeight: 175)) == [[0, 100], [100, 200]])
        // Where nothing else fits, avoiding gives way: a section taller than a page breaks inside.
        var tall = box(250, children: (0..<5).map { _ in row() })
        tall.style.breakInside = .avoid
        let relaxed = try BoxEngine.layout(column([tall]))
        #expect(bands(BoxPages(relaxed, pageHeight: 175)) == [[0, 150], [150, 250]])
    }

    @Test func contentOverflowingItsBoxIsNotCut() throws {
        // A box 100 tall holding an image from 50 to 250 (overflowing it), beside a column with
        // boundaries at 150 and 200: pages 240 tall end at 50, before the image, not inside it.
        var row = BoxStyle()
        row.flexDirection = .row
        row.alignItems = .start
        var short = BoxStyle()
        short.height = .points(100)
        short.flexDirection = .column
        short.padding.top = .points(50)
        let image = BoxNode(leaf: ImageLeaf(width: 10, height: 200))
        let overflowing = BoxNode(style: short, children: [image])
        let right = box(260, children: [box(150), box(50), box(60)])
        let layout = try BoxEngine.layout(column([BoxNode(style: row, children: [overflowing, right])]))
        #expect(bands(BoxPages(layout, pageHeight: 240)).first == [0, 50])
    }

    @Test func pagesAreAtLeastAPointTall() throws {
        let layout = try BoxEngine.layout(column([box(3)]))
        #expect(bands(BoxPages(layout, pageHeight: 1e-9)) == [[0, 1], [1, 2], [2, 3]])
    }

    func repeated(_ height: Double, _ kind: BoxStyle.Repeat) -> BoxNode {
        var node = box(height)
        node.style.repeats = kind
        return node
    }

    func offsets(_ pages: BoxPages) -> [Double] { pages.pages.map(\.offset) }

    @Test func aTableHeaderRepeatsOnEveryPageTheTableContinues() throws {
        // A title 50 tall, then a table: its header 30 tall, ten rows 40 tall (tops at 80 + 40i).
        let table = box(430, children: [repeated(30, .header)] + (0..<10).map { _ in box(40) })
        let layout = try BoxEngine.layout(column([box(50), table]))
        let pages = BoxPages(layout, pageHeight: 200)
        // Page 1: the title, header and three rows (to 200). Page 2: the header again (30), then
        // 170 of room: four rows (200 to 360). Page 3: the header, the last three rows.
        #expect(bands(pages) == [[0, 200], [200, 360], [360, 480]])
        #expect(offsets(pages) == [0, 30, 30])
        let header = BoxPages.Repeat(path: [1, 0], kind: .header, x: 0, y: 0)
        #expect(pages.pages.map(\.repeats) == [[], [header], [header]])
    }

    @Test func aTableFooterRepeatsAtTheBottomOfEveryPageTheTableGoesOn() throws {
        // A header 30 tall, ten rows 40 tall (tops at 30 + 40i), a footer 20 tall at 430.
        let table = try BoxEngine.layout(
            box(450, children: [repeated(30, .header)] + (0..<10).map { _ in box(40) } + [repeated(20, .footer)]))
        let pages = BoxPages(table, pageHeight: 200)
        // Page 1: 190 would leave no room for the footer (190 + 20 > 200): three rows, to 150, the
        // footer below them. Page 2: header, 170 of room: three rows (150 to 270) and the footer.
        // Page 3: 270 to 430 would need the footer too; three rows to 390. Page 4: the last row
        // and the footer in its place.
        #expect(bands(pages) == [[0, 150], [150, 270], [270, 390], [390, 450]])
        #expect(offsets(pages) == [0, 30, 30, 30])
        let header = BoxPages.Repeat(path: [0], kind: .header, x: 0, y: 0)
        func footer(_ y: Double) -> BoxPages.Repeat { BoxPages.Repeat(path: [11], kind: .footer, x: 0, y: y) }
        #expect(
            pages.pages.map(\.repeats) == [[footer(150)], [header, footer(150)], [header, footer(150)], [header]])
    }

    @Test func nestedHeadersStackOuterFirst() throws {
        // A table with a header 20 tall and a group holding a header 10 tall and six rows 40 tall
        // (tops at 30 + 40i).
        let group = box(250, children: [repeated(10, .header)] + (0..<6).map { _ in box(40) })
        let layout = try BoxEngine.layout(box(270, children: [repeated(20, .header), group]))
        let pages = BoxPages(layout, pageHeight: 130)
        #expect(bands(pages) == [[0, 110], [110, 190], [190, 270]])
        #expect(offsets(pages) == [0, 30, 30])
        let both = [
            BoxPages.Repeat(path: [0], kind: .header, x: 0, y: 0),
            BoxPages.Repeat(path: [1, 0], kind: .header, x: 0, y: 20),
        ]
        #expect(pages.pages.map(\.repeats) == [[], both, both])
    }

    @Test func aHeaderIsNotLeftAloneAtTheBottomOfAPage() throws {
        // A box 120 tall, then a table whose header (30) would fit at the bottom of page 1 with no
        // row below it: the table starts on page 2.
        let table = box(110, children: [repeated(30, .header), box(40), box(40)])
        let layout = try BoxEngine.layout(column([box(120), table]))
        #expect(bands(BoxPages(layout, pageHeight: 180)) == [[0, 120], [120, 230]])
    }

    @Test func marginsAndGapsAtABreakGoOnNeitherPage() throws {
        // Rows 40 tall, 20 apart (tops at 0, 60, 120 …): pages 110 tall end below a row, and the
        // next begins at the next row, not in the gap.
        var style = BoxStyle()
        style.flexDirection = .column
        style.width = .points(100)
        style.rowGap = .points(20)
        let layout = try BoxEngine.layout(BoxNode(style: style, children: (0..<6).map { _ in box(40) }))
        #expect(bands(BoxPages(layout, pageHeight: 110)) == [[0, 100], [120, 220], [240, 340]])
    }

    @Test func manyRowsAreFoundByHalving() throws {
        // 2,000 rows 10 tall in one column: pages 95 tall hold nine rows each.
        let layout = try BoxEngine.layout(column((0..<2000).map { _ in box(10) }))
        let pages = BoxPages(layout, pageHeight: 95)
        #expect(pages.stackedNodes == [[]])
        #expect(pages.pages.count == 223)
        #expect(pages.pages.allSatisfy { ($0.bottom - $0.top) == 90 || $0.bottom == 20_000 })
        #expect(pages.children(of: layout, at: [], from: 905, to: 915) == [90, 91])
    }

    @Test func aFooterTooTallToLeaveRoomIsNotRepeated() throws {
        // Five rows 40 tall and a footer 180 tall, pages 200 tall: no row boundary leaves room for
        // the footer, so the pages go without it (rather than cutting rows).
        let table = try BoxEngine.layout(box(380, children: (0..<5).map { _ in box(40) } + [repeated(180, .footer)]))
        let pages = BoxPages(table, pageHeight: 200)
        #expect(bands(pages) == [[0, 160], [160, 200], [200, 380]])
        #expect(pages.cutPages.isEmpty)
        #expect(pages.pages.allSatisfy { $0.repeats.isEmpty })
    }

    @Test func containersSideBySideRepeatTheirHeadersLevel() throws {
        // Two columns 50 wide side by side, each a header 20 tall and five rows 40 tall.
        func table() -> BoxNode {
            var node = box(220, children: [repeated(20, .header)] + (0..<5).map { _ in box(40) })
            node.style.width = .points(50)
            return node
        }
        var row = BoxStyle()
        row.flexDirection = .row
        row.alignItems = .start
        let layout = try BoxEngine.layout(column([BoxNode(style: row, children: [table(), table()])]))
        let pages = BoxPages(layout, pageHeight: 100)
        #expect(bands(pages) == [[0, 100], [100, 180], [180, 220]])
        #expect(offsets(pages) == [0, 20, 20])
        #expect(
            pages.pages[1].repeats == [
                BoxPages.Repeat(path: [0, 0, 0], kind: .header, x: 0, y: 0),
                BoxPages.Repeat(path: [0, 1, 0], kind: .header, x: 50, y: 0),
            ])
    }

    @Test func hiddenBoxesNeitherBreakNorRepeat() throws {
        var hidden = box(0)
        hidden.style.display = .none
        hidden.style.breakBefore = .page
        hidden.style.repeats = .header
        let layout = try BoxEngine.layout(column([box(50), hidden, box(50)]))
        let pages = BoxPages(layout, pageHeight: 500)
        #expect(bands(pages) == [[0, 100]])
    }

    @Test func aDeepTreeIsCutWithoutRunningOutOfStack() throws {
        // 990 boxes each inside the last (the engine takes 1,000 levels), the innermost 500 tall:
        // pages 100 tall cut it five times.
        var node = box(500)
        for _ in 0..<990 {
            var style = BoxStyle()
            style.flexDirection = .column
            node = BoxNode(style: style, children: [node])
        }
        let pages = BoxPages(try BoxEngine.layout(node), pageHeight: 100)
        #expect(bands(pages) == [[0, 100], [100, 200], [200, 300], [300, 400], [400, 500]])
    }
}

/// The most pages a tree is cut into, counted while cutting.
@Suite("Page limit")
struct PageLimitTests {
    /// A box a million points tall on pages of 1 point: cutting stops at 10,000 pages (it made a
    /// million, the last holding the rest), and says it stopped.
    @Test func cuttingStopsAtTheMostPages() throws {
        var style = BoxStyle()
        style.height = .points(1_000_000)
        style.width = .points(10)
        let layout = try BoxEngine.layout(BoxNode(style: style))
        let pages = BoxPages(layout, pageHeight: 1)
        #expect(BoxPages.maximumPages == 10_000)
        #expect(pages.isTruncated)
        #expect(pages.pages.count == 10_000)
        #expect(pages.pages.last.map { [$0.top, $0.bottom] } == [9_999, 10_000])
        let few = BoxPages(layout, pageHeight: 100_000, maximumPages: 3)
        #expect(few.isTruncated && few.pages.count == 3)
        // Exactly as many pages as allowed is not truncated.
        let exact = BoxPages(layout, pageHeight: 100_000, maximumPages: 10)
        #expect(!exact.isTruncated && exact.pages.count == 10)
        #expect(!BoxPages(layout, pageHeight: 1_000_000).isTruncated)
    }
}
