import MushBox
import MushLine
import MushMGBox
import MushText

/// A frame as `[x, y, width, height]`, for comparing with frames worked out by hand.
func frame(_ layout: BoxLayout) -> [Double] { [layout.x, layout.y, layout.width, layout.height] }

/// The frames of a result's children.
func frames(_ layout: BoxLayout) -> [[Double]] { layout.children.map(frame) }

/// Every frame of a result, in order (the node's own first), for comparing two trees' layouts.
func allFrames(_ layout: BoxLayout) -> [[Double]] {
    [frame(layout) + [layout.contentWidth, layout.contentHeight]] + layout.children.flatMap(allFrames)
}

/// A box of `width` × `height` with margins.
func box(_ width: Double, _ height: Double, margin: MGLine.Insets = MGLine.Insets(), id: String? = nil) -> MGBox {
    var box = MGBox(width: width, height: height)
    box.margin = margin
    box.id = id
    return box
}

/// The shipped fonts only: the same measurements on every machine.
let fonts = FontCollection.shipped
