import Mush
import MushBase
import MushBox
import MushImage
import MushLine
import MushMGBox
import MushMKLayout
import MushText

/// A box tree read from its JSON (`box.md`, "The command-line contract"), each value checked with
/// its JSON path, ready to lay out: what `mush layout` reads.
///
/// A node is an object of its style keys (``styleKeys``: the CSS names in camelCase), an optional
/// `id` (a string, echoed in its result), `children` (an array of nodes), or one leaf key: `text`
/// (with ``textKeys``), `line` (an MGLine object as `mush line` reads it, its width optional) or
/// `image` (`{"width", "height", "file", "scale"}`, the size from the file where left out).
///
/// ```swift
/// let request = try BoxRequest(json: body, fonts: .standard)   // RequestError names the bad value
/// let layout = try request.layout(width: .points(320))
/// let json = try layout.jsonValue.checkedJSON()
/// ```
///
/// Lengths are a number of points, `"N%"` or `"auto"`; edges (`margin`, `padding`, `border`,
/// `inset`) one length for all four or an object of some of `top`, `right`, `bottom` and `left`;
/// `gap` sets both gaps and `rowGap` and `columnGap` one each, over `gap`. Every problem is an
/// error naming its path, `children[2].children[0].width: must be a number from 0 to 1000000
/// points (it is -5)`, found in input order (a node's own keys, then its children): unknown keys,
/// wrong types, values out of their ranges (`BoxNode.validate()`'s), a font family the
/// fonts lack, more than one leaf key, a leaf with children, and a tree deeper than
/// `BoxError.maximumDepth` levels below the root.
public struct BoxRequest: Sendable {
    /// The tree.
    public var root: BoxNode
    /// The document's pages, from its root key `page`; nil: one picture as large as the layout.
    public var page: PageSetup?
    /// What the document says about itself (its title, author, language …), from its root key
    /// `document`: written into a PDF or SVG drawn of it; nil: nothing.
    public var document: DocumentInfo?
    /// What was done otherwise than asked, each after its node's path (`children[1].text: …`):
    /// markup the parser could not use, and the text engine's warnings (a family named in markup
    /// that the fonts lack, characters no font has).
    public var warnings: [String]
    /// The footnotes' entries, in the order of their calls (note 1 first): each its number and its
    /// note side by side (a text piece `{"footnote": NODE}` in the MushJSON article), laid out at the page's width and set at the bottom of
    /// the page of its call (``pagedLayout(_:rounding:maximumPages:)``).
    public var footnotes: [BoxNode] = []
    /// The JSON path of each footnote's note.
    public var footnotePaths: [String] = []
    /// ``warnings`` for the tree laid out or drawn without pages, where no note is set: one more
    /// for each footnote, saying so.
    public var unpagedWarnings: [String] {
        warnings
            + footnotePaths.map {
                "\($0): the note is not set: footnotes go at the bottom of pages, and this layout has none (give the root a page)"
            }
    }

    /// The style keys of a node, as CSS names them in camelCase: `BoxStyle.properties`' names.
    public static let styleKeys = BoxStyle.properties.map(\.name)

    /// What `mush layout --help` says of the style keys, from `BoxStyle.properties`: each name,
    /// its keywords and its note, then which lengths take `auto` and which take four edges.
    public static var styleHelp: String {
        let properties = BoxStyle.properties
        let each = properties.map { property in
            var parts: [String] = []
            if case .keyword(let names) = property.kind { parts.append(listed(names)) }
            if case .css(let syntax) = property.kind { parts.append("in CSS's syntax: \(syntax)") }
            if let note = property.note { parts.append(note) }
            return parts.isEmpty ? property.name : "\(property.name) (\(parts.joined(separator: "; ")))"
        }
        let noAuto = properties.filter { property in
            switch property.kind {
            case .length(false, _), .edges(false, _): return true
            default: return false
            }
        }.map(\.name)
        let edges = properties.filter { if case .edges = $0.kind { true } else { false } }.map(\.name)
        return "Style keys, as CSS names them: \(listed(each, "and")). A length is a number of points, \"N%\" or "
            + "\"auto\" (not auto for \(listed(noAuto))); \(listed(edges, "and")) take one length for all four edges "
            + "or an object of some of top, right, bottom and left."
    }

    /// The keys of a text node beside `text`: `font` (`{"family", "size", "bold", "italic"}`),
    /// `color` (a hex colour), `lineSpacing`, `maxLines`, `ellipsize` (`none`, `start`, `middle`
    /// or `end`, the default), `textAlign` (`left`, `center`, `right`, `justify`, `start`, the
    /// default, following the text's direction, or `end`) and `textShadow` (`{"color", "x", "y",
    /// "blur"}`, as a node's `shadow`).
    public static let textKeys =
        ["font", "color", "lineSpacing", "maxLines", "ellipsize", "textAlign", "textShadow", "footnote"]
        + TypographyKeys.paragraph

    /// The leaf keys, at most one a node.
    public static let leafKeys = ["text", "line", "image"]

    /// Every key a node may have.
    public static let nodeKeys = ["id", "children"] + styleKeys + leafKeys + textKeys + paintKeys
    /// ``nodeKeys`` as a set, for checking every node's keys.
    static let nodeKeySet = Set(nodeKeys)

    /// The deepest nesting of objects and arrays in a box tree's JSON (the outermost object counting
    /// one): a node `BoxError.maximumDepth` levels below the root, and a line object in it nesting
    /// as deep as `mush line` allows (`MushLimits/jsonDepth`). A tree one level too deep is still
    /// read, so that the error names its path.
    public static let jsonDepth = 2 * BoxError.maximumDepth + 1 + MushLimits.jsonDepth

    /// The deepest level of the tree below the root.
    let depth: Int

    /// Reads a tree from JSON bytes: one node object. Text is shaped and rows are checked and
    /// shaped here, with `fonts`.
    ///
    /// Input that nests deeper than other requests may is read on a thread with a large stack, so
    /// that a tree as deep as `BoxError.maximumDepth` is read whatever the caller's stack.
    public init(
        json: some Collection<UInt8>, fonts: FontCollection, vocabularies: BoxVocabularies = .standard,
        images: ImageFiles = ImageFiles()
    ) throws(RequestError) {
        func read() throws(RequestError) -> BoxRequest {
            let value = try JSONValue.parse(json, depthLimit: Self.jsonDepth)
            guard case .object = value else { throw RequestError("not a JSON object") }
            return try BoxRequest(value, fonts: fonts, vocabularies: vocabularies, images: images)
        }
        self = try Self.nesting(of: json) > MushLimits.jsonDepth ? LargeStack.run(read) : read()
    }

    /// `json` parsed as deep as a box tree may nest (``jsonDepth``), on a thread with a large stack:
    /// a JSON object (anything else fails as any reader would say), for a command that looks into the
    /// document before reading it as a tree.
    public static func parsedObject(_ json: some Collection<UInt8>) throws(RequestError) -> JSONValue {
        let value = try LargeStack.run { () throws(RequestError) in try JSONValue.parse(json, depthLimit: jsonDepth) }
        guard case .object = value else { throw RequestError("not a JSON object") }
        return value
    }

    /// Reads a tree from a JSON value already parsed (one node object), on a thread with a large
    /// stack (reading a deep tree recurses once a level): for a command that has looked into the
    /// JSON before knowing it is a box tree.
    package init(parsed value: JSONValue, fonts: FontCollection, images: ImageFiles = ImageFiles()) throws(RequestError)
    {
        // (A shallow tree is read here: a thread of its own would cost its start, and the text
        // engine's per-thread caches would start cold.)
        guard Self.nesting(of: value) > MushLimits.jsonDepth else {
            self = try BoxRequest(value, fonts: fonts, images: images)
            return
        }
        self = try LargeStack.run { () throws(RequestError) in try BoxRequest(value, fonts: fonts, images: images) }
    }

    /// How deep `value`'s objects and arrays nest (the outermost counting one), found without
    /// recursion.
    static func nesting(of value: JSONValue) -> Int {
        var deepest = 0
        var pending: [(JSONValue, Int)] = [(value, 1)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case .object(let members):
                deepest = max(deepest, depth)
                for member in members.values { pending.append((member, depth + 1)) }
            case .array(let values):
                deepest = max(deepest, depth)
                for element in values { pending.append((element, depth + 1)) }
            default:
                break
            }
        }
        return deepest
    }

    /// Reads a tree from a JSON value already parsed.
    init(
        _ value: JSONValue, fonts: FontCollection, vocabularies: BoxVocabularies = .standard,
        images: ImageFiles = ImageFiles()
    ) throws(RequestError) {
        var reader = BoxTreeReader(fonts: fonts, vocabularies: vocabularies, images: images)
        // The root's `page` and `document` are the document's, not a node's.
        var value = value
        if case .object(var members) = value, members["page"] != nil || members["document"] != nil {
            if let setup = members.removeValue(forKey: "page") { page = try reader.pageSetup(setup) }
            if let info = members.removeValue(forKey: "document") { document = try reader.documentInfo(info) }
            value = .object(members)
        }
        root = try reader.node(value, at: "", depth: 0)
        warnings = reader.warnings
        footnotes = reader.footnotes
        footnotePaths = reader.footnotePaths
        depth = reader.deepest
        do {
            try root.validate()
        } catch {
            throw RequestError(at: error.path, error.problem)
        }
    }

    /// Whether writing the tree's result recurses deep enough to need a large stack.
    var isDeep: Bool { depth > MushLimits.jsonDepth / 2 }

    /// Lays the tree out (`BoxEngine.layout(_:width:height:rounding:)`, without validating the
    /// tree again: the vocabularies' passes run and their helper nodes take their places), a
    /// `BoxError` becoming an error naming its path. A deep tree is laid out on a thread with a
    /// large stack.
    public func layout(
        width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent, rounding: BoxRounding = .edges
    ) throws(RequestError) -> BoxLayout {
        do {
            return try BoxEngine.layout(validated: root, width: width, height: height, rounding: rounding)
        } catch {
            throw RequestError(at: error.path, error.problem)
        }
    }

    /// Lays the tree out and writes its result (`BoxLayout.jsonValue`, checked) on one
    /// line, without a line break: what `mush layout` prints. A deep tree is laid out and written
    /// on a thread with a large stack.
    public func json(
        width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent, rounding: BoxRounding = .edges
    ) throws(RequestError) -> String {
        func write() throws(RequestError) -> String {
            // (Scroll views' answers are written into their results: `BoxLayout.jsonValue`.)
            try layout(width: width, height: height, rounding: rounding).jsonValue.checkedJSON()
        }
        return try isDeep ? LargeStack.run(write) : write()
    }

    /// The boxes under the point (`x`, `y`) of the tree laid out in `width` × `height`
    /// (`BoxLayout.hits(x:y:)`, in the root's coordinates), topmost first, as a JSON array of
    /// `{"path", "id"?, "x", "y", "width", "height"}`: `path` the input's name for the box
    /// (`boxes[1].items[0].view`, `root` for the root), the frame in the root's coordinates,
    /// rounded as `rounding` says. `mush layout --hit X,Y` prints it.
    public func hitsJSON(
        x: Double, y: Double, width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent,
        rounding: BoxRounding = .edges
    ) throws(RequestError) -> String {
        let layout = try layout(width: width, height: height, rounding: rounding)
        let hits = layout.hits(x: x, y: y).map { hit -> JSONValue in
            var name = layout.inputPath(of: hit.path).description
            if let piece = hit.piece { name = JSONPath.join(name, "text[\(piece)]") }
            var object: [String: JSONValue] = [
                "path": .string(name.isEmpty ? "root" : name), "x": .number(hit.x), "y": .number(hit.y),
                "width": .number(hit.width), "height": .number(hit.height),
            ]
            if let id = hit.id { object["id"] = .string(id) }
            if let link = hit.link { object["link"] = .string(link) }
            return .object(object)
        }
        return try JSONValue.array(hits).checkedJSON()
    }

    /// How deep the objects and arrays of `json` nest (the outermost counting one), counted
    /// without reading it: brackets outside strings.
    static func nesting(of json: some Collection<UInt8>) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in json {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}

/// Reads a box tree's nodes, recursively, keeping the warnings of the text it shapes: each node
/// by the first of its ``BoxVocabularies`` that claims it, or as an engine node. A vocabulary's
/// reader gets it to read the nodes inside its own (``node(_:at:)``).
public struct BoxTreeReader {
    /// The fonts text is shaped with.
    public let fonts: FontCollection
    /// The vocabularies nodes are read with.
    public let vocabularies: BoxVocabularies
    /// Where image files are found, for the sizes images leave out.
    public let images: ImageFiles
    var warnings: [String] = []
    /// The deepest level read.
    var deepest = 0
    /// The nodes read (a vocabulary's node counts one, with the nodes read inside it).
    var nodes = 0
    /// The footnotes' entries read (``Footnotes``), in the order of their calls, and the paths of
    /// their notes.
    var footnotes: [BoxNode] = []
    var footnotePaths: [String] = []
    /// Whether a note is being read (a note holds no footnote).
    var readingFootnote = false

    init(fonts: FontCollection, vocabularies: BoxVocabularies = .standard, images: ImageFiles = ImageFiles()) {
        self.fonts = fonts
        self.vocabularies = vocabularies
        self.images = images
    }

    /// Where a node stands in the input.
    public struct Place: Sendable, Hashable {
        /// Its JSON path (`children[1].items[0].view`; empty for the root).
        public var path: String
        /// How many levels below the root it is.
        public var depth: Int
        /// Whether it is a view whose size its container decides (an MKLayoutLibrary item's), so
        /// that it needs no width or height of its own.
        public var sizedByContainer = false

        /// The place of a node inside this one, one level deeper, at `step` from it (`items[0].view`).
        public func inside(_ step: String, sizedByContainer: Bool = false) -> Place {
            Place(path: JSONPath.join(path, step), depth: depth + 1, sizedByContainer: sizedByContainer)
        }
    }

    /// Adds a warning about the node at `path` (`path: warning`, as the request's warnings are).
    public mutating func warn(_ warning: String, at path: String) {
        warnings.append(path.isEmpty ? warning : path + ": " + warning)
    }

    /// The node at `path`, `depth` levels below the root.
    ///
    /// `sizedByContainer`: the node is a view whose size its container decides (an MKLayoutLibrary
    /// item's), so an MGBox scroll view there needs no width or height of its own.
    mutating func node(_ value: JSONValue, at path: String, depth: Int, sizedByContainer: Bool = false)
        throws(RequestError) -> BoxNode
    {
        try node(value, at: Place(path: path, depth: depth, sizedByContainer: sizedByContainer))
    }

    /// Reads the node `value` at `place`: by the vocabulary whose node it is, or as an engine node.
    public mutating func node(_ value: JSONValue, at place: Place) throws(RequestError) -> BoxNode {
        let path = place.path
        let depth = place.depth
        if depth > BoxError.maximumDepth {
            throw RequestError(at: path, "the tree is deeper than \(BoxError.maximumDepth) levels below the root")
        }
        nodes += 1
        if nodes > MushLimits.treeNodes {
            throw RequestError(at: path, "the tree has more than \(MushLimits.treeNodes) nodes")
        }
        if let vocabulary = vocabularies.vocabulary(of: value) {
            deepest = max(deepest, depth)
            return try vocabulary.read(value, at: place, with: &self)
        }
        deepest = max(deepest, depth)
        let object = try JSONObject(value, at: path, keys: BoxRequest.nodeKeySet)
        let id = try object.string("id")
        let style = try self.style(object)
        // The node's own values are checked before its children's, so that errors come in input
        // order.
        do {
            try BoxNode(style: style).validate()
        } catch {
            throw RequestError(at: object.path(error.path), error.problem)
        }
        let paint = try self.paint(object)
        guard let kind = try leafKey(object) else {
            let children =
                try object.array("children", expected: "an array of nodes") { child, path throws(RequestError) in
                    try node(child, at: path, depth: depth + 1)
                } ?? []
            return BoxNode(id: id, style: style, paint: paint, children: children)
        }
        if try object.array("children", expected: "an array of nodes", { _, _ in () })?.isEmpty == false {
            throw RequestError(at: path, "a leaf (text, line or image) cannot have children")
        }
        if kind != "text", object["footnote"] != nil {
            throw RequestError(
                at: object.path("footnote"),
                "is for text nodes only, whose text ends with its call (a footnote's number needs text to stand in)")
        }
        let leaf: any BoxLeaf
        switch kind {
        case "text": leaf = try text(object, depth: depth)
        case "line": leaf = try line(object)
        default: leaf = try image(object, style: style)
        }
        return BoxNode(id: id, style: style, paint: paint, leaf: leaf)
    }

    // MARK: - Style

    /// The style keys of `object`, read in the order of `BoxStyle.properties` (each of its kind).
    func style(_ object: JSONObject) throws(RequestError) -> BoxStyle {
        var style = BoxStyle()
        // The object's own keys found in the table (a node has a few of its seventy-odd), then
        // read in the table's order, as its errors come.
        var present: [(index: Int, value: JSONValue)] = []
        for (key, value) in object.members {
            if let index = Self.propertyIndex[key] { present.append((index, value)) }
        }
        guard !present.isEmpty else { return style }
        present.sort { $0.index < $1.index }
        for (index, value) in present {
            let property = BoxStyle.properties[index]
            style[property] = try Self.value(value, of: property, at: object.path(property.name), over: style[property])
        }
        return style
    }

    /// Each style property's place in ``BoxStyle/properties``, by its name.
    static let propertyIndex = Dictionary(
        uniqueKeysWithValues: BoxStyle.properties.enumerated().map { ($0.element.name, $0.offset) })

    /// The JSON `value` of `property`, at `path`: a keyword, a number, a length, or edges (one
    /// length, or an object of some edges over `current`).
    static func value(_ value: JSONValue, of property: BoxStyleProperty, at path: String, over current: BoxStyleValue)
        throws(RequestError) -> BoxStyleValue
    {
        switch property.kind {
        case .keyword(let names):
            guard case .string(let string) = value else {
                throw RequestError(at: path, "expected a string, not \(value.kindName)")
            }
            guard names.contains(string) else {
                throw RequestError(
                    at: path,
                    "must be \(listed(names)) (it is '\(JSONReader.shortened(string))')"
                )
            }
            return .keyword(string)
        case .factor, .ratio:
            guard case .number(let number) = value else {
                throw RequestError(at: path, "expected a number, not \(value.kindName)")
            }
            return .number(number)
        case .length(let auto, _):
            return .length(try length(value, at: path, auto: auto))
        case .css:
            return .css(try css(value, of: property, at: path))
        case .edges(let auto, let negative):
            guard case .object = value else {
                // One length for four edges: checked here, so that a bad one is named as written
                // (`margin`), not as the edge validation would meet first (`margin.top`).
                let length = try length(value, at: path, auto: auto)
                if let problem = length.problem(auto: auto, negative: negative) {
                    throw RequestError(at: path, problem)
                }
                return .edges(BoxEdges(length))
            }
            let edges = try JSONObject(value, at: path, keys: ["top", "right", "bottom", "left"])
            guard case .edges(var result) = current else { return current }
            let reader = BoxTreeReader.self
            result.top = try reader.length(edges, "top", auto: auto) ?? result.top
            result.right = try reader.length(edges, "right", auto: auto) ?? result.right
            result.bottom = try reader.length(edges, "bottom", auto: auto) ?? result.bottom
            result.left = try reader.length(edges, "left", auto: auto) ?? result.left
            return .edges(result)
        }
    }

    /// The text of a property written in CSS's syntax, checked: a string, a whole number (a grid
    /// line), or an array of strings (the rows of `gridTemplateAreas`).
    static func css(_ value: JSONValue, of property: BoxStyleProperty, at path: String) throws(RequestError) -> String {
        // (Grid lines, and their shorthands, take a line number as a number.)
        let takesLine = property.kind == .css(syntax: "a grid line") || property.kind == .css(syntax: "grid lines")
        let text: String
        switch value {
        case .string(let string):
            text = string
        case .number(let number) where takesLine && number == number.rounded() && abs(number) < 1e9:
            text = String(Int(number))
        case .array(let rows) where property.name == "gridTemplateAreas":
            var quoted: [String] = []
            for (index, row) in rows.enumerated() {
                guard case .string(let string) = row else {
                    throw RequestError(at: path + "[\(index)]", "expected a string of area names, not \(row.kindName)")
                }
                quoted.append("\"" + string + "\"")
            }
            text = quoted.joined(separator: " ")
        default:
            let what = property.name == "gridTemplateAreas" ? "a string or an array of strings" : "a string"
            throw RequestError(at: path, "expected \(what) in CSS's syntax, not \(value.kindName)")
        }
        var probe = BoxStyle()
        do throws(GridSyntaxError) {
            try property.read(css: text, into: &probe)
        } catch {
            throw RequestError(at: path, "\(error.message) (in '\(JSONReader.shortened(text))')")
        }
        return text
    }

    /// A length: a number of points, `"N%"`, or `"auto"` where `auto` is allowed.
    static func length(_ object: JSONObject, _ key: String, auto: Bool = true) throws(RequestError) -> BoxLength? {
        guard let value = object[key] else { return nil }
        return try Self.length(value, at: object.path(key), auto: auto)
    }

    static func length(_ value: JSONValue, at path: String, auto: Bool) throws(RequestError) -> BoxLength {
        let expected = auto ? #"a number, "N%" or "auto""# : #"a number or "N%""#
        switch value {
        case .number(let number):
            return .points(number)
        case .string("auto"):
            guard auto else { throw RequestError(at: path, "cannot be auto (expected \(expected))") }
            return .auto
        case .string(let string):
            guard let percent = percentage(string) else {
                throw RequestError(at: path, "expected \(expected), not '\(JSONReader.shortened(string))'")
            }
            return .percent(percent)
        default:
            throw RequestError(at: path, "expected \(expected), not \(value.kindName)")
        }
    }

    /// The number of `"N%"`: an optional sign, digits with an optional fraction (or a fraction
    /// alone), and `%`; nothing else (no exponent, no spaces, no `nan`).
    static func percentage(_ string: String) -> Double? {
        guard string.hasSuffix("%") else { return nil }
        var number = string.utf8.dropLast()
        if let first = number.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            number = number.dropFirst()
        }
        let digits = number.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard !number.isEmpty, number.count <= 40, digits.allSatisfy({ $0.allSatisfy(isDigit) }),
            digits.contains(where: { !$0.isEmpty })
        else { return nil }
        return Double(String(string.dropLast()))
    }

    // MARK: - Leaves

    /// A text leaf, `depth` levels below the root: the string (Mush when it ends with `|mush`) or
    /// the array of pieces (``TextPieces``), shaped here.
    mutating func text(_ object: JSONObject, depth: Int) throws(RequestError) -> TextLeaf {
        switch object["text"] {
        case .string?, .array?: break
        default: throw object.wrongType("text", expected: "a string or an array of pieces")
        }
        var style = ParagraphStyle(alignment: .start)
        let font = try TextPieces.font(object, fonts: fonts)
        style.fontFamily = font.family
        style.fontSize = font.size ?? style.fontSize
        let bold = font.bold ?? false
        let italic = font.italic ?? false
        style.lineSpacing = try object.size("lineSpacing") ?? style.lineSpacing
        style.maxLines = try object.count("maxLines") ?? style.maxLines
        style.ellipsize = try object.choice("ellipsize") ?? style.ellipsize
        style.alignment = try object.choice("textAlign") ?? style.alignment
        try TypographyKeys.read(object, into: &style)
        let color = try object.color("color")
        let path = object.path("text")
        var document: MushDocument
        var inline: [InlineBox] = []
        if case .array(let pieces)? = object["text"] {
            (document, inline) = try textPieces(
                pieces, at: path, depth: depth, bold: bold, italic: italic, style: style, color: color)
        } else {
            document = TextLeaf.document(of: try object.string("text")!, bold: bold, italic: italic)
            for diagnostic in document.diagnostics { warn(diagnostic.message, at: path) }
        }
        if let note = object["footnote"] {
            // The call after the text, a word joiner before it (which keeps it to the text's last
            // word: ``Footnotes``).
            var call = try footnoteCall(note, at: object.path("footnote"), depth: depth, style: style, color: color)
            call.offset = document.text.unicodeScalars.count + Footnotes.joiner.unicodeScalars.count
            inline.append(call)
            document = MushDocument(joining: [
                document,
                MushDocument(
                    text: Footnotes.joiner + "\u{FFFC}", attributes: MushAttributes(bold: bold, italic: italic)),
            ])
        }
        document = TextLeaf.weighted(document, font.weight)
        var leaf: TextLeaf
        do {
            leaf = try TextLeaf(document, style: style, color: color, inline: inline, fonts: fonts)
        } catch {
            throw RequestError(at: path, error.description)
        }
        leaf.shadow = try shadow(object, key: "textShadow")
        for warning in leaf.paragraph.warnings { warn("\(warning)", at: path) }
        return leaf
    }

    /// A line leaf: an MGLine object as `mush line` reads it, its width optional.
    ///
    /// Its text engine's warnings are those of the row laid out at its natural width, where every
    /// item shows (a row shapes the lines of its box items when it lays them out).
    mutating func line(_ object: JSONObject) throws(RequestError) -> LineLeaf {
        try row(object["line"]!, at: object.path("line"))
    }

    /// An MGLine object at `path`, as `mush line` reads it (its width optional), checked and shaped
    /// as a leaf, its text engine's warnings kept (for line leaves and MGBoxKit's rows alike).
    mutating func row(_ value: JSONValue, at path: String) throws(RequestError) -> LineLeaf {
        let line = try LineRequest(fonts: fonts, images: images).line(value, at: path, widthRequired: false)
        let leaf: LineLeaf
        do {
            leaf = try LineLeaf(line, fonts: fonts)
            warnings += try leaf.row.layout(widenAsNeeded: true).warnings.map { "\(path).\($0)" }
        } catch {
            throw RequestError(at: path, error.description)
        }
        return leaf
    }

    /// The node's leaf key (`text`, `line` or `image`), nil for none: more than one, and a text key
    /// on a node without text, are errors.
    func leafKey(_ object: JSONObject) throws(RequestError) -> String? {
        let kinds = BoxRequest.leafKeys.filter { object[$0] != nil }
        if kinds.count > 1 {
            throw RequestError(
                at: object.path,
                "a node has at most one of the keys text, line and image (it has \(kinds.joined(separator: " and ")))")
        }
        if kinds.isEmpty, let key = BoxRequest.textKeys.first(where: { object[$0] != nil }) {
            throw RequestError(at: object.path(key), "is for text nodes only (this node has no text)")
        }
        return kinds.first
    }

    /// An image leaf: `{"width", "height", "file", "scale"}`, the size from the file's header where
    /// left out (``JSONObject/imageSize(_:box:)``).
    func image(_ object: JSONObject) throws(RequestError) -> ImageLeaf {
        let image = try JSONObject(object["image"]!, at: object.path("image"), keys: JSONObject.imageKeys)
        return try image.image(images)
    }

    /// An image leaf of a node with `style`: as ``image(_:)``, but when the node's `width` and
    /// `height` are both in points its box's size does not need the picture's, and a file that
    /// gives no size takes the box's (the renderer draws a placeholder, with a warning), not an
    /// error.
    func image(_ object: JSONObject, style: BoxStyle) throws(RequestError) -> ImageLeaf {
        let image = try JSONObject(object["image"]!, at: object.path("image"), keys: JSONObject.imageKeys)
        var box: (width: Double, height: Double)?
        if case .points(let width) = style.width, case .points(let height) = style.height { box = (width, height) }
        return try image.image(images, box: box)
    }
}
