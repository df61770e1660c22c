import MushBase

extension BoxPages {
    /// A note set at the bottom of the page where its call falls (CSS's `float: footnote`): the
    /// line its call is on, and how tall the note is drawn.
    public struct Footnote: Sendable, Hashable {
        /// The top of the line that holds the note's call, in the root's coordinates
        /// (``BoxLayout/footnoteCalls()``).
        public var anchor: Double
        /// The note's height as drawn (its own, without the area's separator or gaps).
        public var height: Double

        public init(anchor: Double, height: Double) {
            self.anchor = anchor
            self.height = height
        }
    }

    /// How a page's notes are stacked at the bottom of its content: a separator above the first
    /// (a rule and the room around it) and a gap between two.
    public struct FootnoteArea: Sendable, Hashable {
        /// The height of what goes above the first note.
        public var separator: Double
        /// The room between two notes.
        public var gap: Double

        public init(separator: Double = 0, gap: Double = 0) {
            self.separator = separator
            self.gap = gap
        }
    }

    /// A note on a page: its index in the footnotes the pages were cut with, and its top in the
    /// page's content coordinates (the separator lies just above the first note of a page).
    public struct PlacedNote: Sendable, Hashable {
        public var index: Int
        public var y: Double

        public init(index: Int, y: Double) {
            self.index = index
            self.y = y
        }
    }
}

extension BoxLayout {
    /// The footnote calls of the tree (inline boxes with an ``InlineBox/footnote``, in text leaves
    /// and in the inline boxes inside them), by note index: the top of the line each is on, in the
    /// root's coordinates. A call its text does not show (cut by `maxLines`) is not among them.
    public func footnoteCalls() -> [Int: Double] {
        var calls: [Int: Double] = [:]
        var pending: [(node: BoxLayout, y: Double)] = [(self, 0)]
        while let (node, y) = pending.popLast() {
            if case .text(let text)? = node.leaf, !text.inline.isEmpty {
                let top = y + node.border.top + node.padding.top
                let lines = text.layout.lines
                for placed in text.inline {
                    if let note = placed.footnote, calls[note] == nil, lines.indices.contains(placed.line) {
                        calls[note] = top + lines[placed.line].y
                    }
                    pending.append((placed.layout, top + placed.layout.y))
                }
            }
            for child in node.children { pending.append((child, y + child.y)) }
        }
        return calls
    }
}

/// The notes' part in cutting pages: which notes a page's band calls, how tall they stack, and
/// where they go.
extension PageBreaker {
    /// The notes whose calls lie above `bottom` and at or below `floor` (the previous page's
    /// bottom: the lines of a band that begins at it or below, after the space a break drops; a call
    /// on the line at `bottom` is the next page's), in order of their calls.
    func anchoredNotes(from floor: Double, to bottom: Double) -> ArraySlice<Int> {
        noteOrder[anchoredRange(from: floor, to: bottom)]
    }

    /// Where the notes of ``anchoredNotes(from:to:)`` are in the order of calls.
    private func anchoredRange(from floor: Double, to bottom: Double) -> Range<Int> {
        guard !noteOrder.isEmpty else { return 0..<0 }
        let low = noteAnchors.partitioningIndex { $0 >= floor - 1e-6 }
        let high = noteAnchors.partitioningIndex { $0 >= bottom - 1e-6 }
        return low..<max(low, high)
    }

    /// Where the calls of a band that ends at `bottom` end: there, or, for the band that ends at the
    /// tree's end, nowhere (calls below the end, of text that does not show, are the last page's).
    func noteLimit(_ bottom: Double) -> Double { bottom >= height - 1e-6 ? .infinity : bottom }

    /// How tall the area of a page's notes is: those `carried` from earlier pages and those called
    /// from the band from `floor` to `bottom` (0 for none).
    func notesHeight(carried: [Int], from floor: Double, to bottom: Double) -> Double {
        let anchored = anchoredRange(from: floor, to: bottom)
        let count = carried.count + anchored.count
        guard count > 0 else { return 0 }
        let called = notePrefix[anchored.upperBound] - notePrefix[anchored.lowerBound]
        let heights = carried.reduce(called) { $0 + footnotes[$1].height }
        return area.separator + heights + area.gap * Double(count - 1)
    }

    /// The notes of a page, in order: those carried from earlier pages, then those its band calls
    /// (``anchoredNotes(from:to:)``), by index.
    func notes(carried: [Int], from floor: Double, to bottom: Double) -> [Int] {
        carried + anchoredNotes(from: floor, to: bottom).sorted()
    }

    /// The first of `notes` that fit in `room` (with the separator and gaps), and the rest; with
    /// `atLeastOne`, the first even where it does not fit.
    func stack(_ notes: [Int], room: Double, atLeastOne: Bool) -> (placed: [Int], rest: [Int]) {
        var total = area.separator - area.gap
        var count = 0
        for index in notes {
            let next = total + area.gap + footnotes[index].height
            if next > room + 1e-6, !(atLeastOne && count == 0) { break }
            total = next
            count += 1
        }
        return (Array(notes.prefix(count)), Array(notes.dropFirst(count)))
    }

    /// `notes` stacked up from the bottom of a page `pageHeight` tall (from its top where they are
    /// taller: a note taller than a page runs past its end).
    func placed(_ notes: [Int], pageHeight: Double) -> [BoxPages.PlacedNote] {
        guard !notes.isEmpty else { return [] }
        let heights = notes.reduce(0) { $0 + footnotes[$1].height }
        var y = max(pageHeight - (area.separator + heights + area.gap * Double(notes.count - 1)), 0) + area.separator
        return notes.map { index in
            defer { y += footnotes[index].height + area.gap }
            return BoxPages.PlacedNote(index: index, y: y)
        }
    }
}

/// A paged document's footnotes laid out, for drawing where ``BoxPages`` put them
/// (``BoxPages/Page/notes``): each note's entry, by index, and the separator above a page's first.
public struct PageFootnotes: Sendable {
    public var notes: [BoxLayout]
    public var separator: BoxLayout?
    /// The notes whose calls no line shows (text cut by `maxLines`): each goes at the bottom of the
    /// page where the tree ends.
    public var uncalled: [Int]

    public init(notes: [BoxLayout] = [], separator: BoxLayout? = nil, uncalled: [Int] = []) {
        self.notes = notes
        self.separator = separator
        self.uncalled = uncalled
    }
}
