import ArgumentParser
import Foundation
import Mush
import MushBase
import MushBox
import MushImage
import MushJSON
import MushJobs
import MushLine
import MushRender
import MushText

/// `mush render`: draw a line, a stack of lines or a box tree as PNG, JPEG, WebP, SVG or PDF.
struct RenderCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a row (an MGLine), a stack of rows or a tree of boxes as PNG, JPEG, WebP, SVG or PDF.",
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
            content's. The format follows the output's extension: .png, .jpg or .jpeg, .webp, .svg or \
            .pdf (a PNG compressed for speed unless --png-compression says otherwise; a JPEG or lossy \
            WebP at --quality, a JPEG laid over white where it is not opaque). Image items and \
            leaves are read from PNG, JPEG, WebP or SVG files, relative to FILE's folder (or \
            --image-root); one that is missing, unreadable or too large (--image-memory) is drawn \
            as a crossed grey placeholder, and a warning on standard error names it by its JSON path (lines[2].left[0]: image not found: …; children[1].children[0]: …). \
            Prints the picture's size. With --page (a box tree), lays the tree out at the page's width \
            less its margin and cuts it into pages where rows, images and lines are not cut: one PDF \
            of all the pages, or one PNG, JPEG, WebP or SVG file a page (OUT-1.png, …); pages are at least 72 \
            points a side, leave at least 36 × 36 points inside the margin, and a document has at \
            most \(BoxPages.maximumPages) of them. A box tree's root key document {"title", "author", \
            "subject", "keywords": [strings], "creator", "language", "created", "tagged"} (and \
            --title, --language and --tagged or --no-tagged, over it) describes a PDF (its information, /Lang, the \
            title shown, a structure tree: a PDF of pages is tagged unless it says not) or an SVG \
            (<title>, <desc>, xml:lang); a node's heading (1 \
            to 6) or bookmark is an entry of a PDF's outline, and in a tagged PDF an H1 to H6, its \
            role (paragraph, list, listItem, table, row, header, cell, figure, group, artifact) its \
            element, its alt a figure's words; {pageOf:ID} in a paged document's text is the page where the box with that id \
            starts, and a text piece {"footnote": NODE} a footnote at the bottom of its page. With --from BEFORE (a box tree), draws the transition from \
            BEFORE's layout to FILE's as an animated PNG (boxes matched by id move, those that come \
            and go fade), or with --frame-files as one PNG a frame, OUT-1.png, OUT-2.png, ….
            """)

    /// The top-level keys that make a document a box tree rather than a line.
    static let boxTreeKeys = RenderJob.boxTreeKeys

    @OptionGroup var addedFonts: FontOptions
    @OptionGroup var imageOptions: ImageOptions
    @Option(
        name: [.short, .customLong("output")],
        help: "The file to write: OUT.png, OUT.jpg (or .jpeg), OUT.webp, OUT.svg or OUT.pdf.")
    var output: String
    @Option(
        help: ArgumentHelp(
            "How hard a PNG is compressed: fast (the default: about three times as fast as standard, about 8% larger), standard (libpng's own choice) or smallest.",
            valueName: "fast|standard|smallest"))
    var pngCompression = "fast"
    @Option(parsing: .unconditional, help: "A JPEG's or WebP's quality, 1 to 100.")
    var quality = RenderOptions.defaultQuality
    @Option(
        parsing: .unconditional,
        help: "Pixels a point in a PNG (2 for a retina picture); SVG and PDF pages grow by it too.",
        transform: OptionNumber.decimal)
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
    @Option(
        parsing: .unconditional,
        help:
            "With --from: the transition's length in seconds, up to 60, at least a thousandth of a second for each frame after the first.",
        transform: OptionNumber.decimal)
    var duration = 0.3
    @Flag(help: "With --from: write each picture to a PNG file of its own, OUT-1.png, OUT-2.png, …")
    var frameFiles = false
    @OptionGroup var pageOptions: PageOptions
    @Option(help: "For a PDF or SVG of a box tree: the document's title (over its document.title).")
    var title: String?
    @Option(
        help: ArgumentHelp(
            "For a PDF or SVG of a box tree: the document's language, a BCP 47 tag (over its document.language).",
            valueName: "TAG"))
    var language: String?
    @Flag(
        inversion: .prefixedNo,
        help:
            "For a PDF of a box tree: tag it, a structure tree for screen readers (headings H1 to H6, texts P, images Figure with their alt, and each node's role), or not (over its document.tagged; a PDF of pages is tagged unless it says not, a one-page drawing not unless it says so)."
    )
    var tagged: Bool?
    @Argument(help: "A JSON file holding a line, a stack or a box tree; - for standard input.")
    var file: String

    func validate() throws {
        guard let format = RenderFormat(fileName: output) else {
            throw ValidationError(
                "the output file must end in .png, .jpg, .jpeg, .webp, .svg or .pdf (it is '\(output)')")
        }
        guard PNGCompression(rawValue: pngCompression) != nil else {
            throw ValidationError(
                "--png-compression must be fast, standard or smallest (it is '\(pngCompression)')")
        }
        guard (1...100).contains(quality) else {
            throw ValidationError("--quality must be a whole number from 1 to 100 (it is \(quality))")
        }
        if title != nil || language != nil {
            guard format == .pdf || format == .svg else {
                throw ValidationError(
                    "--\(title != nil ? "title" : "language") is for a PDF or an SVG (the output is '\(output)')")
            }
            if let (key, problem) = DocumentInfo(title: title, language: language).problem() {
                throw ValidationError("--\(key) \(problem)")
            }
        }
        if let tagged, format != .pdf {
            throw ValidationError("--\(tagged ? "" : "no-")tagged is for a PDF (the output is '\(output)')")
        }
        if pngCompression != "fast", format != .png {
            throw ValidationError("--png-compression is for a PNG (the output is '\(output)')")
        }
        if quality != RenderOptions.defaultQuality, format != .jpeg, format != .webp {
            throw ValidationError("--quality is for a JPEG or a WebP (the output is '\(output)')")
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
            // An animated PNG holds each frame's delay in thousandths of a second: a shorter one
            // would be written as 0 (a picture shown for no time at all). Each frame after the
            // first gets duration ÷ (frames − 1), which must be at least a thousandth.
            let shortest = Double(frames - 1) / 1000
            guard duration >= shortest * (1 - 1e-9) else {
                throw ValidationError(
                    "--duration must give each of the \(frames - 1) frames after the first at least a thousandth of a second: at least \(MushLimits.format(shortest)) s (it is \(MushLimits.format(duration)))"
                )
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
        let images = options.images
        func layout(_ json: [UInt8]) throws(RequestError) -> (BoxLayout, [String]) {
            guard let tree = try RenderJob.isBoxTree(json) else {
                throw RequestError("a transition is between two box trees, and this is a line or a stack")
            }
            let request = try BoxRequest(parsed: tree, fonts: fonts, images: images)
            return (try request.layout(width: width, height: height), request.unpagedWarnings)
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
            scale: scale, background: MushColor(hex: background), images: images, wholeContent: whole,
            imageMemory: imageMemory << 20)
        // One document a process: nothing to keep decoded images for after it.
        options.imageCache = nil
        options.pngCompression = PNGCompression(rawValue: pngCompression) ?? .fast
        options.quality = quality
        if title != nil || language != nil || tagged != nil {
            options.document = DocumentInfo(title: title, language: language, tagged: tagged)
        }
        guard let format = RenderFormat(fileName: output) else { throw ValidationError("unknown output format") }
        if let before {
            try await runTransition(from: before, to: json, fonts: fonts, options: options, console: console)
            return
        }
        var job = RenderJob(
            format: format, options: options, width: LayoutCommand.space(width)!, height: LayoutCommand.space(height)!,
            page: pageOptions.pageSize)
        job.emptyPictureHint = "lay it out with --width and --height"
        // Pages in a bitmap or SVG are written as they are drawn, none kept, each named by the
        // output's stem and extension as given (OUT-1.jpg for OUT.jpg).
        let dot = output.lastIndex(of: ".")!
        let (stem, suffix) = (output[..<dot], output[output.index(after: dot)...])
        var written: [(name: String, width: Int, height: Int)] = []
        var failure: RequestError?
        let drawn: RenderJob.Result
        do throws(RequestError) {
            drawn = try job.run(json, fonts: fonts, images: images) { index, rendering in
                let name = "\(stem)-\(index + 1).\(suffix)"
                do throws(RequestError) {
                    try Self.write([(name, rendering)])
                } catch {
                    failure = error
                    return false
                }
                written.append((name, rendering.width, rendering.height))
                return true
            }
        } catch {
            throw failure ?? error
        }
        if let failure { throw failure }
        if let rendering = drawn.renderings.first { try Self.write([(output, rendering)]) }
        for warning in drawn.warnings { console.warn("mush: warning: \(warning)") }
        let unit = format.isBitmap ? "pixels" : "points"
        if let count = drawn.pageCount, let size = drawn.pageSize {
            let (width, height) = (MushLimits.format(size.width), MushLimits.format(size.height))
            if format == .pdf {
                try console.write("\(output): \(count) page\(count == 1 ? "" : "s") of \(width) × \(height) points\n")
            }
            for (name, pixelWidth, pixelHeight) in written {
                // (An SVG page keeps the page's size, as a PDF's does.)
                let shown = format == .svg ? "\(width) × \(height)" : "\(pixelWidth) × \(pixelHeight)"
                try console.write("\(name): \(shown) \(unit)\n")
            }
        } else if let rendering = drawn.renderings.first {
            try console.write("\(output): \(rendering.width) × \(rendering.height) \(unit)\n")
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
            let text = warning.description { RenderJob.jsonPath($0, in: tree) }
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
}
