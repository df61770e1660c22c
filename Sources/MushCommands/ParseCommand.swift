import ArgumentParser
import Mush

/// `mush parse`: Mush markup to JSON, HTML, ANSI, plain text, or Mush again.
struct ParseCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse Mush markup and print it in another form.",
        discussion: """
            With no TEXT, reads standard input (invalid UTF-8 becomes U+FFFD, with a diagnostic). \
            The json format includes the diagnostics; the other formats print them on standard error \
            as warnings. The exit status is 0 whatever the markup: a parse never fails.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, html, ansi, plain, mush
    }

    @Option(help: "Output format: json, html, ansi, plain or mush.")
    var format: Format = .json

    @Argument(help: "Mush markup; standard input when omitted.")
    var text: String?

    func run(on console: CommandConsole) async throws {
        let document = try text.map(Mush.parse) ?? Mush.parse(utf8: console.readInput())
        let output: String
        switch format {
        case .json: output = document.json()
        case .html: output = document.html()
        case .ansi: output = document.ansi()
        case .plain: output = document.plainText
        case .mush: output = try document.mush()
        }
        if format != .json {
            for diagnostic in document.diagnostics {
                console.warn(
                    "mush: warning: \(diagnostic.message) at \(diagnostic.range.lowerBound)..<\(diagnostic.range.upperBound)"
                )
            }
        }
        // One line ending, unless the output already ends with one.
        try console.write(output.hasSuffix("\n") ? output : output + "\n")
    }
}
