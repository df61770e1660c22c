// The text engine alone on a batch of measure requests, for Benchmarks/batch.sh: what `mush measure
// --batch` does for each line without reading standard input, writing JSON or the process around it.
//
//   BatchProbe ROWS.jsonl
//
// Reads the JSON Lines file into memory and makes every `MeasureRequest(json:fonts:)` first
// (untimed; a line that cannot be read is counted and left out), then times
// `request.measure(fonts:)` for every request on this one thread with ContinuousClock, twice: the
// first pass finds the standard fonts' word cache empty (new text, as a fresh `mush` process does),
// the second finds it holding the words the first pass left (the cache keeps about 20,000 words,
// so a large batch of varied text is only partly warm). The first row's time is printed apart: in
// the first pass it includes loading fontconfig's configuration if the row needs an installed font. Each result is dropped as soon as it is
// made, inside the timed loop, as the command drops it after writing it. With FLOOR=1, then the
// floor under any engine on the same rows (`floorPass`). With ANSWERS=1, then a pass of what the
// command does for each line in its worker, from the line's bytes to the result line and its
// warnings (`BatchAnswer.measure`: reading the JSON, measuring, writing the result), without the
// process, reading standard input and writing standard output (`answersPass`). With PASSES=0 the
// two timed passes are left out, so that the answers pass finds the word cache empty, as a fresh
// `mush` process does (after them it finds these very rows' words cached).
import Foundation
import MushJSON
import MushText

let arguments = CommandLine.arguments
guard arguments.count == 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: BatchProbe ROWS.jsonl\n".utf8))
    exit(2)
}

// WORD_CACHE=N: a word cache of N words instead of the standard fonts' (0 turns it off).
let fonts =
    ProcessInfo.processInfo.environment["WORD_CACHE"].flatMap(Int.init).map { capacity in
        FontCollection(
            faces: FontCollection.standard.faces, wordCacheCapacity: capacity,
            systemFonts: FontCollection.standard.systemFonts)
    } ?? FontCollection.standard
var requests: [MeasureRequest] = []
var unreadable = 0
for line in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
    do {
        requests.append(try MeasureRequest(json: Array(line), fonts: fonts))
    } catch {
        unreadable += 1
    }
}

/// One timed pass over every request: the seconds, the requests that failed, and the lines laid
/// out (so that the work is used).
func pass(_ requests: [MeasureRequest], fonts: FontCollection) -> (
    seconds: Double, failed: Int, lines: Int, first: Double
) {
    var failed = 0
    var lines = 0
    var first = 0.0
    let clock = ContinuousClock()
    let start = clock.now
    for request in requests {
        do {
            lines += try request.measure(fonts: fonts).layout.lines.count
        } catch {
            failed += 1
        }
        if first == 0 { first = seconds(start.duration(to: clock.now)) }
    }
    return (seconds(start.duration(to: clock.now)), failed, lines, first)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The floor under any engine on these rows, timed as LayoutSpeed's "bare hb_shape + ICU": each
/// row's text in UTF-16, shaped whole by one `hb_shape` call in DejaVu Sans 16 (no itemizing, no
/// fallback faces, no word cache: a script DejaVu Sans lacks shapes as missing glyphs, which is
/// cheaper than shaping it), and one ICU line-break iteration. Nothing is laid out or kept.
func floorPass(_ requests: [MeasureRequest]) throws -> (seconds: Double, glyphs: Int) {
    let sans = FontCollection.standard.faces(ofFamily: "DejaVu Sans").first { !$0.isBold && !$0.isItalic }!
    var glyphs = 0
    let clock = ContinuousClock()
    let start = clock.now
    for request in requests {
        let units = Array(request.text.utf16)
        glyphs += Shaper.shape(units, range: 0..<units.count, face: sans, size: 16).count
        glyphs += try TextBoundaries.lineBreaks(in: units).count
    }
    return (seconds(start.duration(to: clock.now)), glyphs)
}

/// One timed pass of `BatchAnswer.measure` over the lines (the word cache as the passes before
/// left it): the seconds, and the answers' warnings (so that the work is used; counted by what
/// every version of `BatchAnswer` has, so that counts.sh can build this probe at older commits).
// (Never inlined: callgrind toggles on this function by name.)
@inline(never)
func answersPass(_ lines: [[UInt8]], fonts: FontCollection) -> (seconds: Double, warnings: Int) {
    var warnings = 0
    let clock = ContinuousClock()
    let start = clock.now
    for (index, line) in lines.enumerated() {
        warnings += BatchAnswer.measure(line, number: index + 1, fonts: fonts).warnings.count
    }
    return (seconds(start.duration(to: clock.now)), warnings)
}

print("requests: \(requests.count) (lines that could not be read: \(unreadable))")
// PASSES=0: no timed passes (the ANSWERS pass then finds the word cache empty, as a fresh `mush`
// process does); PASSES=1: the first alone.
let passes = ProcessInfo.processInfo.environment["PASSES"].flatMap(Int.init) ?? 2
for (index, name) in ["new text, empty word cache", "same rows again, warm word cache"].prefix(passes).enumerated() {
    let (seconds, failed, lines, first) = pass(requests, fonts: fonts)
    let rate = Double(requests.count) / seconds
    let perRow = seconds * 1e6 / Double(max(1, requests.count))
    print(
        "pass \(index + 1) (\(name)): \(String(format: "%.0f", rate)) rows/s, "
            + "\(String(format: "%.2f", perRow)) us/row, \(String(format: "%.6f", seconds)) s, "
            + "\(lines) lines, \(failed) failed; first row \(String(format: "%.1f", first * 1e6)) us")
}
// FLOOR=1: the floor pass after the two passes, best of three.
if ProcessInfo.processInfo.environment["FLOOR"] == "1" {
    var best = Double.infinity
    var glyphs = 0
    for _ in 0..<3 {
        let pass = try floorPass(requests)
        (best, glyphs) = (min(best, pass.seconds), pass.glyphs)
    }
    let perRow = best * 1e6 / Double(max(1, requests.count))
    print(
        "floor (one hb_shape of the whole text in DejaVu Sans + one ICU line-break pass, best of 3): "
            + "\(String(format: "%.2f", perRow)) us/row (\(glyphs) glyphs and breaks)")
}
// ANSWERS=1: the command's work for each line, from its bytes to its answer.
if ProcessInfo.processInfo.environment["ANSWERS"] == "1" {
    let lines = data.split(separator: 0x0A, omittingEmptySubsequences: true).map { Array($0) }
    let (seconds, warnings) = answersPass(lines, fonts: fonts)
    print(
        "answers (BatchAnswer.measure: JSON read, measured, written): "
            + "\(String(format: "%.2f", seconds * 1e6 / Double(max(1, lines.count)))) us/row (\(warnings) warnings)")
}
