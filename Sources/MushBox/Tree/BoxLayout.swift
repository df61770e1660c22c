/// Where the engine put a node, and what it holds: one per input node, in input order.
public struct BoxLayout: Sendable {
    /// The node's ``BoxNode/id``.
    public var id: String?
    /// The position of the node's border box, relative to its parent's border box.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// The size of what the node holds, measured from its border box's top left: its padding box,
    /// grown to include its children's border boxes and the content of those that do not clip. More
    /// than ``width`` or ``height`` when something overflows (how far a scroll view scrolls).
    public var contentWidth: Double
    public var contentHeight: Double
    /// The node's first baseline, from its top, when it has one.
    public var baseline: Double?
    /// The widths of the node's border and padding on each edge, in points, as resolved: the content
    /// box (where a leaf's content is placed) is the border box inset by both. Zero by default.
    public var border: BoxEdges<Double>
    public var padding: BoxEdges<Double>
    public var children: [BoxLayout]
    /// What a leaf looks like at this size (``BoxLeaf/place(width:height:)``).
    public var leaf: (any Sendable)?
    /// The node's ``BoxNode/paint``, as given.
    public var paint: BoxPaint?
    /// Whether what the node holds is clipped to its padding box when drawn (its style's `overflow`
    /// is `hidden`, `clip` or `scroll`).
    public var clipsContent: Bool

    public init(
        id: String? = nil, x: Double, y: Double, width: Double, height: Double, contentWidth: Double? = nil,
        contentHeight: Double? = nil, baseline: Double? = nil, border: BoxEdges<Double> = BoxEdges(0),
        padding: BoxEdges<Double> = BoxEdges(0), children: [BoxLayout] = [], leaf: (any Sendable)? = nil,
        paint: BoxPaint? = nil, clipsContent: Bool = false
    ) {
        self.id = id
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.contentWidth = contentWidth ?? width
        self.contentHeight = contentHeight ?? height
        self.baseline = baseline
        self.border = border
        self.padding = padding
        self.children = children
        self.leaf = leaf
        self.paint = paint
        self.clipsContent = clipsContent
    }
}
