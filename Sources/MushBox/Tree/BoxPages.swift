import MushBase

/// Where a laid-out tree is cut into pages: each page a band of the root, from one break to the
/// next, every break where CSS fragmentation allows one, with the headers and footers of the
/// containers it cuts drawn again (the rules are in the article BoxLayoutRules, "Pages").
///
/// A break may fall at any height that cuts no box that cannot be cut: between boxes stacked one
/// above the other (at the top of the later one), inside a box that holds such a break among its
/// children, and between two lines of a text leaf that leaves at least `orphans` lines above it
/// and `widows` below it. Rows (MGLine leaves), images and other leaves are never cut. Each page
/// ends at the lowest such height that fits, keeping what `breakInside`, `breakBefore` and
/// `breakAfter` `avoid` ask where something else fits, and at every `breakBefore` or `breakAfter`
/// `page`; where nothing fits (a leaf taller than a page), the page is cut at its full height, and
/// the page is counted in ``cutPages``. Where a page ends below a box (the next one's top did not
/// fit), the empty space before the next box (margins, gaps) goes on neither page.
///
/// A child with `repeat: header` is drawn again at the top of every later page where its parent
/// continues (stacked below the headers of the containers around it), and the page's band below
/// them; one with `repeat: footer` at the bottom of every page where its parent goes on to the
/// next (stacked above those of the containers around it), just below the band. A page keeps them
/// only where something still fits beside them (first the footers go, then the headers).
///
/// Footnotes (``Footnote``) go at the bottom of the page whose band holds the line of their call,
/// stacked in a ``FootnoteArea``, and the band is that much shorter: where a line and its notes do
/// not fit, the line goes to the next page (its break chosen as any other). Where nothing fits
/// with the notes (a note taller than what is left of the page), the band is cut without them and
/// as many notes as fit go below it, in order; the rest go on the next page, first among its
/// notes (pages of notes alone follow the tree's end where some are left). A note taller than a
/// whole page goes alone on a page cut at its end (one of ``cutPages``).
///
/// The pages belong to the tree they were made from: the renderer and `jsonValue(_:)` (MushJSON) take that
/// tree with them (its nodes are found by their paths).
public struct BoxPages: Sendable, Hashable {
    /// One page: the band of the root from `top` to `bottom`, in the root's coordinates, drawn
    /// `offset` below the top of the page's content area, and the boxes repeated on it.
    public struct Page: Sendable, Hashable {
        public var top: Double
        public var bottom: Double
        /// How far below the top of the page's content area the band begins: the height of the
        /// repeated headers above it (0 where there are none).
        public var offset: Double
        /// The headers and footers of containers drawn again on this page, headers first.
        public var repeats: [Repeat]
        /// The footnotes at the bottom of this page, in order.
        public var notes: [PlacedNote]

        public init(
            top: Double, bottom: Double, offset: Double = 0, repeats: [Repeat] = [], notes: [PlacedNote] = []
        ) {
            self.top = top
            self.bottom = bottom
            self.offset = offset
            self.repeats = repeats
            self.notes = notes
        }
    }

    /// A box drawn again on a page: the node at `path` (its child indices from the root), whole,
    /// its border box's top left at (`x`, `y`) in the page's content coordinates.
    public struct Repeat: Sendable, Hashable {
        public var path: [Int]
        public var kind: BoxStyle.Repeat
        public var x: Double
        public var y: Double

        public init(path: [Int], kind: BoxStyle.Repeat, x: Double, y: Double) {
            self.path = path
            self.kind = kind
            self.x = x
            self.y = y
        }
    }

    public var pages: [Page]
    /// The most pages a tree is cut into: 10,000. Cutting stops there (``isTruncated``), before
    /// more pages are made and drawn: a page costs a renderer about 7 KB of a PDF held until it is
    /// written, and tiny pages over a large tree asked for tens of thousands.
    public static let maximumPages = 10_000
    /// Whether the tree needed more than the most pages allowed (``maximumPages``, or the
    /// initializer's `maximumPages`): ``pages`` then holds only that many, the last ending where it
    /// fits and the rest of the tree on none. `PageSetup` (MushJSON) refuses such a document.
    public var isTruncated: Bool
    /// The indices of the pages that end by cutting what cannot be cut (a leaf taller than a page).
    public var cutPages: [Int]
    /// The paths of the nodes of more than ``indexedChildren`` children stacked in order (their
    /// tops and bottoms never going up), whose children reaching a height are found by halving.
    package var stackedNodes: Set<[Int]>
    /// How many children a node has before they are indexed.
    static let indexedChildren = 16

    /// The pages of `root` (laid out at the pages' content width) for pages `pageHeight` tall,
    /// keeping at least `orphans` lines of a paragraph at the bottom of a page and `widows` at the
    /// top of the next (2 and 2, as CSS), and `footnotes` at the bottom of the pages of their calls,
    /// stacked in `area`. At most `maximumPages` pages are cut (at least 1): where the tree needs
    /// more, cutting stops there and ``isTruncated`` is true.
    public init(
        _ root: BoxLayout, pageHeight: Double, orphans: Int = 2, widows: Int = 2, footnotes: [Footnote] = [],
        area: FootnoteArea = FootnoteArea(), maximumPages: Int = BoxPages.maximumPages
    ) {
        func breakPages() -> (pages: [Page], cut: [Int], stacked: Set<[Int]>, truncated: Bool) {
            var breaker = PageBreaker(root: root, orphans: orphans, widows: widows, footnotes: footnotes, area: area)
            let (pages, cut, truncated) = breaker.pages(height: pageHeight, maximum: max(maximumPages, 1))
            return (pages, cut, breaker.stackedNodes, truncated)
        }
        // The tree is walked once per level: a deep tree on a thread with a large stack.
        let found = root.isDeeper(than: 32) ? LargeStack.run(breakPages) : breakPages()
        pages = found.pages
        cutPages = found.cut
        stackedNodes = found.stacked
        isTruncated = found.truncated
    }

    /// The indices of `node`'s children (the node at `path`) whose border boxes, or content where
    /// it overflows unclipped, reach from `low` to `high` (in the node's coordinates), in order.
    package func children(of node: BoxLayout, at path: [Int], from low: Double, to high: Double) -> [Int] {
        Self.children(of: node, at: path, from: low, to: high, stacked: stackedNodes)
    }

    static func children(of node: BoxLayout, at path: [Int], from low: Double, to high: Double, stacked: Set<[Int]>)
        -> [Int]
    {
        let children = node.children
        guard children.count > Self.indexedChildren, stacked.contains(path) else {
            return children.indices.filter {
                children[$0].y <= high && children[$0].y + Self.extent(children[$0]) >= low
            }
        }
        let first = children.partitioningIndex { $0.y + Self.extent($0) >= low }
        let end = children.partitioningIndex { $0.y > high }
        return first < end ? Array(first..<end) : []
    }

    /// How far down a box reaches: its height, or its content's where that overflows and is not
    /// clipped (an image overflowing a short box is not cut either).
    static func extent(_ node: BoxLayout) -> Double {
        node.clipsContent ? node.height : max(node.height, node.contentHeight)
    }

    /// The page (from 1) where each box of `root` with an id starts, by id (the first box of an id
    /// where several have it): the first page whose band ends below the box's top. `root` must be
    /// the tree the pages were made from.
    public func pageNumbers(in root: BoxLayout) -> [String: Int] {
        var numbers: [String: Int] = [:]
        guard !pages.isEmpty else { return numbers }
        var pending: [(node: BoxLayout, y: Double)] = [(root, 0)]
        while let (node, y) = pending.popLast() {
            if let id = node.id, numbers[id] == nil {
                let index = pages.partitioningIndex { $0.bottom > y }
                numbers[id] = min(index, pages.count - 1) + 1
            }
            // (Children pushed last first: the first box of an id in the tree's order is met first.)
            for child in node.children.reversed() { pending.append((child, y + child.y)) }
        }
        return numbers
    }

    /// The node at `path` below `root`, and its border box's top left in the root's coordinates.
    package static func node(at path: [Int], in root: BoxLayout) -> (node: BoxLayout, x: Double, y: Double)? {
        var node = root
        var (x, y) = (0.0, 0.0)
        for index in path {
            guard node.children.indices.contains(index) else { return nil }
            node = node.children[index]
            x += node.x
            y += node.y
        }
        return (node, x, y)
    }
}

/// The work of ``BoxPages``: the heights where a page may or must end, the boxes that repeat, and
/// the choice of each page's end.
struct PageBreaker {
    /// A child that repeats, and the container it repeats in, in the root's coordinates.
    struct Repeatable {
        var path: [Int]
        var kind: BoxStyle.Repeat
        var x: Double
        var y: Double
        var height: Double
        var containerPath: [Int]
        var containerTop: Double
        var containerBottom: Double
        /// Where the container's content ends (above its bottom padding and border).
        var containerInnerBottom: Double
    }

    let root: BoxLayout
    let orphans: Int
    let widows: Int
    let height: Double
    /// Every box's top and bottom and every line boundary, sorted.
    var candidates: [Double] = []
    /// Where a page must end (`page` before or after a box), sorted.
    var forced: [Double] = []
    /// Where something drawn begins: the tops of leaves and empty boxes, and of the borders and
    /// padding of containers; sorted. After a break, the next page begins at the first of them.
    var starts: [Double] = []
    /// The children that repeat, headers and footers apart, in input order.
    var headerRepeatables: [Repeatable] = []
    var footerRepeatables: [Repeatable] = []
    var stackedNodes = Set<[Int]>()
    let epsilon = 1e-9
    /// The footnotes, how they stack, their indices in the order of their calls down the tree,
    /// those calls' heights (sorted) and the sums of the notes' heights in that order (from 0).
    let footnotes: [BoxPages.Footnote]
    let area: BoxPages.FootnoteArea
    let noteOrder: [Int]
    let noteAnchors: [Double]
    let notePrefix: [Double]
    /// Where the calls of the page being cut begin: the previous page's bottom (calls in the space
    /// dropped at a break belong to the next page).
    var noteFloor = -Double.infinity

    init(root: BoxLayout, orphans: Int, widows: Int, footnotes: [BoxPages.Footnote], area: BoxPages.FootnoteArea) {
        self.root = root
        self.orphans = orphans
        self.widows = widows
        self.footnotes = footnotes
        self.area = area
        noteOrder = footnotes.indices.sorted { (footnotes[$0].anchor, $0) < (footnotes[$1].anchor, $1) }
        noteAnchors = noteOrder.map { footnotes[$0].anchor }
        notePrefix = noteOrder.reduce(into: [0]) { $0.append($0.last! + footnotes[$1].height) }
        height = max(root.height, root.contentHeight)
        var candidates = Set<Double>()
        var forced = Set<Double>()
        var path: [Int] = []
        collect(root, x: 0, y: 0, path: &path, candidates: &candidates, forced: &forced)
        self.candidates = candidates.filter { $0 > 0 && $0 < height }.sorted()
        self.forced = forced.filter { $0 > 1e-9 && $0 < height - 1e-9 }.sorted()
        starts.sort()
    }

    private mutating func collect(
        _ node: BoxLayout, x: Double, y: Double, path: inout [Int], candidates: inout Set<Double>,
        forced: inout Set<Double>
    ) {
        candidates.insert(y)
        candidates.insert(y + node.height)
        if node.breaks.before == .page { forced.insert(y) }
        if node.breaks.after == .page { forced.insert(y + node.height) }
        if case .text(let text)? = node.leaf {
            let top = y + node.border.top + node.padding.top
            for line in text.layout.lines { candidates.insert(top + line.y) }
        }
        let children = node.children
        if children.isEmpty {
            starts.append(y)
            return
        }
        if node.border.top + node.padding.top > 0 { starts.append(y) }
        let bottomEdge = node.border.bottom + node.padding.bottom
        if bottomEdge > 0 { starts.append(y + node.height - bottomEdge) }
        if children.count > BoxPages.indexedChildren {
            var stacked = true
            for index in children.indices.dropFirst() {
                let (above, child) = (children[index - 1], children[index])
                if child.y < above.y || child.y + BoxPages.extent(child) < above.y + BoxPages.extent(above) {
                    stacked = false
                    break
                }
            }
            if stacked { stackedNodes.insert(path) }
        }
        for (index, child) in children.enumerated() {
            path.append(index)
            if child.breaks.repeats != .none {
                let repeatable = Repeatable(
                    path: path, kind: child.breaks.repeats, x: x + child.x, y: y + child.y, height: child.height,
                    containerPath: Array(path.dropLast()), containerTop: y, containerBottom: y + BoxPages.extent(node),
                    containerInnerBottom: y + node.height - bottomEdge)
                if repeatable.kind == .header {
                    headerRepeatables.append(repeatable)
                } else {
                    footerRepeatables.append(repeatable)
                }
            }
            collect(child, x: x + child.x, y: y + child.y, path: &path, candidates: &candidates, forced: &forced)
            path.removeLast()
        }
    }

    /// The headers repeated on a page that begins at `top`, with their heights stacked: those of
    /// containers that began above and whose content goes on below, whose headers lie wholly
    /// above. A container's headers go below those of the containers around it (outer first),
    /// several of one container in order; containers side by side start level. Stacking stops at
    /// `limit` (the page's height: the page then goes without them).
    func headers(at top: Double, limit: Double) -> (repeats: [BoxPages.Repeat], height: Double) {
        guard !headerRepeatables.isEmpty else { return ([], 0) }
        let shown = headerRepeatables.filter {
            $0.containerTop < top - epsilon && $0.containerInnerBottom > top + epsilon && $0.y + $0.height <= top + 1e-6
        }.sorted { $0.containerPath.count < $1.containerPath.count }
        // How far down each container's headers, and those of the containers around it, reach.
        var reach: [[Int]: Double] = [:]
        var repeats: [BoxPages.Repeat] = []
        var total = 0.0
        for header in shown {
            var y = reach[header.containerPath] ?? 0
            if reach[header.containerPath] == nil {
                for length in 0..<header.containerPath.count {
                    y = max(y, reach[Array(header.containerPath.prefix(length))] ?? 0)
                }
            }
            repeats.append(BoxPages.Repeat(path: header.path, kind: .header, x: header.x, y: y))
            reach[header.containerPath] = y + header.height
            total = max(total, y + header.height)
            if total >= limit { break }
        }
        return (repeats, total)
    }

    /// The footers repeated on a page whose band ends at `bottom`, their `y` from the band's end:
    /// those of containers that continue past it, whose footers lie wholly below. A container's
    /// footers go below those of the containers inside it (inner first), several of one container
    /// in order; containers side by side start level. Stacking stops at `limit`.
    func footers(at bottom: Double, limit: Double = .infinity) -> (repeats: [BoxPages.Repeat], height: Double) {
        guard !footerRepeatables.isEmpty else { return ([], 0) }
        let shown = footerRepeatables.filter {
            $0.containerTop < bottom - epsilon && $0.containerBottom > bottom + epsilon && $0.y >= bottom - 1e-6
        }
        guard !shown.isEmpty else { return ([], 0) }
        // Innermost containers first; how far down each container's footers, and those inside
        // it, reach.
        var reach: [[Int]: Double] = [:]
        var repeats: [BoxPages.Repeat] = []
        var total = 0.0
        for footer in shown.sorted(by: { $0.containerPath.count > $1.containerPath.count }) {
            let y = reach[footer.containerPath] ?? 0
            let end = y + footer.height
            repeats.append(BoxPages.Repeat(path: footer.path, kind: .footer, x: footer.x, y: y))
            // Its container and every container around it reach at least this far.
            for length in 0...footer.containerPath.count {
                let around = Array(footer.containerPath.prefix(length))
                reach[around] = max(reach[around] ?? 0, end)
            }
            total = max(total, end)
            if total >= limit { break }
        }
        return (repeats, total)
    }

    /// The pages for pages `pageHeight` tall, the pages that cut what cannot be cut, and whether
    /// cutting stopped at `maximum` pages with more of the tree left.
    mutating func pages(height pageHeight: Double, maximum: Int) -> ([BoxPages.Page], [Int], Bool) {
        // Pages are at least a point tall, and at most `maximum` of them are made.
        let pageHeight = pageHeight.isFinite ? max(pageHeight, 1) : pageHeight
        guard pageHeight.isFinite, pageHeight > 0, height > 0 else {
            return ([BoxPages.Page(top: 0, bottom: max(height, 0))], [], false)
        }
        var pages: [BoxPages.Page] = []
        var cut: [Int] = []
        var top = 0.0
        var nextForced = 0
        // Notes that did not fit on the page of their calls, for the next page.
        var carried: [Int] = []
        while top < height - epsilon || !carried.isEmpty {
            if pages.count == maximum { return (pages, cut, true) }
            if top >= height - epsilon {
                // Past the tree's end, pages of the notes left.
                let (notes, rest) = stack(carried, room: pageHeight, atLeastOne: true)
                if stack(notes, room: pageHeight, atLeastOne: false).placed.isEmpty { cut.append(pages.count) }
                pages.append(BoxPages.Page(top: height, bottom: height, notes: placed(notes, pageHeight: pageHeight)))
                carried = rest
                continue
            }
            while nextForced < forced.count, forced[nextForced] <= top + epsilon { nextForced += 1 }
            let must = nextForced < forced.count ? forced[nextForced] : nil
            var (headers, offset) = headers(at: top, limit: pageHeight)
            if offset >= pageHeight { (headers, offset) = ([], 0) }
            var withFooters = true
            // The notes counted in the band's room (nil: placed below it where they fit).
            var notes: [Int]? = carried
            var end = self.end(from: top, room: pageHeight - offset, must: must, withFooters: true, notes: notes)
            if end.kind == .cut, !carried.isEmpty || !anchoredNotes(from: noteFloor, to: noteLimit(end.bottom)).isEmpty
            {
                // Nothing fits with the notes: the band goes without them, and they where they fit.
                notes = nil
                end = self.end(from: top, room: pageHeight - offset, must: must, withFooters: true, notes: nil)
            }
            if end.kind == .cut, !footerRepeatables.isEmpty {
                // Nothing fits above the footers: the page goes without them.
                withFooters = false
                end = self.end(from: top, room: pageHeight - offset, must: must, withFooters: false, notes: notes)
            }
            if end.kind == .cut, !headers.isEmpty {
                // Nothing fits below the headers either: the page goes without them too.
                (headers, offset) = ([], 0)
                end = self.end(from: top, room: pageHeight, must: must, withFooters: false, notes: notes)
            }
            let (footers, footersHeight) =
                withFooters && end.kind != .last && end.kind != .cut
                ? footers(at: end.bottom) : ([], 0)
            let band = end.bottom - top
            let placed = footers.map { BoxPages.Repeat(path: $0.path, kind: $0.kind, x: $0.x, y: offset + band + $0.y) }
            // The page's notes: where they were counted, all that fit (those its band calls, and on
            // the last page those called below it too); else as many as fit below the band. The
            // rest go on.
            let next = end.kind == .between ? nextStart(after: end.bottom) : end.bottom
            var pageNotes = self.notes(
                carried: carried, from: noteFloor, to: next >= height - epsilon ? .infinity : noteLimit(end.bottom))
            noteFloor = end.bottom
            (pageNotes, carried) = stack(pageNotes, room: pageHeight - offset - band - footersHeight, atLeastOne: false)
            if end.kind == .cut { cut.append(pages.count) }
            pages.append(
                BoxPages.Page(
                    top: top, bottom: end.bottom, offset: offset, repeats: headers + placed,
                    notes: self.placed(pageNotes, pageHeight: pageHeight)))
            switch end.kind {
            case .last: top = height
            case .forced, .cut, .within: top = end.bottom
            case .between: top = nextStart(after: end.bottom)
            }
        }
        return (pages, cut, false)
    }

    /// How a page ends: the document's end, a forced break, a break between boxes, a break inside
    /// something drawn (between lines), or a cut.
    enum EndKind { case last, forced, between, within, cut }

    /// Where the page that begins at `top` ends, with `room` for its band, (`withFooters`) its
    /// repeated footers and (where `notes` are given, those carried from earlier pages) its notes,
    /// before `must` (the next forced break) at the latest.
    func end(from top: Double, room: Double, must: Double?, withFooters: Bool, notes: [Int]?)
        -> (bottom: Double, kind: EndKind)
    {
        func fits(_ bottom: Double) -> Bool {
            bottom - top + (withFooters ? footers(at: bottom, limit: room).height : 0)
                + (notes.map { notesHeight(carried: $0, from: noteFloor, to: noteLimit(bottom)) } ?? 0)
                <= room + 1e-9
        }
        if let must, must - top <= room + 1e-9, fits(must) { return (must, .forced) }
        if must == nil, height - top <= room + 1e-9, fits(height) { return (height, .last) }
        let limit = min(top + room, must.map { $0 - 1e-6 } ?? .infinity)
        // The lowest height that fits and cuts nothing that cannot be cut, first keeping what
        // `avoid` asks, then, where nothing fits so, without it (CSS's rule: avoiding is a
        // preference).
        for strict in [true, false] {
            var index = candidates.partitioningIndex { $0 > limit } - 1
            while index >= 0, candidates[index] > top + epsilon {
                let bottom = candidates[index]
                var within = false
                var path: [Int] = []
                if fits(bottom),
                    allowsBreak(root, at: bottom, path: &path, avoiding: strict, within: &within)
                {
                    return (bottom, within ? .within : .between)
                }
                index -= 1
            }
        }
        // Nothing fits: cut at the page's full height, but no further than the next forced break
        // or the end.
        return (min(top + room, must ?? .infinity, height), .cut)
    }

    /// Where the page after a break between boxes at `bottom` begins: at the first thing drawn
    /// below it (the margins and gaps at a break are dropped, as CSS truncates margins there).
    func nextStart(after bottom: Double) -> Double {
        let index = starts.partitioningIndex { $0 >= bottom - 1e-6 }
        return index < starts.count ? max(starts[index], bottom) : height
    }

    /// Whether a break at `y` (in `node`'s coordinates) cuts nothing that cannot be cut, and, when
    /// `avoiding`, nothing that `breakInside: avoid` keeps whole (or a repeated box), and falls
    /// before no box with `breakBefore: avoid` (or a repeated footer) and after none with
    /// `breakAfter: avoid` (or a repeated header). `within` becomes true where the break cuts
    /// something drawn (between lines of text, through a box's border or padding, or an empty
    /// box).
    func allowsBreak(_ node: BoxLayout, at y: Double, path: inout [Int], avoiding: Bool, within: inout Bool) -> Bool {
        guard y > epsilon, y < BoxPages.extent(node) - epsilon else { return true }
        if avoiding, node.breaks.avoidsInside { return false }
        switch node.leaf {
        case .text(let text)?:
            // Between two lines, with enough lines on each side.
            within = true
            let top = node.border.top + node.padding.top
            let lines = text.layout.lines
            guard let after = lines.firstIndex(where: { abs(top + $0.y - y) < 1e-6 }) else {
                // Above the first line or below the last (in the padding): no line is cut.
                return lines.allSatisfy { top + $0.y >= y - 1e-6 || top + $0.y + $0.height <= y + 1e-6 }
            }
            return after >= min(orphans, lines.count) && lines.count - after >= min(widows, lines.count)
                && after > 0
        case nil:
            break
        default:
            return false
        }
        if node.children.isEmpty || y < node.border.top + node.padding.top
            || y > node.height - node.border.bottom - node.padding.bottom
        {
            within = true
        }
        for index in BoxPages.children(of: node, at: path, from: y - 1e-6, to: y + 1e-6, stacked: stackedNodes) {
            let child = node.children[index]
            if avoiding {
                if child.breaks.avoidsBefore, abs(child.y - y) < 1e-6 { return false }
                if child.breaks.avoidsAfter, abs(child.y + child.height - y) < 1e-6 { return false }
            }
            guard child.y < y - epsilon, child.y + BoxPages.extent(child) > y + epsilon else { continue }
            path.append(index)
            defer { path.removeLast() }
            if !allowsBreak(child, at: y - child.y, path: &path, avoiding: avoiding, within: &within) {
                return false
            }
        }
        return true
    }
}

extension Array {
    /// The index of the first element for which `belongs` is true, in an array where those elements
    /// come after all the others.
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
