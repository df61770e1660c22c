/// A distance along both axes, in points (y grows downwards): a shadow's from what casts it, a
/// scroll view's content offset. The package's one offset type (`MGLine.Offset` is this).
public struct BoxOffset: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double = 0, y: Double = 0) {
        self.x = x
        self.y = y
    }

    public static let zero = BoxOffset()
}
