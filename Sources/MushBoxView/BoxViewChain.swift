import MushBox

/// A BoxView whose chain styles cannot express (optional priorities, `<=` pins, compression
/// resistance given): its items placed by solving the chain's constraints, one axis at a time, as
/// Auto Layout would (``ChainSolver``). The rules are in the article BoxViewRules.
struct BoxViewChain: BoxArrangement {
    /// What the chain knows of one item.
    struct Item: Sendable {
        /// The pins along the axis are in the chain's gaps; these are across it.
        var crossStart: BoxPin?
        var crossEnd: BoxPin?
        var crossCenter: BoxPin?
        var mainCenter: BoxPin?
        /// The offset from the start at which the centre clears the item's `>=` edge pins on both
        /// sides, along and across.
        var mainClearance: Double
        var crossClearance: Double
        /// Required sizes (the item's, or its view's own in points).
        var mainSize: BoxItemSize?
        var crossSize: BoxItemSize?
        var flex: Double?
        /// nil for a spacer (no content, no hugging).
        var hugging: (main: Double, cross: Double)?
        var compression: (main: Double, cross: Double)
        /// The view's width ÷ height, which holds as a required constraint.
        var aspectRatio: Double?
    }

    /// A gap of the chain along the axis: the pins that meet in it, joined as BoxView joins them
    /// (their constants added; `==` with either relation gives that relation; the lower priority),
    /// or nil where no pin is on either side.
    struct Gap: Sendable {
        var pin: BoxPin?
        /// A `>=` gap that takes free space (all of them share it equally).
        var isFree: Bool { pin?.relation == .greaterThanOrEqual }
    }

    var isColumn: Bool
    var isRightToLeft: Bool
    var spacing: Double
    /// The insets along the axis and across it, from the start (the top, or the leading side).
    var mainInsets: (start: Double, end: Double)
    var crossInsets: (start: Double, end: Double)
    var items: [Item]
    /// `items.count + 1` gaps: before the first item, between each two, after the last.
    var gaps: [Gap]

    /// The priorities below every real one (1 to 1000) that decide, in this order, which of the
    /// segments that cost nothing at any real priority take free space first: the flex items (no
    /// cost), then the `>=` gaps, then gaps without pins and spacers without a size.
    static let freeGapPriority = 0.1
    static let unpinnedPriority = 0.2
    /// Across the axis, a free start gap gives way to the end one: an item free on both sides
    /// sits at the start.
    static let crossStartFreePriority = 0.15
    static let crossStartUnpinnedPriority = 0.25

    func arrange(_ children: BoxChildren, in proposal: BoxProposal) -> BoxArranged {
        let count = min(children.count, items.count)
        typealias Solved = (length: Double, placed: [(position: Double, length: Double)])
        // The x axis is solved first (across a column, along a row); the heights follow the widths.
        func solveX(_ content: [Double]) -> Solved {
            isColumn
                ? solveCross(content: content, known: proposal.width, other: nil)
                : solveMain(content: content, known: proposal.width, other: nil)
        }
        func solveY(_ content: [Double], widths: [Double]) -> Solved {
            isColumn
                ? solveMain(content: content, known: proposal.height, other: widths)
                : solveCross(content: content, known: proposal.height, other: widths)
        }
        // The room for each view's content width: the BoxView's inner width, where known.
        let xInsets = isColumn ? crossInsets : mainInsets
        var room = proposal.width.map { AvailableSpace.points($0) } ?? proposal.availableWidth
        if case .points(let value) = room { room = .points(max(value - xInsets.start - xInsets.end, 0)) }
        // A spacer has no content to measure.
        let widths = (0..<count).map { items[$0].hugging == nil ? 0 : children[$0].size(availableWidth: room).width }
        let x = solveX(widths)
        let heights = (0..<count).map {
            items[$0].hugging == nil ? 0 : children[$0].size(width: x.placed[$0].length).height
        }
        let y = solveY(heights, widths: x.placed.map(\.length))
        let frames = (0..<count).map { index in
            let (left, width) = x.placed[index]
            return BoxFrame(
                x: isRightToLeft ? x.length - left - width : left, y: y.placed[index].position, width: width,
                height: y.placed[index].length)
        }
        return BoxArranged(width: x.length, height: y.length, frames: frames)
    }

    // MARK: - Lengths

    /// An item's length segment along one axis: its required size (or, for the height, the one
    /// its aspect ratio gives from `widthFound`, the width solved first), or its content with
    /// hugging and compression.
    func lengthSegment(
        _ item: Item, content: Double, size: BoxItemSize?, full: Double?, hugging: Double?, compression: Double,
        widthFound: Double?
    ) -> ChainSegment {
        var segment = ChainSegment()
        segment.low = 0
        if let ratio = item.aspectRatio, let widthFound {
            segment.add(.equal, widthFound / ratio, priority: BoxPin.required)
            return segment
        }
        switch size {
        case .points(let value)?:
            segment.add(.equal, value, priority: BoxPin.required)
            return segment
        case .relative(let fraction)?:
            if let full {
                segment.add(.equal, fraction * full, priority: BoxPin.required)
                return segment
            }
        case nil:
            break
        }
        guard let hugging else {
            // A spacer: no content; it stays at 0 unless free space reaches it.
            segment.add(.lessThanOrEqual, 0, priority: Self.unpinnedPriority)
            return segment
        }
        segment.add(.lessThanOrEqual, content, priority: hugging)
        segment.add(.greaterThanOrEqual, content, priority: compression)
        return segment
    }

    /// A gap's segment: its pin's relation and priority, or 0 at a priority below every real one;
    /// `start` for the start gap across the axis, which gives way to the end one.
    static func gapSegment(_ pin: BoxPin?, start: Bool = false) -> ChainSegment {
        var segment = ChainSegment()
        guard let pin else {
            segment.add(.equal, 0, priority: start ? crossStartUnpinnedPriority : unpinnedPriority)
            return segment
        }
        segment.add(pin.relation, pin.constant, priority: pin.priority)
        if pin.relation == .greaterThanOrEqual {
            segment.add(.lessThanOrEqual, pin.constant, priority: start ? crossStartFreePriority : freeGapPriority)
        }
        return segment
    }

    // MARK: - Across

    /// Each item across the axis, in a cross length of `known` (nil: the least that holds every item).
    func solveCross(content: [Double], known: Double?, other: [Double]?) -> (
        length: Double, placed: [(position: Double, length: Double)]
    ) {
        let insets = crossInsets.start + crossInsets.end
        func problem(_ index: Int, full: Double?) -> [ChainSegment] {
            let item = items[index]
            var length = lengthSegment(
                item, content: content[index], size: item.crossSize, full: full, hugging: item.hugging?.cross,
                compression: item.compression.cross, widthFound: other?[index])
            if item.crossCenter != nil {
                // The clearance caps the length, never below what is required of it (a required size
                // wider than the room overflows it, as a conflict Auto Layout would report).
                if let full { length.high = max(min(length.high, full - insets - 2 * item.crossClearance), length.low) }
                return [length]
            }
            return [Self.gapSegment(item.crossStart, start: true), length, Self.gapSegment(item.crossEnd)]
        }
        // The least length: each item at rest with its pins.
        let length =
            known
            ?? content.indices.reduce(insets) { needed, index in
                let values = ChainSolver.solve(problem(index, full: nil), total: nil)
                let item = items[index]
                let inner =
                    item.crossCenter != nil
                    ? values[0] + 2 * (item.crossClearance + abs(item.crossCenter?.constant ?? 0))
                    : values.reduce(0, +)
                return max(needed, inner + insets)
            }
        let inner = length - insets
        let placed = content.indices.map { index -> (position: Double, length: Double) in
            let item = items[index]
            let segments = problem(index, full: known)
            if let center = item.crossCenter {
                let size = ChainSolver.solve(segments, total: nil)[0]
                return (crossInsets.start + inner / 2 + center.constant - size / 2, size)
            }
            let values = ChainSolver.solve(segments, total: inner)
            return (crossInsets.start + values[0], values[1])
        }
        return (length, placed)
    }

    // MARK: - Along

    /// The chain along the axis in a length of `known` (nil: the chain at rest).
    func solveMain(content: [Double], known: Double?, other: [Double]?) -> (
        length: Double, placed: [(position: Double, length: Double)]
    ) {
        let count = content.count
        // The lengths alone, for the flex items' common unit and for centred items.
        func length(_ index: Int, full: Double?) -> ChainSegment {
            let item = items[index]
            return lengthSegment(
                item, content: content[index], size: item.mainSize, full: full, hugging: item.hugging?.main,
                compression: item.compression.main, widthFound: other?[index])
        }
        // Centred items split the chain into runs solved apart; each is placed on the centre.
        let centred = (0..<count).filter { items[$0].mainCenter != nil }

        /// A run of the chain from `first` to `last` item (a gap at each end), solved in `total`
        /// (nil: at rest); gives the gaps and the lengths in order.
        func run(_ range: Range<Int>, total: Double?, full: Double?) -> (gaps: [Double], lengths: [Double]) {
            var segments: [ChainSegment] = []
            for gap in range.lowerBound...range.upperBound {
                segments.append(Self.gapSegment(gaps[gap].pin))
            }
            var lengthIndex: [Int] = []
            var flexItems: [Int] = []
            for index in range {
                if items[index].flex != nil {
                    flexItems.append(index)
                    lengthIndex.append(-1)
                } else {
                    lengthIndex.append(segments.count)
                    segments.append(length(index, full: full))
                }
            }
            // The flex items share one unit: each is its flex times it; their content's
            // compression resistance holds on the unit (their content does not hug).
            var unit: Int?
            if !flexItems.isEmpty {
                var segment = ChainSegment()
                segment.low = 0
                let sum = flexItems.reduce(0) { $0 + (items[$1].flex ?? 1) }
                segment.scale = sum
                for index in flexItems {
                    let flex = items[index].flex ?? 1
                    segment.add(
                        .greaterThanOrEqual, content[index] / flex, priority: items[index].compression.main,
                        weight: flex)
                }
                unit = segments.count
                segments.append(segment)
            }
            let values = ChainSolver.solve(segments, total: total)
            let gapValues = Array(values[0...(range.count)])
            let lengths = range.indices.map { offset -> Double in
                let slot = lengthIndex[offset - range.lowerBound]
                if slot >= 0 { return values[slot] }
                return (unit.map { values[$0] } ?? 0) * (items[offset].flex ?? 1)
            }
            return (gapValues, lengths)
        }

        // The spacing between the items of a run, and between a centred item and its neighbours.
        func spacings(_ range: Range<Int>, atStart: Bool, atEnd: Bool) -> Double {
            // A run of k items has k + 1 gaps; those between two items (not at the BoxView's edges)
            // hold a spacing each.
            let gapsCount = range.count + 1 - (atStart ? 1 : 0) - (atEnd ? 1 : 0)
            return spacing * Double(max(gapsCount, 0))
        }

        // The runs between centred items, and the centred items' own lengths.
        var bounds: [Int] = [-1] + centred + [count]
        bounds = bounds.sorted()
        let centredLengths = Dictionary(
            uniqueKeysWithValues: centred.map { ($0, ChainSolver.solve([length($0, full: known)], total: nil)[0]) })
        let insets = mainInsets.start + mainInsets.end

        // The chain's length: given, or at rest (every run at rest, each centred item on the centre).
        let full: Double
        if let known {
            full = known
        } else {
            var runs: [Double] = []
            for (before, after) in zip(bounds, bounds.dropFirst()) {
                let range = (before + 1)..<after
                let rest = run(range, total: nil, full: nil)
                runs.append(
                    rest.gaps.reduce(0, +) + rest.lengths.reduce(0, +)
                        + spacings(range, atStart: before == -1, atEnd: after == count))
            }
            var needed = runs.reduce(0, +) + centred.reduce(0) { $0 + (centredLengths[$1] ?? 0) }
            // A centred item needs room for what comes before it and after it on both sides.
            var before = 0.0
            for (position, index) in centred.enumerated() {
                before += runs[position]
                let size = centredLengths[index] ?? 0
                let offset = items[index].mainCenter?.constant ?? 0
                let after =
                    runs[(position + 1)...].reduce(0, +)
                    + centred[(position + 1)...].reduce(0) { $0 + (centredLengths[$1] ?? 0) }
                needed = max(needed, 2 * max(before + size / 2 - offset, after + size / 2 + offset))
                before += size
            }
            full = needed + insets
        }

        // Each run in the room between its ends, the centred items placed on the centre.
        var placed = [(position: Double, length: Double)](repeating: (0, 0), count: count)
        let inner = full - insets
        for index in centred {
            let size = centredLengths[index] ?? 0
            let offset = items[index].mainCenter?.constant ?? 0
            placed[index] = (mainInsets.start + inner / 2 + offset - size / 2, size)
        }
        for (before, after) in zip(bounds, bounds.dropFirst()) {
            let range = (before + 1)..<after
            let start = before == -1 ? mainInsets.start : placed[before].position + placed[before].length
            let end = after == count ? full - mainInsets.end : placed[after].position
            let between = spacings(range, atStart: before == -1, atEnd: after == count)
            let solved = run(range, total: end - start - between, full: known)
            var position = start
            for (offset, index) in range.enumerated() {
                position += solved.gaps[offset] + (index > 0 ? spacing : 0)
                placed[index] = (position, solved.lengths[offset])
                position += solved.lengths[offset]
            }
        }
        return (full, placed)
    }
}
