import MushBase
import MushBox
import MushDSL
import MushImage
import MushJSON
import MushRender
import MushText

/// Pages for a tree written in Swift: their size, their margin, and a running header and footer
/// made for each page from its number and the count (as a JSON document's root key `page`).
///
/// ```swift
/// let pages = Pages(size: .a4, margin: 56) { _, _ in
///     Text("Annual report").font(size: 8)
/// } footer: { page, count in
///     Row(justify: .center) { Text("Page \(page) of \(count)").font(size: 8) }
/// }
/// let pdf = try await renderer.render(report, pages: pages)
/// ```
public struct Pages: Sendable {
    /// A page size: a name or points.
    public enum Size: Sendable, Hashable {
        case a3, a4, a5, letter, legal
        case points(width: Double, height: Double)

        /// Its width and height in points.
        public var points: (width: Double, height: Double) {
            switch self {
            case .a3: PageSetup.sizes["a3"]!
            case .a4: PageSetup.sizes["a4"]!
            case .a5: PageSetup.sizes["a5"]!
            case .letter: PageSetup.sizes["letter"]!
            case .legal: PageSetup.sizes["legal"]!
            case .points(let width, let height): (width, height)
            }
        }
    }

    public var size: Size
    public var margin: BoxEdges<Double>
    /// The header and footer of page `page` (from 1) of `count`, laid out as wide as the content
    /// and drawn in the top and bottom margins; nil for none.
    public var header: (@Sendable (_ page: Int, _ count: Int) -> Box)?
    public var footer: (@Sendable (_ page: Int, _ count: Int) -> Box)?

    public init(
        size: Size = .a4, margin: Double = 36, header: (@Sendable (_ page: Int, _ count: Int) -> any BoxContent)? = nil,
        footer: (@Sendable (_ page: Int, _ count: Int) -> any BoxContent)? = nil
    ) {
        self.size = size
        self.margin = BoxEdges(margin)
        if let header {
            self.header = { page, count in header(page, count).box }
        } else {
            self.header = nil
        }
        if let footer {
            self.footer = { page, count in footer(page, count).box }
        } else {
            self.footer = nil
        }
    }

    /// The setup's problem (a page too small, a margin that leaves no room), as `PageSetup` says it.
    func problem() -> String? {
        let (width, height) = size.points
        guard PageSetup.sides.contains(width), PageSetup.sides.contains(height) else {
            return
                "a page is 72 to 1000000 points a side (it is \(MushLimits.format(width)) × \(MushLimits.format(height)))"
        }
        guard PageSetup.hasRoom(width: width, height: height, margin: margin) else {
            return "the margin " + PageSetup.roomProblem(width: width, height: height, margin: margin)
        }
        return nil
    }
}

extension BoxRenderer {
    /// `tree` laid out as wide as `pages`' content and cut into pages (as a JSON document with a
    /// `page` is: `BoxPages`), each with its header and footer: one PDF of all the pages (as here
    /// by default), or one PNG or SVG a page. A PDF of pages is tagged.
    public func render(_ tree: some BoxContent, pages: Pages, as output: Output = .pdf) async throws(Failure)
        -> [Rendering]
    {
        let box = tree.box
        let (fonts, images) = (self.fonts, self.images)
        return try await onWorker { cancellation throws(Failure) in
            try Self.drawPages(box, pages: pages, as: output, fonts: fonts, images: images, cancellation: cancellation)
        }
    }

    /// The blocking work of ``render(_:pages:as:)``, on a worker thread.
    private static func drawPages(
        _ box: Box, pages setup: Pages, as output: Output, fonts: FontCollection, images: ImageFiles,
        cancellation: Cancellation
    ) throws(Failure) -> [Rendering] {
        if let problem = setup.problem() { throw .build(BuildError(path: "pages", problem: problem)) }
        let (width, height) = setup.size.points
        let contentWidth = width - setup.margin.left - setup.margin.right
        let node: BoxNode
        do throws(BuildError) {
            node = try box.node(fonts: fonts)
        } catch {
            throw .build(error)
        }
        let layout: BoxLayout
        do throws(BoxError) {
            layout = try BoxEngine.layout(node, filling: contentWidth)
        } catch {
            throw .layout(error)
        }
        let pages = BoxPages(layout, pageHeight: height - setup.margin.top - setup.margin.bottom)
        func decoration(_ make: (@Sendable (Int, Int) -> Box)?, page: Int, key: String) throws(Failure) -> BoxLayout? {
            guard let make else { return nil }
            let node: BoxNode
            do throws(BuildError) {
                node = try make(page, pages.pages.count).node(fonts: fonts)
            } catch {
                throw .build(BuildError(path: JSONPath.join(key, error.path), problem: error.problem))
            }
            do throws(BoxError) {
                return try BoxEngine.layout(node, filling: contentWidth)
            } catch {
                throw .layout(error)
            }
        }
        var decorations: [(header: BoxLayout?, footer: BoxLayout?)] = []
        for page in 1...pages.pages.count {
            decorations.append(
                (
                    try decoration(setup.header, page: page, key: "pages.header"),
                    try decoration(setup.footer, page: page, key: "pages.footer")
                ))
        }
        let (format, options) = Self.options(output, images: images, cancellation: cancellation)
        do throws(RenderError) {
            return try Renderer.render(
                layout, pages: pages, width: width, height: height, margin: setup.margin, as: format, options: options,
                decorations: decorations)
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .render(error)
        }
    }
}
