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
            whose width may be left out. Lengths are in points, from 0 to 1000000 (offsets ±1000000); \
            font sizes from 0.01 to 10000; JSON nests at most 64 levels. Prints {"width", "height", "items"}, \
            one item for each input item: side, index, kind, visible and, when visible, frame; text adds \
            truncated and lines, a visible box holding a line adds that line's layout as line. A bad value is named by its \
            JSON path (right[0].box.margin.left) and the exit status is 2. Fonts the collection lacks \
            (named in markup) are warnings on standard error. With --batch, reads JSON \
            Lines on standard input (LF or CRLF), one line object per input line, and prints one \
            layout per input line, blank ones included (a line that cannot be read gives \
            {"error": …}, and the exit status is then 2).
            """)

    @OptionGroup var addedFonts: FontOptions
    @Flag(help: "Read JSON Lines on standard input and print one layout per line.")
    var batch = false
    @Argument(help: "A JSON file holding one line; - for standard input.")
    var file: String?

    /// Lines laid out together in `--batch`: enough to keep every core busy, few enough that the
    /// layouts (each holding its shaped text) stay small in memory and output comes steadily.
    static let batchChunk = 4096

    func validate() throws {
        if batch, file != nil { throw ValidationError("--batch reads standard input; give no FILE") }
        if !batch, file == nil { throw ValidationError("give a FILE.json, or - to read standard input") }
    }

    func run(on console: CommandConsole) async throws {
        let fonts = try addedFonts.collection()
        if batch {
            try await runBatch(fonts: fonts, console: console)
            return
        }
        let line = try LineRequest(fonts: fonts).line(from: try console.contents(of: file!))
        let layout: MGLineLayout
        do {
            layout = try line.layout(fonts: fonts)
        } catch {
            throw RequestError(error.description)
        }
        let json = try layout.jsonValue.checkedJSON()
        for warning in layout.warnings { console.warn("mush: warning: \(warning)") }
        console.output(json + "\n")
    }

    private func runBatch(fonts: FontCollection, console: CommandConsole) async throws {
        let request = LineRequest(fonts: fonts)
        var failed = false
        var number = 0
        var chunk: [(number: Int, line: Result<MGLine, RequestError>)] = []

        func flush() async {
            let layouts = await Self.layOut(chunk.compactMap { try? $0.line.get() }, fonts: fonts)
            var next = layouts.startIndex
            var output = ""
            for (number, line) in chunk {
                var result: Result<MGLineLayout, RequestError>
                switch line {
                case .success:
                    result = layouts[next].mapError { RequestError($0.description) }
                    next += 1
                case .failure(let error):
                    result = .failure(error)
                }
                let json = result.flatMap { layout in
                    Result { () throws(RequestError) in try layout.jsonValue.checkedJSON() }
                }
                switch json {
                case .success(let json):
                    output += json + "\n"
                    if case .success(let layout) = result {
                        for warning in layout.warnings { console.warn("mush: warning: line \(number): \(warning)") }
                    }
                case .failure(let error):
                    failed = true
                    output += JSONValue.errorLine("line \(number): \(error)")
                }
            }
            console.output(output)
            chunk.removeAll(keepingCapacity: true)
        }

        var reader = console.inputLines()
        while let bytes = reader.next() {
            number += 1
            chunk.append(
                (
                    number,
                    Result { () throws(RequestError) in
                        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else {
                            throw RequestError("empty line (expected a JSON object)")
                        }
                        return try request.line(from: bytes)
                    }
                ))
            if chunk.count == Self.batchChunk { await flush() }
        }
        await flush()
        if failed { throw ExitCode(2) }
    }

    /// Lays the lines out on all cores, in order; each result is a layout or why that line failed.
    static func layOut(_ lines: [MGLine], fonts: FontCollection) async -> [Result<MGLineLayout, MGLineError>] {
        guard !lines.isEmpty else { return [] }
        do throws(MGLineError) {
            return try await MGLine.layout(lines, fonts: fonts).map { .success($0) }
        } catch {
            // The batch stops at its first error: lay the lines out one by one so that each line gets
            // its own result (the reader has checked the values, so this is rare: ICU failing).
            return lines.map { line in Result { () throws(MGLineError) in try line.layout(fonts: fonts) } }
        }
    }
}
