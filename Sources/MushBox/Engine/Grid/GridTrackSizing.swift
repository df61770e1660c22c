/// The grid track sizing algorithm (css-grid-1 §11.3–§11.8) for one axis: base sizes and growth
/// limits from the tracks' sizing functions, grown to fit the items' contributions (intrinsic
/// tracks, spanning items by span, items across flexible tracks), maximized into free space,
/// flexible tracks expanded, and `auto` tracks stretched.

/// A track being sized.
struct SizingTrack {
    /// The minimum and maximum sizing functions (`1fr` is `minmax(auto, 1fr)`; `fit-content(L)` is
    /// `minmax(auto, max-content)` with its limit in ``fitContent``).
    var minimum: GridBreadth
    var maximum: GridBreadth
    var fitContent: GridBreadth?
    var base = 0.0
    /// The growth limit (infinite until content sets it).
    var limit = Double.infinity
    /// An empty track of an `auto-fit` repetition: size 0, and its gaps collapse.
    var collapsed = false
    var planned = 0.0
    var infinitelyGrowable = false

    init(_ size: GridTrackSize) {
        switch size {
        case .breadth(.fraction(let factor)): (minimum, maximum) = (.auto, .fraction(factor))
        case .breadth(let breadth): (minimum, maximum) = (breadth, breadth)
        case .minmax(let low, let high): (minimum, maximum) = (low, high)
        case .fitContent(let cap): (minimum, maximum, fitContent) = (.auto, .maxContent, cap)
        }
    }

    /// The track with its percentages as `auto` (a `fit-content()` percentage as no limit).
    var withoutPercentages: SizingTrack {
        var track = self
        if minimum.isPercent { track.minimum = .auto }
        if maximum.isPercent { track.maximum = .auto }
        if fitContent?.isPercent == true { track.fitContent = nil }
        return track
    }

    /// Whether a sizing function of the track is a percentage.
    var usesPercentage: Bool { minimum.isPercent || maximum.isPercent || fitContent?.isPercent == true }

    var flex: Double {
        if case .fraction(let factor) = maximum { return factor }
        return 0
    }
    var isFlexible: Bool {
        if case .fraction = maximum { return true }
        return false
    }
    var hasIntrinsicMinimum: Bool {
        switch minimum {
        case .auto, .minContent, .maxContent: true
        default: false
        }
    }
    var hasIntrinsicMaximum: Bool {
        switch maximum {
        case .auto, .minContent, .maxContent: true
        default: false
        }
    }
    var hasMaxContentMaximum: Bool { maximum == .maxContent || maximum == .auto }
    var isIntrinsic: Bool { hasIntrinsicMinimum || hasIntrinsicMaximum || fitContent != nil }
}

/// What an item contributes to the tracks it spans (css-grid-1 §11.5): the outer size it has at
/// its minimum (``GridContribution/minimum``), its min-content and its max-content outer sizes.
enum GridContribution {
    case minimum
    case minContent
    case maxContent
}

/// One axis's sizing problem: its tracks, their gap, and what the container knows of its size.
struct GridAxisSizing {
    var tracks: [SizingTrack]
    var gap: Double
    /// The container's inner size along the axis, where it is definite.
    var inner: Double?
    /// The room it is offered where its size is not known (points, min- or max-content).
    var space: AvailableSpace
    var minInner: Double?
    var maxInner: Double?
    /// Whether content distribution stretches `auto` tracks (`normal` or `stretch`).
    var stretches: Bool
    /// Whether the base sizes are the axis's sizes (false before it is sized: the other axis then
    /// measures its items with this one's room unknown).
    var isSized = true
    /// Whether the base sizes are an estimate the other axis measures its items in (the rows' sizes
    /// found before the columns, for items whose width depends on their height).
    var isEstimated = false

    /// The axis to be sized again now that its inner size is `found`, where its tracks (`tracks`,
    /// as the template gives them) or its gap had percentages, sized first as `auto` (§7.2.1):
    /// whether they had.
    mutating func resolvePercentages(_ tracks: [SizingTrack], gap gapLength: BoxLength, in found: Double) -> Bool {
        guard tracks.contains(where: \.usesPercentage) || gapLength.isPercent else { return false }
        inner = found
        self.tracks = tracks
        gap = gapLength.resolve(found) ?? 0
        return true
    }

    /// A breadth in points, where it resolves (a percentage needs the inner size).
    func points(_ breadth: GridBreadth) -> Double? {
        switch breadth {
        case .points(let value): value
        case .percent(let value): inner.map { $0 * value / 100 }
        default: nil
        }
    }

    /// The gaps inside a span of tracks.
    func gaps(_ span: Range<Int>) -> Double {
        var total = 0.0
        for track in span.dropFirst() where !tracks[track].collapsed { total += gap }
        return total
    }

    /// The sum of the base sizes and the gaps between uncollapsed tracks.
    var used: Double {
        var total = 0.0
        var shown = 0
        for track in tracks where !track.collapsed {
            total += track.base
            shown += 1
        }
        return total + gap * Double(max(shown - 1, 0))
    }

    /// §11.4: each track's base size and growth limit from its fixed sizing functions.
    mutating func initialize() {
        for index in tracks.indices {
            if tracks[index].collapsed {
                (tracks[index].base, tracks[index].limit) = (0, 0)
                continue
            }
            let base = points(tracks[index].minimum) ?? 0
            var limit = points(tracks[index].maximum) ?? .infinity
            if limit < base { limit = base }
            (tracks[index].base, tracks[index].limit) = (base, limit)
            tracks[index].infinitelyGrowable = false
        }
    }

    /// The fit-content limit of a track in points, or infinity.
    func fitLimit(_ track: SizingTrack) -> Double {
        guard let cap = track.fitContent else { return .infinity }
        return points(cap) ?? .infinity
    }

    /// §11.5: grows the tracks to their items' contributions. `items` are the items' spans in this
    /// axis; `contribution` measures an item.
    mutating func resolveIntrinsic(
        items spans: [Range<Int>], contribution: (Int, GridContribution) -> Double
    ) {
        // Items across no flexible track, by span; then those across flexible tracks, together.
        var plain: [Int] = []
        var flexible: [Int] = []
        for (index, span) in spans.enumerated() {
            guard span.contains(where: { tracks[$0].isIntrinsic || tracks[$0].isFlexible }) else { continue }
            if span.contains(where: { tracks[$0].isFlexible }) { flexible.append(index) } else { plain.append(index) }
        }
        plain.sort { spans[$0].count < spans[$1].count }
        var start = 0
        while start < plain.count {
            var end = start + 1
            while end < plain.count, spans[plain[end]].count == spans[plain[start]].count { end += 1 }
            let group = Array(plain[start..<end])
            if spans[group[0]].count == 1 {
                sizeSingleSpans(group, spans, contribution: contribution)
                start = end
                continue
            }
            let underMaxContent = inner == nil && space == .maxContent
            distribute(group, spans, toLimits: false, kind: .minimum, contribution: contribution) {
                $0.hasIntrinsicMinimum
            }
            distribute(group, spans, toLimits: false, kind: .minContent, contribution: contribution) {
                $0.minimum == .minContent || $0.minimum == .maxContent
            }
            distribute(group, spans, toLimits: false, kind: .maxContent, contribution: contribution) {
                $0.minimum == .maxContent || (underMaxContent && $0.minimum == .auto)
            }
            for index in tracks.indices where tracks[index].limit < tracks[index].base {
                tracks[index].limit = tracks[index].base
            }
            distribute(group, spans, toLimits: true, kind: .minContent, contribution: contribution) {
                $0.hasIntrinsicMaximum
            }
            distribute(group, spans, toLimits: true, kind: .maxContent, contribution: contribution) {
                $0.hasMaxContentMaximum
            }
            start = end
        }
        if !flexible.isEmpty {
            // (The same steps for the minimums, to the flexible tracks only, by flex factor; an
            // `auto` minimum takes no max-content contributions under a max-content constraint
            // here, as in Chromium.)
            distribute(flexible, spans, toLimits: false, kind: .minimum, contribution: contribution, byFlex: true) {
                $0.isFlexible && $0.hasIntrinsicMinimum
            }
            distribute(flexible, spans, toLimits: false, kind: .minContent, contribution: contribution, byFlex: true) {
                $0.isFlexible && ($0.minimum == .minContent || $0.minimum == .maxContent)
            }
            distribute(flexible, spans, toLimits: false, kind: .maxContent, contribution: contribution, byFlex: true) {
                $0.isFlexible && $0.minimum == .maxContent
            }
        }
        for index in tracks.indices where tracks[index].limit == .infinity {
            tracks[index].limit = tracks[index].base
        }
    }

    /// §11.5 step 2: the tracks of items that span one track (none flexible) take their items'
    /// contributions: their intrinsic minimums the largest minimum, min-content or max-content one,
    /// their intrinsic maximums the largest min-content or max-content one (within a fit-content
    /// limit), and a growth limit is never below the base size.
    private mutating func sizeSingleSpans(
        _ group: [Int], _ spans: [Range<Int>], contribution: (Int, GridContribution) -> Double
    ) {
        var limits = [Double](repeating: -1, count: tracks.count)
        for item in group {
            let index = spans[item].lowerBound
            let track = tracks[index]
            guard !track.collapsed else { continue }
            switch track.minimum {
            case .auto: tracks[index].base = max(track.base, contribution(item, .minimum))
            case .minContent: tracks[index].base = max(track.base, contribution(item, .minContent))
            case .maxContent: tracks[index].base = max(track.base, contribution(item, .maxContent))
            default: break
            }
            switch track.maximum {
            case .minContent: limits[index] = max(limits[index], contribution(item, .minContent))
            case .maxContent, .auto: limits[index] = max(limits[index], contribution(item, .maxContent))
            default: break
            }
        }
        for (index, found) in limits.enumerated() where found >= 0 {
            var limit = tracks[index].limit.isFinite ? max(tracks[index].limit, found) : found
            limit = min(limit, fitLimit(tracks[index]))
            tracks[index].limit = limit
        }
        for index in tracks.indices where tracks[index].limit < tracks[index].base {
            tracks[index].limit = tracks[index].base
        }
    }

    /// §11.5.1: distributes the items' contributions beyond what their tracks have over the
    /// `affected` tracks' base sizes or growth limits, and applies the largest each track got.
    private mutating func distribute(
        _ group: [Int], _ spans: [Range<Int>], toLimits: Bool, kind: GridContribution,
        contribution: (Int, GridContribution) -> Double, byFlex: Bool = false, affected: (SizingTrack) -> Bool
    ) {
        var any = false
        // (The tracks the group's items would grow: an infinite growth limit among them becomes
        // finite even where no item needs more, §11.5.1 step 3.)
        var touched: Set<Int> = []
        for item in group {
            let span = spans[item]
            let chosen = span.filter { !tracks[$0].collapsed && affected(tracks[$0]) }
            guard !chosen.isEmpty else { continue }
            if toLimits { touched.formUnion(chosen) }
            var space = contribution(item, kind) - gaps(span)
            for track in span {
                let size = toLimits && tracks[track].limit.isFinite ? tracks[track].limit : tracks[track].base
                space -= size
            }
            guard space > 0 else { continue }
            any = true
            var increase = [Double](repeating: 0, count: chosen.count)
            func size(_ position: Int) -> Double {
                let track = tracks[chosen[position]]
                return (toLimits && track.limit.isFinite ? track.limit : track.base) + increase[position]
            }
            func cap(_ position: Int) -> Double {
                let track = tracks[chosen[position]]
                if toLimits {
                    if track.fitContent != nil { return max(fitLimit(track), track.base) }
                    return track.infinitelyGrowable || !track.limit.isFinite ? .infinity : track.limit
                }
                return track.limit
            }
            // Equally (or by flex factor), each track frozen at its cap.
            func share(_ positions: [Int], capped: Bool) {
                var open = positions
                while space > 1e-9, !open.isEmpty {
                    let weights = open.map { byFlex ? max(tracks[chosen[$0]].flex, 0) : 1 }
                    let total = weights.reduce(0, +)
                    let useWeights = total > 0
                    let portion = space / (useWeights ? total : Double(open.count))
                    var next: [Int] = []
                    var given = 0.0
                    for (offset, position) in open.enumerated() {
                        let wanted = portion * (useWeights ? weights[offset] : 1)
                        let room = capped ? cap(position) - size(position) : .infinity
                        if wanted >= room {
                            increase[position] += max(room, 0)
                            given += max(room, 0)
                        } else {
                            increase[position] += wanted
                            given += wanted
                            next.append(position)
                        }
                    }
                    space -= given
                    if next.count == open.count { break }
                    open = next
                }
            }
            share(Array(chosen.indices), capped: true)
            if space > 1e-9 {
                // Past the caps: tracks whose maximum suits the contribution, or all of them.
                var beyond: [Int]
                if toLimits {
                    beyond = Array(chosen.indices)
                } else if kind == .maxContent {
                    beyond = chosen.indices.filter { tracks[chosen[$0]].hasMaxContentMaximum }
                } else {
                    beyond = chosen.indices.filter { tracks[chosen[$0]].hasIntrinsicMaximum }
                }
                if beyond.isEmpty { beyond = Array(chosen.indices) }
                // (A fit-content track never grows a growth limit past its limit.)
                if toLimits { beyond = beyond.filter { tracks[chosen[$0]].fitContent == nil } }
                share(beyond, capped: false)
            }
            for (position, track) in chosen.enumerated() {
                tracks[track].planned = max(tracks[track].planned, increase[position])
            }
        }
        guard any || !touched.isEmpty else { return }
        for index in tracks.indices {
            let planned = tracks[index].planned
            tracks[index].planned = 0
            if toLimits {
                if planned == 0, touched.contains(index), !tracks[index].limit.isFinite {
                    tracks[index].limit = tracks[index].base
                    tracks[index].infinitelyGrowable = kind == .minContent
                } else if planned > 0 {
                    let wasInfinite = !tracks[index].limit.isFinite
                    tracks[index].limit = (wasInfinite ? tracks[index].base : tracks[index].limit) + planned
                    tracks[index].infinitelyGrowable = wasInfinite && kind == .minContent
                } else {
                    tracks[index].infinitelyGrowable = false
                }
            } else {
                tracks[index].base += planned
                if tracks[index].limit < tracks[index].base { tracks[index].limit = tracks[index].base }
            }
        }
    }

    /// §11.6: grows the base sizes equally into the free space, up to their growth limits.
    mutating func maximize() {
        let room: Double?
        if let inner {
            room = inner
        } else {
            switch space {
            case .points(let value): room = value
            case .maxContent:
                for index in tracks.indices where tracks[index].limit.isFinite {
                    tracks[index].base = tracks[index].limit
                }
                return
            case .minContent: room = nil
            }
        }
        guard let room else { return }
        var free = room - used
        var open = tracks.indices.filter { !tracks[$0].collapsed && tracks[$0].base < tracks[$0].limit }
        while free > 1e-9, !open.isEmpty {
            let portion = free / Double(open.count)
            var next: [Int] = []
            for index in open {
                let room = tracks[index].limit - tracks[index].base
                if portion >= room {
                    tracks[index].base = tracks[index].limit
                    free -= room
                } else {
                    tracks[index].base += portion
                    free -= portion
                    next.append(index)
                }
            }
            if next.count == open.count { break }
            open = next
        }
    }

    /// §11.7.1: the size of `1fr` that fills `room` with `indices`' tracks.
    func fractionSize(_ indices: [Int], room: Double) -> Double {
        var inflexible = Set<Int>()
        while true {
            var leftover = room
            var flexTotal = 0.0
            for index in indices {
                if tracks[index].isFlexible, !inflexible.contains(index) {
                    flexTotal += tracks[index].flex
                } else {
                    leftover -= tracks[index].base
                }
            }
            let fraction = leftover / max(flexTotal, 1)
            let tooSmall = indices.filter {
                tracks[$0].isFlexible && !inflexible.contains($0) && fraction * tracks[$0].flex < tracks[$0].base
            }
            if tooSmall.isEmpty { return max(fraction, 0) }
            inflexible.formUnion(tooSmall)
        }
    }

    /// §11.7: flexible tracks to their share of `1fr`: of the free space where the size is definite,
    /// else of what their items and base sizes ask.
    mutating func expandFlexible(items spans: [Range<Int>], maxContent: (Int) -> Double) {
        let flexible = tracks.indices.filter { tracks[$0].isFlexible && !tracks[$0].collapsed }
        guard !flexible.isEmpty else { return }
        let all = Array(tracks.indices.filter { !tracks[$0].collapsed })
        let gapTotal = gap * Double(max(all.count - 1, 0))
        var fraction: Double
        if let inner {
            fraction = fractionSize(all, room: inner - gapTotal)
        } else if space == .minContent {
            return
        } else {
            fraction = 0
            for index in flexible {
                let flex = tracks[index].flex
                fraction = max(fraction, flex > 1 ? tracks[index].base / flex : tracks[index].base)
            }
            for (item, span) in spans.enumerated() where span.contains(where: { tracks[$0].isFlexible }) {
                fraction = max(fraction, fractionSize(Array(span), room: maxContent(item) - gaps(span)))
            }
            // Within the container's limits.
            let total = all.reduce(gapTotal) { sum, index in
                sum
                    + (tracks[index].isFlexible
                        ? max(tracks[index].base, fraction * tracks[index].flex) : tracks[index].base)
            }
            if let minInner, total < minInner {
                fraction = fractionSize(all, room: minInner - gapTotal)
            } else if let maxInner, total > maxInner {
                fraction = fractionSize(all, room: maxInner - gapTotal)
            }
        }
        for index in flexible { tracks[index].base = max(tracks[index].base, fraction * tracks[index].flex) }
    }

    /// §11.8: `auto` tracks share the free space equally.
    mutating func stretchAutoTracks() {
        guard stretches, let room = inner ?? minInner else { return }
        let free = room - used
        let autos = tracks.indices.filter { tracks[$0].maximum == .auto && !tracks[$0].collapsed }
        guard free > 0, !autos.isEmpty else { return }
        for index in autos { tracks[index].base += free / Double(autos.count) }
    }
}
