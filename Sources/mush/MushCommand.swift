import ArgumentParser
import Foundation
import Mush

/// `mush`: Mush markup and text layout from the command line.
@main
struct MushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mush",
        abstract: "Mush markup and text layout.",
        subcommands: [ParseCommand.self, MeasureCommand.self, LineCommand.self, RenderCommand.self])

    /// Runs the command. Bad input and usage errors print one line on standard error and exit with
    /// status 2; help and version requests exit with status 0 as usual.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            // The command already said what went wrong (a --batch line's {"error": …}).
            Foundation.exit(code.rawValue)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            let message = message(for: error)
                .split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
                .joined(separator: " ")
            Standard.error("mush: error: \(message)")
            Foundation.exit(2)
        }
    }
}

/// Writing to the standard streams.
enum Standard {
    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// All of standard input, as bytes.
    static func input() -> [UInt8] {
        [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }

    /// Text read from standard input as a document: parsed as Mush when `mush` (invalid UTF-8
    /// becomes U+FFFD with the parser's diagnostic), else plain text, with a warning here when
    /// invalid UTF-8 was replaced.
    static func decode(_ bytes: [UInt8], mush: Bool) -> MushDocument {
        if mush { return Mush.parse(utf8: bytes) }
        if let text = String(validating: bytes, as: UTF8.self) { return MushDocument([(text: text, attributes: .plain)]) }
        error("mush: warning: standard input is not valid UTF-8; each invalid sequence became U+FFFD")
        return MushDocument([(text: String(decoding: bytes, as: UTF8.self), attributes: .plain)])
    }
}
