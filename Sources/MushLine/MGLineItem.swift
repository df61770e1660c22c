import Mush

extension MGLine {
    /// Something a line shows: text, an image or a box.
    public enum Item: Hashable, Sendable, ExpressibleByStringLiteral {
        /// A string. With `multiline` nil it is multiline when it holds a line break. A multiline
        /// string is trimmed of leading and trailing whitespace and line breaks; then a string that
        /// ends with `|mush` loses those five characters and the rest is parsed as Mush, on the
        /// side's font and colour.
        case text(String, multiline: Bool? = nil)
        /// Attributed text, as is (no trimming and no `|mush` rule).
        case attributed(MushDocument, multiline: Bool)
        /// Text made of pieces, one after the other and untrimmed: styled text and images set in
        /// its lines (``MGLine/TextPiece``). With `multiline` nil it is multiline when a text piece
        /// holds a line break.
        case pieces([TextPiece], multiline: Bool? = nil)
        /// An image of a size; `file` is for renderers.
        case image(Image)
        /// A box: a size and margins, or a box that expands to fill its side; it may hold a line.
        case box(Box)

        public init(stringLiteral value: String) {
            self = .text(value)
        }
    }

    /// An image: its size, and where a renderer finds its pixels (in a box tree, the same type is
    /// an image leaf).
    public struct Image: Hashable, Sendable {
        /// The size, in points.
        public var width: Double
        public var height: Double
        /// Where the pixels are, for drawing; nil: none (a placeholder is drawn).
        public var file: String?
        /// How the picture fills the image's frame (CSS `object-fit`); drawing only.
        public var fit: Fit = .fill
        /// Where the picture sits in the frame when it does not fill it exactly, as fractions of
        /// the room left on each axis (CSS `object-position`: 0 the left or top, 0.5 the centre, the
        /// default, 1 the right or bottom); drawing only.
        public var position: (x: Double, y: Double) {
            get { (positionX, positionY) }
            set { (positionX, positionY) = newValue }
        }
        private var positionX = 0.5
        private var positionY = 0.5
        /// Pixels a point of the picture, for ``Fit/none`` and ``Fit/scaleDown`` (which draw it at
        /// its own size); nil: 2 or 3 for a file named `@2x` or `@3x`, else 1.
        public var scale: Double?

        public init(width: Double, height: Double, file: String? = nil) {
            self.width = width
            self.height = height
            self.file = file
        }

        /// How a picture fills its image's frame (CSS's `object-fit` keywords).
        public enum Fit: String, Hashable, Sendable, CaseIterable {
            /// Stretched to the frame (the default).
            case fill
            /// As large as fits whole, its ratio kept: the frame may show bands.
            case contain
            /// As small as covers the frame, its ratio kept: the picture is cut at the edges.
            case cover
            /// At its own size, cut where it passes the frame.
            case none
            /// `none` where the picture fits, otherwise `contain`.
            case scaleDown = "scale-down"
        }
    }

    /// A box, like an `MGBox` placed in a line.
    public struct Box: Hashable, Sendable {
        public var width: Double
        public var height: Double
        /// Space around the box, kept clear of other items (added to the line's item padding).
        public var margin: Insets
        /// The box takes an equal share of its side's leftover width (MGBoxKit's
        /// `ExpandWidthToFill`); `width` is then its least width.
        public var expand: Bool
        /// A fill colour, for renderers.
        public var color: MushColor?
        /// MGBox-style borders, drawn inside the box's frame over its fill; none by default. They
        /// take no room: the margins, and the line the box holds, are laid out as without them.
        public var borders: Borders
        // An array, to give the recursive value a home on the heap.
        private var content: [MGLine]

        /// A line laid out inside the box at the box's width. A box whose width is 0 is as wide as
        /// the line; a box whose height is 0 is as tall as the laid-out line.
        public var line: MGLine? {
            get { content.first }
            set { content = newValue.map { [$0] } ?? [] }
        }

        public init(
            width: Double = 0, height: Double = 0, margin: Insets = Insets(), expand: Bool = false,
            color: MushColor? = nil, borders: Borders = Borders(), line: MGLine? = nil
        ) {
            self.width = width
            self.height = height
            self.margin = margin
            self.expand = expand
            self.color = color
            self.borders = borders
            self.content = line.map { [$0] } ?? []
        }
    }
}
