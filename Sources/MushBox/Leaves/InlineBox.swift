import MushBase
import MushText

/// A box set inside a line of a text leaf's paragraph: an icon, a badge, a chip, an image. It
/// stands in the text as one U+FFFC at ``offset`` and is placed there as an `InlineObject` of its
/// margin box (``object``).
///
/// ```swift
/// let badge = try InlineBox(offset: 4, node: badgeNode, margin: BoxEdges(left: 2, right: 2), verticalAlign: .middle)
/// let leaf = try TextLeaf(MushDocument(text: "New \u{FFFC} messages", attributes: .plain), inline: [badge])
/// ```
public struct InlineBox: Sendable {
    /// The Unicode-scalar offset of its U+FFFC in the leaf's text.
    public var offset: Int
    /// The box laid out on its own (its `x` and `y` are not used): at its max-content width
    /// unless it sets a width.
    public var layout: BoxLayout
    /// Room around its border box, in points, which its line keeps free.
    public var margin: BoxEdges<Double>
    public var verticalAlign: InlineObject.Alignment
    /// Where the box came from, when it was read from input: the index of its piece in a JSON
    /// text array (a layout's answer names it by this).
    public var piece: Int?
    /// Where the box is a footnote's call (the number in the text that refers to a note at the
    /// bottom of the page): the note's index among the document's notes, from 0. ``BoxPages`` keeps
    /// the note on the page of the line the call is on (``BoxLayout/footnoteCalls()``).
    public var footnote: Int?

    public init(
        offset: Int, layout: BoxLayout, margin: BoxEdges<Double> = BoxEdges(0),
        verticalAlign: InlineObject.Alignment = .baseline
    ) {
        self.offset = offset
        self.layout = layout
        self.margin = margin
        self.verticalAlign = verticalAlign
    }

    /// `node` laid out at its max-content size, for a ``TextPiece`` (which sets its offset).
    public init(
        node: BoxNode, margin: BoxEdges<Double> = BoxEdges(0), verticalAlign: InlineObject.Alignment = .baseline
    )
        throws(BoxError)
    {
        try self.init(offset: 0, node: node, margin: margin, verticalAlign: verticalAlign)
    }

    /// `node` laid out at its max-content size (``BoxEngine/layout(_:width:height:rounding:)``:
    /// what it sets, and its content, decide its size), to stand at `offset`.
    public init(
        offset: Int, node: BoxNode, margin: BoxEdges<Double> = BoxEdges(0),
        verticalAlign: InlineObject.Alignment = .baseline
    ) throws(BoxError) {
        self.init(offset: offset, layout: try BoxEngine.layout(node), margin: margin, verticalAlign: verticalAlign)
    }

    /// Its margin box as the paragraph places it: its baseline is the box's first baseline (its
    /// first line of text), or none (its bottom margin edge stands for it, as an image's).
    public var object: InlineObject {
        InlineObject(
            offset: offset, width: layout.width + margin.left + margin.right,
            height: layout.height + margin.top + margin.bottom, baseline: layout.baseline.map { $0 + margin.top },
            verticalAlign: verticalAlign)
    }
}

/// An inline box where its text leaf put it (``PlacedText/inline``).
public struct PlacedInlineBox: Sendable {
    /// Its index in the leaf's ``TextLeaf/inline``.
    public var index: Int
    /// The line it is on.
    public var line: Int
    /// Its ``InlineBox/piece``.
    public var piece: Int?
    /// Its ``InlineBox/footnote``.
    public var footnote: Int?
    /// The box: its `x` and `y` are its border box's place in the text's content box.
    public var layout: BoxLayout
}
