/// A box's clip as drawn: a rectangle with one corner radius (already at most half its shorter
/// side), in the picture's points.
///
/// Cairo keeps every clip of a nested stack and meets all of them again at each drawing operation:
/// n nested clipping boxes cost n² on a bitmap and write each box's whole chain of clip paths into
/// an SVG or PDF again (400 levels made a 101 MB SVG). A box's clip that lies wholly inside an
/// enclosing box's clip makes that one redundant for everything drawn inside it, so the drawing
/// replaces the stack with the clips that still cut something (usually only the innermost).
struct ClipShape: Equatable {
    var x, y, width, height, radius: Double

    init(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.radius = max(0, min(radius, width / 2, height / 2))
    }

    /// Whether `other` lies wholly inside this shape (to a millionth of a point). Conservative: a
    /// `false` only keeps a clip that could have been dropped.
    func contains(_ other: ClipShape) -> Bool {
        let slack = 1e-6
        guard other.x >= x - slack, other.y >= y - slack, other.x + other.width <= x + width + slack,
            other.y + other.height <= y + height + slack
        else { return false }
        guard radius > 0 else { return true }
        // Each corner: `other`'s edge in this corner's square, as distances inwards from the corner.
        let left = other.x - x
        let top = other.y - y
        let right = x + width - (other.x + other.width)
        let bottom = y + height - (other.y + other.height)
        return [(left, top), (right, top), (right, bottom), (left, bottom)].allSatisfy { inset in
            cornerHolds(dx: inset.0, dy: inset.1, radius: other.radius)
        }
    }

    /// Whether a shape whose corner is `dx` and `dy` in from this shape's corner, with corner
    /// radius `radius`, stays inside this shape's rounded corner (a disc of ``radius`` centred
    /// `radius` in on both axes). Its boundary near the corner is two straight edges and a quarter
    /// circle; the farthest of their points from the disc's centre is an end of the arc, or the
    /// arc's point straight away from that centre.
    private func cornerHolds(dx: Double, dy: Double, radius inner: Double) -> Bool {
        let big = radius
        // Wholly past the corner's square along one axis: the straight part of this shape holds it.
        if dx >= big || dy >= big { return true }
        let limit = big + 1e-6
        func distance(_ u: Double, _ v: Double) -> Double {
            ((u - big) * (u - big) + (v - big) * (v - big)).squareRoot()
        }
        var farthest = max(distance(dx, dy + inner), distance(dx + inner, dy))
        let centre = (u: dx + inner, v: dy + inner)
        if centre.u <= big, centre.v <= big { farthest = max(farthest, distance(centre.u, centre.v) + inner) }
        return farthest <= limit
    }
}
