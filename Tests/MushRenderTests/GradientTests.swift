import Foundation
import Mush
import MushBox
import Testing

@testable import MushRender

/// Linear and radial gradients as a box's background, pixel by pixel.
@Suite("Gradients")
struct GradientTests {
    static let red = MushColor(hex: "#f00")!
    static let blue = MushColor(hex: "#00f")!

    func draw(_ gradient: BoxGradient, width: Double = 100, height: Double = 50) throws -> Bitmap {
        var style = BoxStyle()
        style.width = .points(width)
        style.height = .points(height)
        var paint = BoxPaint(backgroundColor: MushColor(hex: "#fff"))
        paint.backgroundGradient = gradient
        let layout = try BoxEngine.layout(BoxNode(style: style, paint: paint))
        return try Bitmap(png: try Renderer.render(layout, as: .png).data)
    }

    func near(_ pixel: Pixel, _ r: Int, _ g: Int, _ b: Int, within tolerance: Int = 4) -> Bool {
        abs(pixel.r - r) <= tolerance && abs(pixel.g - g) <= tolerance && abs(pixel.b - b) <= tolerance
    }

    @Test func aLinearGradientRunsAlongItsAngle() throws {
        let stops = [BoxGradient.Stop(Self.red, at: 0), BoxGradient.Stop(Self.blue, at: 1)]
        // 90 degrees: left to right, the colours at the box's edges and halfway at its middle.
        let across = try draw(BoxGradient(.linear(angle: 90), stops: stops))
        #expect(near(across.pixel(x: 0, y: 25), 252, 0, 3) && near(across.pixel(x: 99, y: 25), 3, 0, 252))
        #expect(near(across.pixel(x: 50, y: 25), 126, 0, 129))
        // 180 (CSS's default): top to bottom.
        let down = try draw(BoxGradient(.linear(angle: 180), stops: stops))
        #expect(near(down.pixel(x: 50, y: 0), 250, 0, 5) && near(down.pixel(x: 50, y: 49), 5, 0, 250))
        // 45 degrees in a 100 × 50 box: the line reaches the corners, so the bottom left corner is
        // the first colour and the top right corner the last.
        let corner = try draw(BoxGradient(.linear(angle: 45), stops: stops))
        #expect(near(corner.pixel(x: 0, y: 49), 250, 0, 5, within: 8))
        #expect(near(corner.pixel(x: 99, y: 0), 5, 0, 250, within: 8))
    }

    @Test func aRadialGradientRunsToTheFarthestCorner() throws {
        let stops = [BoxGradient.Stop(Self.red, at: 0), BoxGradient.Stop(Self.blue, at: 1)]
        let bitmap = try draw(BoxGradient(.radial(centerX: 0, centerY: 0), stops: stops), width: 60, height: 80)
        // Its centre at the top left corner: red there, blue at the bottom right (100 away).
        #expect(near(bitmap.pixel(x: 0, y: 0), 255, 0, 0, within: 6))
        #expect(near(bitmap.pixel(x: 59, y: 79), 0, 0, 255, within: 6))
        // Halfway along the diagonal: half of each.
        #expect(near(bitmap.pixel(x: 30, y: 40), 128, 0, 127, within: 6))
    }

    @Test func badGradientsAreNamed() {
        let red = BoxGradient.Stop(Self.red, at: 0.5)
        #expect(BoxGradient(.linear(angle: 0), stops: [red]).firstProblem()?.key == "stops")
        #expect(
            BoxGradient(.linear(angle: 0), stops: [red, BoxGradient.Stop(Self.blue, at: 0.2)]).firstProblem()?.problem
                == "must not come before the stop before it (it is 0.2, after 0.5)")
        #expect(
            BoxGradient(.radial(centerX: .nan, centerY: 0), stops: [red, red]).firstProblem()?.key == "radial[0]")
    }
}
