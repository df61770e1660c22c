/// One quantity of a BoxView's chain along one axis (a gap, an item's length, or the common unit of
/// its flex items), with what constrains it: required bounds, and optional terms with priorities.
struct ChainSegment {
    /// The required bounds (−∞ and +∞ where there are none).
    var low = -Double.infinity
    var high = Double.infinity
    /// The optional constraints on the value.
    var terms: [ChainTerm] = []
    /// How much of the chain's length one unit of the value takes: 1, or for the flex items' common
    /// unit the sum of their flexes.
    var scale = 1.0

    /// The segment with `relation` to `constant` at `priority` added: as bounds when required,
    /// else as terms.
    mutating func add(_ relation: BoxPin.Relation, _ constant: Double, priority: Double, weight: Double = 1) {
        let required = priority >= BoxPin.required
        if relation != .lessThanOrEqual {
            if required {
                low = max(low, constant)
            } else {
                terms.append(ChainTerm(.atLeast, constant, priority, weight))
            }
        }
        if relation != .greaterThanOrEqual {
            if required {
                high = min(high, constant)
            } else {
                terms.append(ChainTerm(.atMost, constant, priority, weight))
            }
        }
        // Required bounds that contradict each other: the later one wins (a conflict Auto Layout
        // would report; the value stays within the last bound given).
        if low > high {
            if relation == .lessThanOrEqual { low = high } else { high = low }
        }
    }
}

/// An optional constraint on a segment: the value at least, or at most, a target, at a priority
/// (each point it misses by costs `weight` at that priority).
struct ChainTerm {
    enum Kind {
        case atLeast
        case atMost
    }

    var kind: Kind
    var target: Double
    var priority: Double
    var weight: Double

    init(_ kind: Kind, _ target: Double, _ priority: Double, _ weight: Double = 1) {
        self.kind = kind
        self.target = target
        self.priority = priority
        self.weight = weight
    }
}

/// Solves a chain along one axis exactly as Auto Layout's rules ask: the required bounds always
/// hold, then the optional terms of the highest priority are missed by as little as possible in
/// total, then those of the next priority, and so on (priorities are strict: no amount of a lower
/// priority's error outweighs a point of a higher one's).
///
/// The segments' values add up to the chain's length, and each segment's cost depends on its value
/// alone: a separable convex problem with one sum, which is solved by water-filling. Every segment
/// starts at a value of least cost of its own; then, to reach the length, the segments whose
/// marginal cost is lowest (compared priority by priority) grow or shrink together, sharing the
/// change equally, until one reaches a point where its marginal cost changes. Each step ends at
/// such a point, so the work is bounded by the number of terms.
enum ChainSolver {
    /// Each segment's value: their sum, scaled, is `total` where the bounds allow it; with no total,
    /// each segment's own value of least cost (the lowest such value, or the one nearest 0 where
    /// there is no lowest).
    static func solve(_ segments: [ChainSegment], total: Double?) -> [Double] {
        var values = segments.map(restingValue)
        guard let total, total.isFinite else { return values }
        let levels = Array(Set(segments.flatMap { $0.terms.map(\.priority) })).sorted(by: >)
        var rest = total - zip(segments, values).reduce(0) { $0 + $1.0.scale * $1.1 }
        let tolerance = 1e-9 * max(1, abs(total))
        let growing = rest > 0
        // Each step moves at least one segment to its next breakpoint, or ends the work.
        let steps = segments.reduce(0) { $0 + $1.terms.count + 2 } + 1
        for _ in 0..<steps {
            guard abs(rest) > tolerance else { break }
            // The segments that can move with the least marginal cost.
            var best: [Double]?
            var tied: [Int] = []
            for index in segments.indices {
                guard let slope = marginal(segments[index], at: values[index], growing: growing, levels: levels)
                else { continue }
                let order = best.map { compare(slope, $0) } ?? -1
                if order < 0 {
                    best = slope
                    tied = [index]
                } else if order == 0 {
                    tied.append(index)
                }
            }
            guard !tied.isEmpty else { break }
            // Each moves by an equal share of what is left, or less where a breakpoint comes first.
            let share = abs(rest) / Double(tied.count)
            var step = share
            var rooms: [Double] = []
            for index in tied {
                let next = breakpoint(segments[index], after: values[index], growing: growing)
                let room = abs(next - values[index]) * segments[index].scale
                rooms.append(room)
                step = min(step, room)
            }
            for (offset, index) in tied.enumerated() {
                if rooms[offset] <= step {
                    values[index] = breakpoint(segments[index], after: values[index], growing: growing)
                } else {
                    values[index] += (growing ? step : -step) / segments[index].scale
                }
            }
            rest += growing ? -step * Double(tied.count) : step * Double(tied.count)
        }
        return values
    }

    /// The segment's value of least cost on its own, within its bounds: the lowest, or where the
    /// least cost reaches −∞, the one nearest 0.
    static func restingValue(_ segment: ChainSegment) -> Double {
        // Bounds that contradict each other: the lower one holds.
        if segment.low > segment.high { return segment.low }
        let levels = Array(Set(segment.terms.map(\.priority))).sorted(by: >)
        let zero = [Double](repeating: 0, count: levels.count)
        let points = ([segment.low, segment.high] + segment.terms.map(\.target))
            .filter { $0.isFinite && $0 >= segment.low && $0 <= segment.high }.sorted()
        // Below every point the cost falls as the value grows while some minimum is missed.
        if segment.low.isFinite || segment.terms.contains(where: { $0.kind == .atLeast }) {
            // The first point from which growing costs nothing.
            for point in points where point >= segment.low {
                if compare(slope(segment, at: point, growing: true, levels: levels), zero) >= 0 { return point }
            }
            return points.last ?? 0
        }
        // The least cost reaches down to −∞; it ends at the first point from which growing costs.
        let highest =
            points.first { compare(slope(segment, at: $0, growing: true, levels: levels), zero) > 0 } ?? segment.high
        return min(0, highest)
    }

    /// The marginal cost, priority by priority (highest first), of moving the value one unit of
    /// the chain's length up (`growing`) or down; nil where a bound stops it.
    private static func marginal(_ segment: ChainSegment, at value: Double, growing: Bool, levels: [Double])
        -> [Double]?
    {
        if growing ? value >= segment.high : value <= segment.low { return nil }
        return slope(segment, at: value, growing: growing, levels: levels)
    }

    /// The change of the segment's cost, priority by priority, as its value moves one unit of the
    /// chain's length up or down from `value`.
    private static func slope(_ segment: ChainSegment, at value: Double, growing: Bool, levels: [Double])
        -> [Double]
    {
        var slope = [Double](repeating: 0, count: levels.count)
        for term in segment.terms {
            let cost: Double
            switch (term.kind, growing) {
            // Growing: a missed minimum gets nearer, a reached maximum is missed by more.
            case (.atLeast, true): cost = value < term.target ? -term.weight : 0
            case (.atMost, true): cost = value >= term.target ? term.weight : 0
            // Shrinking: a reached minimum is missed by more, a missed maximum gets nearer.
            case (.atLeast, false): cost = value <= term.target ? term.weight : 0
            case (.atMost, false): cost = value > term.target ? -term.weight : 0
            }
            if cost != 0, let level = levels.firstIndex(of: term.priority) { slope[level] += cost / segment.scale }
        }
        return slope
    }

    /// The next value from `value` at which the segment's marginal cost changes or a bound stops it
    /// (±∞ where none does).
    private static func breakpoint(_ segment: ChainSegment, after value: Double, growing: Bool) -> Double {
        if growing {
            return segment.terms.map(\.target).filter { $0 > value }.reduce(segment.high, min)
        }
        return segment.terms.map(\.target).filter { $0 < value }.reduce(segment.low, max)
    }

    /// −1, 0 or 1 as `a` is below, equal to or above `b`, priority by priority.
    private static func compare(_ a: [Double], _ b: [Double]) -> Int {
        for (x, y) in zip(a, b) where abs(x - y) > 1e-12 {
            return x < y ? -1 : 1
        }
        return 0
    }
}
