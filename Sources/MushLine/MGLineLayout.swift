import MushText

/// A laid-out ``MGLine``: its size and a frame for each item, or the fact that it was dropped.
public struct MGLineLayout: Sendable {
    /// The line's size: as set, or fitted to the content (`minHeight`, `maxHeight`,
    /// `widenAsNeeded`).
    public var width: Double
    public var height: Double
    /// Every item of the line, once: the left items, then the middle, then the right, each side in
    /// the order it was given.
    public var items: [Item]

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

    /// One item's place.
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

    public enum Content: Sendable {
        case text(Text)
        case image
        /// A box, with the layout of the line it holds (placed at the box's origin).
        case box(MGLineLayout?)
    }

    /// A text item laid out: the shaped paragraph and its lines, in the item's frame.
    public struct Text: Sendable {
        /// The shaped text (`paragraph.glyphs(of:)` gives each line's glyphs).
        public var paragraph: Paragraph
        /// The lines, with x and y from the frame's origin.
        public var layout: ParagraphLayout
        /// The text was wrapped (a multiline item) rather than kept on one line.
        public var isMultiline: Bool
        /// The text was shortened: it ends in "…", or lines were left out.
        public var isTruncated: Bool
        /// What each line shows, without the spaces that hang past its end.
        public var lines: [String] {
            layout.lines.map { line in
                var text = Substring(line.text)
                while let last = text.last, last.isWhitespace { text.removeLast() }
                return String(text)
            }
        }
    }
}
