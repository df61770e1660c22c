/// Where a laid-out tree is cut into pages: each page a band of the root, from one break to the next,
/// every break where CSS fragmentation allows one (the first step of paged output; the rules are in
/// the article BoxLayoutRules, "Pages").
///
/// A break may fall at any height that cuts no box that cannot be cut: between boxes stacked one
/// above the other (at the top of the later one), inside a box that holds such a break among its
/// children, and between two lines of a text leaf that leaves at least `orphans` lines above it
/// and `widows` below it. Rows (MGLine leaves), images and other leaves are never cut. Each page
/// ends at the lowest such height that fits, keeping what `breakInside`, `breakBefore` and
/// `breakAfter` `avoid` ask where something else fits, and at every `breakBefore` or `breakAfter`
/// `page`; where nothing fits (a leaf taller than a page), the page is cut at its full height, and
/// the page is counted in ``cutPages``.
public struct BoxPages: Sendable, Hashable {
    /// One page: the band of the root from `top` to `bottom`, in the root's coordinates.
    public struct Page: Sendable, Hashable {
        public var top: Double
        public var bottom: Double

        public init(top: Double, bottom: Double) {
            self.top = top
            self.bottom = bottom
        }
    }

    public var pages: [Page]
    /// The most pages made: a million.
    public static let maximumPages = 1_000_000
    /// The indices of the pages that end by cutting what cannot be cut (a leaf taller than a page).
    public var cutPages: [Int]

    /// The pages of `root` (laid out at the pages' content width) for pages `pageHeight` tall,
    /// keeping at least `orphans` lines of a paragraph at the bottom of a page and `widows` at the
    /// top of the next (2 and 2, as CSS).
    public init(_ root: BoxLayout, pageHeight: Double, orphans: Int = 2, widows: Int = 2) {
        let height = max(root.height, root.contentHeight)
        // Pages are at least a point tall, and at most a million of them are made (the last then
        // holds the rest).
        let pageHeight = pageHeight.isFinite ? max(pageHeight, 1) : pageHeight
        guard pageHeight.isFinite, pageHeight > 0, height > 0 else {
            pages = [Page(top: 0, bottom: max(height, 0))]
            cutPages = []
            return
        }
        // The heights where a break might go: every box's top and bottom, every line boundary; and
        // where one must (`breakBefore` or `breakAfter` `page`).
        var candidates = Set<Double>()
        var forced = Set<Double>()
        func collect(_ node: BoxLayout, y: Double) {
            candidates.insert(y)
            candidates.insert(y + node.height)
            if node.breaks.before == .page { forced.insert(y) }
            if node.breaks.after == .page { forced.insert(y + node.height) }
            if case .text(let text)? = node.leaf {
                let top = y + node.border.top + node.padding.top
                for line in text.layout.lines { candidates.insert(top + line.y) }
            }
            for child in node.children { collect(child, y: y + child.y) }
        }
        collect(root, y: 0)
        let sorted = candidates.filter { $0 > 0 && $0 < height }.sorted()
        let musts = forced.filter { $0 > 1e-9 && $0 < height - 1e-9 }.sorted()
        var pages: [Page] = []
        var cut: [Int] = []
        var top = 0.0
        while top < height - 1e-9 {
            if pages.count == Self.maximumPages - 1 {
                pages.append(Page(top: top, bottom: height))
                break
            }
            let limit = top + pageHeight
            // A break that must be, within the page.
            if let must = musts.first(where: { $0 > top + 1e-9 }), must <= limit + 1e-9 {
                pages.append(Page(top: top, bottom: must))
                top = must
                continue
            }
            if limit >= height - 1e-9 {
                pages.append(Page(top: top, bottom: height))
                break
            }
            // The lowest height that fits and cuts nothing that cannot be cut, first keeping what
            // `avoid` asks, then, where nothing fits so, without it (CSS's rule: avoiding is a
            // preference).
            var bottom: Double?
            for strict in [true, false] where bottom == nil {
                var index = sorted.partitioningIndex { $0 > limit } - 1
                while index >= 0, sorted[index] > top + 1e-9 {
                    if Self.allowsBreak(root, at: sorted[index], orphans: orphans, widows: widows, avoiding: strict) {
                        bottom = sorted[index]
                        break
                    }
                    index -= 1
                }
            }
            if bottom == nil { cut.append(pages.count) }
            pages.append(Page(top: top, bottom: bottom ?? limit))
            top = bottom ?? limit
        }
        self.pages = pages
        cutPages = cut
    }

    /// Whether a break at `y` (in `node`'s coordinates) cuts nothing that cannot be cut, and, when
    /// `avoiding`, nothing that `breakInside: avoid` keeps whole, and falls before no box with
    /// `breakBefore: avoid` and after none with `breakAfter: avoid`.
    static func allowsBreak(_ node: BoxLayout, at y: Double, orphans: Int, widows: Int, avoiding: Bool = false)
        -> Bool
    {
        guard y > 1e-9, y < extent(node) - 1e-9 else { return true }
        if avoiding, node.breaks.inside == .avoid { return false }
        switch node.leaf {
        case .text(let text)?:
            // Between two lines, with enough lines on each side.
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
        for child in node.children {
            if avoiding {
                if child.breaks.before == .avoid, abs(child.y - y) < 1e-6 { return false }
                if child.breaks.after == .avoid, abs(child.y + child.height - y) < 1e-6 { return false }
            }
            guard child.y < y - 1e-9, child.y + extent(child) > y + 1e-9 else { continue }
            if !allowsBreak(child, at: y - child.y, orphans: orphans, widows: widows, avoiding: avoiding) {
                return false
            }
        }
        return true
    }

    /// How far down a box reaches: its height, or its content's where that overflows and is not
    /// clipped (an image overflowing a short box is not cut either).
    static func extent(_ node: BoxLayout) -> Double {
        node.clipsContent ? node.height : max(node.height, node.contentHeight)
    }
}

extension Array where Element == Double {
    /// The index of the first element for which `belongs` is true, in an array where those elements
    /// come after all the others.
    fileprivate func partitioningIndex(where belongs: (Double) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
