import Mush
import MushBase
import MushBox
import MushText

/// A text leaf's `text` as an array of pieces: strings, styled runs and inline boxes.
///
/// - a string: text, Mush markup where it ends in `|mush` (as a whole `text` string is);
/// - `{"text", "font", "color", "link", "fontFeatures", "letterSpacing"}`: a run with its own font
///   (`{"family", "size", "bold", "italic"}`), colour, link, OpenType features and letter spacing;
///   what it leaves out, it takes from the leaf;
/// - `{"image": {…}}` or `{"box": NODE}`, with `verticalAlign`, `margin` and `link`: a box set in
///   the line, as an image leaf's node or any node, laid out at its own max-content size unless it
///   sets one;
/// - `{"footnote": NODE}`: a footnote's call, its note at the bottom of the page (``Footnotes``).
///
/// A row's text (``LineRequest``) takes the same strings, runs (read by `run(_:fonts:bold:italic:)`)
/// and images, with no box pieces.
enum TextPieces {
    /// The keys of a run piece.
    static let runKeys = [
        "text", "font", "color", "link", "fontFeatures", "fontVariations", "letterSpacing", "textDecoration",
        "textTransform",
    ]
    /// The keys of an inline piece, beside its `image` or `box`.
    static let inlineKeys = ["verticalAlign", "margin", "link"]

    /// A run piece's document: its text (markup where it ends in `|mush`), its font (`family`
    /// checked against `fonts`), colour and link over the `bold` and `italic` it starts from
    /// (markup's own still wins inside it); and the markup's diagnostics.
    static func run(_ object: JSONObject, fonts: FontCollection, bold: Bool, italic: Bool) throws(RequestError)
        -> (document: MushDocument, diagnostics: [MushDiagnostic])
    {
        guard let string = try object.string("text") else { throw object.wrongType("text", expected: "a string") }
        let font = try Self.font(object, fonts: fonts)
        let (family, size) = (font.family, font.size)
        let pieceBold = font.bold ?? bold
        let pieceItalic = font.italic ?? italic
        let color = try object.color("color")
        let link = try Self.link(object)
        let features = try TypographyKeys.features(object)
        let spacing = try object.number("letterSpacing", in: MushLimits.kern)
        let variations = try TypographyKeys.variations(object)
        let decoration = object["textDecoration"] == nil ? nil : try TypographyKeys.decoration(object)
        let transform: TextTransform? = try object.choice("textTransform")
        let document = TextLeaf.document(of: string, bold: pieceBold, italic: pieceItalic)
        guard
            family != nil || size != nil || color != nil || link != nil || features != nil || spacing != nil
                || variations != nil || font.weight != nil || object["textDecoration"] != nil
                || transform != nil
        else {
            return (document, document.diagnostics)
        }
        let runs = document.runs.map { run in
            var attributes = run.attributes
            attributes.fontFamily = attributes.fontFamily ?? family
            attributes.fontSize = attributes.fontSize ?? size
            attributes.color = attributes.color ?? color
            attributes.link = link
            attributes.fontFeatures = features
            attributes.kern = attributes.kern ?? spacing
            attributes.fontVariations = variations
            // ("none" sets an empty decoration, over the leaf's.)
            if object["textDecoration"] != nil { attributes.textDecoration = decoration ?? TextDecoration(lines: []) }
            attributes.fontWeight = attributes.fontWeight ?? font.weight
            attributes.textTransform = transform
            return MushRun(range: run.range, attributes: attributes)
        }
        return ((try? MushDocument(text: document.text, runs: runs)) ?? document, document.diagnostics)
    }

    /// The `font` of a text leaf or a run piece, `{"family", "size", "bold", "italic", "weight"}`:
    /// each value it sets (the family one of `fonts`' families; the weight 1 to 1,000, as CSS's
    /// `font-weight`), nil for those it leaves out or for no `font`.
    static func font(_ object: JSONObject, fonts: FontCollection) throws(RequestError) -> (
        family: String?, size: Double?, bold: Bool?, italic: Bool?, weight: Double?
    ) {
        guard let value = object["font"] else { return (nil, nil, nil, nil, nil) }
        let font = try JSONObject(
            value, at: object.path("font"), keys: ["family", "size", "bold", "italic", "weight"])
        let family = try font.string("family")
        if let family, !fonts.hasFamily(family) {
            throw RequestError(at: font.path("family"), fonts.missingFamilyMessage(family))
        }
        return (
            family, try font.number("size", in: MushLimits.fontSize), try font.bool("bold"), try font.bool("italic"),
            try font.number("weight", in: 1...1_000, unit: "")
        )
    }

    /// `verticalAlign`: a CSS keyword, or a number of points to raise the item by.
    static func verticalAlign(_ object: JSONObject) throws(RequestError) -> InlineObject.Alignment {
        switch object["verticalAlign"] {
        case nil: return .baseline
        case .number?: return .raised(try object.number("verticalAlign", in: MushLimits.offset)!)
        case .string(let name)?:
            guard let alignment = InlineObject.Alignment(name: name) else {
                throw RequestError(
                    at: object.path("verticalAlign"),
                    "must be \(listed(InlineObject.Alignment.names.map(\.name))) or a number of points "
                        + "(it is '\(JSONReader.shortened(name))')")
            }
            return alignment
        case let value?:
            throw RequestError(
                at: object.path("verticalAlign"), "expected a keyword or a number, not \(value.kindName)")
        }
    }

    /// `link`: a link `LinkTarget` accepts; nil when left out.
    static func link(_ object: JSONObject) throws(RequestError) -> String? {
        guard let link = try object.string("link") else { return nil }
        if let problem = LinkTarget.problem(link) { throw RequestError(at: object.path("link"), problem) }
        return link
    }
}

extension BoxTreeReader {
    /// The pieces of a text leaf's `text` array at `path`, in a node `depth` levels below the root:
    /// the document and its inline boxes. `base` is the leaf's font: the attributes every piece
    /// starts from (its bold and italic).
    mutating func textPieces(
        _ values: [JSONValue], at path: String, depth: Int, bold: Bool, italic: Bool, style: ParagraphStyle,
        color: MushColor?
    ) throws(RequestError) -> (document: MushDocument, inline: [InlineBox]) {
        var pieces: [TextPiece] = []
        for (index, value) in values.enumerated() {
            let place = "\(path)[\(index)]"
            switch value {
            case .string(let string):
                let document = TextLeaf.document(of: string, bold: bold, italic: italic)
                for diagnostic in document.diagnostics { warn(diagnostic.message, at: place) }
                pieces.append(.text(document))
            case .object(let members) where members["text"] != nil:
                let object = try JSONObject(value, at: place, keys: TextPieces.runKeys)
                pieces.append(.text(try runPiece(object, bold: bold, italic: italic)))
            case .object(let members) where members["image"] != nil || members["box"] != nil:
                if members["image"] != nil, members["box"] != nil {
                    throw RequestError(at: place, "a piece has one of image and box (it has both)")
                }
                pieces.append(.box(try inlinePiece(value, at: place, depth: depth)))
            case .object(let members) where members["footnote"] != nil:
                let object = try JSONObject(value, at: place, keys: ["footnote"])
                // (A word joiner first: the call keeps to the word before it, as CSS's call, which is
                // text, does; a box alone could start the next line.)
                pieces.append(
                    .text(MushDocument(text: Footnotes.joiner, attributes: MushAttributes(bold: bold, italic: italic))))
                pieces.append(
                    .box(
                        try footnoteCall(
                            members["footnote"]!, at: object.path("footnote"), depth: depth, style: style, color: color)
                    ))
            default:
                throw RequestError(
                    at: place,
                    "expected a string or an object with text, image, box or footnote, not \(value.kindName)")
            }
        }
        return TextLeaf.join(pieces, boxAttributes: MushAttributes(bold: bold, italic: italic))
    }

    /// A run piece: its text (markup where it ends in `|mush`), its font, colour and link over
    /// the leaf's where it sets them (markup's own still wins inside it).
    private mutating func runPiece(_ object: JSONObject, bold: Bool, italic: Bool) throws(RequestError)
        -> MushDocument
    {
        let (document, diagnostics) = try TextPieces.run(object, fonts: fonts, bold: bold, italic: italic)
        for diagnostic in diagnostics { warn(diagnostic.message, at: object.path("text")) }
        return document
    }

    /// An inline piece at `place`: its `image` (an image node's) or `box` (any node), laid out on
    /// its own, with its alignment, margin and link.
    private mutating func inlinePiece(_ value: JSONValue, at place: String, depth: Int) throws(RequestError)
        -> InlineBox
    {
        let isImage = JSONObject.has(value, "image")
        let object = try JSONObject(value, at: place, keys: [isImage ? "image" : "box"] + TextPieces.inlineKeys)
        var node =
            isImage
            ? try self.node(.object(["image": object["image"]!]), at: place, depth: depth + 1)
            : try self.node(object["box"]!, at: object.path("box"), depth: depth + 1)
        if let link = try link(object) {
            var paint = node.paint ?? BoxPaint()
            paint.link = link
            node.paint = paint
        }
        let margin = try object.edges("margin") ?? BoxEdges(0)
        let alignment = try TextPieces.verticalAlign(object)
        let box: InlineBox
        do {
            box = try InlineBox(node: node, margin: margin, verticalAlign: alignment)
        } catch {
            let inner = isImage ? place : object.path("box")
            throw RequestError(at: JSONPath.join(inner, error.path), error.problem)
        }
        let limit = MushLimits.length.upperBound
        let margined = box.object
        if margined.width > limit || margined.height > limit {
            throw RequestError(
                at: place,
                "its margin box must be at most \(MushLimits.format(limit)) points wide and tall (it is "
                    + "\(MushLimits.format(margined.width)) × \(MushLimits.format(margined.height)))")
        }
        return box
    }

    /// `link`: a link `LinkTarget` accepts; nil when left out.
    func link(_ object: JSONObject) throws(RequestError) -> String? { try TextPieces.link(object) }
}

extension JSONObject {
    /// Whether `value` is an object with a member `key`.
    static func has(_ value: JSONValue, _ key: String) -> Bool {
        if case .object(let members) = value { return members[key] != nil }
        return false
    }
}
