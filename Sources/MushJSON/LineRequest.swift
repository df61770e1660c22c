import Mush
import MushImage
import MushLine
import MushText

/// What a JSON document holds: one line, or a stack of lines.
public enum LineDocument: Hashable, Sendable {
    case line(MGLine)
    case stack(MGStack)
}

/// Reads a line from its JSON (`mgline.md`, "The command-line contract"), or a stack of lines,
/// checking every value itself so that each problem names its JSON path:
/// `right[0].box.margin.left: must be a number from 0 to 1000000 points (it is -1)`, `lines[1].right[0].box.margin.left: …`.
public struct LineRequest: Sendable {
    /// The fonts that font families must name.
    public let fonts: FontCollection
    /// Where image files are found, for the sizes image items leave out.
    public let images: ImageFiles

    public init(fonts: FontCollection, images: ImageFiles = ImageFiles()) {
        self.fonts = fonts
        self.images = images
    }

    /// The keys of a line object: the line's own, then each side's style property on each side
    /// (``sideKey(_:on:)``).
    public static let lineKeys =
        [
            "width", "height", "padding", "margin", "backgroundColor", "borders", "itemPadding", "sidePrecedence",
            "minHeight", "maxHeight", "verticalAlignment", "widenAsNeeded",
        ] + TypographyKeys.paragraph
        + MGLine.SideStyle.Property.allCases.flatMap { property in
            MGLine.Side.allCases.map { sideKey(property, on: $0) }
        }

    /// The key of a side's style property: its name in the line (`middleFont`, `leftWidth`), but a
    /// side's items are `left`, `middle` and `right`.
    public static func sideKey(_ property: MGLine.SideStyle.Property, on side: MGLine.Side) -> String {
        property == .items ? side.rawValue : property.name(on: side)
    }

    /// The keys of a stack object.
    public static let stackKeys = ["width", "padding", "backgroundColor", "borders", "lines"]

    /// Reads one line object (the top level of the input, where `width` is required).
    public func line(from data: some Collection<UInt8>) throws(RequestError) -> MGLine {
        try line(try Self.topLevelObject(data), at: "", widthRequired: true)
    }

    /// Reads one stack object: `width` (required), `padding`, `backgroundColor`, `borders` and
    /// `lines` (required), an array of line objects whose width may be left out (0: the line fills
    /// the stack).
    public func stack(from data: some Collection<UInt8>) throws(RequestError) -> MGStack {
        try stack(try Self.topLevelObject(data))
    }

    /// Reads a line or a stack: an object with the key `lines` is a stack, any other a line.
    public func document(from data: some Collection<UInt8>) throws(RequestError) -> LineDocument {
        let value = try Self.topLevelObject(data)
        if case .object(let members) = value, members["lines"] != nil { return .stack(try stack(value)) }
        return .line(try line(value, at: "", widthRequired: true))
    }

    /// The input's JSON value, which must be an object.
    static func topLevelObject(_ data: some Collection<UInt8>) throws(RequestError) -> JSONValue {
        let value = try JSONValue.parse(data)
        guard case .object = value else { throw RequestError("not a JSON object") }
        return value
    }

    func stack(_ value: JSONValue) throws(RequestError) -> MGStack {
        let object = try JSONObject(value, at: "", keys: Self.stackKeys)
        guard let width = try object.size("width") else { throw object.missing("width") }
        var stack = MGStack(width: width)
        stack.padding = try object.edges("padding", oneNumber: false) ?? MGLine.Insets()
        stack.backgroundColor = try object.color("backgroundColor")
        stack.borders = try borders(object, "borders") ?? MGLine.Borders()
        guard object["lines"] != nil else { throw object.missing("lines") }
        stack.lines =
            try object.array("lines") { value, path throws(RequestError) in
                try line(value, at: path, widthRequired: false)
            } ?? []
        return stack
    }

    /// A line object at `path`; a nested line (in a box) may leave out its width.
    func line(_ value: JSONValue, at path: String, widthRequired: Bool) throws(RequestError) -> MGLine {
        let object = try JSONObject(value, at: path, keys: Self.lineKeys)
        var line = MGLine()
        if widthRequired, object["width"] == nil { throw object.missing("width") }
        line.width = try object.size("width") ?? 0
        line.height = try object.size("height") ?? 0
        line.padding = try object.edges("padding", oneNumber: false) ?? MGLine.Insets()
        line.margin = try object.edges("margin", oneNumber: false) ?? MGLine.Insets()
        line.backgroundColor = try object.color("backgroundColor")
        line.borders = try borders(object, "borders") ?? MGLine.Borders()
        line.itemPadding = try object.size("itemPadding") ?? 0
        line.sidePrecedence = try object.choice("sidePrecedence") ?? .left
        line.minHeight = try object.size("minHeight") ?? 0
        line.maxHeight = try object.size("maxHeight") ?? 0
        line.verticalAlignment = try object.choice("verticalAlignment") ?? .center
        line.widenAsNeeded = try object.bool("widenAsNeeded") ?? false
        try TypographyKeys.read(object, into: &line.textStyle)
        // A side's property left out keeps the new line's value.
        for property in MGLine.SideStyle.Property.allCases {
            for side in MGLine.Side.allCases {
                try read(property, on: side, from: object, into: &line[side])
            }
        }
        return line
    }

    // MARK: - Parts

    /// Sets a side's style property from its key (``sideKey(_:on:)``), when the object has it.
    func read(
        _ property: MGLine.SideStyle.Property, on side: MGLine.Side, from object: JSONObject,
        into style: inout MGLine.SideStyle
    ) throws(RequestError) {
        let key = Self.sideKey(property, on: side)
        guard object[key] != nil else { return }
        switch property {
        case .font: style.font = try font(object, key)
        case .textColor: style.textColor = try object.color(key)
        case .textShadowColor: style.textShadowColor = try object.color(key)
        case .textShadowOffset: style.textShadowOffset = try object.offset(key) ?? style.textShadowOffset
        case .alignment: style.alignment = try object.choice(key) ?? style.alignment
        case .width: style.width = try object.size(key) ?? style.width
        case .lineSpacing: style.lineSpacing = try object.size(key) ?? style.lineSpacing
        case .items: style.items = try items(object, key)
        }
    }

    /// Borders: a colour for all four edges, or an object of `top`, `left`, `bottom` and `right`
    /// colours (none when left out) and a `width` (1).
    func borders(_ object: JSONObject, _ key: String) throws(RequestError) -> MGLine.Borders? {
        switch object[key] {
        case nil:
            return nil
        case .string:
            return MGLine.Borders(all: try object.color(key))
        case .object(let members):
            let borders = try JSONObject(
                .object(members), at: object.path(key), keys: ["top", "left", "bottom", "right", "width"])
            return MGLine.Borders(
                top: try borders.color("top"), left: try borders.color("left"), bottom: try borders.color("bottom"),
                right: try borders.color("right"), width: try borders.size("width") ?? 1)
        default:
            throw object.wrongType(key, expected: "a colour or an object")
        }
    }

    /// A font: `family` (the fonts' default when left out) and `size` (16).
    func font(_ object: JSONObject, _ key: String) throws(RequestError) -> MGLine.Font? {
        guard let value = object[key] else { return nil }
        let font = try JSONObject(value, at: object.path(key), keys: ["family", "size"])
        let family = try font.string("family")
        if let family, !fonts.hasFamily(family) {
            throw RequestError(at: font.path("family"), fonts.missingFamilyMessage(family))
        }
        let size = try font.number("size", in: MushLimits.fontSize) ?? 16
        return MGLine.Font(family: family, size: size)
    }

    func items(_ object: JSONObject, _ key: String) throws(RequestError) -> [MGLine.Item] {
        try object.array(key) { value, path throws(RequestError) in try item(value, at: path) } ?? []
    }

    /// A string (text), an array of text pieces (``pieces(_:at:)``), or an object with one of the
    /// keys text (a string or an array of pieces), image and box.
    func item(_ value: JSONValue, at path: String) throws(RequestError) -> MGLine.Item {
        switch value {
        case .string(let string):
            return .text(string)
        case .array(let values):
            return .pieces(try pieces(values, at: path))
        case .object(let members):
            let kinds = ["text", "image", "box"].filter { members[$0] != nil }
            guard kinds.count == 1 else {
                throw RequestError(
                    kinds.isEmpty
                        ? "\(path): an item object needs one of the keys text, image and box"
                        : "\(path): an item object has only one of the keys text, image and box (it has \(kinds.joined(separator: " and ")))"
                )
            }
            switch kinds[0] {
            case "text":
                let object = try JSONObject(value, at: path, keys: ["text", "multiline"])
                if case .array(let values)? = object["text"] {
                    return .pieces(try pieces(values, at: object.path("text")), multiline: try object.bool("multiline"))
                }
                guard let text = try object.string("text") else {
                    throw object.wrongType("text", expected: "a string or an array of pieces")
                }
                return .text(text, multiline: try object.bool("multiline"))
            case "image":
                let outer = try JSONObject(value, at: path, keys: ["image"])
                let image = try JSONObject(outer["image"]!, at: outer.path("image"), keys: JSONObject.imageKeys)
                return .image(try image.image(images))
            default:
                let outer = try JSONObject(value, at: path, keys: ["box"])
                let box = try JSONObject(
                    outer["box"]!, at: outer.path("box"),
                    keys: ["width", "height", "margin", "expand", "color", "borders", "line"])
                return .box(
                    MGLine.Box(
                        width: try box.size("width") ?? 0, height: try box.size("height") ?? 0,
                        margin: try box.edges("margin", oneNumber: false) ?? MGLine.Insets(),
                        expand: try box.bool("expand") ?? false,
                        color: try box.color("color"), borders: try borders(box, "borders") ?? MGLine.Borders(),
                        line: try box["line"].map { value throws(RequestError) in
                            try line(value, at: box.path("line"), widthRequired: false)
                        }))
            }
        default:
            throw RequestError(at: path, "expected a string or an object, not \(value.kindName)")
        }
    }

    /// A row text's pieces, the array at `path`: strings (Mush markup where they end in `|mush`),
    /// runs (`{"text", "font", "color", "link"}`, the font `{"family", "size", "bold", "italic"}`)
    /// and images (`{"image": {…}, "verticalAlign", "margin", "link"}`). Box pieces are for box
    /// trees' text leaves.
    func pieces(_ values: [JSONValue], at path: String) throws(RequestError) -> [MGLine.TextPiece] {
        var pieces: [MGLine.TextPiece] = []
        for (index, value) in values.enumerated() {
            let place = "\(path)[\(index)]"
            switch value {
            case .string(let string):
                pieces.append(.string(string))
            case .object(let members) where members["text"] != nil:
                let object = try JSONObject(value, at: place, keys: TextPieces.runKeys)
                pieces.append(.text(try TextPieces.run(object, fonts: fonts, bold: false, italic: false).document))
            case .object(let members) where members["box"] != nil:
                throw RequestError(
                    at: place, "box pieces are for box trees' text (a row's text holds strings, runs and images)")
            case .object(let members) where members["image"] != nil:
                pieces.append(.image(try inlineImage(value, at: place)))
            default:
                throw RequestError(
                    at: place, "expected a string or an object with text or image, not \(value.kindName)")
            }
        }
        return pieces
    }

    /// An image piece at `place`: its image (an image item's object), alignment, margin and link.
    func inlineImage(_ value: JSONValue, at place: String) throws(RequestError) -> MGLine.InlineImage {
        let object = try JSONObject(value, at: place, keys: ["image"] + TextPieces.inlineKeys)
        let image = try JSONObject(object["image"]!, at: object.path("image"), keys: JSONObject.imageKeys)
        let inline = MGLine.InlineImage(
            try image.image(images), margin: try object.edges("margin") ?? MGLine.Insets(),
            verticalAlign: try TextPieces.verticalAlign(object), link: try TextPieces.link(object))
        let limit = MushLimits.length.upperBound
        let width = inline.image.width + inline.margin.left + inline.margin.right
        let height = inline.image.height + inline.margin.top + inline.margin.bottom
        if width > limit || height > limit {
            throw RequestError(
                at: place,
                "its margin box must be at most \(MushLimits.format(limit)) points wide and tall (it is "
                    + "\(MushLimits.format(width)) × \(MushLimits.format(height)))")
        }
        return inline
    }
}
