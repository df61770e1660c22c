/// One value that a brace span `{SPEC|…}` sets.
enum SpanValue: Hashable {
    case color(MushColor)
    case backgroundColor(MushColor)
    case kern(Double)
    case fontFamily(String)
    case fontSize(Double)

    /// The values that `attributes` sets, in a fixed order: the one list of them that the writers
    /// (Mush, HTML, JSON, `AttributedString`) share.
    static func values(of attributes: MushAttributes) -> [SpanValue] {
        var result: [SpanValue] = []
        if let color = attributes.color { result.append(.color(color)) }
        if let background = attributes.backgroundColor { result.append(.backgroundColor(background)) }
        if let kern = attributes.kern { result.append(.kern(kern)) }
        if let family = attributes.fontFamily { result.append(.fontFamily(family)) }
        if let size = attributes.fontSize { result.append(.fontSize(size)) }
        return result
    }
}

/// One attribute as markup that wraps text: a doubled-marker token or a brace-span value.
enum Wrapper: Hashable {
    case emphasis(MushToken)
    case value(SpanValue)

    /// The wrappers that give `attributes` (all but the code span's `monospace`), in a fixed order:
    /// tokens first, so that at equal extent a token wraps a brace span (`**{#f00|x}**`), as the
    /// spec writes it.
    static func wrappers(of attributes: MushAttributes) -> [Wrapper] {
        MushToken.doubled.filter { attributes[keyPath: $0.attribute] }.map(Wrapper.emphasis)
            + SpanValue.values(of: attributes).map(Wrapper.value)
    }
}

/// Runs turned into properly nested groups of wrappers, as a flat list of events.
///
/// Flat runs (`a` bold, `b` bold+italic, `c` bold) become nested markup (`**a//b//c**`): a wrapper
/// stays open while the runs keep it, and among the wrappers opened at one place, the one that lasts
/// longest goes outside, so that few groups are closed and opened again.
struct RunNesting {
    enum Event: Equatable {
        case open(group: Int)
        case close(group: Int)
        case text(Range<Int>, monospace: Bool)
    }

    /// Each group's wrappers: one, or a font family and size opened together (`{font:F,S|`).
    private(set) var groups: [[Wrapper]] = []
    private(set) var events: [Event] = []

    init(_ runs: [MushRun]) {
        let wrappers = runs.map { Wrapper.wrappers(of: $0.attributes) }
        // How many runs, from each run on, keep each of its wrappers.
        var extent = [[Wrapper: Int]](repeating: [:], count: runs.count)
        for index in runs.indices.reversed() {
            for wrapper in wrappers[index] {
                extent[index][wrapper] = 1 + (index + 1 < runs.count ? extent[index + 1][wrapper] ?? 0 : 0)
            }
        }
        var stack: [(group: Int, wrappers: [Wrapper])] = []
        for (index, run) in runs.enumerated() {
            let wanted = extent[index]
            var keep = 0
            while keep < stack.count, stack[keep].wrappers.allSatisfy({ wanted[$0] != nil }) { keep += 1 }
            while stack.count > keep { events.append(.close(group: stack.removeLast().group)) }
            let open = Set(stack.flatMap(\.wrappers))
            let missing = wrappers[index].filter { !open.contains($0) }
            // Longest-lasting outermost; the sort is stable, so ties keep the fixed order.
            let ordered = missing.enumerated().sorted {
                (wanted[$0.element]!, -$0.offset) > (wanted[$1.element]!, -$1.offset)
            }.map(\.element)
            var position = 0
            while position < ordered.count {
                var group = [ordered[position]]
                if position + 1 < ordered.count, case .value(.fontFamily) = ordered[position],
                    case .value(.fontSize) = ordered[position + 1],
                    wanted[ordered[position]] == wanted[ordered[position + 1]]
                {
                    group.append(ordered[position + 1])
                    position += 1
                }
                position += 1
                groups.append(group)
                stack.append((groups.count - 1, group))
                events.append(.open(group: groups.count - 1))
            }
            events.append(.text(run.range, monospace: run.attributes.monospace))
        }
        while let top = stack.popLast() { events.append(.close(group: top.group)) }
    }
}
