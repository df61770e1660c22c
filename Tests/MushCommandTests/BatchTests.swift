import Foundation
import MushCommands
import Testing

/// `--batch` with `--jobs`: the same bytes on any number of threads, answers as lines arrive.
@Suite struct BatchTests {
    /// Rows of every kind a batch meets: good ones (some with warnings), blank ones and bad ones,
    /// more than a chunk of 64 lines.
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

    /// A co-process writes a line and waits for its answer before writing the next: each answer
    /// comes out while standard input is still open.
    @Test(arguments: ["1", "2"])
    func answersEachLineBeforeTheInputEnds(jobs: String) async throws {
        var pipe: [Int32] = [0, 0]
        #expect(Foundation.pipe(&pipe) == 0)
        let (input, writer) = (pipe[0], pipe[1])
        defer { close(input) }
        let output = Collected()
        let console = CommandConsole(input: input, output: { output.append($0) }, error: { _ in })
        let run = Task { await MushCommand.run(["measure", "--batch", "--jobs", jobs], console: console) }
        for line in 1...3 {
            let request = Array(#"{"text": "Line \#(line)", "width": 100}"#.utf8) + [0x0A]
            #expect(request.withUnsafeBytes { write(writer, $0.baseAddress!, $0.count) } == request.count)
            // Waits for the answer (a failure, not a hang, if it never comes).
            let deadline = ContinuousClock.now + .seconds(60)
            while output.text.filter({ $0 == "\n" }).count < line, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            let answers = output.text.split(separator: "\n")
            #expect(answers.count == line)
            #expect(answers.last?.contains(#""text":"Line \#(line)""#) == true)
        }
        close(writer)
        #expect(await run.value == 0)
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
