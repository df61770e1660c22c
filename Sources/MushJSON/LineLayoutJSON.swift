import MushLine

/// The JSON of a laid-out line (`mgline.md`, "The command-line contract"):
/// `{"width", "height", "items": [{"side", "index", "kind", "visible", "frame"?, …}]}`.
extension MGLineLayout {
    public var jsonValue: JSONValue {
        .object(["width": .number(width), "height": .number(height), "items": .array(items.map(\.jsonValue))])
    }
}

extension MGLineLayout.Item {
    /// A visible item has a frame; text has `truncated` and `lines`, and, when visible, `inline`
    /// for the images set in it (`index`: the piece's index in the `text` array, `line`, and the
    /// image's `x`, `y`, `width` and `height`, its margin outside, from the item's frame origin,
    /// and its `link`, which covers that frame)
    /// and `links` (`url`, and `rects`: one `x`, `y`, `width`, `height` a line it spans, from the
    /// item's frame origin); a visible box holding a line has that line's layout as `line`.
    public var jsonValue: JSONValue {
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
            // A dropped text shows nothing.
            object["lines"] = .array(isVisible ? text.lines.map(JSONValue.string) : [])
            guard isVisible else { break }
            let images = text.images
            if !images.isEmpty {
                object["inline"] = .array(
                    images.map { placed in
                        var image: [String: JSONValue] = [
                            "index": .number(Double(placed.piece)), "line": .number(Double(placed.line)),
                            "x": .number(placed.frame.x), "y": .number(placed.frame.y),
                            "width": .number(placed.frame.width), "height": .number(placed.frame.height),
                        ]
                        if let link = placed.image.link { image["link"] = .string(link) }
                        return .object(image)
                    })
            }
            if let links = text.layout.linksJSON() { object["links"] = links }
        case .image:
            object["kind"] = .string("image")
        case .box(let box):
            object["kind"] = .string("box")
            if isVisible, let nested = box.line { object["line"] = nested.jsonValue }
        }
        return .object(object)
    }
}

extension MGLineLayout {
    /// The text engine's warnings for the line's text (a font family named in markup that the
    /// fonts do not have), each after its item's JSON path: `left[0]: no font family 'X'; …`,
    /// `right[1].box.line.left[0]: …`.
    public var warnings: [String] { warnings(prefix: "") }

    func warnings(prefix: String) -> [String] {
        items.flatMap { item -> [String] in
            let path = prefix + "\(item.side.rawValue)[\(item.index)]"
            switch item.content {
            case .text(let text): return text.paragraph.warnings.map { "\(path): \($0)" }
            case .box(let box): return box.line?.warnings(prefix: path + ".box.line.") ?? []
            case .image: return []
            }
        }
    }
}
