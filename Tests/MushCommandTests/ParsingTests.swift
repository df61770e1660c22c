import ArgumentParser
import Foundation
import Testing

@testable import MushCommands

/// The command line parsed in-process (`MushCommand.parseAsRoot`): the option groups the
/// subcommands share, and `--version`.
@Suite("Parsing the command line")
struct ParsingTests {
    /// `--fonts` is one option group, read the same way by every command that takes it.
    @Test func fontsAreSharedByMeasureLineAndRender() throws {
        let fonts = ["--fonts", "a.ttf", "--fonts", "folder"]
        let measure = try #require(try MushCommand.parseAsRoot(["measure"] + fonts + ["x"]) as? MeasureCommand)
        #expect(measure.addedFonts.fontPaths == ["a.ttf", "folder"])
        let line = try #require(try MushCommand.parseAsRoot(["line"] + fonts + ["-"]) as? LineCommand)
        #expect(line.addedFonts.fontPaths == ["a.ttf", "folder"])
        let render = try #require(
            try MushCommand.parseAsRoot(["render"] + fonts + ["-", "-o", "x.png"]) as? RenderCommand)
        #expect(render.addedFonts.fontPaths == ["a.ttf", "folder"])
        let fontsHelp = "  --fonts <fonts>         A font file or folder to add (repeatable).\n"
        for command in [MeasureCommand.self, LineCommand.self, RenderCommand.self] as [any ParsableCommand.Type] {
            #expect(command.helpMessage(columns: 100).contains(fontsHelp), "\(command)")
        }
    }

    @Test func measureOptionsMakeTheRequest() throws {
        let arguments = [
            "measure", "--width", "150", "--font-family", "DejaVu Sans Mono", "--font-size", "20",
            "--line-spacing", "2", "--max-lines", "3", "--max-height", "90", "--ellipsize", "middle",
            "--align", "justify", "--mush", "**x**",
        ]
        let measure = try #require(try MushCommand.parseAsRoot(arguments) as? MeasureCommand)
        let request = measure.layout.request(text: "x")
        #expect(request.width == 150)
        #expect(request.fontFamily == "DejaVu Sans Mono")
        #expect(request.fontSize == 20)
        #expect(request.lineSpacing == 2)
        #expect(request.maxLines == 3)
        #expect(request.maxHeight == 90)
        #expect(request.ellipsize == .middle)
        #expect(request.align == .justify)
        #expect(request.mush)
        #expect(measure.text == "**x**")
    }

    /// A value out of range is refused while parsing, with the message the command prints.
    @Test func measureOptionsAreCheckedWhileParsing() throws {
        #expect {
            try MushCommand.parseAsRoot(["measure", "--font-size", "0", "x"])
        } throws: { error in
            MushCommand.message(for: error)
                == "fontSize (--font-size) must be a number from 0.01 to 10000 points (it is 0)"
        }
    }

    @Test func versionIsPrinted() async throws {
        let result = try await mush(["--version"])
        #expect(result.status == 0)
        #expect(result.output == "\(MushCommand.version)\n")
        #expect(result.error.isEmpty)
    }

    /// The README gives the version `mush --version` prints.
    @Test func theReadmeSaysTheVersion() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("mush --version ") })
        #expect(line.hasSuffix("# \(MushCommand.version)"), "\(line)")
    }

    /// `mush` alone prints its help, listing the subcommands and `--version`, and exits with 0.
    @Test func noSubcommandPrintsHelp() async throws {
        let result = try await mush([])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("OVERVIEW: Mush markup and text layout.\n"))
        for name in ["parse", "measure", "line", "render", "--version"] {
            #expect(result.output.contains(name), "\(name)")
        }
    }
}
