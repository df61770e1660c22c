import Mush
import MushText

/// A vertical stack of lines, like an MGBoxKit table section (an `MGTableBox` and its rows): the
/// lines one under another, inside the stack's padding, each kept clear of its neighbours by its
/// margins.
///
/// ```swift
/// var title = MGLine(width: 0, height: 44, left: ["Settings"])
/// title.margin = MGLine.Insets(bottom: 8)
/// let rows = ["Wi-Fi", "Bluetooth"].map { MGLine(height: 44, left: [.text($0)]) }
/// let stack = MGStack(width: 320, padding: MGLine.Insets(top: 10, left: 10, bottom: 10, right: 10),
///                     lines: [title] + rows)
/// let layout = try stack.layout()      // lines at y 10, 62, 106; height 160
/// ```
///
/// Lines of width 0 fill the stack's inner width less their left and right margins. Margins add
/// up: a line's bottom margin and the next line's top margin both count, as in MGBoxKit's stacking.
public struct MGStack: Hashable, Sendable {
    /// The stack's width. Its height follows from its lines (``MGStackLayout/height``).
    public var width: Double
    /// Space inside the stack's edges, around all its lines.
    public var padding: MGLine.Insets
    /// The fill of the stack's whole rectangle, under its lines; nil: none.
    public var backgroundColor: MushColor?
    /// MGBox-style borders, drawn inside the stack's rectangle along its edges; none by default.
    public var borders: MGLine.Borders
    /// The lines, top to bottom.
    public var lines: [MGLine]

    public init(
        width: Double, padding: MGLine.Insets = MGLine.Insets(), backgroundColor: MushColor? = nil,
        borders: MGLine.Borders = MGLine.Borders(), lines: [MGLine] = []
    ) {
        self.width = width
        self.padding = padding
        self.backgroundColor = backgroundColor
        self.borders = borders
        self.lines = lines
    }

    /// Checks the stack's values and every line's, naming the first bad one as Swift code would:
    /// `padding.top`, `lines[2].rightItems[0].width`.
    public func validate(fonts: FontCollection = .standard) throws(MGLineError) {
        try Check.size(width, "width")
        try Check.insets(padding, "padding")
        try Check.size(borders.width, "borders.width")
        for (index, line) in lines.enumerated() {
            do {
                try line.validate(fonts: fonts)
            } catch {
                throw error.prefixed("lines[\(index)].")
            }
        }
    }

    /// Lays the lines out one under another. Each line starts at the bottom of the one above (or
    /// the top padding) plus its top margin, at the left padding plus its left margin; a line of
    /// width 0 (and not `widenAsNeeded`) is first given the inner width less its left and right
    /// margins. The height is the last line's bottom, its bottom margin and the bottom padding.
    public func layout(fonts: FontCollection = .standard) throws(MGLineError) -> MGStackLayout {
        try validate(fonts: fonts)
        let inner = width - padding.left - padding.right
        var y = padding.top
        var placed: [MGStackLayout.Placed] = []
        placed.reserveCapacity(lines.count)
        for var line in lines {
            if line.width == 0, !line.widenAsNeeded {
                line.width = max(0, inner - line.margin.left - line.margin.right)
            }
            y += line.margin.top
            let layout = try line.layoutValidated(fonts: fonts)
            placed.append(MGStackLayout.Placed(x: padding.left + line.margin.left, y: y, line: line, layout: layout))
            y += layout.height + line.margin.bottom
        }
        return MGStackLayout(
            width: width, height: y + padding.bottom, lines: placed, backgroundColor: backgroundColor,
            borders: borders)
    }
}
