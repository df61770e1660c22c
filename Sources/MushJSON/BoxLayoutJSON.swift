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
    /// out; a line leaf adds `line`, the `mush line` layout of its row (`width`, `height`, `items`)
    /// with the row's `x` and `y` in the node's border box.
    ///
    /// Numbers are written as everywhere else (``JSONValue/json``); ``JSONValue/checkedJSON()``
    /// refuses a number that is not finite.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height),
        ]
        if let id { object["id"] = .string(id) }
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
