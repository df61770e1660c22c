// Leaves' answers, recorded from a layout and played back: the box part of a layout alone, with the
// same answers the real leaves give (and that Rivals/box_rivals.py gives Taffy and Yoga).
import MushBox

/// What the engine asked one leaf, and the answers.
public final class LeafRecord: @unchecked Sendable {
    public var widths: BoxContentWidths?
    /// (width, height) in the order asked.
    public var heights: [(width: Double, height: Double)] = []
    /// Widths the leaf was placed at (`place(width:height:)`, for the result).
    public var placed: [Double] = []
    public var widthCalls = 0
    public var measureCalls = 0
    public init() {}
}

/// A leaf that passes every question to `leaf` and writes the answer into `record`.
public struct RecordingLeaf: BoxLeaf {
    public let leaf: any BoxLeaf
    public let record: LeafRecord

    public init(leaf: any BoxLeaf, record: LeafRecord) {
        self.leaf = leaf
        self.record = record
    }

    public func contentWidths() -> BoxContentWidths {
        let widths = leaf.contentWidths()
        record.widthCalls += 1
        record.widths = widths
        return widths
    }

    public func measure(width: Double) -> BoxLeafSize {
        let size = leaf.measure(width: width)
        record.measureCalls += 1
        record.heights.append((width, size.height))
        return size
    }

    public var aspectRatio: Double? { leaf.aspectRatio }

    public func place(width: Double, height: Double) -> PlacedLeaf? {
        record.placed.append(width)
        return leaf.place(width: width, height: height)
    }
}

/// A leaf that answers from a record: the box part of the layout without the text's work.
public struct AnswerLeaf: BoxLeaf {
    public let widths: BoxContentWidths
    public let heights: [(width: Double, height: Double)]
    public let aspectRatio: Double?

    public init(_ record: LeafRecord, aspectRatio: Double?) {
        widths = record.widths ?? BoxContentWidths(min: 0, max: 0)
        heights = record.heights
        self.aspectRatio = aspectRatio
    }

    public func contentWidths() -> BoxContentWidths { widths }

    public func measure(width: Double) -> BoxLeafSize {
        for answer in heights where answer.width == width { return BoxLeafSize(height: answer.height) }
        return BoxLeafSize(height: heights.first?.height ?? 0)
    }
}

extension BoxNode {
    /// The tree with every leaf replaced by `replace(leaf, its index in pre-order among leaves)`.
    public func mapLeaves(_ replace: (any BoxLeaf, Int) -> any BoxLeaf) -> BoxNode {
        var index = 0
        return mapLeaves(replace, &index)
    }

    private func mapLeaves(_ replace: (any BoxLeaf, Int) -> any BoxLeaf, _ index: inout Int) -> BoxNode {
        if let leaf {
            defer { index += 1 }
            return BoxNode(id: id, style: style, leaf: replace(leaf, index))
        }
        var copy = self
        copy.children = children.map { $0.mapLeaves(replace, &index) }
        return copy
    }

    /// The leaves in pre-order.
    public var leaves: [any BoxLeaf] {
        if let leaf { return [leaf] }
        return children.flatMap(\.leaves)
    }
}

extension BoxLayout {
    /// The sum of every node's x + y + width + height, in pre-order: the checksum the rivals' script
    /// prints for Taffy and Yoga.
    public var checksum: Double {
        children.reduce(x + y + width + height) { $0 + $1.checksum }
    }
}
