import MushBox
import MushMKLayout

/// A frame as `[x, y, width, height]`, for comparing with frames worked out by hand.
func frame(_ layout: BoxLayout) -> [Double] { [layout.x, layout.y, layout.width, layout.height] }

/// The frames of a result's children.
func frames(_ layout: BoxLayout) -> [[Double]] { layout.children.map(frame) }

/// A view with nothing in it: the item alone decides its frame.
let view = BoxNode()

/// Insets in UIKit's order (`UIEdgeInsetsMake(top, left, bottom, right)`).
func insets(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> MKEdgeInsets {
    MKEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

/// An item holding an empty view.
func item(
    _ width: MKLength = .matchParent, _ height: MKLength = .matchParent, weight: Double? = nil,
    padding: MKEdgeInsets = MKEdgeInsets(), gravity: MKLayoutGravity = .none, offset: BoxOffset = .zero,
    border: MKBorder? = nil
) -> MKLayoutItem {
    var item = MKLayoutItem(view)
    item.size = MKSize(width: width, height: height)
    item.weight = weight
    item.padding = padding
    item.gravity = gravity
    item.offset = offset
    item.insertBorder = border
    return item
}

/// The frames of a layout's views, laid out without rounding (MKLayoutLibrary's tests compare
/// thirds within a pixel; these compare them exactly).
func frames(_ layout: some MKLayout) throws -> [[Double]] {
    frames(try layout.layout(rounding: .exact))
}

/// Whether two lists of frames agree within a millionth of a point.
func close(_ a: [[Double]], _ b: [[Double]]) -> Bool {
    a.count == b.count
        && zip(a, b).allSatisfy { x, y in x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) < 1e-6 } }
}
