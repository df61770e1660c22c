import Foundation

@testable import MushText

/// The height of a line of DejaVu Sans 16: (1901 + 483 + 0) / 2048 × 16 points.
let lineHeight = (1901.0 + 483.0) / 2048.0 * 16

/// `mush` parsed and shaped with the standard fonts.
func paragraph(_ mush: String, _ style: ParagraphStyle = ParagraphStyle()) throws -> Paragraph {
    try Paragraph(mush: mush, style: style)
}

/// Runs a reference program (`executable` with `arguments`) with `input` on its standard input:
/// its exit status and its standard output (the comparisons with pyphen, WeasyPrint and Chromium).
func runReference(_ executable: String, _ arguments: [String], input: Data) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let standardInput = Pipe()
    let output = Pipe()
    process.standardInput = standardInput
    process.standardOutput = output
    try process.run()
    standardInput.fileHandleForWriting.write(input)
    try standardInput.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data)
}
