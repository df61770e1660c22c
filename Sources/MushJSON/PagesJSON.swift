import Mush
import MushBox

extension BoxPages {
    /// The pages as `mush layout` prints a paged document: `{"pages": [{"page", "top", "bottom",
    /// "root"}]}`, each page's `root` the tree's result (as `BoxLayout.jsonValue` writes it) with only the
    /// boxes that reach into the page, the root moved up by the page's `top` (so the boxes are in the
    /// page's content coordinates), and each box cut by the page's ends marked `"split": "top"`,
    /// `"bottom"` or `"both"`. A text leaf keeps all its lines (the page shows those inside it).
    public func jsonValue(_ root: BoxLayout) -> JSONValue {
        func piece(_ node: BoxLayout, top absoluteY: Double, _ page: Page, isRoot: Bool) -> JSONValue? {
            let bottom = absoluteY + node.height
            guard isRoot || (bottom > page.top + 1e-9 && absoluteY < page.bottom - 1e-9) else { return nil }
            var alone = node
            alone.children = []
            guard case .object(var object) = alone.jsonValue else { return alone.jsonValue }
            if isRoot { object["y"] = .number(node.y - page.top) }
            let cutTop = absoluteY < page.top - 1e-9
            let cutBottom = bottom > page.bottom + 1e-9
            if cutTop || cutBottom {
                object["split"] = .string(cutTop && cutBottom ? "both" : cutTop ? "top" : "bottom")
            }
            let children = node.children.compactMap { piece($0, top: absoluteY + $0.y, page, isRoot: false) }
            if !children.isEmpty { object["children"] = .array(children) }
            return .object(object)
        }
        let list = pages.enumerated().map { index, page -> JSONValue in
            .object([
                "page": .number(Double(index + 1)), "top": .number(page.top), "bottom": .number(page.bottom),
                "root": piece(root, top: 0, page, isRoot: true) ?? .null,
            ])
        }
        return .object(["pages": .array(list)])
    }
}
