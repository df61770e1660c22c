/// Grid track lists as CSS Grid writes them (`"40px 1fr minmax(0, 2fr) fit-content(50%)"`), read
/// into typed values: the first step of issue 58's `display: grid` (the engine does not lay grids
/// out yet; these types and their parser are what its style will hold).
///
/// Lengths are points (`40px`, or a plain number: `40`) or percentages (`50%`); flexible tracks are
/// `fr`. Every number is checked: lengths from 0 to 1,000,000 points, percentages to 10,000, flex
/// factors to 1,000,000, repetitions from 1 to 10,000, and a list expands to at most 10,000 tracks.

/// A track's breadth: the minimum or maximum of its sizing function.
public enum GridBreadth: Hashable, Sendable {
    /// Points.
    case points(Double)
    /// A percentage of the grid container's content box along the track's axis.
    case percent(Double)
    /// A share of the leftover space (`fr`); only a maximum may be flexible.
    case fraction(Double)
    case auto
    case minContent
    case maxContent

    /// Whether the breadth is a length or a percentage (CSS's `<fixed-breadth>`).
    public var isFixed: Bool {
        switch self {
        case .points, .percent: true
        default: false
        }
    }
}

/// A track's sizing function (CSS's `<track-size>`).
public enum GridTrackSize: Hashable, Sendable {
    /// One breadth for both the minimum and the maximum (`40px`, `1fr`, `auto`).
    case breadth(GridBreadth)
    /// `minmax(MIN, MAX)`: MIN is never flexible.
    case minmax(GridBreadth, GridBreadth)
    /// `fit-content(L)`: `minmax(auto, max-content)` clamped to L.
    case fitContent(GridBreadth)

    /// Whether the size is fixed (CSS's `<fixed-size>`: a length or percentage, or a `minmax()`
    /// with one, `minmax(auto, 40px)` included): what `auto-fill` and `auto-fit` repetitions may
    /// hold.
    public var isFixed: Bool {
        switch self {
        case .breadth(let breadth): breadth.isFixed
        case .minmax(let minimum, let maximum): minimum.isFixed || maximum.isFixed
        case .fitContent: false
        }
    }
}

/// Why a grid value does not parse: what was expected, and where.
public struct GridSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// A `gridTemplateColumns` or `gridTemplateRows` value: tracks, line names and repetitions, in
/// order (`"[full-start] repeat(2, 40px [mid]) 1fr [full-end]"`).
public struct GridTrackList: Hashable, Sendable {
    /// One piece of a list.
    public enum Item: Hashable, Sendable {
        /// Names for the line between the tracks around it (`[header-start main]`).
        case lineNames([String])
        case track(GridTrackSize)
        /// `repeat(COUNT, …)`: its pieces are names and tracks.
        case repetition(Repetition)
    }

    /// A `repeat()`.
    public struct Repetition: Hashable, Sendable {
        public enum Count: Hashable, Sendable {
            /// A number of times, from 1 to 10,000.
            case times(Int)
            /// As many times as fit the container (`auto-fill`).
            case autoFill
            /// As `autoFill`, with the repetitions no item is placed in collapsed (`auto-fit`).
            case autoFit
        }

        public var count: Count
        public var items: [Item]

        public init(count: Count, items: [Item]) {
            self.count = count
            self.items = items
        }
    }

    public var items: [Item]

    /// The most tracks a list expands to (its repetitions counted out), and the most times a
    /// repetition repeats.
    public static let maximumTracks = 10_000

    /// An empty list (`none`: no explicit tracks).
    public init() { items = [] }

    public init(items: [Item]) { self.items = items }

    /// Reads a track list in CSS's syntax; `none` (or nothing) is the empty list.
    public init(parsing text: String) throws(GridSyntaxError) {
        var tokens = GridTokens(text)
        if tokens.peek == .word("none") {
            tokens.next()
            try tokens.expectEnd("after 'none'")
            self.init()
            return
        }
        var items: [Item] = []
        var automatic = false
        while tokens.peek != nil {
            if case .function("repeat") = tokens.peek {
                tokens.next()
                let repetition = try Self.repetition(&tokens)
                if repetition.count == .autoFill || repetition.count == .autoFit {
                    guard !automatic else {
                        throw GridSyntaxError("a track list holds at most one auto-fill or auto-fit repeat()")
                    }
                    automatic = true
                }
                items.append(.repetition(repetition))
            } else if let names = try tokens.lineNames() {
                try Self.checkNames(names, after: items)
                items.append(.lineNames(names))
            } else {
                items.append(.track(try tokens.trackSize()))
            }
        }
        if automatic {
            // Beside an automatic repetition, every track has a fixed size, those a repeat(N, …)
            // holds too.
            var sizes: [GridTrackSize] = []
            for item in items {
                switch item {
                case .track(let size): sizes.append(size)
                case .repetition(let repetition) where repetition.count != .autoFill && repetition.count != .autoFit:
                    for case .track(let size) in repetition.items { sizes.append(size) }
                default: continue
                }
            }
            for size in sizes where !size.isFixed {
                throw GridSyntaxError(
                    "beside an auto-fill or auto-fit repeat(), every track needs a fixed size (a length or a percentage)"
                )
            }
        }
        let count = Self.trackCount(items)
        guard count <= Self.maximumTracks else {
            throw GridSyntaxError("a track list expands to at most 10000 tracks (this one: \(count))")
        }
        self.init(items: items)
    }

    /// Line names come one bracketed list between tracks, as CSS takes them (`[a] [b]` is `[a b]`).
    private static func checkNames(_ names: [String], after items: [Item]) throws(GridSyntaxError) {
        guard case .lineNames(let before)? = items.last else { return }
        let (first, second) = (before.joined(separator: " "), names.joined(separator: " "))
        throw GridSyntaxError(
            "line names between two tracks go in one pair of brackets ('[\(first)] [\(second)]' is not CSS: write '[\(first) \(second)]')"
        )
    }

    /// How many tracks the list expands to, an automatic repetition counted once.
    public var trackCount: Int { Self.trackCount(items) }

    private static func trackCount(_ items: [Item]) -> Int {
        func count(_ items: [Item]) -> Int {
            items.reduce(0) { total, item in
                switch item {
                case .lineNames: total
                case .track: total + 1
                case .repetition(let repetition):
                    switch repetition.count {
                    case .times(let times): total + times * count(repetition.items)
                    case .autoFill, .autoFit: total + count(repetition.items)
                    }
                }
            }
        }
        return count(items)
    }

    private static func repetition(_ tokens: inout GridTokens) throws(GridSyntaxError) -> Repetition {
        let count: Repetition.Count
        switch tokens.next() {
        case .word("auto-fill"): count = .autoFill
        case .word("auto-fit"): count = .autoFit
        case .number(let value, unit: "")?:
            guard value == value.rounded(), (1...Double(maximumTracks)).contains(value) else {
                throw GridSyntaxError(
                    "repeat() takes a whole number of times from 1 to 10000, auto-fill or auto-fit (it is \(GridTokens.format(value)))"
                )
            }
            count = .times(Int(value))
        case let other:
            throw GridSyntaxError(
                "repeat() takes a whole number of times, auto-fill or auto-fit first, not \(GridTokens.describe(other))"
            )
        }
        try tokens.expect(.comma, "after repeat()'s count")
        var items: [Item] = []
        while tokens.peek != .close {
            guard tokens.peek != nil else { throw GridSyntaxError("repeat() is not closed with ')'") }
            if let names = try tokens.lineNames() {
                try Self.checkNames(names, after: items)
                items.append(.lineNames(names))
            } else {
                let size = try tokens.trackSize()
                if count == .autoFill || count == .autoFit, !size.isFixed {
                    throw GridSyntaxError(
                        "an auto-fill or auto-fit repeat() holds only fixed sizes (a length or a percentage, or a minmax() with one)"
                    )
                }
                items.append(.track(size))
            }
        }
        tokens.next()
        guard items.contains(where: { if case .track = $0 { true } else { false } }) else {
            throw GridSyntaxError("repeat() needs at least one track")
        }
        return Repetition(count: count, items: items)
    }

    /// The list in CSS's syntax.
    public var css: String {
        func text(_ items: [Item]) -> String {
            items.map { item in
                switch item {
                case .lineNames(let names): "[" + names.joined(separator: " ") + "]"
                case .track(let size): GridTokens.css(size)
                case .repetition(let repetition):
                    switch repetition.count {
                    case .times(let times): "repeat(\(times), \(text(repetition.items)))"
                    case .autoFill: "repeat(auto-fill, \(text(repetition.items)))"
                    case .autoFit: "repeat(auto-fit, \(text(repetition.items)))"
                    }
                }
            }.joined(separator: " ")
        }
        return items.isEmpty ? "none" : text(items)
    }
}

/// `gridAutoColumns` / `gridAutoRows`: the sizes of implicit tracks, repeated in turn.
public struct GridAutoTracks: Hashable, Sendable {
    public var sizes: [GridTrackSize]

    public init(_ sizes: [GridTrackSize] = [.breadth(.auto)]) { self.sizes = sizes }

    /// Reads one or more track sizes (no names, no repeat()).
    public init(parsing text: String) throws(GridSyntaxError) {
        var tokens = GridTokens(text)
        var sizes: [GridTrackSize] = []
        while tokens.peek != nil { sizes.append(try tokens.trackSize()) }
        guard !sizes.isEmpty else { throw GridSyntaxError("expected at least one track size") }
        self.sizes = sizes
    }
}
