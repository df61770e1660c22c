import Mush
import MushText

/// A piece of a text leaf's content (``TextLeaf/init(pieces:style:color:fonts:)``): styled text, or
/// a box set in the line.
///
/// ```swift
/// let leaf = try TextLeaf(pieces: [
///     .markup("Inbox "),
///     .box(try InlineBox(node: badge, verticalAlign: .middle)),
///     .plain(" docs", MushAttributes(color: MushColor(red: 0, green: 0x66, blue: 0xCC), link: "https://example.com")),
/// ])
/// ```
public enum TextPiece: Sendable {
    /// Text with its runs' attributes.
    case text(MushDocument)
    /// A box in the line (its ``InlineBox/offset`` and ``InlineBox/piece`` are set where the
    /// pieces are joined).
    case box(InlineBox)

    /// `string` with `attributes` throughout.
    public static func plain(_ string: String, _ attributes: MushAttributes = .plain) -> TextPiece {
        .text(MushDocument(text: string, attributes: attributes))
    }

    /// `markup` parsed as Mush.
    public static func markup(_ markup: String) -> TextPiece {
        .text(Mush.parse(markup))
    }
}

extension TextLeaf {
    /// A leaf of `pieces`, one after the other: each box a U+FFFC of its own in the text, at its
    /// place, its ``InlineBox/piece`` its index in `pieces`.
    ///
    /// Throws what `Paragraph.init(_:style:objects:fonts:)` throws.
    public init(
        pieces: [TextPiece], style: ParagraphStyle = ParagraphStyle(), color: MushColor? = nil,
        fonts: FontCollection = .standard
    ) throws(TextError) {
        let (document, inline) = Self.join(pieces)
        try self.init(document, style: style, color: color, inline: inline, fonts: fonts)
    }

    /// The document and inline boxes of `pieces` joined: texts one after the other, each box a
    /// U+FFFC in `boxAttributes` (the font whose metrics are its line's strut there).
    public static func join(_ pieces: [TextPiece], boxAttributes: MushAttributes = .plain) -> (
        document: MushDocument, inline: [InlineBox]
    ) {
        var documents: [MushDocument] = []
        var inline: [InlineBox] = []
        var count = 0
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .text(let piece):
                documents.append(piece)
                count += piece.text.unicodeScalars.count
            case .box(var box):
                box.offset = count
                box.piece = index
                inline.append(box)
                documents.append(MushDocument(text: "\u{FFFC}", attributes: boxAttributes))
                count += 1
            }
        }
        let document = MushDocument(joining: documents)
        return (document, inline)
    }
}
