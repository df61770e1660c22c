import Foundation
import Mush
import MushLine
import MushRender
import MushText
import Testing

@Suite("Scripts, synthetic styles, threads")
struct ScriptStyleTests {
    /// A wrapped, right-aligned Hebrew text: each line's ink ends at the frame's right edge (its
    /// hanging space takes no room at the left), and starts where the line's x says.
    @Test func rightToLeftLinesEndAtTheirRightEdge() throws {
        var line = MGLine(width: 200, left: [.text("שלום עולם שלום עולם שלום עולם שלום", multiline: true)])
        line.minHeight = 10
        line.leftAlignment = .right
        line.leftWidth = 200
        let picture = try renderPNG(line, scale: 2)
        let text = try #require(picture.layout.items[0].text)
        let frame = try #require(picture.layout.items[0].frame)
        #expect(text.layout.lines.count >= 2)
        #expect(text.layout.lines[0].text.hasSuffix(" "), "the first line holds its hanging space")
        for lineLayout in text.layout.lines {
            let band = picture.rect(
                x: frame.x, y: frame.y + lineLayout.y, width: frame.width, height: lineLayout.height,
                inward: true)
            let ink = try #require(picture.bitmap.bounds(in: band) { $0.darkness > 300 })
            let right = (frame.x + lineLayout.x + lineLayout.width) * picture.scale
            let left = (frame.x + lineLayout.x) * picture.scale
            // Side bearings keep ink a little inside the advance; the hanging space is 10 pixels.
            #expect(
                abs(Double(ink.maxX) - right) <= 4,
                "line \"\(lineLayout.text)\": ink ends at \(ink.maxX), the line at \(right)")
            #expect(
                abs(Double(ink.minX) - left) <= 5,
                "line \"\(lineLayout.text)\": ink starts at \(ink.minX), the line at \(left)")
        }
    }

    /// Noto Sans Thai has no bold or italic face: the engine asks for synthetic styles, and the
    /// picture shows them: bold has more ink, oblique leans right (its top rows' ink lies further
    /// right than its bottom rows').
    @Test func syntheticBoldAndObliqueAreDrawn() throws {
        func picture(_ mush: String) throws -> (Picture, [PlacedRun]) {
            var line = MGLine(width: 200, height: 60, left: [.attributed(Mush.parse(mush), multiline: false)])
            line.font = MGLine.Font(family: "Noto Sans Thai", size: 40)
            let picture = try renderPNG(line, scale: 1)
            return (picture, picture.layout.runs(.left, 0))
        }
        let (plain, plainRuns) = try picture("ปป")
        let (bold, boldRuns) = try picture("**ปป**")
        let (oblique, obliqueRuns) = try picture("//ปป//")
        #expect(!plainRuns[0].run.syntheticBold && !plainRuns[0].run.syntheticOblique)
        #expect(boldRuns[0].run.syntheticBold && boldRuns[0].run.face.family == "Noto Sans Thai")
        #expect(obliqueRuns[0].run.syntheticOblique)
        let all = plain.bitmap.bounds
        let plainInk = plain.bitmap.count(in: all) { $0.darkness > 300 }
        let boldInk = bold.bitmap.count(in: all) { $0.darkness > 300 }
        #expect(Double(boldInk) > Double(plainInk) * 1.15, "bold \(boldInk) vs plain \(plainInk) dark pixels")

        func lean(_ bitmap: Bitmap) throws -> Double {
            let ink = try #require(bitmap.bounds { $0.darkness > 300 })
            func centre(_ rows: Range<Int>) -> Double {
                let pixels = bitmap.pixels(
                    in: PixelRect(
                        minX: ink.minX, minY: rows.lowerBound, maxX: ink.maxX,
                        maxY: rows.upperBound)
                ).filter { $0.pixel.darkness > 300 }
                return Double(pixels.map(\.x).reduce(0, +)) / Double(max(pixels.count, 1))
            }
            let third = ink.height / 3
            return centre(ink.minY..<(ink.minY + third)) - centre((ink.maxY - third)..<ink.maxY)
        }
        let plainLean = try lean(plain.bitmap)
        let obliqueLean = try lean(oblique.bitmap)
        #expect(obliqueLean > plainLean + 2, "oblique leans \(obliqueLean) px, plain \(plainLean) px")
    }

    /// Renderings on many threads at once (sharing the Cairo faces) give the bytes of one thread.
    @Test func renderingOnManyThreadsGivesTheSameBytes() async throws {
        let lines = ["Hello **world**|mush", "שלום עולם", "สวัสดีชาวโลก", "नमस्ते दुनिया", "//oblique// ~~struck~~|mush"]
            .map { MGLine(left: .text($0), right: "›", width: 240, height: 44) }
        let expected = try lines.map { line in
            try Renderer.render(try line.layout(), as: .png, options: RenderOptions(scale: 2)).data
        }
        try await withThrowingTaskGroup(of: (Int, Data, RenderFormat).self) { group in
            for round in 0..<8 {
                for (index, line) in lines.enumerated() {
                    group.addTask {
                        let format: RenderFormat = round % 4 == 3 ? .pdf : .png
                        let data = try Renderer.render(
                            try line.layout(), as: format,
                            options: RenderOptions(scale: 2)
                        ).data
                        return (index, data, format)
                    }
                }
            }
            for try await (index, data, format) in group where format == .png {
                #expect(data == expected[index], "line \(index) differs on another thread")
            }
        }
    }
}
