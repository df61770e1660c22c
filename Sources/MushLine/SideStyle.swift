import Mush

extension MGLine {
    /// Three values, one for each side of a line: `table[.middle]`.
    ///
    /// A line keeps its sides' styles in one (``MGLine/sides``); the layout keeps what it works out
    /// for each side in others.
    public struct SideTable<Value> {
        public var left: Value
        public var middle: Value
        public var right: Value

        public init(left: Value, middle: Value, right: Value) {
            self.left = left
            self.middle = middle
            self.right = right
        }

        /// The same value on every side.
        public init(repeating value: Value) {
            self.init(left: value, middle: value, right: value)
        }

        /// Each side's value made by `value`, called for the sides in order: left, middle, right.
        public init<Failure: Error>(_ value: (Side) throws(Failure) -> Value) throws(Failure) {
            self.init(left: try value(.left), middle: try value(.middle), right: try value(.right))
        }

        /// A side's value.
        public subscript(side: Side) -> Value {
            get {
                switch side {
                case .left: left
                case .middle: middle
                case .right: right
                }
            }
            _modify {
                switch side {
                case .left: yield &left
                case .middle: yield &middle
                case .right: yield &right
                }
            }
        }
    }

    /// What a line sets for one side: the font and colours of its strings, their shadow, where its
    /// group sits, its column width, its line spacing and its items.
    ///
    /// A line holds three, one for each side (``MGLine/sides``, ``MGLine/subscript(_:)``); MGBoxKit's
    /// flat names (`font`, `middleFont`, `rightTextColor`, `leftAlignment`, `leftItems`…) read and
    /// write them. The font and the two colours may be unset (nil): a side that leaves one unset
    /// takes the left side's, and the left side's unset value is the default (``MGLine/Font``'s
    /// default, black text, no shadow). ``MGLine/font(for:)``, ``MGLine/textColor(for:)`` and
    /// ``MGLine/textShadowColor(for:)`` apply that rule. A new line sets the left side's font and
    /// text colour to those defaults, as MGBoxKit's `font` and `textColor` always hold one.
    public struct SideStyle: Hashable, Sendable {
        /// The font of the side's strings; nil: the left side's (on the left: `Font()`).
        public var font: Font?
        /// The colour of the side's text that sets none; nil: the left side's (on the left: black).
        public var textColor: MushColor?
        /// The colour of the shadow under the side's strings; nil: the left side's (on the left: no
        /// shadow).
        public var textShadowColor: MushColor?
        /// How far the side's text shadow is drawn from the text (y grows downwards); it does not
        /// fall back to the left side's. Drawn only where the side has a shadow colour.
        public var textShadowOffset: Offset
        /// Where the side's group sits in its band, and how its multiline text is aligned.
        public var alignment: Alignment
        /// A fixed column width; 0: as wide as the side's items.
        public var width: Double
        /// Extra space between the lines of the side's multiline text.
        public var lineSpacing: Double
        /// What the side shows, from the line's edge (left) or in reading order.
        public var items: [Item]

        /// A side's style: by default nothing of its own but its alignment, and the shadow one point
        /// down (MGBoxKit's {0, 1}).
        public init(
            font: Font? = nil, textColor: MushColor? = nil, textShadowColor: MushColor? = nil,
            textShadowOffset: Offset = Offset(x: 0, y: 1), alignment: Alignment, width: Double = 0,
            lineSpacing: Double = 0, items: [Item] = []
        ) {
            self.font = font
            self.textColor = textColor
            self.textShadowColor = textShadowColor
            self.textShadowOffset = textShadowOffset
            self.alignment = alignment
            self.width = width
            self.lineSpacing = lineSpacing
            self.items = items
        }

        /// The text colour of a left side that sets none, and of a new line: black.
        static let defaultTextColor = MushColor(red: 0, green: 0, blue: 0)

        /// The properties of a side's style, for code that handles each of them on each side
        /// (validation, the JSON reader), in the order it does so.
        ///
        /// Adding a stored property to ``MGLine/SideStyle`` means adding its case here; the
        /// compiler then asks every `switch` over the properties for it.
        public enum Property: String, Hashable, Sendable, CaseIterable {
            case font, textColor, textShadowColor, textShadowOffset, alignment, width, lineSpacing, items

            /// Whether a side that leaves the property unset takes the left side's.
            public var fallsBackToLeft: Bool {
                switch self {
                case .font, .textColor, .textShadowColor: true
                case .textShadowOffset, .alignment, .width, .lineSpacing, .items: false
                }
            }

            /// The line's name for the property on `side`, MGBoxKit's: a property that falls back
            /// to the left side's has its bare name on the left (`font`, `middleFont`,
            /// `rightFont`); the others are named after their side on every side (`leftWidth`,
            /// `middleWidth`, `rightWidth`). The same name in validation errors and in JSON (but
            /// for items, which JSON calls `left`, `middle` and `right`).
            public func name(on side: Side) -> String {
                if fallsBackToLeft, side == .left { return rawValue }
                return side.rawValue + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
            }
        }
    }

    /// Each side's font: its own, else the left side's, else `Font()`.
    public func font(for side: Side) -> Font {
        self[side].font ?? sides.left.font ?? Font()
    }

    /// Each side's text colour: its own, else the left side's, else black.
    public func textColor(for side: Side) -> MushColor {
        self[side].textColor ?? sides.left.textColor ?? SideStyle.defaultTextColor
    }

    /// Each side's text shadow colour: its own, else the left side's; nil: no shadow.
    public func textShadowColor(for side: Side) -> MushColor? {
        self[side].textShadowColor ?? sides.left.textShadowColor
    }

    /// Each side's text shadow offset (y grows downwards): `self[side].textShadowOffset`.
    public func textShadowOffset(for side: Side) -> Offset { self[side].textShadowOffset }

    /// Each side's items: `self[side].items`.
    public func items(on side: Side) -> [Item] { self[side].items }
}

extension MGLine.SideTable: Equatable where Value: Equatable {}
extension MGLine.SideTable: Hashable where Value: Hashable {}
extension MGLine.SideTable: Sendable where Value: Sendable {}
