import Mush
import MushText

/// A text item made ready to measure: its document, shaped once with its side's style.
struct PreparedText {
    let paragraph: Paragraph
    /// The images set in the text, for a text of pieces.
    let inline: InlineImages
    let multiline: Bool
    let alignment: MGLine.Alignment

    /// Applies the string rules of a text item (`.text(string, multiline: multiline)`): multiline
    /// when it holds a line break (unless told), trimmed when multiline, and parsed as Mush when it
    /// ends with `|mush`.
    static func document(of string: String, multiline: Bool?) -> (document: MushDocument, multiline: Bool) {
        var string = string
        let isMultiline = multiline ?? containsNewline(string)
        if isMultiline { string = trimmed(string) }
        if string.hasSuffix("|mush") {
            // "…text\n|mush" should not end in an empty line either.
            let markup = String(string.dropLast(5))
            return (Mush.parse(isMultiline ? trimmed(markup) : markup), isMultiline)
        }
        return (MushDocument(text: string, attributes: .plain), isMultiline)
    }

    /// Whether `string` has a character that is a line break by `Character.isNewline` (LF, VT, FF,
    /// CR, CR LF, NEL, LS, PS), found in its UTF-8 without breaking it into characters: each of
    /// those scalars is a grapheme cluster of its own (CR LF is one of two), so a string holds such
    /// a character exactly when its UTF-8 holds one of their encodings (0A–0D, C2 85, E2 80 A8,
    /// E2 80 A9).
    static func containsNewline(_ string: String) -> Bool {
        func scan(_ bytes: some Collection<UInt8>) -> Bool {
            var previous: UInt8 = 0
            var beforePrevious: UInt8 = 0
            for byte in bytes {
                if (0x0A...0x0D).contains(byte) { return true }
                if byte == 0x85, previous == 0xC2 { return true }
                if byte == 0xA8 || byte == 0xA9, previous == 0x80, beforePrevious == 0xE2 { return true }
                beforePrevious = previous
                previous = byte
            }
            return false
        }
        return string.utf8.withContiguousStorageIfAvailable { scan($0) } ?? scan(string.utf8)
    }

    /// `string` without leading and trailing whitespace and line breaks.
    static func trimmed(_ string: String) -> String {
        guard let first = string.firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = string.lastIndex(where: { !$0.isWhitespace })!
        return String(string[first...last])
    }

    /// Shapes the item's text with the side's font, line spacing and alignment. A single-line text
    /// shows one line; a multiline text shows at most `maxHeight` points of lines (0: all).
    init(
        document: MushDocument, objects: [InlineObject] = [], inline: InlineImages = InlineImages(), multiline: Bool,
        side: MGLine.Side, of line: MGLine, maxHeight: Double, fonts: FontCollection
    ) throws(TextError) {
        let font = line.font(for: side)
        alignment = line[side].alignment
        let paragraphAlignment = ParagraphStyle.Alignment(rawValue: alignment.rawValue) ?? .left
        var style: ParagraphStyle
        if line.hasTextStyle {
            style = line.textStyle
            style.fontFamily = font.family
            style.fontSize = font.size
            style.lineSpacing = line[side].lineSpacing
            style.alignment = paragraphAlignment
            style.maxLines = multiline ? 0 : 1
            style.maxHeight = multiline ? maxHeight : 0
            style.ellipsize = .end
            style.textOverflow = .ellipsis
        } else {
            style = ParagraphStyle(
                fontFamily: font.family, fontSize: font.size, lineSpacing: line[side].lineSpacing,
                alignment: paragraphAlignment, maxLines: multiline ? 0 : 1, maxHeight: multiline ? maxHeight : 0,
                ellipsize: .end, textOverflow: .ellipsis)
        }
        paragraph = try Paragraph(document, style: style, objects: objects, fonts: fonts)
        self.inline = inline
        self.multiline = multiline
    }

    /// The text fitted to `room` points (nil: no limit), and the width of its frame.
    ///
    /// A single-line text keeps its natural width when that fits; otherwise it is cut at a grapheme
    /// boundary and ends in "…", and its frame is the whole room. A multiline text is wrapped at the
    /// room and its frame is as wide as its widest line. Widths are whole points: the room is
    /// rounded down and the text's width up.
    func fit(room: Double?) -> (text: MGLineLayout.Text, width: Double) {
        let room = room.map { Rounding.down(max($0, 0)) }
        var layout: ParagraphLayout
        var width: Double
        if !multiline {
            layout = paragraph.layout(width: nil)
            width = Rounding.up(layout.width)
            if let room, width > room {
                layout = paragraph.layout(width: room)
                width = room
            }
        } else {
            layout = paragraph.layout(width: room)
            // Never wider than the room: a line that would be is cut (text-overflow: ellipsis), and
            // when not even "…" fits, the frame is the room.
            width = min(Rounding.up(layout.width), room ?? .infinity)
            // Aligned within the frame rather than the room: the lines as broken, placed again (the
            // breaks at the frame's width would be the same: every line fits it, and nothing more
            // fitted the room).
            if let room, alignment != .left, width < room {
                layout.align(paragraph.style.alignment, width: width)
            }
        }
        let truncated = layout.truncated || layout.lines.contains(where: \.ellipsized)
        return (
            MGLineLayout.Text(
                paragraph: paragraph, layout: layout, isMultiline: multiline, isTruncated: truncated,
                inline: inline),
            width
        )
    }
}

/// Whole points: text sizes round up, positions to the nearest point.
enum Rounding {
    static let tolerance = 1e-6
    static func up(_ value: Double) -> Double { (value - tolerance).rounded(.up) + 0 }
    static func down(_ value: Double) -> Double { (value + tolerance).rounded(.down) }
    static func nearest(_ value: Double) -> Double { value.rounded(.toNearestOrAwayFromZero) + 0 }
}
