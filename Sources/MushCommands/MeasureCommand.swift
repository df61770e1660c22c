import ArgumentParser
import Mush
import MushJSON
import MushText

/// `mush measure`: lay text out with real fonts and print its lines and size.
struct MeasureCommand: ConsoleCommand {
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

    @OptionGroup var layout: TextLayoutOptions
    @OptionGroup var addedFonts: FontOptions
    @OptionGroup var input: BatchOptions
    @Argument(help: "The text; standard input when omitted.")
    var text: String?

    func validate() throws {
        try input.check(text, name: "TEXT", required: false)
    }

    func run(on console: CommandConsole) async throws {
        let fonts = try addedFonts.collection()
        try layout.check(fonts: fonts)
        if input.batch {
            try await runBatch(fonts: fonts, console: console)
            return
        }
        let document: MushDocument
        if let text {
            document = layout.request(text: text).document
        } else {
            // Standard input usually ends with one line break (echo, files): it does not make a line.
            var bytes = try console.readInput()
            if bytes.last == 0x0A { bytes.removeLast() }
            document = console.decode(bytes, mush: layout.mush)
        }
        let result = try layout.request(text: document.text).measure(document, fonts: fonts)
        for warning in result.warnings { console.warn("mush: warning: \(warning)") }
        var output = ""
        var failure: OutputFailure?
        try result.write(to: &output) { output in
            // After a failed write the rest is only dropped; the failure ends the command below.
            if failure == nil {
                do throws(OutputFailure) { try console.write(output) } catch { failure = error }
            }
            output = ""
        }
        if let failure { throw failure }
        try console.write(output + "\n")
    }

    private func runBatch(fonts: FontCollection, console: CommandConsole) async throws {
        let run = BatchRun(jobs: input.count, console: console) { line, number in
            BatchAnswer.measure(line, number: number, fonts: fonts)
        }
        try await run.runAndReport()
    }
}
