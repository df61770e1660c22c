import MushBox

/// One entry of a ``BoxView``'s ``BoxView/items``: a view (any box-engine node) or a spacer, and
/// how it sits in the chain: four edge pins, two centre pins, a size and a flex (BoxView's
/// `BoxItem` and its `BoxLayout`).
///
/// Start from `BoxNode.boxed` (the four edges `==0`, as the library's `view.boxed`) and
/// change what differs with the library's modifiers, each returning a new item:
///
/// ```swift
/// title.boxed.centerX(padding: 30).bottom(20)
/// forgot.boxed.left(>=0)
/// login.boxed.top(30).left(50).right(50)
/// BoxItem.guide().flex(1)                      // a spacer taking the free space
/// ```
///
/// `left` and `right` are the leading and trailing sides: in a right-to-left ``BoxView`` the
/// `left` pin is on the physical right. The article BoxViewRules gives how each field becomes
/// engine styles.
public struct BoxItem: Sendable {
    /// The view, laid out by its own styles inside the frame the item gives it; nil: a spacer (an
    /// empty node: UIKit's layout guide).
    public var view: BoxNode?
    /// The gap above the item; nil: none of its own.
    public var top: BoxPin?
    /// The gap on the leading side (the left in a left-to-right BoxView); nil: none of its own.
    public var left: BoxPin?
    /// The gap below the item; nil: none of its own.
    public var bottom: BoxPin?
    /// The gap on the trailing side (the right in a left-to-right BoxView); nil: none of its own.
    public var right: BoxPin?
    /// The offset of the item's horizontal centre from the centre of the BoxView's inner
    /// rectangle; nil: not centred. With a centre pin, `left` and `right` must be `>=` pins or nil.
    public var centerX: BoxPin?
    /// The offset of the item's vertical centre; nil: not centred. With it, `top` and `bottom` must
    /// be `>=` pins or nil.
    public var centerY: BoxPin?
    /// The item's width; nil: the view's own (its style's, or its content's).
    public var width: BoxItemSize?
    /// The item's height; nil: the view's own.
    public var height: BoxItemSize?
    /// The item's share of the free space along the BoxView's axis, more than 0; nil: none.
    public var flex: Double?
    /// How strongly the view keeps from growing past its content's width, 1 to 1000 (Auto
    /// Layout's content hugging priority, BoxView's `huggingX`); nil: 251 for a leaf view (text, an
    /// image, a row: Interface Builder's labels and image views) and 250 for any other view. A
    /// spacer has no content, and none.
    public var huggingX: Double?
    /// As ``huggingX``, for the height.
    public var huggingY: Double?
    /// How strongly the view keeps from shrinking below its content's width, 1 to 1000 (Auto
    /// Layout's compression resistance priority, BoxView's `compressionX`); nil: 750.
    public var compressionX: Double?
    /// As ``compressionX``, for the height.
    public var compressionY: Double?

    /// An item of `view` (nil: a spacer) with the given pins; by default the four edges are `==0`
    /// and nothing else is set, as `BoxNode.boxed`.
    public init(
        view: BoxNode? = nil, top: BoxPin? = .zero, left: BoxPin? = .zero, bottom: BoxPin? = .zero,
        right: BoxPin? = .zero, centerX: BoxPin? = nil, centerY: BoxPin? = nil, width: BoxItemSize? = nil,
        height: BoxItemSize? = nil, flex: Double? = nil
    ) {
        self.view = view
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
        self.flex = flex
    }

    /// A spacer (the library's `BoxItem.guide()`): no view, the four edges `==0`. Give it a size
    /// or a flex, or it takes no room along the axis.
    public static func guide() -> BoxItem { BoxItem() }

    // MARK: - Modifiers

    /// The item with `top` set to `==value`.
    public func top(_ value: Double) -> BoxItem { top(==value) }
    /// The item with `top` set to `pin` (nil removes it).
    public func top(_ pin: BoxPin?) -> BoxItem { with { $0.top = pin } }
    /// The item with `left` set to `==value`.
    public func left(_ value: Double) -> BoxItem { left(==value) }
    /// The item with `left` set to `pin` (nil removes it).
    public func left(_ pin: BoxPin?) -> BoxItem { with { $0.left = pin } }
    /// The item with `bottom` set to `==value`.
    public func bottom(_ value: Double) -> BoxItem { bottom(==value) }
    /// The item with `bottom` set to `pin` (nil removes it).
    public func bottom(_ pin: BoxPin?) -> BoxItem { with { $0.bottom = pin } }
    /// The item with `right` set to `==value`.
    public func right(_ value: Double) -> BoxItem { right(==value) }
    /// The item with `right` set to `pin` (nil removes it).
    public func right(_ pin: BoxPin?) -> BoxItem { with { $0.right = pin } }

    /// The item with its four edges `==value`.
    public func all(_ value: Double) -> BoxItem { allX(value).allY(value) }
    /// The item with `left` and `right` `==value`.
    public func allX(_ value: Double) -> BoxItem {
        with {
            $0.left = ==value
            $0.right = ==value
        }
    }
    /// The item with `top` and `bottom` `==value`.
    public func allY(_ value: Double) -> BoxItem {
        with {
            $0.top = ==value
            $0.bottom = ==value
        }
    }

    /// The item centred horizontally, `offset` points right of the centre (left in a right-to-left
    /// BoxView), with `left` and `right` set to `>=padding`; a nil `padding` removes them (the
    /// library leaves them as they were, which conflicts with the centre).
    public func centerX(offset: Double = 0, padding: Double? = 0) -> BoxItem {
        with {
            $0.centerX = ==offset
            $0.left = padding.map { >=$0 }
            $0.right = padding.map { >=$0 }
        }
    }

    /// The item centred vertically, `offset` points below the centre, with `top` and `bottom` set
    /// to `>=padding`; a nil `padding` removes them.
    public func centerY(offset: Double = 0, padding: Double? = 0) -> BoxItem {
        with {
            $0.centerY = ==offset
            $0.top = padding.map { >=$0 }
            $0.bottom = padding.map { >=$0 }
        }
    }

    /// The item `value` points wide.
    public func width(_ value: Double) -> BoxItem { with { $0.width = .points(value) } }
    /// The item `value` points tall.
    public func height(_ value: Double) -> BoxItem { with { $0.height = .points(value) } }
    /// The item `fraction` of the BoxView's full width wide (its insets included): `0.5` is half.
    public func relativeWidth(_ fraction: Double) -> BoxItem { with { $0.width = .relative(fraction) } }
    /// The item `fraction` of the BoxView's full height tall (its insets included).
    public func relativeHeight(_ fraction: Double) -> BoxItem { with { $0.height = .relative(fraction) } }
    /// The item with a share `value` of the free space along the axis.
    public func flex(_ value: Double) -> BoxItem { with { $0.flex = value } }
    /// The item with its view's content hugging priorities (nil keeps one as it is).
    public func hugging(x: Double? = nil, y: Double? = nil) -> BoxItem {
        with {
            $0.huggingX = x ?? $0.huggingX
            $0.huggingY = y ?? $0.huggingY
        }
    }
    /// The item with its view's compression resistance priorities (nil keeps one as it is).
    public func compression(x: Double? = nil, y: Double? = nil) -> BoxItem {
        with {
            $0.compressionX = x ?? $0.compressionX
            $0.compressionY = y ?? $0.compressionY
        }
    }
    /// The item with its height `aspect` times its width (BoxView's `pinAspect(_:)`): its view's
    /// `aspectRatio` is `1 / aspect` (a spacer gets an empty view to carry it).
    public func pinAspect(_ aspect: Double) -> BoxItem {
        with {
            var view = $0.view ?? BoxNode()
            view.style.aspectRatio = 1 / aspect
            $0.view = view
        }
    }

    private func with(_ change: (inout BoxItem) -> Void) -> BoxItem {
        var item = self
        change(&item)
        return item
    }
}

/// The width or height of a ``BoxItem``.
public enum BoxItemSize: Hashable, Sendable {
    /// A length in points.
    case points(Double)
    /// A fraction of the BoxView's full width or height (insets included): `relative(0.5)` is
    /// half.
    case relative(Double)
}

extension BoxNode {
    /// The node as a ``BoxItem`` with its four edges `==0` (the library's `view.boxed`).
    public var boxed: BoxItem { BoxItem(view: self) }
}
