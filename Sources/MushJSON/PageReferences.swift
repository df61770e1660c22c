import MushBase
import MushBox
import MushImage
import MushText

/// `{pageOf:ID}` in a paged document's strings: the number of the page where the box with that id
/// starts (a table of contents' "Totals ........ 3"), found by laying the document out, reading
/// where its boxes fell, and laying it out again with the numbers until they stop changing.
enum PageReferences {
    static let opening = "{pageOf:"

    /// Whether any string of `value` (keys aside) holds a reference.
    static func occur(in value: JSONValue) -> Bool {
        switch value {
        case .string(let string): return string.contains(opening)
        case .array(let values): return values.contains(where: occur)
        case .object(let members): return members.values.contains(where: occur)
        default: return false
        }
    }

    /// `value` with each `{pageOf:ID}` replaced by `numbers[ID]` (`?` for an id no box has, noted in
    /// `unknown` with the path of its string; `0` for one not laid out yet: `numbers` nil).
    static func substituted(
        _ value: JSONValue, numbers: [String: Int]?, unknown: inout [(path: String, id: String)]
    ) -> JSONValue {
        value.mappingStrings { string, place in
            guard string.contains(opening) else { return string }
            var result = ""
            var rest = string[...]
            while let start = rest.range(of: opening), let end = rest[start.upperBound...].firstIndex(of: "}") {
                let id = String(rest[start.upperBound..<end])
                result += rest[..<start.lowerBound]
                if let numbers {
                    if let number = numbers[id] {
                        result += String(number)
                    } else {
                        result += "?"
                        let path = place().description
                        unknown.append((path.isEmpty ? "root" : path, id))
                    }
                } else {
                    result += "0"
                }
                rest = rest[rest.index(after: end)...]
            }
            return result + rest
        }
    }
}

/// A paged document laid out (``BoxRequest/paged(_:fonts:images:read:rounding:setup:)``): the request
/// read last, its layout and pages, and warnings about its page references.
public struct PagedDocument: Sendable {
    public var request: BoxRequest
    public var setup: PageSetup
    public var layout: BoxLayout
    public var pages: BoxPages
    /// Its footnotes laid out, for drawing on the pages that hold them (`BoxPages.Page.notes`).
    public var footnotes: PageFootnotes
    /// A note whose call its text does not show (`children[2].text[1].footnote: …`), a reference to an id no box has (`children[2].text: {pageOf:totals} names no box's id`), or
    /// references that did not settle in ``BoxRequest/maximumReferencePasses`` layouts.
    public var warnings: [String]
}

extension BoxRequest {
    /// The most layouts a document with page references gets (the first with every number 0).
    public static let maximumReferencePasses = 3

    /// Reads `tree` (a parsed box tree) and lays it out in pages (``pagedLayout(_:rounding:maximumPages:)``),
    /// its pages' setup chosen by `setup` from the document's own (nil: an error, the document has
    /// no pages). Where its strings hold `{pageOf:ID}`, each is replaced by the number of the page
    /// where the box with id ID starts, and the document is read and laid out again until the
    /// numbers stop changing, at most ``maximumReferencePasses`` times (a warning says when they
    /// did not settle): a number's width may move the boxes after it.
    ///
    /// `read`, when given, is `tree` already read (the first layout's, where `tree` holds no page
    /// reference): it is not read again.
    public static func paged(
        _ tree: JSONValue, fonts: FontCollection, images: ImageFiles = ImageFiles(), read: BoxRequest? = nil,
        rounding: BoxRounding = .edges, setup: (PageSetup?) -> PageSetup?
    ) throws(RequestError) -> PagedDocument {
        let references = PageReferences.occur(in: tree)
        var numbers: [String: Int]?
        var pass = 0
        while true {
            pass += 1
            var unknown: [(path: String, id: String)] = []
            let value = references ? PageReferences.substituted(tree, numbers: numbers, unknown: &unknown) : tree
            let request: BoxRequest
            if !references, let read {
                request = read
            } else {
                request = try BoxRequest(parsed: value, fonts: fonts, images: images)
            }
            guard let chosen = setup(request.page) else { throw RequestError("no page size (give the root a page)") }
            let (layout, pages, footnotes) = try request.pagedLayout(chosen, rounding: rounding)
            let uncalled = footnotes.uncalled.map {
                "\(request.footnotePaths[$0]): the note's call is cut from its text (maxLines), so the note goes on the last page"
            }
            var document = PagedDocument(
                request: request, setup: chosen, layout: layout, pages: pages, footnotes: footnotes, warnings: uncalled)
            guard references else { return document }
            let found = pages.pageNumbers(in: layout)
            // Settled when the numbers this layout used are where the boxes fell.
            let settled = numbers == found
            if settled || pass == maximumReferencePasses {
                document.warnings += unknown.map { "\($0.path): {pageOf:\($0.id)} names no box's id" }
                if !settled {
                    document.warnings.append(
                        "the page references did not settle in \(maximumReferencePasses) layouts (a number's width moves the boxes it refers to): some may be off by a page"
                    )
                }
                return document
            }
            numbers = found
        }
    }
}
