/// A layout of your own for a node's children, in place of flexbox: given what the node's box
/// decides of its content box and a way to measure each child, it says how large the content is
/// and where each child goes (SwiftUI's `Layout`, for box trees).
///
/// Set it as a node's ``BoxNode/arrangement``. The node's own styles still size its box (width,
/// height, limits, padding, borders, margins, aspect ratio) and the engine still lays out and draws
/// what is inside each child; the arrangement only places the node's in-flow children (those
/// neither `position: absolute`, which are placed by their insets as in any box, nor
/// `display: none`). It is called whenever the engine measures or lays the node out, perhaps several
/// times in one layout, so it must be a pure function of what it is given.
///
/// ```swift
/// /// Children side by side, each as wide as its content, tops aligned.
/// struct Strip: BoxArrangement {
///     func arrange(_ children: BoxChildren, in proposal: BoxProposal) -> BoxArranged {
///         var x = 0.0, height = 0.0
///         var frames: [BoxFrame] = []
///         for child in children {
///             let size = child.size()
///             frames.append(BoxFrame(x: x, y: 0, width: size.width, height: size.height))
///             x += size.width
///             height = max(height, size.height)
///         }
///         return BoxArranged(width: x, height: height, frames: frames)
///     }
/// }
/// ```
public protocol BoxArrangement: Sendable {
    /// The content size the children need, and one frame per child of `children`, in order, in the
    /// node's content box (x from its left edge, y from its top, whatever the writing direction).
    ///
    /// Where the proposal decides a size (``BoxProposal/width``, ``BoxProposal/height``), the
    /// arranged size in that axis is not read; elsewhere it is the content box's size, within the
    /// node's limits. A frame with a negative, infinite or NaN value counts it as 0; a child without
    /// a frame (fewer frames than children) is placed at 0, 0 with a size of 0; extra frames are
    /// not read.
    func arrange(_ children: BoxChildren, in proposal: BoxProposal) -> BoxArranged
}

/// What a node's box decides of its content box when its ``BoxArrangement`` is asked.
public struct BoxProposal: Sendable, Hashable {
    /// The content box's width, where the node's styles or its container decide it; nil where the
    /// arrangement's content decides it.
    public var width: Double?
    /// The content box's height, where decided; nil where the content decides it.
    public var height: Double?
    /// The room for the content across x where ``width`` is nil: a number of points to fit in (text
    /// wraps to it), or a request for the content's min-content or max-content width.
    public var availableWidth: AvailableSpace
    /// The room across y where ``height`` is nil.
    public var availableHeight: AvailableSpace

    public init(
        width: Double? = nil, height: Double? = nil, availableWidth: AvailableSpace = .maxContent,
        availableHeight: AvailableSpace = .maxContent
    ) {
        self.width = width
        self.height = height
        self.availableWidth = availableWidth
        self.availableHeight = availableHeight
    }
}

/// What a ``BoxArrangement`` answers: the content size, and each child's frame.
public struct BoxArranged: Sendable, Hashable {
    /// The width of the content box the children need (read where the proposal left it open).
    public var width: Double
    /// The height the children need (read where the proposal left it open).
    public var height: Double
    /// One frame per child, in the children's order, in the content box.
    public var frames: [BoxFrame]

    public init(width: Double, height: Double, frames: [BoxFrame]) {
        self.width = width
        self.height = height
        self.frames = frames
    }
}

/// A child's border box, placed by a ``BoxArrangement`` in its parent's content box.
public struct BoxFrame: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The in-flow children of a node with a ``BoxArrangement``, in order, each of which can be
/// measured. Meant for the ``BoxArrangement/arrange(_:in:)`` call it is given to: kept past it, it
/// holds that layout's buffers and measures as that layout did.
public struct BoxChildren: RandomAccessCollection {
    let tree: LayoutTree
    /// The children's nodes in the tree, and their indices among the node's children.
    let nodes: [(node: Int, index: Int)]
    /// The size the children's percentages resolve against (the node's content box, where known).
    let base: Known

    public var startIndex: Int { 0 }
    public var endIndex: Int { nodes.count }

    public subscript(position: Int) -> BoxChild {
        BoxChild(tree: tree, node: nodes[position].node, index: nodes[position].index, base: base)
    }
}

/// One child of a node with a ``BoxArrangement``.
public struct BoxChild {
    let tree: LayoutTree
    let node: Int
    /// The child's index among all of its parent's children (``BoxNode/children``), absolutely
    /// positioned and hidden ones counted: the key to a layout's own data about each child.
    public let index: Int
    let base: Known

    /// The child's ``BoxNode/id``.
    public var id: String? { tree.id(of: node) }

    /// The child's border-box size: with a `width` or `height` given, that size in that axis (the
    /// other found from its content at it); otherwise its own styles' size, or its content's in the
    /// available room (text wraps to a number of points; `.minContent` and `.maxContent` ask for
    /// its narrowest and widest content). Its margins are not included.
    public func size(
        width: Double? = nil, height: Double? = nil, availableWidth: AvailableSpace = .maxContent,
        availableHeight: AvailableSpace = .maxContent
    ) -> (width: Double, height: Double) {
        let known = Known(width.map { max($0.isFinite ? $0 : 0, 0) }, height.map { max($0.isFinite ? $0 : 0, 0) })
        let output = tree.compute(
            node, known: known, parentSize: base, space: Space(availableWidth.sanitized, availableHeight.sanitized),
            mode: .computeSize, sizing: .inherentSize)
        return (output.size.width, output.size.height)
    }
}

extension AvailableSpace {
    /// Points that are not a finite number of 0 or more become 0 (a user's layout may compute any).
    var sanitized: AvailableSpace {
        if case .points(let value) = self, !(value.isFinite && value >= 0) { return .points(0) }
        return self
    }
}
