import MushBase

/// Something other than text inside a line: an icon, a badge, an image, any box. It stands in the
/// paragraph's text as one U+FFFC OBJECT REPLACEMENT CHARACTER, and the paragraph gives it a place
/// on a line as it does a character, without knowing what it is.
///
/// ```swift
/// let document = MushDocument(text: "New \u{FFFC} messages", attributes: .plain)
/// let badge = InlineObject(offset: 4, width: 18, height: 14, verticalAlign: .middle)
/// let paragraph = try Paragraph(document, objects: [badge])
/// let frames = paragraph.objectFrames(in: paragraph.layout(width: 120))
/// ```
///
/// Its sizes are those of its margin box, in points. An object is one unbreakable unit with a
/// break opportunity before and after it (as ICU gives them for U+FFFC, whose line breaking class
/// forbids a break only before closing punctuation); it is a neutral in the bidi algorithm, so it
/// stays with the text around it in right-to-left text. Truncation keeps it whole or leaves it
/// out. A line holding it is tall enough for it, aligned by ``verticalAlign``; the text's font
/// at the object still counts for the line's height (CSS's strut).
public struct InlineObject: Hashable, Sendable {
    /// How an object sits on its line, as CSS's `vertical-align`.
    public enum Alignment: Hashable, Sendable {
        /// Its baseline on the line's baseline (an object without one: its bottom edge).
        case baseline
        /// Its middle at the baseline plus half the x-height of the text's font.
        case middle
        /// Its top at the top of the line box (the line grows downwards for it).
        case top
        /// Its bottom at the bottom of the line box (the line grows upwards for it).
        case bottom
        /// Its top at the ascent of the text's font.
        case textTop
        /// Its bottom at the descent of the text's font.
        case textBottom
        /// Its baseline lowered by a fifth of the text's font size plus one point, as Chromium
        /// lowers `sub`.
        case sub
        /// Its baseline raised by a third of the text's font size plus one point, as Chromium
        /// raises `super`.
        case `super`
        /// Its baseline raised by this many points (lowered when negative).
        case raised(Double)

        /// The CSS names of the keyword alignments, and the alignment each names.
        public static let names: [(name: String, alignment: Alignment)] = [
            ("baseline", .baseline), ("middle", .middle), ("top", .top), ("bottom", .bottom),
            ("text-top", .textTop), ("text-bottom", .textBottom), ("sub", .sub), ("super", .super),
        ]

        /// The alignment a CSS keyword names, or nil.
        public init?(name: String) {
            guard let found = Self.names.first(where: { $0.name == name }) else { return nil }
            self = found.alignment
        }
    }

    /// The Unicode-scalar offset, in the paragraph's text, of the U+FFFC that stands for the object.
    public var offset: Int
    /// The width of its margin box, in points (`MushLimits/length`).
    public var width: Double
    /// The height of its margin box, in points (`MushLimits/length`).
    public var height: Double
    /// Its own baseline, in points down from the top of its margin box (a box's first line of
    /// text); nil: none, and its bottom edge stands for it (an image).
    public var baseline: Double?
    public var verticalAlign: Alignment

    public init(
        offset: Int, width: Double, height: Double, baseline: Double? = nil, verticalAlign: Alignment = .baseline
    ) {
        self.offset = offset
        self.width = width
        self.height = height
        self.baseline = baseline
        self.verticalAlign = verticalAlign
    }
}

/// Where an inline object was placed (``Paragraph/objectFrames(in:)``): its margin box, in points
/// from the paragraph's top-left corner.
public struct InlineObjectFrame: Hashable, Sendable {
    /// The object's index in the list the paragraph was made with.
    public var index: Int
    /// The line it is on.
    public var line: Int
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
}

extension InlineObject {
    /// Its height above and below the baseline on a line of text whose font at the object has
    /// `ascent`, `descent`, `xHeight` and `size`; nil for ``Alignment/top`` and
    /// ``Alignment/bottom``, which are placed by the line box, not the baseline.
    func extents(ascent: Double, descent: Double, xHeight: Double, size: Double) -> (above: Double, below: Double)? {
        let ownBaseline = baseline ?? height
        let raise: Double
        switch verticalAlign {
        case .top, .bottom: return nil
        case .baseline: raise = 0
        case .raised(let points): raise = points
        case .sub: raise = -(size / 5 + 1)
        case .super: raise = size / 3 + 1
        case .middle: return (xHeight / 2 + height / 2, height / 2 - xHeight / 2)
        case .textTop: return (ascent, height - ascent)
        case .textBottom: return (height - descent, descent)
        }
        return (ownBaseline + raise, height - ownBaseline - raise)
    }

    /// Checks the sizes against `MushLimits` (the paragraph checks the offset).
    func validate(index: Int) throws(TextError) {
        func check(_ value: Double, _ name: String) throws(TextError) {
            if let problem = MushLimits.problem(value, in: MushLimits.length) {
                throw .invalidValue(property: "objects[\(index)].\(name)", problem: problem)
            }
        }
        try check(width, "width")
        try check(height, "height")
        if let baseline { try check(baseline, "baseline") }
        if case .raised(let points) = verticalAlign,
            let problem = MushLimits.problem(points, in: -MushLimits.length.upperBound...MushLimits.length.upperBound)
        {
            throw .invalidValue(property: "objects[\(index)].verticalAlign", problem: problem)
        }
    }
}
