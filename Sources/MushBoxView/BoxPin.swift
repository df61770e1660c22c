import Mush

/// One edge or centre constraint of a ``BoxItem``: a distance in points and how it relates
/// (BoxView's `BoxLayout.Pin`, without a priority).
///
/// Make one with a prefix operator, as the library does: `>=0` is "at least 0 points", `<=8` "at
/// most 8 points", `==16` "exactly 16 points".
///
/// ```swift
/// button.boxed.left(>=0)      // hugs its content at the right (the left gap takes the rest)
/// ```
///
/// For an edge pin the distance is the gap between the item and its neighbour (or the BoxView's
/// insets); for a centre pin, the offset of the item's centre from the centre of the BoxView's
/// inner rectangle.
public struct BoxPin: Hashable, Sendable, CustomStringConvertible {
    /// The distance, in points; may be negative (items then overlap their neighbour or the insets).
    public var constant: Double
    /// How the real distance relates to ``constant``.
    public var relation: Relation

    /// A pin of `constant` points, `relation` to it.
    public init(_ constant: Double = 0, _ relation: Relation = .equal) {
        self.constant = constant
        self.relation = relation
    }

    /// `== 0`: what ``BoxItem``'s four edges start at.
    public static let zero = BoxPin()

    /// How a distance relates to a pin's constant.
    public enum Relation: String, Hashable, Sendable, CaseIterable {
        /// Exactly the constant.
        case equal = "=="
        /// The constant or more.
        case greaterThanOrEqual = ">="
        /// The constant or less (laid out as ``equal``: see the article BoxViewRules).
        case lessThanOrEqual = "<="
    }

    /// `==N`, `>=N` or `<=N`.
    public var description: String { relation.rawValue + MushLimits.format(constant) }
}

prefix operator >=
prefix operator <=
prefix operator ==

/// A pin of at least `constant` points: `.left(>=0)`.
public prefix func >= (constant: Double) -> BoxPin { BoxPin(constant, .greaterThanOrEqual) }

/// A pin of at most `constant` points: `.top(<=8)`.
public prefix func <= (constant: Double) -> BoxPin { BoxPin(constant, .lessThanOrEqual) }

/// A pin of exactly `constant` points: `.right(==16)`, the same as `.right(16)`.
public prefix func == (constant: Double) -> BoxPin { BoxPin(constant, .equal) }
