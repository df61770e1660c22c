import Mush
import MushBase
import MushBox
import MushText

/// Footnotes (CSS's `float: footnote`): a text piece `{"footnote": NODE}`, or a text node's key
/// `footnote`, sets a call in the text (the note's number, raised and smaller) and its note, the
/// number and NODE side by side, at the bottom of the page where the call's line falls
/// (``BoxPages``), numbered from 1 in the tree's order. A string NODE is a text node of that
/// string.
enum Footnotes {
    /// What goes before a call in the text: U+2060 WORD JOINER, which forbids a line break there
    /// and takes no room, so that the call keeps to the word before it (CSS's call is text, with no
    /// break before it; a box alone in a line may start the next).
    static let joiner = "\u{2060}"
    /// How much smaller a call is than its text: CSS's `font-size: smaller` (1/1.2).
    static let callScale = 1 / 1.2
    /// Room between a note's number and its body, in points.
    static let numberGap = 4.0
    /// The separator above a page's notes: a rule `ruleWidth` of the content's width and
    /// `ruleThickness` points thick, `ruleAbove` points below the band and `ruleBelow` above the
    /// first note.
    static let ruleWidth = 30.0
    static let ruleThickness = 0.5
    static let ruleAbove = 9.0
    static let ruleBelow = 6.0
    static let ruleColor = MushColor(red: 0x80, green: 0x80, blue: 0x80)
    /// Room between two notes, in points.
    static let gap = 4.0

    /// The separator's node: a box as wide as the content holding the rule.
    static var separator: BoxNode {
        var rule = BoxStyle()
        rule.width = .percent(ruleWidth)
        rule.height = .zero
        rule.border = BoxEdges(top: .points(ruleThickness), right: .zero, bottom: .zero, left: .zero)
        var area = BoxStyle()
        area.flexDirection = .column
        area.padding = BoxEdges(top: .points(ruleAbove), right: .zero, bottom: .points(ruleBelow), left: .zero)
        let paint = BoxPaint(borderColors: BoxEdges(top: ruleColor, right: nil, bottom: nil, left: nil))
        return BoxNode(style: area, children: [BoxNode(style: rule, paint: paint, children: [])])
    }

    /// Note `number`'s entry: its number (in the body's font where the body is text), then the
    /// body, which takes the rest of the width.
    static func entry(number: Int, body: BoxNode, fonts: FontCollection) throws(TextError) -> BoxNode {
        var style = ParagraphStyle()
        if let text = body.leaf as? TextLeaf {
            style.fontFamily = text.paragraph.style.fontFamily
            style.fontSize = text.paragraph.style.fontSize
            style.locale = text.paragraph.style.locale
        }
        let color = (body.leaf as? TextLeaf)?.color
        let marker = try TextLeaf(
            MushDocument(text: "\(number).", attributes: .plain), style: style, color: color, fonts: fonts)
        var body = body
        if body.style.width == .auto { body.style.flexGrow = max(body.style.flexGrow, 1) }
        var row = BoxStyle()
        row.flexDirection = .row
        row.alignItems = .baseline
        row.columnGap = .points(numberGap)
        return BoxNode(style: row, children: [BoxNode(leaf: marker), body])
    }
}

extension BoxTreeReader {
    /// The call of the footnote whose note is `value` at `path` (in a text node `depth` levels
    /// below the root whose paragraph is `style` and text colour `color`): the note read (a string
    /// as a text node) and kept, numbered, in ``footnotes``; the call an inline box of its number.
    mutating func footnoteCall(
        _ value: JSONValue, at path: String, depth: Int, style: ParagraphStyle, color: MushColor?
    ) throws(RequestError) -> InlineBox {
        guard !readingFootnote else {
            throw RequestError(at: path, "a footnote's note cannot hold a footnote of its own")
        }
        readingFootnote = true
        defer { readingFootnote = false }
        let body: BoxNode
        if case .string = value {
            body = try node(.object(["text": value]), at: path, depth: depth + 1)
        } else {
            body = try node(value, at: path, depth: depth + 1)
        }
        let number = footnotes.count + 1
        var callStyle = ParagraphStyle(fontFamily: style.fontFamily, fontSize: style.fontSize * Footnotes.callScale)
        callStyle.locale = style.locale
        let leaf: TextLeaf
        do throws(TextError) {
            footnotes.append(try Footnotes.entry(number: number, body: body, fonts: fonts))
            leaf = try TextLeaf(
                MushDocument(text: "\(number)", attributes: .plain), style: callStyle, color: color, fonts: fonts)
        } catch {
            throw RequestError(at: path, error.description)
        }
        footnotePaths.append(path)
        do throws(BoxError) {
            var call = try InlineBox(node: BoxNode(leaf: leaf), verticalAlign: .super)
            call.footnote = number - 1
            return call
        } catch {
            throw RequestError(at: JSONPath.join(path, error.path), error.problem)
        }
    }
}
