/// Internal geometry of the engine: optional sizes, available space per axis, and the axis helpers
/// that let one algorithm serve rows and columns.

/// A width and a height of any kind (optional points, available space).
struct Pair<Value> {
    var width: Value
    var height: Value

    @inline(__always) init(_ width: Value, _ height: Value) {
        self.width = width
        self.height = height
    }

    /// The main-axis value: the width in a row, the height in a column.
    @inline(__always) func main(_ isRow: Bool) -> Value { isRow ? width : height }
    @inline(__always) func cross(_ isRow: Bool) -> Value { isRow ? height : width }

    @inline(__always) mutating func setMain(_ isRow: Bool, _ value: Value) {
        if isRow { width = value } else { height = value }
    }

    @inline(__always) mutating func setCross(_ isRow: Bool, _ value: Value) {
        if isRow { height = value } else { width = value }
    }

    @inline(__always) static func fromMainCross(_ isRow: Bool, main: Value, cross: Value) -> Pair {
        isRow ? Pair(main, cross) : Pair(cross, main)
    }
}

extension Pair: Equatable where Value: Equatable {}
extension Pair: Sendable where Value: Sendable {}

typealias Known = Pair<Double?>
typealias Space = Pair<AvailableSpace>

extension Pair where Value == Double? {
    static var none: Known { Known(nil, nil) }

    /// Each value, or `other`'s where this one is unknown.
    @inline(__always) func or(_ other: Known) -> Known { Known(width ?? other.width, height ?? other.height) }
}

/// Resolved edges in points: the engine's sums and axes of them.
extension BoxEdges where Value == Double {
    @inline(__always) var horizontal: Double { left + right }
    @inline(__always) var vertical: Double { top + bottom }
    @inline(__always) func mainSum(_ isRow: Bool) -> Double { isRow ? left + right : top + bottom }
    @inline(__always) func crossSum(_ isRow: Bool) -> Double { isRow ? top + bottom : left + right }
    /// The physical start (left or top) of the main axis, whatever the flex direction.
    @inline(__always) func mainStart(_ isRow: Bool) -> Double { isRow ? left : top }
    @inline(__always) func mainEnd(_ isRow: Bool) -> Double { isRow ? right : bottom }
    @inline(__always) func crossStart(_ isRow: Bool) -> Double { isRow ? top : left }
    @inline(__always) func crossEnd(_ isRow: Bool) -> Double { isRow ? bottom : right }
    @inline(__always) var sums: Pair<Double> { Pair(left + right, top + bottom) }

    static func + (a: Edges, b: Edges) -> Edges {
        Edges(top: a.top + b.top, right: a.right + b.right, bottom: a.bottom + b.bottom, left: a.left + b.left)
    }

    /// Left and right swapped: the mirror image a right-to-left container is laid out in.
    @inline(__always) var mirrored: Edges { Edges(top: top, right: left, bottom: bottom, left: right) }
}

/// Resolved edges in points, in the engine's code.
typealias Edges = BoxEdges<Double>

extension BoxEdges where Value == BoxLength {
    /// Resolved against `base` (a containing block's width), `auto` and unresolvable as 0.
    @inline(__always) func resolveOrZero(_ base: Double?) -> Edges {
        Edges(
            top: top.resolveOrZero(base), right: right.resolveOrZero(base), bottom: bottom.resolveOrZero(base),
            left: left.resolveOrZero(base))
    }
}

extension Optional where Wrapped == Double {
    @inline(__always) func maybeMin(_ other: Double?) -> Double? {
        guard let self else { return nil }
        guard let other else { return self }
        return Swift.min(self, other)
    }

    @inline(__always) func maybeMax(_ other: Double?) -> Double? {
        guard let self else { return nil }
        guard let other else { return self }
        return Swift.max(self, other)
    }

    /// Clamped between `low` and `high` where they are known (the minimum wins over the maximum).
    @inline(__always) func maybeClamp(_ low: Double?, _ high: Double?) -> Double? {
        guard let self else { return nil }
        return self.clamp(low, high)
    }

    @inline(__always) func maybeAdd(_ other: Double) -> Double? { self.map { $0 + other } }
    @inline(__always) func maybeSub(_ other: Double) -> Double? { self.map { $0 - other } }
}

extension Double {
    /// Clamped by the bounds that are known, the minimum winning over the maximum (as CSS does).
    @inline(__always) func clamp(_ low: Double?, _ high: Double?) -> Double {
        var value = self
        if let high, value > high { value = high }
        if let low, value < low { value = low }
        return value
    }

    @inline(__always) func maybeMin(_ other: Double?) -> Double { other.map { Swift.min(self, $0) } ?? self }
    @inline(__always) func maybeMax(_ other: Double?) -> Double { other.map { Swift.max(self, $0) } ?? self }
}

extension AvailableSpace {
    @inline(__always) func maybeSub(_ value: Double) -> AvailableSpace {
        if case .points(let points) = self { return .points(points - value) }
        return self
    }

    /// The value known points give (`known`, when there is one) in place of the space.
    @inline(__always) func maybeSet(_ known: Double?) -> AvailableSpace {
        if let known { return .points(known) }
        return self
    }

    @inline(__always) func mapPoints(_ transform: (Double) -> Double) -> AvailableSpace {
        if case .points(let points) = self { return .points(transform(points)) }
        return self
    }

    /// Two spaces close enough that a cached answer for one serves the other.
    @inline(__always) func isRoughlyEqual(_ other: AvailableSpace) -> Bool {
        switch (self, other) {
        case (.points(let a), .points(let b)): return abs(a - b) < 0.0001
        case (.minContent, .minContent), (.maxContent, .maxContent): return true
        default: return false
        }
    }

    @inline(__always) var isMinContent: Bool { self == .minContent }
}

extension Pair where Value == Double? {
    /// Where one of width and height is known and the other not, the other from `ratio` (width ÷
    /// height).
    @inline(__always) func applyingAspectRatio(_ ratio: Double?) -> Known {
        guard let ratio else { return self }
        switch (width, height) {
        case (let width?, nil): return Known(width, min(width / ratio, BoxLength.largest))
        case (nil, let height?): return Known(min(height * ratio, BoxLength.largest), height)
        default: return self
        }
    }

    /// A box's minimum and maximum sizes (`self` the minimum) with what its aspect ratio carries
    /// across, as Chromium applies css-sizing-4 §5.2: where the preferred width (`size`) is auto, the
    /// width takes the height's limits through the ratio (a minimum only where it is above 0, and
    /// never above the width's own maximum; a maximum only where it is below the width's own). A
    /// height takes no limit from the width: a height the ratio gives comes from a width already
    /// within the width's limits. The minimum wins, as in every clamp here.
    @inline(__always) func withAspectRatioLimits(_ ratio: Double?, max: Known, whereAuto size: Known) -> (
        min: Known, max: Known
    ) {
        guard let ratio, size.width == nil else { return (self, max) }
        var low = self
        var high = max
        if let minHeight = height, minHeight > 0 {
            let transferred = Swift.min(minHeight * ratio, BoxLength.largest).maybeMin(max.width)
            low.width = Swift.max(low.width ?? 0, transferred)
        }
        if let maxHeight = max.height {
            high.width = Swift.min(maxHeight * ratio, BoxLength.largest).maybeMin(max.width)
        }
        return (low, high)
    }

    /// Where exactly one of width and height is known, the other from `ratio` (width ÷ height)
    /// between the border box's sides, or the content box's when `contentBox` (`paddingBorder`
    /// being the padding and border sums): a size the parent fixed in one axis (a stretched cross
    /// size) carries to the other, as it does in browsers.
    @inline(__always) func transferringAspectRatio(
        _ ratio: Double?, contentBox: Bool, paddingBorder: Pair<Double>
    ) -> Known {
        guard let ratio else { return self }
        let inset = contentBox ? paddingBorder : Pair<Double>(0, 0)
        // (A border box is never smaller than its padding and border: a side below them carries them
        // across, as browsers size it.)
        switch (width, height) {
        case (let width?, nil):
            let side = contentBox ? width : max(width, paddingBorder.width)
            let height: Double = min(max(0, side - inset.width) / ratio, BoxLength.largest) + inset.height
            return Known(width, height)
        case (nil, let height?):
            let side = contentBox ? height : max(height, paddingBorder.height)
            let width: Double = min(max(0, side - inset.height) * ratio, BoxLength.largest) + inset.width
            return Known(width, height)
        default: return self
        }
    }

    @inline(__always) func maybeAdd(_ sums: Pair<Double>) -> Known {
        Known(width.map { $0 + sums.width }, height.map { $0 + sums.height })
    }

    @inline(__always) func maybeClamp(_ low: Known, _ high: Known) -> Known {
        Known(width.maybeClamp(low.width, high.width), height.maybeClamp(low.height, high.height))
    }

    @inline(__always) func maybeMax(_ other: Pair<Double>) -> Known {
        Known(width.map { Swift.max($0, other.width) }, height.map { Swift.max($0, other.height) })
    }
}

extension BoxLength {
    @inline(__always) static func resolve(_ width: BoxLength, _ height: BoxLength, against base: Known) -> Known {
        Known(width.resolve(base.width), height.resolve(base.height))
    }
}
