/// (Its initializers are inlinable: the engine makes edges in its inner loops, and a generic
/// initializer called across modules would not be specialized.)
///
/// Four edges of a rectangle, in CSS's order: top, right, bottom, left. The package's one edges
/// type: the box engine's margins, padding, borders and insets (`BoxEdges<BoxLength>`), resolved
/// edges in points (`BoxEdges<Double>`), and MGBoxKit's and MKLayoutLibrary's insets
/// (`MGLine.Insets` and `MKEdgeInsets` are `BoxEdges<Double>`, with UIKit's initializer).
public struct BoxEdges<Value: Hashable & Sendable>: Hashable, Sendable {
    public var top: Value
    public var right: Value
    public var bottom: Value
    public var left: Value

    @inlinable public init(top: Value, right: Value, bottom: Value, left: Value) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same value on all four edges.
    @inlinable public init(_ all: Value) { self.init(top: all, right: all, bottom: all, left: all) }
}

extension BoxEdges where Value == Double {
    /// Distances in points, in UIKit's order (`UIEdgeInsets`, as MGBoxKit and MKLayoutLibrary give
    /// them), each 0 unless given.
    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.init(top: top, right: right, bottom: bottom, left: left)
    }

    /// No distance on any edge.
    public static let zero = BoxEdges(0.0)
}
