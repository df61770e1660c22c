import Dispatch
import Foundation
import Testing
@testable import Mush

/// What a run of the `mush` executable gave.
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

/// The `mush` executable: `swift test` builds it next to the test bundle.
let mushExecutable: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    if directory.lastPathComponent.hasSuffix(".xctest") { directory.deleteLastPathComponent() }
    return directory.appendingPathComponent("mush")
}()

/// Runs `mush` as a user would: arguments, standard input, output, error and exit status. The
/// input is written and the error read on other threads, so that no pipe fills up and blocks.
func runMush(_ arguments: [String], input: Data? = nil, directory: URL? = nil) throws -> CommandResult {
    // A command that exits before reading its input (a usage error) must not kill the tests with
    // SIGPIPE: the write fails instead, and is ignored.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = mushExecutable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe(), error = Pipe(), standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    let writer = standardInput.fileHandleForWriting, errorReader = error.fileHandleForReading
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
    return CommandResult(status: process.terminationStatus,
                         output: String(decoding: outputData, as: UTF8.self),
                         error: String(decoding: errorData, as: UTF8.self))
}

/// A document's runs in a compact notation: plain runs as their text, attributed runs as
/// `[codes:text]`, with codes `b` bold, `i` italic, `u` underline, `s` strikethrough, `m` monospace,
/// `c#rrggbbaa` colour, `bg#rrggbbaa` background, `k2` kern, `f(Family)` family, `z20` size.
func notation(_ document: MushDocument) -> String {
    document.segments.map { segment in
        let codes = codes(segment.attributes)
        return codes.isEmpty ? segment.text : "[\(codes):\(segment.text)]"
    }.joined()
}

/// Parses and returns the notation of the result.
func styled(_ input: String) -> String {
    notation(Mush.parse(input))
}

func codes(_ attributes: MushAttributes) -> String {
    var codes: [String] = []
    if attributes.bold { codes.append("b") }
    if attributes.italic { codes.append("i") }
    if attributes.underline { codes.append("u") }
    if attributes.strikethrough { codes.append("s") }
    if attributes.monospace { codes.append("m") }
    if let color = attributes.color { codes.append("c" + color.hexRGBA) }
    if let color = attributes.backgroundColor { codes.append("bg" + color.hexRGBA) }
    if let kern = attributes.kern { codes.append("k" + decimalString(kern)) }
    if let family = attributes.fontFamily { codes.append("f(\(family))") }
    if let size = attributes.fontSize { codes.append("z" + decimalString(size)) }
    return codes.joined(separator: " ")
}

/// The kinds of a document's diagnostics, in order.
func diagnosticKinds(_ input: String) -> [MushDiagnostic.Kind] {
    Mush.parse(input).diagnostics.map(\.kind)
}

/// The invariants every document must keep: runs ordered, contiguous, non-empty, maximal, covering
/// the text.
func runsAreWellFormed(_ document: MushDocument) -> Bool {
    var position = 0
    var previous: MushAttributes?
    for run in document.runs {
        guard run.range.lowerBound == position, !run.range.isEmpty, run.attributes != previous else { return false }
        position = run.range.upperBound
        previous = run.attributes
    }
    return position == document.text.unicodeScalars.count
}
