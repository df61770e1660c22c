import Foundation
import MushCommands
import Testing

/// The `mush` executable run as a user would, where a real process matters: the exit status and
/// the one-line error, standard input streamed through a pipe, files written from the current
/// directory, help and the version on standard output. Everything else is tested in-process.
@Suite("mush, the executable")
struct EndToEndTests {
    @Test("Usage errors: one line, status 2", arguments: [["parse", "--format", "xml", "x"], ["nope"]])
    func usageErrors(arguments: [String]) throws {
        let result = try runMush(arguments)
        expectOneLineError(result)
        #expect(result.output.isEmpty)
    }

    @Test func aBadValueIsNamedByItsJSONPath() throws {
        let input = #"{"width": 9, "right": [{"box": {"width": 5, "margin": {"left": -2}}}]}"#
        let result = try runMush(["line", "-"], input: Data(input.utf8))
        expectOneLineError(result)
        #expect(result.output.isEmpty)
        #expect(
            result.error
                == "mush: error: right[0].box.margin.left: must be a number from 0 to 1000000 points (it is -2)\n")
    }

    @Test func helpAndVersionExitZero() throws {
        let help = try runMush(["line", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--batch"))
        #expect(help.error.isEmpty)
        let version = try runMush(["--version"])
        #expect(version.status == 0)
        #expect(version.output == MushCommand.version + "\n")
        #expect(version.error.isEmpty)
    }

    /// Many chunks of lines, read through a pipe and answered on all cores in input order; a bad line costs only itself and makes the status 2.
    @Test func batchesStreamThroughStandardInput() throws {
        let rows = (0..<4500).map { #"{"width": 200, "left": ["Row \#($0)"], "right": ["\#($0)"]}"# }
        let result = try runMush(["line", "--batch"], input: Data(rows.joined(separator: "\r\n").utf8))
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4500)
        #expect(lines[4499].contains(#""lines":["Row 4499"]"#))

        let measure = try runMush(["measure", "--batch"], input: Data("{\"text\": \"a\"}\n\n{\"text\": \"b\"}\n".utf8))
        #expect(measure.status == 2)
        let answers = measure.output.split(separator: "\n").map(String.init)
        #expect(answers.count == 3)
        #expect(answers[1] == #"{"error":"line 2: empty line (expected a JSON object)"}"#)
    }

    @Test func rendersToAFile() async throws {
        try await inFolder { folder in
            let output = folder.appendingPathComponent("row.png")
            let result = try runMush(
                ["render", "-", "-o", output.path, "--scale", "2"],
                input: Data(#"{"width": 100.5, "height": 30, "left": ["Hello"]}"#.utf8))
            #expect(result.status == 0, "\(result.error)")
            #expect(result.error.isEmpty)
            #expect(result.output == "\(output.path): 201 × 60 pixels\n")
            let bytes = try Data(contentsOf: output)
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        }
    }

    /// A relative output is written from the current directory, and its folder named as given.
    @Test func aRelativeOutputIsWrittenFromTheCurrentDirectory() async throws {
        try await inFolder { folder in
            let line = Data(#"{"width": 5, "height": 5}"#.utf8)
            let here = try runMush(["render", "-", "-o", "here.png"], input: line, directory: folder)
            #expect(here.status == 0, "\(here.error)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("here.png").path))
            let missing = try runMush(["render", "-", "-o", "missing/out.png"], input: line, directory: folder)
            expectOneLineError(missing)
            #expect(missing.error == "mush: error: cannot write missing/out.png: no such folder: missing\n")
        }
    }
}
