import ArgumentParser
import Foundation
import Mush
import MushBase
import MushBox
import MushImage
import MushJSON
import MushLine
import MushRender
import MushText

/// `mush render`: draw a line, a stack of lines or a box tree as PNG, SVG or PDF.
struct RenderCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a row (an MGLine), a stack of rows or a tree of boxes as PNG, SVG or PDF.",
        discussion: """
            FILE (- for standard input) holds one line object, as `mush line` takes (see `mush line \
            --help`), or a stack: {"width": …, "padding", "backgroundColor", "borders", "lines": [line \
            objects]}, where a line may leave out its width to fill the stack and has a margin; or a \
            tree of boxes, as `mush layout` takes it (see `mush layout --help`), when the top-level \
            object has any of the keys \(boxTreeKeys.joined(separator: ", ")), or any other key of a \
            node that a line does not have (cornerRadius, flexDirection, …). A box tree is laid out \
            in --width and --height and drawn box by box: a node may add backgroundColor (a hex \
            colour), borderColors (a hex colour, or an object of some of top, right, bottom and left; \
            the lines are as thick as the node's border), cornerRadius, shadow {"color", "x", "y", \
            "blur"}, zIndex (siblings drawn from the lowest; ties in order), opacity (0 to 1, the node \
            and all it holds as one group) and backgroundGradient ({"linear": DEGREES or "radial": [X, \
            Y], "stops": [colours, or {"color", "at"}]}); a node whose overflow \
            is not visible clips what it holds. The picture is the root's size, or with --whole its \
            content's. The format follows the output's extension: .png, .svg or .pdf. Image items and \
            leaves are read as PNG files, relative to FILE's folder; one that is missing or not a \
            readable PNG is drawn as a crossed grey placeholder, and a warning on standard error names \
            it by its JSON path (lines[2].left[0]: image not found: …; children[1].children[0]: …). \
            Prints the picture's size. With --page (a box tree), lays the tree out at the page's width \
            less its margin and cuts it into pages where rows, images and lines are not cut: one PDF \
            of all the pages, or one PNG or SVG file a page (OUT-1.png, …). With --from BEFORE (a box tree), draws the transition from \
            BEFORE's layout to FILE's as an animated PNG (boxes matched by id move, those that come \
            and go fade), or with --frame-files as one PNG a frame, OUT-1.png, OUT-2.png, ….
            """)

    /// The top-level keys that make a document a box tree rather than a line (`lines` makes a
    /// stack): the keys of a box tree's nodes that a line does not have.
    static let boxTreeKeys = BoxVocabularies.standard.documentKeys

    @OptionGroup var addedFonts: FontOptions
    @OptionGroup var imageOptions: ImageOptions
    @Option(name: [.short, .customLong("output")], help: "The file to write: OUT.png, OUT.svg or OUT.pdf.")
    var output: String
    @Option(
        parsing: .unconditional,
        help: "Pixels a point in a PNG (2 for a retina picture); SVG and PDF pages grow by it too.")
    var scale: Double = 1
    @Option(help: "The colour under everything (#rgb, #rgba, #rrggbb, #rrggbbaa), or none for transparent.")
    var background: String = "#fff"
    @Option(
        parsing: .unconditional,
        help: "For a box tree: the width to lay the root out in: points, max-content or min-content.")
    var width = "max-content"
    @Option(
        parsing: .unconditional,
        help: "For a box tree: the height to lay the root out in: points, max-content or min-content.")
    var height = "max-content"
    @Flag(help: "For a box tree: draw the root's whole content (a scroll view unrolled), not only its own size.")
    var whole = false
    @Option(
        parsing: .unconditional,
        help:
            "The most memory decoded images may hold at once, in MiB (1024 by default); an image that needs more is a placeholder."
    )
    var imageMemory: Int = RenderOptions.defaultImageMemory >> 20
    @Option(
        name: .customLong("from"),
        help: ArgumentHelp(
            "For a box tree: a JSON file of the tree before a change; draws the transition from it to FILE as an animated PNG.",
            valueName: "BEFORE"))
    var before: String?
    @Option(parsing: .unconditional, help: "With --from: the pictures of the transition, 2 to 120.")
    var frames = 12
    @Option(parsing: .unconditional, help: "With --from: the transition's length in seconds, above 0, up to 60.")
    var duration = 0.3
    @Flag(help: "With --from: write each picture to a PNG file of its own, OUT-1.png, OUT-2.png, …")
    var frameFiles = false
    @OptionGroup var pageOptions: PageOptions
    @Argument(help: "A JSON file holding a line, a stack or a box tree; - for standard input.")
    var file: String

    func validate() throws {
        guard RenderFormat(fileName: output) != nil else {
            throw ValidationError("the output file must end in .png, .svg or .pdf (it is '\(output)')")
        }
        guard scale.isFinite, scale >= RenderOptions.minimumScale else {
            throw ValidationError(
                "--scale must be a number, at least \(RenderOptions.minimumScale) (it is \(MushLimits.format(scale)))")
        }
        guard background == "none" || MushColor(hex: background) != nil else {
            throw ValidationError(
                "--background '\(background)' is not a colour (#rgb, #rgba, #rrggbb, #rrggbbaa or none)")
        }
        if LayoutCommand.space(width) == nil { throw LayoutCommand.spaceError("--width", width) }
        if LayoutCommand.space(height) == nil { throw LayoutCommand.spaceError("--height", height) }
        if pageOptions.page != nil, before != nil { throw ValidationError("--page and --from exclude each other") }
        if before != nil {
            guard RenderFormat(fileName: output) == .png else {
                throw ValidationError(
                    "a transition (--from) is drawn as PNG: the output must end in .png (it is '\(output)')")
            }
            guard (2...120).contains(frames) else {
                throw ValidationError("--frames must be a whole number from 2 to 120 (it is \(frames))")
            }
            guard duration.isFinite, duration > 0, duration <= 60 else {
                throw ValidationError(
                    "--duration must be a number of seconds above 0, up to 60 (it is \(MushLimits.format(duration)))")
            }
            if before == "-", file == "-" { throw ValidationError("--from and FILE cannot both be standard input") }
        } else if frameFiles || frames != 12 || duration != 0.3 {
            throw ValidationError("--frames, --duration and --frame-files are for a transition (--from BEFORE)")
        }
        guard (1...Self.maximumImageMemory).contains(imageMemory) else {
            throw ValidationError(
                "--image-memory must be a whole number of MiB from 1 to \(Self.maximumImageMemory) (it is \(imageMemory))"
            )
        }
    }

    /// Draws the transition from the tree in `before` to the one in `json` (`--from`): one animated
    /// PNG, or with `--frame-files` one PNG a picture, each name printed with its size.
    private func runTransition(
        from before: String, to json: [UInt8], fonts: FontCollection, options: RenderOptions, console: CommandConsole
    ) async throws {
        let (width, height) = (LayoutCommand.space(width)!, LayoutCommand.space(height)!)
        // Both trees' images are found as FILE's are (the frames draw them with one image folder).
        let images = options.imageFiles ?? imageOptions.files(for: file)
        func layout(_ json: [UInt8]) throws(RequestError) -> (BoxLayout, [String]) {
            guard let tree = try Self.boxTree(json) else {
                throw RequestError("a transition is between two box trees, and this is a line or a stack")
            }
            let request = try BoxRequest(parsed: tree, fonts: fonts, images: images)
            return (try request.layout(width: width, height: height), request.warnings)
        }
        func named(_ json: [UInt8]) throws(RequestError) -> (BoxLayout, [String]) {
            do {
                return try layout(json)
            } catch {
                throw RequestError("--from \(before): \(error.description)")
            }
        }
        let (old, oldWarnings) = try named(try console.contents(of: before))
        let (new, newWarnings) = try layout(json)
        let transition = BoxTransition(from: old, to: new)
        let written = try pictures(of: transition, options: options)
        try Self.write(written)
        for warning in oldWarnings { console.warn("mush: warning: --from \(before): \(warning)") }
        for warning in newWarnings { console.warn("mush: warning: \(warning)") }
        Self.warnOnce(written.flatMap(\.rendering.warnings), in: new, console: console)
        let count = frameFiles ? "" : ", \(frames) frames over \(MushLimits.format(duration)) s"
        for (name, rendering) in written {
            try console.write("\(name): \(rendering.width) × \(rendering.height) pixels\(count)\n")
        }
    }

    /// The transition's pictures with the files they go to: one animated PNG, or with
    /// `--frame-files` one PNG a picture (OUT-1.png, …).
    private func pictures(of transition: BoxTransition, options: RenderOptions) throws(RequestError) -> [(
        name: String, rendering: Rendering
    )] {
        do {
            guard frameFiles else {
                return [
                    (
                        output,
                        try Renderer.renderAnimation(transition, frames: frames, duration: duration, options: options)
                    )
                ]
            }
            let stem = output.hasSuffix(".png") ? String(output.dropLast(4)) : output
            let renderings = try Renderer.renderFrames(transition, frames: frames, options: options)
            return renderings.indices.map { ("\(stem)-\($0 + 1).png", renderings[$0]) }
        } catch {
            throw RequestError(error.description)
        }
    }

    /// The most `--image-memory` takes, in MiB: 1 TiB.
    static let maximumImageMemory = 1 << 20

    func run(on console: CommandConsole) async throws {
        let fonts = try addedFonts.collection()
        let json = try console.contents(of: file)
        // One set of image files for the layout (sizes) and the drawing: each header read once.
        let images = imageOptions.files(for: file)
        var options = RenderOptions(
            scale: scale, background: MushColor(hex: background), imageFolder: ImageOptions.folder(of: file),
            wholeContent: whole, imageMemory: imageMemory << 20, imageRoot: imageOptions.root)
        options.imageFiles = images
        guard let format = RenderFormat(fileName: output) else { throw ValidationError("unknown output format") }
        let rendering: Rendering
        // A box tree's result, whose nodes' origins name them as the input does.
        var drawnTree: BoxLayout?
        // The text engine's warnings (a font family named in markup that the fonts lack).
        var textWarnings: [String] = []
        if let before {
            try await runTransition(from: before, to: json, fonts: fonts, options: options, console: console)
            return
        }
        let tree = try Self.boxTree(json)
        if let tree, case .object(let members) = tree, members["page"] != nil || pageOptions.page != nil {
            try runPages(tree, format: format, fonts: fonts, options: options, console: console)
            return
        }
        if pageOptions.page != nil { throw RequestError("pages (--page) are for box trees; this is a line or a stack") }
        do {
            if let tree {
                let request = try BoxRequest(parsed: tree, fonts: fonts, images: images)
                textWarnings = request.warnings
                let layout = try request.layout(
                    width: LayoutCommand.space(width)!, height: LayoutCommand.space(height)!)
                rendering = try Self.render(tree: layout, as: format, options: options)
                drawnTree = layout
            } else {
                switch try LineRequest(fonts: fonts, images: images).document(from: json) {
                case .line(let line):
                    let layout = try line.layout(fonts: fonts)
                    textWarnings = layout.warnings
                    rendering = try Renderer.render(layout, as: format, options: options)
                case .stack(let stack):
                    let layout = try stack.layout(fonts: fonts)
                    for (index, placed) in layout.lines.enumerated() {
                        textWarnings += placed.layout.warnings.map { "lines[\(index)].\($0)" }
                    }
                    rendering = try Renderer.render(layout, as: format, options: options)
                }
            }
        } catch let error as MGLineError {
            throw RequestError(error.description)
        } catch let error as RenderError {
            throw RequestError(error.description)
        }
        try Self.write([(output, rendering)])
        for warning in textWarnings { console.warn("mush: warning: \(warning)") }
        for warning in rendering.warnings {
            console.warn("mush: warning: \(warning.description { Self.jsonPath($0, in: drawnTree) })")
        }
        let unit = format == .png ? "pixels" : "points"
        try console.write("\(output): \(rendering.width) × \(rendering.height) \(unit)\n")
    }

    /// The JSON document, parsed, when it is a box tree: an object with a key of ``isBoxTreeKey(_:)``
    /// (nil for a line or a stack). The document is read as deep as a box tree may nest
    /// (`BoxRequest.jsonDepth`), on a thread with a large stack; a document that is no JSON object
    /// fails as any reader would say.
    static func boxTree(_ json: [UInt8]) throws(RequestError) -> JSONValue? {
        let value = try LargeStack.run { () throws(RequestError) in
            try JSONValue.parse(json, depthLimit: BoxRequest.jsonDepth)
        }
        guard case .object(let members) = value else { throw RequestError("not a JSON object") }
        return members.keys.contains(where: isBoxTreeKey) ? value : nil
    }

    /// The keys a line or a stack has.
    static let rowKeys = Set(LineRequest.lineKeys + LineRequest.stackKeys)

    /// Whether `key` at the top makes a document a box tree: one of ``boxTreeKeys``, or a node's
    /// key that a line and a stack do not have (`{"width": 10, "cornerRadius": 5}` is a box).
    static func isBoxTreeKey(_ key: String) -> Bool {
        boxTreeKeys.contains(key) || (BoxRequest.nodeKeys.contains(key) && !rowKeys.contains(key))
    }

    /// Draws a box tree cut into pages (its root's `page`, or `--page`, whose size and margin win):
    /// laid out at the page's width less its margin, cut where `BoxPages` allows, its running
    /// header and footer in the margins, one PDF of all the pages or one PNG or SVG file a page.
    private func runPages(
        _ tree: JSONValue, format: RenderFormat, fonts: FontCollection, options: RenderOptions,
        console: CommandConsole
    ) throws {
        let request = try BoxRequest(
            parsed: tree, fonts: fonts, images: options.imageFiles ?? imageOptions.files(for: file))
        guard let setup = pageOptions.setup(request.page) else {
            throw RequestError("no page size (give the root a page, or --page)")
        }
        let (layout, pages) = try request.pagedLayout(setup)
        var decorations: [(header: BoxLayout?, footer: BoxLayout?)] = []
        for number in 1...pages.pages.count {
            decorations.append(try setup.decorations(page: number, of: pages.pages.count))
        }
        // A PDF is one file; PNG and SVG pages are written as they are drawn, none kept.
        let stem = String(output.dropLast(format.rawValue.count + 1))
        var written: [(name: String, width: Int, height: Int)] = []
        var drawn: [Rendering] = []
        var warnings: [RenderWarning] = []
        var failure: RequestError?
        do throws(RenderError) {
            drawn = try Renderer.render(
                layout, pages: pages, width: setup.width, height: setup.height, margin: setup.margin, as: format,
                options: options, decorations: decorations,
                pageDrawn: format == .pdf
                    ? nil
                    : { index, rendering in
                        guard failure == nil else { return }
                        let name = "\(stem)-\(index + 1).\(format.rawValue)"
                        do throws(RequestError) {
                            try Self.write([(name, rendering)])
                        } catch {
                            failure = error
                        }
                        written.append((name, rendering.width, rendering.height))
                        warnings += rendering.warnings
                    })
        } catch {
            throw RequestError(error.description)
        }
        if let failure { throw failure }
        if format == .pdf, let pdf = drawn.first { try Self.write([(output, pdf)]) }
        for warning in request.warnings { console.warn("mush: warning: \(warning)") }
        Self.warnOnce(warnings + drawn.flatMap(\.warnings), in: layout, console: console)
        for index in pages.cutPages {
            console.warn("mush: warning: page \(index + 1) cuts a box that cannot be cut (it is taller than a page)")
        }
        let unit = format == .png ? "pixels" : "points"
        if format == .pdf {
            let (width, height) = (
                MushLimits.format(setup.width * options.scale), MushLimits.format(setup.height * options.scale)
            )
            try console.write(
                "\(output): \(pages.pages.count) page\(pages.pages.count == 1 ? "" : "s") of \(width) × \(height) points\n"
            )
        } else {
            for (name, width, height) in written {
                // (An SVG page keeps the page's size, as a PDF's does.)
                let size =
                    format == .svg
                    ? "\(MushLimits.format(setup.width * options.scale)) × \(MushLimits.format(setup.height * options.scale))"
                    : "\(width) × \(height)"
                try console.write("\(name): \(size) \(unit)\n")
            }
        }
    }

    /// A laid-out box tree drawn; a picture without area is an error that says how a tree gets one.
    static func render(tree layout: BoxLayout, as format: RenderFormat, options: RenderOptions) throws -> Rendering {
        do {
            return try Renderer.render(layout, as: format, options: options)
        } catch .empty(let width, let height) {
            throw RequestError(
                "nothing to draw: the picture is \(MushLimits.format(width)) × \(MushLimits.format(height)) points (give the root a size or content, or lay it out with --width and --height)"
            )
        }
    }

    /// Writes each rendering to its file; the first that cannot be written is an error naming it.
    static func write(_ files: [(name: String, rendering: Rendering)]) throws(RequestError) {
        for (name, rendering) in files {
            do {
                try FileOutput.write([UInt8](rendering.data), to: name)
            } catch {
                throw RequestError("cannot write \(name): \(Self.writeProblem(name, error))")
            }
        }
    }

    /// Prints the warnings of several renderings of one tree (frames, pages), each once, its item
    /// named by its JSON path in `tree`.
    static func warnOnce(_ warnings: [RenderWarning], in tree: BoxLayout, console: CommandConsole) {
        var warned: Set<String> = []
        for warning in warnings {
            let text = warning.description { Self.jsonPath($0, in: tree) }
            if warned.insert(text).inserted { console.warn("mush: warning: \(text)") }
        }
    }

    /// Why writing the file at `path` failed, in a few words: what is at the path or its folder,
    /// looked at after the failure, or else the system's reason.
    static func writeProblem(_ path: String, _ error: FileInput.Problem) -> String {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return "it is a folder" }
        let written = (path as NSString).deletingLastPathComponent
        let folder = written.isEmpty ? "." : written
        guard files.fileExists(atPath: folder, isDirectory: &isFolder) else { return "no such folder: \(folder)" }
        guard isFolder.boolValue else { return "\(folder) is not a folder" }
        switch error {
        // The file is written next to its place and then moved there, so the folder must be writable.
        case .permissionDenied: return "permission denied (cannot write in the folder \(folder))"
        case .notFound: return "the folder \(folder) does not take new files"
        default: return error.description.lowercased()
        }
    }

    /// An item named by its path in the input's JSON, as errors name values: `lines[2].left[0]`,
    /// `left[0].box.line.right[1]` (the library names the same items the Swift way, `leftItems[0]`);
    /// in a box tree, its node as the input names it (`children[2]`, an MGBox's `boxes[1]`, an
    /// MKLayoutLibrary item's `items[0].view`: `tree`'s origins tell; `root` for the root), and an
    /// item of a row leaf after its node's `line` key, `children[1].line.left[0]`.
    static func jsonPath(_ location: RenderWarning.Location, in tree: BoxLayout? = nil) -> String {
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
