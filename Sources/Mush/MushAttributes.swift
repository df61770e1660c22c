/// The attributes a Mush run can carry.
///
/// A value of `nil` (or `false`) means "not set": the layout engine uses its base style there.
public struct MushAttributes: Hashable, Sendable {
    /// `**text**`
    public var bold: Bool
    /// `//text//`
    public var italic: Bool
    /// `__text__`
    public var underline: Bool
    /// `~~text~~`
    public var strikethrough: Bool
    /// Text between backticks (a code span).
    public var monospace: Bool
    /// `{#RGB|text}` and the other hex forms.
    public var color: MushColor?
    /// `{bg#RGB|text}` and the other hex forms.
    public var backgroundColor: MushColor?
    /// `{kN|text}`: extra advance between characters, in points; may be negative or fractional.
    public var kern: Double?
    /// `{font:FAMILY,|text}`: a family name, resolved at layout time, not at parse time.
    public var fontFamily: String?
    /// `{font:,SIZE|text}`: a size in points, greater than zero.
    public var fontSize: Double?
    /// Where the text links to: an `http`, `https` or `mailto` URL, or `#ID` for the box with that
    /// id (markup has no syntax for it; a text piece's `link` sets it). Drawn as a link annotation
    /// in PDF and an `<a>` in SVG.
    public var link: String? {
        get { typography?.value.link }
        set { setTypography { $0.link = newValue } }
    }
    /// OpenType features the run's text is shaped with, as CSS's `font-feature-settings`: a
    /// four-letter tag and its value (0 off, 1 on, more an alternate's number), over those of its
    /// paragraph (markup has no syntax for them; a text piece's `fontFeatures` sets them).
    public var fontFeatures: [String: Int]? {
        get { typography?.value.fontFeatures }
        set { setTypography { $0.fontFeatures = newValue } }
    }
    /// A variable font's design coordinates for the run, as CSS's `font-variation-settings`: an
    /// axis tag and its value (`["wght": 650, "wdth": 80]`), over its paragraph's; axes the font
    /// lacks are ignored (a text piece's `fontVariations` sets them).
    public var fontVariations: [String: Double]? {
        get { typography?.value.fontVariations }
        set { setTypography { $0.fontVariations = newValue } }
    }
    /// The run's weight, 1 to 1,000 as CSS's `font-weight` (400 normal, 700 bold): 600 or more
    /// picks a family's bold face, and a variable face's `wght` axis is set to it (to 700 at least
    /// where `bold` is set too). A font object's numeric `weight` sets it.
    public var fontWeight: Double? {
        get { typography?.value.fontWeight }
        set { setTypography { $0.fontWeight = newValue } }
    }
    /// Lines along the run besides markup's, as CSS's `text-decoration` (a text piece's or a text
    /// node's `textDecoration` sets them).
    public var textDecoration: TextDecoration? {
        get { typography?.value.textDecoration }
        set { setTypography { $0.textDecoration = newValue } }
    }
    /// The case the run is shown in, over its paragraph's (``TextTransform/none`` shows it as
    /// written where the paragraph transforms); a text piece's `textTransform` sets it.
    public var textTransform: TextTransform? {
        get { typography?.value.textTransform }
        set { setTypography { $0.textTransform = newValue } }
    }

    /// Attributes with the given values; everything left out is unset.
    public init(
        bold: Bool = false, italic: Bool = false, underline: Bool = false,
        strikethrough: Bool = false, monospace: Bool = false,
        color: MushColor? = nil, backgroundColor: MushColor? = nil, kern: Double? = nil,
        fontFamily: String? = nil, fontSize: Double? = nil, link: String? = nil, fontFeatures: [String: Int]? = nil
    ) {
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.monospace = monospace
        self.color = color
        self.backgroundColor = backgroundColor
        self.kern = kern
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        if link != nil || fontFeatures != nil {
            typography = RunTypographyBox(RunTypography(fontFeatures: fontFeatures, link: link))
        }
    }

    /// The attributes few runs set (link, features, variations, weight, decoration, case), in one box that
    /// a run without them does not have: runs are copied often.
    @usableFromInline var typography: RunTypographyBox?

    private mutating func setTypography(_ change: (inout RunTypography) -> Void) {
        var value = typography?.value ?? RunTypography()
        change(&value)
        typography = value == RunTypography() ? nil : RunTypographyBox(value)
    }

    /// Whether the run sets any of the attributes few runs set (a link, features, variations, a
    /// weight, a decoration or a case): what checks them looks no further when it does not.
    /// (Inlinable: called across modules, it made each caller copy the run to ask.)
    @inlinable package var hasRareAttributes: Bool { typography != nil }

    /// No attribute set.
    public static let plain = MushAttributes()

    /// True when no attribute is set.
    public var isPlain: Bool { self == .plain }
}

/// The attributes few runs set.
struct RunTypography: Hashable, Sendable {
    var fontFeatures: [String: Int]?
    var link: String?
    var fontVariations: [String: Double]?
    var fontWeight: Double?
    var textDecoration: TextDecoration?
    var textTransform: TextTransform?
}

/// A ``RunTypography`` shared by copies of attributes, replaced (never changed) when one of them
/// sets a value: equal and hashed by its value.
@usableFromInline final class RunTypographyBox: Hashable, Sendable {
    let value: RunTypography

    init(_ value: RunTypography) { self.value = value }

    @usableFromInline static func == (lhs: RunTypographyBox, rhs: RunTypographyBox) -> Bool { lhs.value == rhs.value }

    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
