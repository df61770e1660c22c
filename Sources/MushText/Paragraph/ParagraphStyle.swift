import Mush

/// How a paragraph is set: the base font, line spacing, alignment, and the limits that truncate it.
///
/// Values outside `MushLimits` are errors when a paragraph is made (``validate()``).
public struct ParagraphStyle: Hashable, Sendable {
    /// Horizontal placement of each line in the paragraph's width (placed after the lines are
    /// broken: ``ParagraphLayout/align(_:width:)`` places them again).
    ///
    /// `left`, `center` and `right` are absolute: `left` is left in right-to-left text too. `start`
    /// and `end` follow the base direction of the hard-broken paragraph a line is in (its first
    /// strong character, as bidi gives it): `start` is left in left-to-right text and right in
    /// right-to-left text, `end` the other side.
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        case left, center, right
        /// Lines but the last of each hard-broken paragraph are stretched to the width at their
        /// spaces.
        case justify
        /// Left in a left-to-right paragraph, right in a right-to-left one.
        case start
        /// Right in a left-to-right paragraph, left in a right-to-left one.
        case end

        /// The absolute alignment this one is in a paragraph of the given base direction: `start`
        /// and `end` become `left` or `right`; the others stay as they are.
        public func resolved(rightToLeft: Bool) -> Alignment {
            switch self {
            case .start: rightToLeft ? .right : .left
            case .end: rightToLeft ? .left : .right
            case .left, .center, .right, .justify: self
            }
        }
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

    /// What a line wider than the paragraph's width shows (only a grapheme wider than the width
    /// makes one: words wider than it are broken between graphemes).
    public enum TextOverflow: String, Hashable, Sendable, CaseIterable {
        /// The line runs past the width (Pango's and CSS's default).
        case visible
        /// The line is cut to the width and ends in "…", as CSS's `text-overflow: ellipsis`; the
        /// layout is then truncated. When not even "…" fits, the line is "…" alone.
        case ellipsis
    }

    /// Where words may be broken with a hyphen, as CSS's `hyphens`.
    public enum Hyphens: String, Hashable, Sendable, CaseIterable {
        /// Never: soft hyphens (U+00AD) are not break opportunities either.
        case none
        /// At soft hyphens (U+00AD) only, which then show a hyphen (the default).
        case manual
        /// At soft hyphens, and in words without one at the hyphenation points of the paragraph's
        /// ``ParagraphStyle/locale`` (``Hyphenation``).
        case auto
    }

    /// The height of each run's line box, as CSS's `line-height`.
    public enum LineHeight: Hashable, Sendable {
        /// A multiple of the run's font size (CSS's unitless number, `1.5`).
        case multiple(Double)
        /// A height in points (CSS's length).
        case points(Double)

        /// The height for text of `size` points.
        public func height(forSize size: Double) -> Double {
            switch self {
            case .multiple(let factor): factor * size
            case .points(let points): points
            }
        }
    }

    /// The family of runs that name none; nil: the collection's default (DejaVu Sans).
    public var fontFamily: String?
    /// The size of runs that set none, in points (`MushLimits/fontSize`).
    public var fontSize: Double
    /// Extra space between lines, in points: 0 or more, as `NSParagraphStyle.lineSpacing`
    /// (`MushLimits/length`).
    public var lineSpacing: Double
    public var alignment: Alignment
    /// At most this many lines; 0: no limit.
    public var maxLines: Int
    /// At most this tall, in points (at least one line is always shown); 0: no limit
    /// (`MushLimits/length`).
    public var maxHeight: Double
    public var ellipsize: Ellipsize
    /// What a line wider than the width shows: ``TextOverflow/visible`` by default.
    public var textOverflow: TextOverflow
    /// The text's language, a BCP 47 tag (`en-US`, `de`): for line breaking (ICU tailors some
    /// languages), shaping (HarfBuzz's language) and automatic hyphenation; nil: the root locale.
    public var locale: String? {
        get { box?.settings.locale }
        set { typography.locale = newValue }
    }
    /// Where words may be broken with a hyphen: ``Hyphens/manual`` by default.
    public var hyphens: Hyphens {
        get { typography.hyphens }
        set { typography.hyphens = newValue }
    }
    /// How short a word and its pieces may be for automatic hyphenation.
    public var hyphenationLimits: HyphenationLimits {
        get { typography.hyphenationLimits }
        set { typography.hyphenationLimits = newValue }
    }
    /// OpenType features every run is shaped with, as CSS's `font-feature-settings`
    /// (`["tnum": 1, "liga": 0]`): a four-character tag and its value, 0 to 65,535 (0 turns the
    /// feature off, 1 on, more picks an alternate). A run's own (`MushAttributes.fontFeatures`)
    /// win over these. A feature the font lacks changes nothing.
    public var fontFeatures: [String: Int] {
        get { typography.fontFeatures }
        set { typography.fontFeatures = newValue }
    }
    /// A variable font's design coordinates for every run, as CSS's `font-variation-settings`
    /// (`["wght": 650, "wdth": 80]`); a run's own (`MushAttributes.fontVariations`) win over these.
    /// An axis the font lacks is ignored; a value is clamped to its axis's range, as HarfBuzz and
    /// FreeType do.
    public var fontVariations: [String: Double] {
        get { typography.fontVariations }
        set { typography.fontVariations = newValue }
    }
    /// Lines along every run that sets none of its own (`MushAttributes.textDecoration`), as CSS's
    /// `text-decoration`; nil: none. The runs of ``Paragraph/runs(of:)`` carry them.
    public var textDecoration: TextDecoration? {
        get { typography.textDecoration }
        set { typography.textDecoration = newValue }
    }
    /// How lines are chosen: ``TextWrap/wrap`` (greedy) by default, ``TextWrap/balance`` or
    /// ``TextWrap/pretty``.
    public var textWrap: TextWrap {
        get { typography.textWrap }
        set { typography.textWrap = newValue }
    }
    /// The case the text is shown in, as CSS's `text-transform` (runs may set their own): shaped,
    /// measured and drawn transformed, by ICU's case mapping in the paragraph's ``locale``, while
    /// offsets count in the text as written.
    public var textTransform: TextTransform {
        get { typography.textTransform }
        set { typography.textTransform = newValue }
    }
    /// Extra advance between the characters of runs that set none (Mush's `kern` sets a run's),
    /// in points, as CSS's `letter-spacing`: added after every grapheme but the last of a line,
    /// whose spacing hangs past the line's end (`MushLimits.kern`).
    public var letterSpacing: Double {
        get { typography.letterSpacing }
        set { typography.letterSpacing = newValue }
    }
    /// Extra advance after every space and no-break space, in points, as CSS's `word-spacing`
    /// (`MushLimits.kern`).
    public var wordSpacing: Double {
        get { typography.wordSpacing }
        set { typography.wordSpacing = newValue }
    }
    /// The height of each run's line box, as CSS's `line-height`; nil: the font's own (ascent,
    /// descent and line gap). The difference from the font's ascent and descent (the leading) is
    /// split above and below the run's text, and a line is as tall as its tallest run's box.
    public var lineHeight: LineHeight? {
        get { typography.lineHeight }
        set { typography.lineHeight = newValue }
    }
    /// The distance between default tab stops in spaces of the paragraph's font, as CSS's
    /// `tab-size`, when ``tabWidth`` is nil: 8 by default (Pango's). From 0.01 to 1,000.
    public var tabSize: Double {
        get { typography.tabSize }
        set { typography.tabSize = newValue }
    }
    /// Where tab characters move the pen to, in points from the line's start, ascending: a tab
    /// advances to the first stop past the text before it (left-aligned stops, as Pango's). Past
    /// the last one, stops repeat every `tabWidth`. Each is a length (`MushLimits/length`); they
    /// are kept sorted.
    public var tabStops: [Double] {
        get { box?.settings.tabStops ?? [] }
        set { typography.tabStops = newValue.count > 1 ? newValue.sorted() : newValue }
    }
    /// The distance between default tab stops, in points; nil: eight spaces of the paragraph's
    /// font (Pango's default). From 0.01 to 1,000,000 points.
    public var tabWidth: Double? {
        get { box?.settings.tabWidth }
        set { typography.tabWidth = newValue }
    }

    /// The settings most paragraphs leave at their defaults (hyphenation, features, variations,
    /// decoration, wrapping, spacing, line height, tab size), in one box that a style with all of
    /// them at their defaults does not have: a default style is copied without a reference to
    /// retain, and it is copied often.
    @usableFromInline var box: TypographyBox?

    /// The rarely set fields, nil where all are at their defaults (for code that reads several of
    /// them at each paragraph: one check for most paragraphs).
    /// (The box, not a copy of its settings: read through it, a field costs a load, where an
    /// optional copy of the whole struct was made and destroyed at each ask.)
    var customTypography: TypographyBox? { box }

    /// Whether any of the rarely set fields (language, tabs, hyphenation, features, variations,
    /// decoration, wrapping, spacing, line height, case) differs from its default.
    package var hasTypography: Bool { box != nil }

    private var typography: Typography {
        get { box?.settings ?? Typography() }
        set { box = newValue == Typography() ? nil : TypographyBox(newValue) }
    }

    /// (Inlinable: a call names a few settings and leaves the rest at their defaults, and the check
    /// that they are defaults then folds away where it is made; out of line, each call built the
    /// defaults and compared them.)
    @inlinable public init(
        fontFamily: String? = nil, fontSize: Double = 16, lineSpacing: Double = 0, alignment: Alignment = .left,
        maxLines: Int = 0, maxHeight: Double = 0, ellipsize: Ellipsize = .end, textOverflow: TextOverflow = .visible,
        locale: String? = nil, tabStops: [Double] = [], tabWidth: Double? = nil, hyphens: Hyphens = .manual,
        hyphenationLimits: HyphenationLimits? = nil, fontFeatures: [String: Int]? = nil,
        letterSpacing: Double = 0, wordSpacing: Double = 0, lineHeight: LineHeight? = nil, tabSize: Double = 8,
        fontVariations: [String: Double]? = nil, textDecoration: TextDecoration? = nil, textWrap: TextWrap = .wrap,
        textTransform: TextTransform = .none
    ) {
        self.textOverflow = textOverflow
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.lineSpacing = lineSpacing
        self.alignment = alignment
        self.maxLines = maxLines
        self.maxHeight = maxHeight
        self.ellipsize = ellipsize
        // (Compared field by field: a default style, the common case, makes no Typography.)
        // (Optional features, variations and limits: a call that leaves them out makes none.)
        let isDefault =
            locale == nil && tabStops.isEmpty && tabWidth == nil
            && hyphens == .manual && (hyphenationLimits.map { $0 == HyphenationLimits() } ?? true)
            && (fontFeatures?.isEmpty ?? true) && (fontVariations?.isEmpty ?? true) && textDecoration == nil
            && textWrap == .wrap && letterSpacing == 0
            && wordSpacing == 0 && lineHeight == nil && tabSize == 8 && textTransform == .none
        self.box =
            isDefault
            ? nil
            : Self.typographyBox(
                locale: locale, tabStops: tabStops, tabWidth: tabWidth, hyphens: hyphens,
                hyphenationLimits: hyphenationLimits, fontFeatures: fontFeatures, letterSpacing: letterSpacing,
                wordSpacing: wordSpacing, lineHeight: lineHeight, tabSize: tabSize, fontVariations: fontVariations,
                textDecoration: textDecoration, textWrap: textWrap, textTransform: textTransform)
    }

    /// The box of a style whose rarely set fields are not all at their defaults.
    @usableFromInline static func typographyBox(
        locale: String?, tabStops: [Double], tabWidth: Double?, hyphens: Hyphens,
        hyphenationLimits: HyphenationLimits?, fontFeatures: [String: Int]?, letterSpacing: Double,
        wordSpacing: Double, lineHeight: LineHeight?, tabSize: Double, fontVariations: [String: Double]?,
        textDecoration: TextDecoration?, textWrap: TextWrap, textTransform: TextTransform
    ) -> TypographyBox {
        TypographyBox(
            Typography(
                locale: locale, tabStops: tabStops.count > 1 ? tabStops.sorted() : tabStops, tabWidth: tabWidth,
                hyphens: hyphens, hyphenationLimits: hyphenationLimits ?? HyphenationLimits(),
                fontFeatures: fontFeatures ?? [:], fontVariations: fontVariations ?? [:],
                textDecoration: textDecoration, textWrap: textWrap,
                letterSpacing: letterSpacing, wordSpacing: wordSpacing, lineHeight: lineHeight, tabSize: tabSize,
                textTransform: textTransform))
    }
}

/// The rarely set fields of a ``ParagraphStyle``, with their defaults.
struct Typography: Hashable, Sendable {
    var locale: String?
    var tabStops: [Double] = []
    var tabWidth: Double?
    var hyphens = ParagraphStyle.Hyphens.manual
    var hyphenationLimits = ParagraphStyle.HyphenationLimits()
    var fontFeatures: [String: Int] = [:]
    var fontVariations: [String: Double] = [:]
    var textDecoration: TextDecoration?
    var textWrap = ParagraphStyle.TextWrap.wrap
    var letterSpacing = 0.0
    var wordSpacing = 0.0
    var lineHeight: ParagraphStyle.LineHeight?
    var tabSize = 8.0
    var textTransform = TextTransform.none
}

/// A ``Typography`` shared by copies of a style, replaced (never changed) when one of them sets a
/// field: equal and hashed by its settings.
@usableFromInline final class TypographyBox: Hashable, Sendable {
    let settings: Typography

    init(_ settings: Typography) { self.settings = settings }

    @usableFromInline static func == (lhs: TypographyBox, rhs: TypographyBox) -> Bool {
        lhs.settings == rhs.settings
    }

    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(settings) }
}
