import Mush
import MushBase
import MushBox
import MushBoxView

/// BoxView's nodes in a box tree's JSON (the MushBoxView article gives the keys): a node with
/// `"boxView": "vertical"` or `"horizontal"` is a BoxView, and each entry of its `items` is an item
/// whose `view` is any node (the engine's own, text, an image, an MGBox, another BoxView).
enum BoxViewJSON {
    /// The key that makes a node a BoxView.
    static let markerKeys = ["boxView"]

    /// Every key of a BoxView node.
    static let keys =
        markerKeys + ["id", "width", "height", "spacing", "insets", "direction", "items"] + BoxRequest.paintKeys

    /// Every key of an item.
    static let itemKeys = [
        "view", "top", "left", "bottom", "right", "centerX", "centerY", "width", "height", "flex", "huggingX",
        "huggingY", "compressionX", "compressionY",
    ]

    static let axes = ["vertical": BoxView.Axis.y, "horizontal": .x]
}

extension BoxTreeReader {
    /// The node at `path` read as a BoxView and lowered to engine styles.
    mutating func boxViewNode(_ value: JSONValue, at path: String, depth: Int) throws(RequestError)
        -> BoxNode
    {
        deepest = max(deepest, depth)
        let object = try JSONObject(value, at: path, keys: BoxViewJSON.keys)
        guard let name = try object.string("boxView") else { throw object.wrongType("boxView", expected: "a string") }
        guard let axis = BoxViewJSON.axes[name] else {
            throw RequestError(
                at: object.path("boxView"), "must be vertical or horizontal (it is '\(JSONReader.shortened(name))')")
        }
        var view = BoxView(axis: axis)
        view.id = try object.string("id")
        view.width = try points(object, "width")
        view.height = try points(object, "height")
        view.spacing = try object.size("spacing") ?? 0
        view.insets = try object.edges("insets") ?? BoxEdges(0)
        view.direction = try object.choice("direction") ?? .ltr
        view.paint = try paint(object)
        // A BoxView has no border of its own: its border colours are 1-point lines drawn inside it,
        // taking no room (a UIView layer's border).
        if view.paint != nil { view.paint?.borderLineWidth = 1 }
        view.items =
            try object.array("items", expected: "an array of items") { entry, path throws(RequestError) in
                try item(entry, at: path, depth: depth + 1)
            } ?? []
        do {
            // The views were validated as they were read.
            return try view.node(validatingViews: false)
        } catch {
            throw RequestError(at: JSONPath.join(path, error.path), error.problem)
        }
    }

    /// An entry of `items`: `{"view", "top", "left", "bottom", "right", "centerX", "centerY",
    /// "width", "height", "flex"}`, all optional (without a view, a spacer).
    mutating func item(_ value: JSONValue, at path: String, depth: Int) throws(RequestError)
        -> BoxItem
    {
        let object = try JSONObject(value, at: path, keys: BoxViewJSON.itemKeys)
        var item = BoxItem()
        if let view = object["view"] {
            item.view = try node(view, at: object.path("view"), depth: depth)
            // An MGBox keeps its size in MGBoxKit's containers (`flexShrink: 0`); in a BoxView the
            // item decides.
            if StandardVocabulary.isMGBox(vocabularies.vocabulary(of: view)) { item.view?.style.flexShrink = 1 }
        }
        item.centerX = try pin(object, "centerX", default: nil)
        item.centerY = try pin(object, "centerY", default: nil)
        // On an axis with a centre pin the edges are free (`>=0`) unless given, as `.centerX()` sets.
        let x: BoxPin = item.centerX == nil ? .zero : >=0
        let y: BoxPin = item.centerY == nil ? .zero : >=0
        item.top = try pin(object, "top", default: y)
        item.left = try pin(object, "left", default: x)
        item.bottom = try pin(object, "bottom", default: y)
        item.right = try pin(object, "right", default: x)
        item.width = try itemSize(object, "width")
        item.height = try itemSize(object, "height")
        item.flex = try object.number("flex")
        item.huggingX = try object.number("huggingX")
        item.huggingY = try object.number("huggingY")
        item.compressionX = try object.number("compressionX")
        item.compressionY = try object.number("compressionY")
        return item
    }

    /// A pin: a number (`==`), `">=N"`, `"<=N"` or `"==N"`, each with `"@P"` after it for an
    /// optional pin of priority P (`">=0@250"`), or null (none); `default` when left out.
    func pin(_ object: JSONObject, _ key: String, default value: BoxPin?) throws(RequestError) -> BoxPin? {
        guard let member = object[key] else { return value }
        let expected = #"a number, ">=N", "<=N", "==N" (each with "@P" for a priority) or null"#
        switch member {
        case .null:
            return nil
        case .number(let number):
            return ==number
        case .string(let string):
            let relation = BoxPin.Relation.allCases.first { string.hasPrefix($0.rawValue) }
            let parts = string.dropFirst(2).split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            // The numbers, written as `"N%"` asks for them (no exponent, no spaces).
            if let relation, let constant = parts.first.flatMap({ Self.percentage(String($0) + "%") }) {
                if parts.count == 1 { return BoxPin(constant, relation) }
                if let priority = Self.percentage(String(parts[1]) + "%") {
                    return BoxPin(constant, relation, priority: priority)
                }
            }
            throw RequestError(at: object.path(key), "must be \(expected) (it is '\(JSONReader.shortened(string))')")
        default:
            throw RequestError(at: object.path(key), "expected \(expected), not \(member.kindName)")
        }
    }

    /// An item's width or height: a number of points, or `"N%"` of the BoxView's.
    func itemSize(_ object: JSONObject, _ key: String) throws(RequestError) -> BoxItemSize? {
        guard let member = object[key] else { return nil }
        let expected = #"a number of points or "N%""#
        switch member {
        case .number:
            return .points(try object.size(key)!)
        case .string(let string):
            guard let percent = Self.percentage(string) else {
                throw RequestError(at: object.path(key), "expected \(expected), not '\(JSONReader.shortened(string))'")
            }
            return .relative(percent / 100)
        default:
            throw RequestError(at: object.path(key), "expected \(expected), not \(member.kindName)")
        }
    }
}
