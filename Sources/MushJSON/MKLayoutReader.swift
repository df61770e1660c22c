import Mush
import MushBox
import MushMKLayout

/// MKLayoutLibrary's layouts in a box tree's JSON (the MushMKLayout article gives the keys): a node
/// with `linearLayout`, `stackLayout` or `flowLayout` is a layout, whose `items` hold views (any
/// node) or sublayouts.
enum MKLayoutJSON {
    /// The keys that make a node one of MKLayoutLibrary's layouts.
    static let markerKeys = ["linearLayout", "stackLayout", "flowLayout", "customLayout"]

    /// Every key of a layout node.
    static let keys =
        markerKeys + ["id", "width", "height", "spacing", "margin", "items", "options"] + BoxRequest.paintKeys

    /// Every key of an item.
    static let itemKeys = [
        "size", "weight", "padding", "gravity", "offset", "insertBorder", "view", "sublayout", "properties",
    ]

    static let gravities: [String: MKLayoutGravity] = [
        "top": .top, "bottom": .bottom, "left": .left, "right": .right, "centerV": .centerVertical,
        "centerH": .centerHorizontal,
    ]
}

extension BoxTreeReader {
    /// Whether a node's object is one of MKLayoutLibrary's layouts.
    static func isMKLayout(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        return MKLayoutJSON.markerKeys.contains { members[$0] != nil }
    }

    /// The layout at `path`, lowered to engine styles.
    mutating func mkNode(_ value: JSONValue, at path: String, depth: Int) throws(RequestError)
        -> BoxNode
    {
        let layout = try mkLayout(value, at: path, depth: depth)
        do {
            return try MKLowering.lower(layout, named: path)
        } catch {
            throw RequestError(at: error.path, error.problem)
        }
    }

    /// A linear, stack or flow layout.
    mutating func mkLayout(_ value: JSONValue, at path: String, depth: Int) throws(RequestError)
        -> any MKLayout
    {
        if depth > BoxError.maximumDepth {
            throw RequestError(at: path, "the tree is deeper than \(BoxError.maximumDepth) levels below the root")
        }
        deepest = max(deepest, depth)
        let object = try JSONObject(value, at: path, keys: MKLayoutJSON.keys)
        let given = MKLayoutJSON.markerKeys.filter { object[$0] != nil }
        if given.count > 1 {
            throw RequestError(
                at: path,
                "a layout is one of linearLayout, stackLayout, flowLayout and customLayout, not \(given[0]) and \(given[1])"
            )
        }
        if given[0] != "customLayout", object["options"] != nil {
            throw RequestError(at: object.path("options"), "is for custom layouts")
        }
        var layout: any MKLayout
        switch given[0] {
        case "customLayout":
            layout = try customLayout(object)
        case "linearLayout":
            let orientation: MKLayoutOrientation = try object.choice("linearLayout")!
            layout = MKLinearLayout(orientation: orientation, spacing: try object.size("spacing") ?? 0)
        case "flowLayout":
            let orientation: MKLayoutOrientation = try object.choice("flowLayout")!
            layout = MKFlowLayout(orientation: orientation, spacing: try object.size("spacing") ?? 0)
        default:
            guard try object.bool("stackLayout") == true else {
                throw RequestError(at: object.path("stackLayout"), "must be true (a stack layout)")
            }
            if object["spacing"] != nil {
                throw RequestError(
                    at: object.path("spacing"), "is for linear and flow layouts (a stack's items overlap)")
            }
            layout = MKStackLayout()
        }
        layout.id = try object.string("id")
        layout.width = try object.size("width")
        layout.height = try object.size("height")
        layout.margin = try object.edges("margin") ?? layout.margin
        layout.paint = try paint(object)
        layout.items =
            try object.array("items", expected: "an array of items") { value, path throws(RequestError) in
                try mkItem(value, at: path, depth: depth + 1)
            } ?? layout.items
        return layout
    }

    /// A custom layout: the one the vocabularies know by the name in `customLayout`, made from
    /// `options` (an object of numbers).
    func customLayout(_ object: JSONObject) throws(RequestError) -> any MKLayout {
        guard let name = try object.string("customLayout") else {
            throw object.wrongType("customLayout", expected: "a string")
        }
        guard let make = vocabularies.customLayouts[name] else {
            let known = vocabularies.customLayouts.keys.sorted()
            throw RequestError(
                at: object.path("customLayout"),
                "no custom layout is named '\(JSONReader.shortened(name))' ("
                    + (known.isEmpty
                        ? "none is known here: custom layouts are added in Swift, with BoxVocabularies.addingCustomLayout"
                        : "the custom layouts known: \(known.joined(separator: ", "))") + ")")
        }
        let options = try numbers(object, "options")
        do {
            return try make(options)
        } catch {
            // `RequestError(at: "columns", …)` from the maker names `options.columns`.
            let message = error.description
            let named = message.contains(": ")
            throw RequestError(object.path("options") + (named ? "." : ": ") + message)
        }
    }

    /// An object of numbers (`options`, `properties`), empty when left out.
    func numbers(_ object: JSONObject, _ key: String) throws(RequestError) -> [String: Double] {
        guard let value = object[key] else { return [:] }
        guard case .object(let members) = value else { throw object.wrongType(key, expected: "an object of numbers") }
        var numbers: [String: Double] = [:]
        for name in members.keys.sorted() {
            guard case .number(let number)? = members[name], number.isFinite else {
                throw RequestError(
                    at: JSONPath.join(object.path(key), name), "expected a number, not \(members[name]!.kindName)")
            }
            numbers[name] = number
        }
        return numbers
    }

    /// An item: its view (any node; a scroll view there takes its size from the item) or its
    /// sublayout.
    mutating func mkItem(_ value: JSONValue, at path: String, depth: Int) throws(RequestError) -> MKLayoutItem {
        let object = try JSONObject(value, at: path, keys: MKLayoutJSON.itemKeys)
        let border = try self.border(object)
        var item: MKLayoutItem
        switch (object["view"], object["sublayout"]) {
        case (let view?, nil):
            item = MKLayoutItem(try node(view, at: object.path("view"), depth: depth + 1, sizedByContainer: true))
        case (nil, let sublayout?):
            guard Self.isMKLayout(sublayout) else {
                throw RequestError(
                    at: object.path("sublayout"),
                    "must be a layout (with linearLayout, stackLayout, flowLayout or customLayout)")
            }
            item = MKLayoutItem(
                sublayout: try mkLayout(sublayout, at: object.path("sublayout"), depth: depth + 1)
            )
        case (nil, nil):
            throw RequestError(at: path, "an item holds a view or a sublayout (neither is given)")
        default:
            throw RequestError(at: path, "an item holds a view or a sublayout, not both")
        }
        item.insertBorder = border
        if let size = object["size"] {
            let sizes = try JSONObject(size, at: object.path("size"), keys: ["width", "height"])
            item.size = MKSize(width: try mkLength(sizes, "width"), height: try mkLength(sizes, "height"))
        }
        item.weight = try object.number("weight", in: MushLimits.length, unit: "")
        item.padding = try object.edges("padding") ?? item.padding
        item.offset = try object.offset("offset") ?? item.offset
        item.gravity = try gravity(object)
        item.properties = try numbers(object, "properties")
        return item
    }

    /// A size's `width` or `height`: points or `"matchParent"` (the default).
    func mkLength(_ object: JSONObject, _ key: String) throws(RequestError) -> MKLength {
        guard let value = object[key] else { return .matchParent }
        if case .string(let name) = value {
            guard name == "matchParent" else {
                throw RequestError(
                    at: object.path(key),
                    "must be a number of points or \"matchParent\" (it is '\(JSONReader.shortened(name))')")
            }
            return .matchParent
        }
        guard case .number = value else {
            throw object.wrongType(key, expected: "a number of points or \"matchParent\"")
        }
        return .points(try object.size(key)!)
    }

    /// `gravity`: one of `top`, `bottom`, `left`, `right`, `centerV`, `centerH`, or an array of them.
    func gravity(_ object: JSONObject) throws(RequestError) -> MKLayoutGravity {
        guard let value = object["gravity"] else { return .none }
        let expected = "top, bottom, left, right, centerV or centerH"
        func one(_ value: JSONValue, at path: String) throws(RequestError) -> MKLayoutGravity {
            guard case .string(let name) = value else {
                throw RequestError(at: path, "expected \(expected), not \(value.kindName)")
            }
            guard let gravity = MKLayoutJSON.gravities[name] else {
                throw RequestError(at: path, "must be \(expected) (it is '\(JSONReader.shortened(name))')")
            }
            return gravity
        }
        guard case .array(let values) = value else { return try one(value, at: object.path("gravity")) }
        var gravity: MKLayoutGravity = []
        for (index, value) in values.enumerated() {
            gravity.formUnion(try one(value, at: object.path("gravity") + "[\(index)]"))
        }
        return gravity
    }

    /// `insertBorder`: `{"thickness", "color"}`, both required.
    func border(_ object: JSONObject) throws(RequestError) -> MKBorder? {
        guard let value = object["insertBorder"] else { return nil }
        let border = try JSONObject(value, at: object.path("insertBorder"), keys: ["thickness", "color"])
        guard let thickness = try border.size("thickness") else { throw border.missing("thickness") }
        guard let color = try border.color("color") else { throw border.missing("color") }
        return MKBorder(thickness: thickness, color: color)
    }
}
