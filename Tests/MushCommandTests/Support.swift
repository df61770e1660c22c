import Dispatch
import Foundation
import MushCommands
import Synchronization
import Testing

/// What a run of `mush` gave: its exit status and what it wrote.
struct CommandResult {
    var status: Int32
    var output: String
    var error: String
}

/// Checks that a run failed as bad input or usage should: status 2 and one line on standard
/// error starting "mush: error: ".
func expectOneLineError(_ result: CommandResult, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == 2, sourceLocation: sourceLocation)
    #expect(result.error.hasPrefix("mush: error: "), sourceLocation: sourceLocation)
    #expect(result.error.filter { $0 == "\n" }.count == 1, "\(result.error)", sourceLocation: sourceLocation)
}

/// A new empty folder, removed by `body`'s end.
func inFolder(_ body: (URL) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mush-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder)
}

// MARK: - In-process

/// Runs `mush ARGUMENTS` in this process, as the executable would (`MushCommand.run`), with
/// `input` on its standard input, and returns its exit status and what it wrote.
func mush(_ arguments: [String], input: Data? = nil) async throws -> CommandResult {
    let descriptor = try readableFile(input ?? Data())
    defer { close(descriptor) }
    let output = Collected()
    let error = Collected()
    let console = CommandConsole(input: descriptor, output: { output.append($0) }, error: { error.append($0) })
    let status = await MushCommand.run(arguments, console: console)
    return CommandResult(status: status, output: output.text, error: error.text)
}

/// Text a command writes, collected in order from whichever thread writes it.
final class Collected: Sendable {
    private let collected = Mutex("")

    func append(_ piece: String) {
        collected.withLock { $0 += piece }
    }

    var text: String {
        collected.withLock { $0 }
    }
}

/// A file descriptor that reads `bytes` from the start and then the end of the input: a temporary
/// file, removed at once (its descriptor reads it until closed).
func readableFile(_ bytes: Data) throws -> Int32 {
    var template = Array((NSTemporaryDirectory() + "/mush-input-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    let written = bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
    guard written, lseek(descriptor, 0, SEEK_SET) == 0 else {
        close(descriptor)
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    return descriptor
}

// MARK: - The executable

/// The `mush` executable: `swift test` builds it next to the test bundle.
let mushExecutable: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    if directory.lastPathComponent.hasSuffix(".xctest") { directory.deleteLastPathComponent() }
    return directory.appendingPathComponent("mush")
}()

/// Runs the `mush` executable as a user would: arguments, standard input, output, error and exit
/// status.
func runMush(_ arguments: [String], input: Data? = nil, directory: URL? = nil) throws -> CommandResult {
    try run(mushExecutable, arguments, input: input, directory: directory)
}

/// poppler's pdftotext, which reads the text of a rendered PDF back.
let pdftotext = "/usr/bin/pdftotext"

/// poppler's pdfinfo, which reads a PDF's page count and description back.
let pdfinfo = "/usr/bin/pdfinfo"

/// Runs `command` with bash (pipes, redirections) in `directory`.
func runShell(_ command: String, in directory: URL) throws -> CommandResult {
    try run(URL(fileURLWithPath: "/bin/bash"), ["-c", command], directory: directory)
}

/// Runs `executable` with `arguments` and `input` on its standard input: its exit status, output
/// and error. The input is written and the error read on other threads, so that no pipe fills up
/// and blocks.
func run(_ executable: URL, _ arguments: [String], input: Data? = nil, directory: URL? = nil) throws
    -> CommandResult
{
    // A command that exits before reading its input (a usage error) must not kill the tests with
    // SIGPIPE: the write fails instead, and is ignored.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    let writer = standardInput.fileHandleForWriting
    let errorReader = error.fileHandleForReading
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
        if let input { try? writer.write(contentsOf: input) }
        try? writer.close()
    }
    nonisolated(unsafe) var errorData = Data()
    DispatchQueue.global().async(group: group) { errorData = errorReader.readDataToEndOfFile() }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus,
        output: String(decoding: outputData, as: UTF8.self),
        error: String(decoding: errorData, as: UTF8.self))
}
