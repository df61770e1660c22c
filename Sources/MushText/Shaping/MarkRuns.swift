/// Long runs of combining marks, cut into pieces before shaping.
///
/// HarfBuzz 6 attaches each mark by looking back over the marks before it, so one base letter
/// with n marks costs n² (CVE-2023-25193; 64,000 marks took 13 s). No text needs that many:
/// Unicode's Stream-Safe Text Format (UAX #15) allows at most 30 non-starters in a row, and
/// browsers likewise bound the clusters they shape. A range is shaped in pieces so that none holds
/// more than ``longest`` marks in a row; every mark is kept and drawn, those past the limit
/// stacked as HarfBuzz places marks with no base. Their glyphs belong to the cluster of the letter
/// they follow, so clusters stay whole graphemes.
enum MarkRuns {
    /// The most marks in a row shaped together (UAX #15's limit of non-starters).
    static let longest = 30

    /// A piece of a range, shaped on its own.
    struct Piece: Equatable {
        var range: Range<Int>
        /// For a piece that starts inside a cluster (with marks): the start of that cluster, which
        /// the glyphs of the piece's first cluster take.
        var clusterStart: Int?
    }

    /// The pieces of `range` of `text`, in logical order; nil when no run of marks is longer than
    /// ``longest`` (nearly always: then the range is shaped whole).
    static func pieces(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> [Piece]? {
        guard range.count > longest, hasMarkInEveryRun(text, range) else { return nil }
        var pieces: [Piece] = []
        var piece = Piece(range: range, clusterStart: nil)
        var run = 0
        var base = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let (isMark, length) = character(text, at: index, before: range.upperBound)
            if isMark {
                if run == longest {
                    pieces.append(Piece(range: piece.range.lowerBound..<index, clusterStart: piece.clusterStart))
                    piece = Piece(range: index..<range.upperBound, clusterStart: base)
                    run = 0
                }
                run += 1
            } else {
                run = 0
                base = index
            }
            index += length
        }
        guard !pieces.isEmpty else { return nil }
        pieces.append(piece)
        return pieces
    }

    /// False when no run of more than ``longest`` marks can be in `range`: such a run covers at
    /// least `longest + 1` units, so it covers one of every `longest + 1` offsets from the range's
    /// start, and its character there is a mark. Only those offsets are looked up (nearly always
    /// none is a mark, and the text is passed over at a 31st of the cost).
    private static func hasMarkInEveryRun(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> Bool {
        for index in stride(from: range.lowerBound, to: range.upperBound, by: longest + 1) {
            // The character the offset falls in: back one unit from the second half of a pair.
            let start =
                index > range.lowerBound && UTF16.isTrailSurrogate(text[index])
                    && UTF16.isLeadSurrogate(text[index - 1]) ? index - 1 : index
            if character(text, at: start, before: range.upperBound).isMark { return true }
        }
        return false
    }

    /// Whether the character at `index` (its surrogate pair read whole when it ends before `end`)
    /// is a mark, and its length in units. Every mark is at U+0300 or above: most text is passed
    /// over without a lookup.
    @inline(__always)
    private static func character(_ text: UnsafeBufferPointer<UInt16>, at index: Int, before end: Int) -> (
        isMark: Bool, length: Int
    ) {
        let unit = text[index]
        guard unit >= 0x300 else { return (false, 1) }
        var value = UInt32(unit)
        var length = 1
        if UTF16.isLeadSurrogate(unit), index + 1 < end, UTF16.isTrailSurrogate(text[index + 1]) {
            value = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(text[index + 1]) - 0xDC00)
            length = 2
        }
        guard let scalar = Unicode.Scalar(value) else { return (false, length) }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return (true, length)
        default: return (false, length)
        }
    }
}
