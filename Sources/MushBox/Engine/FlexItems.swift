/// The state of one flex container's algorithm: its constants, its items and its lines.

/// An in-flow child of a flex container, with what the algorithm works out for it. Edges are
/// physical (left, top…) in the container's frame: a right-to-left container is laid out as its
/// mirror image, so its items' left and right edges come swapped.
struct FlexItem {
    // (Each one-byte field sits in the bytes an optional before it leaves over, and relative
    // positioning is kept as the two offsets it comes to: the item is 360 bytes, not 440, and every
    // container's items are copied and read many times; a grid of 10,000 boxes keeps 10,000.)
    var node: Int
    var size: Known
    var alignSelf: BoxAlignment
    var isScrollContainer: Bool
    /// Whether each margin is auto.
    var autoTop: Bool
    var autoRight: Bool
    var autoBottom: Bool
    var autoLeft: Bool
    var minSize: Known
    /// Whether the flex basis is definite: a size of the item's own, not its content's, nor one its
    /// aspect ratio gives (Chromium counts that as the content's when it finds a row's intrinsic
    /// size).
    var hasDefiniteBasis = false
    var frozen = false
    var maxSize: Known
    /// §4.5's automatic minimum size (or the style's minimum), worked out when first needed: an item
    /// whose flex basis comes from its content is never smaller than its min-content size, so while it
    /// does not shrink nothing needs it.
    var resolvedMinimumMain: Double?
    /// The offsets of relative positioning: the left inset, or the right one negated (0 where both
    /// are auto), and the same for the top and bottom ones.
    var relativeX: Double
    var relativeY: Double
    var margin: Edges
    var padding: Edges
    var border: Edges
    var flexGrow: Double
    var flexShrink: Double

    var flexBasis = 0.0
    var innerFlexBasis = 0.0
    var violation = 0.0
    var hypotheticalInner = Pair(0.0, 0.0)
    var hypotheticalOuter = Pair(0.0, 0.0)
    var target = Pair(0.0, 0.0)
    var outerTarget = Pair(0.0, 0.0)
    var baseline = 0.0
    var offsetMain = 0.0
    var offsetCross = 0.0

    /// An item before the algorithm, with the insets of relative positioning (`nil` for auto).
    init(
        node: Int, size: Known, minSize: Known, maxSize: Known, insetTop: Double?, autoTop: Bool,
        insetRight: Double?, autoRight: Bool, insetBottom: Double?, autoBottom: Bool, insetLeft: Double?,
        autoLeft: Bool, alignSelf: BoxAlignment, isScrollContainer: Bool, margin: Edges, padding: Edges,
        border: Edges, flexGrow: Double, flexShrink: Double
    ) {
        self.node = node
        self.size = size
        self.alignSelf = alignSelf
        self.isScrollContainer = isScrollContainer
        self.autoTop = autoTop
        self.autoRight = autoRight
        self.autoBottom = autoBottom
        self.autoLeft = autoLeft
        self.minSize = minSize
        self.maxSize = maxSize
        relativeX = insetLeft ?? insetRight.map { -$0 } ?? 0
        relativeY = insetTop ?? insetBottom.map { -$0 } ?? 0
        self.margin = margin
        self.padding = padding
        self.border = border
        self.flexGrow = flexGrow
        self.flexShrink = flexShrink
    }

    @inline(__always) func autoMainStart(_ isRow: Bool) -> Bool { isRow ? autoLeft : autoTop }
    @inline(__always) func autoMainEnd(_ isRow: Bool) -> Bool { isRow ? autoRight : autoBottom }
    @inline(__always) func autoCrossStart(_ isRow: Bool) -> Bool { isRow ? autoTop : autoLeft }
    @inline(__always) func autoCrossEnd(_ isRow: Bool) -> Bool { isRow ? autoBottom : autoRight }
    /// An auto margin across the axis, which keeps the item from stretching (§8.1).
    @inline(__always) func autoCrossMargin(_ isRow: Bool) -> Bool { autoCrossStart(isRow) || autoCrossEnd(isRow) }
    @inline(__always) var paddingBorderSums: Pair<Double> { (padding + border).sums }
}

/// A container's items, in the tree's arena (``LayoutTree/arena``).
typealias Items = UnsafeMutableBufferPointer<FlexItem>

struct FlexLine {
    var items: Range<Int>
    var crossSize = 0.0
    var offsetCross = 0.0
}

/// A container's lines, the first kept inline: a container that does not wrap has one line, and
/// making an array for it was an allocation each pass of the algorithm.
struct FlexLines: RandomAccessCollection, MutableCollection {
    private var head = FlexLine(items: 0..<0)
    private var tail: [FlexLine] = []
    private(set) var endIndex = 0

    var startIndex: Int { 0 }

    /// No lines.
    init() {}

    /// One line.
    init(_ line: FlexLine) {
        head = line
        endIndex = 1
    }

    /// A line for each item of `items`.
    init(eachOf items: Range<Int>) {
        for item in items { append(FlexLine(items: item..<item + 1)) }
    }

    mutating func append(_ line: FlexLine) {
        if endIndex == 0 { head = line } else { tail.append(line) }
        endIndex += 1
    }

    subscript(position: Int) -> FlexLine {
        get {
            precondition(position >= 0 && position < endIndex, "a line out of range")
            return position == 0 ? head : tail[position - 1]
        }
        set {
            precondition(position >= 0 && position < endIndex, "a line out of range")
            if position == 0 { head = newValue } else { tail[position - 1] = newValue }
        }
    }
}

/// What a flex container knows before and while it lays out its items.
struct FlexConstants: ~Copyable {
    var isRow: Bool
    var isReverse: Bool
    var isWrap: Bool
    var isWrapReverse: Bool
    var isRightToLeft: Bool
    var minSize: Known
    var maxSize: Known
    var margin: Edges
    var border: Edges
    var contentInset: Edges
    /// `width` is the column gap, `height` the row gap.
    var gap: Pair<Double>
    var alignItems: BoxAlignment
    var alignContent: BoxAlignment
    var justifyContent: BoxAlignment?
    var nodeOuterSize: Known
    var nodeInnerSize: Known
    /// What the items' percentages resolve against: the inner size where it is definite (a height
    /// the container was given from its content is not: css-flexbox-1 §9.8, css-sizing-3 §4.1).
    var percentBase: Known
    var containerSize = Pair(0.0, 0.0)
    var innerContainerSize = Pair(0.0, 0.0)

    @inline(__always) var mainGap: Double { gap.main(isRow) }
    @inline(__always) var crossGap: Double { gap.cross(isRow) }
}

@inline(__always) func gapSum(_ gap: Double, _ count: Int) -> Double {
    count > 1 ? gap * Double(count - 1) : 0
}
