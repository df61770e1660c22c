/// Where a grid item goes, as CSS Grid writes it: the line placements (`gridColumnStart: "2"`,
/// `"span 2"`, `"header-start"`, `"-1"`), the `gridColumn` / `gridRow` shorthands (`"1 / span 2"`)
/// and `gridTemplateAreas`, read into typed values (issue 58's first step: the engine does not lay
/// grids out yet).

/// One edge of a grid item's area: `gridColumnStart`, `gridColumnEnd`, `gridRowStart` or
/// `gridRowEnd`.
public enum GridLine: Hashable, Sendable {
    /// Placed by auto-placement (or one track from the other edge).
    case auto
    /// The Nth line (from the end where N is negative; never 0), or with a name the Nth line of
    /// that name.
    case line(Int, name: String?)
    /// N tracks from the other edge, or with a name to the Nth line of that name.
    case span(Int, name: String?)

    /// The largest line number either way, and the longest span.
    public static let maximumLine = 10_000

    /// Reads `auto`, `N`, `-N`, `NAME`, `NAME N`, `N NAME`, `span N`, `span NAME`, `span N NAME`.
    public init(parsing text: String) throws(GridSyntaxError) {
        var tokens = GridTokens(text)
        self = try Self.read(&tokens)
        try tokens.expectEnd("after a grid line")
    }

    /// One line from `tokens`, up to a `/` or the end.
    static func read(_ tokens: inout GridTokens) throws(GridSyntaxError) -> GridLine {
        var isSpan = false
        var number: Int?
        var name: String?
        var seen = false
        while let token = tokens.peek, token != .slash {
            tokens.next()
            seen = true
            switch token {
            case .word(let word) where word.lowercased() == "span":
                guard !isSpan, number == nil, name == nil else {
                    throw GridSyntaxError("'span' comes first in a grid line, once")
                }
                isSpan = true
            case .word(let word) where word.lowercased() == "auto":
                guard !isSpan, number == nil, name == nil, tokens.peek == nil || tokens.peek == .slash else {
                    throw GridSyntaxError("'auto' stands alone as a grid line")
                }
                return .auto
            case .word(let word):
                guard name == nil else { throw GridSyntaxError("a grid line has at most one name ('\(word)')") }
                guard !GridTokens.reserved.contains(word.lowercased()) else {
                    throw GridSyntaxError("'\(word)' cannot name a line")
                }
                name = word
            case .number(let value, unit: ""):
                guard number == nil else { throw GridSyntaxError("a grid line has at most one number") }
                if isSpan {
                    guard value == value.rounded(), (1...Double(maximumLine)).contains(value) else {
                        throw GridSyntaxError(
                            "a span is a whole number of tracks from 1 to 10000 (it is \(GridTokens.format(value)))")
                    }
                } else {
                    guard value == value.rounded(), value != 0, abs(value) <= Double(maximumLine) else {
                        throw GridSyntaxError(
                            "a grid line number is a whole number from -10000 to 10000 other than 0 (it is \(GridTokens.format(value)))"
                        )
                    }
                }
                number = Int(value)
            default:
                throw GridSyntaxError(
                    "expected a line number, a line name, 'span' or 'auto', not \(GridTokens.describe(token))")
            }
        }
        guard seen else { throw GridSyntaxError("expected a grid line (a number, a name, 'span …' or 'auto')") }
        if isSpan {
            guard number != nil || name != nil else { throw GridSyntaxError("'span' needs a number or a name") }
            return .span(number ?? 1, name: name)
        }
        return .line(number ?? 1, name: name)
    }

    /// The shorthand `gridColumn` / `gridRow` / `gridArea` piece rules: `START / END`, or `START`
    /// alone (its end is the same name where it is a name alone, else `auto`).
    public static func pair(parsing text: String) throws(GridSyntaxError) -> (start: GridLine, end: GridLine) {
        var tokens = GridTokens(text)
        let start = try read(&tokens)
        guard tokens.peek == .slash else {
            try tokens.expectEnd("after a grid line")
            return (start, start.nameAlone.map { .line(1, name: $0) } ?? .auto)
        }
        tokens.next()
        let end = try read(&tokens)
        try tokens.expectEnd("after 'START / END'")
        return (start, end)
    }

    /// The name of a line written as a name alone (`header`), which a shorthand repeats.
    var nameAlone: String? {
        if case .line(1, let name?) = self { return name }
        return nil
    }
}

/// `gridTemplateAreas`: named rectangles over the grid's cells (`["head head", "side main"]`, `.`
/// for a cell no area takes).
public struct GridTemplateAreas: Hashable, Sendable {
    /// A named area: its tracks, from 0.
    public struct Area: Hashable, Sendable {
        public var name: String
        public var rows: Range<Int>
        public var columns: Range<Int>
    }

    /// The cells, row by row (nil: `.`).
    public let cells: [[String?]]
    /// The areas, in the order of their first cell.
    public let areas: [Area]

    public var rowCount: Int { cells.count }
    public var columnCount: Int { cells.first?.count ?? 0 }

    /// Reads one string a row (`"head head"`); each row has as many cells, and each name's cells
    /// make a rectangle.
    public init(rows: [String]) throws(GridSyntaxError) {
        guard !rows.isEmpty else { throw GridSyntaxError("expected at least one row of area names") }
        var cells: [[String?]] = []
        for (index, row) in rows.enumerated() {
            let names = try Self.cells(of: row)
            guard !names.isEmpty else { throw GridSyntaxError("row \(index + 1) names no cell") }
            if let first = cells.first, first.count != names.count {
                throw GridSyntaxError(
                    "every row names as many cells: row \(index + 1) has \(names.count), row 1 has \(first.count)")
            }
            cells.append(names)
        }
        guard cells.count <= GridTrackList.maximumTracks, cells[0].count <= GridTrackList.maximumTracks else {
            throw GridSyntaxError("areas span at most 10000 rows and 10000 columns")
        }
        var bounds: [String: (rows: Range<Int>, columns: Range<Int>)] = [:]
        var order: [String] = []
        for (row, names) in cells.enumerated() {
            for (column, name) in names.enumerated() {
                guard let name else { continue }
                if let known = bounds[name] {
                    bounds[name] = (
                        min(known.rows.lowerBound, row)..<max(known.rows.upperBound, row + 1),
                        min(known.columns.lowerBound, column)..<max(known.columns.upperBound, column + 1)
                    )
                } else {
                    bounds[name] = (row..<row + 1, column..<column + 1)
                    order.append(name)
                }
            }
        }
        // A rectangle: every cell within a name's bounds is that name's.
        for name in order {
            let (rowRange, columnRange) = bounds[name]!
            for row in rowRange {
                for column in columnRange where cells[row][column] != name {
                    throw GridSyntaxError("area '\(name)' is not a rectangle")
                }
            }
        }
        self.cells = cells
        self.areas = order.map { Area(name: $0, rows: bounds[$0]!.rows, columns: bounds[$0]!.columns) }
    }

    /// Reads CSS's one-string form: quoted rows (`"\"head head\" \"side main\""`).
    public init(parsing text: String) throws(GridSyntaxError) {
        var rows: [String] = []
        var current: String?
        for character in text {
            if character == "\"" {
                if let row = current {
                    rows.append(row)
                    current = nil
                } else {
                    current = ""
                }
            } else if current != nil {
                current!.append(character)
            } else if !character.isWhitespace {
                throw GridSyntaxError("areas are quoted rows (\"a b\" \"c d\"); '\(character)' is outside quotes")
            }
        }
        guard current == nil else { throw GridSyntaxError("a row of areas is not closed with '\"'") }
        try self.init(rows: rows)
    }

    /// The cells of one row: names, and nil for each run of `.`.
    private static func cells(of row: String) throws(GridSyntaxError) -> [String?] {
        var cells: [String?] = []
        for word in row.split(whereSeparator: \.isWhitespace) {
            if word.allSatisfy({ $0 == "." }) {
                cells.append(nil)
                continue
            }
            var tokens = GridTokens(String(word))
            guard case .word(let name) = tokens.next(), tokens.peek == nil else {
                throw GridSyntaxError("'\(word)' is not an area name")
            }
            cells.append(name)
        }
        return cells
    }
}

/// `gridAutoFlow`: how auto-placement walks the grid (`row`, `column`, either with `dense`).
public struct GridAutoFlow: Hashable, Sendable {
    /// Fill rows (`row`, the default) or columns first.
    public var columns: Bool
    /// Go back to fill earlier holes (`dense`).
    public var dense: Bool

    public init(columns: Bool = false, dense: Bool = false) {
        self.columns = columns
        self.dense = dense
    }

    /// Reads `row`, `column`, `dense`, `row dense`, `column dense` (in either order).
    public init(parsing text: String) throws(GridSyntaxError) {
        let words = text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        let direction = words.filter { $0 == "row" || $0 == "column" }
        let dense = words.filter { $0 == "dense" }
        guard !words.isEmpty, direction.count <= 1, dense.count <= 1, direction.count + dense.count == words.count
        else {
            throw GridSyntaxError("gridAutoFlow is row or column, with dense or not (it is '\(text)')")
        }
        self.init(columns: direction.first == "column", dense: !dense.isEmpty)
    }
}
