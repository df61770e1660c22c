#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

/// Which of a measurement's sizes the caller reads. A container asked for its main size alone stops
/// once it has it, before its items are laid out across: finding a row's min-content width needs its
/// items' widths, not their heights at every width its ancestors try (which made a chain of
/// percentage widths quadratic in its depth).
enum RequestedAxis {
    case both
    case width
    case height
}

/// Whether the node's own size styles apply (`inherent`), or only its content decides (`content`: the
/// caller has already applied them, as a flex container does for its items).
enum SizingMode {
    case contentSize
    case inherentSize
}

/// A node's frame before rounding, relative to its parent's border box.
struct Frame: Equatable {
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
    /// What else the answer depended on (the node's percentage bases and sizing mode, where its style
    /// reads them).
    var key: CacheKey
    /// The sizes the answer has (the other of an answer for one axis is NaN, which no known size
    /// equals).
    var axis: RequestedAxis
    var output: NodeOutput

    /// Whether the entry answers a question (both as ``StyleReads/question(_:_:_:)`` puts them): the
    /// same known sizes (or the ones it found), the same available space where the size is unknown,
    /// the same key, and the sizes asked for.
    @inline(__always) func serves(_ known: Known, _ space: Space, _ key: CacheKey, _ axis: RequestedAxis) -> Bool {
        (self.axis == .both || self.axis == axis)
            && (known.width == self.known.width || known.width == output.size.width)
            && (known.height == self.known.height || known.height == output.size.height)
            && (known.width != nil || self.space.width.isRoughlyEqual(space.width))
            && (known.height != nil || self.space.height.isRoughlyEqual(space.height))
            && key == self.key
    }

    /// Which of the eighteen measuring slots a question goes to: questions that differ in kind get
    /// their own slot, so that a min-content measurement never evicts a max-content one, nor a
    /// measurement of a box for itself (its own sizes applying) one of it as a flex item (its
    /// parent's having applied them). A parent asks its items both in one pass; sharing a slot, the
    /// two evicted each other, and a chain of boxes whose percentages and ratios make each ask its
    /// item both was measured twice as often at each level down (2^depth).
    @inline(__always) static func slot(_ known: Known, _ space: Space, _ sizing: SizingMode) -> Int {
        let bank = sizing == .inherentSize ? 9 : 0
        switch (known.width != nil, known.height != nil) {
        case (true, true): return bank
        case (true, false): return bank + 1 + (space.height.isMinContent ? 1 : 0)
        case (false, true): return bank + 3 + (space.width.isMinContent ? 1 : 0)
        case (false, false):
            return bank + 5 + (space.height.isMinContent ? 1 : 0) + (space.width.isMinContent ? 2 : 0)
        }
    }

    /// The slots of a node: ``slot(_:_:_:)``'s eighteen, the final layout's, and a grid's second
    /// chance (``secondSlot``).
    static let slotsPerNode = 20
    /// The final layout's slot.
    static let finalSlot = 18
    /// Where a grid keeps the measurement a new one evicts from its slot: a grid asks its items
    /// questions that differ only in what a slot does not tell apart (a max-content width with and
    /// without its area's width as a percentage base), and two that evicted each other at every
    /// level of nested grids made their layout exponential in the depth.
    static let secondSlot = 19
}

/// What a container's answer depends on besides its known sizes and its available space: the sizes its
/// own percentages resolve against and whether its own width and height apply, each only where its
/// style reads it. A question that differs only in what the style does not read is the same question
/// (a chain of boxes of `width: 10%` measured for their content asks each box the same few
/// questions, whatever the widths above it).
struct CacheKey: Equatable {
    /// The parent's width and height where the node's percentages read them; `unread` elsewhere.
    var percentBase: Known
    var sizing: SizingMode
    /// Whether the known height is not definite (its children's percentages of it act as `auto`).
    var indefiniteHeight = false

    /// Stands for a base the style does not read (sizes are never negative).
    static let unread = -1.0
}

/// Which parts of a question a container's style reads, found once per node.
struct StyleReads: OptionSet {
    let rawValue: UInt16
    /// Padding, borders, margins, minimum or maximum sizes in percentages of the parent's width.
    static let widthBase = StyleReads(rawValue: 1)
    /// Minimum or maximum heights in percentages of the parent's height.
    static let heightBase = StyleReads(rawValue: 2)
    /// A width in a percentage (read when the node's own size applies).
    static let percentWidth = StyleReads(rawValue: 4)
    /// A height in a percentage (read when the node's own size applies).
    static let percentHeight = StyleReads(rawValue: 8)
    /// A width in points.
    static let pointsWidth = StyleReads(rawValue: 16)
    /// A height in points.
    static let pointsHeight = StyleReads(rawValue: 32)
    /// An aspect ratio, which carries a size resolved in one axis to the other.
    static let aspectRatio = StyleReads(rawValue: 64)
    /// The points of the available width, where the width is unknown, reach something that reads
    /// them: a leaf's content (text wraps in it), a wrapping row's lines, or a column's items across.
    static let availableWidth = StyleReads(rawValue: 128)
    /// The points of the available height reach a wrapping column's lines or a row's items across.
    static let availableHeight = StyleReads(rawValue: 256)
    /// The kind of the available width (points, min-content or max-content) reaches something that
    /// reads it: a leaf's content, a row's main size, or a column's items across. Elsewhere any
    /// available width gives the same answer.
    static let widthSpace = StyleReads(rawValue: 1024)
    /// The kind of the available height reaches a column's main size or a row's items across.
    static let heightSpace = StyleReads(rawValue: 2048)
    /// The node's width depends on its height (known or available): it or an in-flow descendant
    /// has an aspect ratio, or is a wrapping column. Elsewhere a question for the width alone is the
    /// same whatever the height.
    static let widthFromHeight = StyleReads(rawValue: 512)
    /// The node's children are placed by a ``BoxArrangement``, whose answers may read anything of a
    /// question: such a node reads every part (``everything``).
    static let arranged = StyleReads(rawValue: 4096)
    /// Every part of a question, and ``arranged``.
    static let everything = StyleReads(rawValue: 0x1FFF)
    /// The node is a grid container, which
    /// ``LayoutTree/gridLayout(_:known:parentSize:space:mode:sizing:)`` lays out.
    static let grid = StyleReads(rawValue: 0x2000)

    init(rawValue: UInt16) { self.rawValue = rawValue }

    /// What `style` reads, from each property's percentage base (``BoxStyle/properties``): a
    /// property added there is read here without an edit. (Values are read by their offsets:
    /// this runs for every node on every layout.)
    init(_ style: BoxStyle) {
        self = withUnsafePointer(to: style) { StyleReads($0) }
    }

    /// What the style at `style` reads, read in place (a style is large, and copying one retains its
    /// grid values).
    init(_ style: UnsafePointer<BoxStyle>) {
        var reads: StyleReads = []
        do {
            let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(style), count: MemoryLayout<BoxStyle>.size)
            for read in Self.percentReads {
                let lengths: (BoxLength, BoxLength, BoxLength, BoxLength)
                if read.isEdges {
                    let edges = bytes.load(fromByteOffset: read.offset, as: BoxEdges<BoxLength>.self)
                    lengths = (edges.top, edges.right, edges.bottom, edges.left)
                } else {
                    let length = bytes.load(fromByteOffset: read.offset, as: BoxLength.self)
                    lengths = (length, length, length, length)
                }
                if lengths.0.isPercent || lengths.1.isPercent || lengths.2.isPercent || lengths.3.isPercent {
                    reads.formUnion(read.percent)
                } else if case .points = lengths.0 {
                    reads.formUnion(read.points)
                }
            }
        }
        if style.pointee.display == .grid { reads.insert(.grid) }
        if style.pointee.aspectRatio != nil {
            reads.formUnion([.aspectRatio, .widthFromHeight])
            // (The ratio carries the height's limits to the width only where the width is auto, and
            // a width in a percentage of an unknown base is: its limits read the base, whatever the
            // sizing.)
            if reads.contains(.percentWidth) { reads.insert(.widthBase) }
            if !reads.isDisjoint(with: [.widthBase, .heightBase]) { reads.formUnion([.widthBase, .heightBase]) }
        }
        self = reads
    }

    /// For each property whose percentages a box's answer depends on (its base is the containing
    /// block's width or height, or it is the box's own width or height): its offset in the style,
    /// whether it is four edges, what a percentage in it reads, and what points in it read (a width
    /// or height in points).
    private static let percentReads = BoxStyle.properties.compactMap {
        property -> (offset: Int, isEdges: Bool, percent: StyleReads, points: StyleReads)? in
        let percent: StyleReads
        var points: StyleReads = []
        switch property.percentBase {
        case .containingWidth: percent = .widthBase
        case .containingHeight: percent = .heightBase
        case .width: (percent, points) = (.percentWidth, .pointsWidth)
        case .height: (percent, points) = (.percentHeight, .pointsHeight)
        // Resolved by the container against its own sizes, which its own answer is keyed by.
        case .containerMainSize, .contentBox, .paddingBox, nil: return nil
        }
        switch property.storage {
        case .length(let offset, _, _): return (offset, false, percent, points)
        case .edges(let offset, _, _): return (offset, true, percent, points)
        default: return nil
        }
    }

    /// Whether a question for the width alone is the same whatever the height: the node's width does
    /// not depend on it.
    @inline(__always) func widthIgnoresHeight(_ axis: RequestedAxis) -> Bool {
        axis == .width && !contains(.widthFromHeight)
    }

    /// The question as the node's answer sees it: what nothing in its subtree reads is set to one
    /// value (an available size's points, or its kind; a height, for a width that does not depend on
    /// it), so that questions differing only there are one question, in one cache slot.
    @inline(__always) func question(_ known: Known, _ space: Space, _ axis: RequestedAxis) -> (Known, Space) {
        var known = known
        var space = space
        if widthIgnoresHeight(axis) {
            known.height = nil
            space.height = .maxContent
        }
        if known.width == nil {
            if !contains(.widthSpace) {
                space.width = .maxContent
            } else if !contains(.availableWidth), case .points = space.width {
                space.width = .points(0)
            }
        }
        if known.height == nil {
            if !contains(.heightSpace) {
                space.height = .maxContent
            } else if !contains(.availableHeight), case .points = space.height {
                space.height = .points(0)
            }
        }
        return (known, space)
    }

    /// The part of a question the style reads. The node's own size applies only where it resolves
    /// and is not known already (a size in a percentage of an unknown base is `auto`): elsewhere the
    /// question is the same as one of content size. Asked for a width that does not depend on the
    /// height, nothing of the height counts.
    @inline(__always) func key(known: Known, parentSize: Known, sizing: SizingMode, axis: RequestedAxis)
        -> CacheKey
    {
        let heightCounts = !widthIgnoresHeight(axis)
        var readsWidth = contains(.widthBase)
        var readsHeight = heightCounts && contains(.heightBase)
        var inherent = false
        if sizing == .inherentSize {
            let carried = contains(.aspectRatio)
            let widthApplies = known.width == nil || carried
            let heightApplies = heightCounts && (known.height == nil || carried)
            let widthResolves = contains(.pointsWidth) || (contains(.percentWidth) && parentSize.width != nil)
            let heightResolves = contains(.pointsHeight) || (contains(.percentHeight) && parentSize.height != nil)
            inherent = (widthApplies && widthResolves) || (heightApplies && heightResolves)
            if inherent {
                readsWidth = readsWidth || (contains(.percentWidth) && widthApplies)
                readsHeight = readsHeight || (contains(.percentHeight) && heightApplies)
                if carried, readsWidth || readsHeight {
                    readsWidth = true
                    readsHeight = true
                }
            }
        }
        return CacheKey(
            percentBase: Known(
                readsWidth ? parentSize.width : CacheKey.unread, readsHeight ? parentSize.height : CacheKey.unread),
            sizing: inherent ? .inherentSize : .contentSize)
    }
}

/// A leaf's answers, asked once each.
struct LeafAnswers {
    var leaf: any BoxLeaf
    /// The leaf's ``BoxLeaf/measuresAlikePastMaxContent``, asked once.
    var measuresAlike: Bool
    var widths: BoxContentWidths?
    /// Heights by width, a few at a time (most layouts ask for one or two widths).
    var heights = LeafHeights()
}

/// A leaf's heights by width, oldest first, at most eight. The first is kept inline: most leaves
/// are asked one width, and an array for it was an allocation a leaf (about 560 instructions a row
/// of a table, 0.6% of its layout, by callgrind).
struct LeafHeights {
    private var first: (width: Double, size: BoxLeafSize)?
    private var rest: [(width: Double, size: BoxLeafSize)] = []

    /// The oldest answer whose width passes `test`.
    @inline(__always)
    func first(where test: (Double) -> Bool) -> BoxLeafSize? {
        guard let first else { return nil }
        if test(first.width) { return first.size }
        for answer in rest where test(answer.width) { return answer.size }
        return nil
    }

    /// Keeps an answer; past eight, the oldest goes.
    mutating func append(width: Double, size: BoxLeafSize) {
        guard first != nil else {
            first = (width, size)
            return
        }
        if rest.count >= 7 { first = rest.removeFirst() }
        rest.append((width, size))
    }
}

/// The input tree in arrays, in preorder, built once before layout.
struct FlatTree {
    /// The styles, in the layout's scratch buffer (a style is large: it is copied once), each once:
    /// a node whose style has the same bytes as the last one kept shares it (siblings mostly do:
    /// a table's rows, a grid's cells).
    let styles: UnsafeMutableBufferPointer<BoxStyle>
    var styleCount = 0
    /// Whether a style kept holds grid values (a reference, released with the styles): only then
    /// are the styles deinitialized.
    private(set) var holdsGridValues = false
    /// The input style the last style kept was copied from, when it was kept unchanged.
    private var lastInput: UnsafeRawPointer?
    var nodeCount = 0
    // Each node's numbers, in the layout's scratch buffers (written in place: arrays appended to
    // were a quarter of flattening a grid), `nodeCount` of each; `childList` holds every node but
    // the root once, `childListCount` of them.
    /// Each node's style in `styles`.
    let styleIndex: UnsafeMutableBufferPointer<Int32>
    let rightToLeft: UnsafeMutableBufferPointer<Bool>
    let childStart: UnsafeMutableBufferPointer<Int32>
    let childCount: UnsafeMutableBufferPointer<Int32>
    let childList: UnsafeMutableBufferPointer<Int32>
    private(set) var childListCount = 0
    let leafIndex: UnsafeMutableBufferPointer<Int32>
    /// Each node's parent (-1 for the root).
    let parents: UnsafeMutableBufferPointer<Int32>
    /// Room for ``LayoutTree/cacheBase`` and ``LayoutTree/reads``, which the layout fills.
    let cacheBase: UnsafeMutableBufferPointer<Int32>
    let reads: UnsafeMutableBufferPointer<StyleReads>
    var leaves: [LeafAnswers] = []
    /// Each node's id, or empty when no node has one (most trees: an array of 10,000 nils was made,
    /// copied and destroyed for a grid, 5% of its layout call). Made at the first node with an id,
    /// the nodes before it given nil.
    var ids: [String?] = []
    /// The paints of the nodes that have one, with their nodes (most nodes have none).
    var paints: [Int32: SharedPaint] = [:]
    /// The result roles that are not ``BoxNode/ResultRole/node``, with their nodes.
    var roles: [Int32: BoxNode.ResultRole] = [:]
    /// The origins of the nodes that have one, with their nodes.
    var origins: [Int32: BoxOrigin] = [:]
    /// The arrangements of the nodes that have one, with their nodes.
    var arrangements: [Int32: any BoxArrangement] = [:]

    /// Whether every node passed ``BoxNode/ownProblem(_:depth:checksStyle:)`` (always, unless the
    /// tree was flattened `validating`): a flattening that finds a problem stops there.
    private(set) var isValid = true
    private let validating: Bool

    /// Flattens `root` (of `count` nodes, or as many as ``BoxNode/census(deeperThan:)`` counts), its
    /// styles into `scratch`'s buffer; `validating`, each node is checked as it is reached, as
    /// ``BoxNode/validate()`` checks it (one walk of the input instead of two).
    init(_ root: BoxNode, count: Int, scratch: LayoutScratch, validating: Bool) {
        self.validating = validating
        styles = scratch.styles.reserve(BoxStyle.self, count: count, holdingReferences: true)
        let numbers = scratch.nodeNumbers.reserve(Int32.self, count: 7 * count)
        func numbersOf(_ part: Int) -> UnsafeMutableBufferPointer<Int32> {
            UnsafeMutableBufferPointer(rebasing: numbers[part * count..<(part + 1) * count])
        }
        styleIndex = numbersOf(0)
        childStart = numbersOf(1)
        childCount = numbersOf(2)
        childList = numbersOf(3)
        leafIndex = numbersOf(4)
        parents = numbersOf(5)
        cacheBase = numbersOf(6)
        rightToLeft = scratch.nodeFlags.reserve(Bool.self, count: count)
        reads = scratch.nodeReads.reserve(StyleReads.self, count: count)
        withUnsafePointer(to: root) { _ = add($0, parent: -1, rightToLeft: false, depth: 0) }
    }

    /// Adds `node` and its subtree in preorder; returns its index. Validating, a node with a problem
    /// is not added, and nothing after it.
    @discardableResult
    private mutating func add(
        _ node: UnsafePointer<BoxNode>, parent: Int32, rightToLeft parentRightToLeft: Bool, depth: Int
    ) -> Int32 {
        // (A leaf's own ratio, where the style gives none, goes into its style.)
        let input = UnsafeRawPointer(node) + BoxNode.styleOffset
        var leafRatio: Double?
        let content = node.pointee.content
        if let content, node.pointee.style.aspectRatio == nil, let ratio = content.leaf?.aspectRatio, ratio.isFinite,
            ratio > 0
        {
            leafRatio = ratio
        }
        let shares =
            leafRatio == nil && lastInput.map { memcmp(input, $0, MemoryLayout<BoxStyle>.size) == 0 } ?? false
        if validating, BoxNode.ownProblem(node, depth: depth, checksStyle: !shares) != nil {
            isValid = false
            return 0
        }
        // (`count` is the tree's: a node past it would write past the buffers.)
        precondition(nodeCount < styleIndex.count, "the tree has more nodes than counted")
        let index = Int32(nodeCount)
        nodeCount += 1
        if !shares {
            let style = styles.baseAddress! + styleCount
            if node.pointee.style.grid == nil {
                // (A style without grid values holds no reference: its bytes are the copy.)
                UnsafeMutableRawPointer(style).copyMemory(from: input, byteCount: MemoryLayout<BoxStyle>.size)
            } else {
                style.initialize(to: node.pointee.style)
                holdsGridValues = true
            }
            styleCount += 1
            if let leafRatio { style.pointee.aspectRatio = leafRatio }
            lastInput = leafRatio == nil ? input : nil
        }
        let position = Int(index)
        styleIndex[position] = Int32(styleCount - 1)
        let style = styles.baseAddress! + styleCount - 1
        let isRightToLeft = style.pointee.direction.map { $0 == .rtl } ?? parentRightToLeft
        rightToLeft[position] = isRightToLeft
        if !ids.isEmpty {
            ids.append(node.pointee.id)
        } else if let id = node.pointee.id {
            // (The buffers are sized to the tree's node count.)
            ids.reserveCapacity(styleIndex.count)
            ids.append(contentsOf: repeatElement(nil, count: position))
            ids.append(id)
        }
        parents[position] = parent
        if let paint = node.pointee.sharedPaint { paints[index] = paint }
        if node.pointee.resultRole != .node { roles[index] = node.pointee.resultRole }
        if let origin = node.pointee.origin { origins[index] = origin }
        leafIndex[position] = -1
        // (Most nodes have no content: the optional leaf and arrangement are not made to be dropped.)
        if let content {
            if let arrangement = content.arrangement { arrangements[index] = arrangement }
            if let leaf = content.leaf {
                leafIndex[position] = Int32(leaves.count)
                leaves.append(LeafAnswers(leaf: leaf, measuresAlike: leaf.measuresAlikePastMaxContent))
            }
        }
        // The children's slots are reserved together, then each child's subtree follows.
        let start = childListCount
        childStart[position] = Int32(start)
        childCount[position] = Int32(node.pointee.children.count)
        guard !node.pointee.children.isEmpty else { return index }
        childListCount += node.pointee.children.count
        precondition(childListCount < childList.count, "the tree has more nodes than counted")
        // Through pointers: a `for` over the children, or a subscript, would copy each node (its
        // style is large) first.
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            for offset in 0..<children.count {
                childList[start + offset] = add(
                    first + offset, parent: index, rightToLeft: isRightToLeft, depth: depth + 1)
                if !isValid { return }
            }
        }
        return index
    }
}

/// The tree the engine lays out: the input's arrays (immutable, so reading them needs no exclusivity
/// checks), and what layout writes (caches, leaf answers, frames) in buffers this class owns.
final class LayoutTree {
    /// The styles, read in place (a style is too large to copy for every look), shared by nodes whose
    /// styles are the same (``FlatTree/styles``): read through ``style(_:)``.
    private let styles: UnsafeMutableBufferPointer<BoxStyle>
    /// Whether a style holds grid values (``FlatTree/holdsGridValues``).
    private let holdsGridValues: Bool
    // The nodes' numbers, in the scratch buffers ``FlatTree`` wrote them to (read in place: a slice
    // of the children is read without retaining an array).
    /// Each node's style in `styles`.
    private let styleIndex: UnsafeBufferPointer<Int32>
    /// The number of nodes.
    let nodeCount: Int
    /// Whether each node lays its children out right to left (its own direction, inherited).
    let rightToLeft: UnsafeBufferPointer<Bool>
    /// The node's children: `childList[childStart[node] ..< childStart[node] + childCount[node]]`.
    let childStart: UnsafeBufferPointer<Int32>
    let childCount: UnsafeBufferPointer<Int32>
    let childList: UnsafeBufferPointer<Int32>
    /// The index of each node's leaf in `leaves`, or -1.
    let leafIndex: UnsafeBufferPointer<Int32>
    /// Each node's id; empty when no node has one (``FlatTree/ids``): read through ``id(of:)``.
    private let ids: [String?]
    let paints: [Int32: SharedPaint]
    let roles: [Int32: BoxNode.ResultRole]
    let origins: [Int32: BoxOrigin]
    let arrangements: [Int32: any BoxArrangement]
    /// The caches of the nodes with children, ``CacheEntry/slotsPerNode`` slots each (eighteen for
    /// measuring, the last for the final layout), from `cacheBase[node]`; -1 for a node without
    /// children, whose layout is cheap enough to do again (a leaf's own answers are kept in
    /// `leaves`).
    let cacheBase: UnsafeBufferPointer<Int32>
    /// Which parts of a question each node's style reads (for its cache key).
    let reads: UnsafeBufferPointer<StyleReads>
    /// Each node's parent (-1 for the root).
    let parents: UnsafeBufferPointer<Int32>
    /// The cache's entries, in the order they were first kept in this layout: a slot that holds one
    /// names it in ``cacheSlots``. An entry is about 150 bytes and a node uses few of its twenty
    /// slots, so entries take room only as they are kept (twenty each in place were 3 KB a node:
    /// a third of a 100,000-row table's memory).
    private var cache: UnsafeMutableBufferPointer<CacheEntry>
    /// How many entries of ``cache`` this layout has kept.
    private var cacheCount = 0
    /// Each slot's entry in ``cache``, when its stamp says it is this layout's.
    private let cacheSlots: UnsafeMutableBufferPointer<Int32>
    /// Each slot's layout: the slot holds an entry of this layout when its stamp is ``generation``
    /// (read only so: emptying every slot for each layout took a tenth of a deep tree's time).
    private let stamps: UnsafeMutableBufferPointer<UInt32>
    /// The layout going on (stamps start at 0, older layouts have smaller numbers).
    private var generation: UInt32 = 1
    let leaves: UnsafeMutableBufferPointer<LeafAnswers>
    let frames: UnsafeMutableBufferPointer<Frame>

    /// The frames, copied while the tree (which owns their memory) is alive: `Array(tree.frames)`
    /// may read them after Swift has released a tree it no longer needs.
    func copiedFrames() -> [Frame] { Array(frames) }
    /// The flex items of the containers being laid out, one above the other (a container's items are
    /// its children, so the nodes of the tree are room enough), and the first free slot.
    let arena: UnsafeMutableBufferPointer<FlexItem>
    var arenaTop = 0
    /// How many times a node with children was laid out or measured without the cache (linearity tests
    /// read it; a node without children costs a bounded amount each time its parent asks).
    var computations = 0
    /// Whether answers are taken from the caches (tests turn it off to show that the cache never
    /// changes an answer).
    var usesCache = true

    /// The buffers this layout borrows, given back when it ends.
    private let scratch: LayoutScratch

    /// Flattens `root` (a tree already validated, of `count` nodes when known).
    convenience init(_ root: BoxNode, count: Int? = nil) {
        let scratch = LayoutScratch.take()
        self.init(FlatTree(root, count: count ?? root.count, scratch: scratch, validating: false), scratch: scratch)
    }

    /// Checks `root` while it flattens it, and throws its first problem as ``BoxNode/validate()``
    /// does; `count` is ``BoxNode/census(deeperThan:)``'s.
    convenience init(validating root: BoxNode, count: Int) throws(BoxError) {
        let scratch = LayoutScratch.take()
        let flat = FlatTree(root, count: count, scratch: scratch, validating: true)
        guard flat.isValid else {
            if flat.holdsGridValues { flat.styles[..<flat.styleCount].deinitialize() }
            LayoutScratch.give(scratch)
            // (The same checks in the same order: validate() finds the problem and its path.)
            try root.validate()
            throw BoxError(path: "", problem: "the tree is not valid")
        }
        self.init(flat, scratch: scratch)
    }

    private init(_ flat: FlatTree, scratch: LayoutScratch) {
        self.scratch = scratch
        styles = UnsafeMutableBufferPointer(rebasing: flat.styles[..<flat.styleCount])
        holdsGridValues = flat.holdsGridValues
        nodeCount = flat.nodeCount
        func nodes<T>(_ buffer: UnsafeMutableBufferPointer<T>) -> UnsafeBufferPointer<T> {
            UnsafeBufferPointer(rebasing: buffer[..<flat.nodeCount])
        }
        styleIndex = nodes(flat.styleIndex)
        rightToLeft = nodes(flat.rightToLeft)
        childStart = nodes(flat.childStart)
        childCount = nodes(flat.childCount)
        childList = UnsafeBufferPointer(rebasing: flat.childList[..<flat.childListCount])
        leafIndex = nodes(flat.leafIndex)
        ids = flat.ids
        paints = flat.paints
        roles = flat.roles
        origins = flat.origins
        arrangements = flat.arrangements
        let kept = styles
        let styleReads = kept.indices.map { StyleReads(UnsafePointer(kept.baseAddress! + $0)) }
        let reads = UnsafeMutableBufferPointer(rebasing: flat.reads[..<nodeCount])
        for node in reads.indices { reads[node] = styleReads[Int(flat.styleIndex[node])] }
        var containers: Int32 = 0
        for node in 0..<nodeCount {
            // (Most trees have no arrangement: the dictionary is not asked, and no empty answer made.)
            // (A grid container without items still has its tracks' size.)
            guard
                flat.childCount[node] > 0 || (!flat.arrangements.isEmpty && flat.arrangements[Int32(node)] != nil)
                    || (reads[node].contains(.grid) && flat.leafIndex[node] < 0)
            else {
                flat.cacheBase[node] = -1
                continue
            }
            flat.cacheBase[node] = containers * Int32(CacheEntry.slotsPerNode)
            containers += 1
        }
        cacheBase = nodes(flat.cacheBase)
        func style(_ node: Int) -> UnsafePointer<BoxStyle> {
            UnsafePointer(flat.styles.baseAddress! + Int(flat.styleIndex[node]))
        }
        // Children come after their parent in preorder: from the last node back, each node's children
        // are done before it.
        // (The styles are read in place: copying one copies 440 bytes.)
        for node in reads.indices.reversed() {
            if !flat.arrangements.isEmpty, flat.arrangements[Int32(node)] != nil {
                reads[node] = .everything
                continue
            }
            if reads[node].contains(.grid), leafIndex[node] < 0 {
                // A grid's items are asked questions made from its own sizes and its tracks', never
                // from its available space: its answers read its own percentage bases (its style's)
                // and the room across (its columns fill a width it is offered), not the room down
                // (its rows are sized at max-content whatever the room, its height being its
                // content's, as a block's), and its width may follow its height (its items' ratios,
                // through the rows).
                reads[node].formUnion([.grid, .availableWidth, .widthSpace, .widthFromHeight])
                continue
            }
            let start = Int(childStart[node])
            let children = childList[start..<start + Int(childCount[node])]
            if children.isEmpty {
                // (A leaf is no grid, whatever its display.)
                if leafIndex[node] >= 0 {
                    reads[node] = reads[node].subtracting(.grid).union([.availableWidth, .widthSpace])
                }
                continue
            }
            let isRow = style(node).pointee.flexDirection.isRow
            // The main axis's space decides the container's main size (a row's fit-content width reads
            // the room's points).
            reads[node].insert(isRow ? [.widthSpace, .availableWidth] : .heightSpace)
            if style(node).pointee.flexWrap != .noWrap, !isRow {
                // (A wrapping column's fit-content width reads the room across too.)
                reads[node].formUnion([.availableHeight, .widthFromHeight, .availableWidth, .widthSpace])
            }
            // What reaches the items across the main axis (along it they get a content size).
            let across: StyleReads = isRow ? [.availableHeight, .heightSpace] : [.availableWidth, .widthSpace]
            for child in children {
                let childStyle = style(Int(child))
                guard childStyle.pointee.position != .absolute, childStyle.pointee.display != .none else { continue }
                reads[node].formUnion(reads[Int(child)].intersection(across.union(.widthFromHeight)))
            }
        }
        self.reads = UnsafeBufferPointer(reads)
        parents = nodes(flat.parents)
        cache = scratch.cache.reserve(CacheEntry.self, count: Int(containers) * 2)
        cacheSlots = scratch.cacheSlots.reserve(Int32.self, count: Int(containers) * CacheEntry.slotsPerNode)
        stamps = scratch.stamps.reserve(UInt32.self, count: Int(containers) * CacheEntry.slotsPerNode)
        stamps.initialize(repeating: 0)
        leaves = .allocate(capacity: flat.leaves.count)
        _ = leaves.initialize(from: flat.leaves)
        arena = scratch.arena.reserve(FlexItem.self, count: nodeCount)
        frames = scratch.frames.reserve(Frame.self, count: nodeCount)
        frames.initialize(repeating: Frame())
    }

    /// Ready for another layout of the same tree: the caches and frames emptied. The leaves keep
    /// their answers (they answer by width alone, whatever the layout around them).
    func reset() {
        generation &+= 1
        if generation == 0 {
            stamps.update(repeating: 0)
            generation = 1
        }
        cacheCount = 0
        frames.initialize(repeating: Frame())
        arenaTop = 0
        computations = 0
    }

    deinit {
        // The scratch buffers hold plain values, but for the styles' grid values.
        if holdsGridValues { styles.deinitialize() }
        leaves.deinitialize()
        leaves.deallocate()
        LayoutScratch.give(scratch)
    }

    /// The entry in cache slot `slot`, when this layout put it there.
    @inline(__always) func cached(_ slot: Int) -> CacheEntry? {
        stamps[slot] == generation ? cache[Int(cacheSlots[slot])] : nil
    }

    /// Keeps `entry` in cache slot `slot`: in place of the slot's entry of this layout, or as a new
    /// entry (the entries' room grown by half when full).
    @inline(__always) func keep(_ entry: CacheEntry, in slot: Int) {
        if stamps[slot] == generation {
            cache[Int(cacheSlots[slot])] = entry
            return
        }
        if cacheCount == cache.count {
            cache = scratch.cache.grow(CacheEntry.self, count: cache.count + cache.count / 2 + 16, keeping: cacheCount)
        }
        cache[cacheCount] = entry
        cacheSlots[slot] = Int32(cacheCount)
        cacheCount += 1
        stamps[slot] = generation
    }

    /// Whether cache slot `slot` holds an entry of this layout.
    @inline(__always) func holds(_ slot: Int) -> Bool { stamps[slot] == generation }

    /// Empties cache slot `slot`.
    @inline(__always) func forget(_ slot: Int) { stamps[slot] = 0 }

    /// The style of `node`, in place.
    /// Whether two nodes share one style (``FlatTree/styles``).
    @inline(__always) func sharesStyle(_ node: Int, _ other: Int) -> Bool { styleIndex[node] == styleIndex[other] }

    /// The node's ``BoxNode/id``.
    @inline(__always) func id(of node: Int) -> String? { ids.isEmpty ? nil : ids[node] }

    @inline(__always) func style(_ node: Int) -> UnsafePointer<BoxStyle> {
        UnsafePointer(styles.baseAddress! + Int(styleIndex[node]))
    }

    @inline(__always) func children(of node: Int) -> UnsafeBufferPointer<Int32> {
        let start = Int(childStart[node])
        return UnsafeBufferPointer(rebasing: childList[start..<start + Int(childCount[node])])
    }

    // MARK: - Dispatch and caching

    /// Lays out or measures `node`: a leaf by its measurement; a container from the cache when an
    /// earlier answer serves, otherwise by the algorithm of its kind (``kind(of:)``).
    func compute(
        _ node: Int, known: Known, parentSize: Known, space: Space, mode: RunMode, sizing: SizingMode,
        axis: RequestedAxis = .both, indefiniteHeight: Bool = false
    ) -> NodeOutput {
        let base = Int(cacheBase[node])
        guard base >= 0 else {
            return leafLayout(node, known: known, parentSize: parentSize, space: space, mode: mode, sizing: sizing)
        }
        let nodeReads = reads[node]
        let (question, questionSpace) = nodeReads.question(known, space, axis)
        var key = nodeReads.key(known: known, parentSize: parentSize, sizing: sizing, axis: axis)
        let slot =
            base
            + (mode == .performLayout ? CacheEntry.finalSlot : CacheEntry.slot(question, questionSpace, key.sizing))
        let indefiniteHeight = indefiniteHeight && question.height != nil
        key.indefiniteHeight = indefiniteHeight
        if usesCache {
            if let entry = cached(slot), entry.serves(question, questionSpace, key, axis) { return entry.output }
            if nodeReads.contains(.grid), mode == .computeSize, let entry = cached(base + CacheEntry.secondSlot),
                entry.serves(question, questionSpace, key, axis)
            {
                return entry.output
            }
            // A final layout answers a measurement too.
            if mode == .computeSize, let entry = cached(base + CacheEntry.finalSlot),
                entry.serves(question, questionSpace, key, axis)
            {
                return entry.output
            }
        }
        // A row laid out at a width and at the height it has at that width, where nothing in it
        // reads its height (``layoutIsItsHeightsAt(_:)``), is laid out as at that width alone: the
        // same layout, found the same way whether or not the caches are used (laid out again at the
        // height made definite, its sizes could differ in the last bit, being sums taken apart).
        if mode == .performLayout, let width = known.width, let height = known.height, layoutIsItsHeightsAt(node) {
            let atWidth = Known(width, nil)
            let found = compute(
                node, known: atWidth, parentSize: parentSize, space: space, mode: .computeSize, sizing: sizing,
                axis: .height)
            if found.size.height == height {
                let laidOut = compute(
                    node, known: atWidth, parentSize: parentSize, space: space, mode: .performLayout, sizing: sizing)
                if laidOut.size.height == height { return laidOut }
            }
        }
        computations += 1
        // A row's height at a known width, the first time it is asked before the row is laid out, is
        // found by laying the row out at that width (the layout it will have at that height, above),
        // and the final slot serves the layout.
        let laysOut =
            mode == .computeSize && axis != .width && question.width != nil && question.height == nil && usesCache
            && !holds(base + CacheEntry.finalSlot) && layoutIsItsHeightsAt(node)
        let output: NodeOutput
        switch kind(of: node) {
        case .arranged(let arrangement):
            output = arrangedLayout(
                node, arrangement: arrangement, known: known, parentSize: parentSize, space: space, mode: mode,
                sizing: sizing)
        case .grid:
            output = gridLayout(node, known: known, parentSize: parentSize, space: space, mode: mode, sizing: sizing)
        case .flex:
            output = flexLayout(
                node, known: known, parentSize: parentSize, space: space, mode: laysOut ? .performLayout : mode,
                sizing: sizing, axis: laysOut ? .both : axis, indefiniteHeight: indefiniteHeight)
        }
        // (A width asked where the question leaves the height out answers for the width alone: the
        // height beside it is the one it was given, not the one found without it.)
        let entry = CacheEntry(
            known: question, space: questionSpace, key: key,
            axis: output.size.width.isNaN
                ? .height : output.size.height.isNaN || nodeReads.widthIgnoresHeight(axis) ? .width : .both,
            output: output)
        if nodeReads.contains(.grid), mode == .computeSize, let evicted = cached(slot) {
            keep(evicted, in: base + CacheEntry.secondSlot)
        }
        keep(entry, in: slot)
        if laysOut { keep(entry, in: base + CacheEntry.finalSlot) }
        if mode == .performLayout || laysOut { forgetAncestorsLayouts(of: node) }
        return output
    }

    /// The algorithm that lays out a container (a node with a cache: leaves are measured before
    /// the cache is asked): its own arrangement, CSS Grid, or flexbox.
    enum ContainerKind {
        case flex
        case grid
        case arranged(any BoxArrangement)
    }

    /// The node's ``ContainerKind``, from what its style reads (found once, with the tree).
    @inline(__always) func kind(of node: Int) -> ContainerKind {
        let nodeReads = reads[node]
        if nodeReads.contains(.arranged), let arrangement = arrangements[Int32(node)] { return .arranged(arrangement) }
        return nodeReads.contains(.grid) ? .grid : .flex
    }

    /// Forgets the final layouts of `node`'s ancestors, its children's frames having been written
    /// anew: a layout kept for an ancestor placed them as they were, and serving it would leave them
    /// as they are now (a box measured by baselines lays its items out; a row's height is found by
    /// laying it out). Up to the first ancestor with none, whose own ancestors were forgotten when it
    /// was (a final layout is kept only after its subtree's are).
    @inline(__always) func forgetAncestorsLayouts(of node: Int) {
        var ancestor = Int(parents[node])
        while ancestor >= 0 {
            let base = Int(cacheBase[ancestor])
            guard base >= 0, holds(base + CacheEntry.finalSlot) else { return }
            forget(base + CacheEntry.finalSlot)
            ancestor = Int(parents[ancestor])
        }
    }

    /// Whether laying `node` out at a known width with its height unknown gives the layout it has at
    /// that width and the height found, made definite: it is a single-line row (its height is its
    /// items' cross size, and a definite height equal to it leaves them where they were), with no
    /// aspect ratio and no percentage of its parent's height, which nothing in it reads the available
    /// height of (so one question at that width, whatever the height's room), whose in-flow
    /// children read nothing of its height (no size, limit or relative offset in a percentage of
    /// it, no aspect ratio), and with no absolutely placed child.
    func layoutIsItsHeightsAt(_ node: Int) -> Bool {
        let style = style(node)
        guard style.pointee.flexDirection.isRow, style.pointee.flexWrap == .noWrap,
            reads[node].isDisjoint(with: [
                .heightBase, .percentHeight, .aspectRatio, .arranged, .grid, .widthFromHeight, .availableHeight,
                .heightSpace,
            ])
        else { return false }
        for child in children(of: node) {
            let childStyle = self.style(Int(child))
            if childStyle.pointee.display == .none { continue }
            // (A relative offset in a percentage of the height, top or bottom, moves by it.)
            guard childStyle.pointee.position != .absolute, !childStyle.pointee.inset.top.isPercent,
                !childStyle.pointee.inset.bottom.isPercent,
                reads[Int(child)].isDisjoint(with: [.heightBase, .percentHeight, .aspectRatio, .widthFromHeight])
            else { return false }
        }
        return true
    }

    /// The node's size in one axis.
    @inline(__always)
    func measure(
        _ node: Int, known: Known, parentSize: Known, space: Space, sizing: SizingMode, isRow: Bool,
        indefiniteHeight: Bool = false
    ) -> Double {
        if let value = known.main(isRow) { return value }
        // A leaf asked for its width alone is not asked for its height.
        if isRow, cacheBase[node] < 0, leafIndex[node] >= 0 {
            return leafLayout(
                node, known: known, parentSize: parentSize, space: space, mode: .computeSize, sizing: sizing,
                widthOnly: true
            ).size.width
        }
        let output = compute(
            node, known: known, parentSize: parentSize, space: space, mode: .computeSize, sizing: sizing,
            axis: isRow ? .width : .height, indefiniteHeight: indefiniteHeight)
        return output.size.main(isRow)
    }

    /// Gives `node` and its subtree zero frames (a `display: none` subtree).
    func hide(_ node: Int) {
        frames[node] = Frame()
        if cacheBase[node] >= 0 { forget(Int(cacheBase[node]) + CacheEntry.finalSlot) }
        for child in children(of: node) { hide(Int(child)) }
    }
}
