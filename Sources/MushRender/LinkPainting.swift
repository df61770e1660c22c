import Foundation
import MushBase
import MushBox
import MushLine
import MushText

/// A link's clickable area as drawn: where a text run's link (`MushAttributes.link`, one area a line
/// for each stretch of runs with the same link) or a box's (`BoxPaint.link`, its border box) lies,
/// in points from the picture's top-left corner, cut to the clips in force.
struct LinkArea {
    /// An `http`, `https` or `mailto` URL, or `#ID`.
    var link: String
    var rect: Painter.Rect
    /// What the link says, for a tagged PDF's `/Contents`: a box's text, else the link itself.
    var description: String
}

/// A box that a `#ID` link names, where it is drawn (its border box, in points from the picture's
/// top-left corner).
struct LinkDestination {
    var id: String
    var rect: Painter.Rect
}

/// The ids of a document's boxes, and those that its links name (`#ID`), found before it is drawn:
/// a destination is written where its box is drawn, which may come before the link that names it.
struct LinkTargets {
    /// Every box's id (`BoxLayout.id`), inline boxes' included.
    var ids: Set<String> = []
    /// The ids that some `#ID` link names, box or not.
    var named: Set<String> = []

    init() {}

    /// The ids and named ids of the trees `roots` (their boxes, the inline boxes of their text
    /// leaves, the text of their text and row leaves).
    init(_ roots: [BoxLayout]) {
        var stack = roots
        while let node = stack.popLast() {
            if let id = node.id { ids.insert(id) }
            if let link = node.paint?.link { note(link) }
            switch node.leaf {
            case .text(let text)?:
                note(text.layout)
                stack.append(contentsOf: text.inline.map(\.layout))
            case .row(let row)?:
                note(row)
            default:
                break
            }
            stack.append(contentsOf: node.children)
        }
    }

    private mutating func note(_ link: String) {
        if let id = LinkTarget.fragment(of: link) { named.insert(id) }
    }

    private mutating func note(_ layout: ParagraphLayout) {
        var paragraphs = Set<ObjectIdentifier>()
        for line in layout.lines where paragraphs.insert(ObjectIdentifier(line.paragraph)).inserted {
            for link in line.paragraph.linkTargets { note(link) }
        }
    }

    private mutating func note(_ row: MGLineLayout) {
        for item in row.items {
            switch item.content {
            case .text(let text):
                note(text.layout)
                // An image in the text links through its own frame, not through the text's runs.
                for placed in text.images { if let link = placed.image.link { note(link) } }
            case .box(let box): if let line = box.line { note(line) }
            case .image: break
            }
        }
    }
}

extension Painter {
    /// Whether links are kept: in a PDF (annotations) and an SVG (overlays); a PNG has none.
    var keepsLinks: Bool { !canvas.format.isBitmap }

    /// Keeps `link` over `rect` (in points), cut to the clips in force (nothing when wholly outside
    /// them). A `#ID` link naming no box is not kept, and warned about once for its place.
    func addLink(_ link: String, _ rect: Rect, location: RenderWarning.Location, description: String? = nil) {
        if let area = linkArea(link, rect, location: location, description: description) { linkAreas.append(area) }
    }

    /// The area of a link over `rect`, cut to the clips in force; nil where nothing of it shows, in a
    /// drawing that keeps no links, or for a `#ID` no box has (warned about, once).
    private func linkArea(_ link: String, _ rect: Rect, location: RenderWarning.Location, description: String?)
        -> LinkArea?
    {
        guard keepsLinks else { return nil }
        if let id = LinkTarget.fragment(of: link), !linkTargets.ids.contains(id) {
            let warning = RenderWarning(location: location, problem: .linkTargetNotFound(id), file: nil)
            if linkWarnings.insert(warning).inserted { warn(warning.problem, file: nil, at: location) }
            return nil
        }
        var (left, top, right, bottom) = (rect.x, rect.y, rect.x + rect.width, rect.y + rect.height)
        for clip in boxClips {
            left = max(left, clip.x)
            top = max(top, clip.y)
            right = min(right, clip.x + clip.width)
            bottom = min(bottom, clip.y + clip.height)
        }
        guard right > left, bottom > top, [left, top, right, bottom].allSatisfy(\.isFinite) else { return nil }
        return LinkArea(
            link: link, rect: Rect(x: left, y: top, width: right - left, height: bottom - top),
            description: description.flatMap { $0.isEmpty ? nil : $0 } ?? link)
    }

    /// Begins, in a tagged PDF, the link of a box that is a paragraph-like element of its own (a
    /// contents entry with `role: paragraph`): a `Link` inside its element that holds what the box
    /// draws, as Typst tags a link in a paragraph, written now rather than with the page's other
    /// links. Returns whether it began one (``endLink()`` then ends it once the box is drawn);
    /// false where the link goes with the others (``addLink(_:_:location:description:)``).
    func beginLinkElement(_ link: String, _ rect: Rect, location: RenderWarning.Location, description: String?)
        -> Bool
    {
        guard let area = linkArea(link, rect, location: location, description: description) else { return false }
        let scale = options.scale
        let rects = [
            (
                x: area.rect.x * scale, y: area.rect.y * scale, width: area.rect.width * scale,
                height: area.rect.height * scale
            )
        ]
        let begun =
            LinkTarget.fragment(of: area.link).map {
                context.beginLink(destination: Self.destinationName($0), rects: rects)
            } ?? context.beginLink(uri: Self.pdfURI(area.link), rects: rects)
        if begun { structure?.noteLinks([area.description], page: pageIndex) }
        return begun
    }

    /// Ends the link begun by ``beginLinkElement(_:_:location:description:)``.
    func endLink() { context.endLink() }

    /// The links of a paragraph drawn with its top-left corner at (`x`, `y`): its layout's
    /// (`ParagraphLayout.links`), one area a line for each stretch of a link.
    func addLinks(_ layout: ParagraphLayout, x: Double, y: Double, location: RenderWarning.Location) {
        guard keepsLinks else { return }
        for link in layout.links {
            for rect in link.rects {
                addLink(
                    link.url, Rect(x: x + rect.x, y: y + rect.y, width: rect.width, height: rect.height),
                    location: location)
            }
        }
    }

    /// Notes where the box `layout` drawn at (`x`, `y`) is, when a link names its id and it has not
    /// been noted yet: the first place it is drawn. While a page is drawn (``pageBand``), only where
    /// its box meets the page's band: the page where it starts.
    func addDestination(_ layout: BoxLayout, x: Double, y: Double) {
        guard keepsLinks, let id = layout.id, linkTargets.named.contains(id), !placedDestinations.contains(id) else {
            return
        }
        guard startsInPageBand(y: y, height: layout.height) else { return }
        placedDestinations.insert(id)
        linkDestinations.append(
            LinkDestination(id: id, rect: Rect(x: x, y: y, width: layout.width, height: layout.height)))
    }

    /// Whether a box drawn at `y`, `height` tall, meets the band of the page being drawn (an empty
    /// box lying in it), so that the page is the one where it starts; true when no page is drawn.
    func startsInPageBand(y: Double, height: Double) -> Bool {
        guard let band = pageBand else { return true }
        let bottom = y + max(height, 0)
        return y < band.bottom && (bottom > band.top || (bottom == y && y >= band.top))
    }

    /// Writes the links and destinations kept so far to the PDF's page being drawn, and forgets
    /// them (an SVG keeps them for its overlay, ``SVGLinkLayer``).
    func writeLinks() {
        guard canvas.format == .pdf else { return }
        let scale = options.scale
        for destination in linkDestinations {
            context.destination(
                name: Self.destinationName(destination.id), x: destination.rect.x * scale,
                y: destination.rect.y * scale)
        }
        if isTagging { structure!.noteLinks(linkAreas.map(\.description), page: pageIndex) }
        for area in linkAreas {
            let rect = (
                x: area.rect.x * scale, y: area.rect.y * scale, width: area.rect.width * scale,
                height: area.rect.height * scale
            )
            if let id = LinkTarget.fragment(of: area.link) {
                context.link(destination: Self.destinationName(id), rects: [rect])
            } else {
                context.link(uri: Self.pdfURI(area.link), rects: [rect])
            }
        }
        linkAreas = []
        linkDestinations = []
    }

    /// The PDF name of the destination of the box with id `id`: the id itself when it holds only
    /// ASCII letters, digits, `.`, `_`, `:` and `-` (a viewer opens `file.pdf#nameddest=ID`),
    /// otherwise `~` and its UTF-8 bytes in hex. Cairo 1.16 writes a destination's name as it is
    /// but a link's as UTF-16 when it is not plain ASCII, and writes parentheses and backslashes
    /// unescaped: only such names are the same in both and safe.
    static func destinationName(_ id: String) -> String {
        let plain = id.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-_:".unicodeScalars.contains($0))
        }
        return plain ? id : "~" + id.utf8.map { String(format: "%02X", $0) }.joined()
    }

    /// `uri` as written in a PDF: its bytes outside printable ASCII, and the characters a PDF string
    /// needs escaped (backslash, parentheses; Cairo 1.16 writes the URI unescaped), percent-encoded
    /// as UTF-8.
    static func pdfURI(_ uri: String) -> String {
        var written = ""
        for byte in uri.utf8 {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "("),
                byte != UInt8(ascii: ")")
            {
                written.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                written += String(format: "%%%02X", byte)
            }
        }
        return written
    }
}

/// Cairo's SVG surface writes no links: the link layer adds them to the file, after everything
/// drawn, as a group of transparent rectangles, each in an `<a>` to its link (`href` and
/// `xlink:href`), where a reader's click lands first. A box that a `#ID` link names gets an empty
/// `<rect>` with its id over its border box, so that `#ID` finds it in the file (an id the file
/// already uses, one of Cairo's, is written `link-` and the id, and so are the links to it).
enum SVGLinkLayer {
    /// `svg` with the links and destinations added just before its closing tag, at `scale`.
    static func add(_ areas: [LinkArea], _ destinations: [LinkDestination], to svg: Data, scale: Double) -> Data {
        guard !areas.isEmpty || !destinations.isEmpty else { return svg }
        var names: [String: String] = [:]
        func name(_ id: String) -> String {
            if let known = names[id] { return known }
            var name = id
            while svg.range(of: Data("id=\"\(SVGTextLayer.escape(name))\"".utf8)) != nil { name = "link-" + name }
            names[id] = name
            return name
        }
        func box(_ rect: Painter.Rect) -> String {
            let number = SVGTextLayer.number
            return
                "x=\"\(number(rect.x * scale))\" y=\"\(number(rect.y * scale))\" width=\"\(number(rect.width * scale))\""
                + " height=\"\(number(rect.height * scale))\""
        }
        var layer = "<g fill=\"#fff\" fill-opacity=\"0\" stroke=\"none\">\n"
        for destination in destinations {
            layer += "<rect id=\"\(SVGTextLayer.escape(name(destination.id)))\" \(box(destination.rect))/>\n"
        }
        for area in areas {
            let href = SVGTextLayer.escape(LinkTarget.fragment(of: area.link).map { "#" + name($0) } ?? area.link)
            layer += "<a href=\"\(href)\" xlink:href=\"\(href)\"><rect \(box(area.rect))/></a>\n"
        }
        layer += "</g>\n"
        return SVGTextLayer.inserting(layer, into: svg)
    }
}
