/// Lines drawn along text, as CSS's `text-decoration`: which lines, their style, colour and
/// thickness, where an underline goes, and whether it skips the glyphs' descenders.
///
/// Markup's `__…__` and `~~…~~` (``MushAttributes/underline``, ``MushAttributes/strikethrough``)
/// draw solid lines as before; a decoration draws its own lines besides.
public struct TextDecoration: Hashable, Sendable {
    /// Which lines: any of underline, overline and line-through.
    public struct Lines: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Below the baseline, where the font puts its underline.
        public static let underline = Lines(rawValue: 1)
        /// Along the top of the font's ascent.
        public static let overline = Lines(rawValue: 2)
        /// Through the text, where the font puts its strikethrough.
        public static let lineThrough = Lines(rawValue: 4)

        /// CSS's names, in this order.
        public static let names: [(name: String, line: Lines)] = [
            ("underline", .underline), ("overline", .overline), ("line-through", .lineThrough),
        ]
    }

    /// How a line is drawn, as CSS's `text-decoration-style`.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        case solid, double, dotted, dashed, wavy
    }

    public var lines: Lines
    public var style: Style
    /// The lines' colour; nil: the text's.
    public var color: MushColor?
    /// The lines' thickness in points; nil: the font's underline thickness (its strikethrough's for
    /// line-through).
    public var thickness: Double?
    /// How far below its place in the font the underline is drawn, in points (negative: higher), as
    /// CSS's `text-underline-offset` from `auto`.
    public var underlineOffset: Double
    /// Underlines and overlines leave a gap where a glyph's ink crosses them (CSS's
    /// `text-decoration-skip-ink: auto`, the default); false: they run through.
    public var skipInk: Bool

    public init(
        lines: Lines, style: Style = .solid, color: MushColor? = nil, thickness: Double? = nil,
        underlineOffset: Double = 0, skipInk: Bool = true
    ) {
        self.lines = lines
        self.style = style
        self.color = color
        self.thickness = thickness
        self.underlineOffset = underlineOffset
        self.skipInk = skipInk
    }
}
