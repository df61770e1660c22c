import Mush

/// One edge or centre constraint of a ``BoxItem``: a distance in points, how it relates, and how
/// much it matters (BoxView's `BoxLayout.Pin`).
///
/// Make one with a prefix operator, as the library does: `>=0` is "at least 0 points", `<=8` "at
/// most 8 points", `==16` "exactly 16 points"; ``priority(_:)`` makes it optional.
///
/// ```swift
/// button.boxed.left(>=0)                    // hugs its content at the right (the left gap takes the rest)
/// field.boxed.right((==20).priority(750))   // 20 from the end, unless something required needs the room
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
    /// How much the pin matters, from 1 to 1000 (``required``, the default): a required pin always
    /// holds; an optional one holds unless pins or sizes of a higher priority need otherwise, as
    /// Auto Layout's `UILayoutPriority` (the article BoxViewRules gives how the chain is solved).
    public var priority: Double

    /// A pin of `constant` points, `relation` to it, at `priority`.
    public init(_ constant: Double = 0, _ relation: Relation = .equal, priority: Double = BoxPin.required) {
        self.constant = constant
        self.relation = relation
        self.priority = priority
    }

    /// `== 0`: what ``BoxItem``'s four edges start at.
    public static let zero = BoxPin()

    /// The priority of a pin that always holds (Auto Layout's `.required`).
    public static let required = 1000.0
    /// Auto Layout's `.defaultHigh`: the compression resistance of a view.
    public static let high = 750.0
    /// Auto Layout's `.defaultLow`: the content hugging of a view.
    public static let low = 250.0

    /// The pin at `priority` (1 to 1000): `(==20).priority(750)`, BoxView's `pin.withPriority(_:)`.
    public func priority(_ priority: Double) -> BoxPin {
        BoxPin(constant, relation, priority: priority)
    }

    /// Whether the pin always holds.
    public var isRequired: Bool { priority >= Self.required }

    /// How a distance relates to a pin's constant.
    public enum Relation: String, Hashable, Sendable, CaseIterable {
        /// Exactly the constant.
        case equal = "=="
        /// The constant or more.
        case greaterThanOrEqual = ">="
        /// The constant or less.
        case lessThanOrEqual = "<="
    }

    /// `==N`, `>=N` or `<=N`, and `@P` for an optional pin (`>=0@250`), as JSON writes a pin.
    public var description: String {
        relation.rawValue + MushLimits.format(constant) + (isRequired ? "" : "@" + MushLimits.format(priority))
    }
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
