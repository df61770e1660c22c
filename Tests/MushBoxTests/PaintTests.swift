import Mush
import Testing

@testable import MushBox

/// The engine carries a node's paint to its result untouched, says which results clip, and
/// refuses paint values out of range with their path.
struct PaintTests {
    @Test func paintGoesFromNodeToResult() throws {
        var paint = BoxPaint(backgroundColor: MushColor(hex: "#fff"), cornerRadius: 8, zIndex: 2)
        paint.borderColors.bottom = MushColor(hex: "#ccc")
        paint.shadow = BoxShadow(
            color: MushColor(red: 0, green: 0, blue: 0, alpha: 64), offset: BoxOffset(y: 1), blur: 3)
        var clipped = BoxStyle()
        clipped.overflow = .hidden
        clipped.width = 50
        clipped.height = 20
        var sized = BoxStyle()
        sized.width = 10
        sized.height = 10
        let root = BoxNode(
            style: clipped, paint: paint, children: [BoxNode(style: sized), BoxNode(style: sized, paint: BoxPaint())])
        let layout = try BoxEngine.layout(root)
        #expect(layout.paint == paint)
        #expect(layout.clipsContent)
        #expect(layout.children[0].paint == nil)
        #expect(!layout.children[0].clipsContent)
        #expect(layout.children[1].paint == BoxPaint())
    }

    @Test(arguments: [
        (BoxPaint(cornerRadius: -1), "children[0].paint.cornerRadius: must be a number from 0 to 1000000 (it is -1)"),
        (
            BoxPaint(borderLineWidth: .nan),
            "children[0].paint.borderLineWidth: must be a number from 0 to 1000000 (it is nan)"
        ),
        (
            BoxPaint(zIndex: .infinity),
            "children[0].paint.zIndex: must be a number from -1000000 to 1000000 (it is inf)"
        ),
        (
            BoxPaint(shadow: BoxShadow(color: MushColor(red: 0, green: 0, blue: 0), blur: -2)),
            "children[0].paint.shadow.blur: must be a number from 0 to 1000000 (it is -2)"
        ),
    ])
    func badPaintIsNamed(paint: BoxPaint, message: String) {
        let root = BoxNode(children: [BoxNode(paint: paint)])
        #expect(
            throws: BoxError(
                path: String(message.prefix { $0 != ":" }), problem: String(message.drop { $0 != ":" }.dropFirst(2)))
        ) {
            try BoxEngine.layout(root)
        }
    }
}
