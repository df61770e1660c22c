import MushBase

/// The CSS Grid properties of a ``BoxStyle``: a grid container's templates and automatic tracks,
/// and a grid item's placement. They hold arrays and names, so they live out of line, in one shared,
/// immutable box that a style without grid properties (most styles) does not have: the rest of a
/// style stays plain values, read in place by the engine.
struct GridValues: Hashable, Sendable {
    var templateColumns = GridTrackList()
    var templateRows = GridTrackList()
    var templateAreas: GridTemplateAreas?
    var autoColumns = GridAutoTracks()
    var autoRows = GridAutoTracks()
    var autoFlow = GridAutoFlow()
    var columnStart = GridLine.auto
    var columnEnd = GridLine.auto
    var rowStart = GridLine.auto
    var rowEnd = GridLine.auto

    static let initial = GridValues()
}

/// ``GridValues`` in a shared box (copied on write by ``BoxStyle``'s accessors).
final class GridBox: Hashable, Sendable {
    let values: GridValues
    /// The values' first problem as validation names it, found the first time a layout asks
    /// (each value written as CSS and read back): the box never changes, so a tree whose boxes
    /// share it, and later layouts, ask once.
    private let checked = LockedValue<(key: String, problem: String)??>(nil)

    init(_ values: GridValues) { self.values = values }

    /// The first bad value, in the order of ``BoxStyle/properties``.
    var problem: (key: String, problem: String)? {
        checked.withLock { known in
            if let known { return known }
            var style = BoxStyle()
            style.grid = self
            var found: (key: String, problem: String)?
            for property in BoxStyle.properties where !property.isShorthand {
                guard case .grid = property.storage else { continue }
                found = property.problem(with: style[property])
                if found != nil { break }
            }
            known = .some(found)
            return found
        }
    }

    static func == (left: GridBox, right: GridBox) -> Bool { left === right || left.values == right.values }

    func hash(into hasher: inout Hasher) { hasher.combine(values) }
}

extension BoxStyle {
    /// The grid values, initial ones where the style has none.
    var gridValues: GridValues { grid?.values ?? .initial }

    /// Changes the grid values, keeping no box where they are all initial again.
    private mutating func changeGrid(_ change: (inout GridValues) -> Void) {
        var values = gridValues
        change(&values)
        grid = values == .initial ? nil : GridBox(values)
    }

    /// The explicit columns of a grid container (`grid-template-columns`); none by default.
    public var gridTemplateColumns: GridTrackList {
        get { gridValues.templateColumns }
        set { changeGrid { $0.templateColumns = newValue } }
    }

    /// The explicit rows of a grid container (`grid-template-rows`); none by default.
    public var gridTemplateRows: GridTrackList {
        get { gridValues.templateRows }
        set { changeGrid { $0.templateRows = newValue } }
    }

    /// Named areas over a grid container's cells (`grid-template-areas`); nil is `none`.
    public var gridTemplateAreas: GridTemplateAreas? {
        get { gridValues.templateAreas }
        set { changeGrid { $0.templateAreas = newValue } }
    }

    /// The sizes of implicit columns (`grid-auto-columns`); `auto` by default.
    public var gridAutoColumns: GridAutoTracks {
        get { gridValues.autoColumns }
        set { changeGrid { $0.autoColumns = newValue } }
    }

    /// The sizes of implicit rows (`grid-auto-rows`); `auto` by default.
    public var gridAutoRows: GridAutoTracks {
        get { gridValues.autoRows }
        set { changeGrid { $0.autoRows = newValue } }
    }

    /// How auto-placement walks a grid container (`grid-auto-flow`); `row` by default.
    public var gridAutoFlow: GridAutoFlow {
        get { gridValues.autoFlow }
        set { changeGrid { $0.autoFlow = newValue } }
    }

    /// A grid item's first column line (`grid-column-start`).
    public var gridColumnStart: GridLine {
        get { gridValues.columnStart }
        set { changeGrid { $0.columnStart = newValue } }
    }

    /// A grid item's last column line (`grid-column-end`).
    public var gridColumnEnd: GridLine {
        get { gridValues.columnEnd }
        set { changeGrid { $0.columnEnd = newValue } }
    }

    /// A grid item's first row line (`grid-row-start`).
    public var gridRowStart: GridLine {
        get { gridValues.rowStart }
        set { changeGrid { $0.rowStart = newValue } }
    }

    /// A grid item's last row line (`grid-row-end`).
    public var gridRowEnd: GridLine {
        get { gridValues.rowEnd }
        set { changeGrid { $0.rowEnd = newValue } }
    }
}

extension GridLine {
    /// The line in CSS's syntax (`auto`, `2`, `-1`, `span 2`, `header-start`, `2 col`).
    public var css: String {
        switch self {
        case .auto: "auto"
        case .line(let number, let name?): number == 1 ? name : "\(number) \(name)"
        case .line(let number, nil): "\(number)"
        case .span(let number, let name?): number == 1 ? "span \(name)" : "span \(number) \(name)"
        case .span(let number, nil): "span \(number)"
        }
    }
}

extension GridAutoTracks {
    /// The sizes in CSS's syntax.
    public var css: String { sizes.map(GridTokens.css).joined(separator: " ") }
}

extension GridAutoFlow {
    /// The flow in CSS's syntax (`row`, `column dense`).
    public var css: String { (columns ? "column" : "row") + (dense ? " dense" : "") }
}

extension GridTemplateAreas {
    /// The areas in CSS's one-string syntax (`"head head" "side main"`).
    public var css: String {
        cells.map { row in "\"" + row.map { $0 ?? "." }.joined(separator: " ") + "\"" }.joined(separator: " ")
    }
}

extension GridLine {
    /// The `gridArea` shorthand: `ROW-START / COLUMN-START / ROW-END / COLUMN-END`, each after the
    /// first optional (a missing line is the same name where the line it mirrors is a name alone,
    /// else `auto`).
    public static func area(parsing text: String) throws(GridSyntaxError) -> (
        rowStart: GridLine, columnStart: GridLine, rowEnd: GridLine, columnEnd: GridLine
    ) {
        var tokens = GridTokens(text)
        var lines = [try read(&tokens)]
        while tokens.peek == .slash {
            guard lines.count < 4 else { throw GridSyntaxError("gridArea has at most four lines") }
            tokens.next()
            lines.append(try read(&tokens))
        }
        try tokens.expectEnd("after a grid line")
        func mirror(_ index: Int) -> GridLine {
            lines.count > index ? lines[index] : lines[index - 2].nameAlone.map { .line(1, name: $0) } ?? .auto
        }
        let columnStart = lines.count > 1 ? lines[1] : lines[0].nameAlone.map { .line(1, name: $0) } ?? .auto
        lines = [lines[0], columnStart] + lines.dropFirst(2)
        return (lines[0], lines[1], mirror(2), mirror(3))
    }
}

extension BoxStyleProperty {
    /// Reads `text`, a value in CSS's syntax, into `style` (a ``Kind/css(syntax:)`` property:
    /// others take no text).
    public func read(css text: String, into style: inout BoxStyle) throws(GridSyntaxError) {
        guard let parse else { throw GridSyntaxError("\(name) is not written in CSS's syntax") }
        try parse(&style, text)
    }

    /// A property whose value is written in CSS's syntax.
    static func css<Value: Sendable>(
        _ name: String, _ path: WritableKeyPath<BoxStyle, Value> & Sendable, syntax: String, note: String? = nil,
        write: @escaping @Sendable (Value) -> String,
        read: @escaping @Sendable (String) throws(GridSyntaxError) -> Value
    ) -> BoxStyleProperty {
        BoxStyleProperty(
            name: name, kind: .css(syntax: syntax), percentBase: nil, note: note, isShorthand: false,
            get: { .css(write($0[keyPath: path])) },
            set: { style, value in
                if case .css(let text) = value, let parsed = try? read(text) { style[keyPath: path] = parsed }
            }, storage: .grid(offset(\.grid)),
            parse: { style, text throws(GridSyntaxError) in style[keyPath: path] = try read(text) })
    }

    /// A shorthand in CSS's syntax that sets other properties.
    static func cssShorthand(
        _ name: String, syntax: String, note: String, get: @escaping @Sendable (BoxStyle) -> String,
        parse: @escaping @Sendable (inout BoxStyle, String) throws(GridSyntaxError) -> Void
    ) -> BoxStyleProperty {
        BoxStyleProperty(
            name: name, kind: .css(syntax: syntax), percentBase: nil, note: note, isShorthand: true,
            get: { .css(get($0)) },
            set: { style, value in
                guard case .css(let text) = value else { return }
                var changed = style
                if (try? parse(&changed, text)) != nil { style = changed }
            }, storage: .none, parse: parse)
    }
}

extension BoxStyle {
    /// The grid properties, in ``properties``' order after the others.
    static let gridProperties: [BoxStyleProperty] = [
        .css(
            "gridTemplateColumns", \.gridTemplateColumns, syntax: "a track list", note: "none by default",
            write: \.css, read: { text throws(GridSyntaxError) in try trackList(text) }),
        .css(
            "gridTemplateRows", \.gridTemplateRows, syntax: "a track list", note: "none by default", write: \.css,
            read: { text throws(GridSyntaxError) in try trackList(text) }),
        .css(
            "gridTemplateAreas", \.gridTemplateAreas, syntax: "quoted rows of area names",
            note: "or an array of rows", write: { $0?.css ?? "none" },
            read: { text throws(GridSyntaxError) in
                isNone(text) ? nil : try GridTemplateAreas(parsing: text)
            }),
        .css(
            "gridAutoColumns", \.gridAutoColumns, syntax: "track sizes", write: \.css,
            read: { text throws(GridSyntaxError) in try GridAutoTracks(parsing: text) }),
        .css(
            "gridAutoRows", \.gridAutoRows, syntax: "track sizes", write: \.css,
            read: { text throws(GridSyntaxError) in try GridAutoTracks(parsing: text) }),
        .css(
            "gridAutoFlow", \.gridAutoFlow, syntax: "row or column, dense or not", write: \.css,
            read: { text throws(GridSyntaxError) in try GridAutoFlow(parsing: text) }),
        .cssShorthand(
            "gridArea", syntax: "grid lines", note: "an area's name, or ROW / COLUMN / ROW-END / COLUMN-END",
            get: {
                "\($0.gridRowStart.css) / \($0.gridColumnStart.css) / \($0.gridRowEnd.css) / \($0.gridColumnEnd.css)"
            },
            parse: { style, text throws(GridSyntaxError) in
                let lines = try GridLine.area(parsing: text)
                style.gridRowStart = lines.rowStart
                style.gridColumnStart = lines.columnStart
                style.gridRowEnd = lines.rowEnd
                style.gridColumnEnd = lines.columnEnd
            }),
        .cssShorthand(
            "gridColumn", syntax: "grid lines", note: "START / END",
            get: { "\($0.gridColumnStart.css) / \($0.gridColumnEnd.css)" },
            parse: { style, text throws(GridSyntaxError) in
                (style.gridColumnStart, style.gridColumnEnd) = try GridLine.pair(parsing: text)
            }),
        .cssShorthand(
            "gridRow", syntax: "grid lines", note: "START / END",
            get: { "\($0.gridRowStart.css) / \($0.gridRowEnd.css)" },
            parse: { style, text throws(GridSyntaxError) in
                (style.gridRowStart, style.gridRowEnd) = try GridLine.pair(parsing: text)
            }),
        .css(
            "gridColumnStart", \.gridColumnStart, syntax: "a grid line", write: \.css,
            read: { text throws(GridSyntaxError) in try GridLine(parsing: text) }),
        .css(
            "gridColumnEnd", \.gridColumnEnd, syntax: "a grid line", write: \.css,
            read: { text throws(GridSyntaxError) in try GridLine(parsing: text) }),
        .css(
            "gridRowStart", \.gridRowStart, syntax: "a grid line", write: \.css,
            read: { text throws(GridSyntaxError) in try GridLine(parsing: text) }),
        .css(
            "gridRowEnd", \.gridRowEnd, syntax: "a grid line", write: \.css,
            read: { text throws(GridSyntaxError) in try GridLine(parsing: text) }),
    ]

    /// Whether `text` is the keyword `none`.
    private static func isNone(_ text: String) -> Bool { text.split(whereSeparator: \.isWhitespace) == ["none"] }

    /// A track list, `none` for the empty one.
    private static func trackList(_ text: String) throws(GridSyntaxError) -> GridTrackList {
        isNone(text) ? GridTrackList() : try GridTrackList(parsing: text)
    }
}
