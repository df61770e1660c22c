import Mush
import MushBase
import MushBox
import MushRender
import MushText
import Testing

/// Drawing that is asked to stop (`RenderOptions.cancellation`): it ends with `.cancelled` at its
/// next check (before each box, image, page and frame) rather than running to its end.
@Suite("Drawing stopped midway")
struct CancellationTests {
    /// A column of `count` rows, 20 points each, each its own colour.
    func column(_ count: Int) throws -> BoxLayout {
        var column = BoxStyle()
        column.flexDirection = .column
        column.width = .points(100)
        let rows = (0..<count).map { index -> BoxNode in
            var style = BoxStyle()
            style.height = .points(20)
            return BoxNode(
                style: style, paint: BoxPaint(backgroundColor: MushColor(red: UInt8(index), green: 0, blue: 0)))
        }
        return try BoxEngine.layout(BoxNode(style: column, children: rows), width: .points(100))
    }

    @Test(arguments: [RenderFormat.png, .svg, .pdf]) func aCancelledDrawingStops(format: RenderFormat) throws {
        let layout = try column(10)
        var options = RenderOptions()
        options.cancellation = Cancellation()
        // Not cancelled: drawn.
        #expect(try Renderer.render(layout, as: format, options: options).data.count > 0)
        options.cancellation?.cancel()
        #expect(throws: RenderError.cancelled) { try Renderer.render(layout, as: format, options: options) }
    }

    @Test(arguments: [RenderFormat.png, .pdf]) func pagesStopBetweenPages(format: RenderFormat) throws {
        let layout = try column(30)
        let pages = BoxPages(layout, pageHeight: 100)
        #expect(pages.pages.count == 6)
        let cancellation = Cancellation()
        var options = RenderOptions()
        options.cancellation = cancellation
        // PNG pages are handed over one at a time: cancelled after the second, no third is drawn.
        var drawn = 0
        #expect(throws: RenderError.cancelled) {
            _ = try Renderer.render(
                layout, pages: pages, width: 100, height: 100, margin: .zero, as: format, options: options,
                pageDrawn: { _, _ in
                    drawn += 1
                    if drawn == 2 { cancellation.cancel() }
                    return true
                })
            // A PDF is one file: cancelled before it is drawn, it is not drawn at all.
            if format == .pdf {
                cancellation.cancel()
                _ = try Renderer.render(
                    layout, pages: pages, width: 100, height: 100, margin: .zero, as: format, options: options)
            }
        }
        #expect(drawn == (format == .png ? 2 : 0))
    }

    @Test func aCancellationIsSetOnce() {
        let cancellation = Cancellation()
        #expect(!cancellation.isCancelled)
        cancellation.cancel()
        cancellation.cancel()
        #expect(cancellation.isCancelled)
    }
}
