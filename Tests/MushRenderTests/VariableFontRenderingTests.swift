import Foundation
import Mush
import MushRender
import MushText
import Testing

/// A variable font drawn at the coordinates it was shaped at: Inter (Debian's
/// `fonts-inter-variable`) at `wght` 300, 400 and 900 in PNG and in PDF (read back with poppler's
/// `pdftoppm`): heavier weights put more ink in wider lines, and the default instance draws the
/// same pixels with or without `wght` 400.
@Suite struct VariableFontRenderingTests {
    func paragraph(weight: Double?) throws -> Paragraph {
        try Paragraph(
            MushDocument(text: "Variable weight", attributes: .plain),
            style: ParagraphStyle(
                fontFamily: "Inter", fontSize: 22, fontVariations: weight.map { ["wght": $0] } ?? [:]),
            fonts: .standard)
    }

    /// The picture of the paragraph at `weight`, 320 points wide, and its ink (the sum of every
    /// pixel's darkness).
    func ink(weight: Double?) throws -> (bitmap: Bitmap, ink: Int) {
        let layout = try paragraph(weight: weight).layout()
        var padded = layout
        padded.width = 320
        let rendering = try Renderer.render(
            padded, as: .png, options: RenderOptions(scale: 2, background: MushColor(hex: "#fff")))
        let bitmap = try Bitmap(png: rendering.data)
        return (bitmap, bitmap.pixels(in: bitmap.bounds).reduce(0) { $0 + $1.pixel.darkness })
    }

    @Test func heavierWeightsDrawMoreInk() throws {
        try #require(FontCollection.standard.hasFamily("Inter"), "fonts-inter-variable is not installed")
        let light = try ink(weight: 300)
        let regular = try ink(weight: 400)
        let black = try ink(weight: 900)
        let plain = try ink(weight: nil)
        #expect(Double(regular.ink) > 1.15 * Double(light.ink))
        #expect(Double(black.ink) > 1.5 * Double(regular.ink))
        // Inter's default instance is 400: the same picture either way.
        #expect(plain.ink == regular.ink)
        #expect(try paragraph(weight: 900).layout().width > paragraph(weight: 400).layout().width)
    }

    @Test func aPDFDrawsTheWeightToo() throws {
        try #require(FontCollection.standard.hasFamily("Inter"), "fonts-inter-variable is not installed")
        var inks: [Int] = []
        for weight in [400.0, 900] {
            var layout = try paragraph(weight: weight).layout()
            layout.width = 320
            let pdf = try Renderer.render(layout, as: .pdf, options: RenderOptions())
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mush-vf-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try pdf.data.write(to: folder.appendingPathComponent("out.pdf"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
            process.arguments = ["-png", "-r", "144", "-singlefile", "out.pdf", "out"]
            process.currentDirectoryURL = folder
            try process.run()
            process.waitUntilExit()
            let bitmap = try Bitmap(png: Data(contentsOf: folder.appendingPathComponent("out.png")))
            inks.append(bitmap.pixels(in: bitmap.bounds).reduce(0) { $0 + $1.pixel.darkness })
        }
        #expect(Double(inks[1]) > 1.5 * Double(inks[0]), "\(inks)")
    }
}
