import MushBase

extension BoxLayout {
    /// A box under a point: what ``BoxLayout/hits(x:y:)`` finds.
    public struct Hit: Hashable, Sendable {
        /// The child indices from the root down to the box (empty for the root itself): the
        /// result's own path, which ``BoxLayout/inputPath(of:)`` turns into the input's name for
        /// it (`boxes[1].items[0].view`).
        public var path: [Int]
        /// The box's ``BoxLayout/id``.
        public var id: String?
        /// The box's border box in the root's coordinates (the root at 0, 0, as it is drawn), moved
        /// by every enclosing box's content offset.
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        /// Where the point links to: the link of the text under it (a run's `MushAttributes.link`;
        /// in a line leaf's row, a run's or an inline image's, `MGLineLayout.link(atX:y:)`), or the
        /// box's own (``BoxPaint/link``).
        public var link: String?
        /// For an inline box of a text leaf (the box at ``path``): its index in the leaf's
        /// ``TextLeaf/inline`` (its frame is this hit's).
        public var inline: Int?
        /// The ``InlineBox/piece`` of that inline box, when it has one.
        public var piece: Int?
    }

    /// The boxes under the point (`x`, `y`) of the root's coordinates (the root's top-left corner
    /// at 0, 0, whatever its own `x` and `y`, as the renderer draws it), topmost first: the headless
    /// stand-in for a tap (MGBoxKit's `onTap`).
    ///
    /// A box is under the point when its border box holds it (the left and top edges in, the right
    /// and bottom out), its corners rounded by its paint's `cornerRadius`; a box without area never
    /// is. The order is the drawing order reversed: a child above its parent, a sibling of higher
    /// `zIndex` (or of the same `zIndex`, later in the input) above the others. A box that clips
    /// hides its descendants outside its padding box (rounded too, by the radius less its border),
    /// and children move by their parent's content offset, as they are drawn.
    ///
    /// ```swift
    /// let layout = try BoxEngine.layout(card, width: .points(320))
    /// let tapped = layout.hits(x: 40, y: 12).first   // the topmost box there
    /// ```
    public func hits(x: Double, y: Double) -> [Hit] {
        func collect() -> [Hit] {
            var found: [Hit] = []
            var path: [Int] = []
            collectHits(atX: x, y: y, originX: 0, originY: 0, path: &path, into: &found)
            return found.reversed()
        }
        // One call a level: a deep tree is searched on a thread with a large stack.
        return isDeeper(than: 32) ? LargeStack.run(collect) : collect()
    }

    /// Adds the boxes under the point, this one first and then its children's in drawing order
    /// (bottom to top), this box's border box at (`originX`, `originY`).
    private func collectHits(
        atX pointX: Double, y pointY: Double, originX: Double, originY: Double, path: inout [Int],
        into found: inout [Hit]
    ) {
        let box = (x: originX, y: originY, width: width, height: height)
        if Self.holds(
            box, radius: Self.cornerRadius(paint?.cornerRadius ?? 0, width: width, height: height), pointX, pointY)
        {
            var hit = Hit(path: path, id: id, x: originX, y: originY, width: width, height: height, link: paint?.link)
            // A leaf's content is placed from the content box's top-left.
            let left = originX + border.left + padding.left
            let top = originY + border.top + padding.top
            // Inline boxes lie above their text.
            var inlineHits: [Hit] = []
            switch leaf {
            case .text(let text)?:
                for link in text.layout.links
                where link.rects.contains(where: {
                    pointX >= left + $0.x && pointX < left + $0.x + $0.width && pointY >= top + $0.y
                        && pointY < top + $0.y + $0.height
                }) {
                    hit.link = link.url
                }
                for placed in text.inline {
                    let inner = placed.layout
                    let frame = (x: left + inner.x, y: top + inner.y, width: inner.width, height: inner.height)
                    let radius = Self.cornerRadius(
                        inner.paint?.cornerRadius ?? 0, width: inner.width, height: inner.height)
                    guard Self.holds(frame, radius: radius, pointX, pointY) else { continue }
                    inlineHits.append(
                        Hit(
                            path: path, id: inner.id, x: frame.x, y: frame.y, width: frame.width, height: frame.height,
                            link: inner.paint?.link, inline: placed.index, piece: placed.piece))
                }
            case .row(let row)?:
                hit.link = row.link(atX: pointX - left, y: pointY - top) ?? hit.link
            default:
                break
            }
            found.append(hit)
            found += inlineHits
        }
        guard !children.isEmpty else { return }
        if clipsContent {
            let shape = clippingShape
            let inner = (x: originX + shape.x, y: originY + shape.y, width: shape.width, height: shape.height)
            guard Self.holds(inner, radius: shape.radius, pointX, pointY) else { return }
        }
        let offset = paint?.contentOffset ?? .zero
        for index in paintOrder {
            let child = children[index]
            path.append(index)
            child.collectHits(
                atX: pointX, y: pointY, originX: originX + child.x - offset.x, originY: originY + child.y - offset.y,
                path: &path, into: &found)
            path.removeLast()
        }
    }

    /// Whether the rectangle, its corners rounded by `radius` (a radius as drawn, or less), holds
    /// the point: the left and top edges in, the right and bottom out.
    private static func holds(
        _ rect: (x: Double, y: Double, width: Double, height: Double), radius: Double, _ x: Double, _ y: Double
    ) -> Bool {
        guard rect.width > 0, rect.height > 0, x >= rect.x, y >= rect.y, x < rect.x + rect.width,
            y < rect.y + rect.height
        else { return false }
        let r = min(radius, rect.width / 2, rect.height / 2)
        guard r > 0 else { return true }
        // The centre of the corner's circle nearest the point, when the point is in a corner square.
        let cx = x < rect.x + r ? rect.x + r : x > rect.x + rect.width - r ? rect.x + rect.width - r : x
        let cy = y < rect.y + r ? rect.y + r : y > rect.y + rect.height - r ? rect.y + rect.height - r : y
        let (dx, dy) = (x - cx, y - cy)
        return dx * dx + dy * dy <= r * r
    }
}

/// How a laid-out box is drawn, shared by the renderer and hit testing so that a tap finds what the
/// picture shows.
extension BoxLayout {
    /// The children's indices in paint order: by `zIndex` (nil paint: 0), lowest first; children of
    /// the same `zIndex` keep their input order.
    package var paintOrder: [Int] {
        let zIndices = children.map { $0.paint?.zIndex ?? 0 }
        guard zIndices.contains(where: { $0 != 0 }) else { return Array(children.indices) }
        // Sorted on the index too: the order of ties does not rest on the sort being stable.
        return children.indices.sorted { (zIndices[$0], $0) < (zIndices[$1], $1) }
    }

    /// A corner radius as drawn: not negative, at most half the box's shorter side.
    package static func cornerRadius(_ radius: Double, width: Double, height: Double) -> Double {
        max(0, min(radius, width / 2, height / 2))
    }

    /// What a clipping box clips its content to, from its border box's top left: its padding box,
    /// rounded by its corner radius as drawn less its widest border.
    package var clippingShape: (x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let radius =
            Self.cornerRadius(paint?.cornerRadius ?? 0, width: width, height: height)
            - max(border.top, border.right, border.bottom, border.left)
        return (
            border.left, border.top, max(width - border.left - border.right, 0),
            max(height - border.top - border.bottom, 0), radius
        )
    }

    /// Whether the tree nests more than `levels` levels below this node (deep trees are searched and
    /// drawn on a thread with a large stack).
    package func isDeeper(than levels: Int) -> Bool {
        levels < 0 || children.contains { $0.isDeeper(than: levels - 1) }
    }
}
