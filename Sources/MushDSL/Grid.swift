import MushBox

/// Boxes in a CSS grid: `columns` and `rows` as CSS's track lists (`"1fr 2fr"`, `"repeat(3,
/// 100px)"`, `"auto 1fr"`), `spacing` points between tracks; each box placed by `.grid(column:row:)`
/// or, left out, by the grid's auto-placement.
///
/// ```swift
/// Grid(columns: "1fr 1fr 1fr", spacing: 8) {
///     Text("Wide").grid(column: "1 / 3")
///     Text("Narrow")
/// }
/// ```
public struct Grid: BoxContent {
    public let box: Box

    public init(
        columns: String? = nil, rows: String? = nil, areas: String? = nil, spacing: Double = 0,
        @BoxBuilder _ content: () -> [Box]
    ) {
        var box = Box(.children(content()))
        box.style.display = .grid
        box.style.rowGap = .points(spacing)
        box.style.columnGap = .points(spacing)
        box.setCSS("gridTemplateColumns", columns)
        box.setCSS("gridTemplateRows", rows)
        box.setCSS("gridTemplateAreas", areas)
        self.box = box
    }
}

extension Box {
    /// Sets the style property `name` (one written in CSS's syntax) to `text`, or keeps the problem
    /// for ``node(fonts:)`` to throw at `name`; nil leaves it as it is.
    mutating func setCSS(_ name: String, _ text: String?) {
        guard let text, let property = BoxStyle.properties.first(where: { $0.name == name }) else { return }
        do throws(GridSyntaxError) {
            try property.read(css: text, into: &style)
        } catch {
            problems.append(BuildError(path: name, problem: error.message))
        }
    }
}

extension BoxContent {
    /// Where the box goes in its grid: its column and row lines (`"1 / 3"`, `"span 2"`, `"2"`) or
    /// an area's name (`gridColumn`, `gridRow`, `gridArea`).
    public func grid(column: String? = nil, row: String? = nil, area: String? = nil) -> Box {
        var box = self.box
        box.setCSS("gridArea", area)
        box.setCSS("gridColumn", column)
        box.setCSS("gridRow", row)
        return box
    }
}
