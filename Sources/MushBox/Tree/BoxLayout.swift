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
    public var leaf: PlacedLeaf?
    /// The node's ``BoxNode/paint``, as given.
    public var paint: BoxPaint? {
        get { sharedPaint?.paint }
        set { sharedPaint = newValue.map(SharedPaint.init) }
    }
    /// ``paint`` behind one reference (the node's own: a result is built without copying it).
    package var sharedPaint: SharedPaint?
    /// Whether what the node holds is clipped to its padding box when drawn (its style's `overflow`
    /// is `hidden`, `clip` or `scroll`).
    public var clipsContent: Bool
    /// Where pages may end around and inside the node, and whether it repeats on every page (its
    /// style's `breakBefore`, `breakAfter`, `breakInside` and `repeat`), for ``BoxPages``; the
    /// defaults for a box with `display: none`.
    public var breaks = BoxBreaks()
    /// What the result becomes in its parent's (from its node's ``BoxNode/resultRole``).
    package var role: BoxNode.ResultRole = .node
    /// The node's ``BoxNode/origin``, as given: how the input names it, and its vocabulary's
    /// passes (a JSON answer finds its node by it).
    public var origin: BoxOrigin?

    public init(
        id: String? = nil, x: Double, y: Double, width: Double, height: Double, contentWidth: Double? = nil,
        contentHeight: Double? = nil, baseline: Double? = nil, border: BoxEdges<Double> = BoxEdges(0),
        padding: BoxEdges<Double> = BoxEdges(0), children: [BoxLayout] = [], leaf: PlacedLeaf? = nil,
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
        self.clipsContent = clipsContent
        self.paint = paint
    }
}

extension BoxLayout {
    /// The result with its nodes' roles applied, all the way down: the children of lifted wrappers
    /// take their places (moved by the wrappers' positions), and rules go into their parents'
    /// paints.
    package func applyingRoles() -> BoxLayout {
        guard !children.isEmpty else { return self }
        var layout = self
        layout.children = []
        layout.children.reserveCapacity(children.count)
        for child in children {
            let done = child.applyingRoles()
            switch child.role {
            case .node:
                layout.children.append(done)
            case .lifted:
                for var grandchild in done.children {
                    grandchild.x += done.x
                    grandchild.y += done.y
                    layout.children.append(grandchild)
                }
            case .rule:
                guard let color = child.paint?.backgroundColor else { continue }
                var paint = layout.paint ?? BoxPaint()
                paint.rules.append(BoxRule(x: done.x, y: done.y, width: done.width, height: done.height, color: color))
                layout.paint = paint
            }
        }
        return layout
    }
}

/// A result's page-break styles (``BoxStyle/breakBefore``, ``BoxStyle/breakAfter``,
/// ``BoxStyle/breakInside``, ``BoxStyle/repeats``).
public struct BoxBreaks: Sendable, Hashable {
    public var before: BoxStyle.Break = .auto
    public var after: BoxStyle.Break = .auto
    public var inside: BoxStyle.BreakInside = .auto
    public var repeats: BoxStyle.Repeat = .none

    public init(
        before: BoxStyle.Break = .auto, after: BoxStyle.Break = .auto, inside: BoxStyle.BreakInside = .auto,
        repeats: BoxStyle.Repeat = .none
    ) {
        self.before = before
        self.after = after
        self.inside = inside
        self.repeats = repeats
    }

    /// Whether a page should not end just before the box: `breakBefore: avoid`, or a repeated
    /// footer (kept with what it follows).
    var avoidsBefore: Bool { before == .avoid || (before == .auto && repeats == .footer) }
    /// Whether a page should not end just after the box: `breakAfter: avoid`, or a repeated header
    /// (kept with what follows it).
    var avoidsAfter: Bool { after == .avoid || (after == .auto && repeats == .header) }
    /// Whether a page should not end inside the box: `breakInside: avoid`, or a repeated box.
    var avoidsInside: Bool { inside == .avoid || repeats != .none }
}
