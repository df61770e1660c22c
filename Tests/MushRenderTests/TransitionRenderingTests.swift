import Foundation
import Mush
import MushBox
import Testing

@testable import MushRender

/// Transitions drawn as animated PNGs, group opacity, and the APNG file's structure.
@Suite("Transitions and opacity drawn")
struct TransitionRenderingTests {
    static let red = MushColor(hex: "#f00")!
    static let white = MushColor(hex: "#fff")!

    /// A 40 × 40 white root holding a red 10 × 10 box at (`x`, 0), with an id, at `opacity`.
    func tree(x: Double, opacity: Double = 1, id: String = "red") throws -> BoxLayout {
        var style = BoxStyle()
        style.width = .points(40)
        style.height = .points(40)
        var child = BoxStyle()
        child.position = .absolute
        child.inset.left = .points(x)
        child.inset.top = .points(0)
        child.width = .points(10)
        child.height = .points(10)
        var paint = BoxPaint(backgroundColor: Self.red)
        paint.opacity = opacity
        let root = BoxNode(
            style: style, paint: BoxPaint(backgroundColor: Self.white),
            children: [BoxNode(id: id, style: child, paint: paint)])
        return try BoxEngine.layout(root)
    }

    @Test func opacityDrawsTheBoxAsOneGroup() throws {
        let half = try Bitmap(png: try Renderer.render(try tree(x: 0, opacity: 0.5), as: .png).data)
        // Red at half over white.
        let pixel = half.pixel(x: 5, y: 5)
        #expect(pixel.r == 255 && (127...128).contains(pixel.g) && pixel.g == pixel.b, "\(pixel)")
        let none = try Bitmap(png: try Renderer.render(try tree(x: 0, opacity: 0), as: .png).data)
        #expect(none.pixel(x: 5, y: 5) == Pixel(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func framesMoveTheBoxAndStartAndEndAtTheTwoLayouts() throws {
        let transition = BoxTransition(from: try tree(x: 0), to: try tree(x: 30))
        let frames = try Renderer.renderFrames(transition, frames: 5)
        #expect(frames.count == 5)
        // The first and last pictures are the two layouts drawn.
        #expect(frames[0].data == (try Renderer.render(transition.before, as: .png)).data)
        #expect(frames[4].data == (try Renderer.render(transition.after, as: .png)).data)
        // Halfway in time is halfway eased: the box at x 15.
        let middle = try Bitmap(png: frames[2].data)
        #expect(middle.pixel(x: 16, y: 5) == Pixel(r: 255, g: 0, b: 0, a: 255))
        #expect(middle.pixel(x: 12, y: 5) == Pixel(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func anAnimationIsOneAPNG() throws {
        let transition = BoxTransition(from: try tree(x: 0), to: try tree(x: 30))
        let animation = try Renderer.renderAnimation(transition, frames: 4, duration: 0.3)
        let chunks = try #require(AnimatedPNG.chunks(animation.data))
        #expect(
            chunks.map(\.type) == [
                "IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND",
            ])
        // Four frames, played once; each shown 100 thousandths of a second; sequence numbers 0…6.
        #expect([UInt8](chunks[1].data) == [0, 0, 0, 4, 0, 0, 0, 1])
        #expect([UInt8](chunks[2].data.suffix(6)) == [0, 100, 3, 232, 0, 0])
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { chunk in
            chunk.data.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        }
        #expect(sequence == Array(0...6))
        // A reader without APNG sees the first frame: the layout before.
        #expect(try Bitmap(png: animation.data).pixel(x: 5, y: 5) == Pixel(r: 255, g: 0, b: 0, a: 255))
        // Every chunk's CRC checks (IEND's is the well-known AE 42 60 82).
        #expect(animation.data.suffix(4) == Data([0xAE, 0x42, 0x60, 0x82]))
        #expect(AnimatedPNG.crc(Data("IEND".utf8)) == 0xAE42_6082)
    }

    @Test func aBoxThatAppearsFadesIn() throws {
        let transition = BoxTransition(from: try tree(x: 0, id: "old"), to: try tree(x: 30, id: "new"))
        let frames = try Renderer.renderFrames(transition, frames: 3)
        let middle = try Bitmap(png: frames[1].data)
        // Both half drawn halfway: the old one at its place, the new one at its own.
        for x in [5, 35] {
            let pixel = middle.pixel(x: x, y: 5)
            #expect(pixel.r == 255 && (127...128).contains(pixel.g), "\(x): \(pixel)")
        }
    }
}
