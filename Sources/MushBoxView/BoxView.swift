import MushBox

/// A container after BoxView's `BoxView`: its ``items`` in a chain along one ``axis``, each with
/// its own pins, with ``spacing`` between neighbours and ``insets`` around them all.
///
/// A BoxView is a set of box-engine styles (the article <doc:BoxViewRules> gives each, and what
/// differs from BoxView and Auto Layout); nothing here lays out by itself. It is a value: build
/// it, then call ``layout(width:height:rounding:)``, or nest it as another BoxView's view with
/// ``node()``.
///
/// ```swift
/// var form = BoxView(spacing: 20, insets: BoxEdges(16))
/// form.width = 343
/// form.items = [
///     title.boxed.centerX(padding: 30).bottom(20),
///     forgot.boxed.left(>=0),
///     login.boxed.top(30).left(50).right(50),
/// ]
/// let layout = try form.layout()      // login at x 66, 211 wide
/// ```
public struct BoxView: Sendable {
    /// A name echoed in the BoxView's result (`BoxLayout.id`).
    public var id: String?
    /// The direction of the chain: ``Axis/y`` (top to bottom, the default) or ``Axis/x``.
    public var axis: Axis
    /// The distance added between each two neighbours, besides their own pins: the gap between
    /// two items is the first's end pin + spacing + the second's start pin. 0 or more.
    public var spacing: Double
    /// The distances from the BoxView's edges to the chain (`left` is the leading side: the right
    /// in a right-to-left BoxView). 0 or more each.
    public var insets: BoxEdges<Double>
    /// The items, in chain order; each becomes one child of the result.
    public var items: [BoxItem]
    /// The BoxView's width in points; nil: from its items (the widest item with its pins and the
    /// insets across a `.y` chain; the sum of the chain along a `.x` one).
    public var width: Double?
    /// The BoxView's height in points; nil: from its items.
    public var height: Double?
    /// `ltr` (the default), or `rtl`: `left` pins and insets on the right, a `.x` chain from right
    /// to left, and horizontal centre offsets mirrored (BoxView's `semanticContentAttribute`
    /// `.forceRightToLeft`; `ltr` is `.forceLeftToRight`). A nested BoxView has its own and does
    /// not inherit it.
    public var direction: BoxStyle.Direction
    /// How the BoxView looks when drawn; nil: nothing of its own.
    public var paint: BoxPaint?

    /// A BoxView along `axis` with `spacing` and `insets`, holding `items`.
    public init(
        axis: Axis = .y, spacing: Double = 0, insets: BoxEdges<Double> = BoxEdges(0), items: [BoxItem] = [],
        id: String? = nil
    ) {
        self.axis = axis
        self.spacing = spacing
        self.insets = insets
        self.items = items
        self.id = id
        self.direction = .ltr
    }

    /// The axis of a BoxView's chain (BoxView's `BoxLayout.Axis`).
    public enum Axis: String, Hashable, Sendable, CaseIterable {
        /// Left to right (right to left in a right-to-left BoxView): a row.
        case x
        /// Top to bottom: a column.
        case y
    }

    /// The BoxView as a node of the box engine (one child per item, in order), to lay out or to
    /// place as another BoxView's item view. Throws `BoxError` naming the first bad value by
    /// its path from this BoxView (`items[2].left: …`).
    public func node() throws(BoxError) -> BoxNode {
        try node(validatingViews: true)
    }

    /// As ``node()``; `validatingViews` false skips validating the items' views, for a reader that
    /// has validated them as it read them.
    package func node(validatingViews: Bool) throws(BoxError) -> BoxNode {
        try BoxViewLowering(self, validatesViews: validatingViews).node()
    }
}
