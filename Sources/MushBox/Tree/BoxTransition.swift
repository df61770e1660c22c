/// How one layout of a tree turns into another: each box's frame before and after, the boxes that
/// appear and disappear, and the layout at any moment in between (MGBoxKit's
/// `layoutWithSpeed:completion:`, BoxView's `animateChangesWithDurations:`: the frames move, the
/// boxes that come and go fade in and out).
///
/// Boxes are matched by ``BoxLayout/id``: a box with an id is the box with the same id in the other
/// layout, wherever it is; a box without one is matched by its place under its nearest ancestor
/// with an id (its child indices from there, or from the root), as React matches children without
/// keys. Give an id to each box that moves among its siblings (a table's rows).
///
/// ```swift
/// let transition = BoxTransition(from: try table.layout(), to: try tableWithNewRow.layout())
/// transition.changes.filter { $0.change == .appeared }    // the new row
/// let halfway = transition.layout(at: 0.5)                 // to draw
/// ```
public struct BoxTransition: Sendable {
    /// What happens to a box.
    public enum Change: String, Sendable, Hashable, CaseIterable {
        /// In both layouts at the same frame.
        case unchanged
        /// In both layouts, at another frame or size.
        case moved
        /// Only in the layout after: it fades in.
        case appeared
        /// Only in the layout before: it fades out where it was.
        case disappeared
    }

    /// One box of either layout, with its frames in the root's coordinates.
    public struct Entry: Sendable, Hashable {
        /// The box's id, if it has one.
        public var id: String?
        /// Its child indices from the root, in the layout after (in the layout before for a box
        /// that disappears).
        public var path: [Int]
        public var change: Change
        /// Its frame before and after, in the root's coordinates (nil where it is not there).
        public var before: BoxFrame?
        public var after: BoxFrame?
    }

    /// The two layouts.
    public let before: BoxLayout
    public let after: BoxLayout
    /// Every box of the layout after, in preorder, then those of the layout before that
    /// disappear, in preorder.
    public let changes: [Entry]
    /// The two layouts' boxes by key, found once for every moment drawn.
    private let old: Indexed
    private let new: Indexed

    /// A box's key across the two layouts: its id (and which of the boxes of that id, in order),
    /// or its index under its parent's key.
    indirect enum Key: Hashable, Sendable {
        case root
        case named(String, Int)
        case child(Key, Int)
    }

    /// The boxes of a layout by key: each box's root frame, path, parent's and children's keys.
    struct Indexed: Sendable {
        var frames: [Key: BoxFrame] = [:]
        var paths: [Key: [Int]] = [:]
        var parents: [Key: Key] = [:]
        var children: [Key: [Key]] = [:]
        var order: [Key] = []
        var nodes: [Key: BoxLayout] = [:]
        var rootKey = Key.root
    }

    public init(from before: BoxLayout, to after: BoxLayout) {
        self.before = before
        self.after = after
        old = Self.index(before)
        new = Self.index(after)
        var changes: [Entry] = []
        for key in new.order {
            let was = old.frames[key]
            let now = new.frames[key]
            let change: Change = was == nil ? .appeared : was == now ? .unchanged : .moved
            changes.append(
                Entry(id: new.nodes[key]?.id, path: new.paths[key] ?? [], change: change, before: was, after: now))
        }
        for key in old.order where new.frames[key] == nil {
            changes.append(
                Entry(
                    id: old.nodes[key]?.id, path: old.paths[key] ?? [], change: .disappeared, before: old.frames[key],
                    after: nil))
        }
        self.changes = changes
    }

    /// The keys of a layout's boxes: its id for a box with one (the first box of an id, the root
    /// included, `named(id, 1)`, the next `named(id, 2)`…), else its parent's key and its index.
    static func index(_ root: BoxLayout) -> Indexed {
        var indexed = Indexed()
        var seen: [String: Int] = [:]
        func visit(_ node: BoxLayout, key: Key, parent: Key?, x: Double, y: Double, path: [Int]) {
            indexed.frames[key] = BoxFrame(x: x, y: y, width: node.width, height: node.height)
            indexed.paths[key] = path
            indexed.parents[key] = parent
            indexed.order.append(key)
            indexed.nodes[key] = node
            var childKeys: [Key] = []
            for (index, child) in node.children.enumerated() {
                var childKey = Key.child(key, index)
                if let id = child.id {
                    let count = (seen[id] ?? 0) + 1
                    seen[id] = count
                    childKey = .named(id, count)
                }
                childKeys.append(childKey)
                visit(child, key: childKey, parent: key, x: x + child.x, y: y + child.y, path: path + [index])
            }
            indexed.children[key] = childKeys
        }
        if let id = root.id {
            seen[id] = 1
            indexed.rootKey = .named(id, 1)
        }
        visit(root, key: indexed.rootKey, parent: nil, x: 0, y: 0, path: [])
        return indexed
    }

    /// The layout at `progress`, from 0 (the layout before) to 1 (after; a progress outside is
    /// clamped, and one that is not a number is 1), to draw: the tree after,
    /// each box's frame between its two frames (a straight line in the root's coordinates), the
    /// boxes that appear at their frame after with an opacity of `progress`, and those that
    /// disappear at their frame before with an opacity of `1 − progress`, among their former
    /// siblings where their parent is still there (at the root otherwise). Sizes, never below 0,
    /// change as the frames do; what a box holds (text lines, rows, images) is drawn as it is
    /// after (before, for a box that disappears), at the box's size of the moment.
    public func layout(at progress: Double) -> BoxLayout {
        let t = progress.isFinite ? min(max(progress, 0), 1) : 1
        // The boxes that disappear (the topmost of each subtree that goes), by the key of the
        // parent they are drawn in.
        var leaving: [Key: [(index: Int, key: Key)]] = [:]
        for key in old.order where new.frames[key] == nil {
            guard let parent = old.parents[key] else { continue }
            let parentStays = new.frames[parent] != nil
            guard parentStays || parent == old.rootKey else { continue }
            leaving[parentStays ? parent : new.rootKey, default: []].append((old.paths[key]?.last ?? 0, key))
        }
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        func faded(_ node: BoxLayout, _ opacity: Double) -> BoxLayout {
            var node = node
            var paint = node.paint ?? BoxPaint()
            paint.opacity *= opacity
            node.paint = paint
            return node
        }
        func build(_ node: BoxLayout, key: Key, parentX: Double, parentY: Double, appearing: Bool) -> BoxLayout {
            var result = node
            let now =
                new.frames[key]
                ?? BoxFrame(x: parentX + node.x, y: parentY + node.y, width: node.width, height: node.height)
            var frame = now
            // The roots stand for each other, whatever their ids.
            let was = old.frames[key] ?? (key == new.rootKey ? old.frames[old.rootKey] : nil)
            var childrenAppear = appearing
            if let was {
                frame = BoxFrame(
                    x: lerp(was.x, now.x), y: lerp(was.y, now.y), width: max(lerp(was.width, now.width), 0),
                    height: max(lerp(was.height, now.height), 0))
            } else if !appearing {
                result = faded(result, t)
                childrenAppear = true
            }
            result.x = frame.x - parentX
            result.y = frame.y - parentY
            result.contentWidth = max(result.contentWidth + frame.width - result.width, frame.width)
            result.contentHeight = max(result.contentHeight + frame.height - result.height, frame.height)
            result.width = frame.width
            result.height = frame.height
            let childKeys = new.children[key] ?? []
            var children: [BoxLayout] = []
            for (index, child) in node.children.enumerated() {
                let childKey = index < childKeys.count ? childKeys[index] : Key.child(key, index)
                children.append(
                    build(child, key: childKey, parentX: frame.x, parentY: frame.y, appearing: childrenAppear))
            }
            // The boxes that go, each inserted at its old index among those that stay (in order of
            // index, so each later one counts the earlier ones): merged in one pass, not inserted one
            // by one (5,000 boxes fading out of one parent moved 25 million boxes that way).
            var merged: [BoxLayout] = []
            var next = 0
            for (index, goneKey) in (leaving[key] ?? []).sorted(by: { $0.index < $1.index }) {
                guard let gone = old.nodes[goneKey], let was = old.frames[goneKey] else { continue }
                if merged.isEmpty { merged.reserveCapacity(children.count + (leaving[key]?.count ?? 0)) }
                var node = faded(gone, 1 - t)
                // Where it was, in the root's coordinates.
                node.x = was.x - frame.x
                node.y = was.y - frame.y
                while merged.count < index, next < children.count {
                    merged.append(children[next])
                    next += 1
                }
                // Two that go at one index (from parents that both went): the later before the earlier.
                if merged.count <= index { merged.append(node) } else { merged.insert(node, at: index) }
            }
            if next > 0 || !merged.isEmpty {
                merged.append(contentsOf: children[next...])
                children = merged
            }
            result.children = children
            return result
        }
        return build(after, key: new.rootKey, parentX: 0, parentY: 0, appearing: false)
    }

    /// A smooth start and end (UIKit's default animation curve, `easeInOut`), for even steps of
    /// time to become steps of ``layout(at:)``'s progress: `3t² − 2t³`, for a time from 0 to 1
    /// (clamped; not a number: 1, the end, as ``layout(at:)`` takes it).
    public static func easeInOut(_ time: Double) -> Double {
        let t = time.isNaN ? 1 : min(max(time, 0), 1)
        return t * t * (3 - 2 * t)
    }
}
