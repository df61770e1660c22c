@testable import MushText

/// The height of a line of DejaVu Sans 16: (1901 + 483 + 0) / 2048 × 16 points.
let lineHeight = (1901.0 + 483.0) / 2048.0 * 16

/// `mush` parsed and shaped with the standard fonts.
func paragraph(_ mush: String, _ style: ParagraphStyle = ParagraphStyle()) throws -> Paragraph {
    try Paragraph(mush: mush, style: style)
}
