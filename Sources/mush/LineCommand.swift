import ArgumentParser
import Dispatch
import Foundation
import MushJSON
import MushLine
import MushText

/// `mush line`: lay out an MGLine row and print where its items go.
struct LineCommand: ParsableCommand {
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

    @Option(name: .customLong("fonts"), help: "A font file or folder to add (repeatable).")
    var fontPaths: [String] = []
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

    func run() throws {
        let fonts = try FontCollection.standard.adding(fontPaths)
        if batch {
            try runBatch(fonts: fonts)
            return
        }
        let line = try LineRequest(fonts: fonts).line(from: try Self.read(file!))
        let layout: MGLineLayout
        do {
            layout = try line.layout(fonts: fonts)
        } catch {
            throw RequestError(error.description)
        }
        let json = try layout.jsonValue.checkedJSON()
        for warning in layout.warnings { Standard.error("mush: warning: \(warning)") }
        Standard.output(json + "\n")
    }

    /// A file's bytes, or standard input's for `-`.
    static func read(_ path: String) throws(RequestError) -> [UInt8] {
        if path == "-" { return Standard.input() }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw RequestError("no such file: \(path)")
        }
        guard !isFolder.boolValue else { throw RequestError("\(path) is a folder, not a JSON file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw RequestError("cannot read \(path)") }
        return [UInt8](data)
    }

    private func runBatch(fonts: FontCollection) throws {
        let request = LineRequest(fonts: fonts)
        var failed = false
        var number = 0
        var chunk: [(number: Int, line: Result<MGLine, RequestError>)] = []

        func flush() {
            let layouts = Self.layOut(chunk.compactMap { try? $0.line.get() }, fonts: fonts)
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
                        for warning in layout.warnings { Standard.error("mush: warning: line \(number): \(warning)") }
                    }
                case .failure(let error):
                    failed = true
                    output += JSONValue.errorLine("line \(number): \(error)")
                }
            }
            Standard.output(output)
            chunk.removeAll(keepingCapacity: true)
        }

        var reader = LineReader()
        while let bytes = reader.next() {
            number += 1
            chunk.append((number, Result { () throws(RequestError) in
                guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else {
                    throw RequestError("empty line (expected a JSON object)")
                }
                return try request.line(from: bytes)
            }))
            if chunk.count == Self.batchChunk { flush() }
        }
        flush()
        if failed { throw ExitCode(2) }
    }

    /// Lays the lines out on all cores, in order; each result is a layout or why that line failed.
    static func layOut(_ lines: [MGLine], fonts: FontCollection) -> [Result<MGLineLayout, MGLineError>] {
        guard !lines.isEmpty else { return [] }
        let all = waitFor { () async -> Result<[MGLineLayout], MGLineError> in
            do throws(MGLineError) {
                return .success(try await MGLine.layout(lines, fonts: fonts))
            } catch {
                return .failure(error)
            }
        }
        if case .success(let layouts) = all { return layouts.map { .success($0) } }
        // The batch stops at its first error: lay the lines out one by one so that each line gets
        // its own result (the reader has checked the values, so this is rare: ICU failing).
        return lines.map { line in Result { () throws(MGLineError) in try line.layout(fonts: fonts) } }
    }
}

/// Runs async work from synchronous code and returns its result. The work runs on the global
/// concurrent executor while the calling thread blocks on a semaphore, so the caller must not be
/// one of that executor's threads: a command's `run()` runs on the main thread, which is fine.
private func waitFor<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let slot = ResultSlot<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        slot.value = await work()
        done.signal()
    }
    done.wait()
    return slot.value!
}

/// Where `waitFor` leaves its result: written once by the task before it signals the semaphore,
/// read once by the waiting thread after it, so the semaphore orders the two.
private final class ResultSlot<T>: @unchecked Sendable {
    var value: T?
}
