import Mush
import MushBase
import MushBox

extension BoxRequest {
    /// The keys of a node's paint (`BoxPaint`), for whoever draws the layout (`mush render`); the
    /// engine never reads them, and `mush layout` writes nothing of them:
    ///
    /// - `backgroundColor`: a hex colour filling the border box (rounded by `cornerRadius`).
    /// - `borderColors`: one hex colour for every edge, or an object of some of `top`, `right`,
    ///   `bottom` and `left` (an edge left out has no line). The lines are as thick as the node's
    ///   `border` on that edge.
    /// - `cornerRadius`: the radius of the border box's corners, 0 to 1000000 points.
    /// - `shadow`: `{"color", "x", "y", "blur"}`, the colour required; the offset (`x`, `y`, ±1000000
    ///   points, 0 by default) and the blur (0 to 1000000 points, 0 by default).
    /// - `zIndex`: the paint order among siblings, a number from -1000000 to 1000000 (higher on
    ///   top; 0 by default).
    /// - `opacity`: how opaque the node and all it holds are, drawn as one group, 0 to 1 (1 by
    ///   default).
    /// - `backgroundGradient`: `{"linear": ANGLE, "stops": […]}` (degrees, CSS's: 180 top to
    ///   bottom) or `{"radial": [X, Y], "stops": […]}` (the centre as fractions of the box, to the
    ///   farthest corner), over the background colour; each stop a colour, or `{"color", "at"}`
    ///   with `at` from 0 to 1 (stops without one are spread evenly between those with one, the
    ///   first at 0 and the last at 1), at least two.
    /// - `link`: where the box links to (an `http`, `https` or `mailto` URL, or `#ID` for the box
    ///   with that id): a link annotation over it in PDF, an `<a>` in SVG.
    /// - `heading`: 1 to 6, the box is a heading of that level: an entry of a PDF's outline
    ///   (`BoxBookmark`), titled with the box's text.
    /// - `bookmark`: an outline entry's title (for a heading, instead of its text; for another box,
    ///   an entry of level 1, or of `heading`'s level).
    /// - `bookmarkOpen`: false for an entry that starts closed (its entries hidden); true by default.
    /// - `role`: what the box is in a tagged PDF's structure (`BoxRole`): `paragraph`, `list`,
    ///   `listItem`, `table`, `row`, `header`, `cell`, `figure`, `group` or `artifact`.
    /// - `alt`: what a picture (an image leaf, a `figure`) shows, in words; `""` marks it as
    ///   decoration.
    ///
    /// A node with none of them has no paint.
    public static let paintKeys = [
        "backgroundColor", "borderColors", "cornerRadius", "shadow", "zIndex", "opacity", "backgroundGradient", "link",
        "heading", "bookmark", "bookmarkOpen", "role", "alt",
    ]
}

extension BoxTreeReader {
    /// The paint of the node `object` (``BoxRequest/paintKeys``), each value checked with its JSON
    /// path (`children[1].shadow.blur: …`); nil when the node has none of the keys. `mgBox`: an
    /// MGBox's node, whose `borderColors` may also be MGBoxKit's array.
    func paint(_ object: JSONObject, mgBox: Bool = false) throws(RequestError) -> BoxPaint? {
        guard BoxRequest.paintKeys.contains(where: { object[$0] != nil }) else { return nil }
        var paint = BoxPaint()
        paint.backgroundColor = try object.color("backgroundColor")
        paint.borderColors = try borderColors(object, mgBox: mgBox) ?? paint.borderColors
        paint.cornerRadius = try object.size("cornerRadius") ?? paint.cornerRadius
        paint.shadow = try shadow(object)
        paint.zIndex = try object.number("zIndex", in: MushLimits.offset, unit: "") ?? paint.zIndex
        paint.opacity = try object.number("opacity", in: 0...1, unit: "") ?? paint.opacity
        paint.backgroundGradient = try gradient(object)
        paint.link = try link(object)
        paint.bookmark = try bookmark(object)
        paint.role = try object.choice("role")
        paint.alternateText = try object.string("alt")
        if let text = paint.alternateText, let problem = BoxPaint.problem(alternateText: text) {
            throw RequestError(at: object.path("alt"), problem)
        }
        return paint
    }

    /// `heading`, `bookmark` and `bookmarkOpen`: the node's outline entry, nil when it has none.
    func bookmark(_ object: JSONObject) throws(RequestError) -> BoxBookmark? {
        let level = try object.number("heading", in: 1...6, unit: "")
        if let level, level != level.rounded() {
            throw RequestError(
                at: object.path("heading"), "must be a whole number from 1 to 6 (it is \(MushLimits.format(level)))")
        }
        let title = try object.string("bookmark")
        let open = try object.bool("bookmarkOpen")
        guard level != nil || title != nil else {
            if open != nil {
                throw RequestError(at: object.path("bookmarkOpen"), "is for a node with a heading or a bookmark")
            }
            return nil
        }
        let bookmark = BoxBookmark(
            level: Int(level ?? 1), title: title, isOpen: open ?? true, isHeading: level != nil)
        if let (key, problem) = bookmark.firstProblem() { throw RequestError(at: object.path(key), problem) }
        return bookmark
    }

    /// `borderColors`: one colour for all four edges, or an object of some of them; on an MGBox
    /// (`mgBox`), also MGBoxKit's array of four in its order, top, left, bottom, right, `null` for
    /// an edge without a line (`["#ccc", null, "#ccc", null]`).
    func borderColors(_ object: JSONObject, mgBox: Bool = false) throws(RequestError) -> BoxEdges<MushColor?>? {
        guard let value = object["borderColors"] else { return nil }
        switch value {
        case .string:
            return BoxEdges(try object.color("borderColors"))
        case .object:
            let edges = try JSONObject(
                value, at: object.path("borderColors"), keys: ["top", "right", "bottom", "left"])
            return BoxEdges(
                top: try edges.color("top"), right: try edges.color("right"), bottom: try edges.color("bottom"),
                left: try edges.color("left"))
        case .array(let values) where mgBox:
            let path = object.path("borderColors")
            guard values.count == 4 else {
                throw RequestError(
                    "\(path): must hold four colours, top, left, bottom and right, as MGBoxKit's (it holds \(values.count))"
                )
            }
            var colors: [MushColor?] = []
            for (index, value) in values.enumerated() {
                switch value {
                case .null: colors.append(nil)
                case .string(let string):
                    guard let color = MushColor(hex: string) else {
                        throw JSONObject.notAColour(shown: JSONReader.shortened(string), at: "\(path)[\(index)]")
                    }
                    colors.append(color)
                default:
                    throw RequestError(at: "\(path)[\(index)]", "must be a colour or null")
                }
            }
            return BoxEdges(top: colors[0], right: colors[3], bottom: colors[2], left: colors[1])
        default:
            throw object.wrongType(
                "borderColors",
                expected: mgBox
                    ? "a colour, an object of some of top, right, bottom and left, or an array of four"
                    : "a colour or an object of some of top, right, bottom and left")
        }
    }

    /// `shadow`: `{"color", "x", "y", "blur"}`, the colour required.
    /// `backgroundGradient` (``BoxRequest/paintKeys``).
    func gradient(_ object: JSONObject) throws(RequestError) -> BoxGradient? {
        guard let value = object["backgroundGradient"] else { return nil }
        let gradient = try JSONObject(
            value, at: object.path("backgroundGradient"), keys: ["linear", "radial", "stops"])
        let shape: BoxGradient.Shape
        switch (gradient["linear"], gradient["radial"]) {
        case (_?, nil):
            shape = .linear(angle: try gradient.number("linear", in: -1_000_000...1_000_000, unit: "degrees")!)
        case (nil, let radial?):
            guard case .array(let center) = radial, center.count == 2, case .number(let x) = center[0],
                case .number(let y) = center[1], x.isFinite, y.isFinite
            else {
                throw RequestError(
                    at: gradient.path("radial"), "must be [X, Y], the centre as two fractions of the box")
            }
            shape = .radial(centerX: x, centerY: y)
        case (nil, nil):
            throw RequestError(at: gradient.path, "a gradient is linear (an angle) or radial (a centre)")
        default:
            throw RequestError(at: gradient.path, "a gradient is linear or radial, not both")
        }
        guard case .array(let entries)? = gradient["stops"] else {
            throw gradient["stops"] == nil
                ? gradient.missing("stops") : gradient.wrongType("stops", expected: "an array of stops")
        }
        var colors: [MushColor] = []
        var offsets: [Double?] = []
        for (index, entry) in entries.enumerated() {
            let path = gradient.path("stops") + "[\(index)]"
            switch entry {
            case .string(let hex):
                guard let color = MushColor(hex: hex) else { throw JSONObject.notAColour(shown: hex, at: path) }
                colors.append(color)
                offsets.append(nil)
            default:
                let stop = try JSONObject(entry, at: path, keys: ["color", "at"])
                guard let color = try stop.color("color") else { throw stop.missing("color") }
                colors.append(color)
                offsets.append(try stop.number("at", in: 0...1, unit: ""))
            }
        }
        // CSS's rule: the first and last at 0 and 1 unless given, the others evenly between the
        // given ones around them.
        if !offsets.isEmpty {
            offsets[0] = offsets[0] ?? 0
            offsets[offsets.count - 1] = offsets[offsets.count - 1] ?? 1
        }
        var index = 0
        while index < offsets.count {
            guard offsets[index] == nil else {
                index += 1
                continue
            }
            let start = index - 1
            var end = index
            while offsets[end] == nil { end += 1 }
            let (from, to) = (offsets[start]!, offsets[end]!)
            for gap in index..<end {
                offsets[gap] = from + (to - from) * Double(gap - start) / Double(end - start)
            }
            index = end
        }
        let result = BoxGradient(shape, stops: zip(colors, offsets).map { BoxGradient.Stop($0.0, at: $0.1 ?? 0) })
        if let (key, problem) = result.firstProblem() {
            throw RequestError(at: JSONPath.join(gradient.path, key), problem)
        }
        return result
    }

    func shadow(_ object: JSONObject, key: String = "shadow") throws(RequestError) -> BoxShadow? {
        guard let value = object[key] else { return nil }
        let shadow = try JSONObject(value, at: object.path(key), keys: ["color", "x", "y", "blur"])
        guard let color = try shadow.color("color") else { throw shadow.missing("color") }
        let offset = BoxOffset(
            x: try shadow.number("x", in: MushLimits.offset) ?? 0, y: try shadow.number("y", in: MushLimits.offset) ?? 0
        )
        let blur = try shadow.size("blur") ?? 0
        return BoxShadow(color: color, offset: offset, blur: blur)
    }
}
