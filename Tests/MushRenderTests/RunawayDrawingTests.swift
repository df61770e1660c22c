import Foundation
import Mush
import MushBox
import Testing

@testable import MushRender

/// Drawing whose cost once grew past its input's size (issue "Hardening, third round"): groups
/// for translucent boxes as large as the picture, fades matched by inserting one box at a time, and
/// animations of any number of pixels.
@Suite("Drawing that cannot run away")
struct RunawayDrawingTests {
    static let red = MushColor(hex: "#f00")!
    static let white = MushColor(hex: "#fff")!

    /// A `side` × `side` white root holding `count` translucent red boxes of 10 × 10 in rows, inside
    /// a padding of `padding`.
    func translucent(_ count: Int, side: Double, padding: Double = 0, shadow: BoxShadow? = nil) throws -> BoxLayout {
        var style = BoxStyle()
        style.width = .points(side)
        style.height = .points(side)
        style.padding = BoxEdges(.points(padding))
        style.flexDirection = .row
        style.flexWrap = .wrap
        var child = BoxStyle()
        child.width = .points(10)
        child.height = .points(10)
        var paint = BoxPaint(backgroundColor: Self.red, shadow: shadow)
        paint.opacity = 0.5
        let children = (0..<count).map { _ in BoxNode(style: child, paint: paint) }
        return try BoxEngine.layout(
            BoxNode(style: style, paint: BoxPaint(backgroundColor: Self.white), children: children))
    }

    /// The pixels of the groups pushed to draw `layout` as a PNG at `scale`.
    func groupPixels(_ layout: BoxLayout, scale: Double = 1) throws -> Double {
        let canvas = try Canvas(format: .png, width: layout.width, height: layout.height, scale: scale)
        let painter = Painter(canvas: canvas, options: RenderOptions(scale: scale))
        painter.drawBoxTree(layout, wholeContent: false)
        return painter.groupPixels
    }

    @Test func aTranslucentBoxCostsItsOwnAreaNotThePictures() throws {
        // 100 boxes of 10 × 10 in a picture of 2,000 × 2,000 (100 points from its edges): each group
        // is the box and 32 points around it (74 × 74), not the picture's 4 million pixels.
        let layout = try translucent(100, side: 2000, padding: 100)
        #expect(try groupPixels(layout) == 100 * 74 * 74)
        #expect(try groupPixels(layout, scale: 2) == 100 * 148 * 148)
        // A shadow widens the group by its reach (offset 4 and three times its blur of 2: 10).
        let shadowed = try translucent(
            1, side: 2000, padding: 100, shadow: BoxShadow(color: Self.red, offset: BoxOffset(x: 4, y: 4), blur: 2))
        #expect(try groupPixels(shadowed) == 94 * 94)
    }

    @Test func aBoundedGroupDrawsWhatTheWholePictureGroupDrew() throws {
        // The shadow and the box, drawn translucent, are the same pixels as before the groups were
        // bounded: red at half over white inside, the shadow's edge outside.
        let layout = try translucent(
            3, side: 60, shadow: BoxShadow(color: Self.red, offset: BoxOffset(x: 4, y: 4), blur: 2))
        let picture = try Bitmap(png: try Renderer.render(layout, as: .png).data)
        let inside = picture.pixel(x: 5, y: 5)
        #expect(inside.r == 255 && (127...128).contains(inside.g), "\(inside)")
        #expect(picture.pixel(x: 5, y: 40) == Pixel.white)
        // Under the shadow, right of the third box: tinted, not cut off.
        #expect(picture.pixel(x: 32, y: 8).g < 255)
    }

    @Test func fadingBoxesAreMergedInOrder() throws {
        // Before: A B C D E; after: B D X. A, C and E fade out at their old places: A B C D E X.
        func row(_ ids: [String]) throws -> BoxLayout {
            var style = BoxStyle()
            style.width = .points(10)
            style.height = .points(10)
            return try BoxEngine.layout(BoxNode(children: ids.map { BoxNode(id: $0, style: style) }))
        }
        let transition = BoxTransition(from: try row(["A", "B", "C", "D", "E"]), to: try row(["B", "D", "X"]))
        #expect(transition.layout(at: 0.5).children.map(\.id) == ["A", "B", "C", "D", "E", "X"])
        // 5,000 boxes fading out and 5,000 in, ids that do not match: each at its place, in one pass.
        let many = BoxTransition(
            from: try row((0..<5000).map { "old\($0)" }), to: try row((0..<5000).map { "new\($0)" }))
        let halfway = many.layout(at: 0.5).children
        #expect(halfway.count == 10_000)
        #expect(halfway.prefix(4).map(\.id) == ["old0", "old1", "old2", "old3"])
        #expect(halfway[4999].id == "old4999" && halfway[5000].id == "new0")
    }

    @Test func anAnimationOfTooManyPixelsIsAnError() throws {
        let layout = try translucent(1, side: 4000)
        let transition = BoxTransition(from: layout, to: layout)
        #expect(throws: RenderError.animationTooLarge(frames: 120, pixels: 120 * 4000 * 4000)) {
            try Renderer.renderFrames(transition, frames: 120, options: RenderOptions())
        }
        #expect(
            RenderError.animationTooLarge(frames: 120, pixels: 1.92e9).description
                == "120 frames would have 1920000000 pixels in all; an animation has at most 268435456 (fewer frames, a lower scale or a smaller picture)"
        )
    }
}
