import ArgumentParser
import Foundation
import Mush
import MushText

/// `mush measure`: lay text out with real fonts and print its lines and size.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Lay out text with real fonts and print its size and lines as JSON.",
        discussion: """
            Lengths are in points (a point is a pixel at scale 1); start and end are Unicode-scalar \
            offsets into the plain text. TEXT read from standard input loses one final line break. \
            With --batch, reads JSON Lines on standard input, each an \
            object with "text" and any of the keys width, fontFamily, fontSize, lineSpacing, maxLines, \
            maxHeight, ellipsize, align, mush, and prints one result line per input line (a line \
            that cannot be read gives {"error": …}, and the exit status is then 2).
            """)

    @Option(help: "Wrap at this width, in points (no wrapping when omitted).")
    var width: Double?
    @Option(help: "Font family of text that names none.")
    var fontFamily: String?
    @Option(help: "Font size in points.")
    var fontSize: Double = 16
    @Option(help: "Extra space between lines, in points.")
    var lineSpacing: Double = 0
    @Option(help: "At most this many lines (0: no limit).")
    var maxLines: Int = 0
    @Option(help: "At most this tall, in points (0: no limit).")
    var maxHeight: Double = 0
    @Option(help: "Where a truncated text shows its ellipsis: none, start, middle or end.")
    var ellipsize: ParagraphStyle.Ellipsize = .end
    @Option(help: "Line alignment: left, center, right or justify.")
    var align: ParagraphStyle.Alignment = .left
    @Flag(help: "Parse TEXT as Mush markup.")
    var mush = false
    @Option(name: .customLong("fonts"), help: "A font file or folder to add (repeatable).")
    var fontPaths: [String] = []
    @Flag(help: "Read JSON Lines on standard input and print one result per line.")
    var batch = false
    @Argument(help: "The text; standard input when omitted.")
    var text: String?

    func validate() throws {
        let request = MeasureRequest(
            text: "", width: width, fontFamily: fontFamily, fontSize: fontSize, lineSpacing: lineSpacing,
            maxLines: maxLines, maxHeight: maxHeight, ellipsize: ellipsize, align: align, mush: mush)
        if let problem = request.problem { throw ValidationError(problem) }
        if batch, text != nil { throw ValidationError("--batch reads standard input; give no TEXT") }
    }

    func run() throws {
        let fonts = try FontCollection.standard.adding(fontPaths)
        if batch {
            try runBatch(fonts: fonts)
            return
        }
        // Standard input usually ends with one line break (echo, files): it does not make a line.
        var input = text ?? String(decoding: Standard.input(), as: UTF8.self)
        if text == nil, input.hasSuffix("\n") { input.removeLast() }
        let request = MeasureRequest(
            text: input, width: width, fontFamily: fontFamily, fontSize: fontSize, lineSpacing: lineSpacing,
            maxLines: maxLines, maxHeight: maxHeight, ellipsize: ellipsize, align: align, mush: mush)
        Standard.output(try request.measure(fonts: fonts).json() + "\n")
    }

    private func runBatch(fonts: FontCollection) throws {
        var failed = false
        var output = ""
        var number = 0
        for line in String(decoding: Standard.input(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.allSatisfy(\.isWhitespace) { continue }
            do {
                let request = try MeasureRequest(jsonLine: Data(line.utf8))
                output += try request.measure(fonts: fonts).json() + "\n"
            } catch {
                failed = true
                output += JSONValue.errorLine("line \(number): \(error)")
            }
            if output.utf8.count > 1 << 16 {
                Standard.output(output)
                output = ""
            }
        }
        Standard.output(output)
        if failed { throw ExitCode(2) }
    }
}

extension ParagraphStyle.Ellipsize: ExpressibleByArgument {}
extension ParagraphStyle.Alignment: ExpressibleByArgument {}
