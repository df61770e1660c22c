// The trees with real leaves: 1,000 text cards and 1,000 MGLine rows, made the same way every run
// from Benchmarks/Corpus (213 UI labels in 14 languages, the 74 paragraphs of the GNU GPL v3).
import BenchmarkCorpus
import Mush
import MushBox
import MushLine
import MushText

/// What one card shows, as data: made into leaves by ``BoxTrees/card(_:fonts:)``, into Pango's
/// records by BoxProbe.
public struct CardContent: Sendable {
    /// The photo's intrinsic size (stretched to the card's inner width, 296, keeping its ratio).
    public var image: (width: Double, height: Double)
    /// DejaVu Sans Bold 17, one line, cut with "…" at the end.
    public var title: String
    /// Mush markup (ending in `|mush`), DejaVu Sans 14, wrapping.
    public var body: String
    /// DejaVu Sans Bold 11, placed absolutely 20 from the card's top right.
    public var badge: String

    public static let titleStyle = ParagraphStyle(fontSize: 17, alignment: .start, maxLines: 1, ellipsize: .end)
    public static let bodyStyle = ParagraphStyle(fontSize: 14, alignment: .start)
    public static let badgeStyle = ParagraphStyle(fontSize: 11, alignment: .start)
}

extension BoxTrees {
    static let labels = corpus("labels.txt")
    static let paragraphs = corpus("paragraphs.txt")
    static let images: [(width: Double, height: Double)] = [(296, 148), (592, 296), (400, 300), (296, 197)]
    static let badges = ["NEW", "SALE", "-20%", "HOT", "TOP 10", "4.8 ★"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The sentences of paragraph `index` (split after ". ").
    static func sentences(_ index: Int) -> [String] {
        let paragraph = paragraphs[index % paragraphs.count]
        var out: [String] = []
        var rest = Substring(paragraph)
        while let end = rest.range(of: ". ") {
            out.append(String(rest[..<end.lowerBound]) + ".")
            rest = rest[end.upperBound...]
        }
        if !rest.isEmpty { out.append(String(rest)) }
        return out
    }

    /// `text` with its word `bold` made `**bold**` and the words from `italic` to `italic + 1` made
    /// `//italic//` (where the text has them).
    static func marked(_ text: String, bold: Int, italic: Int) -> String {
        var words = text.split(separator: " ").map(String.init)
        guard words.count >= 4 else { return text + "|mush" }
        let b = bold % (words.count / 2)
        let i = words.count / 2 + italic % (words.count - words.count / 2 - 1)
        words[b] = "**" + words[b] + "**"
        words[i] = "//" + words[i]
        words[i + 1] += "//"
        return words.joined(separator: " ") + "|mush"
    }

    /// Card `index` of the 1,000: the next label and the start of a paragraph as the title (most
    /// are cut), one to three sentences of a paragraph with a bold word and two italic ones as the
    /// body, one of four photo shapes and six badges.
    public static func cardContent(_ index: Int) -> CardContent {
        let words = paragraphs[(index * 7) % paragraphs.count].split(separator: " ")
        let title = labels[index % labels.count] + " — " + words.prefix(3 + index % 6).joined(separator: " ")
        let sentences = sentences(index)
        let start = (index / paragraphs.count) % sentences.count
        let body = sentences[start..<min(sentences.count, start + 1 + index % 3)].joined(separator: " ")
        return CardContent(
            image: images[index % images.count], title: title, body: marked(body, bold: index, italic: index * 3),
            badge: badges[index % badges.count])
    }

    /// The README's card (Examples/card.json) with the gap of 8 made a top margin of 8 on the
    /// second and third children (Yoga 1.19 has no gap): a column 320 wide, padding 12; a photo, the
    /// title, the body, and the badge (absolute, top 20, right 20, padding 6 left and right).
    public static func card(_ content: CardContent, fonts: FontCollection) throws -> BoxNode {
        var card = BoxStyle()
        card.width = 320
        card.flexDirection = .column
        card.padding = BoxEdges(12)
        card.margin.bottom = 8
        var spaced = BoxStyle()
        spaced.margin.top = 8
        var badge = BoxStyle()
        badge.position = .absolute
        badge.inset.top = 20
        badge.inset.right = 20
        badge.padding.left = 6
        badge.padding.right = 6
        return BoxNode(
            style: card,
            children: [
                BoxNode(leaf: ImageLeaf(width: content.image.width, height: content.image.height)),
                BoxNode(
                    style: spaced,
                    leaf: try TextLeaf(content.title, style: CardContent.titleStyle, bold: true, fonts: fonts)),
                BoxNode(style: spaced, leaf: try TextLeaf(content.body, style: CardContent.bodyStyle, fonts: fonts)),
                BoxNode(
                    style: badge,
                    leaf: try TextLeaf(content.badge, style: CardContent.badgeStyle, bold: true, fonts: fonts)),
            ])
    }

    /// `count` cards in a column (5 nodes a card, and the root).
    public static func cards(_ count: Int = 1_000, fonts: FontCollection) throws -> BoxNode {
        var root = BoxStyle()
        root.flexDirection = .column
        return BoxNode(style: root, children: try (0..<count).map { try card(cardContent($0), fonts: fonts) })
    }

    /// Row `index` of the 1,000, an MGLine with no width of its own (the column's 320 is given to
    /// it), padding 16 left and right, at least 44 tall. Three rows in four: a label on the left
    /// (DejaVu Sans 16), a shorter text in the middle (13: a count, a label or a date) and a date or
    /// time on the right (14), left precedence (the label first, the others shortened or dropped).
    /// One in four: a sentence or two of a paragraph, Mush with a bold and two italic words,
    /// wrapping on the left (16) beside a date on the right, which takes precedence.
    public static func rowLine(_ index: Int) -> MGLine {
        let date =
            index % 2 == 0
            ? "\(index % 28 + 1) \(months[(index / 28) % 12])" : "\(index % 12 + 1):\(10 + (index * 7) % 50) PM"
        if index % 4 == 3 {
            let sentences = sentences(index / 4)
            let start = (index / 4 / paragraphs.count) % sentences.count
            let text = sentences[start..<min(sentences.count, start + 1 + index % 2)].joined(separator: " ")
            var line = MGLine(
                left: [.text(marked(text, bold: index, italic: index * 5), multiline: true)], right: [.text(date)])
            line.sidePrecedence = .right
            line.padding = MGLine.Insets(top: 8, left: 16, bottom: 8, right: 16)
            line.minHeight = 44
            line.rightFont = MGLine.Font(size: 14)
            return line
        }
        let middle =
            switch index % 3 {
            case 0: "\((index * 37) % 120 + 1) items"
            case 1: labels[(index * 11 + 5) % labels.count]
            default: date
            }
        var line = MGLine(
            left: [.text(labels[index % labels.count])], middle: [.text(middle)],
            right: [.text(index % 3 == 2 ? "\((index * 13) % 99 + 1)" : date)])
        line.padding = MGLine.Insets(left: 16, right: 16)
        line.minHeight = 44
        line.middleFont = MGLine.Font(size: 13)
        line.rightFont = MGLine.Font(size: 14)
        return line
    }

    /// `count` rows in a column 320 wide (one node a row, and the root).
    public static func rows(_ count: Int = 1_000, fonts: FontCollection) throws -> BoxNode {
        var root = BoxStyle()
        root.width = 320
        root.flexDirection = .column
        return BoxNode(
            style: root, children: try (0..<count).map { BoxNode(leaf: try LineLeaf(rowLine($0), fonts: fonts)) })
    }
}
