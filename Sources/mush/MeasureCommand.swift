import ArgumentParser
import Mush
import MushJSON
import MushText

/// `mush measure`: lay text out with real fonts and print its lines and size.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Lay out text with real fonts and print its size and lines as JSON.",
        discussion: """
            Lengths are in points (a point is a pixel at scale 1), from 0 to 1000000; font sizes from \
            0.01 to 10000. start and end are Unicode-scalar offsets into the plain text. TEXT read \
            from standard input loses one final line break; invalid UTF-8 there becomes U+FFFD, with \
            a warning. Markup diagnostics (with --mush) and fonts the collection lacks are warnings on \
            standard error. With --batch, reads JSON Lines on standard input (LF or CRLF), each an \
            object with "text" and any of the keys width, fontFamily, fontSize, lineSpacing, maxLines, \
            maxHeight, ellipsize, align, mush, and prints one result line per input line, blank ones \
            included (a line that cannot be read gives {"error": …}, and the exit status is then 2; \
            warnings name the line).
            """)

    @Option(parsing: .unconditional, help: "Wrap at this width, in points (no wrapping when omitted).")
    var width: Double?
    @Option(help: "Font family of text that names none.")
    var fontFamily: String?
    @Option(parsing: .unconditional, help: "Font size in points.")
    var fontSize: Double = 16
    @Option(parsing: .unconditional, help: "Extra space between lines, in points (0 or more).")
    var lineSpacing: Double = 0
    @Option(parsing: .unconditional, help: "At most this many lines (0: no limit).")
    var maxLines: Int = 0
    @Option(parsing: .unconditional, help: "At most this tall, in points (0: no limit).")
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

    func request(text: String) -> MeasureRequest {
        MeasureRequest(
            text: text, width: width, fontFamily: fontFamily, fontSize: fontSize, lineSpacing: lineSpacing,
            maxLines: maxLines, maxHeight: maxHeight, ellipsize: ellipsize, align: align, mush: mush)
    }

    func validate() throws {
        if let problem = request(text: "").problem(fonts: nil) { throw ValidationError(problem) }
        if batch, text != nil { throw ValidationError("--batch reads standard input; give no TEXT") }
    }

    func run() throws {
        let fonts = try FontCollection.standard.adding(fontPaths)
        if let problem = request(text: "").problem(fonts: fonts) { throw ValidationError(problem) }
        if batch {
            try runBatch(fonts: fonts)
            return
        }
        let document: MushDocument
        if let text {
            document = request(text: text).document
        } else {
            // Standard input usually ends with one line break (echo, files): it does not make a line.
            var bytes = Standard.input()
            if bytes.last == 0x0A { bytes.removeLast() }
            document = Standard.decode(bytes, mush: mush)
        }
        let result = try request(text: document.text).measure(document, fonts: fonts)
        for warning in result.warnings { Standard.error("mush: warning: \(warning)") }
        var output = ""
        try result.write(to: &output) { output in
            Standard.output(output)
            output = ""
        }
        Standard.output(output + "\n")
    }

    private func runBatch(fonts: FontCollection) throws {
        var failed = false
        var output = ""
        var number = 0
        var reader = LineReader()
        while let line = reader.next() {
            number += 1
            do throws(RequestError) {
                guard line.contains(where: { ![0x20, 0x09].contains($0) }) else {
                    throw RequestError("empty line (expected a JSON object)")
                }
                let request = try MeasureRequest(json: line, fonts: fonts)
                let result = try request.measure(fonts: fonts)
                for warning in result.warnings { Standard.error("mush: warning: line \(number): \(warning)") }
                try result.write(to: &output) { output in
                    Standard.output(output)
                    output = ""
                }
                output += "\n"
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
