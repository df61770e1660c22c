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
    public var output: @Sendable (String) -> Void
    /// Writes text to standard error, exactly as given (the commands add their own line ends).
    public var error: @Sendable (String) -> Void

    /// A console reading `input` and writing with `output` and `error`.
    ///
    /// - Parameters:
    ///   - input: The file descriptor to read standard input from.
    ///   - output: Called with each piece of standard output, in order.
    ///   - error: Called with each piece of standard error (whole lines), in order.
    public init(
        input: Int32 = 0, output: @escaping @Sendable (String) -> Void,
        error: @escaping @Sendable (String) -> Void
    ) {
        self.input = input
        self.output = output
        self.error = error
    }

    /// The process's standard input, output and error.
    public static let standard = CommandConsole(
        input: 0,
        output: { writeAll($0, to: 1) },
        error: { writeAll($0, to: 2) })

    /// Writes all of `text` to the file `descriptor`, straight from the string's bytes; a write
    /// error (a closed pipe, a full disk) ends the writing of this piece.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                offset += count
            }
        }
    }

    /// Writes one line, `line` and a line feed, to standard error.
    func warn(_ line: String) {
        error(line + "\n")
    }

    /// All of standard input, as bytes.
    func readInput() -> [UInt8] {
        [UInt8](FileHandle(fileDescriptor: input, closeOnDealloc: false).readDataToEndOfFile())
    }

    /// Standard input read as JSON Lines, one line at a time.
    func inputLines() -> LineReader {
        LineReader(fileDescriptor: input)
    }

    /// A file's bytes, or standard input's for `-`.
    func contents(of path: String) throws(RequestError) -> [UInt8] {
        if path == "-" { return readInput() }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw RequestError("no such file: \(path)")
        }
        guard !isFolder.boolValue else { throw RequestError("\(path) is a folder, not a JSON file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw RequestError("cannot read \(path)") }
        return [UInt8](data)
    }

    /// Text read from standard input as a document: parsed as Mush when `mush` (invalid UTF-8
    /// becomes U+FFFD with the parser's diagnostic), else plain text, with a warning here when
    /// invalid UTF-8 was replaced.
    func decode(_ bytes: [UInt8], mush: Bool) -> MushDocument {
        if mush { return Mush.parse(utf8: bytes) }
        if let text = String(validating: bytes, as: UTF8.self) {
            return MushDocument([(text: text, attributes: .plain)])
        }
        warn("mush: warning: standard input is not valid UTF-8; each invalid sequence became U+FFFD")
        return MushDocument([(text: String(decoding: bytes, as: UTF8.self), attributes: .plain)])
    }
}
