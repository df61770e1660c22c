import Foundation
import Mush
import MushLine
import MushRender
import Testing

/// The README's "Pictures" example, as written there.
@Suite("README example")
struct ReadmeExampleTests {
    @Test func picturesExample() throws {
        var line = MGLine(left: "**Title**|mush", right: "Detail", width: 320, height: 44)
        line.padding = MGLine.Insets(left: 16, right: 16)
        line.borders = MGLine.Borders(bottom: MushColor(hex: "#c8c7cc"))
        let png = try Renderer.render(
            try line.layout(), as: .png,
            options: RenderOptions(scale: 2, background: MushColor(hex: "#fff")))
        #expect(png.width == 640 && png.height == 88)
        #expect(png.data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.warnings.isEmpty)
        // The README writes the file where it runs; here, in a folder of its own.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("row.png")
        try png.data.write(to: file)
        #expect(try Data(contentsOf: file) == png.data)
    }
}
