import ArgumentParser
import Foundation
import MushJSON
import MushLine
import MushText

/// `mush line`: lay out an MGLine row and print where its items go.
struct LineCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "line",
        abstract: "Lay out a row of left, middle and right items (an MGLine) and print its layout as JSON.",
        discussion: """
            FILE (- for standard input) holds one JSON object: width (required), height (left out or 0: \
            the row fits its content), padding \
            {top, left, bottom, right}, font, middleFont and rightFont {family, size}, textColor, \
            middleTextColor and rightTextColor (hex colours such as "#e33"), itemPadding, \
            sidePrecedence (left, right or middle), leftWidth, middleWidth, rightWidth, minHeight, \
            maxHeight, verticalAlignment (top, center or bottom), leftAlignment, middleAlignment and \
            rightAlignment (left, center, right or justify), leftLineSpacing, middleLineSpacing, \
            rightLineSpacing, widenAsNeeded, and the item arrays left, middle and right. For drawing \
            (they move nothing): textShadowColor, middleTextShadowColor and rightTextShadowColor \
            (colours; none by default), leftTextShadowOffset, middleTextShadowOffset and \
            rightTextShadowOffset {x, y} (default {"x": 0, "y": 1}), backgroundColor, borders (a colour \
            for all four edges, or {top, left, bottom, right, width}: colours, and a width of 1 by \
            default), and margin {top, left, bottom, right} (space outside the line, for a stack). An \
            item is a string (text: multiline when it holds a line break; Mush markup when it ends in \
            |mush), {"text": …, "multiline": true or false}, {"image": {width, height, file}} or \
            {"box": {width, height, margin, expand, color, borders, line}}, where line is a line object \
            whose width may be left out. A text may be an array of pieces (a bare array is an item): \
            strings, runs {"text", "font": {family, size, bold, italic}, "color", "link"} and images \
            {"image": {…}, "verticalAlign", "margin", "link"} set in its lines (no box pieces). Lengths are in points, from 0 to 1000000 (offsets ±1000000); \
            font sizes from 0.01 to 10000; JSON nests at most 64 levels. Prints {"width", "height", "items"}, \
            one item for each input item: side, index, kind, visible and, when visible, frame; text adds \
            truncated and lines (and, when visible and it has any, inline: each image's piece index, \
            line, x, y, width and height in the item's frame, and links: each url's rects), a visible \
            box holding a line adds that line's layout as line. A bad value is named by its \
            JSON path (right[0].box.margin.left) and the exit status is 2. Fonts the collection lacks \
            (named in markup) are warnings on standard error. With --batch, reads JSON \
            Lines on standard input (LF or CRLF), one line object per input line, and prints one \
            layout per input line, blank ones included (a line that cannot be read gives \
            {"error": …}, and the exit status is then 2).
            """)

    @OptionGroup var addedFonts: FontOptions
    @OptionGroup var imageOptions: ImageOptions
    @OptionGroup var input: BatchOptions
    @Argument(help: "A JSON file holding one line; - for standard input.")
    var file: String?

    func validate() throws {
        try input.check(file, name: "FILE")
    }

    func run(on console: CommandConsole) async throws {
        let fonts = try addedFonts.collection()
        if input.batch {
            try await runBatch(fonts: fonts, console: console)
            return
        }
        let line = try LineRequest(fonts: fonts, images: imageOptions.files(for: file)).line(
            from: try console.contents(of: file!))
        let layout: MGLineLayout
        do {
            layout = try line.layout(fonts: fonts)
        } catch {
            throw RequestError(error.description)
        }
        let json = try layout.jsonValue.checkedJSON()
        for warning in layout.warnings { console.warn("mush: warning: \(warning)") }
        try console.write(json + "\n")
    }

    private func runBatch(fonts: FontCollection, console: CommandConsole) async throws {
        let request = LineRequest(fonts: fonts, images: imageOptions.files(for: nil))
        let run = BatchRun(jobs: input.count, console: console) { line, number in
            BatchAnswer.line(line, number: number, request: request)
        }
        try await run.runAndReport()
    }
}
