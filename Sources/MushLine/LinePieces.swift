import Mush
import MushBase
import MushText

extension MGLine {
    /// A piece of a text item made of pieces (``Item/pieces(_:multiline:)``): styled text, or an
    /// image set in the text's line.
    ///
    /// ```swift
    /// let item = MGLine.Item.pieces([
    ///     .string("**Inbox**|mush "),
    ///     .image(MGLine.InlineImage(MGLine.Image(width: 16, height: 16, file: "mail.png"), verticalAlign: .middle)),
    ///     .text(MushDocument([(" docs", MushAttributes(link: "https://example.com"))])),
    /// ])
    /// ```
    ///
    /// Rows hold images only: a box set in text is for box trees' text leaves.
    public enum TextPiece: Hashable, Sendable {
        /// Text with its runs' attributes; what a run leaves unset (font, colour) is the side's.
        case text(MushDocument)
        /// An image in the line, as one character of the text.
        case image(InlineImage)

        /// `string` as a row's string is read, untrimmed: Mush markup when it ends with `|mush`
        /// (those five characters dropped), else plain text.
        public static func string(_ string: String) -> TextPiece {
            .text(
                string.hasSuffix("|mush")
                    ? Mush.parse(String(string.dropLast(5))) : MushDocument(text: string, attributes: .plain))
        }
    }

    /// An image set in a line of text: an `InlineObject` of its margin box, placed by the text as
    /// it places a character.
    public struct InlineImage: Hashable, Sendable {
        /// The image: its size (the border box), its file and how its picture fills it.
        public var image: Image
        /// Room around the image that its line keeps free.
        public var margin: Insets
        /// How the image sits on its line (CSS's `vertical-align`); its bottom margin edge is its
        /// baseline.
        public var verticalAlign: InlineObject.Alignment
        /// Where the image leads (a link `LinkTarget` accepts): renderers make the image's frame a
        /// link, as they do a linked run's place; nil: none.
        public var link: String?

        public init(
            _ image: Image, margin: Insets = Insets(), verticalAlign: InlineObject.Alignment = .baseline,
            link: String? = nil
        ) {
            self.image = image
            self.margin = margin
            self.verticalAlign = verticalAlign
            self.link = link
        }

        /// Its margin box, to stand at `offset` in the text.
        func object(offset: Int) -> InlineObject {
            InlineObject(
                offset: offset, width: image.width + margin.left + margin.right,
                height: image.height + margin.top + margin.bottom, verticalAlign: verticalAlign)
        }
    }
}

extension MGLineLayout {
    /// An inline image of a text item (``MGLine/Item/pieces(_:multiline:)``) where its text placed
    /// it.
    public struct PlacedImage: Hashable, Sendable {
        /// The index of its piece in the item's pieces.
        public var piece: Int
        /// The line of the text it is on.
        public var line: Int
        /// The image's frame (its margin outside), from the text item's frame origin. It is where
        /// `Paragraph/objectFrames(in:)` puts the margin box, less the margin.
        public var frame: Frame
        public var image: MGLine.InlineImage
    }
}

/// The inline images of a text item, in order, and the pieces they came from.
struct InlineImages: Sendable {
    var images: [(piece: Int, image: MGLine.InlineImage)] = []

    /// The document and inline images of `pieces` joined: texts one after the other, each image a
    /// U+FFFC in plain attributes (the side's font, whose metrics are its line's strut there).
    static func join(_ pieces: [MGLine.TextPiece]) -> (document: MushDocument, objects: [InlineObject], inline: Self) {
        var documents: [MushDocument] = []
        var objects: [InlineObject] = []
        var inline = InlineImages()
        var count = 0
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .text(let piece):
                documents.append(piece)
                count += piece.text.unicodeScalars.count
            case .image(let image):
                objects.append(image.object(offset: count))
                inline.images.append((index, image))
                documents.append(MushDocument(text: "\u{FFFC}", attributes: .plain))
                count += 1
            }
        }
        let document = MushDocument(joining: documents)
        return (document, objects, inline)
    }
}

extension MGLine.InlineImage {
    /// Checks the image's sizes, margin, alignment and link, naming the bad one after `property()`.
    func validate(_ property: () -> String) throws(MGLineError) {
        try Check.size(image.width, property() + ".image.width")
        try Check.size(image.height, property() + ".image.height")
        try Check.insets(margin, property() + ".margin")
        let object = object(offset: 0)
        let limit = MushLimits.length.upperBound
        if object.width > limit || object.height > limit {
            throw .invalidValue(
                property: property(),
                problem:
                    "must have a margin box at most \(MushLimits.format(limit)) points wide and tall (it is "
                    + "\(MushLimits.format(object.width)) × \(MushLimits.format(object.height)))")
        }
        if case .raised(let points) = verticalAlign {
            try Check.finite(points, property() + ".verticalAlign")
        }
        if let link, let problem = LinkTarget.problem(link) {
            throw .invalidValue(property: property() + ".link", problem: problem)
        }
    }
}

extension MGLineLayout {
    /// The link under the point (`x`, `y`) of the line (its top-left corner at 0, 0): a linked
    /// run's rectangle (`ParagraphLayout.links`) or a linked inline image's frame, in a visible text
    /// item, or in the line of a visible box, however deep; nil where there is none. Rectangles
    /// hold their left and top edges, not their right and bottom ones.
    public func link(atX x: Double, y: Double) -> String? {
        func holds(_ left: Double, _ top: Double, _ width: Double, _ height: Double) -> Bool {
            x >= left && x < left + width && y >= top && y < top + height
        }
        var found: String?
        for item in items {
            guard let frame = item.frame, holds(frame.x, frame.y, frame.width, frame.height) else { continue }
            switch item.content {
            case .text(let text):
                for link in text.layout.links
                where link.rects.contains(where: { holds(frame.x + $0.x, frame.y + $0.y, $0.width, $0.height) }) {
                    found = link.url
                }
                for placed in text.images {
                    guard let link = placed.image.link,
                        holds(
                            frame.x + placed.frame.x, frame.y + placed.frame.y, placed.frame.width, placed.frame.height)
                    else { continue }
                    found = link
                }
            case .box(let box):
                if let link = box.line?.link(atX: x - frame.x, y: y - frame.y) { found = link }
            case .image:
                break
            }
        }
        return found
    }
}
