import MushBox
import MushLine
import MushText

/// A box's outline entry, where its box is drawn first.
struct OutlineEntry {
    /// The box's child indices from the root: the entries' document order.
    var path: [Int]
    var bookmark: BoxBookmark
    var title: String
    /// The page (from 0) and the box's top-left corner there, in points from the page's corner.
    var page: Int
    var x, y: Double
}

extension Painter {
    /// Notes the outline entry of the box `layout` drawn at (`x`, `y`) (a PDF's only), the first time
    /// it is drawn where it meets the page's band: the page where it starts.
    func addOutlineEntry(_ layout: BoxLayout, x: Double, y: Double, path: [Int]) {
        guard canvas.format == .pdf, let bookmark = layout.paint?.bookmark, !outlinedPaths.contains(path) else {
            return
        }
        guard startsInPageBand(y: y, height: layout.height) else { return }
        outlinedPaths.insert(path)
        let title = bookmark.title ?? layout.outlineText
        outlineEntries.append(
            OutlineEntry(
                path: path, bookmark: bookmark, title: title.isEmpty ? "…" : title, page: pageIndex, x: x, y: y))
    }

    /// Writes the outline: the entries in document order, each under the nearest entry before it of
    /// a lower level.
    func writeOutline() {
        guard canvas.format == .pdf, !outlineEntries.isEmpty else { return }
        let scale = options.scale
        var open: [(level: Int, id: Int32)] = []
        for entry in outlineEntries.sorted(by: { $0.path.lexicographicallyPrecedes($1.path) }) {
            while let last = open.last, last.level >= entry.bookmark.level { open.removeLast() }
            let id = context.addOutline(
                parent: open.last?.id, title: entry.title, page: entry.page + 1, x: entry.x * scale,
                y: entry.y * scale, isOpen: entry.bookmark.isOpen)
            open.append((entry.bookmark.level, id))
        }
        outlineEntries = []
    }
}

extension BoxLayout {
    /// The text the box shows, in order (its text leaves' lines and its rows' texts, its children's
    /// after its own), runs of white space made one space.
    var outlineText: String {
        var pieces: [String] = []
        func collect(_ layout: BoxLayout) {
            switch layout.leaf {
            case .text(let text)?:
                pieces += text.layout.lines.map(\.text)
            case .row(let row)?:
                for item in row.items where item.isVisible {
                    if let text = item.text { pieces += text.layout.lines.map(\.text) }
                }
            default:
                break
            }
            for child in layout.children { collect(child) }
        }
        collect(self)
        return pieces.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
