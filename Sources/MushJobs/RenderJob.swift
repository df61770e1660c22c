import Foundation
import Mush
import MushBase
import MushBox
import MushImage
import MushJSON
import MushLine
import MushRender
import MushText

/// One drawing of a JSON document, as `mush render` and the render service take it: a line (as
/// `mush line` takes it), a stack of lines (`{"lines": […]}`), or a box tree (as `mush layout`
/// takes it; ``isBoxTree(_:)`` tells), drawn as PNG, JPEG, WebP, SVG or PDF.
///
/// A box tree whose root has a `page` (or any box tree, given ``page``) is laid out at the page's
/// width less its margin and cut into pages: one PDF of all of them, or one PNG or SVG a page. The
/// warnings come back as text, each naming its item by the JSON path the input gives it
/// (`children[1].children[0]: image not found: …`).
///
/// ```swift
/// let job = RenderJob(format: .png, options: RenderOptions(scale: 2))
/// let drawn = try job.run(Array(#"{"width": 100, "height": 40, "backgroundColor": "#0af"}"#.utf8))
/// // drawn.renderings[0]: a PNG of 200 × 80 pixels
/// ```
public struct RenderJob: Sendable {
    /// Pages of a size and margin that win over the document's own (`--page`, `?page=`).
    public struct PageSize: Sendable, Hashable {
        public var width: Double
        public var height: Double
        public var margin: BoxEdges<Double>
        /// How errors name these pages (a document cut into too many of them): `the page size
        /// 72x72` by default; `mush` gives its options (`--page 72x72 with --page-margin 0`), a
        /// service may give its parameters.
        public var givenAs: String

        public init(width: Double, height: Double, margin: BoxEdges<Double> = BoxEdges(36), givenAs: String? = nil) {
            self.width = width
            self.height = height
            self.margin = margin
            self.givenAs = givenAs ?? "the page size \(MushLimits.format(width))x\(MushLimits.format(height))"
        }

        /// A page size by name (a key of `PageSetup.sizes`: `a4`, `letter` …) or `WIDTHxHEIGHT` in
        /// points, each a decimal number from `PageSetup.minimumSide` (72) to 1000000; nil for
        /// anything else (`PageSetup.size(named:)`). Errors name the pages `the page size TEXT`
        /// unless `givenAs` says otherwise.
        public init?(named text: String, margin: BoxEdges<Double> = BoxEdges(36), givenAs: String? = nil) {
            guard let size = PageSetup.size(named: text) else { return nil }
            self.init(
                width: size.width, height: size.height, margin: margin, givenAs: givenAs ?? "the page size \(text)")
        }

        /// `document`'s pages (its running header and footer) at this size and margin; plain pages
        /// where it has none.
        public func setup(over document: PageSetup?) -> PageSetup {
            var plain = PageSetup(width: width, height: height, margin: margin)
            plain.givenAs = givenAs
            return document?.with(width: width, height: height, margin: margin, givenAs: givenAs) ?? plain
        }

        /// Whether the margin leaves room on the page: at least `PageSetup.minimumContent` (36)
        /// points each way.
        public var hasRoom: Bool {
            PageSetup.hasRoom(width: width, height: height, margin: margin)
        }
    }

    /// What a job drew.
    public struct Result: Sendable {
        /// The pictures: one, or for pages one PDF, or one PNG or SVG a page (none where
        /// `pageDrawn` took them).
        public var renderings: [Rendering]
        /// For a paged document, how many pages; nil otherwise.
        public var pageCount: Int?
        /// For a paged document, the size of its pages in points (at the job's scale).
        public var pageSize: (width: Double, height: Double)?
        /// What was done otherwise than asked, one sentence each, items named by their JSON paths.
        public var warnings: [String]
    }

    public var format: RenderFormat
    public var options: RenderOptions
    /// The room a box tree's root is laid out in (not pages).
    public var width: AvailableSpace
    public var height: AvailableSpace
    /// Pages that win over the document's own `page`: a box tree is then drawn as pages.
    public var page: PageSize?
    /// What a picture without area is told to do besides giving its root a size or content, in
    /// the caller's words (the command: "lay it out with --width and --height"); nil: nothing
    /// more. (The library names no command-line option of its own.)
    public var emptyPictureHint: String?

    public init(
        format: RenderFormat, options: RenderOptions = RenderOptions(), width: AvailableSpace = .maxContent,
        height: AvailableSpace = .maxContent, page: PageSize? = nil
    ) {
        self.format = format
        self.options = options
        self.width = width
        self.height = height
        self.page = page
    }

    /// The top-level keys that make a document a box tree rather than a line (`lines` makes a
    /// stack): the keys of a box tree's nodes that a line does not have.
    public static let boxTreeKeys = BoxVocabularies.standard.documentKeys

    /// The keys a line or a stack has.
    static let rowKeys = Set(LineRequest.lineKeys + LineRequest.stackKeys)

    /// Whether `key` at the top makes a document a box tree: one of ``boxTreeKeys``, or a node's
    /// key that a line and a stack do not have (`{"width": 10, "cornerRadius": 5}` is a box).
    public static func isBoxTreeKey(_ key: String) -> Bool {
        boxTreeKeys.contains(key) || (BoxRequest.nodeKeys.contains(key) && !rowKeys.contains(key))
    }

    /// The JSON document, parsed, when it is a box tree: an object with a key of ``isBoxTreeKey(_:)``
    /// (nil for a line or a stack). The document is read as deep as a box tree may nest
    /// (`BoxRequest.jsonDepth`), on a thread with a large stack; a document that is no JSON object
    /// fails as any reader would say.
    public static func isBoxTree(_ json: [UInt8]) throws(RequestError) -> JSONValue? {
        let value = try BoxRequest.parsedObject(json)
        if case .object(let members) = value, members.keys.contains(where: isBoxTreeKey) { return value }
        return nil
    }

    /// Draws `json` with `fonts`, its images found by `images` (and `options`' image root). Given
    /// `pageDrawn`, the PNG or SVG pages of a paged document are handed to it as they are drawn and
    /// not kept (the drawing stops after a page for which it answers false). Bad input, and a
    /// picture that cannot be drawn, are errors.
    public func run(
        _ json: [UInt8], fonts: FontCollection = .standard, images: ImageFiles = ImageFiles(),
        pageDrawn: ((Int, Rendering) -> Bool)? = nil
    ) throws(RequestError) -> Result {
        // (The job's images are `images`: its options' are set to them, one setting for the
        // reading of sizes and the drawing.)
        var options = options
        options.images = images
        let tree = try Self.isBoxTree(json)
        if let tree, case .object(let members) = tree, members["page"] != nil || page != nil {
            return try runPages(tree, fonts: fonts, images: images, options: options, pageDrawn: pageDrawn)
        }
        if page != nil { throw RequestError("pages are for box trees; this is a line or a stack") }
        if tree == nil, options.isTaggedPDF(format) {
            throw RequestError("tagged PDFs are of box trees; this is a line or a stack")
        }
        do {
            if let tree {
                let request = try BoxRequest(parsed: tree, fonts: fonts, images: images)
                let layout = try request.layout(width: width, height: height)
                let rendering = try Self.render(
                    tree: layout, as: format, options: options.describing(request), hint: emptyPictureHint)
                return Result(
                    renderings: [rendering],
                    warnings: request.unpagedWarnings
                        + rendering.warnings.map { $0.description { Self.jsonPath($0, in: layout) } })
            }
            var warnings: [String] = []
            let rendering: Rendering
            switch try LineRequest(fonts: fonts, images: images).document(from: json) {
            case .line(let line):
                let layout = try line.layout(fonts: fonts)
                warnings = layout.warnings
                rendering = try Renderer.render(layout, as: format, options: options)
            case .stack(let stack):
                let layout = try stack.layout(fonts: fonts)
                for (index, placed) in layout.lines.enumerated() {
                    warnings += placed.layout.warnings.map { "lines[\(index)].\($0)" }
                }
                rendering = try Renderer.render(layout, as: format, options: options)
            }
            return Result(
                renderings: [rendering],
                warnings: warnings + rendering.warnings.map { $0.description { Self.jsonPath($0) } })
        } catch let error as RequestError {
            throw error
        } catch let error as MGLineError {
            throw RequestError(error.description)
        } catch let error as RenderError {
            throw RequestError(error.description)
        } catch {
            throw RequestError("\(error)")
        }
    }

    /// A box tree cut into pages (its root's `page`, or ``page``, whose size and margin win): laid
    /// out at the page's width less its margin, cut where `BoxPages` allows, its running header and
    /// footer in the margins, one PDF of all the pages or one PNG or SVG a page.
    private func runPages(
        _ tree: JSONValue, fonts: FontCollection, images: ImageFiles, options: RenderOptions,
        pageDrawn: ((Int, Rendering) -> Bool)?
    ) throws(RequestError) -> Result {
        let page = page
        let document = try BoxRequest.paged(tree, fonts: fonts, images: images) { own in
            page.map { $0.setup(over: own) } ?? own
        }
        let (request, setup, layout, pages) = (document.request, document.setup, document.layout, document.pages)
        let options = options.describing(request)
        var decorations: [(header: BoxLayout?, footer: BoxLayout?)] = []
        for number in 1...pages.pages.count {
            if options.cancellation?.isCancelled == true { throw RequestError(RenderError.cancelled.description) }
            decorations.append(try setup.decorations(page: number, of: pages.pages.count))
        }
        var drawnWarnings: [RenderWarning] = []
        let renderings: [Rendering]
        do throws(RenderError) {
            renderings = try Renderer.render(
                layout, pages: pages, width: setup.width, height: setup.height, margin: setup.margin, as: format,
                options: options, decorations: decorations, footnotes: document.footnotes,
                pageDrawn: pageDrawn.map { handOver in
                    { index, rendering in
                        drawnWarnings += rendering.warnings
                        return handOver(index, rendering)
                    }
                })
        } catch {
            throw RequestError(error.description)
        }
        // Each warning once, however many pages gave it.
        var warnings = request.warnings + document.warnings
        var seen = Set(warnings)
        for warning in drawnWarnings + renderings.flatMap(\.warnings) {
            let text = warning.description { Self.jsonPath($0, in: layout) }
            if seen.insert(text).inserted { warnings.append(text) }
        }
        for index in pages.cutPages {
            let page = pages.pages[index]
            if page.top == page.bottom, let note = page.notes.first, request.footnotePaths.indices.contains(note.index)
            {
                warnings.append(
                    "\(request.footnotePaths[note.index]): the note is taller than a page: page \(index + 1) cuts it")
                continue
            }
            warnings.append("page \(index + 1) cuts a box that cannot be cut (it is taller than a page)")
        }
        return Result(
            renderings: renderings, pageCount: pages.pages.count,
            pageSize: (setup.width * options.scale, setup.height * options.scale), warnings: warnings)
    }

    /// A laid-out box tree drawn; a picture without area is an error that says how a tree gets one
    /// (and, with a `hint`, what else the caller can do).
    static func render(
        tree layout: BoxLayout, as format: RenderFormat, options: RenderOptions, hint: String? = nil
    ) throws(RequestError) -> Rendering {
        do throws(RenderError) {
            return try Renderer.render(layout, as: format, options: options)
        } catch .empty(let width, let height) {
            throw RequestError(
                "nothing to draw: the picture is \(MushLimits.format(width)) × \(MushLimits.format(height)) points (give the root a size or content\(hint.map { ", or \($0)" } ?? ""))"
            )
        } catch {
            throw RequestError(error.description)
        }
    }

    /// The JSON path of a warning's item, as the input names it: in a line, `left[0]` or, inside a
    /// box, `left[0].box.line.right[1]` (the library names the same items the Swift way,
    /// `leftItems[0]`); in a box tree, its node as the input names it (`children[2]`, an MGBox's
    /// `boxes[1]`, an MKLayoutLibrary item's `items[0].view`: `tree`'s origins tell; `root` for the
    /// root), and an item of a row leaf after its node's `line` key, `children[1].line.left[0]`.
    public static func jsonPath(_ location: RenderWarning.Location, in tree: BoxLayout? = nil) -> String {
        let items = location.steps.map { "\($0.side.rawValue)[\($0.index)]" }.joined(separator: ".box.line.")
        if let nodePath = location.nodePath {
            guard let tree else {
                return RenderWarning.Location.describe(nodePath: nodePath, row: "line", items: items)
            }
            return RenderWarning.Location.describe(
                node: tree.inputPath(of: nodePath).description, row: "line", items: items)
        }
        return (location.line.map { "lines[\($0)]." } ?? "") + items
    }
}

extension RenderOptions {
    /// These options with the document's own description (its root `document`) under theirs.
    fileprivate func describing(_ request: BoxRequest) -> RenderOptions {
        guard let own = request.document else { return self }
        var options = self
        options.document = options.document?.over(own) ?? own
        return options
    }
}
