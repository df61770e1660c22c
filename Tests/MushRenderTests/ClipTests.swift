import Foundation
import Mush
import MushBox
import Testing

@testable import MushRender

/// Nested clipping boxes: an enclosing clip is dropped only where the inner one lies wholly inside
/// it, so drawing stays exact while its cost and an SVG's size grow with the boxes, not their square.
@Suite("Nested clips")
struct ClipTests {
    let red = MushColor(red: 255, green: 0, blue: 0)

    @Test func containment() {
        let rounded = ClipShape(x: 0, y: 0, width: 100, height: 100, radius: 10)
        // The same radius one point in: its corners stay inside the bigger arcs.
        #expect(rounded.contains(ClipShape(x: 1, y: 1, width: 98, height: 98, radius: 10)))
        #expect(rounded.contains(rounded))
        // Square corners one point in poke out of the rounded ones; so does a smaller radius at
        // the very corner, and anything past the edge.
        #expect(!rounded.contains(ClipShape(x: 1, y: 1, width: 98, height: 98, radius: 0)))
        #expect(!rounded.contains(ClipShape(x: 0, y: 0, width: 100, height: 100, radius: 5)))
        #expect(!rounded.contains(ClipShape(x: 50, y: 50, width: 51, height: 10, radius: 0)))
        // Clear of the corners' squares, any shape inside the edges is inside.
        #expect(rounded.contains(ClipShape(x: 10, y: 0, width: 80, height: 100, radius: 0)))
        #expect(rounded.contains(ClipShape(x: 0, y: 40, width: 100, height: 20, radius: 0)))
        // Far enough in, square corners fit: (3, 3) is 9.9 from the arc's centre at (10, 10).
        #expect(rounded.contains(ClipShape(x: 3, y: 3, width: 94, height: 94, radius: 0)))
        #expect(!rounded.contains(ClipShape(x: 2.9, y: 2.9, width: 94, height: 94, radius: 0)))
        let square = ClipShape(x: 0, y: 0, width: 100, height: 100, radius: 0)
        #expect(square.contains(ClipShape(x: 0, y: 0, width: 100, height: 100, radius: 0)))
        #expect(!square.contains(ClipShape(x: -1, y: 0, width: 10, height: 10, radius: 0)))
    }

    /// A rounded clip inside a rounded clip inside a rounded root: the innermost rounding cuts the
    /// square fill, and where it does not hold the outer one (square corners), the outer still cuts.
    @Test func nestedClipsStillCut() throws {
        func clipping(_ x: Double, _ radius: Double, _ size: Double, children: [BoxLayout]) -> BoxLayout {
            BoxLayout(
                x: x, y: x, width: size, height: size, border: BoxEdges(0), padding: BoxEdges(0), children: children,
                leaf: nil, paint: BoxPaint(cornerRadius: radius), clipsContent: true)
        }
        let fill = BoxLayout(
            x: -50, y: -50, width: 300, height: 300, border: BoxEdges(0), padding: BoxEdges(0), children: [],
            leaf: nil, paint: BoxPaint(backgroundColor: red), clipsContent: false)
        // Rounded (radius 20) in rounded (radius 20): the outer clip is dropped.
        let rounded = clipping(0, 20, 100, children: [clipping(5, 20, 90, children: [fill])])
        let bitmap = try Bitmap(
            png: try Renderer.render(rounded, as: .png, options: RenderOptions(background: MushColor(hex: "#fff"))).data
        )
        #expect(bitmap.pixel(x: 50, y: 50) == Pixel(red))
        #expect(bitmap.pixel(x: 6, y: 6) == .white)
        #expect(bitmap.pixel(x: 50, y: 2) == .white)
        #expect(bitmap.pixel(x: 50, y: 6) == Pixel(red))
        // A square clip one point in: the rounded root's corner still cuts it.
        let square = clipping(0, 20, 100, children: [clipping(1, 0, 98, children: [fill])])
        let squared = try Bitmap(
            png: try Renderer.render(square, as: .png, options: RenderOptions(background: MushColor(hex: "#fff"))).data)
        #expect(squared.pixel(x: 2, y: 2) == .white)
        #expect(squared.pixel(x: 50, y: 2) == Pixel(red))
    }

    /// 300 nested boxes, each rounded, shadowed and clipping: the SVG holds each box's clip once
    /// (it held the whole chain again for every box: 55 MB). (The bitmap's time is a benchmark
    /// figure, in the renderer's article.)
    @Test func deepPaintedTreesStayLinear() throws {
        var node = BoxLayout(
            x: 1, y: 1, width: 10, height: 10, border: BoxEdges(0), padding: BoxEdges(0), children: [], leaf: nil,
            paint: BoxPaint(backgroundColor: red), clipsContent: false)
        for level in 1...300 {
            let size = Double(10 + 2 * level)
            let paint = BoxPaint(
                backgroundColor: MushColor(red: UInt8(level % 256), green: 100, blue: 200), cornerRadius: 4,
                shadow: BoxShadow(
                    color: MushColor(red: 0, green: 0, blue: 0, alpha: 128), offset: BoxOffset(x: 1, y: 1), blur: 2))
            node = BoxLayout(
                x: level == 300 ? 0 : 1, y: level == 300 ? 0 : 1, width: size, height: size, border: BoxEdges(0),
                padding: BoxEdges(1), children: [node], leaf: nil, paint: paint, clipsContent: true)
        }
        let svg = try Renderer.render(node, as: .svg, options: RenderOptions())
        #expect(svg.data.count < 3_000_000, "\(svg.data.count) bytes")
    }
}
