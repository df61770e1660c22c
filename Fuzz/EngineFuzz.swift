// libFuzzer harness for the text engine: random Mush at random widths, through the real fonts.
//
// Compiled by `MUSH_FUZZ_TARGET=engine bash Fuzz/run.sh` with Sources/Mush, Fonts/MushFonts.swift and
// Sources/MushText as one module. The first two bytes of an input choose the width (0: no wrapping,
// else 0.5 to 511.5 points), the third the line limit (low two bits) and a style: ellipsize mode,
// alignment, line spacing and a maximum height; the rest is Mush, parsed as bytes.
// Properties, on the plain layout and on the styled, limited one (those marked * on one input in
// four, chosen by a hash of its bytes):
//   - lines hold the text in order, and only line breaks fall between them (no gaps) when nothing
//     was left out; line heights positive; each line starts one height and the line spacing below
//     the one before; widths finite, within the width but for one grapheme;
//   - a line limit shows at most that many lines and truncates exactly when lines were left out
//     (checked again with the limit alone*); a maximum height is kept (but for the first line); a
//     truncated layout shows its ellipsis (but with `none`), and one that is not shows none;
//   - alignment: left lines at 0, right lines ending at the width, centred ones in the middle;
//     re-aligned, each line's start and end are its left and right, one way round (the left and
//     right themselves in text with no right-to-left character), and aligning back gives the
//     layout's own positions and widths exactly;
//   - carets and hit testing agree (*): the caret at each grapheme boundary of a left-to-right text,
//     hit back at its own place, gives that boundary (or one whose caret is at the same place);
//   - never more lines at a larger width (*).
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
    let ellipsize = ParagraphStyle.Ellipsize.allCases[Int(bytes[2] >> 2) % 4]
    let alignment = ParagraphStyle.Alignment.allCases[Int(bytes[2] >> 4) % 4]
    let lineSpacing = [0, 1.5, 7, 0][Int(bytes[2] >> 6)]
    let maxHeight = bytes[1] & 0x80 != 0 ? Double(bytes[1] & 0x7C) : 0
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

    // The plain and the styled layout are checked on every input; the rest (three more widths,
    // the carets, a third paragraph with only a line limit: half of an execution in `perf`) on one
    // in four, chosen by a hash of the bytes so that a replay checks the same.
    let hash = bytes.reduce(2_166_136_261 as UInt32) { ($0 ^ UInt32($1)) &* 16_777_619 }
    let thorough = hash % 4 == 0

    // Never more lines at a larger width.
    if thorough, let width {
        for wider in [width + 0.5, width * 1.5 + 3, width * 4] {
            let more = paragraph.layout(width: wider)
            if more.lines.count > layout.lines.count {
                engineFail(
                    "\(more.lines.count) lines at width \(wider), but \(layout.lines.count) at \(width)", input, width)
            }
        }
    }

    if thorough { checkCarets(layout, paragraph: paragraph, width: width, input: input) }

    // The text in another case (chosen by the hash, in no language, Turkish or Greek): its lines
    // still cover the text as written, in order, within the width, and its carets hit back.
    if thorough {
        var transformed = ParagraphStyle(locale: [nil, "tr", "el"][Int(hash >> 4) % 3])
        transformed.textTransform = [.uppercase, .lowercase, .capitalize][Int(hash >> 8) % 3]
        do {
            let paragraph = try Paragraph(document, style: transformed, fonts: fonts)
            let layout = paragraph.layout(width: width)
            check(layout, paragraph: paragraph, width: width, input: input)
            checkCarets(layout, paragraph: paragraph, width: width, input: input)
        } catch {
            engineFail("the \(transformed.textTransform) paragraph could not be made: \(error)", input, width)
        }
    }

    // The styled paragraph: limits, ellipsis, alignment and line spacing.
    let style = ParagraphStyle(
        lineSpacing: lineSpacing, alignment: alignment, maxLines: maxLines, maxHeight: maxHeight,
        ellipsize: ellipsize)
    let styledParagraph: Paragraph
    do {
        styledParagraph = try Paragraph(document, style: style, fonts: fonts)
    } catch {
        engineFail("the styled paragraph could not be made: \(error)", input, width)
    }
    checkStyled(styledParagraph.layout(width: width), plain: layout, style: style, width: width, input: input)

    // A line limit shows at most that many lines, and truncates exactly when lines were left out.
    if thorough, maxLines > 0 {
        let limitedParagraph: Paragraph
        do {
            limitedParagraph = try Paragraph(document, style: ParagraphStyle(maxLines: maxLines), fonts: fonts)
        } catch {
            engineFail("the limited paragraph could not be made: \(error)", input, width)
        }
        let limited = limitedParagraph.layout(width: width)
        if limited.lines.count > maxLines {
            engineFail("\(limited.lines.count) lines with maxLines \(maxLines)", input, width)
        }
        if limited.truncated != (layout.lines.count > maxLines) {
            engineFail(
                "truncated \(limited.truncated) with \(layout.lines.count) lines and maxLines \(maxLines)", input, width
            )
        }
        if let width, let last = limited.lines.last, limited.truncated, last.width > width + 1e-6,
            visibleGraphemes(last.text) > 2
        {
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
        if line.range.lowerBound < position || line.range.upperBound > scalarCount
            || line.range.isEmpty && line.range.lowerBound < position
        {
            engineFail(
                "line range \(line.range) out of order (previous end \(position), text \(scalarCount))", input, width)
        }
        position = line.range.upperBound
        if !(line.height > 0) || !(line.y > y) {
            engineFail("line at y \(line.y), height \(line.height)", input, width)
        }
        y = line.y
        if let width, line.width > width + 1e-6, visibleGraphemes(line.text) > 1 {
            engineFail("line \(line.text.debugDescription) is \(line.width) wide at width \(width)", input, width)
        }
        if !line.width.isFinite || line.width < 0 { engineFail("line width \(line.width)", input, width) }
    }
    // No gaps: the lines cover the text from its start to its end, and only line breaks fall
    // between them.
    let scalars = Array(input.unicodeScalars)
    var covered = 0
    for line in layout.lines {
        for scalar in scalars[min(covered, line.range.lowerBound)..<line.range.lowerBound]
        where !lineBreaks.contains(scalar) {
            engineFail(
                "\(scalar.escaped(asASCII: true)) between lines is in no line (lines \(layout.lines.map(\.range)))",
                input, width)
        }
        covered = max(covered, line.range.upperBound)
    }
    if layout.lines.first?.range.lowerBound != 0 || covered != scalars.count {
        engineFail("the lines \(layout.lines.map(\.range)) do not cover 0..<\(scalars.count)", input, width)
    }
    if width == nil {
        // Without wrapping, lines end only at line breaks.
        let breaks = input.unicodeScalars.filter { lineBreaks.contains($0) }.count
        if layout.lines.count > breaks + 1 { engineFail("\(layout.lines.count) lines without wrapping", input, width) }
    }
}

private func engineFail(_ message: String, _ input: String, _ width: Double?) -> Never {
    fatalError(
        "Mush engine fuzz property failed: \(message)\n  width: \(width.map { "\($0)" } ?? "none")\n  text: \(input.debugDescription)"
    )
}

private let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

/// Limits, ellipsis, line spacing and alignment of the styled layout.
private func checkStyled(
    _ layout: ParagraphLayout, plain: ParagraphLayout, style: ParagraphStyle, width: Double?, input: String
) {
    if layout.lines.isEmpty { engineFail("no lines (styled)", input, width) }
    for (above, below) in zip(layout.lines, layout.lines.dropFirst()) {
        let expected = above.y + above.height + style.lineSpacing
        if abs(below.y - expected) > 1e-9 * max(1, expected) {
            engineFail("a line at y \(below.y), not \(expected) (spacing \(style.lineSpacing))", input, width)
        }
    }
    if style.maxLines > 0, layout.lines.count > style.maxLines {
        engineFail("\(layout.lines.count) lines past maxLines", input, width)
    }
    if style.maxHeight > 0, layout.lines.count > 1, layout.height > style.maxHeight + 1e-9 {
        engineFail("height \(layout.height) past maxHeight \(style.maxHeight)", input, width)
    }
    let leftOut = layout.lines.count < plain.lines.count
    if leftOut != layout.truncated {
        engineFail(
            "truncated \(layout.truncated) with \(layout.lines.count) of \(plain.lines.count) lines", input, width)
    }
    let ellipsized = layout.lines.filter(\.ellipsized)
    if layout.truncated {
        if style.ellipsize == .none {
            if !ellipsized.isEmpty { engineFail("an ellipsis with ellipsize none", input, width) }
            // (Looked for as a scalar: a text that starts with a combining mark joins a leading
            // ellipsis into one Character, "…́", as Fuzz/corpus/engine-mark-after-start-ellipsis does.)
        } else if ellipsized.count != 1 || !ellipsized[0].text.unicodeScalars.contains("\u{2026}")
            || layout.lines.last?.ellipsized != true
        {
            engineFail(
                "a truncated layout shows no ellipsis on its last line: \(layout.lines.map(\.text))", input, width)
        }
    } else if !ellipsized.isEmpty {
        engineFail("an ellipsis in a layout that is not truncated: \(layout.lines.map(\.text))", input, width)
    }
    // Alignment, for lines that fit the width (justified lines are stretched: left edge at 0).
    guard let width else { return }
    for line in layout.lines where line.width <= width + 1e-6 {
        let expected: Double =
            switch style.alignment {
            case .left, .justify: 0
            case .center: (width - line.width) / 2
            case .right: width - line.width
            // Not chosen by the input's style byte: checkRealigned checks them on every layout.
            case .start, .end: line.x
            }
        if abs(line.x - expected) > 1e-6 {
            engineFail(
                "a \(style.alignment) line \(line.text.debugDescription) at x \(line.x), not \(expected)", input, width)
        }
    }
    checkRealigned(layout, style: style, width: width, input: input)
}

/// The alignment pass run again on a layout: `start` and `end` put each line at its left or its
/// right, the other way round from each other (left to right in text with no right-to-left
/// character); aligning back gives the layout's own positions and widths.
private func checkRealigned(_ layout: ParagraphLayout, style: ParagraphStyle, width: Double, input: String) {
    let leftToRight = input.unicodeScalars.allSatisfy { $0.value < 0x590 }
    let left = layout.aligned(.left, width: width)
    let right = layout.aligned(.right, width: width)
    let start = layout.aligned(.start, width: width)
    let end = layout.aligned(.end, width: width)
    for index in layout.lines.indices {
        let (l, r, s, e) = (left.lines[index].x, right.lines[index].x, start.lines[index].x, end.lines[index].x)
        if !((s == l && e == r) || (!leftToRight && s == r && e == l)) {
            engineFail("line \(index) at start \(s) and end \(e), its left and right being \(l) and \(r)", input, width)
        }
    }
    for other in [left, end, layout.aligned(.justify, width: width)] {
        let back = other.aligned(style.alignment, width: width)
        if back.lines.map(\.x) != layout.lines.map(\.x) || back.lines.map(\.width) != layout.lines.map(\.width) {
            engineFail(
                "re-aligned \(style.alignment) from another alignment: \(back.lines.map(\.x)), not \(layout.lines.map(\.x))",
                input, width)
        }
    }
}

/// The caret at each grapheme boundary of a left-to-right text (no right-to-left scripts, no tabs,
/// no spaces at a line's end), hit back at its middle, gives that boundary.
private func checkCarets(_ layout: ParagraphLayout, paragraph: Paragraph, width: Double?, input: String) {
    guard !layout.truncated, input.unicodeScalars.allSatisfy({ $0.value < 0x590 && $0 != "\t" }) else { return }
    guard let boundaries = try? TextBoundaries.graphemeBoundaries(in: Array(input.utf16)) else { return }
    let scalars = Array(input.unicodeScalars)
    // UTF-16 offsets are scalar offsets here (all scalars are in the BMP below U+0590).
    // Each caret and hit costs a pass over its line's clusters: check at most 64 boundaries, spread
    // over the text, so that long lines stay linear.
    let all = [0] + boundaries
    let step = max(1, all.count / 64)
    for offset in stride(from: 0, to: all.count, by: step).map({ all[$0] }) {
        // Skip offsets among spaces or line breaks: spaces hang at line ends and carets there
        // gather at the line's end.
        if offset > 0, scalars[offset - 1].properties.isWhitespace { continue }
        if offset < scalars.count, scalars[offset].properties.isWhitespace { continue }
        let caret = paragraph.caret(at: offset, in: layout)
        let position = paragraph.index(atX: caret.x, y: caret.y + caret.height / 2, in: layout)
        // Graphemes of no width (a lone combining mark) share their place with a neighbour: then
        // the boundary hit must have its caret at the same place.
        let back = paragraph.caret(at: position.offset, affinity: position.affinity, in: layout)
        if position.offset != offset, abs(back.x - caret.x) > 1e-6 || back.line != caret.line {
            engineFail(
                "the caret at \(offset) (x \(caret.x), line \(caret.line)) hits back at \(position.offset)", input,
                width)
        }
    }
}
