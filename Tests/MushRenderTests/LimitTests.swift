import Mush
import MushLine
import MushRender
import Testing

@Suite("Limits")
struct LimitTests {
    /// Text past FreeType's size limit is a typed error, and leaves the face usable: a Cairo face
    /// that failed once would fail every later rendering in the process.
    @Test func hugeTextIsAnErrorAndLeavesTheFontUsable() throws {
        var huge = MGLine(left: "Hi", right: nil, width: 100, height: 40)
        huge.font = MGLine.Font(size: 9000)
        #expect(throws: RenderError.fontTooLarge(size: 9000, scale: 2)) {
            try Renderer.render(huge, layout: try huge.layout(), as: .png, options: RenderOptions(scale: 2))
        }
        let plain = MGLine(left: "Hello", right: nil, width: 100, height: 40)
        for format in RenderFormat.allCases {
            let rendering = try Renderer.render(plain, layout: try plain.layout(), as: format)
            #expect(rendering.warnings.isEmpty)
        }
    }

    @Test func aPNGHasAtMostHalfAGigabyteOfPixels() throws {
        let line = MGLine(width: 6000, height: 6000)
        #expect(throws: RenderError.tooLarge(pixelWidth: 12000, pixelHeight: 12000)) {
            try Renderer.render(line, layout: try line.layout(), as: .png, options: RenderOptions(scale: 2))
        }
        // Vector pages of that size are fine.
        let pdf = try Renderer.render(line, layout: try line.layout(), as: .pdf, options: RenderOptions(scale: 2))
        #expect(pdf.width == 12000)
    }

    @Test(arguments: [0.009, 1e-200]) func scalesBelowTheMinimumAreErrors(scale: Double) throws {
        let line = MGLine(left: "Hello", right: nil, width: 100, height: 40)
        #expect(throws: RenderError.invalidScale(scale)) {
            try Renderer.render(line, layout: try line.layout(), as: .png, options: RenderOptions(scale: scale))
        }
    }
}
