import Foundation
import MushCommands
import Testing

/// `--batch` with `--jobs`: the same bytes on any number of threads, answers as lines arrive.
@Suite struct BatchTests {
    /// Rows of every kind a batch meets: good ones (some with warnings), blank ones and bad ones,
    /// more than two chunks of 128 lines.
    static let measureInput: String =
        (0..<300).map { index -> String in
            switch index % 25 {
            case 3: return "   "
            case 7: return #"{"text": 1}"#
            case 11: return #"{"text": "{font:Nope,12|row \#(index)} **x", "mush": true}"#
            case 13: return #"{"text": "a", "width": -1}"#
            default:
                let width = ["304", "90", "null"][index % 3]
                return #"{"text": "Row \#(index): the quick brown fox jumps over the lazy dog", "width": \#(width)}"#
            }
        }.joined(separator: "\n") + "\n"

    static let lineInput: String =
        (0..<300).map { index -> String in
            switch index % 25 {
            case 3: return ""
            case 7: return #"{"width": -1}"#
            case 11: return #"{"width": 200, "left": ["{font:Nope,12|x}|mush"]}"#
            default: return #"{"width": 200, "left": ["Row \#(index) with a long label"], "right": ["\#(index)"]}"#
            }
        }.joined(separator: "\n") + "\n"

    @Test(arguments: ["measure", "line"])
    func jobsGiveTheSameBytes(command: String) async throws {
        let input = Data((command == "measure" ? Self.measureInput : Self.lineInput).utf8)
        let one = try await mush([command, "--batch", "--jobs", "1"], input: input)
        #expect(one.status == 2)
        #expect(one.output.split(separator: "\n", omittingEmptySubsequences: false).count == 301)
        // Blank and bad lines: 3 in 25 for measure (a blank line, a wrong type, a negative width),
        // 2 in 25 for line (a blank line, a negative width).
        #expect(one.output.components(separatedBy: #"{"error":"line "#).count - 1 == (command == "measure" ? 36 : 24))
        #expect(one.error.contains("mush: warning: line 12: "))
        // The count of failed lines and the first, last on standard error.
        let failures = command == "measure" ? 36 : 24
        #expect(one.error.hasSuffix("mush: \(failures) of 300 lines failed; the first is line 4\n"))
        for jobs in ["2", "3", "8"] {
            let many = try await mush([command, "--batch", "--jobs", jobs], input: input)
            #expect(many.status == one.status)
            #expect(many.output == one.output, "--jobs \(jobs)")
            #expect(many.error == one.error, "--jobs \(jobs)")
        }
        // All cores, the default.
        let all = try await mush([command, "--batch"], input: input)
        #expect(all.output == one.output)
    }

    /// The executable with standard output and standard error in different files (a chunk's
    /// warnings written together) and in one file (each warning just before its line's answer):
    /// the same lines either way, and the one file holds them as a console that collects both
    /// streams in one buffer does.
    @Test func warningsWithTheirAnswersInOneFileOrTwo() async throws {
        let input = Data(Self.measureInput.utf8)
        let apart = try await mush(["measure", "--batch", "--jobs", "1"], input: input)
        let descriptor = try readableFile(input)
        defer { close(descriptor) }
        let both = Collected()
        let console = CommandConsole(input: descriptor, output: { both.append($0) }, error: { both.append($0) })
        #expect(await MushCommand.run(["measure", "--batch", "--jobs", "1"], console: console) == 2)
        #expect(both.text.contains("mush: warning: line 12: "))
        try await inFolder { folder in
            try input.write(to: folder.appendingPathComponent("in.jsonl"))
            let mush = mushExecutable.path
            for jobs in ["1", "3"] {
                let two = try runShell(
                    "\(mush) measure --batch --jobs \(jobs) < in.jsonl > out.jsonl 2> err.txt", in: folder)
                #expect(two.status == 2)
                #expect(
                    try String(contentsOf: folder.appendingPathComponent("out.jsonl"), encoding: .utf8) == apart.output)
                #expect(
                    try String(contentsOf: folder.appendingPathComponent("err.txt"), encoding: .utf8) == apart.error)
                let one = try runShell("\(mush) measure --batch --jobs \(jobs) < in.jsonl > all.txt 2>&1", in: folder)
                #expect(one.status == 2)
                #expect(try String(contentsOf: folder.appendingPathComponent("all.txt"), encoding: .utf8) == both.text)
            }
        }
    }

    /// A co-process writes a line and waits for its answer before writing the next: each answer
    /// comes out while standard input is still open.
    ///
    /// The `mush` executable runs as a real co-process, and the answers are awaited with `poll`,
    /// so that nothing here waits on the test process's task threads: run in-process, the command's
    /// task could wait longer than any deadline behind other tests that block those threads (under
    /// the Thread Sanitizer, on two cores), which made this test fail by chance.
    @Test(arguments: ["1", "2"])
    func answersEachLineBeforeTheInputEnds(jobs: String) throws {
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = mushExecutable
        process.arguments = ["measure", "--batch", "--jobs", jobs]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = input.fileHandleForWriting.fileDescriptor
        let reader = output.fileHandleForReading.fileDescriptor
        var received: [UInt8] = []
        for line in 1...3 {
            let request = Array(#"{"text": "Line \#(line)", "width": 100}"#.utf8) + [0x0A]
            #expect(request.withUnsafeBytes { write(writer, $0.baseAddress!, $0.count) } == request.count)
            // Waits for the answer: a failure, not a hang, if none comes within two minutes.
            let answered = Self.read(from: reader, into: &received, lines: line, seconds: 120)
            #expect(answered, "no answer to line \(line)")
            guard answered else { break }
            let answers = String(decoding: received, as: UTF8.self).split(separator: "\n")
            #expect(answers.count == line)
            #expect(answers.last?.contains(#""text":"Line \#(line)""#) == true)
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// Reads from `descriptor` into `bytes` until they hold `lines` line feeds, the input ends or
    /// `seconds` pass; whether the line feeds came.
    static func read(from descriptor: Int32, into bytes: inout [UInt8], lines: Int, seconds: Int) -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count(where: { $0 == 0x0A }) < lines {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 60_000))
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes += buffer[..<count]
        }
        return true
    }

    @Test func jobsMustBeAWholeNumberFrom1AndGoWithBatch() async throws {
        for jobs in ["0", "-1", "1025", "two"] {
            let result = try await mush(["measure", "--batch", "--jobs", jobs])
            expectOneLineError(result)
        }
        #expect(try await mush(["measure", "--batch", "--jobs", "0"]).error.contains("from 1 to 1024 (it is 0)"))
        let alone = try await mush(["line", "--jobs", "2", "-"], input: Data("{}".utf8))
        expectOneLineError(alone)
        #expect(alone.error.contains("--jobs is for --batch only"))
    }
}
