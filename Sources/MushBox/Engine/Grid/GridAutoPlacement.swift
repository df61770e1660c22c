/// Where a grid container's items go (css-grid-1 §8): the explicit grid's lines and their names,
/// each item's lines resolved where its style gives them, and auto-placement for the rest.
///
/// Lines are counted from 0 at the explicit grid's first line (CSS's line 1); implicit lines before
/// it are negative. Ranges are of tracks: a track `t` lies between lines `t` and `t + 1`.

/// One axis of the explicit grid: how many tracks it has and the names of its lines.
struct GridAxisLines {
    /// The explicit tracks.
    var count: Int
    /// For each name, the lines that carry it, in order (a template's `[name]`, and `area-start` /
    /// `area-end` from the template areas).
    var names: [String: [Int]] = [:]

    /// The line `line` of an edge (`isStart`: a start edge), where it is one: nil for `auto` and
    /// spans.
    func resolve(_ line: GridLine, isStart: Bool) -> Int? {
        switch line {
        case .auto, .span: return nil
        case .line(let number, nil):
            return number > 0 ? number - 1 : count + 1 + number
        case .line(let number, let name?):
            // A name alone first names an area's edge (`name-start` or `name-end`).
            if number == 1, let edge = names[name + (isStart ? "-start" : "-end")]?.first { return edge }
            let lines = names[name] ?? []
            if number > 0 {
                // Past the named lines, every implicit line after the explicit grid counts.
                return number <= lines.count ? lines[number - 1] : count + (number - lines.count)
            }
            let back = -number
            return back <= lines.count ? lines[lines.count - back] : -(back - lines.count)
        }
    }

    /// The other edge of an area spanning `span` from `line` (forwards from a start line, backwards
    /// from an end line): N tracks, or to the Nth line of a name (counting implicit lines as carrying
    /// every name).
    func spanning(_ span: GridLine, from line: Int, forwards: Bool) -> Int {
        guard case .span(let number, let name) = span else { return forwards ? line + 1 : line - 1 }
        guard let name else { return forwards ? line + number : line - number }
        let lines = names[name] ?? []
        var found = 0
        if forwards {
            for candidate in lines where candidate > line {
                found += 1
                if found == number { return candidate }
            }
            return max(line, count) + (number - found)
        }
        for candidate in lines.reversed() where candidate < line {
            found += 1
            if found == number { return candidate }
        }
        return min(line, 0) - (number - found)
    }

    /// An item's tracks in this axis where its lines fix them; else nil, and how many tracks it spans.
    func place(start: GridLine, end: GridLine) -> (tracks: Range<Int>?, span: Int) {
        let first = resolve(start, isStart: true)
        let last = resolve(end, isStart: false)
        switch (first, last) {
        case (let first?, let last?):
            if first == last { return (first..<first + 1, 1) }
            return (min(first, last)..<max(first, last), abs(last - first))
        case (let first?, nil):
            let other = spanning(end, from: first, forwards: true)
            return (first..<other, other - first)
        case (nil, let last?):
            let other = spanning(start, from: last, forwards: false)
            return (other..<last, last - other)
        case (nil, nil):
            // (An auto-placed item's span counts tracks: a named span is one track.)
            if case .span(let number, nil) = start { return (nil, number) }
            if case .span(let number, nil) = end, start == .auto { return (nil, number) }
            return (nil, 1)
        }
    }
}

/// Which cells of the grid are taken: for each row (of the flow: the minor axis) the column ranges
/// items hold. Sparse, so that an item placed at line 10,000 costs no more than one at line 2.
struct GridOccupancy {
    private var taken: [Int: [Range<Int>]] = [:]

    /// Whether every cell of the area is free.
    func isFree(rows: Range<Int>, columns: Range<Int>) -> Bool {
        for row in rows {
            guard let ranges = taken[row] else { continue }
            for range in ranges where range.overlaps(columns) { return false }
        }
        return true
    }

    /// Marks the area's cells taken.
    mutating func take(rows: Range<Int>, columns: Range<Int>) {
        for row in rows { taken[row, default: []].append(columns) }
    }
}

/// An item's area during placement, in one flow's terms: the `major` axis is the one auto-placement
/// fills along (columns for `row` flow), the `minor` one the one it moves on in (rows).
struct GridPlacing {
    var node: Int
    var major: Range<Int>?
    var majorSpan: Int
    var minor: Range<Int>?
    var minorSpan: Int
}

extension GridAxisLines {
    /// The explicit grid of a container in one axis: its template's tracks (an automatic repetition
    /// repeated `repetitions` times) and the template areas' tracks, with the names of the lines.
    init(template: GridTrackList, repetitions: Int, areas: GridTemplateAreas?, isColumns: Bool) {
        var line = 0
        var names: [String: [Int]] = [:]
        func add(_ items: [GridTrackList.Item]) {
            for item in items {
                switch item {
                case .lineNames(let list): for name in list { names[name, default: []].append(line) }
                case .track: line += 1
                case .repetition(let repetition):
                    let times: Int
                    switch repetition.count {
                    case .times(let count): times = count
                    case .autoFill, .autoFit: times = repetitions
                    }
                    for _ in 0..<times { add(repetition.items) }
                }
            }
        }
        add(template.items)
        var count = line
        if let areas {
            count = max(count, isColumns ? areas.columnCount : areas.rowCount)
            for area in areas.areas {
                let tracks = isColumns ? area.columns : area.rows
                names[area.name + "-start", default: []].append(tracks.lowerBound)
                names[area.name + "-end", default: []].append(tracks.upperBound)
            }
        }
        for key in names.keys { names[key]!.sort() }
        self.init(count: count, names: names)
    }
}

/// Auto-placement (css-grid-1 §8.5) of items whose areas are known in `majorKnown`/`minorKnown` where
/// their lines fix them: every item gets an area. `majorCount` is the explicit grid's tracks in the
/// major axis.
func placeGridItems(_ items: inout [GridPlacing], majorCount: Int, dense: Bool) {
    var occupancy = GridOccupancy()
    // 1. Items whose areas are fixed in both axes.
    for item in items {
        if let major = item.major, let minor = item.minor { occupancy.take(rows: minor, columns: major) }
    }
    // 2. Items locked to a line of the minor axis (a row, in row flow): the first place along it,
    // from the implicit grid's first line (which items fixed before the explicit grid move back).
    let firstMajor = items.reduce(0) { first, item in min(first, item.major?.lowerBound ?? 0) }
    var cursors: [Int: Int] = [:]
    for index in items.indices where items[index].major == nil {
        guard let minor = items[index].minor else { continue }
        let span = items[index].majorSpan
        var start = dense ? firstMajor : cursors[minor.lowerBound] ?? firstMajor
        while !occupancy.isFree(rows: minor, columns: start..<start + span) { start += 1 }
        items[index].major = start..<start + span
        cursors[minor.lowerBound] = start + span
        occupancy.take(rows: minor, columns: start..<start + span)
    }
    // 3. The implicit grid's extent in the major axis: the explicit tracks, the ones fixed items
    // take, and room for the widest auto-placed item.
    // (The widest counted from the first line, once every fixed item has moved it back.)
    var majorStart = 0
    var majorEnd = majorCount
    for item in items {
        guard let major = item.major else { continue }
        majorStart = min(majorStart, major.lowerBound)
        majorEnd = max(majorEnd, major.upperBound)
    }
    for item in items where item.major == nil { majorEnd = max(majorEnd, majorStart + item.majorSpan) }
    // 4. The rest, in order, from a cursor that (sparse) never goes back.
    let firstMinor = items.reduce(0) { first, item in min(first, item.minor?.lowerBound ?? 0) }
    var cursorMinor = firstMinor
    var cursorMajor = majorStart
    for index in items.indices where items[index].minor == nil {
        let span = items[index].minorSpan
        if dense {
            cursorMinor = firstMinor
            cursorMajor = majorStart
        }
        if let major = items[index].major {
            if !dense, major.lowerBound < cursorMajor { cursorMinor += 1 }
            cursorMajor = major.lowerBound
            while !occupancy.isFree(rows: cursorMinor..<cursorMinor + span, columns: major) { cursorMinor += 1 }
            items[index].minor = cursorMinor..<cursorMinor + span
            occupancy.take(rows: cursorMinor..<cursorMinor + span, columns: major)
            continue
        }
        let majorSpan = items[index].majorSpan
        while true {
            if cursorMajor + majorSpan > majorEnd {
                cursorMinor += 1
                cursorMajor = majorStart
                continue
            }
            if occupancy.isFree(rows: cursorMinor..<cursorMinor + span, columns: cursorMajor..<cursorMajor + majorSpan)
            {
                break
            }
            cursorMajor += 1
        }
        items[index].major = cursorMajor..<cursorMajor + majorSpan
        items[index].minor = cursorMinor..<cursorMinor + span
        occupancy.take(rows: cursorMinor..<cursorMinor + span, columns: cursorMajor..<cursorMajor + majorSpan)
        cursorMajor += majorSpan
    }
}
