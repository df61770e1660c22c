import Mush
import MushBase
import MushBox

extension BoxPages {
    /// The pages as `mush layout` prints a paged document: `{"pages": [{"page", "top", "bottom",
    /// "offset", "root", "repeats"}]}`, each page's `root` the tree's result (as `BoxLayout.jsonValue`
    /// writes it) with only the boxes that reach into the page, the root moved up by the page's
    /// `top` and down by its `offset` (so the boxes are in the page's content coordinates), and
    /// each box cut by the page's ends marked `"split": "top"`, `"bottom"` or `"both"`; `repeats`
    /// (where the page has any) the repeated headers and footers, whole, each at its place on the
    /// page and marked `"repeat": "header"` or `"footer"`; `notes` (where the page has footnotes)
    /// each note's entry (`footnotes`' result), whole, at its place on the page, with its
    /// `"footnote"` number. A text leaf keeps all its lines (the page shows those inside it).
    public func jsonValue(_ root: BoxLayout, footnotes: PageFootnotes = PageFootnotes()) -> JSONValue {
        func piece(_ node: BoxLayout, top absoluteY: Double, path: inout [Int], _ page: Page) -> JSONValue {
            var alone = node
            alone.children = []
            guard case .object(var object) = alone.jsonValue else { return alone.jsonValue }
            if path.isEmpty { object["y"] = .number(node.y - page.top + page.offset) }
            let cutTop = absoluteY < page.top - 1e-9
            let cutBottom = absoluteY + node.height > page.bottom + 1e-9
            if cutTop || cutBottom {
                object["split"] = .string(cutTop && cutBottom ? "both" : cutTop ? "top" : "bottom")
            }
            // The children that reach into the page, but not only touch its ends.
            let reaching = children(of: node, at: path, from: page.top - absoluteY, to: page.bottom - absoluteY)
                .filter {
                    let child = node.children[$0]
                    return absoluteY + child.y + child.height > page.top + 1e-9
                        && absoluteY + child.y < page.bottom - 1e-9
                }
            if !reaching.isEmpty {
                object["children"] = .array(
                    reaching.map { index in
                        path.append(index)
                        defer { path.removeLast() }
                        return piece(node.children[index], top: absoluteY + node.children[index].y, path: &path, page)
                    })
            }
            return .object(object)
        }
        // The tree is walked once per level: a deep tree on a thread with a large stack.
        return root.isDeeper(than: 32)
            ? LargeStack.run { pagesValue(root, footnotes, piece) } : pagesValue(root, footnotes, piece)
    }

    private func pagesValue(
        _ root: BoxLayout, _ footnotes: PageFootnotes, _ piece: (BoxLayout, Double, inout [Int], Page) -> JSONValue
    ) -> JSONValue {
        let list = pages.enumerated().map { index, page -> JSONValue in
            var path: [Int] = []
            var object: [String: JSONValue] = [
                "page": .number(Double(index + 1)), "top": .number(page.top), "bottom": .number(page.bottom),
                "offset": .number(page.offset), "root": piece(root, 0, &path, page),
            ]
            let repeats = page.repeats.compactMap { repeated -> JSONValue? in
                guard let (node, _, _) = Self.node(at: repeated.path, in: root),
                    case .object(var value) = node.jsonValue
                else { return nil }
                value["x"] = .number(repeated.x)
                value["y"] = .number(repeated.y)
                value["repeat"] = .string(repeated.kind.rawValue)
                return .object(value)
            }
            if !repeats.isEmpty { object["repeats"] = .array(repeats) }
            let notes = page.notes.compactMap { note -> JSONValue? in
                guard footnotes.notes.indices.contains(note.index),
                    case .object(var value) = footnotes.notes[note.index].jsonValue
                else { return nil }
                value["y"] = .number(note.y)
                value["footnote"] = .number(Double(note.index + 1))
                return .object(value)
            }
            if !notes.isEmpty { object["notes"] = .array(notes) }
            return .object(object)
        }
        return .object(["pages": .array(list)])
    }
}
