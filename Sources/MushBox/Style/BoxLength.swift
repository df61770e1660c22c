import MushLine

/// A length of the box engine: points, a percentage of the containing block, or `auto`.
///
/// Widths and heights, their minimums and maximums, `flexBasis`, margins and insets take all three;
/// padding, borders and gaps take points and percentages only. A percentage resolves against a
/// definite size of the containing block (its width, for every edge of margins, padding, borders and
/// insets, as CSS says) and acts as `auto` otherwise.
public enum BoxLength: Hashable, Sendable {
    /// An absolute length, in points (CSS pixels).
    case points(Double)
    /// A percentage: `percent(50)` is half of the size it resolves against.
    case percent(Double)
    /// Sized by the algorithm (content, stretching, flexing) rather than by the style.
    case auto

    /// Zero points.
    public static let zero = BoxLength.points(0)

    /// Whether the length is `auto`.
    public var isAuto: Bool { self == .auto }

    /// The length in points against `base`, or `nil` for `auto` and for a percentage of an unknown
    /// base.
    @inline(__always)
    func resolve(_ base: Double?) -> Double? {
        switch self {
        case .points(let value): return value
        case .percent(let value): return base.map { ($0 * value / 100).clamp(-Self.largest, Self.largest) }
        case .auto: return nil
        }
    }

    /// The largest length a percentage or an aspect ratio resolves to, in points, either way: nested
    /// percentages of percentages (10,000% of 10,000% …) would otherwise reach infinity. Browsers
    /// hold their lengths within about ±33 million pixels for the same reason.
    static let largest = 1e9

    /// As ``resolve(_:)``, with `auto` and unresolvable percentages as 0 (padding, borders, gaps).
    @inline(__always)
    func resolveOrZero(_ base: Double?) -> Double { resolve(base) ?? 0 }
}

extension BoxLength: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self = .points(value) }
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
}

extension BoxEdges where Value == BoxLength {
    /// No margin, padding or border.
    public static let zero = BoxEdges(BoxLength.zero)
    /// Insets that place nothing (the static position).
    public static let auto = BoxEdges(BoxLength.auto)
}

extension BoxEdges where Value == BoxLength {
    /// Insets in points (the vocabularies' margins, paddings and insets) as lengths.
    package init(points insets: MGLine.Insets) {
        self.init(
            top: .points(insets.top), right: .points(insets.right), bottom: .points(insets.bottom),
            left: .points(insets.left))
    }
}

/// The room a box is laid out in along one axis: a number of points, or the box's min-content or
/// max-content size.
public enum AvailableSpace: Hashable, Sendable {
    /// A definite amount of room, in points.
    case points(Double)
    /// As narrow (or short) as the content allows: every soft wrap opportunity taken.
    case minContent
    /// As wide as the content wants: no wrapping that is not forced.
    case maxContent

    /// The points, or `nil` for the two content sizes.
    @inline(__always)
    var definite: Double? {
        if case .points(let value) = self { return value }
        return nil
    }
}
