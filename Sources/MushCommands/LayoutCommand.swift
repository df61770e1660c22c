import ArgumentParser
import Foundation
import Mush
import MushBox
import MushImage
import MushJSON
import MushText

/// `mush layout`: lay out a tree of boxes (CSS flexbox and absolute positioning, with text, rows
/// and images as leaves) and print where every node goes.
struct LayoutCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a tree of boxes (CSS flexbox, with text, rows and images as leaves) and print it as JSON.",
        discussion: """
            FILE (- for standard input) holds one node: a JSON object of style keys, an optional id (a \
            string, echoed in its result), children (an array of nodes) or one leaf key. \
            \(BoxRequest.styleHelp) Leaves: text (a string, Mush markup when it ends \
            in |mush) with font {family, size, bold, italic}, color (a hex colour), lineSpacing, \
            maxLines, ellipsize (none, start, middle or end), textAlign (left, center, right, \
            justify, start or end; start by default) and textShadow {color, x, y, blur}; line (a row as `mush line` takes it, its \
            width optional: the row fills the width it is given); image {width, height, file, scale} (a \
            PNG, JPEG, WebP or SVG file; a size left out comes from the file's header, its pixels over \
            scale or the @2x/@3x of its name, one side given the other by its ratio; relative paths from \
            FILE's folder, or from --image-root, outside which nothing is read). \
            \(BoxVocabularies.standard.summary) Lengths are from 0 to 1000000 points (margins and insets ±1000000); a tree nests at most \
            \(BoxError.maximumDepth) levels below its root (its JSON at most \(BoxRequest.jsonDepth) levels of objects \
            and arrays: each node's children array is a level, and a row leaf's JSON may nest too). Prints {"id", "x", "y", "width", "height", "contentWidth", \
            "contentHeight", "children"} for every node, in input order: x and y from the parent's \
            border box, the content size only where it differs from the size, children only for a \
            node that has some; a text leaf adds its lines (baseline, start, end, height, text, \
            width, x, y, in the node's border box) and truncated when it was shortened, a line leaf \
            its `mush line` layout as line, with the row's x and y. Positions and sizes are rounded \
            to whole points (every edge rounded where it lies in the root, so that neighbours neither \
            gap nor overlap) unless --exact, or, with --browser-offsets, as browsers report \
            offsetLeft and offsetWidth (positions rounded from the parent's unrounded edge). A bad value is named by its JSON path (children[2].children[0].width) and the \
            exit status is 2. Markup the parser could not use and fonts the collection lacks are \
            warnings on standard error. With --batch, reads JSON Lines on standard input (LF or \
            CRLF), one tree per line, and prints one layout per input line, blank ones included (a \
            line that cannot be read gives {"error": …, "line": N}, and the exit status is then 2). \
            A tree whose root has a page ({"size", "margin", "header", "footer"}; the size a4, a5, a3, \
            letter, legal, "WIDTHxHEIGHT" or [WIDTH, HEIGHT], at least 72 points a side, with at \
            least 36 × 36 points inside the margin), or any tree with --page, is laid out at the page's width less its margin and printed page by page: \
            {"pages": [{"page", "top", "bottom", "offset", "root", "repeats"}]}, each root holding only \
            the boxes that reach into the page, moved up by its top and down by its offset (the \
            repeated headers above it), boxes cut by its ends marked "split", and the repeated \
            headers and footers in repeats; a tree of more than \(BoxPages.maximumPages) pages is an \
            error. \
            With --from BEFORE, prints what changes from BEFORE's layout to FILE's: {"changes": [{"path", \
            "id", "change" (moved, appeared or disappeared), "before", "after"}]}, boxes matched by id \
            (without one, by their place under their nearest ancestor with one), frames in the root's \
            coordinates.
            """)

    @OptionGroup var addedFonts: FontOptions
    @OptionGroup var imageOptions: ImageOptions
    @Option(parsing: .unconditional, help: "The width to lay the root out in: points, max-content or min-content.")
    var width = "max-content"
    @Option(parsing: .unconditional, help: "The height to lay the root out in: points, max-content or min-content.")
    var height = "max-content"
    @Flag(help: "Print positions and sizes as computed, not rounded to whole points.")
    var exact = false
    @Flag(help: "Round positions relative to the parent, as browsers report offsetLeft and offsetTop.")
    var browserOffsets = false
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Print only the boxes under the point X,Y of the root (a tap), topmost first.", valueName: "X,Y"))
    var hit: String?
    @Option(
        name: .customLong("from"),
        help: ArgumentHelp(
            "A JSON file of the tree before a change: print what moves, appears and disappears from it to FILE.",
            valueName: "BEFORE"))
    var before: String?
    @OptionGroup var pageOptions: PageOptions
    @OptionGroup var input: BatchOptions
    @Argument(help: "A JSON file holding one tree; - for standard input.")
    var file: String?

    func validate() throws {
        try input.check(file, name: "FILE")
        if exact, browserOffsets { throw ValidationError("--exact and --browser-offsets exclude each other") }
        if let hit {
            if Self.point(hit) == nil {
                throw ValidationError(
                    "--hit must be two numbers of points, X,Y, each from -1000000 to 1000000 (it is '\(hit)')")
            }
            if input.batch { throw ValidationError("--hit answers for one tree, not with --batch") }
        }
        if before != nil {
            if input.batch { throw ValidationError("--from answers for one tree, not with --batch") }
            if hit != nil { throw ValidationError("--from and --hit exclude each other") }
            if before == "-", file == "-" { throw ValidationError("--from and FILE cannot both be standard input") }
        }
        if Self.space(width) == nil { throw Self.spaceError("--width", width) }
        if Self.space(height) == nil { throw Self.spaceError("--height", height) }
        if pageOptions.page != nil {
            if input.batch { throw ValidationError("--page lays one tree out, not with --batch") }
            if hit != nil || before != nil { throw ValidationError("--page excludes --hit and --from") }
        }
    }

    func run(on console: CommandConsole) async throws {
        let fonts = try addedFonts.collection()
        if input.batch {
            try await runBatch(fonts: fonts, console: console)
            return
        }
        let images = imageOptions.files(for: file)
        // (Parsed here, so that a paged document's page references can be read again from it.)
        let tree = try BoxRequest.parsedObject(try console.contents(of: file!))
        let request = try BoxRequest(parsed: tree, fonts: fonts, images: images)
        let (width, height) = (Self.space(width)!, Self.space(height)!)
        if pageOptions.setup(request.page) != nil, before == nil, hit == nil {
            // A paged document: laid out at its pages' content width (again until its page
            // references settle), printed page by page.
            let options = pageOptions
            let document = try BoxRequest.paged(tree, fonts: fonts, images: images, read: request, rounding: rounding) {
                options.setup($0)
            }
            for warning in document.request.warnings + document.warnings { console.warn("mush: warning: \(warning)") }
            try console.write(
                try document.pages.jsonValue(document.layout, footnotes: document.footnotes).checkedJSON() + "\n")
            return
        }
        if let before {
            // Both trees' images are found as FILE's are.
            let old = try Self.request(
                named: before, json: try console.contents(of: before), fonts: fonts,
                images: imageOptions.files(for: file))
            let transition = BoxTransition(
                from: try old.layout(width: width, height: height, rounding: rounding),
                to: try request.layout(width: width, height: height, rounding: rounding))
            for warning in old.warnings { console.warn("mush: warning: --from \(before): \(warning)") }
            for warning in request.unpagedWarnings { console.warn("mush: warning: \(warning)") }
            try console.write(try transition.jsonValue.checkedJSON() + "\n")
            return
        }
        let json =
            try hit.flatMap(Self.point).map { point throws(RequestError) in
                try request.hitsJSON(x: point.x, y: point.y, width: width, height: height, rounding: rounding)
            } ?? request.json(width: width, height: height, rounding: rounding)
        for warning in request.unpagedWarnings { console.warn("mush: warning: \(warning)") }
        try console.write(json + "\n")
    }

    /// The tree of `--from`'s file, its errors after the file's name.
    static func request(named name: String, json: [UInt8], fonts: FontCollection, images: ImageFiles)
        throws(RequestError) -> BoxRequest
    {
        do {
            return try BoxRequest(json: json, fonts: fonts, images: images)
        } catch {
            throw RequestError("--from \(name): \(error.description)")
        }
    }

    /// How the results are rounded: `--exact`, `--browser-offsets` or edges.
    private var rounding: BoxRounding { exact ? .exact : browserOffsets ? .browserOffsets : .edges }

    private func runBatch(fonts: FontCollection, console: CommandConsole) async throws {
        let (width, height) = (Self.space(width)!, Self.space(height)!)
        // One header cache for the whole batch: each image file is read once.
        let images = imageOptions.files(for: nil)
        let run = BatchRun(
            jobs: input.count, console: console,
            answer: { line, number in
                BatchAnswer.layout(
                    line, number: number, fonts: fonts, width: width, height: height, rounding: rounding, images: images
                )
            }, failure: BatchAnswer.layoutFailure)
        try await run.runAndReport()
    }
}

extension LayoutCommand {
    /// The room `--width` or `--height` gives: a decimal number of points (0 to 1000000), `max-content` or
    /// `min-content`; nil for anything else.
    static func space(_ argument: String) -> AvailableSpace? {
        switch argument {
        case "max-content": return .maxContent
        case "min-content": return .minContent
        default:
            guard let points = DecimalNumber.value(of: argument), MushLimits.length.contains(points) else {
                return nil
            }
            return .points(points)
        }
    }

    /// The point `--hit` gives, `X,Y` in points (each a decimal number within ±1000000); nil for
    /// anything else.
    static func point(_ argument: String) -> (x: Double, y: Double)? {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = DecimalNumber.value(of: parts[0]), let y = DecimalNumber.value(of: parts[1]),
            MushLimits.offset.contains(x), MushLimits.offset.contains(y)
        else { return nil }
        return (x, y)
    }

    /// The error for a `--width` or `--height` that is not a space.
    static func spaceError(_ option: String, _ argument: String) -> ValidationError {
        ValidationError(
            "\(option) must be a number of points from 0 to 1000000, max-content or min-content (it is '\(argument)')")
    }
}
