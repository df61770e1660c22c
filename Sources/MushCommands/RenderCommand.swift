import ArgumentParser
import Foundation
import Mush
import MushJSON
import MushLine
import MushRender
import MushText

/// `mush render`: draw a line or a stack of lines as PNG, SVG or PDF.
struct RenderCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a row (an MGLine) or a stack of rows as PNG, SVG or PDF.",
        discussion: """
            FILE (- for standard input) holds one line object, as `mush line` takes (see `mush line \
            --help`), or a stack: {"width": …, "padding", "backgroundColor", "borders", "lines": [line \
            objects]}, where a line may leave out its width to fill the stack and has a margin. The \
            format follows the output's extension: .png, .svg or .pdf. Image items are read as PNG \
            files, relative to FILE's folder; one that is missing or not a readable PNG is drawn as a \
            crossed grey placeholder, and a warning on standard error names it by its JSON path \
            (lines[2].left[0]: image not found: …). Prints the picture's size.
            """)

    @OptionGroup var addedFonts: FontOptions
    @Option(name: [.short, .customLong("output")], help: "The file to write: OUT.png, OUT.svg or OUT.pdf.")
    var output: String
    @Option(help: "Pixels a point in a PNG (2 for a retina picture); SVG and PDF pages grow by it too.")
    var scale: Double = 1
    @Option(help: "The colour under everything (#rgb, #rgba, #rrggbb, #rrggbbaa), or none for transparent.")
    var background: String = "#fff"
    @Argument(help: "A JSON file holding a line or a stack; - for standard input.")
    var file: String

    func validate() throws {
        guard RenderFormat(fileName: output) != nil else {
            throw ValidationError("the output file must end in .png, .svg or .pdf (it is '\(output)')")
        }
        guard scale.isFinite, scale >= RenderOptions.minimumScale else {
            throw ValidationError("--scale must be a number, at least \(RenderOptions.minimumScale) (it is \(scale))")
        }
        guard background == "none" || MushColor(hex: background) != nil else {
            throw ValidationError(
                "--background '\(background)' is not a colour (#rgb, #rgba, #rrggbb, #rrggbbaa or none)")
        }
    }

    func run(on console: CommandConsole) async throws {
        let fonts = try addedFonts.collection()
        let document = try LineRequest(fonts: fonts).document(from: try console.contents(of: file))
        let folder = file == "-" ? nil : URL(fileURLWithPath: file).deletingLastPathComponent().path
        let options = RenderOptions(scale: scale, background: MushColor(hex: background), imageFolder: folder)
        let format = RenderFormat(fileName: output)!
        let rendering: Rendering
        // The text engine's warnings (a font family named in markup that the fonts lack).
        var textWarnings: [String] = []
        do {
            switch document {
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
        } catch let error as MGLineError {
            throw RequestError(error.description)
        } catch let error as RenderError {
            throw RequestError(error.description)
        }
        do {
            try rendering.data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw RequestError("cannot write \(output): \(Self.writeProblem(output, error))")
        }
        for warning in textWarnings { console.warn("mush: warning: \(warning)") }
        for warning in rendering.warnings {
            console.warn("mush: warning: \(warning.description(naming: Self.jsonPath))")
        }
        let unit = format == .png ? "pixels" : "points"
        console.output("\(output): \(rendering.width) × \(rendering.height) \(unit)\n")
    }

    /// Why writing the file at `path` failed, in a few words: what is at the path or its folder,
    /// looked at after the failure, or else the system's reason (Foundation's own messages name no
    /// file, or only an error domain and number).
    static func writeProblem(_ path: String, _ error: any Error) -> String {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return "it is a folder" }
        let written = (path as NSString).deletingLastPathComponent
        let folder = written.isEmpty ? "." : written
        guard files.fileExists(atPath: folder, isDirectory: &isFolder) else { return "no such folder: \(folder)" }
        guard isFolder.boolValue else { return "\(folder) is not a folder" }
        // The file is written next to its place and then moved there, so the folder must be writable.
        guard files.isWritableFile(atPath: folder) else {
            return "permission denied (cannot write in the folder \(folder))"
        }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = [error as NSError, underlying].compactMap({ $0 }).first(where: {
            $0.domain == NSPOSIXErrorDomain
        }) {
            return String(cString: strerror(Int32(posix.code))).lowercased()
        }
        return (error as NSError).localizedDescription
    }

    /// An item named by its path in the input's JSON, as errors name values: `lines[2].left[0]`,
    /// `left[0].box.line.right[1]` (the library names the same items the Swift way, `leftItems[0]`).
    static func jsonPath(_ location: RenderWarning.Location) -> String {
        let items = location.steps.map { "\($0.side.rawValue)[\($0.index)]" }.joined(separator: ".box.line.")
        return (location.line.map { "lines[\($0)]." } ?? "") + items
    }
}
