/// The tree the engine works on: the input flattened into arrays (one slot per node, in preorder),
/// each node's caches, and its unrounded frame.

/// What laying out or measuring a node gives: its border-box size, the size of its content, and its
/// first baseline from its top.
struct NodeOutput: Sendable {
    var size: Pair<Double>
    var contentSize: Pair<Double>
    var baseline: Double?

    static let zero = NodeOutput(size: Pair(0, 0), contentSize: Pair(0, 0), baseline: nil)

    init(size: Pair<Double>, contentSize: Pair<Double>, baseline: Double?) {
        self.size = size
        self.contentSize = contentSize
        self.baseline = baseline
    }

    init(size: Pair<Double>) { self.init(size: size, contentSize: size, baseline: nil) }
}

/// Whether a call wants the node's size only, or its size and its children's frames.
enum RunMode {
    case computeSize
    case performLayout
}

/// Whether the node's own size styles apply (`inherent`), or only its content decides (`content`: the
/// caller has already applied them, as a flex container does for its items).
enum SizingMode {
    case contentSize
    case inherentSize
}

/// A node's frame before rounding, relative to its parent's border box.
struct Frame {
    var x = 0.0
    var y = 0.0
    var width = 0.0
    var height = 0.0
    var contentWidth = 0.0
    var contentHeight = 0.0
    var baseline: Double?
    /// The width the node's percentages of padding, borders and margins resolved against.
    var percentBase: Double?
}

struct CacheEntry {
    var known: Known
    var space: Space
    /// The size the node's own percentages resolved against, for a node that has some (nil
    /// otherwise): an answer found while a width was unknown does not serve once it is known.
    var percentBase: Known?
    var output: NodeOutput

    @inline(__always) func serves(_ known: Known, _ space: Space, _ percentBase: Known?) -> Bool {
        (known.width == self.known.width || known.width == output.size.width)
            && (known.height == self.known.height || known.height == output.size.height)
            && (known.width != nil || self.space.width.isRoughlyEqual(space.width))
            && (known.height != nil || self.space.height.isRoughlyEqual(space.height))
            && percentBase?.width == self.percentBase?.width && percentBase?.height == self.percentBase?.height
    }

    /// Which of the nine measuring slots a question goes to: questions that differ in kind get their
    /// own slot, so that a min-content measurement never evicts a max-content one.
    @inline(__always) static func slot(_ known: Known, _ space: Space) -> Int {
        switch (known.width != nil, known.height != nil) {
        case (true, true): return 0
        case (true, false): return 1 + (space.height.isMinContent ? 1 : 0)
        case (false, true): return 3 + (space.width.isMinContent ? 1 : 0)
        case (false, false): return 5 + (space.height.isMinContent ? 1 : 0) + (space.width.isMinContent ? 2 : 0)
        }
    }
}

/// A leaf's answers, asked once each.
struct LeafAnswers {
    var leaf: any BoxLeaf
    var widths: BoxContentWidths?
    /// Heights by width, a few at a time (most layouts ask for one or two widths).
    var heights: [(width: Double, size: BoxLeafSize)] = []
}

/// The input tree in arrays, in preorder, built once before layout.
struct FlatTree {
    var styles: [BoxStyle] = []
    var rightToLeft: [Bool] = []
    var childStart: [Int32] = []
    var childCount: [Int32] = []
    var childList: [Int32] = []
    var leafIndex: [Int32] = []
    var leaves: [LeafAnswers] = []
    var ids: [String?] = []

    init(_ root: BoxNode) {
        let count = root.count
        styles.reserveCapacity(count)
        rightToLeft.reserveCapacity(count)
        childStart.reserveCapacity(count)
        childCount.reserveCapacity(count)
        childList.reserveCapacity(count)
        leafIndex.reserveCapacity(count)
        ids.reserveCapacity(count)
        add(root, rightToLeft: false)
    }

    /// Adds `node` and its subtree in preorder; returns its index.
    @discardableResult
    private mutating func add(_ node: BoxNode, rightToLeft parentRightToLeft: Bool) -> Int32 {
        let index = Int32(styles.count)
        var style = node.style
        if style.aspectRatio == nil, let ratio = node.leaf?.aspectRatio, ratio.isFinite, ratio > 0 {
            style.aspectRatio = ratio
        }
        let isRightToLeft = style.direction.map { $0 == .rtl } ?? parentRightToLeft
        styles.append(style)
        rightToLeft.append(isRightToLeft)
        ids.append(node.id)
        if let leaf = node.leaf {
            leafIndex.append(Int32(leaves.count))
            leaves.append(LeafAnswers(leaf: leaf))
        } else {
            leafIndex.append(-1)
        }
        childStart.append(0)
        childCount.append(Int32(node.children.count))
        guard !node.children.isEmpty else { return index }
        // The children's slots are reserved together, then each child's subtree follows.
        let start = childList.count
        childStart[Int(index)] = Int32(start)
        childList.append(contentsOf: repeatElement(0, count: node.children.count))
        for (offset, child) in node.children.enumerated() {
            childList[start + offset] = add(child, rightToLeft: isRightToLeft)
        }
        return index
    }
}

/// The tree the engine lays out: the input's arrays (immutable, so reading them needs no exclusivity
/// checks), and what layout writes (caches, leaf answers, frames) in buffers this class owns.
final class LayoutTree {
    /// The styles, read in place (a style is too large to copy for every look).
    let styles: UnsafeMutableBufferPointer<BoxStyle>
    /// Whether each node lays its children out right to left (its own direction, inherited).
    let rightToLeft: [Bool]
    /// The node's children: `childList[childStart[node] ..< childStart[node] + childCount[node]]`.
    let childStart: [Int32]
    let childCount: [Int32]
    let childList: [Int32]
    /// The index of each node's leaf in `leaves`, or -1.
    let leafIndex: [Int32]
    let ids: [String?]
    /// The caches of the nodes with children, ten slots each (nine for measuring, the last for the
    /// final layout), from `cacheBase[node]`; -1 for a node without children, whose layout is cheap
    /// enough to do again (a leaf's own answers are kept in `leaves`).
    let cacheBase: [Int32]
    /// Whether the node's own style has a percentage, which resolves against its parent's size.
    let hasPercentages: [Bool]
    let cache: UnsafeMutableBufferPointer<CacheEntry?>
    let leaves: UnsafeMutableBufferPointer<LeafAnswers>
    let frames: UnsafeMutableBufferPointer<Frame>
    /// The flex items of the containers being laid out, one above the other (a container's items are
    /// its children, so the nodes of the tree are room enough), and the first free slot.
    let arena: UnsafeMutableBufferPointer<FlexItem>
    var arenaTop = 0
    /// How many times a node with children was laid out or measured without the cache (linearity tests
    /// read it; a node without children costs a bounded amount each time its parent asks).
    var computations = 0

    init(_ root: BoxNode) {
        let flat = FlatTree(root)
        styles = .allocate(capacity: flat.styles.count)
        _ = styles.initialize(from: flat.styles)
        rightToLeft = flat.rightToLeft
        childStart = flat.childStart
        childCount = flat.childCount
        childList = flat.childList
        leafIndex = flat.leafIndex
        ids = flat.ids
        var containers: Int32 = 0
        cacheBase = flat.childCount.map { children in
            guard children > 0 else { return -1 }
            defer { containers += 1 }
            return containers * 10
        }
        hasPercentages = flat.styles.map { style in
            let lengths = [
                style.width, style.height, style.minWidth, style.minHeight, style.maxWidth, style.maxHeight,
            ]
            let edges = [style.margin, style.padding, style.border]
            func isPercent(_ length: BoxLength) -> Bool {
                if case .percent = length { return true }
                return false
            }
            return lengths.contains(where: isPercent)
                || edges.contains { [$0.top, $0.right, $0.bottom, $0.left].contains(where: isPercent) }
        }
        cache = .allocate(capacity: Int(containers) * 10)
        cache.initialize(repeating: nil)
        leaves = .allocate(capacity: flat.leaves.count)
        _ = leaves.initialize(from: flat.leaves)
        arena = .allocate(capacity: flat.styles.count)
        frames = .allocate(capacity: flat.styles.count)
        frames.initialize(repeating: Frame())
    }

    deinit {
        styles.deinitialize()
        styles.deallocate()
        cache.deinitialize()
        cache.deallocate()
        leaves.deinitialize()
        leaves.deallocate()
        frames.deinitialize()
        frames.deallocate()
        arena.deallocate()
    }

    /// The style of `node`, in place.
    @inline(__always) func style(_ node: Int) -> UnsafePointer<BoxStyle> { UnsafePointer(styles.baseAddress! + node) }

    @inline(__always) func children(of node: Int) -> ArraySlice<Int32> {
        let start = Int(childStart[node])
        return childList[start..<start + Int(childCount[node])]
    }

    // MARK: - Dispatch and caching

    /// Lays out or measures `node`: from the cache when an earlier answer serves, otherwise by the
    /// algorithm that suits it (a leaf's measurement, or flexbox).
    func compute(
        _ node: Int, known: Known, parentSize: Known, space: Space, mode: RunMode, sizing: SizingMode
    ) -> NodeOutput {
        let base = Int(cacheBase[node])
        guard base >= 0 else {
            return leafLayout(node, known: known, parentSize: parentSize, space: space, mode: mode, sizing: sizing)
        }
        let slot = mode == .performLayout ? base + 9 : base + CacheEntry.slot(known, space)
        let percentBase = hasPercentages[node] ? parentSize : nil
        if let entry = cache[slot], entry.serves(known, space, percentBase) { return entry.output }
        // A final layout answers a measurement too.
        if mode == .computeSize, let entry = cache[base + 9], entry.serves(known, space, percentBase) {
            return entry.output
        }
        computations += 1
        let output = flexLayout(node, known: known, parentSize: parentSize, space: space, mode: mode, sizing: sizing)
        cache[slot] = CacheEntry(known: known, space: space, percentBase: percentBase, output: output)
        return output
    }

    /// The node's size in one axis.
    @inline(__always)
    func measure(_ node: Int, known: Known, parentSize: Known, space: Space, sizing: SizingMode, isRow: Bool)
        -> Double
    {
        if let value = known.main(isRow) { return value }
        // A leaf asked for its width alone is not asked for its height.
        if isRow, cacheBase[node] < 0, leafIndex[node] >= 0 {
            return leafLayout(
                node, known: known, parentSize: parentSize, space: space, mode: .computeSize, sizing: sizing,
                widthOnly: true
            ).size.width
        }
        let output = compute(
            node, known: known, parentSize: parentSize, space: space, mode: .computeSize, sizing: sizing)
        return output.size.main(isRow)
    }

    /// Gives `node` and its subtree zero frames (a `display: none` subtree).
    func hide(_ node: Int) {
        frames[node] = Frame()
        if cacheBase[node] >= 0 { cache[Int(cacheBase[node]) + 9] = nil }
        for child in children(of: node) { hide(Int(child)) }
    }
}
