import Mush
import MushBase
import MushBox
import MushImage
import MushText

/// A paged document's pages, from a box tree's root key `page`: `{"size", "margin", "header",
/// "footer"}`, the size a name (``sizes``) or `[WIDTH, HEIGHT]` in points, the margin a number or an
/// object of some of `top`, `right`, `bottom` and `left` (36 points by default), and the header and
/// footer any node, laid out in the page's width less its margin and drawn in the top and bottom
/// margins of every page, `{page}` and `{pages}` in their strings the page's number and the count.
public struct PageSetup: Sendable {
    /// The page's size in points.
    public var width: Double
    public var height: Double
    /// The margin around the page's content, in points.
    public var margin: BoxEdges<Double>
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

    /// The page with a size and margin of its own (a command's options), the header and footer
    /// kept.
    public func with(width: Double, height: Double, margin: BoxEdges<Double>) -> PageSetup {
        var page = self
        page.width = width
        page.height = height
        page.margin = margin
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
            var node = try reader.node(
                Self.numbered(value, page: number, of: count), at: JSONPath.join("page", key), depth: 1)
            // As wide as the content, as a page's margin boxes are (unless it sets its own width).
            if node.style.width == .auto { node.style.width = .points(contentWidth) }
            do throws(BoxError) {
                try node.validate()
                return try BoxEngine.layout(node, width: .points(contentWidth))
            } catch {
                throw RequestError(at: JSONPath.join(JSONPath.join("page", key), error.path), error.problem)
            }
        }
        return (try laidOut(header, "header"), try laidOut(footer, "footer"))
    }

    /// `value` with `{page}` and `{pages}` in its strings replaced by the numbers.
    static func numbered(_ value: JSONValue, page: Int, of count: Int) -> JSONValue {
        switch value {
        case .string(let string):
            return .string(
                string.replacingAll("{page}", with: String(page)).replacingAll("{pages}", with: String(count)))
        case .array(let values): return .array(values.map { numbered($0, page: page, of: count) })
        case .object(let members): return .object(members.mapValues { numbered($0, page: page, of: count) })
        default: return value
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
        switch object["size"] {
        case .string(let name)?:
            guard let named = PageSetup.sizes[name.lowercased()] else {
                throw RequestError(
                    at: object.path("size"),
                    "must be a4, a5, a3, letter, legal or [WIDTH, HEIGHT] (it is '\(JSONReader.shortened(name))')")
            }
            size = named
        case .array(let values)?:
            guard values.count == 2, case .number(let width) = values[0], case .number(let height) = values[1],
                (1...1_000_000).contains(width), (1...1_000_000).contains(height)
            else {
                throw RequestError(at: object.path("size"), "must be [WIDTH, HEIGHT], each 1 to 1000000 points")
            }
            size = (width, height)
        case nil:
            break
        case let other?:
            throw RequestError(at: object.path("size"), "expected a name or [WIDTH, HEIGHT], not \(other.kindName)")
        }
        let margin = try object.edges("margin") ?? BoxEdges(36)
        let page = PageSetup(
            width: size.width, height: size.height, margin: margin, header: object["header"], footer: object["footer"],
            fonts: fonts, vocabularies: vocabularies, images: images)
        guard page.contentWidth > 0, page.contentHeight > 0 else {
            throw RequestError(at: object.path("margin"), "leaves no room on the page")
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
    /// fills its page), its height its content's, cut where `BoxPages` allows.
    public func pagedLayout(_ page: PageSetup, rounding: BoxRounding = .edges) throws(RequestError) -> (
        layout: BoxLayout, pages: BoxPages
    ) {
        var request = self
        if request.root.style.width == .auto { request.root.style.width = .points(page.contentWidth) }
        let layout = try request.layout(width: .points(page.contentWidth), rounding: rounding)
        return (layout, BoxPages(layout, pageHeight: page.contentHeight))
    }
}
