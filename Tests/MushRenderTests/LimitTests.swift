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
        for format in RenderFormat.allCases {
            #expect(throws: RenderError.fontTooLarge(size: 9000, scale: 2, format: format)) {
                try Renderer.render(try huge.layout(), as: format, options: RenderOptions(scale: 2))
            }
        }
        let plain = MGLine(left: "Hello", right: nil, width: 100, height: 40)
        for format in RenderFormat.allCases {
            let rendering = try Renderer.render(try plain.layout(), as: format)
            #expect(rendering.warnings.isEmpty)
        }
    }

    @Test func aPNGHasAtMostHalfAGigabyteOfPixels() throws {
        let line = MGLine(width: 6000, height: 6000)
        #expect(throws: RenderError.tooLarge(width: 12000, height: 12000, format: .png)) {
            try Renderer.render(try line.layout(), as: .png, options: RenderOptions(scale: 2))
        }
        // Vector pages of that size are fine.
        let pdf = try Renderer.render(try line.layout(), as: .pdf, options: RenderOptions(scale: 2))
        #expect(pdf.width == 12000)
    }

    /// An SVG or PDF page is limited in points, as Cairo limits it.
    @Test(arguments: [RenderFormat.svg, .pdf]) func aPageTooLargeIsAnErrorInPoints(format: RenderFormat) throws {
        let line = MGLine(width: 20000, height: 10)
        #expect(throws: RenderError.tooLarge(width: 40000, height: 20, format: format)) {
            try Renderer.render(try line.layout(), as: format, options: RenderOptions(scale: 2))
        }
    }

    /// Each error says what went wrong in the picture's own terms: pixels for a PNG, points on the
    /// page of an SVG or PDF, and what to change.
    @Test(arguments: [
        (RenderError.invalidScale(0.001), "the scale must be a number, at least 0.01 (it is 0.001)"),
        (.invalidScale(.nan), "the scale must be a number, at least 0.01 (it is nan)"),
        (
            .empty(width: 50, height: 0),
            "nothing to draw: the picture is 50 × 0 points (give the line a height, or content to fit)"
        ),
        (.empty(width: 0, height: 20.5), "nothing to draw: the picture is 0 × 20.5 points (give it a width)"),
        (
            .empty(width: 0, height: 0),
            "nothing to draw: the picture is 0 × 0 points (give it a width, and give the line a height, or content to fit)"
        ),
        (
            .tooLarge(width: 40000, height: 20, format: .png),
            "the picture would be 40000 × 20 pixels; a PNG has at most 32767 pixels a side"
        ),
        (
            .tooLarge(width: 12000, height: 12000, format: .png),
            "the picture would be 12000 × 12000 pixels; a PNG has at most 134217728 pixels"
        ),
        (
            .tooLarge(width: 40000, height: 20, format: .svg),
            "the SVG page would be 40000 × 20 points; an SVG page has at most 32767 points a side"
        ),
        (
            .tooLarge(width: 20, height: 40000, format: .pdf),
            "the PDF page would be 20 × 40000 points; a PDF page has at most 32767 points a side"
        ),
        (
            .fontTooLarge(size: 9000, scale: 2, format: .png),
            "text of size 9000 at scale 2 would be 18000 pixels an em; at most 16384"
        ),
        (
            .fontTooLarge(size: 9000, scale: 2, format: .pdf),
            "text of size 9000 at scale 2 would be 18000 points an em on the PDF page; at most 16384"
        ),
        (
            .fontTooLarge(size: 20000.5, scale: 1, format: .svg),
            "text of size 20000.5 at scale 1 would be 20000.5 points an em on the SVG page; at most 16384"
        ),
        (.cairo("out of memory"), "Cairo failed: out of memory"),
    ])
    func errorsDescribeThemselvesInTheFormatsUnits(error: RenderError, description: String) {
        #expect(error.description == description)
    }

    @Test(arguments: [0.009, 1e-200]) func scalesBelowTheMinimumAreErrors(scale: Double) throws {
        let line = MGLine(left: "Hello", right: nil, width: 100, height: 40)
        #expect(throws: RenderError.invalidScale(scale)) {
            try Renderer.render(try line.layout(), as: .png, options: RenderOptions(scale: scale))
        }
    }
}
