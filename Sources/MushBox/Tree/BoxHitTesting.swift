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
        let radius = paint?.cornerRadius ?? 0
        let box = (x: originX, y: originY, width: width, height: height)
        if Self.holds(box, radius: radius, pointX, pointY) {
            found.append(Hit(path: path, id: id, x: originX, y: originY, width: width, height: height))
        }
        guard !children.isEmpty else { return }
        if clipsContent {
            let inner = (
                x: originX + border.left, y: originY + border.top,
                width: max(0, width - border.left - border.right), height: max(0, height - border.top - border.bottom)
            )
            let innerRadius = max(0, radius - max(border.top, border.right, border.bottom, border.left))
            guard Self.holds(inner, radius: innerRadius, pointX, pointY) else { return }
        }
        let offset = paint?.contentOffset ?? .zero
        // Drawing order: by zIndex, ties in input order.
        let order = children.indices.sorted {
            let (left, right) = (children[$0].paint?.zIndex ?? 0, children[$1].paint?.zIndex ?? 0)
            return left != right ? left < right : $0 < $1
        }
        for index in order {
            let child = children[index]
            path.append(index)
            child.collectHits(
                atX: pointX, y: pointY, originX: originX + child.x - offset.x, originY: originY + child.y - offset.y,
                path: &path, into: &found)
            path.removeLast()
        }
    }

    /// Whether the rectangle, its corners rounded by `radius` (at most half its shorter side),
    /// holds the point: the left and top edges in, the right and bottom out.
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

extension BoxLayout {
    /// Whether the tree nests more than `levels` levels below this node (deep trees are searched and
    /// drawn on a thread with a large stack).
    package func isDeeper(than levels: Int) -> Bool {
        levels < 0 || children.contains { $0.isDeeper(than: levels - 1) }
    }
}
