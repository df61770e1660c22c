// libFuzzer harness for the text engine: random Mush at random widths, through the real fonts.
//
// Compiled by `MUSH_FUZZ_TARGET=engine bash Fuzz/run.sh` with Sources/Mush, Fonts/MushFonts.swift and
// Sources/MushText as one module. The first two bytes of an input choose the width (0: no wrapping,
// else 0.5 to 511.5 points) and the third the line limit; the rest is Mush, parsed as bytes.
// Every property that fails stops the fuzzer with fatalError.

import Foundation

private let fonts = FontCollection.standard

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 3 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let widthCode = Int(bytes[0]) | Int(bytes[1] & 0x03) << 8
    let width: Double? = widthCode == 0 ? nil : Double(widthCode) / 2
    let maxLines = Int(bytes[2] % 4)
    let document = Mush.parse(utf8: bytes.dropFirst(3))
    let input = document.text

    let paragraph: Paragraph
    do {
        paragraph = try Paragraph(document, style: ParagraphStyle(), fonts: fonts)
    } catch {
        engineFail("the paragraph could not be made: \(error)", input, width)
    }
    let layout = paragraph.layout(width: width)
    check(layout, paragraph: paragraph, width: width, input: input)

    // Never more lines at a larger width.
    if let width {
        for wider in [width + 0.5, width * 1.5 + 3, width * 4] {
            let more = paragraph.layout(width: wider)
            if more.lines.count > layout.lines.count {
                engineFail("\(more.lines.count) lines at width \(wider), but \(layout.lines.count) at \(width)", input, width)
            }
        }
    }

    // A line limit shows at most that many lines, and truncates exactly when lines were left out.
    if maxLines > 0 {
        let limited = try! Paragraph(document, style: ParagraphStyle(maxLines: maxLines), fonts: fonts).layout(width: width)
        if limited.lines.count > maxLines { engineFail("\(limited.lines.count) lines with maxLines \(maxLines)", input, width) }
        if limited.truncated != (layout.lines.count > maxLines) {
            engineFail("truncated \(limited.truncated) with \(layout.lines.count) lines and maxLines \(maxLines)", input, width)
        }
        if let width, let last = limited.lines.last, limited.truncated, last.width > width + 1e-6, visibleGraphemes(last.text) > 2 {
            engineFail("the ellipsized line is \(last.width) wide at width \(width)", input, width)
        }
    }
    return 0
}

private func check(_ layout: ParagraphLayout, paragraph: Paragraph, width: Double?, input: String) {
    let scalarCount = input.unicodeScalars.count
    if layout.lines.isEmpty { engineFail("no lines", input, width) }
    var position = 0
    var y = -Double.infinity
    for line in layout.lines {
        // Lines hold the text in order; only line breaks fall between them.
        if line.range.lowerBound < position || line.range.upperBound > scalarCount || line.range.isEmpty && line.range.lowerBound < position {
            engineFail("line range \(line.range) out of order (previous end \(position), text \(scalarCount))", input, width)
        }
        position = line.range.upperBound
        if !(line.height > 0) || !(line.y > y) { engineFail("line at y \(line.y), height \(line.height)", input, width) }
        y = line.y
        if let width, line.width > width + 1e-6, visibleGraphemes(line.text) > 1 {
            engineFail("line \(line.text.debugDescription) is \(line.width) wide at width \(width)", input, width)
        }
        if !line.width.isFinite || line.width < 0 { engineFail("line width \(line.width)", input, width) }
    }
    if width == nil {
        // Without wrapping, lines end only at line breaks.
        let breaks = input.unicodeScalars.filter { ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }.count
        if layout.lines.count > breaks + 1 { engineFail("\(layout.lines.count) lines without wrapping", input, width) }
    }
}

private func engineFail(_ message: String, _ input: String, _ width: Double?) -> Never {
    fatalError("Mush engine fuzz property failed: \(message)\n  width: \(width.map { "\($0)" } ?? "none")\n  text: \(input.debugDescription)")
}
