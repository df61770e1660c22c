import ArgumentParser
import Foundation

/// `mush`: Mush markup and text layout from the command line, with the subcommands `parse`,
/// `measure`, `line`, `layout` and `render`.
///
/// The `mush` executable calls ``main()``. Tests, and any program that wants the command without
/// a process, call ``run(_:console:)`` with a ``CommandConsole`` of their own and get the exit
/// status back:
///
/// ```swift
/// let status = await MushCommand.run(["measure", "--width", "150", "Hello"], console: console)
/// ```
public struct MushCommand: AsyncParsableCommand {
    /// The version `mush --version` prints.
    public static let version = "0.1.0"

    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "mush",
        abstract: "Mush markup and text layout.",
        version: version,
        subcommands: [ParseCommand.self, MeasureCommand.self, LineCommand.self, LayoutCommand.self, RenderCommand.self])

    /// The root command; ArgumentParser makes it when no subcommand is given.
    public init() {}

    /// With no subcommand, `mush` prints its help.
    public mutating func run() async throws {
        throw CleanExit.helpRequest(self)
    }

    /// Runs `mush` with the process's arguments and standard streams, then exits with its status.
    public static func main() async {
        let status = await run(Array(CommandLine.arguments.dropFirst()), console: .standard)
        Foundation.exit(status)
    }

    /// Runs `mush` with `arguments` (without the program's name) on `console`, and returns the
    /// exit status.
    ///
    /// Bad input and usage errors write one line, `mush: error: …`, to the console's standard
    /// error and return 2; a `--batch` with a line that could not be read returns 2 after its
    /// output; help and `--version` write to standard output and return 0.
    ///
    /// - Parameters:
    ///   - arguments: The command line after `mush`, such as `["line", "-"]`.
    ///   - console: Where standard input is read and output, warnings and errors are written.
    /// - Returns: The exit status: 0 on success, 2 on any error.
    public static func run(_ arguments: [String], console: CommandConsole) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if let command = command as? any ConsoleCommand {
                try await command.run(on: console)
            } else if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            return 0
        } catch let code as ExitCode {
            // The command already said what went wrong (a --batch line's {"error": …}).
            return code.rawValue
        } catch {
            if exitCode(for: error) == .success {
                // Help and the version, as ArgumentParser prints them.
                let text = fullMessage(for: error)
                if !text.isEmpty { console.output(text + "\n") }
                return ExitCode.success.rawValue
            }
            let message = message(for: error)
                .split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
                .joined(separator: " ")
            console.warn("mush: error: \(message)")
            return 2
        }
    }
}

/// A subcommand that reads and writes through the console it is given rather than the
/// process's standard streams.
protocol ConsoleCommand: AsyncParsableCommand {
    /// Does the command's work, reading standard input from `console` and writing to it.
    func run(on console: CommandConsole) async throws
}

extension ConsoleCommand {
    /// Runs on the process's standard streams.
    mutating func run() async throws {
        try await run(on: .standard)
    }
}
