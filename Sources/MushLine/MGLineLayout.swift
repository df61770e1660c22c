import Mush
import MushText

/// A laid-out ``MGLine``: its size, a frame for each item (or the fact that it was dropped), and
/// everything a renderer needs to draw it without the line: the line's background and borders,
/// each text's paragraph, colour and shadow, each image's file and size, each box's fill, borders
/// and the layout of the line it holds.
///
/// A layout is a result: it does not refer back to the ``MGLine`` it came from, so it can be drawn,
/// kept or sent on its own. Text items share their immutable `Paragraph` by reference; nothing
/// large is copied per item.
public struct MGLineLayout: Sendable {
    /// The line's size: as set, or fitted to the content (`minHeight`, `maxHeight`,
    /// `widenAsNeeded`).
    public var width: Double
    public var height: Double
    /// Every item of the line, once: the left items, then the middle, then the right, each side in
    /// the order it was given.
    public var items: [Item]
    /// The fill of the line's whole rectangle, under its items and borders (the line's
    /// `backgroundColor`); nil: none.
    public var backgroundColor: MushColor?
    /// The line's MGBox-style borders, drawn inside its rectangle over everything else.
    public var borders: MGLine.Borders

    /// A rectangle in points, from the line's top-left corner (y grows downwards).
    public struct Frame: Hashable, Sendable {
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// One item's place and what it shows.
    public struct Item: Sendable {
        public var side: MGLine.Side
        /// The item's index in its side's array.
        public var index: Int
        /// Where the item is; nil when it was dropped for lack of room. Margins are outside it.
        public var frame: Frame?
        public var content: Content

        public var isVisible: Bool { frame != nil }

        /// The text's layout, for a text item.
        public var text: Text? {
            if case .text(let text) = content { text } else { nil }
        }
    }

    /// What an item shows, with what drawing it needs.
    public enum Content: Sendable {
        /// Text: its paragraph, its lines in the frame, its colour and shadow.
        case text(Text)
        /// An image: its size and file, as the line's item gave them (the frame is the size
        /// rounded up).
        case image(MGLine.Image)
        /// A box: its fill, its borders and the layout of the line it holds.
        case box(Box)
    }

    /// A text item laid out: the shaped paragraph and its lines, in the item's frame, with the
    /// side's text colour and shadow.
    public struct Text: Sendable {
        /// The shaped text (`paragraph.glyphs(of:)` gives each line's glyphs).
        public var paragraph: Paragraph
        /// The lines, with x and y from the frame's origin.
        public var layout: ParagraphLayout
        /// The text was wrapped (a multiline item) rather than kept on one line.
        public var isMultiline: Bool
        /// The text was shortened: it ends in "…", or lines were left out.
        public var isTruncated: Bool
        /// The colour of runs that set none: the side's text colour.
        public var color = MushColor(red: 0, green: 0, blue: 0)
        /// The side's text shadow; nil: none.
        public var shadow: Shadow?
        /// The images set in a text of pieces, with the pieces they came from.
        var inline = InlineImages()

        init(
            paragraph: Paragraph, layout: ParagraphLayout, isMultiline: Bool, isTruncated: Bool,
            inline: InlineImages = InlineImages()
        ) {
            self.paragraph = paragraph
            self.layout = layout
            self.isMultiline = isMultiline
            self.isTruncated = isTruncated
            self.inline = inline
        }

        /// Where the images of a text of pieces are, line by line and left to right (those that
        /// shortening left out are not there): each image's frame from the item's frame origin.
        public var images: [PlacedImage] {
            guard !inline.images.isEmpty else { return [] }
            return paragraph.objectFrames(in: layout).map { placed in
                let (piece, image) = inline.images[placed.index]
                return PlacedImage(
                    piece: piece, line: placed.line,
                    frame: Frame(
                        x: placed.x + image.margin.left, y: placed.y + image.margin.top, width: image.image.width,
                        height: image.image.height),
                    image: image)
            }
        }

        /// What each line shows, without the spaces that hang past its end.
        public var lines: [String] {
            layout.lines.map { line in
                var text = Substring(line.text)
                while let last = text.last, last.isWhitespace { text.removeLast() }
                return String(text)
            }
        }
    }

    /// A text shadow, MGBoxKit's: the text again in one colour, moved by an offset, under the text.
    public struct Shadow: Hashable, Sendable {
        public var color: MushColor
        /// How far the shadow is from the text, in points (y grows downwards).
        public var offset: MGLine.Offset

        public init(color: MushColor, offset: MGLine.Offset) {
            self.color = color
            self.offset = offset
        }
    }

    /// A box laid out: what is drawn in its frame.
    public struct Box: Sendable {
        /// The fill of the box's frame; nil: none.
        public var color: MushColor?
        /// MGBox-style borders, drawn inside the frame over the fill and the line.
        public var borders: MGLine.Borders
        // An array: the nested layout lives on the heap, and every item's content stays small.
        private var content: [MGLineLayout]

        /// The layout of the line the box holds, its frames relative to the box's origin; nil for
        /// a box without a line.
        public var line: MGLineLayout? {
            get { content.first }
            set { content = newValue.map { [$0] } ?? [] }
        }

        public init(color: MushColor? = nil, borders: MGLine.Borders = MGLine.Borders(), line: MGLineLayout? = nil) {
            self.color = color
            self.borders = borders
            self.content = line.map { [$0] } ?? []
        }
    }
}
