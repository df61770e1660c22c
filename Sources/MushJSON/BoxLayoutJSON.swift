import MushBox
import MushLine
import MushText

/// The JSON of a laid-out box tree (`box.md`, "The command-line contract"): one object a node, in
/// input order.
extension BoxLayout {
    /// `{"id"?, "x", "y", "width", "height", "contentWidth"?, "contentHeight"?, "children"?}`:
    /// the position relative to the parent's border box, the content size only where it differs
    /// from the size, and the children (for a node that has any). A text leaf adds its `lines`
    /// (as `mush measure` writes them: `baseline`, `end`, `height`, `start`, `text`, `width`, `x`,
    /// `y`, placed in the node's border box) and `truncated` when lines or characters were left
    /// out, `inline` for its inline boxes (`index`: the piece's index in the `text` array, `line`,
    /// the border box's `x`, `y`, `width` and `height` in the node's border box, and `layout`: a
    /// box piece's own layout, its children's frames inside it) and `links` (`url`, and `rects`:
    /// one `x`, `y`, `width`, `height` a line it spans); a node with a `link` echoes it; a line leaf adds `line`, the `mush line` layout of its row (`width`, `height`, `items`)
    /// with the row's `x` and `y` in the node's border box.
    ///
    /// Numbers are written as everywhere else (``JSONValue/json``); ``JSONValue/checkedJSON()``
    /// refuses a number that is not finite.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height),
        ]
        if let id { object["id"] = .string(id) }
        if let link = paint?.link { object["link"] = .string(link) }
        if contentWidth != width { object["contentWidth"] = .number(contentWidth) }
        if contentHeight != height { object["contentHeight"] = .number(contentHeight) }
        if !children.isEmpty { object["children"] = .array(children.map(\.jsonValue)) }
        // A vocabulary's answers about this node (a scroll view's `scrollOffset`, `snapOffset`).
        for pass in origin?.passes ?? [] {
            if let answering = pass as? any JSONAnswers { object.merge(answering.answers(self)) { $1 } }
        }
        // The content box's top left, where a leaf's content is placed.
        let left = border.left + padding.left
        let top = border.top + padding.top
        switch leaf {
        case .text(let placed)?:
            let text = placed.layout
            object["lines"] = .array(
                text.lines.map { line in
                    .object([
                        "baseline": .number(top + line.baseline), "end": .number(Double(line.range.upperBound)),
                        "height": .number(line.height), "start": .number(Double(line.range.lowerBound)),
                        "text": .string(line.text), "width": .number(line.width), "x": .number(left + line.x),
                        "y": .number(top + line.y),
                    ])
                })
            if text.truncated { object["truncated"] = .bool(true) }
            if !placed.inline.isEmpty {
                object["inline"] = .array(placed.inline.map { $0.jsonValue(left: left, top: top) })
            }
            if let links = text.linksJSON(left: left, top: top) { object["links"] = links }
        case .row(let row)?:
            var line = row.jsonValue
            if case .object(var members) = line {
                members["x"] = .number(left)
                members["y"] = .number(top)
                line = .object(members)
            }
            object["line"] = line
        case .image?, .other?, nil:
            break
        }
        return .object(object)
    }
}

extension PlacedInlineBox {
    /// `{"index", "line", "x", "y", "width", "height", "layout"?}`, placed in the text node's border
    /// box by the content box's `left` and `top`.
    func jsonValue(left: Double, top: Double) -> JSONValue {
        var object: [String: JSONValue] = [
            "line": .number(Double(line)), "x": .number(left + layout.x), "y": .number(top + layout.y),
            "width": .number(layout.width), "height": .number(layout.height),
        ]
        if let piece { object["index"] = .number(Double(piece)) }
        // An image piece is its frame; a box piece's layout holds its children, text and links.
        if case .image? = layout.leaf, layout.children.isEmpty {
        } else {
            var own = layout
            own.x = 0
            own.y = 0
            object["layout"] = own.jsonValue
        }
        return .object(object)
    }
}

extension ParagraphLayout {
    /// `[{"url", "rects": [{"x", "y", "width", "height"}]}]`: the layout's links (one rectangle a
    /// line a link spans), moved by `left` and `top`; nil when it has none.
    func linksJSON(left: Double = 0, top: Double = 0) -> JSONValue? {
        let links = links
        guard !links.isEmpty else { return nil }
        return .array(
            links.map { link in
                .object([
                    "url": .string(link.url),
                    "rects": .array(
                        link.rects.map { rect in
                            .object([
                                "x": .number(left + rect.x), "y": .number(top + rect.y), "width": .number(rect.width),
                                "height": .number(rect.height),
                            ])
                        }),
                ])
            })
    }
}
