import Mush
import MushBase
import MushBox
import MushText

/// A paragraph: a string (Mush markup with `markup: true`), or pieces (strings, and boxes set in
/// the line with ``Inline``), in the font its modifiers and its containers' set.
///
/// ```swift
/// Text("Boats leave at **six**.", markup: true).font(size: 14)
/// Text {
///     Inline(Text("NEW").font(size: 11, bold: true).padding(2), verticalAlign: .middle)
///     "Sunrise over the harbour"
/// }
/// ```
public struct Text: BoxContent {
    public let box: Box

    public init(_ string: String, markup: Bool = false) {
        box = Box(.text([.string(string, markup: markup)]))
    }

    public init(@TextBuilder _ parts: () -> [TextPart]) {
        box = Box(.text(parts()))
    }
}

/// A piece of a ``Text``: a string, or a box in the line (``Inline``).
public enum TextPart: Sendable {
    case string(String, markup: Bool)
    case inline(Box, verticalAlign: InlineObject.Alignment, margin: BoxEdges<Double>)

    /// The text leaf of `parts` in `settings`: the leaf's font, colour and paragraph settings, each
    /// string's runs in its bold and italic, each box laid out on its own.
    static func leaf(_ parts: [TextPart], settings: TextSettings, fonts: FontCollection, path: String)
        throws(BuildError) -> TextLeaf
    {
        var style = ParagraphStyle(alignment: .start)
        style.fontFamily = settings.family
        style.fontSize = settings.size ?? style.fontSize
        style.maxLines = settings.maxLines ?? style.maxLines
        style.ellipsize = settings.ellipsize ?? style.ellipsize
        style.alignment = settings.alignment ?? style.alignment
        style.lineSpacing = settings.lineSpacing ?? style.lineSpacing
        let (bold, italic) = (settings.bold ?? false, settings.italic ?? false)
        if let family = settings.family, !fonts.hasFamily(family) {
            throw BuildError(path: JSONPath.join(path, "font.family"), problem: fonts.missingFamilyMessage(family))
        }
        var pieces: [TextPiece] = []
        for (index, part) in parts.enumerated() {
            switch part {
            case .string(let string, let markup):
                pieces.append(
                    .text(TextLeaf.document(of: markup ? string + "|mush" : string, bold: bold, italic: italic)))
            case .inline(let box, let alignment, let margin):
                let place = parts.count == 1 ? path : JSONPath.join(path, "text[\(index)].box")
                let node = try box.node(fonts: fonts, inherited: TextSettings(), path: place)
                do throws(BoxError) {
                    pieces.append(.box(try InlineBox(node: node, margin: margin, verticalAlign: alignment)))
                } catch {
                    throw BuildError(path: JSONPath.join(place, error.path), problem: error.problem)
                }
            }
        }
        let (joined, inline) = TextLeaf.join(pieces, boxAttributes: MushAttributes(bold: bold, italic: italic))
        let document = TextLeaf.weighted(joined, settings.weight)
        do throws(TextError) {
            return try TextLeaf(document, style: style, color: settings.color, inline: inline, fonts: fonts)
        } catch {
            throw BuildError(path: path, problem: error.description)
        }
    }
}

/// A box set in a line of a ``Text``, aligned as CSS's `vertical-align` says, with room around it.
public struct Inline: Sendable {
    let part: TextPart

    public init(
        _ content: some BoxContent, verticalAlign: InlineObject.Alignment = .baseline,
        margin: BoxEdges<Double> = BoxEdges(0)
    ) {
        part = .inline(content.box, verticalAlign: verticalAlign, margin: margin)
    }
}

/// Builds a ``Text``'s pieces: strings (plain; `"…|mush"` for markup, as in JSON) and ``Inline``s.
@resultBuilder
public enum TextBuilder {
    public static func buildExpression(_ string: String) -> [TextPart] { [.string(string, markup: false)] }
    public static func buildExpression(_ inline: Inline) -> [TextPart] { [inline.part] }
    public static func buildExpression(_ part: TextPart) -> [TextPart] { [part] }
    public static func buildBlock(_ parts: [TextPart]...) -> [TextPart] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [TextPart]?) -> [TextPart] { part ?? [] }
    public static func buildEither(first part: [TextPart]) -> [TextPart] { part }
    public static func buildEither(second part: [TextPart]) -> [TextPart] { part }
    public static func buildArray(_ parts: [[TextPart]]) -> [TextPart] { parts.flatMap { $0 } }
}

/// The text settings a box sets for the texts in it (nil: as the box around it says).
struct TextSettings: Sendable {
    var family: String?
    var size: Double?
    var bold: Bool?
    var italic: Bool?
    var weight: Double?
    var color: MushColor?
    var maxLines: Int?
    var ellipsize: ParagraphStyle.Ellipsize?
    var alignment: ParagraphStyle.Alignment?
    var lineSpacing: Double?

    /// These settings with `inner`'s where it sets them.
    func overridden(by inner: TextSettings) -> TextSettings {
        TextSettings(
            family: inner.family ?? family, size: inner.size ?? size, bold: inner.bold ?? bold,
            italic: inner.italic ?? italic, weight: inner.weight ?? weight, color: inner.color ?? color,
            maxLines: inner.maxLines ?? maxLines, ellipsize: inner.ellipsize ?? ellipsize,
            alignment: inner.alignment ?? alignment, lineSpacing: inner.lineSpacing ?? lineSpacing)
    }
}
