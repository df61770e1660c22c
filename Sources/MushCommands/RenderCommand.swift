import ArgumentParser
import Foundation
import Mush
import MushBase
import MushBox
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
            "blur"} and zIndex (siblings drawn from the lowest; ties in order); a node whose overflow \
            is not visible clips what it holds. The picture is the root's size, or with --whole its \
            content's. The format follows the output's extension: .png, .svg or .pdf. Image items and \
            leaves are read as PNG files, relative to FILE's folder; one that is missing or not a \
            readable PNG is drawn as a crossed grey placeholder, and a warning on standard error names \
            it by its JSON path (lines[2].left[0]: image not found: …; children[1].children[0]: …). \
            Prints the picture's size.
            """)

    /// The top-level keys that make a document a box tree rather than a line (`lines` makes a
    /// stack): the keys of a box tree's nodes that a line does not have.
    static let boxTreeKeys = BoxVocabularies.standard.documentKeys

    @OptionGroup var addedFonts: FontOptions
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
        guard (1...Self.maximumImageMemory).contains(imageMemory) else {
            throw ValidationError(
                "--image-memory must be a whole number of MiB from 1 to \(Self.maximumImageMemory) (it is \(imageMemory))"
            )
        }
    }

    /// The most `--image-memory` takes, in MiB: 1 TiB.
    static let maximumImageMemory = 1 << 20

    func run(on console: CommandConsole) async throws {
        let fonts = try addedFonts.collection()
        let json = try console.contents(of: file)
        let folder = file == "-" ? nil : URL(fileURLWithPath: file).deletingLastPathComponent().path
        let options = RenderOptions(
            scale: scale, background: MushColor(hex: background), imageFolder: folder, wholeContent: whole,
            imageMemory: imageMemory << 20)
        guard let format = RenderFormat(fileName: output) else { throw ValidationError("unknown output format") }
        let rendering: Rendering
        // A box tree's result, whose nodes' origins name them as the input does.
        var drawnTree: BoxLayout?
        // The text engine's warnings (a font family named in markup that the fonts lack).
        var textWarnings: [String] = []
        do {
            if let tree = try Self.boxTree(json) {
                let request = try BoxRequest(parsed: tree, fonts: fonts)
                textWarnings = request.warnings
                let layout = try request.layout(
                    width: LayoutCommand.space(width)!, height: LayoutCommand.space(height)!)
                rendering = try Self.render(tree: layout, as: format, options: options)
                drawnTree = layout
            } else {
                switch try LineRequest(fonts: fonts).document(from: json) {
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
        do {
            try FileOutput.write([UInt8](rendering.data), to: output)
        } catch {
            throw RequestError("cannot write \(output): \(Self.writeProblem(output, error))")
        }
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
