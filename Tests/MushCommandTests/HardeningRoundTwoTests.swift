import Foundation
import MushCommands
import MushText
import Testing

/// Output that cannot be written is an error, never a silent success; a reader that goes away
/// ends the run quietly, as `SIGPIPE` ends other tools.
@Suite("Output that cannot be written")
struct OutputFailureTests {
    /// Runs `mush ARGUMENTS` in-process on a console whose standard output fails with `code` after
    /// `accepting` pieces were written.
    func failing(_ arguments: [String], code: Int32, accepting: Int = 0, input: String = "") async throws
        -> CommandResult
    {
        let descriptor = try readableFile(Data(input.utf8))
        defer { close(descriptor) }
        let written = Collected()
        let pieces = Collected()
        let error = Collected()
        let console = CommandConsole(
            input: descriptor,
            output: { text in
                pieces.append("x")
                guard pieces.text.count <= accepting else { throw CommandConsole.WriteError(code: code) }
                written.append(text)
            }, error: { error.append($0) })
        let status = await MushCommand.run(arguments, console: console)
        return CommandResult(status: status, output: written.text, error: error.text)
    }

    static let batchInput = (1...300).map { #"{"text": "line \#($0)"}"# }.joined(separator: "\n")

    @Test(
        "a full disk is one line on standard error and status 1",
        arguments: [
            (["parse", "**a**"], ""), (["measure", "hello"], ""), (["line", "-"], #"{"width": 100, "left": ["a"]}"#),
            (["layout", "-"], #"{"width": 10, "height": 10}"#), (["--help"], ""), (["--version"], ""),
            (["measure", "--batch", "--jobs", "1"], batchInput), (["measure", "--batch", "--jobs", "2"], batchInput),
            (["line", "--batch", "--jobs", "2"], #"{"width": 100, "left": ["a"]}"#),
            (["layout", "--batch", "--jobs", "1"], #"{"width": 1}"#),
        ])
    func fullDisk(arguments: [String], input: String) async throws {
        let result = try await failing(arguments, code: ENOSPC, input: input)
        #expect(result.status == 1)
        #expect(result.error == "mush: error: cannot write standard output: No space left on device\n")
        #expect(result.output.isEmpty)
    }

    /// A batch stops at the first failed write: it neither goes on answering nor says more.
    @Test(arguments: ["1", "2"])
    func aBatchStopsAtTheFirstFailedWrite(jobs: String) async throws {
        let lines = (1...5_000).map { #"{"text": "line \#($0)", "width": 40}"# }.joined(separator: "\n")
        let result = try await failing(["measure", "--batch", "--jobs", jobs], code: EBADF, accepting: 1, input: lines)
        #expect(result.status == 1)
        #expect(result.error == "mush: error: cannot write standard output: Bad file descriptor\n")
        // What was written before is whole lines from the start.
        let written = result.output.split(separator: "\n")
        #expect(!written.isEmpty && written.count < 5_000)
        #expect(written.first?.hasPrefix(#"{"height":"#) == true)
    }

    /// A reader that closed the pipe (with `SIGPIPE` ignored) ends the run quietly, as the signal
    /// would: status 141 and nothing said.
    @Test func aClosedPipeEndsQuietly() async throws {
        let result = try await failing(["measure", "--batch"], code: EPIPE, input: Self.batchInput)
        #expect(result.status == 141)
        #expect(result.error.isEmpty)
    }

    /// The executable itself: a full device, a closed standard output, a reader that reads one line.
    @Test func theExecutableReportsWhatItCouldNotWrite() async throws {
        try await inFolder { folder in
            try Data(#"{"width": 10, "height": 10}"#.utf8).write(to: folder.appendingPathComponent("x.json"))
            let mush = mushExecutable.path
            let full = try runShell("'\(mush)' layout x.json > /dev/full", in: folder)
            #expect(full.status == 1)
            #expect(full.error == "mush: error: cannot write standard output: No space left on device\n")
            let closed = try runShell("'\(mush)' parse '**a**' >&-", in: folder)
            #expect(closed.status == 1)
            #expect(closed.error == "mush: error: cannot write standard output: Bad file descriptor\n")
            // 20,000 lines answered into `head -1`: the first line comes out, then SIGPIPE (or, where
            // it is ignored, status 141 quietly) ends the run long before the input does.
            let piped = try runShell(
                "yes '{\"text\": \"abc\"}' 2>/dev/null | head -20000 2>/dev/null | '\(mush)' measure --batch | head -1 >/dev/null;"
                    + " echo ${PIPESTATUS[2]} >&2", in: folder)
            #expect(piped.error == "141\n")
        }
    }
}

/// The second round of hostile input: what one input may hold, files that are not files, long
/// clusters, control characters and messages that must name the real cause.
@Suite("Hostile input, second round")
struct HostileInputTests {
    /// Standard input past 16 MiB is refused once read that far, never held whole.
    @Test(arguments: [["parse"], ["measure"], ["layout", "-"]])
    func standardInputHasALimit(arguments: [String]) async throws {
        let input = Data(repeating: 0x61, count: (1 << 24) + 1)
        let result = try await mush(arguments, input: input)
        expectOneLineError(result)
        #expect(result.error == "mush: error: standard input: more than 16777216 bytes (the most it may hold)\n")
    }

    /// A file argument that is endless is read only to the limit; a FIFO without a writer ends at
    /// once (it holds nothing), and a folder is named.
    @Test func fileArgumentsThatAreNotFiles() async throws {
        let zero = try await mush(["layout", "/dev/zero"])
        expectOneLineError(zero)
        #expect(zero.error == "mush: error: cannot read /dev/zero: more than 16777216 bytes (the most it may hold)\n")
        try await inFolder { folder in
            let fifo = folder.appendingPathComponent("fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let result = try await mush(["layout", fifo])
            expectOneLineError(result)
            #expect(result.error.contains("not JSON"))
            let folderResult = try await mush(["line", folder.path])
            #expect(folderResult.error == "mush: error: \(folder.path) is a folder, not a JSON file\n")
        }
    }

    /// A batch line past the limit is that line's error; the lines around it are answered.
    @Test func aBatchLineHasALimit() async throws {
        let long = #"{"text": ""# + String(repeating: "a", count: 1 << 24) + #""}"#
        let input = #"{"text": "a"}"# + "\n" + long + "\n" + #"{"text": "b"}"# + "\n"
        let result = try await mush(["measure", "--batch"], input: Data(input.utf8))
        #expect(result.status == 2)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(
            lines[1]
                == #"{"error":"line 2: the line is longer than 16777216 bytes (the most one line may hold)"}"#)
        #expect(lines[2].contains(#""text":"b""#))
        let layout = try await mush(["layout", "--batch"], input: Data((long + "\n").utf8))
        #expect(
            layout.output
                == #"{"error":"the line is longer than 16777216 bytes (the most one line may hold)","line":1}"# + "\n")
    }

    /// Fonts and images are read only from regular files: a FIFO (which would block) and a device
    /// (which would never end) are refused at once, by name.
    @Test func fontsAndImagesOnlyFromRegularFiles() async throws {
        try await inFolder { folder in
            let fifo = folder.appendingPathComponent("face.ttf").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let font = try await mush(["measure", "--fonts", fifo, "hi"])
            #expect(font.error == "mush: error: not a readable font: \(fifo) (a FIFO, not a regular file)\n")
            let device = try await mush(["measure", "--fonts", "/dev/urandom", "hi"])
            #expect(
                device.error
                    == "mush: error: not a readable font: /dev/urandom (a character device, not a regular file)\n")
            let output = folder.appendingPathComponent("row.png")
            let line =
                #"{"width": 40, "height": 20, "left": [{"image": {"width": 10, "height": 10, "file": "\#(fifo)"}}]}"#
            let image = try await mush(["render", "-", "-o", output.path], input: Data(line.utf8))
            #expect(image.status == 0)
            #expect(
                image.error
                    == "mush: warning: left[0]: image not read (a FIFO, not a regular file): \(fifo); drew a placeholder\n"
            )
        }
    }

    /// A folder of fonts is searched with its subfolders, as fontconfig searches one.
    @Test func fontFoldersAreSearchedWithTheirSubfolders() async throws {
        try await inFolder { folder in
            let inner = folder.appendingPathComponent("a/b")
            try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
            let shipped = try #require(
                FontCollection.shipped.faces(ofFamily: "Noto Sans Thai").first?.path)
            try FileManager.default.copyItem(
                atPath: shipped, toPath: inner.appendingPathComponent("thai.ttf").path)
            let result = try await mush(["measure", "--only-given-fonts", "--fonts", folder.path, "hi"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains(#""lineCount":1"#))
        }
    }

    /// One letter with 100,000 marks (half a minute or more when HarfBuzz 6 attached them all at
    /// once) is measured whole, every mark kept, in about the time of 100,000 letters: a ratio, so
    /// that a loaded machine or a sanitizer slows both sides alike.
    @Test func aLetterWithThousandsOfMarks() async throws {
        let clock = ContinuousClock()
        func measure(_ text: String) async throws -> (CommandResult, Duration) {
            let start = clock.now
            let result = try await mush(["measure"], input: Data(text.utf8))
            return (result, clock.now - start)
        }
        let (marks, marksTime) = try await measure("a" + String(repeating: "\u{301}", count: 100_000))
        let (_, lettersTime) = try await measure(String(repeating: "a", count: 100_001))
        #expect(marks.status == 0)
        #expect(marks.output.contains(#""end":100001"#))
        #expect(marks.output.contains(#""lineCount":1"#))
        #expect(marksTime < lettersTime * 20 + .seconds(1), "\(marksTime) against \(lettersTime)")
    }

    /// A message naming what the user gave keeps to one line and drives no terminal: its control
    /// characters are written as escapes.
    @Test func messagesEscapeControlCharacters() async throws {
        let family = try await mush(["measure", "--font-family", "X\u{1B}[2J\nY", "hi"])
        expectOneLineError(family)
        #expect(family.error.hasPrefix(#"mush: error: fontFamily (--font-family): no font family 'X\u{1B}[2J\nY'"#))
        try await inFolder { folder in
            let line =
                #"{"width": 10, "height": 5, "left": [{"image": {"width": 1, "height": 1, "file": "a\nb.png"}}]}"#
            let result = try await mush(
                ["render", "-", "-o", folder.appendingPathComponent("x.png").path], input: Data(line.utf8))
            #expect(result.error == #"mush: warning: left[0]: image not found: a\nb.png; drew a placeholder"# + "\n")
        }
    }

    /// Messages that name the real cause, the key the user wrote, and the right unit.
    @Test func messagesSayWhatIsWrong() async throws {
        let exponent = try await mush(["parse", "--format", "plain", "{font:,1e2|x}"])
        #expect(
            exponent.error.contains(
                "(expected a decimal number greater than zero, such as 12 or 10.5, without an exponent"))
        let margin = try await mush(["layout", "-"], input: Data(#"{"width": 10, "margin": -1000000.5}"#.utf8))
        #expect(
            margin.error == "mush: error: margin: must be a number from -1000000 to 1000000 points (it is -1000000.5)\n"
        )
        let weight = try await mush(
            ["layout", "-"],
            input: Data(
                #"{"linearLayout": "vertical", "width": 9, "height": 9, "items": [{"weight": -1, "view": {}}]}"#.utf8))
        #expect(weight.error == "mush: error: items[0].weight: must be a number from 0 to 1000000 (it is -1)\n")
        let batch = try await mush(["measure", "--batch"], input: Data(#"{"text": "a",}"#.utf8))
        #expect(
            batch.output == #"{"error":"line 1: not JSON: expected a key in quotes, found '}' at column 14"}"# + "\n")
        let proc = try await mush(
            ["render", "-", "-o", "/proc/mush.png"], input: Data(#"{"width": 5, "height": 5}"#.utf8))
        #expect(proc.error == "mush: error: cannot write /proc/mush.png: the folder /proc does not take new files\n")
    }

    /// A root with a box's key but no children is a box, not a row with an unknown key.
    @Test func aRootWithOnlyBoxKeysIsDrawnAsABox() async throws {
        try await inFolder { folder in
            let output = folder.appendingPathComponent("box.png").path
            let result = try await mush(
                ["render", "-", "-o", output],
                input: Data(##"{"width": 10, "height": 10, "cornerRadius": 5, "backgroundColor": "#f00"}"##.utf8))
            #expect(result.status == 0)
            #expect(result.output == "\(output): 10 × 10 pixels\n")
        }
    }

    /// A box tree read from JSON holds at most a million nodes (about 2 KB each to lay out).
    @Test func aTreeHoldsAtMostAMillionNodes() async throws {
        let tree = "{\"children\": [" + Array(repeating: "{}", count: 1_000_001).joined(separator: ",") + "]}"
        let result = try await mush(["layout", "-"], input: Data(tree.utf8))
        expectOneLineError(result)
        #expect(result.error == "mush: error: children[999999]: the tree has more than 1000000 nodes\n")
    }
}
