import Mush
import MushBase
import MushBox
import MushImage
import MushText

/// A paged document's pages, from a box tree's root key `page`: `{"size", "margin", "header",
/// "footer"}`, the size a name (``sizes``), `"WIDTHxHEIGHT"` or `[WIDTH, HEIGHT]` in points, the
/// margin a number or an object of some of `top`, `right`, `bottom` and `left` (36 points by
/// default), and the header and footer any node, laid out in the page's width less its margin and
/// drawn in the top and bottom margins of every page, `{page}` and `{pages}` in their strings the
/// page's number and the count.
///
/// A page is at least ``minimumSide`` points a side, its margin leaves at least ``minimumContent``
/// points each way for the content, and a document has at most `BoxPages.maximumPages` pages:
/// tiny pages over a large tree would otherwise ask for tens of thousands of pages.
public struct PageSetup: Sendable {
    /// The page's size in points.
    public var width: Double
    public var height: Double
    /// The margin around the page's content, in points.
    public var margin: BoxEdges<Double>
    /// How the size was given where it was not the document's `page.size` (`--page 72x72`, a
    /// service's `?page=72x72`): errors about the page count then name it instead of the path.
    public var givenAs: String?

    /// The smallest page: 72 points (an inch) a side.
    public static let minimumSide = 72.0
    /// The least room a margin must leave for the content: 36 points (half an inch) each way.
    public static let minimumContent = 36.0
    /// The sides a page size may have, in points: ``minimumSide`` to 1,000,000.
    public static let sides: ClosedRange<Double> = minimumSide...1_000_000
    /// The page sizes an option or a query parameter takes, in words, for its error: "a4, a5, a3,
    /// letter, legal or WIDTHxHEIGHT in points, each 72 to 1000000" (``size(named:)`` reads them).
    public static let sizeChoices =
        "a4, a5, a3, letter, legal or WIDTHxHEIGHT in points, each \(MushLimits.format(minimumSide)) to 1000000"
    /// The header's and footer's JSON, read again for each page with its numbers.
    let header: JSONValue?
    let footer: JSONValue?
    /// What the header and footer are read with.
    let fonts: FontCollection
    let vocabularies: BoxVocabularies
    let images: ImageFiles

    /// The page sizes by name, in points: ISO's A3, A4 and A5, and US letter and legal.
    public static let sizes: [String: (width: Double, height: Double)] = [
        "a4": (595.28, 841.89), "a5": (419.53, 595.28), "a3": (841.89, 1190.55), "letter": (612, 792),
        "legal": (612, 1008),
    ]

    /// A page size by name (a key of ``sizes``, in any case) or `WIDTHxHEIGHT` in points, each a
    /// decimal number (`DecimalNumber`) of ``sides``; nil for anything else.
    public static func size(named text: String) -> (width: Double, height: Double)? {
        if let named = sizes[text.lowercased()] { return named }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = DecimalNumber.value(of: parts[0]),
            let height = DecimalNumber.value(of: parts[1]), sides.contains(width), sides.contains(height)
        else { return nil }
        return (width, height)
    }

    /// Whether `margin` leaves at least ``minimumContent`` points each way on a page of `width` ×
    /// `height` points.
    public static func hasRoom(width: Double, height: Double, margin: BoxEdges<Double>) -> Bool {
        width - margin.left - margin.right >= minimumContent && height - margin.top - margin.bottom >= minimumContent
    }

    /// "must leave at least 36 × 36 points of the page for its content (it leaves 0 × 20)".
    public static func roomProblem(width: Double, height: Double, margin: BoxEdges<Double>) -> String {
        let minimum = MushLimits.format(minimumContent)
        let left = (
            MushLimits.format(max(width - margin.left - margin.right, 0)),
            MushLimits.format(max(height - margin.top - margin.bottom, 0))
        )
        return
            "must leave at least \(minimum) × \(minimum) points of the page for its content (it leaves \(left.0) × \(left.1))"
    }

    /// The content's width: the page less its left and right margins.
    public var contentWidth: Double { width - margin.left - margin.right }
    /// The content's height on a page: the page less its top and bottom margins.
    public var contentHeight: Double { height - margin.top - margin.bottom }

    /// Pages of `width` × `height` points with `margin` and neither header nor footer.
    public init(width: Double, height: Double, margin: BoxEdges<Double>) {
        self.init(
            width: width, height: height, margin: margin, header: nil, footer: nil, fonts: .shipped,
            vocabularies: .standard, images: ImageFiles())
    }

    init(
        width: Double, height: Double, margin: BoxEdges<Double>, header: JSONValue?, footer: JSONValue?,
        fonts: FontCollection, vocabularies: BoxVocabularies, images: ImageFiles
    ) {
        self.width = width
        self.height = height
        self.margin = margin
        self.header = header
        self.footer = footer
        self.fonts = fonts
        self.vocabularies = vocabularies
        self.images = images
    }

    /// The page with a size and margin of its own (a command's options, which errors name as
    /// `givenAs`), the header and footer kept.
    public func with(width: Double, height: Double, margin: BoxEdges<Double>, givenAs: String? = nil) -> PageSetup {
        var page = self
        page.width = width
        page.height = height
        page.margin = margin
        page.givenAs = givenAs
        return page
    }

    /// The header and the footer of page `number` of `count`, laid out in the content's width; nil
    /// for one the document has not.
    public func decorations(page number: Int, of count: Int) throws(RequestError) -> (
        header: BoxLayout?, footer: BoxLayout?
    ) {
        func laidOut(_ value: JSONValue?, _ key: String) throws(RequestError) -> BoxLayout? {
            guard let value else { return nil }
            var reader = BoxTreeReader(fonts: fonts, vocabularies: vocabularies, images: images)
            let node = try reader.node(
                Self.numbered(value, page: number, of: count), at: JSONPath.join("page", key), depth: 1)
            if let path = reader.footnotePaths.first {
                throw RequestError(at: path, "a footnote goes in the document's body, not in a page's \(key)")
            }
            do throws(BoxError) {
                return try BoxEngine.layout(node, filling: contentWidth)
            } catch {
                throw RequestError(at: JSONPath.join(JSONPath.join("page", key), error.path), error.problem)
            }
        }
        return (try laidOut(header, "header"), try laidOut(footer, "footer"))
    }

    /// `value` with `{page}` and `{pages}` in its strings replaced by the numbers.
    static func numbered(_ value: JSONValue, page: Int, of count: Int) -> JSONValue {
        value.mappingStrings { string, _ in
            string.replacingAll("{page}", with: String(page)).replacingAll("{pages}", with: String(count))
        }
    }
}

extension String {
    /// The string with every `target` replaced by `replacement`.
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

extension BoxTreeReader {
    /// The root key `page` (``PageSetup``), checked: a size that leaves room inside the margin, and
    /// a header and footer that read and fit their margins (laid out for page 1 of 1).
    func pageSetup(_ value: JSONValue) throws(RequestError) -> PageSetup {
        let object = try JSONObject(value, at: "page", keys: ["size", "margin", "header", "footer"])
        var size = PageSetup.sizes["a4"]!
        let sides = "each \(MushLimits.format(PageSetup.minimumSide)) to 1000000 points"
        switch object["size"] {
        case .string(let name)?:
            guard let named = PageSetup.size(named: name) else {
                throw RequestError(
                    at: object.path("size"),
                    "must be a4, a5, a3, letter, legal, \"WIDTHxHEIGHT\" or [WIDTH, HEIGHT], \(sides) (it is '\(JSONReader.shortened(name))')"
                )
            }
            size = named
        case .array(let values)?:
            guard values.count == 2, case .number(let width) = values[0], case .number(let height) = values[1] else {
                throw RequestError(at: object.path("size"), "must be [WIDTH, HEIGHT] or \"WIDTHxHEIGHT\", \(sides)")
            }
            guard PageSetup.sides.contains(width), PageSetup.sides.contains(height) else {
                throw RequestError(
                    at: object.path("size"),
                    "must be [WIDTH, HEIGHT] or \"WIDTHxHEIGHT\", \(sides) (it is \(MushLimits.format(width)) × \(MushLimits.format(height)))"
                )
            }
            size = (width, height)
        case nil:
            break
        case let other?:
            throw RequestError(
                at: object.path("size"), "expected a name, \"WIDTHxHEIGHT\" or [WIDTH, HEIGHT], not \(other.kindName)")
        }
        let margin = try object.edges("margin") ?? BoxEdges(36)
        let page = PageSetup(
            width: size.width, height: size.height, margin: margin, header: object["header"], footer: object["footer"],
            fonts: fonts, vocabularies: vocabularies, images: images)
        guard PageSetup.hasRoom(width: size.width, height: size.height, margin: margin) else {
            throw RequestError(
                at: object.path("margin"), PageSetup.roomProblem(width: size.width, height: size.height, margin: margin)
            )
        }
        let (header, footer) = try page.decorations(page: 1, of: 1)
        if let header, header.height > margin.top {
            throw RequestError(
                at: object.path("header"),
                "is taller than the top margin (\(MushLimits.format(header.height)) points in \(MushLimits.format(margin.top)))"
            )
        }
        if let footer, footer.height > margin.bottom {
            throw RequestError(
                at: object.path("footer"),
                "is taller than the bottom margin (\(MushLimits.format(footer.height)) points in \(MushLimits.format(margin.bottom)))"
            )
        }
        return page
    }
}

extension BoxRequest {
    /// The tree laid out for `page` (its root `page`, or another setup) and cut into pages: the root
    /// as wide as the page's content (unless it sets a width of its own, as a document's body
    /// fills its page), its height its content's, cut where `BoxPages` allows, with its footnotes
    /// (``footnotes``) laid out as wide and set at the bottom of the pages of their calls. A tree
    /// that needs more than `maximumPages` pages is an error naming the page size (`page.size`,
    /// or ``PageSetup/givenAs``), thrown as soon as cutting reaches the limit, before anything is
    /// drawn.
    public func pagedLayout(
        _ page: PageSetup, rounding: BoxRounding = .edges, maximumPages: Int = BoxPages.maximumPages
    ) throws(RequestError) -> (layout: BoxLayout, pages: BoxPages, footnotes: PageFootnotes) {
        var request = self
        if request.root.style.width == .auto { request.root.style.width = .points(page.contentWidth) }
        let layout = try request.layout(width: .points(page.contentWidth), rounding: rounding)
        let footnotes = try laidOutFootnotes(of: layout, width: page.contentWidth, rounding: rounding)
        let pages = BoxPages(
            layout, pageHeight: page.contentHeight, footnotes: footnotes.placing,
            area: BoxPages.FootnoteArea(separator: footnotes.laidOut.separator?.height ?? 0, gap: Footnotes.gap),
            maximumPages: maximumPages)
        if pages.isTruncated {
            let problem =
                "cuts the tree into more than \(maximumPages) pages, the most a document may have (give larger pages or a smaller margin)"
            if let givenAs = page.givenAs { throw RequestError("\(givenAs) \(problem)") }
            throw RequestError(at: "page.size", problem)
        }
        return (layout, pages, footnotes.laidOut)
    }

    /// The footnotes' entries and separator laid out `width` wide, and each note's place for
    /// `BoxPages`: the line of its call in `layout` (the tree's end for a call no line shows) and
    /// its height.
    private func laidOutFootnotes(of layout: BoxLayout, width: Double, rounding: BoxRounding) throws(RequestError)
        -> (laidOut: PageFootnotes, placing: [BoxPages.Footnote])
    {
        guard !footnotes.isEmpty else { return (PageFootnotes(), []) }
        func laidOut(_ node: BoxNode, at path: String) throws(RequestError) -> BoxLayout {
            do throws(BoxError) {
                return try BoxEngine.layout(node, filling: width, rounding: rounding)
            } catch {
                throw RequestError(at: path, error.problem)
            }
        }
        var result = PageFootnotes(separator: try laidOut(Footnotes.separator, at: footnotePaths[0]))
        var placing: [BoxPages.Footnote] = []
        let calls = layout.footnoteCalls()
        for (index, entry) in footnotes.enumerated() {
            let note = try laidOut(entry, at: footnotePaths[index])
            result.notes.append(note)
            if calls[index] == nil { result.uncalled.append(index) }
            placing.append(BoxPages.Footnote(anchor: calls[index] ?? layout.height, height: note.height))
        }
        return (result, placing)
    }
}
