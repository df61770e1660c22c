// Row layout speed of MushLine: rows per second for 10,000 rows of real mixed content at width 320,
// on one core and on two, and how much of that time is text (`Benchmarks/rows.sh` prints the table).
//
// The rows, made deterministically from `Benchmarks/Corpus/` (213 UI labels in 14 languages, the 74
// paragraphs of the GNU GPL v3), row i of 10,000:
//
// - 4 rows in 5 (8,000) are label rows: `MGLine(width: 320, height: 44)`, padding 16 left and right,
//   left: the next label of `labels.txt` (each label appears about 38 times), DejaVu Sans 16;
//   right (right-hand text in DejaVu Sans 14), by the label row's number modulo 5 (213 and 5 are
//   coprime, so every label meets every kind):
//     0: a 20×20 image (a disclosure chevron),
//     1: a count ("37") and the 20×20 chevron,
//     2: a date or a time ("14 Mar", "09:41"),
//     3: a 51×31 box (a switch),
//     4: a count alone;
// - 1 row in 5 (2,000) is a Mush row: `MGLine.multilineLeft(paragraph + "|mush", right: a 60×60
//   image, width: 320, minHeight: 44)` with padding 16 left and right and 8 top and bottom;
//   `multilineLeft` gives the right side precedence, so the image keeps its 60 points and the text
//   wraps at 228 (with left precedence the text would take the whole row and drop the image). The
//   paragraph is the next of `paragraphs.txt` (each appears 27 times) with one word in the first
//   half made `**bold**` and three words in the second half made `//italic//`, at places that change
//   from one use of the paragraph to the next.
//
// Every benchmark does its share of the work for the same 10,000 rows in each iteration and reports
// "Rows per second": 10,000 divided by the iteration's time (median over the iterations in the
// tables). What an iteration makes (the 10,000 layouts, or the texts' paragraphs and layouts) is kept
// until the clock has stopped, as a caller keeps layouts to draw them; dropping it is timed on its
// own, "Dropping the results (ns per row)" (freeing thousands of paragraphs at once is not cheap).
// Making a fresh font collection for "first sight" is not timed.
//
// - "rows, 1 core" / "rows, 2 cores": `MGLine.layout(rows, fonts:, maxConcurrency: 1 or 2)`, the
//   batch API, with the fonts' shaped-word cache already filled by a pass over the same rows in the
//   setup ("warm": a list re-laid out, or rows whose words were seen before). The batch API's tasks
//   run on two threads of this file's own (`withTaskExecutorPreference`, see `Workers`): while an
//   async benchmark runs, the benchmark library's runner blocks one thread of Swift's global pool,
//   which on a 2-core machine has two, so with the global pool "2 cores" ran on one thread;
// - "… first sight": the same with an empty word cache every iteration (a new `FontCollection` over
//   the same, already loaded faces). The 10,000 rows reuse a corpus of 287 texts, so each distinct
//   word is shaped by HarfBuzz once per iteration and found in the cache after that;
// - "text only, 1 core" (and "… first sight"): the same texts with MushText alone, what MushLine
//   has to do for them at the least: the Mush rows' markup parsed (`Mush.parse`), each text made a
//   `Paragraph(document, style:, fonts:)` with the style MushLine gives it, and laid out as MushLine
//   fits it: a single-line text at its natural width, and again at its room (cut with "…") when it
//   does not fit; a label's room is 288, a right-hand text's is 288 minus the label and the chevron;
//   a Mush paragraph's is 228; each paragraph and its layout kept, as `MGLineLayout.Text` keeps them.
//   The share of the row time that is not text is then
//   1 − (text only time / rows time) = 1 − (rows/s of "rows") / (rows/s of "text only"). (There is
//   no public way to time a row with its text already shaped, so the share is this difference.)
// - "Mush.parse only": the 2,000 Mush rows' markup parsed, nothing else, per 10,000 rows: the part
//   of "text only" that is parsing rather than shaping and line breaking.
//
// With `ROW_LAYOUT_MIX=1` in the environment the setup prints what the rows came out as (truncated
// labels, dropped items, Mush row heights) to standard error.

import Benchmark
import BenchmarkCorpus
import Foundation
import Mush
import MushLine
import MushText

let rowsPerSecond = BenchmarkMetric.custom("Rows per second", polarity: .prefersLarger, useScalingFactor: false)
let dropNanoseconds = BenchmarkMetric.custom("Dropping the results (ns per row)", useScalingFactor: false)

/// One row of the benchmark, as data: made into an `MGLine`, or into the text work alone.
enum Row {
    enum Right {
        case chevron
        case countAndChevron(String)
        case date(String)
        case toggle
        case count(String)
    }

    case label(String, Right)
    /// Mush markup, without the `|mush` suffix.
    case paragraph(String)
}

let rowCount = 10_000
let rowWidth = 320.0
let sidePadding = 16.0
/// The inner width of every row: 320 − 2 × 16.
let inner = rowWidth - 2 * sidePadding
let chevron = MGLine.Image(width: 20, height: 20)
let toggle = MGLine.Box(width: 51, height: 31)
let picture = MGLine.Image(width: 60, height: 60)
let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

/// The 10,000 rows described at the top of the file.
func makeRows() -> [Row] {
    let labels = corpus("labels.txt")
    let paragraphs = corpus("paragraphs.txt")
    precondition(labels.count == 213 && paragraphs.count == 74, "Benchmarks/Corpus is not the expected corpus")
    var rows: [Row] = []
    rows.reserveCapacity(rowCount)
    var labelNumber = 0
    var paragraphNumber = 0
    for index in 0..<rowCount {
        if index % 5 == 4 {
            let use = paragraphNumber / paragraphs.count
            rows.append(.paragraph(marked(paragraphs[paragraphNumber % paragraphs.count], use: use)))
            paragraphNumber += 1
        } else {
            let j = labelNumber
            let count = String((j * 37) % 120 + 1)
            let right: Row.Right =
                switch j % 5 {
                case 0: .chevron
                case 1: .countAndChevron(count)
                case 2:
                    .date(
                        j % 2 == 0
                            ? "\(j % 28 + 1) \(months[(j / 28) % 12])"
                            : String(format: "%02d:%02d", j % 24, (j * 7) % 60))
                case 3: .toggle
                default: .count(count)
                }
            rows.append(.label(labels[j % labels.count], right))
            labelNumber += 1
        }
    }
    return rows
}

/// `paragraph` with a bold word in its first half and three italic words in its second, placed by
/// `use` (0 the first time the paragraph is used, 1 the second, …).
func marked(_ paragraph: String, use: Int) -> String {
    var words = paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    let half = words.count / 2
    guard half >= 1, words.count - half >= 3 else { return paragraph }
    let bold = (use * 7 + 2) % half
    let italic = half + (use * 11 + 1) % (words.count - half - 2)
    words[bold] = "**" + words[bold] + "**"
    words[italic] = "//" + words[italic]
    words[italic + 2] += "//"
    return words.joined(separator: " ")
}

/// The row as a line.
func line(_ row: Row) -> MGLine {
    switch row {
    case .label(let label, let right):
        let items: [MGLine.Item] =
            switch right {
            case .chevron: [.image(chevron)]
            case .countAndChevron(let count): [.text(count), .image(chevron)]
            case .date(let date): [.text(date)]
            case .toggle: [.box(toggle)]
            case .count(let count): [.text(count)]
            }
        var line = MGLine(width: rowWidth, height: 44, left: [.text(label)], right: items)
        line.padding = MGLine.Insets(left: sidePadding, right: sidePadding)
        line.rightFont = MGLine.Font(size: 14)
        return line
    case .paragraph(let markup):
        var line = MGLine.multilineLeft(markup + "|mush", right: .image(picture), width: rowWidth, minHeight: 44)
        line.padding = MGLine.Insets(top: 8, left: sidePadding, bottom: 8, right: sidePadding)
        return line
    }
}

// The styles MushLine gives these texts (`PreparedText`): single-line text at most one line with an
// end ellipsis; right-hand text right-aligned; multiline text without limits.
let labelStyle = ParagraphStyle(fontSize: 16, alignment: .left, maxLines: 1, ellipsize: .end)
let rightStyle = ParagraphStyle(fontSize: 14, alignment: .right, maxLines: 1, ellipsize: .end)
let paragraphStyle = ParagraphStyle(fontSize: 16, alignment: .left, ellipsize: .end)

/// Whole points, as MushLine rounds: text widths up, rooms down.
func up(_ value: Double) -> Double { (value - 1e-6).rounded(.up) }
func down(_ value: Double) -> Double { (value + 1e-6).rounded(.down) }

/// A text laid out, kept as an `MGLineLayout.Text` keeps it.
struct TextResult {
    let paragraph: Paragraph
    let layout: ParagraphLayout
}

/// A single-line text fitted to `room` as MushLine fits it; returns its width.
func fitSingleLine(
    _ text: String, style: ParagraphStyle, room: Double, fonts: FontCollection, into results: inout [TextResult]
) throws -> Double {
    let paragraph = try Paragraph(MushDocument([(text: text, attributes: .plain)]), style: style, fonts: fonts)
    let natural = paragraph.layout(width: nil)
    let width = up(natural.width)
    guard width > room else {
        results.append(TextResult(paragraph: paragraph, layout: natural))
        return width
    }
    results.append(TextResult(paragraph: paragraph, layout: paragraph.layout(width: room)))
    return room
}

/// The text work of `row` alone, with MushText.
func layoutText(_ row: Row, fonts: FontCollection, into results: inout [TextResult]) throws {
    switch row {
    case .label(let label, let right):
        let used = try fitSingleLine(label, style: labelStyle, room: inner, fonts: fonts, into: &results)
        // Left precedence: the right side gets what the label left; it is sized from its outermost
        // item inwards, so the chevron (when it fits) comes off the count's room.
        let limit = max(0, inner - used)
        switch right {
        case .countAndChevron(let text):
            let room = down(limit >= 20 ? limit - 20 : limit)
            _ = try fitSingleLine(text, style: rightStyle, room: room, fonts: fonts, into: &results)
        case .date(let text), .count(let text):
            _ = try fitSingleLine(text, style: rightStyle, room: down(limit), fonts: fonts, into: &results)
        case .chevron, .toggle:
            break
        }
    case .paragraph(let markup):
        let paragraph = try Paragraph(Mush.parse(markup), style: paragraphStyle, fonts: fonts)
        results.append(TextResult(paragraph: paragraph, layout: paragraph.layout(width: inner - picture.width)))
    }
}

/// The text work of all the rows, kept.
func layoutTexts(_ rows: [Row], fonts: FontCollection) throws -> [TextResult] {
    var results: [TextResult] = []
    for row in rows { try layoutText(row, fonts: fonts, into: &results) }
    return results
}

/// Threads of our own that run the batch API's tasks. The benchmark library runs an async benchmark
/// in a task and waits for it with a semaphore on the runner's thread, which is itself a thread of
/// Swift's global pool (the runner is a nonisolated async function). The global pool has as many
/// threads as cores, so on 2 cores the batch API's two workers shared the one thread left: "2 cores"
/// was no faster than one, and took no more CPU time. With a preference for these threads
/// (SE-0417), the batch API's task group runs its child tasks here instead.
final class Workers: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init(threads: Int) {
        for _ in 0..<threads {
            Thread { [unowned self] in self.work() }.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Times `body` once per iteration (after `before`, untimed) and records 10,000 rows over the time;
/// then drops what `body` made and records how long that took, per row.
func measure<Result>(
    _ benchmark: Benchmark, before: () -> Void = {}, _ body: () async throws -> Result
) async rethrows {
    let clock = ContinuousClock()
    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    for _ in benchmark.scaledIterations {
        before()
        let start = clock.now
        var kept: Result? = try await body()
        let made = clock.now
        blackHole(kept)
        kept = nil
        let dropped = clock.now
        let rate = Double(rowCount) / seconds(start.duration(to: made))
        let drop = seconds(made.duration(to: dropped)) * 1e9 / Double(rowCount)
        benchmark.measurement(rowsPerSecond, Int(rate.rounded()))
        benchmark.measurement(dropNanoseconds, Int(drop.rounded()))
    }
}

/// What the rows came out as, on standard error.
func describe(_ rows: [Row], _ layouts: [MGLineLayout]) {
    var labelRows = 0
    var truncatedLabels = 0
    var droppedRight = 0
    var truncatedRight = 0
    var paragraphRows = 0
    var keptPictures = 0
    var heights = 0.0
    var lines = 0
    for (row, layout) in zip(rows, layouts) {
        let left = layout.items.first { $0.side == .left }!
        let right = layout.items.filter { $0.side == .right }
        switch row {
        case .label:
            labelRows += 1
            if left.text!.isTruncated { truncatedLabels += 1 }
            droppedRight += right.filter { !$0.isVisible }.count
            truncatedRight += right.filter { $0.text?.isTruncated ?? false }.count
        case .paragraph:
            paragraphRows += 1
            if right.allSatisfy(\.isVisible) { keptPictures += 1 }
            heights += layout.height
            lines += left.text!.layout.lines.count
        }
    }
    let message = """
        RowLayout mix: \(labelRows) label rows (\(truncatedLabels) labels cut with an ellipsis, \(droppedRight) \
        right items dropped, \(truncatedRight) right texts cut); \(paragraphRows) Mush rows (\(keptPictures) \
        keep their image; \(Double(lines) / Double(paragraphRows)) lines, \(heights / Double(paragraphRows)) \
        points tall on average)

        """
    FileHandle.standardError.write(Data(message.utf8))
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [rowsPerSecond, dropNanoseconds, .cpuTotal, .wallClock, .mallocCountTotal],
        units: [rowsPerSecond: .count, dropNanoseconds: .count], warmupIterations: 1,
        maxDuration: .seconds(3), maxIterations: 100)

    let rows = makeRows()
    let lines = rows.map(line)
    let markups = rows.compactMap { row -> String? in
        if case .paragraph(let markup) = row { markup } else { nil }
    }
    let workers = Workers(threads: 2)
    // One collection for the warm runs, filled by a pass over the rows before each of them.
    let warm = FontCollection(faces: FontCollection.standard.faces)
    let fill: Benchmark.BenchmarkSetupHook = {
        let layouts = try await MGLine.layout(lines, fonts: warm, maxConcurrency: 1)
        if ProcessInfo.processInfo.environment["ROW_LAYOUT_MIX"] == "1" { describe(rows, layouts) }
    }

    for cores in [1, 2] {
        let name = cores == 1 ? "1 core" : "2 cores"
        Benchmark("rows, \(name)", configuration: .init(setup: fill)) { benchmark in
            try await measure(benchmark) {
                try await withTaskExecutorPreference(workers) {
                    try await MGLine.layout(lines, fonts: warm, maxConcurrency: cores)
                }
            }
        }
        Benchmark("rows, \(name), first sight") { benchmark in
            var fonts = FontCollection(faces: FontCollection.standard.faces)
            try await measure(benchmark, before: { fonts = FontCollection(faces: fonts.faces) }) {
                try await withTaskExecutorPreference(workers) {
                    try await MGLine.layout(lines, fonts: fonts, maxConcurrency: cores)
                }
            }
        }
    }
    Benchmark("text only, 1 core", configuration: .init(setup: fill)) { benchmark in
        try await measure(benchmark) {
            try layoutTexts(rows, fonts: warm)
        }
    }
    Benchmark("text only, 1 core, first sight") { benchmark in
        var fonts = FontCollection(faces: FontCollection.standard.faces)
        try await measure(benchmark, before: { fonts = FontCollection(faces: fonts.faces) }) {
            try layoutTexts(rows, fonts: fonts)
        }
    }
    Benchmark("Mush.parse only") { benchmark in
        await measure(benchmark) {
            markups.map(Mush.parse)
        }
    }
}
