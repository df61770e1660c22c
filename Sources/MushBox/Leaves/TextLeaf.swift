import Mush
import MushBase
import MushText

/// A paragraph as a leaf of a box tree: text shaped once, when the leaf is made, and laid out at
/// whatever width the engine gives it.
///
/// ```swift
/// let caption = try TextLeaf("A **caption** that wraps|mush", style: ParagraphStyle(fontSize: 14))
/// let node = BoxNode(style: style, leaf: caption)
/// ```
///
/// Its answers are the paragraph's: ``contentWidths()`` is `Paragraph.minContentWidth()` (the
/// widest word, or for text that may be truncated, what is left when it is: the ellipsis) and
/// `Paragraph.maxContentWidth()` (no wrapping); ``measure(width:)`` is the height and first
/// baseline of `Paragraph.layout(width:)`; ``place(width:height:)`` gives that
/// `ParagraphLayout` with the leaf's colour (a ``PlacedText``). None of them shapes the text again: every layout the leaf gives refers to
/// its one ``paragraph``.
public struct TextLeaf: BoxLeaf {
    /// The shaped text, made once with the leaf.
    public let paragraph: Paragraph
    /// The boxes set in the text, in the order of their offsets (the paragraph's objects).
    public let inline: [InlineBox]
    /// The colour of text that sets none, for drawing; nil: the drawing's default (black).
    public var color: MushColor?
    /// A shadow under the text (its glyphs again in the shadow's colour, moved by its offset and
    /// blurred by its blur), for drawing; nil: none. It takes no room.
    public var shadow: BoxShadow?
    /// The last layout made, by width: the engine measures the leaf at a width and then places it,
    /// nearly always at the same width, and the second layout is the first again. (Shared by the
    /// copies of the leaf, which have the same paragraph.)
    private let last = LockedValue<(width: Double, layout: ParagraphLayout)?>(nil)

    /// A leaf of `document` set in `style`: the paragraph is shaped here, once. With `inline`,
    /// boxes set in the text at the U+FFFC characters their offsets name (in ascending order of
    /// offset), each placed as an `InlineObject` of its margin box.
    ///
    /// Throws what `Paragraph.init(_:style:objects:fonts:)` throws: a style value outside
    /// `MushLimits`, an object's offset that is not a U+FFFC, or ICU failing.
    public init(
        _ document: MushDocument, style: ParagraphStyle = ParagraphStyle(), color: MushColor? = nil,
        inline: [InlineBox] = [], fonts: FontCollection = .standard
    ) throws(TextError) {
        paragraph = try Paragraph(document, style: style, objects: inline.map(\.object), fonts: fonts)
        self.inline = inline
        self.color = color
    }

    /// A leaf of `string`, Mush markup when it ends with `|mush` (``document(of:bold:italic:)``).
    public init(
        _ string: String, style: ParagraphStyle = ParagraphStyle(), bold: Bool = false, italic: Bool = false,
        color: MushColor? = nil, fonts: FontCollection = .standard
    ) throws(TextError) {
        try self.init(Self.document(of: string, bold: bold, italic: italic), style: style, color: color, fonts: fonts)
    }

    /// `document` with `weight` (1 to 1,000, CSS's `font-weight`) on every run that sets none; as it
    /// is for nil.
    public static func weighted(_ document: MushDocument, _ weight: Double?) -> MushDocument {
        guard let weight else { return document }
        let runs = document.runs.map { run in
            var attributes = run.attributes
            attributes.fontWeight = attributes.fontWeight ?? weight
            return MushRun(range: run.range, attributes: attributes)
        }
        return (try? MushDocument(text: document.text, runs: runs)) ?? document
    }

    /// The document of a leaf's string, by the rule of MGLine's text items: a string that ends with
    /// `|mush` loses those five characters and the rest is parsed as Mush markup; any other is
    /// plain text, as it is (a leaf's string is not trimmed). `bold` and `italic` set the style of
    /// the whole text, under its markup.
    public static func document(of string: String, bold: Bool = false, italic: Bool = false) -> MushDocument {
        var document =
            string.hasSuffix("|mush")
            ? Mush.parse(String(string.dropLast(5))) : MushDocument(text: string, attributes: .plain)
        guard bold || italic else { return document }
        let runs = document.runs.map { run in
            var attributes = run.attributes
            attributes.bold = attributes.bold || bold
            attributes.italic = attributes.italic || italic
            return MushRun(range: run.range, attributes: attributes)
        }
        let diagnostics = document.diagnostics
        // The runs still cover the text in order: only their attributes changed.
        document = (try? MushDocument(text: document.text, runs: runs)) ?? document
        document.diagnostics = diagnostics
        return document
    }

    public func contentWidths() -> BoxContentWidths {
        BoxContentWidths(min: paragraph.minContentWidth(), max: paragraph.maxContentWidth())
    }

    public func measure(width: Double) -> BoxLeafSize {
        let layout = layout(width: width)
        return BoxLeafSize(height: layout.height, baseline: layout.lines.first?.baseline)
    }

    /// True: past its max-content width a paragraph wraps nowhere, so its height and first
    /// baseline stay (and the layout measured at the box's width is the one placed there).
    public var measuresAlikePastMaxContent: Bool { true }

    /// The paragraph laid out at `width` (its lines placed by the style's alignment in that width),
    /// with the leaf's colour: a ``PlacedText``.
    public func place(width: Double, height: Double) -> PlacedLeaf? {
        let layout = layout(width: width)
        return .text(PlacedText(layout: layout, color: color, shadow: shadow, inline: placedInline(layout)))
    }

    /// The inline boxes where `layout` puts them (none that truncation left out).
    private func placedInline(_ layout: ParagraphLayout) -> [PlacedInlineBox] {
        guard !inline.isEmpty else { return [] }
        return paragraph.objectFrames(in: layout).map { frame in
            let box = inline[frame.index]
            var placed = box.layout
            placed.x = frame.x + box.margin.left
            placed.y = frame.y + box.margin.top
            return PlacedInlineBox(
                index: frame.index, line: frame.line, piece: box.piece, footnote: box.footnote, layout: placed)
        }
    }

    /// The paragraph's layout at `width`, the last one again when the width is the same.
    private func layout(width: Double) -> ParagraphLayout {
        // (Only the layout is copied out, and only when it is the one asked for.)
        if let kept = last.withLock({ $0?.width == width ? $0?.layout : nil }) { return kept }
        let layout = paragraph.layout(width: width)
        last.withLock { $0 = (width, layout) }
        return layout
    }
}

/// A text leaf's result (``BoxLayout/leaf``): the paragraph's layout at the node's width, and the
/// colour of text whose markup sets none.
public struct PlacedText: Sendable {
    public var layout: ParagraphLayout
    /// nil: the drawing's default (black).
    public var color: MushColor?
    /// The text's shadow; nil: none.
    public var shadow: BoxShadow?
    /// The leaf's inline boxes on its lines, each at its place in the content box.
    public var inline: [PlacedInlineBox]

    public init(
        layout: ParagraphLayout, color: MushColor? = nil, shadow: BoxShadow? = nil, inline: [PlacedInlineBox] = []
    ) {
        self.layout = layout
        self.color = color
        self.shadow = shadow
        self.inline = inline
    }
}
