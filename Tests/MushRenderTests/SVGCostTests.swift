import Foundation
import Mush
import MushLine
import Testing

@testable import MushRender

/// SVG images that would cost librsvg too much (`SVGCensus`): long text, many elements or filters,
/// filters over a large area. Each is a placeholder with a warning; the picture is still drawn.
@Suite("Costly SVG images")
struct SVGCostTests {
    @Test func theCensusCountsElementsTextAndFilters() {
        let census = SVGCensus(
            Array(
                #"<?xml version="1.0"?><svg><!-- c --><filter><feGaussianBlur/><feMorphology/></filter><text> ab c </text><fe/></svg>"#
                    .utf8))
        // svg, filter, feGaussianBlur, feMorphology, text, fe (not a primitive: no capital after "fe").
        #expect(census.elements == 6)
        #expect(census.filterPrimitives == 2)
        #expect(census.textBytes == 3)
        #expect(census.excess == nil)
        #expect(census.filterExcess(pixels: 100 * 100) == nil)
        #expect(
            census.filterExcess(pixels: 1000 * 1000)
                == "2 filter primitives over 1000000 pixels, more than 1048576 pixels of filtering")
    }

    /// `svg` written to a file in a new folder, drawn as an image of `side` points at scale 1.
    func draw(_ svg: String, side: Double) throws -> Rendering {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("image.svg").path
        try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
        let line = MGLine(
            width: side, height: side, left: [.image(MGLine.Image(width: side, height: side, file: path))])
        return try Renderer.render(try line.layout(), as: .png)
    }

    @Test func longTextIsAPlaceholder() throws {
        // 2,100 words of four letters: 8,400 bytes of text (white space is not counted).
        let text = String(repeating: "word ", count: 2100)
        let rendering = try draw(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><text y="10">\#(text)</text></svg>"#,
            side: 20)
        #expect(rendering.warnings.map(\.problem) == [.svgTooCostly("8400 bytes of text, more than 8192")])
        // 2,000 words, 8,000 bytes: drawn.
        let shorter = String(repeating: "word ", count: 2000)
        #expect(
            try draw(
                #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><text y="10">\#(shorter)</text></svg>"#,
                side: 20
            ).warnings.isEmpty)
    }

    @Test func filtersAreBoundedByTheAreaTheyCover() throws {
        let blur =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><filter id="f"><feGaussianBlur stdDeviation="2"/></filter><rect width="20" height="20" filter="url(#f)"/></svg>"#
        // 100 × 100 pixels: drawn. 1,100 × 1,100: more than 2^20 pixels of filtering.
        #expect(try draw(blur, side: 100).warnings.isEmpty)
        let large = try draw(blur, side: 1100)
        #expect(
            large.warnings.map(\.problem) == [
                .svgTooCostly("1 filter primitives over 1210000 pixels, more than 1048576 pixels of filtering")
            ])
        let many = (0..<33).map { _ in "<feOffset/>" }.joined()
        let crowded = try draw(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><filter id="f">\#(many)</filter></svg>"#,
            side: 10)
        #expect(crowded.warnings.map(\.problem) == [.svgTooCostly("33 filter primitives, more than 32")])
    }
}
