import MushLine

/// The JSON of a laid-out line (`mgline.md`, "The command-line contract"):
/// `{"width", "height", "items": [{"side", "index", "kind", "visible", "frame"?, …}]}`.
extension MGLineLayout {
    var jsonValue: JSONValue {
        .object(["width": .number(width), "height": .number(height), "items": .array(items.map(\.jsonValue))])
    }
}

extension MGLineLayout.Item {
    /// A visible item has a frame; text has `truncated` and `lines`; a visible box holding a line
    /// has that line's layout as `line`.
    var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "side": .string(side.rawValue), "index": .number(Double(index)), "visible": .bool(isVisible),
        ]
        if let frame {
            object["frame"] = .object([
                "x": .number(frame.x), "y": .number(frame.y), "width": .number(frame.width),
                "height": .number(frame.height),
            ])
        }
        switch content {
        case .text(let text):
            object["kind"] = .string("text")
            object["truncated"] = .bool(text.isTruncated)
            object["lines"] = .array(text.lines.map(JSONValue.string))
        case .image:
            object["kind"] = .string("image")
        case .box(let nested):
            object["kind"] = .string("box")
            if isVisible, let nested { object["line"] = nested.jsonValue }
        }
        return .object(object)
    }
}
