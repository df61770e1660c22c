import Mush
import MushBox
import MushLine
import MushMGBox

/// MGBoxKit's nodes in a box tree's JSON (the MushMGBox article gives the keys): a node with any
/// of ``MGBoxJSON/markerKeys`` is an MGBox (a table section when it has lines, a scroll view with
/// `"scrollView": true`), and so is every entry of an MGBox's `boxes`, unless the entry is a node
/// of the engine's own (it has `children` or a flexbox style key).
enum MGBoxJSON {
    /// Keys only MGBoxKit's nodes have: a node with one of them is read as an MGBox.
    static let markerKeys = [
        "boxes", "topLines", "middleLines", "bottomLines", "scrollView", "contentLayoutMode", "sizingMode",
        "boxLayoutMode", "origin", "fixedPosition", "attachedTo", "borderStyle", "contentOffset", "tableStyle",
        "repeatTopLines", "clipsContent", "scrollToView", "scrollMargin", "snapToNearestBox", "keepAboveKeyboard",
        "keyboardHeight",
        "keyboardMargin",
    ]

    /// Every key of an MGBox node.
    static let keys =
        ["id", "width", "height", "margin", "padding"] + BoxRequest.paintKeys
        + markerKeys + BoxRequest.leafKeys + BoxRequest.textKeys

    /// The engine's own style keys that MGBox nodes do not take: an entry of `boxes` with one of
    /// them (or with `children`) is a node of the engine's own.
    static let engineOnlyKeys = Set(BoxRequest.styleKeys).subtracting(keys).union(["children"])

    static let tableStyles = ["insetGrouped": MGTableStyle.insetGrouped, "etched": MGTableStyle.etched]
}

/// What a scroll view of the JSON asked about itself, a pass of its node: `scrollOffset` (`{"x",
/// "y"}`, the offset that brings `scrollToView` into view with `scrollMargin`, from its
/// `contentOffset`), `snapOffset` (the nearest box edge from its `contentOffset`) and
/// `keyboardOffset` (the offset that keeps `keepAboveKeyboard` above a keyboard `keyboardHeight`
/// tall, `keyboardMargin` above it), written into its result wherever the scroll view stands.
struct ScrollQuery: JSONAnswers {
    /// The box to scroll to (read only when some box inside the scroll view has this id).
    var view: String?
    var margin: Double
    var snap: Bool
    var offset: BoxOffset
    /// The box being edited, the keyboard's height and the margin above it.
    var keyboard: (id: String, height: Double, margin: Double)?

    func answers(_ result: BoxLayout) -> [String: JSONValue] {
        var answers: [String: JSONValue] = [:]
        func point(_ offset: BoxOffset) -> JSONValue {
            .object(["x": .number(offset.x + 0), "y": .number(offset.y + 0)])
        }
        if let view, let offset = result.offset(scrollingToView: view, withMargin: margin, from: offset) {
            answers["scrollOffset"] = point(offset)
        }
        if snap { answers["snapOffset"] = point(result.snapOffsetToNearestBox(from: offset)) }
        if let keyboard,
            let offset = result.offset(
                keepingAboveKeyboard: keyboard.id, keyboardHeight: keyboard.height, margin: keyboard.margin,
                from: offset)
        {
            answers["keyboardOffset"] = point(offset)
        }
        return answers
    }
}

extension BoxTreeReader {
    /// Whether a node's object is MGBoxKit's.
    static func isMGBox(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        return MGBoxJSON.markerKeys.contains { members[$0] != nil }
    }

    /// The node at `path` read as an MGBox and lowered to engine styles (its attached boxes and
    /// scroll views' passes in its nodes' origins). `sizedByContainer`: a view whose size its
    /// container decides (a scroll view there needs no width or height).
    mutating func mgNode(_ value: JSONValue, at path: String, depth: Int, sizedByContainer: Bool = false)
        throws(RequestError) -> BoxNode
    {
        let box = try mgBox(value, at: path, depth: depth, sizedByContainer: sizedByContainer)
        var lowering = MGLowering(fonts: fonts)
        do {
            let role: MGLowering.Role = sizedByContainer ? .view : depth == 0 ? .root : .plain
            return try lowering.lower(box, as: role, named: path)
        } catch {
            throw RequestError(at: error.path, error.problem)
        }
    }

    /// An MGBox, an MGTableBox or an MGScrollView.
    mutating func mgBox(_ value: JSONValue, at path: String, depth: Int, sizedByContainer: Bool = false)
        throws(RequestError) -> MGBox
    {
        if depth > BoxError.maximumDepth {
            throw RequestError(at: path, "the tree is deeper than \(BoxError.maximumDepth) levels below the root")
        }
        deepest = max(deepest, depth)
        let object = try JSONObject(value, at: path, keys: MGBoxJSON.keys)
        var box = MGBox()
        box.id = try object.string("id")
        box.width = try points(object, "width")
        box.height = try points(object, "height")
        box.margin = try object.edges("margin", in: MushLimits.offset) ?? box.margin
        box.padding = try object.edges("padding") ?? box.padding
        box.contentLayoutMode = try object.choice("contentLayoutMode") ?? .table
        box.sizingMode = try object.choice("sizingMode") ?? .none
        let mode: MGBox.BoxLayoutMode? = try object.choice("boxLayoutMode")
        box.boxLayoutMode = mode ?? .automatic
        box.origin = try object.offset("origin") ?? .zero
        if let point = try object.offset("fixedPosition") {
            if let mode, mode != .fixed {
                throw RequestError(
                    at: object.path("fixedPosition"), "is for fixed boxes (boxLayoutMode is \(mode.rawValue))")
            }
            box.fixedPosition = point
        }
        if let target = try object.string("attachedTo") {
            if let mode, mode != .attached {
                throw RequestError(
                    at: object.path("attachedTo"), "is for attached boxes (boxLayoutMode is \(mode.rawValue))")
            }
            box.attachedTo = target
        }
        if let paint = try paint(object, mgBox: true) {
            box.backgroundColor = paint.backgroundColor
            box.borderColors = paint.borderColors
            box.cornerRadius = paint.cornerRadius
            box.shadow = paint.shadow
            box.zIndex = paint.zIndex
            box.backgroundGradient = paint.backgroundGradient
            box.opacity = paint.opacity
        }
        box.borderStyle = try borderStyle(object)
        box.clipsContent = try object.bool("clipsContent") ?? false

        let isScrollView = try object.bool("scrollView") ?? false
        for key in [
            "contentOffset", "scrollToView", "scrollMargin", "snapToNearestBox", "keepAboveKeyboard", "keyboardHeight",
            "keyboardMargin",
        ] where !isScrollView {
            if object[key] != nil {
                throw RequestError(at: object.path(key), "is for scroll views (\"scrollView\": true)")
            }
        }
        let lineKeys = ["topLines", "middleLines", "bottomLines"]
        let isTable = lineKeys.contains { object[$0] != nil }
        for key in ["tableStyle", "repeatTopLines"] where !isTable && object[key] != nil {
            throw RequestError(
                at: object.path(key), "is for table boxes (with topLines, middleLines or bottomLines)")
        }
        if isTable, object["boxes"] != nil {
            throw RequestError(
                at: object.path("boxes"), "a table box's boxes are its lines (topLines, middleLines, bottomLines)")
        }

        // Content, or boxes (the two together are an error of the lowering).
        switch try leafKey(object) {
        case "text": box.content = .leaf(try text(object, depth: depth))
        case "line": box.content = .line(try line(object).line)
        case "image": box.content = .leaf(try image(object))
        default: break
        }
        if box.content != nil, object["boxes"] != nil || isTable {
            throw RequestError(at: path, "a box holds boxes or content (a line, text or an image), not both")
        }
        box.boxes =
            try object.array("boxes", expected: "an array of boxes") { child, path throws(RequestError) in
                try entry(child, at: path, depth: depth + 1)
            } ?? box.boxes
        var result = box
        if isTable {
            var table = MGTableBox()
            table.box = box
            for key in lineKeys {
                guard
                    let lines = try object.array(
                        key, expected: "an array of lines",
                        { line, path throws(RequestError) in
                            try lineEntry(line, at: path, depth: depth + 1)
                        })
                else { continue }
                switch key {
                case "topLines": table.topLines = lines
                case "middleLines": table.middleLines = lines
                default: table.bottomLines = lines
                }
            }
            table.style = try tableStyle(object)
            table.repeatTopLines = try object.bool("repeatTopLines") ?? false
            result = table.mgBox
        }
        if isScrollView {
            // (A view whose container decides its size needs none of its own.)
            if box.width == nil, !sizedByContainer { throw object.missing("width") }
            if box.height == nil, !sizedByContainer { throw object.missing("height") }
            var view = MGScrollView(width: 0, height: 0)
            view.box = result
            view.contentOffset = try object.offset("contentOffset") ?? .zero
            let margin = try object.size("scrollMargin")
            let target = try object.string("scrollToView")
            if margin != nil, target == nil {
                throw RequestError(at: object.path("scrollMargin"), "is the margin for scrollToView (which is missing)")
            }
            let edited = try object.string("keepAboveKeyboard")
            let keyboardHeight = try object.size("keyboardHeight")
            let keyboardMargin = try object.size("keyboardMargin")
            for (key, value) in [("keyboardHeight", keyboardHeight), ("keyboardMargin", keyboardMargin)]
            where value != nil && edited == nil {
                throw RequestError(at: object.path(key), "is for keepAboveKeyboard (which is missing)")
            }
            if edited != nil, keyboardHeight == nil { throw object.missing("keyboardHeight") }
            for (key, id) in [("scrollToView", target), ("keepAboveKeyboard", edited)] {
                if let id, !result.boxes.contains(where: { $0.mgBox.contains(id: id) }) {
                    throw RequestError(
                        at: object.path(key), "no box in this scroll view has the id \"\(JSONReader.shortened(id))\"")
                }
            }
            let snap = try object.bool("snapToNearestBox") ?? false
            result = view.mgBox
            if target != nil || snap || edited != nil {
                // Answered in the scroll view's own result, wherever it ends up.
                result.passes.append(
                    ScrollQuery(
                        view: target, margin: margin ?? 0, snap: snap, offset: view.contentOffset,
                        keyboard: edited.map { ($0, keyboardHeight ?? 0, keyboardMargin ?? 0) }))
            }
        }
        return result
    }

    /// An entry of `boxes`: an MGBox, or a node of the engine's own (with `children` or a flexbox
    /// style key), read as any node is, MGBoxes inside it included.
    mutating func entry(_ value: JSONValue, at path: String, depth: Int) throws(RequestError)
        -> any MGLayoutBox
    {
        let vocabulary = vocabularies.vocabulary(of: value)
        if case .object(let members) = value, !StandardVocabulary.isMGBox(vocabulary),
            vocabulary != nil || members.keys.contains(where: MGBoxJSON.engineOnlyKeys.contains)
        {
            // (The passes of MGBoxes inside it travel in their nodes' origins.)
            return try node(value, at: path, depth: depth)
        }
        return try mgBox(value, at: path, depth: depth)
    }

    /// An entry of `topLines`, `middleLines` or `bottomLines`: an MGLine object, or a box (with
    /// `line`, `text`, `image` or `boxes`).
    mutating func lineEntry(_ value: JSONValue, at path: String, depth: Int) throws(RequestError)
        -> any MGLayoutBox
    {
        if case .object(let members) = value,
            members["line"] != nil || members["text"] != nil || members["image"] != nil || Self.isMGBox(value)
        {
            return try mgBox(value, at: path, depth: depth)
        }
        return try row(value, at: path).line
    }

    // MARK: - Values

    /// A size in points (MGBox frames have no percentages).
    func points(_ object: JSONObject, _ key: String) throws(RequestError) -> Double? {
        guard let value = object[key] else { return nil }
        guard case .number = value else { throw object.wrongType(key, expected: "a number of points") }
        return try object.size(key)
    }

    /// `"none"`, `"etchedAll"`, or an array of `"etchedTop"`, `"etchedLeft"`, `"etchedBottom"`,
    /// `"etchedRight"`.
    func borderStyle(_ object: JSONObject) throws(RequestError) -> MGBox.BorderStyle {
        guard let value = object["borderStyle"] else { return [] }
        let names: [String: MGBox.BorderStyle] = [
            "none": [], "etchedAll": .etchedAll, "etchedTop": .etchedTop, "etchedLeft": .etchedLeft,
            "etchedBottom": .etchedBottom, "etchedRight": .etchedRight,
        ]
        let expected = "none, etchedAll, etchedTop, etchedLeft, etchedBottom or etchedRight, or an array of them"
        func style(_ value: JSONValue, at path: String) throws(RequestError) -> MGBox.BorderStyle {
            guard case .string(let name) = value, let style = names[name] else {
                if case .string(let name) = value {
                    throw RequestError(at: path, "must be \(expected) (it is '\(JSONReader.shortened(name))')")
                }
                throw RequestError(at: path, "expected \(expected), not \(value.kindName)")
            }
            return style
        }
        guard case .array(let values) = value else { return try style(value, at: object.path("borderStyle")) }
        var result: MGBox.BorderStyle = []
        for (index, value) in values.enumerated() {
            result.formUnion(try style(value, at: object.path("borderStyle") + "[\(index)]"))
        }
        return result
    }

    /// `"insetGrouped"`, `"etched"`, or an object of ``MGTableStyle``'s values over a `base` (one of
    /// the two names, `insetGrouped` by default).
    func tableStyle(_ object: JSONObject) throws(RequestError) -> MGTableStyle? {
        guard let value = object["tableStyle"] else { return nil }
        let names = "insetGrouped or etched"
        if case .string(let name) = value {
            guard let style = MGBoxJSON.tableStyles[name] else {
                throw RequestError(
                    at: object.path("tableStyle"), "must be \(names) (it is '\(JSONReader.shortened(name))')")
            }
            return style
        }
        let keys = [
            "base", "backgroundColor", "cornerRadius", "separatorColor", "separatorInset", "separatorWidth",
            "etchedRows",
            "shadow", "rowHeight", "rowPadding",
        ]
        let values = try JSONObject(value, at: object.path("tableStyle"), keys: keys)
        var style = MGTableStyle.insetGrouped
        if let base = try values.string("base") {
            guard let named = MGBoxJSON.tableStyles[base] else {
                throw RequestError(at: values.path("base"), "must be \(names) (it is '\(JSONReader.shortened(base))')")
            }
            style = named
        }
        if values["backgroundColor"] != nil { style.backgroundColor = try values.color("backgroundColor") }
        style.cornerRadius = try values.size("cornerRadius") ?? style.cornerRadius
        if values["separatorColor"] != nil { style.separatorColor = try values.color("separatorColor") }
        style.separatorInset = try values.size("separatorInset") ?? style.separatorInset
        style.separatorWidth = try values.size("separatorWidth") ?? style.separatorWidth
        style.etchedRows = try values.bool("etchedRows") ?? style.etchedRows
        style.shadow = try shadow(values) ?? style.shadow
        style.rowHeight = try values.size("rowHeight") ?? style.rowHeight
        style.rowPadding = try values.size("rowPadding") ?? style.rowPadding
        return style
    }
}
