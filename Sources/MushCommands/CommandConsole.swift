import Foundation
import Mush
import MushJSON

/// Where a command reads its standard input and writes its output and its warnings and errors:
/// the process's standard streams in the `mush` executable, buffers in tests.
///
/// A command never touches the process's streams itself: it is given a console by
/// ``MushCommand/run(_:console:)``, so that the same code runs in the executable and in-process
/// in tests.
///
/// ```swift
/// let console = CommandConsole(input: descriptor, output: { text in … }, error: { text in … })
/// let status = await MushCommand.run(["parse", "**a**"], console: console)
/// ```
public struct CommandConsole: Sendable {
    /// The file descriptor standard input is read from (0, the process's standard input, in the
    /// `mush` executable). The console reads it but never closes it.
    public var input: Int32
    /// Writes text to standard output, exactly as given (the commands add their own line ends).
    /// An error it throws (the standard console's ``WriteError``) ends the command: output that
    /// cannot be written is never a silent success.
    public var output: @Sendable (String) throws -> Void
    /// Writes text to standard error, exactly as given (the commands add their own line ends).
    public var error: @Sendable (String) -> Void
    /// Writes bytes to standard output where the console can take them as they are (the standard
    /// one): a batch's results are UTF-8 bytes, written without making a `String` of them. Nil:
    /// they go to ``output`` as text.
    var outputBytes: (@Sendable (UnsafeRawBufferPointer) throws -> Void)?
    /// Whether standard output and standard error are different files (not one terminal, pipe or
    /// file both go to), so that no reader sees how their lines interleave: a batch then writes a
    /// chunk's warnings together, in one write, rather than each just before its line's answer
    /// (which took a write to each stream a warning).
    var streamsAreSeparate = false

    /// A console reading `input` and writing with `output` and `error`.
    ///
    /// - Parameters:
    ///   - input: The file descriptor to read standard input from.
    ///   - output: Called with each piece of standard output, in order; it throws when the piece
    ///     could not be written.
    ///   - error: Called with each piece of standard error (whole lines), in order.
    public init(
        input: Int32 = 0, output: @escaping @Sendable (String) throws -> Void,
        error: @escaping @Sendable (String) -> Void
    ) {
        self.input = input
        self.output = output
        self.error = error
    }

    /// The process's standard input, output and error. A write to standard output that fails (a
    /// full disk, a closed descriptor, a reader that closed the pipe while `SIGPIPE` is ignored)
    /// throws ``WriteError``; one to standard error is dropped (there is nowhere left to say so).
    public static let standard: CommandConsole = {
        var console = CommandConsole(
            input: 0,
            output: { try writeAll($0, to: 1) },
            error: { try? writeAll($0, to: 2) })
        console.outputBytes = { bytes throws(WriteError) in
            if let failure = FileOutput.writeAll(bytes, to: 1) { throw WriteError(code: failure) }
        }
        console.streamsAreSeparate = differentFiles(1, 2)
        return console
    }()

    /// Whether two descriptors are open on different files (false when either cannot be asked).
    static func differentFiles(_ first: Int32, _ second: Int32) -> Bool {
        var one = stat()
        var other = stat()
        guard fstat(first, &one) == 0, fstat(second, &other) == 0 else { return false }
        return one.st_dev != other.st_dev || one.st_ino != other.st_ino
    }

    /// A write to standard output that failed: the system's error number and its message.
    public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The `errno` of the failed write (`ENOSPC`, `EBADF`, `EPIPE`, …).
        public var code: Int32

        public init(code: Int32) {
            self.code = code
        }

        /// The system's message for ``code`` (`No space left on device`).
        public var description: String {
            String(cString: strerror(code))
        }
    }

    /// Writes all of `text` to the file `descriptor`, straight from the string's bytes.
    private static func writeAll(_ text: String, to descriptor: Int32) throws(WriteError) {
        var text = text
        if let failure = text.withUTF8({ FileOutput.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }) {
            throw WriteError(code: failure)
        }
    }

    /// Writes `text` to standard output; a failure is the console's ``WriteError`` (another error a
    /// console's `output` throws is carried as its description).
    func write(_ text: String) throws(OutputFailure) {
        do {
            try output(text)
        } catch {
            throw Self.failure(error)
        }
    }

    /// Writes UTF-8 `bytes` to standard output, as they are where the console takes bytes.
    func write(_ bytes: [UInt8]) throws(OutputFailure) {
        do {
            if let outputBytes {
                try bytes.withUnsafeBytes { try outputBytes($0) }
            } else {
                try output(String(decoding: bytes, as: UTF8.self))
            }
        } catch {
            throw Self.failure(error)
        }
    }

    /// A failed write as the command reports it.
    private static func failure(_ error: any Error) -> OutputFailure {
        guard let error = error as? WriteError else {
            return OutputFailure(code: nil, message: String(describing: error))
        }
        return OutputFailure(code: error.code, message: error.description)
    }

    /// Writes one line, `line` and a line feed, to standard error. Control characters in it (from
    /// a path or a text the user gave) are written as escapes, `\n` or `\u{1B}`, so that a message
    /// stays one line and cannot drive the terminal.
    func warn(_ line: String) {
        error(Self.escapingControls(line) + "\n")
    }

    /// `text` with its control characters (C0, DEL, C1) written as escapes.
    static func escapingControls(_ text: String) -> String {
        // General category Cc is exactly these 65 (Unicode keeps it so), without a table lookup.
        func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        let named: [Unicode.Scalar: String] = ["\n": "\\n", "\r": "\\r", "\t": "\\t"]
        return text.unicodeScalars.map { scalar in
            guard isControl(scalar) else { return String(scalar) }
            return named[scalar] ?? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }.joined()
    }

    /// All of standard input, as bytes: at most `MushLimits.inputBytes`.
    func readInput() throws(RequestError) -> [UInt8] {
        do {
            return try FileInput.readAll(input, limit: MushLimits.inputBytes)
        } catch {
            throw RequestError("standard input: \(error)")
        }
    }

    /// Standard input read as JSON Lines, one line at a time.
    func inputLines() -> LineReader {
        LineReader(fileDescriptor: input)
    }

    /// A file's bytes, or standard input's for `-`: at most `MushLimits.inputBytes`. A pipe or a
    /// device is read as it comes (`<(…)` in a shell is a pipe); a folder is refused.
    func contents(of path: String) throws(RequestError) -> [UInt8] {
        if path == "-" { return try readInput() }
        do {
            return try FileInput.contents(of: path, limit: MushLimits.inputBytes, allowingStreams: true)
        } catch .isFolder {
            throw RequestError("\(path) is a folder, not a JSON file")
        } catch .notFound {
            throw RequestError("no such file: \(path)")
        } catch {
            throw RequestError("cannot read \(path): \(error)")
        }
    }

    /// Text read from standard input as a document: parsed as Mush when `mush` (invalid UTF-8
    /// becomes U+FFFD with the parser's diagnostic), else plain text, with a warning here when
    /// invalid UTF-8 was replaced.
    func decode(_ bytes: [UInt8], mush: Bool) -> MushDocument {
        if mush { return Mush.parse(utf8: bytes) }
        if let text = String(validating: bytes, as: UTF8.self) {
            return MushDocument(text: text, attributes: .plain)
        }
        warn("mush: warning: standard input is not valid UTF-8; each invalid sequence became U+FFFD")
        return MushDocument(text: String(decoding: bytes, as: UTF8.self), attributes: .plain)
    }
}

/// Standard output could not be written: the command stops, and ``MushCommand/run(_:console:)``
/// says so on standard error and returns 1 (or, for a reader that closed the pipe, returns 141
/// quietly, as a process killed by `SIGPIPE` does).
struct OutputFailure: Error, Equatable {
    /// The `errno` of a failed system write; nil for another console's error.
    var code: Int32?
    var message: String

    /// The reader of the pipe went away (`EPIPE`): not an error to report.
    var isClosedPipe: Bool { code == EPIPE }
}
