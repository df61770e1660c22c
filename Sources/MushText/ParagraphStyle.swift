/// How a paragraph is set: the base font, line spacing, alignment, and the limits that truncate it.
public struct ParagraphStyle: Hashable, Sendable {
    /// Horizontal placement of each line in the paragraph's width.
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        case left, center, right
        /// Lines but the last of each hard-broken paragraph are stretched to the width at their
        /// spaces.
        case justify
    }

    /// Where a truncated paragraph shows its ellipsis "…".
    public enum Ellipsize: String, Hashable, Sendable, CaseIterable {
        /// Cut without an ellipsis.
        case none
        /// "…" then the end of the text (single-line paragraphs; otherwise as `end`).
        case start
        /// The start, "…", the end (single-line paragraphs; otherwise as `end`).
        case middle
        /// The last visible line ends in "…".
        case end
    }

    /// The family of runs that name none; nil: the collection's default (DejaVu Sans).
    public var fontFamily: String?
    /// The size of runs that set none, in points.
    public var fontSize: Double
    /// Extra space between lines, in points.
    public var lineSpacing: Double
    public var alignment: Alignment
    /// At most this many lines; 0: no limit.
    public var maxLines: Int
    /// At most this tall, in points (at least one line is always shown); 0: no limit.
    public var maxHeight: Double
    public var ellipsize: Ellipsize
    /// The locale for line breaking (ICU tailors some languages); nil: the root locale.
    public var locale: String?
    /// Where tab characters move the pen to, in points from the line's start, ascending: a tab
    /// advances to the first stop past the text before it (left-aligned stops, as Pango's). Past
    /// the last one, stops repeat every `tabWidth`.
    public var tabStops: [Double]
    /// The distance between default tab stops, in points; nil: eight spaces of the paragraph's
    /// font (Pango's default).
    public var tabWidth: Double?

    public init(
        fontFamily: String? = nil, fontSize: Double = 16, lineSpacing: Double = 0, alignment: Alignment = .left,
        maxLines: Int = 0, maxHeight: Double = 0, ellipsize: Ellipsize = .end, locale: String? = nil,
        tabStops: [Double] = [], tabWidth: Double? = nil
    ) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.lineSpacing = lineSpacing
        self.alignment = alignment
        self.maxLines = maxLines
        self.maxHeight = maxHeight
        self.ellipsize = ellipsize
        self.locale = locale
        self.tabStops = tabStops.filter(\.isFinite).sorted()
        self.tabWidth = tabWidth
    }
}
