import Foundation
import Testing

/// The `mush` executable, run as a user would: arguments, standard input, output and exit status.
@Suite("mush parse")
struct CommandLineTests {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// `swift test` builds the executable next to the test bundle.
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.lastPathComponent.hasSuffix(".xctest") { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("mush")
    }()

    func run(_ arguments: [String], input: Data? = nil) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(input) }
        try standardInput.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      output: String(decoding: outputData, as: UTF8.self),
                      error: String(decoding: errorData, as: UTF8.self))
    }

    @Test func jsonOfTheSpecExample() throws {
        let result = try run(["parse", "--format", "json", "Plain **bold** and //italic// text"])
        #expect(result.status == 0)
        #expect(result.output == """
            {"diagnostics":[],"runs":[{"text":"Plain "},{"bold":true,"text":"bold"},{"text":" and "},\
            {"italic":true,"text":"italic"},{"text":" text"}],"text":"Plain bold and italic text"}

            """)
    }

    @Test func jsonIsTheDefaultAndCarriesDiagnostics() throws {
        let result = try run(["parse", "{#red|x} **y"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]]
        #expect(diagnostics?.map { $0["start"] as? Int } == [0, 9])
        #expect(diagnostics?.map { $0["end"] as? Int } == [6, 11])
    }

    @Test func readsStandardInput() throws {
        let result = try run(["parse", "--format", "plain"], input: Data("**a**\n//b//\n".utf8))
        #expect(result.status == 0)
        #expect(result.output == "a\nb\n")
    }

    @Test func invalidUTF8OnStandardInput() throws {
        let result = try run(["parse", "--format", "plain"], input: Data([0x61, 0xFF, 0x62]))
        #expect(result.status == 0)
        #expect(result.output == "a\u{FFFD}b\n")
        #expect(result.error.contains("invalid UTF-8"))
    }

    @Test("Formats", arguments: [
        ("html", "<b>a</b> <code>&lt;b&gt;</code>\n"),
        ("ansi", "\u{1B}[0;1ma\u{1B}[0m <b>\n"),
        ("plain", "a <b>\n"),
        ("mush", "**a** `<b>`\n"),
    ])
    func formats(format: String, expected: String) throws {
        let result = try run(["parse", "--format", format, "**a** `<b>`"])
        #expect(result.status == 0)
        #expect(result.output == expected)
    }

    @Test func warningsGoToStandardErrorForTextFormats() throws {
        let result = try run(["parse", "--format", "plain", "**a"])
        #expect(result.output == "**a\n")
        #expect(result.error == "mush: warning: unmatched '**' (kept as text) at 0..<2\n")
    }

    @Test("Usage errors: one line, status 2", arguments: [
        ["parse", "--format", "xml", "x"],
        ["parse", "--bogus"],
        ["parse", "a", "b"],
        ["nope"],
    ])
    func usageErrors(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("mush: error: "))
        #expect(result.error.filter { $0 == "\n" }.count == 1, "\(result.error)")
    }

    @Test func helpExitsZero() throws {
        let result = try run(["parse", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--format"))
    }
}
