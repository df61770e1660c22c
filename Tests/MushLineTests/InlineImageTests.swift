import Mush
import MushLine
import MushText
import Testing

/// Text items made of pieces: images set in a row's text (placed where the paragraph's
/// `objectFrames` says, the row growing for a tall one), links in its runs, and bad pieces named
/// by their property.
@Suite("Inline images in rows")
struct InlineImageTests {
    func icon(_ width: Double, _ height: Double, margin: MGLine.Insets = MGLine.Insets(), link: String? = nil)
        -> MGLine.TextPiece
    {
        .image(MGLine.InlineImage(MGLine.Image(width: width, height: height), margin: margin, link: link))
    }

    @Test func anImageStandsWhereItsParagraphPlacesIt() throws {
        let line = row(left: [
            .pieces([
                .string("Mail "), icon(16, 12, margin: MGLine.Insets(left: 2, right: 3)), .string(" **inbox**|mush"),
            ])
        ])
        let layout = try line.layout()
        let item = layout.item(.left, 0)
        let text = try #require(item.text)
        #expect(text.paragraph.text == "Mail \u{FFFC} inbox")
        #expect(text.paragraph.objects == [InlineObject(offset: 5, width: 21, height: 12)])
        // The item is the text's natural width: the words and the image's margin box.
        let natural = text.paragraph.layout().width
        #expect(item.frame == Frame(x: 16, y: 13, width: (natural - 1e-6).rounded(.up), height: 19))
        #expect(item.frame?.width == 114)
        #expect(text.lines == ["Mail \u{FFFC} inbox"])
        let placed = try #require(text.paragraph.objectFrames(in: text.layout).first)
        let image = try #require(text.images.first)
        #expect(text.images.count == 1 && image.piece == 1 && image.line == 0)
        #expect(image.frame == Frame(x: placed.x + 2, y: placed.y, width: 16, height: 12))
        #expect(image.frame == Frame(x: 39.5859375, y: 2.8515625, width: 16, height: 12))
        #expect(
            image.image
                == MGLine.InlineImage(MGLine.Image(width: 16, height: 12), margin: MGLine.Insets(left: 2, right: 3)))
        // The bold run is the markup's; the image's U+FFFC is the side's font.
        let runs = text.paragraph.runs(of: text.layout.lines[0])
        #expect(runs.contains { $0.attributes.bold })
    }

    @Test func aTallImageMakesTheRowTaller() throws {
        var line = MGLine(width: 320, left: [.pieces([.string("Tall "), icon(20, 60), .string(" one")])])
        line.minHeight = 30
        line.padding = MGLine.Insets(top: 4, bottom: 4)
        let layout = try line.layout()
        let text = try #require(layout.item(.left, 0).text)
        let placed = try #require(text.images.first)
        // On the baseline: the image's bottom on it, the line's height its 60 points and the font's
        // descent.
        let baseline = text.layout.lines[0].baseline
        #expect(placed.frame.y + 60 == baseline && placed.frame.y == 0)
        let height = (text.layout.height - 1e-6).rounded(.up)
        #expect(height == 64)
        #expect(layout.height == 72)
        #expect(layout.frame(.left, 0)?.height == height)
    }

    @Test func aSingleLineTextCutShortLeavesOutAnImagePastTheEnd() throws {
        let line = MGLine(
            width: 80, left: [.pieces([.string("A long title "), icon(16, 16)], multiline: false)])
        let text = try #require(try line.layout().item(.left, 0).text)
        #expect(text.isTruncated)
        #expect(text.images.isEmpty)
    }

    @Test func linksOfRunsAreTheTextsLinksAndAnImageKeepsItsOwn() throws {
        let docs = MushDocument([(text: "docs", attributes: MushAttributes(link: "https://example.com/docs"))])
        let line = row(left: [.pieces([.string("See "), .text(docs), .string(" "), icon(10, 10, link: "#top")])])
        let text = try #require(try line.layout().item(.left, 0).text)
        let links = text.layout.links
        #expect(links.map(\.url) == ["https://example.com/docs"])
        #expect(links[0].rects.count == 1)
        #expect(links[0].rects[0] == TextLink.Rect(x: 34.9296875, y: 0, width: 37.078125, height: 18.625))
        #expect(text.images.map(\.image.link) == ["#top"])
    }

    @Test func theLinkUnderAPointIsARunsOrAnImagesInBoxesToo() throws {
        let docs = MushDocument([(text: "docs", attributes: MushAttributes(link: "https://example.com/docs"))])
        let inner = MGLine(
            width: 0, height: 30, left: [.pieces([.text(docs), .string(" "), icon(10, 10, link: "#top")])])
        let line = MGLine(width: 300, height: 40, right: [.box(MGLine.Box(width: 200, height: 30, line: inner))])
        let layout = try line.layout()
        let box = try #require(layout.frame(.right, 0))
        guard case .box(let content) = layout.items[0].content, let nested = content.line else {
            Issue.record("no box line")
            return
        }
        let text = try #require(nested.items[0].text)
        let frame = try #require(nested.frame(.left, 0))
        let image = try #require(text.images.first)
        #expect(box == Frame(x: 100, y: 5, width: 200, height: 30))
        #expect(frame.x == 0 && frame.y == 6)
        #expect(layout.link(atX: 100 + 1, y: 5 + 6 + 1) == "https://example.com/docs")
        #expect(
            layout.link(atX: 100 + image.frame.x + 5, y: 5 + 6 + image.frame.y + 5) == "#top")
        #expect(layout.link(atX: 100 + image.frame.x - 0.5, y: 5 + 6 + 1) == nil)
        #expect(layout.link(atX: 50, y: 20) == nil)
    }

    @Test func multilineFollowsTheTextPiecesLineBreaks() throws {
        let line = row(left: [.pieces([.string("one\ntwo "), icon(8, 8)])])
        let text = try #require(try line.layout().item(.left, 0).text)
        #expect(text.isMultiline)
        #expect(text.images.map(\.line) == [1])
    }

    @Test func badPiecesAreNamedByTheirProperty() {
        func problem(_ piece: MGLine.TextPiece) -> String? {
            do {
                try row(right: ["x", .pieces([.string("a"), piece])]).validate()
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem(icon(-1, 4))?.hasPrefix("rightItems[1].pieces[1].image.width ") == true)
        #expect(
            problem(icon(4, 4, margin: MGLine.Insets(top: -2)))?.hasPrefix("rightItems[1].pieces[1].margin.top ")
                == true)
        #expect(
            problem(icon(4, 4, margin: MGLine.Insets(left: 1_000_000)))
                == "rightItems[1].pieces[1] must have a margin box at most 1000000 points wide and tall (it is 1000004 × 4)"
        )
        #expect(problem(icon(4, 4, link: "javascript:alert(1)"))?.hasPrefix("rightItems[1].pieces[1].link ") == true)
        #expect(
            problem(.text(MushDocument([(text: "big", attributes: MushAttributes(fontSize: 0))])))?.hasPrefix(
                "rightItems[1].pieces[1].") == true)
        #expect(problem(icon(4, 4)) == nil)
    }
}
