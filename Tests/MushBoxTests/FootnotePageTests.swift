import Mush
import MushBox
import MushText
import Testing

/// Footnotes at the bottom of the pages of their calls, worked out by hand: rows of known
/// heights, notes of known heights called from known places.
@Suite("Footnotes on pages")
struct FootnotePageTests {
    func box(_ height: Double) -> BoxNode {
        var style = BoxStyle()
        style.height = .points(height)
        return BoxNode(style: style, children: [])
    }

    func column(_ children: [BoxNode], gap: Double = 0) -> BoxNode {
        var style = BoxStyle()
        style.flexDirection = .column
        style.width = .points(100)
        style.rowGap = .points(gap)
        return BoxNode(style: style, children: children)
    }

    func bands(_ pages: BoxPages) -> [[Double]] { pages.pages.map { [$0.top, $0.bottom] } }
    func notes(_ pages: BoxPages) -> [[BoxPages.PlacedNote]] { pages.pages.map(\.notes) }

    /// A separator 10 tall and 5 between notes.
    let area = BoxPages.FootnoteArea(separator: 10, gap: 5)

    @Test func aPageWithANoteHoldsLessOfTheTree() throws {
        // Twelve rows 50 tall, pages 175 tall: three rows a page without notes. A note 20 tall
        // called from the second row takes 30 (with its separator): the first page holds two rows
        // (100 + 30 ≤ 175; 150 + 30 is not), the note at its bottom (175 − 30 + 10).
        let layout = try BoxEngine.layout(column((0..<12).map { _ in box(50) }))
        let pages = BoxPages(
            layout, pageHeight: 175, footnotes: [BoxPages.Footnote(anchor: 50, height: 20)], area: area)
        #expect(bands(pages) == [[0, 100], [100, 250], [250, 400], [400, 550], [550, 600]])
        #expect(notes(pages) == [[BoxPages.PlacedNote(index: 0, y: 155)], [], [], [], []])
        // Without notes: three rows a page.
        #expect(bands(BoxPages(layout, pageHeight: 175)).first == [0, 150])
    }

    @Test func theRowWithTheCallGoesToTheNextPageWhereItsNoteDoesNotFit() throws {
        // A note 40 tall called from the third row (at 100): with it, the first page would need
        // 150 + 50; without the third row it needs 100. The row goes on, its note with it.
        let layout = try BoxEngine.layout(column((0..<12).map { _ in box(50) }))
        let pages = BoxPages(
            layout, pageHeight: 175, footnotes: [BoxPages.Footnote(anchor: 100, height: 40)], area: area)
        #expect(bands(pages)[0...1] == [[0, 100], [100, 200]])
        #expect(notes(pages)[0...1] == [[], [BoxPages.PlacedNote(index: 0, y: 135)]])
    }

    @Test func notesOfOnePageStackInTheOrderOfTheirNumbers() throws {
        // Two rows side by side would call in any order; here note 1 is called below note 0 and
        // note 2 above both, all on the first page: stacked 0, 1, 2 from 175 − (10 + 3·10 + 2·5).
        let layout = try BoxEngine.layout(column((0..<4).map { _ in box(20) }))
        let footnotes = [
            BoxPages.Footnote(anchor: 20, height: 10), BoxPages.Footnote(anchor: 40, height: 10),
            BoxPages.Footnote(anchor: 0, height: 10),
        ]
        let pages = BoxPages(layout, pageHeight: 175, footnotes: footnotes, area: area)
        #expect(bands(pages) == [[0, 80]])
        #expect(pages.pages[0].notes.map(\.index) == [0, 1, 2])
        #expect(pages.pages[0].notes.map(\.y) == [135, 150, 165])
    }

    @Test func aNoteThatFitsWithNoLineOfItsPageGoesToTheNext() throws {
        // A first row 100 tall calls a note 100 tall (110 with its separator): no band with the
        // row fits it. The page takes rows to 160 without the note, which goes to the next page,
        // first among its notes, where three rows of 20 fit beside it (60 + 110 ≤ 175).
        let layout = try BoxEngine.layout(column([box(100)] + (0..<10).map { _ in box(20) }))
        let pages = BoxPages(
            layout, pageHeight: 175, footnotes: [BoxPages.Footnote(anchor: 0, height: 100)], area: area)
        #expect(bands(pages) == [[0, 160], [160, 220], [220, 300]])
        #expect(notes(pages) == [[], [BoxPages.PlacedNote(index: 0, y: 75)], []])
        #expect(pages.cutPages.isEmpty)
    }

    @Test func aNoteTallerThanAPageGoesAloneOnAPageCutAtItsEnd() throws {
        // A note 200 tall on pages 175 tall fits beside no row: it is carried to the tree's end
        // and set on a page of its own from the page's top, which is cut.
        let layout = try BoxEngine.layout(column((0..<4).map { _ in box(50) }))
        let pages = BoxPages(
            layout, pageHeight: 175, footnotes: [BoxPages.Footnote(anchor: 0, height: 200)], area: area)
        #expect(bands(pages) == [[0, 150], [150, 200], [200, 200]])
        #expect(notes(pages) == [[], [], [BoxPages.PlacedNote(index: 0, y: 10)]])
        #expect(pages.cutPages == [2])
    }

    @Test func everyNoteIsSetWhereverItsAnchorFalls() throws {
        // Rows 40 tall, 20 apart, pages 60 tall: a row a page, the 20 between dropped at each
        // break. A note anchored in that space goes on the next page; one anchored past the tree's
        // end (a call its text does not show) on the last. Each note, 5 tall, takes 15 with its
        // separator: 40 + 15 fit in 60.
        let layout = try BoxEngine.layout(column((0..<3).map { _ in box(40) }, gap: 20))
        let footnotes = [BoxPages.Footnote(anchor: 50, height: 5), BoxPages.Footnote(anchor: 500, height: 5)]
        let pages = BoxPages(layout, pageHeight: 60, footnotes: footnotes, area: area)
        #expect(bands(pages) == [[0, 40], [60, 100], [120, 160]])
        #expect(pages.pages.map { $0.notes.map(\.index) } == [[], [0], [1]])
        #expect(pages.pages.map { $0.notes.map(\.y) } == [[], [55], [55]])
    }

    @Test func aCallIsFoundOnItsLine() throws {
        // Text 100 wide in a box padded 10: the call after the last word is on the last line.
        let fonts = FontCollection.shipped
        let call = try TextLeaf("1", style: ParagraphStyle(fontFamily: "DejaVu Sans", fontSize: 8), fonts: fonts)
        var box = try InlineBox(node: BoxNode(leaf: call), verticalAlign: .super)
        box.footnote = 0
        let leaf = try TextLeaf(
            pieces: [.plain("Words enough to wrap onto more than one line"), .box(box)],
            style: ParagraphStyle(fontFamily: "DejaVu Sans", fontSize: 12), fonts: fonts)
        var style = BoxStyle()
        style.width = .points(100)
        style.padding = BoxEdges(.points(10))
        let layout = try BoxEngine.layout(BoxNode(style: style, leaf: leaf))
        guard case .text(let text)? = layout.leaf else {
            Issue.record("no text")
            return
        }
        let lines = text.layout.lines
        #expect(lines.count > 1)
        #expect(layout.footnoteCalls() == [0: 10 + lines[lines.count - 1].y])
        #expect(layout.footnoteCalls()[0]! > 10)
    }
}
