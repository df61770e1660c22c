import ArgumentParser
import Foundation
import MushJSON

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
    /// (The executable calls ``holdStandardDescriptors()`` first.)
    public static func main() async {
        let status = await run(Array(CommandLine.arguments.dropFirst()), console: .standard)
        Foundation.exit(status)
    }

    /// Runs `mush` with `arguments` (without the program's name) on `console`, and returns the
    /// exit status.
    ///
    /// Bad input and usage errors write one line, `mush: error: …`, to the console's standard
    /// error and return 2; a `--batch` with a line that could not be read returns 2 after its
    /// output; help and `--version` write to standard output and return 0. Output that cannot be
    /// written (a full disk, a closed descriptor) stops the command with one line on standard error
    /// and status 1; a reader that closed the pipe stops it quietly with status 141, as `SIGPIPE`
    /// ends other tools (the `mush` executable leaves `SIGPIPE` as it is, so it is usually the signal
    /// that ends it).
    ///
    /// - Parameters:
    ///   - arguments: The command line after `mush`, such as `["line", "-"]`.
    ///   - console: Where standard input is read and output, warnings and errors are written.
    /// - Returns: The exit status: 0 on success, 2 on bad input or usage, 1 when output could not be
    ///   written.
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
        } catch let failure as OutputFailure {
            return failed(failure, console: console)
        } catch let code as ExitCode {
            // The command already said what went wrong (a --batch line's {"error": …}).
            return code.rawValue
        } catch {
            if exitCode(for: error) == .success {
                // Help and the version, as ArgumentParser prints them.
                let text = fullMessage(for: error)
                do {
                    if !text.isEmpty { try console.write(text + "\n") }
                } catch {
                    return failed(error, console: console)
                }
                return ExitCode.success.rawValue
            }
            // A request's or an option's error is one sentence already (what the user gave in it is escaped by
            // `warn`, line breaks included); ArgumentParser's messages may be wrapped over lines, so
            // the values the user gave are escaped first, so that their own line breaks stay `\n`.
            let message =
                (error as? RequestError)?.description ?? (error as? ValidationError)?.message
                ?? escapingArguments(arguments, in: message(for: error))
                .split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
                .joined(separator: " ")
            console.warn("mush: error: \(message)")
            return 2
        }
    }

    /// `message` with each of `arguments` that holds a control character (and the value of each
    /// `--option=VALUE` that does) written with escapes (`\n`, `\u{1B}`), as messages write what the
    /// user gave. ArgumentParser reports an option's errors (those of `validate()` among them)
    /// wrapped in its own error, whose message may break over lines; escaping the user's values
    /// first keeps their line breaks from being joined into spaces with the others.
    static func escapingArguments(_ arguments: [String], in message: String) -> String {
        var message = message
        var values: [String] = []
        func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
        for argument in arguments where argument.unicodeScalars.contains(where: isControl) {
            values.append(argument)
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                values.append(String(argument[argument.index(after: equals)...]))
            }
        }
        // Longest first, so that a value inside a longer argument is not escaped twice.
        for value in values.sorted(by: { $0.count > $1.count }) where !value.isEmpty {
            message = message.replacingOccurrences(of: value, with: CommandConsole.escapingControls(value))
        }
        return message
    }
}

extension MushCommand {
    /// Opens `/dev/null`, read-only, on each of descriptors 0, 1 and 2 that the process was started
    /// without (`mush … >&-`), so that no file or runtime object takes its number: a write to a
    /// closed standard output then fails, and is reported, instead of landing somewhere else. The
    /// executable calls it first thing, before any `await` lets the runtime open descriptors.
    public static func holdStandardDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let held = open("/dev/null", O_RDONLY)
            if held >= 0, held != descriptor {
                dup2(held, descriptor)
                close(held)
            }
        }
    }

    /// The status for output that could not be written, said on standard error unless the pipe's
    /// reader went away.
    static func failed(_ failure: OutputFailure, console: CommandConsole) -> Int32 {
        if failure.isClosedPipe { return 141 }
        console.warn("mush: error: cannot write standard output: \(failure.message)")
        return 1
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
