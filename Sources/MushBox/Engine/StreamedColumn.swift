import MushLine

/// A column of a definite width whose children are leaves (or empty boxes), each laid out as it is
/// added and never again: the engine's answer for such a tree, worked out a row at a time, for a
/// vocabulary that can make its rows one by one (an MGBoxKit table section) and so never holds a
/// tree of nodes, a flattened tree or an engine cache for them.
///
/// What it lays out is what the engine lays out for this node (a test holds the two to the same
/// results, field by field, on every table the tests lay out and on generated ones): a root of
/// `flexDirection: column`, `alignItems: flexStart`, an `auto` height (at least `minHeight`), a
/// definite `width`, `padding` and no border; each child `flexShrink: 0`, with margins and padding
/// in points, a width in points (or none: `alignSelf: stretch`) and a `minHeight`, and a leaf
/// without an aspect ratio or nothing. Nothing after a row changes the row: a column of an `auto`
/// height neither grows nor shrinks its items, and every item starts where the one before ends.
/// The arithmetic is the engine's, step for step, so the results are the same to the last bit.
package struct StreamedColumn {
    /// One child's style: what a streamed child may set.
    package struct Item {
        package var id: String?
        package var margin: BoxEdges<Double>
        package var padding: BoxEdges<Double>
        /// Its border box's width; nil: stretched across the column (less its margins).
        package var width: Double?
        package var minHeight: Double?
        package var sharedPaint: SharedPaint?
        package var clipsContent: Bool
        package var repeats: BoxStyle.Repeat
        package var origin: BoxOrigin?

        package init(
            id: String? = nil, margin: BoxEdges<Double> = BoxEdges(0), padding: BoxEdges<Double> = BoxEdges(0),
            width: Double? = nil, minHeight: Double? = nil, sharedPaint: SharedPaint? = nil,
            clipsContent: Bool = false, repeats: BoxStyle.Repeat = .none, origin: BoxOrigin? = nil
        ) {
            self.id = id
            self.margin = margin
            self.padding = padding
            self.width = width
            self.minHeight = minHeight
            self.sharedPaint = sharedPaint
            self.clipsContent = clipsContent
            self.repeats = repeats
            self.origin = origin
        }
    }

    /// A child laid out: its frame before rounding, and what it placed.
    private struct Placed {
        var item: Item
        var x, y, width, height: Double
        var contentWidth, contentHeight: Double
        var baseline: Double?
        var hasLeaf: Bool
        var leaf: PlacedLeaf?
    }

    private let width: Double
    private let padding: BoxEdges<Double>
    /// The room across for the children: the inner width.
    private let lineCross: Double
    /// Where the next child's margin box starts, down the column.
    private var offset: Double
    /// The sum of the children's outer heights (as the engine adds them up for the column's height).
    private var total = 0.0
    /// How far the children reach (their border boxes, and the content of those that do not clip).
    private var reach = (width: 0.0, height: 0.0)
    private var placed: [Placed] = []

    /// A column whose border box is `width` wide (at least its padding; a percentage of the
    /// available `space`), inside `padding`; nil when that width is not definite.
    package init?(width: BoxLength, in space: AvailableSpace, padding: BoxEdges<Double>, capacity: Int = 0) {
        guard let width = width.resolve(space.definite) else { return nil }
        self.width = max(width, padding.left + padding.right)
        self.padding = padding
        lineCross = max(self.width - (padding.left + padding.right), 0)
        offset = padding.top
        placed.reserveCapacity(capacity)
    }

    /// What a streamed child holds.
    package enum Content {
        /// Nothing: an empty box.
        case empty
        /// A leaf without an aspect ratio.
        case leaf(any BoxLeaf)
        /// A row, as a ``LineLeaf`` of it would be laid out: asked once, it is laid out once (and
        /// again only at a height it does not fit), with no leaf made and no lock taken.
        case row(MGLine.Prepared)

        /// Measured at `width`, then placed at that width and the height `height` gives for the
        /// size measured (called once, with nil for an empty box).
        fileprivate func measuredAndPlaced(width: Double, height: (BoxLeafSize?) -> Double) -> (
            size: BoxLeafSize?, placed: PlacedLeaf?
        ) {
            switch self {
            case .empty:
                _ = height(nil)
                return (nil, nil)
            case .leaf(let leaf):
                var at = width
                if !leaf.measuresAlikePastMaxContent {
                    let widths = leaf.contentWidths()
                    if at >= widths.max { at = widths.max }
                }
                let size = leaf.measure(width: at)
                return (size, leaf.place(width: width, height: height(size)))
            case .row(let row):
                let (size, placed) = LineLeaf.measured(row, width: width)
                let final = height(size)
                guard final != size.height, LineLeaf.placesAtItsHeight(row) else { return (size, placed) }
                return (size, LineLeaf.placed(row, width: width, height: final))
            }
        }
    }

    /// Lays `item` out under the children before it, holding `content`: its width, its content
    /// measured at its content width, its height, and what the content places there.
    package mutating func append(_ item: Item, content: Content) {
        let insetWidth = item.padding.left + item.padding.right
        let insetHeight = item.padding.top + item.padding.bottom
        let width: Double
        if let own = item.width {
            width = max(own, insetWidth)
        } else {
            width = max(lineCross - (item.margin.left + item.margin.right), insetWidth)
        }
        let contentWidth = max(width - insetWidth, 0)
        var height = 0.0
        let (measured, placedLeaf) = content.measuredAndPlaced(width: contentWidth) { size in
            // The flex basis (the content's height and the padding), then the hypothetical height
            // within the minimum height: flexShrink 0 and no room to grow keep it.
            let basis = max((size?.height ?? 0) + insetHeight, insetHeight)
            height = basis.clamp(max(item.minHeight ?? 0, insetHeight), nil)
            return max(height - insetHeight, 0)
        }
        let hasLeaf: Bool
        if case .empty = content { hasLeaf = false } else { hasLeaf = true }
        let outerMargins = item.margin.top + item.margin.bottom
        let x = padding.left + item.margin.left
        let y = offset + item.margin.top
        offset += outerMargins + height
        total += height + outerMargins
        let extent =
            !hasLeaf
            ? (width: insetWidth, height: insetHeight)
            : (width: contentWidth + insetWidth, height: max(height - insetHeight, 0) + insetHeight)
        let reachWidth = item.clipsContent ? width : max(width, extent.width)
        let reachHeight = item.clipsContent ? height : max(height, extent.height)
        if reachWidth > 0 || reachHeight > 0 {
            reach.width = max(reach.width, x + reachWidth)
            reach.height = max(reach.height, y + reachHeight)
        }
        placed.append(
            Placed(
                item: item, x: x, y: y, width: width, height: height, contentWidth: extent.width,
                contentHeight: extent.height, baseline: measured?.baseline.map { $0 + item.padding.top },
                hasLeaf: hasLeaf, leaf: placedLeaf))
    }

    /// The column's result and its children's, rounded as `rounding` says; the column at least
    /// `minHeight` tall.
    package consuming func finish(
        id: String?, minHeight: Double?, sharedPaint: SharedPaint?, clipsContent: Bool, origin: BoxOrigin?,
        rounding: BoxRounding
    ) -> BoxLayout {
        let insetHeight = padding.top + padding.bottom
        let height = max((total + insetHeight).clamp(minHeight, nil), insetHeight)
        let baseline = placed.first.map { $0.y + ($0.baseline ?? $0.height) }
        let root = RoundedFrame(
            x: 0, y: 0, width: width, height: height,
            contentWidth: max(width, reach.width + padding.right),
            contentHeight: max(height, reach.height + padding.bottom),
            baseline: baseline, hasLeaf: false, parent: (0, 0, 0, 0), rounding: rounding)
        var layout = BoxLayout(
            id: id, x: root.x, y: root.y, width: root.width, height: root.height, contentWidth: root.contentWidth,
            contentHeight: root.contentHeight, baseline: root.baseline, padding: padding)
        layout.sharedPaint = sharedPaint
        layout.clipsContent = clipsContent
        layout.origin = origin
        let parent = (root.absoluteX, root.absoluteY, root.roundedX, root.roundedY)
        layout.children.reserveCapacity(placed.count)
        for child in placed {
            let frame = RoundedFrame(
                x: child.x, y: child.y, width: child.width, height: child.height, contentWidth: child.contentWidth,
                contentHeight: child.contentHeight, baseline: child.baseline, hasLeaf: child.hasLeaf, parent: parent,
                rounding: rounding)
            var result = BoxLayout(
                id: child.item.id, x: frame.x, y: frame.y, width: frame.width, height: frame.height,
                contentWidth: frame.contentWidth, contentHeight: frame.contentHeight, baseline: frame.baseline,
                padding: child.item.padding, leaf: child.leaf)
            result.sharedPaint = child.item.sharedPaint
            result.clipsContent = child.item.clipsContent
            result.breaks = BoxBreaks(repeats: child.item.repeats)
            result.origin = child.item.origin
            layout.children.append(result)
        }
        return layout
    }
}
