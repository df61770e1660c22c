import MushLine

/// Content at the end of a box tree that answers the engine's questions about its size.
///
/// The engine asks a leaf for its two content widths at most once per layout, and for its height at a
/// width at most once per distinct width (it keeps the answers, and treats every width of at least
/// the max-content width as that width, where a line of text no longer wraps; a leaf that says
/// ``measuresAlikePastMaxContent`` is measured at the width itself, and its content widths are
/// asked only where the engine needs them). A leaf should do its
/// expensive work (shaping text, say) when it is made, so that each answer is cheap. The sizes are
/// the content's own: the node's padding and border come on top.
public protocol BoxLeaf: Sendable {
    /// The narrowest width the content can take without overflowing (the widest unbreakable piece,
    /// or for text that may be truncated, what is left when it is), and the width it takes when
    /// nothing limits it.
    func contentWidths() -> BoxContentWidths

    /// The content's height, and its first baseline (from its top) if it has one, at `width`.
    func measure(width: Double) -> BoxLeafSize

    /// The content's width ÷ height when it keeps a ratio (an image), used where the node's style
    /// gives none.
    var aspectRatio: Double? { get }

    /// What the content looks like at its final size, for the result (``BoxLayout/leaf``): the lines
    /// of a paragraph, the layout of a row. `nil` when there is nothing more to say.
    func place(width: Double, height: Double) -> PlacedLeaf?

    /// True when ``measure(width:)`` answers the same at every width of at least the max-content
    /// width (text and rows: nothing wraps or shortens there). The engine then measures such a
    /// leaf at the width it has, without asking its content widths first (a row's max-content
    /// width is a layout of its own), and the leaf can place the layout it measured. False by
    /// default: the engine measures at the max-content width (an image's height grows with any
    /// width).
    var measuresAlikePastMaxContent: Bool { get }
}

extension BoxLeaf {
    public var aspectRatio: Double? { nil }
    public var measuresAlikePastMaxContent: Bool { false }
    public func place(width: Double, height: Double) -> PlacedLeaf? { nil }
}

/// What a leaf looks like at its final size, in its node's result (``BoxLayout/leaf``): what the
/// renderer draws and the JSON writes in the content box. (Every case is kept out of line: the
/// value is one reference, so that every node's result stays small to build and to copy.)
public indirect enum PlacedLeaf: Sendable {
    /// A paragraph's lines and colour (``TextLeaf``'s).
    case text(PlacedText)
    /// A row laid out (``LineLeaf``'s).
    case row(MGLineLayout)
    /// An image, drawn to fill the content box (``ImageLeaf``'s).
    case image(ImageLeaf)
    /// A leaf of your own: whatever it places, which the renderer and the JSON pass over.
    case other(any Sendable)

    /// The paragraph, when the leaf is text.
    public var text: PlacedText? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The row's layout, when the leaf is a row.
    public var row: MGLineLayout? {
        if case .row(let row) = self { return row }
        return nil
    }

    /// The image, when the leaf is one.
    public var image: ImageLeaf? {
        if case .image(let image) = self { return image }
        return nil
    }
}

/// A leaf's min-content and max-content widths.
public struct BoxContentWidths: Hashable, Sendable {
    public var min: Double
    public var max: Double

    public init(min: Double, max: Double) {
        self.min = min
        self.max = Swift.max(min, max)
    }
}

/// A leaf's height at a width, and its first baseline.
public struct BoxLeafSize: Hashable, Sendable {
    public var height: Double
    /// The first baseline, from the top of the content; `nil` for content without text.
    public var baseline: Double?

    public init(height: Double, baseline: Double? = nil) {
        self.height = height
        self.baseline = baseline
    }
}
