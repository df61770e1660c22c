import Foundation
import Mush
import MushLine
import MushText
import Testing

@testable import MushRender

/// Text drawn with installed fonts found through fontconfig (fonts-noto-cjk and
/// fonts-noto-color-emoji, which .ci/install installs): ink where the layout put the glyphs, colour
/// emoji in colour, and CJK text that reads back from a PDF.
@Suite("Drawing with installed fonts")
struct SystemFontRenderingTests {
    /// A line of `text` (plain) at 32 points on white, as a PNG, with its layout.
    func draw(_ text: String) throws -> (Bitmap, ParagraphLayout, Paragraph) {
        let paragraph = try Paragraph(
            MushDocument([(text: text, attributes: .plain)]), style: ParagraphStyle(fontSize: 32))
        #expect(paragraph.warnings.isEmpty, "\(paragraph.warnings)")
        let layout = paragraph.layout()
        let rendering = try Renderer.render(
            layout, as: .png, options: RenderOptions(background: MushColor(hex: "#fff")))
        return (try Bitmap(png: rendering.data), layout, paragraph)
    }

    @Test func cjkInkIsWhereTheGlyphsAre() throws {
        let (bitmap, layout, paragraph) = try draw("漢字 かな 한글")
        let line = layout.lines[0]
        let runs = paragraph.runs(of: line)
        #expect(runs.map { $0.face.family } == ["Noto Sans CJK JP", "Noto Sans CJK JP", "Noto Sans CJK KR"])
        let dark = { (pixel: Pixel) in pixel.r < 128 }
        let ink = try #require(bitmap.bounds(where: dark))
        // The ink spans the glyphs' advances (less their side bearings) and sits on the baseline:
        // ideographs reach from about 0.88 em above it to 0.12 em below.
        #expect(ink.minX >= 0 && ink.minX <= 4)
        #expect(Double(ink.maxX) > line.width - 6 && Double(ink.maxX) <= line.width)
        #expect(abs(Double(ink.minY) - (line.baseline - 0.88 * 32)) < 3, "\(ink) baseline \(line.baseline)")
        #expect(abs(Double(ink.maxY) - (line.baseline + 0.12 * 32)) < 3, "\(ink) baseline \(line.baseline)")
        // Each run has ink inside its own span and nowhere else.
        for run in runs {
            let span = PixelRect(
                x: run.minX, y: 0, width: run.maxX - run.minX, height: Double(bitmap.height), scale: 1, inward: true)
            #expect(bitmap.count(in: span, where: dark) > 100, "\(run.face.family) has no ink in its span")
        }
    }

    @Test func colourEmojiIsDrawnInColour() throws {
        let (bitmap, layout, paragraph) = try draw("ok 😀")
        let runs = paragraph.runs(of: layout.lines[0])
        #expect(runs.map { $0.face.family } == ["DejaVu Sans", "Noto Color Emoji"])
        let emoji = try #require(runs.last)
        let box = PixelRect(
            x: emoji.minX, y: 0, width: emoji.maxX - emoji.minX, height: Double(bitmap.height), scale: 1)
        // The grinning face is yellow: strong red and green, little blue.
        let yellow = bitmap.count(in: box) { $0.r > 200 && $0.g > 150 && $0.b < 100 }
        #expect(yellow > 200, "yellow pixels: \(yellow)")
        // The text before it stays black and white.
        let text = PixelRect(x: 0, y: 0, width: emoji.minX, height: Double(bitmap.height), scale: 1, inward: true)
        #expect(bitmap.count(in: text) { abs($0.r - $0.b) > 30 } == 0)
        // The emoji sits on the line: its ink is within the line's ascent and descent.
        let ink = try #require(bitmap.bounds(in: box) { $0 != .white })
        let line = layout.lines[0]
        #expect(Double(ink.minY) >= line.baseline - line.ascent - 1)
        #expect(Double(ink.maxY) <= line.baseline + line.descent + 1)
    }

    @Test func cjkTextReadsBackFromThePDF() throws {
        let paragraph = try Paragraph(mush: "你好世界 ファイルを開く 파일 열기", style: ParagraphStyle(fontSize: 16))
        let rendering = try Renderer.render(paragraph.layout(), as: .pdf)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mush-cjk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cjk.pdf").path
        try rendering.data.write(to: URL(fileURLWithPath: path))
        let text = try runTool("/usr/bin/pdftotext", [path, "-"])
        #expect(text.status == 0)
        #expect(text.output == "你好世界 ファイルを開く 파일 열기\n\n\u{0C}", "\(text.output.debugDescription)")
    }
}
