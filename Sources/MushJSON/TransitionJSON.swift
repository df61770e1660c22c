import Mush
import MushBox

extension BoxTransition {
    /// The boxes that change, as `mush layout FILE --from BEFORE` prints them: `{"changes": [...]}`,
    /// each `{"path", "id"?, "change", "before"?, "after"?}`: `path` the input's name for the box
    /// in the layout after (in the layout before for one that disappears; `root` for the root),
    /// `change` `moved`, `appeared` or `disappeared`, and its frames (`{"x", "y", "width",
    /// "height"}`, in the root's coordinates) where it has them. Boxes that stay where they were
    /// are left out.
    public var jsonValue: JSONValue {
        let changed = changes.filter { $0.change != .unchanged }.map { entry -> JSONValue in
            let layout = entry.change == .disappeared ? before : after
            let name = layout.inputPath(of: entry.path).description
            var object: [String: JSONValue] = [
                "path": .string(name.isEmpty ? "root" : name), "change": .string(entry.change.rawValue),
            ]
            if let id = entry.id { object["id"] = .string(id) }
            func frame(_ frame: BoxFrame) -> JSONValue {
                .object([
                    "x": .number(frame.x), "y": .number(frame.y), "width": .number(frame.width),
                    "height": .number(frame.height),
                ])
            }
            if let before = entry.before { object["before"] = frame(before) }
            if let after = entry.after { object["after"] = frame(after) }
            return .object(object)
        }
        return .object(["changes": .array(changed)])
    }
}
