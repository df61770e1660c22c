import MushBox
import MushText

/// A scroll view after MGBoxKit's `MGScrollView`: a box of a fixed visible size whose boxes may
/// take more room (its content size), scrolled to ``contentOffset``.
///
/// Its boxes are laid out as an ``MGBox``'s (``box``: a table by default). Its result's
/// `contentWidth` and `contentHeight` are how far it scrolls: its boxes' frames and margins and
/// its padding, never less than its size (fixed boxes do not count). The result answers
/// MGBoxKit's scrolling questions: `offset(scrollingToView:withMargin:from:)` and
/// `snapOffsetToNearestBox(from:)`.
///
/// ```swift
/// var scroller = MGScrollView(width: 320, height: 480)
/// scroller.boxes = [section, grid]
/// let layout = try scroller.layout()
/// layout.contentHeight                                    // 646
/// layout.offset(scrollingToView: "grid", withMargin: 10)  // BoxOffset(x: 0, y: 86)
/// ```
@dynamicMemberLookup
public struct MGScrollView: MGLayoutBox {
    /// The view's own properties: its size is its `width` and `height` (both required).
    public var box: MGBox
    /// How far the content is scrolled: fixed boxes stay put by it, and drawing shows the content
    /// from it.
    public var contentOffset: BoxOffset

    /// MGBoxKit's `scrollerWithSize:`.
    public init(width: Double, height: Double, boxes: [any MGLayoutBox] = [], contentOffset: BoxOffset = .zero) {
        box = MGBox(width: width, height: height, boxes: boxes)
        self.contentOffset = contentOffset
    }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<MGBox, Value>) -> Value {
        get { box[keyPath: keyPath] }
        set { box[keyPath: keyPath] = newValue }
    }

    public var mgBox: MGBox {
        var view = box
        view.scrollOffset = contentOffset
        return view
    }

    /// As ``MGBox/layout(width:height:fonts:rounding:)``.
    public func layout(
        width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent, fonts: FontCollection = .standard,
        rounding: BoxRounding = .edges
    ) throws(MGBoxError) -> BoxLayout {
        try mgBox.layout(width: width, height: height, fonts: fonts, rounding: rounding)
    }
}

extension BoxLayout {
    /// The content offset that brings the box `id` (anywhere inside this scroll view) into view with
    /// `margin` around it, MGBoxKit's `scrollToView:withMargin:`; nil when no box has the id.
    ///
    /// On each axis: an offset that already shows the box and its margin stays; otherwise the view
    /// moves just enough, to the box's top (left) when it comes from below (the right) or is
    /// larger than the view, else to its bottom (right); always within 0 and the content size less
    /// the view's size.
    public func offset(scrollingToView id: String, withMargin margin: Double = 0, from current: BoxOffset = .zero)
        -> BoxOffset?
    {
        guard let frame = frame(of: id) else { return nil }
        func axis(_ start: Double, _ length: Double, _ offset: Double, _ view: Double, _ content: Double) -> Double {
            let low = start - margin
            let high = start + length + margin
            var result = offset
            if low < offset || high - low > view {
                result = low
            } else if high > offset + view {
                result = high - view
            }
            return min(max(result, 0), max(content - view, 0))
        }
        return BoxOffset(
            x: axis(frame.x, frame.width, current.x, width, contentWidth),
            y: axis(frame.y, frame.height, current.y, height, contentHeight))
    }

    /// The content offset that keeps the box `id` (anywhere inside this scroll view) above a
    /// keyboard `keyboardHeight` tall covering the bottom of the view, `margin` above it:
    /// MGScrollView's `keepFirstResponderAboveKeyboard` with its `keyboardMargin`, for the box
    /// being edited. nil when no box has the id.
    ///
    /// As UIKit does while a keyboard shows, the content may scroll past its end by the keyboard's
    /// height. The offset moves only vertically, and only when it must: down until the box's bottom
    /// and the margin clear the keyboard, or up to the box's top (less the margin) when the box is
    /// above the view or taller than the room left (its top stays in view); it stays within 0 and
    /// the content size plus the keyboard's height less the view's size.
    public func offset(
        keepingAboveKeyboard id: String, keyboardHeight: Double, margin: Double = 0, from current: BoxOffset = .zero
    ) -> BoxOffset? {
        guard let frame = frame(of: id) else { return nil }
        let keyboard = min(max(keyboardHeight, 0), height)
        let room = height - keyboard
        let top = frame.y - margin
        let bottom = frame.y + frame.height + margin
        var y = current.y
        if top < y || bottom - top > room {
            y = top
        } else if bottom > y + room {
            y = bottom - room
        }
        return BoxOffset(x: current.x, y: min(max(y, 0), max(contentHeight + keyboard - height, 0)))
    }

    /// The vertical offset nearest to `current` that starts a box at the top of the view (its top
    /// less the view's top padding), or the end of the content when the last box is more than half
    /// in view from the bottom: MGBoxKit's `snapToNearestBox`, with its top padding fixed (it
    /// used the bottom padding) and its distances compared alike. Ties go to the earlier box. The
    /// offset is unchanged when the content is no taller than the view or there are fewer than two
    /// boxes.
    public func snapOffsetToNearestBox(from current: BoxOffset) -> BoxOffset {
        guard contentHeight > height, children.count >= 2 else { return current }
        let end = contentHeight - height
        let fromBottom = contentHeight - (current.y + height)
        if let last = children.last, fromBottom < last.height / 2, fromBottom < current.y {
            return BoxOffset(x: current.x, y: end)
        }
        var best = current.y
        var distance = Double.infinity
        for child in children {
            let candidate = child.y - padding.top
            if abs(candidate - current.y) < distance {
                distance = abs(candidate - current.y)
                best = candidate
            }
        }
        return BoxOffset(x: current.x, y: min(max(best, 0), max(end, 0)))
    }

    /// The frame of the box `id` below this one, in this box's coordinates (its content's, for a
    /// scroll view, where its children are).
    func frame(of id: String) -> (x: Double, y: Double, width: Double, height: Double)? {
        for child in children {
            if child.id == id { return (child.x, child.y, child.width, child.height) }
            if let inner = child.frame(of: id) {
                return (child.x + inner.x, child.y + inner.y, inner.width, inner.height)
            }
        }
        return nil
    }
}
