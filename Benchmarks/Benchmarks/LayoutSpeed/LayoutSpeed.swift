// Layout speed of MushText on real text, side by side with Pango (`Benchmarks/layout.sh` runs both).
//
// Two corpora (`Benchmarks/Corpus/`): 213 short UI labels in 14 languages, and the 74 paragraphs of
// the GNU GPL v3 (about 400 characters each). DejaVu Sans 16 at width 304, as Pango's side.
// Each iteration lays out a whole corpus; the custom metric is nanoseconds per row (the corpus's
// time divided by its rows), so the tables read directly as time per row.
//
// - "new text": `Paragraph(document).layout(width: 304)` for each row, with the collection's
//   caches warm (fonts loaded, words seen before) — what a server measuring rows does, and what
//   Pango's cold mode does (new layout, warm font caches);
// - "first sight": the same with an empty word cache every iteration (a new `FontCollection` over
//   the same faces): every word is shaped by HarfBuzz;
// - "re-fit": a made paragraph laid out again at 5 widths (304, 240, 180, 120, 60); per re-fit;
// - "bare hb_shape + ICU": one `Shaper.shape` of the whole row (one hb_shape call, DejaVu Sans)
//   and one ICU line-break iteration (`TextBoundaries.lineBreaks`) — the floor any engine built
//   on these two libraries pays.

import Benchmark
import BenchmarkCorpus
import Foundation
import Mush
import MushText

let nanosecondsPerRow = BenchmarkMetric.custom("Time per row (ns)", polarity: .prefersSmaller, useScalingFactor: false)

/// Times `body` once per iteration and records the time divided by `rows`.
func measure(_ benchmark: Benchmark, rows: Int, before: () -> Void = {}, _ body: () throws -> Void) rethrows {
    let clock = ContinuousClock()
    for _ in benchmark.scaledIterations {
        before()
        let start = clock.now
        try body()
        let (seconds, attoseconds) = start.duration(to: clock.now).components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        benchmark.measurement(nanosecondsPerRow, Int((nanoseconds / Double(rows)).rounded()))
    }
}

let widths: [Double] = [304, 240, 180, 120, 60]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [nanosecondsPerRow, .mallocCountTotal], units: [nanosecondsPerRow: .count], warmupIterations: 3,
        maxDuration: .seconds(2), maxIterations: 2000)

    let sans = FontCollection.standard.faces(ofFamily: "DejaVu Sans").first { !$0.isBold && !$0.isItalic }!
    for (name, rows) in [("labels", corpus("labels.txt")), ("paragraphs", corpus("paragraphs.txt"))] {
        let documents = rows.map { MushDocument([(text: $0, attributes: .plain)]) }
        let units = rows.map { Array($0.utf16) }

        Benchmark("\(name): new text") { benchmark in
            try measure(benchmark, rows: rows.count) {
                for document in documents { blackHole(try Paragraph(document).layout(width: 304)) }
            }
        }
        Benchmark("\(name): first sight") { benchmark in
            var fonts = FontCollection(faces: FontCollection.standard.faces)
            try measure(benchmark, rows: rows.count, before: { fonts = FontCollection(faces: fonts.faces) }) {
                for document in documents { blackHole(try Paragraph(document, fonts: fonts).layout(width: 304)) }
            }
        }
        Benchmark("\(name): re-fit") { benchmark in
            let paragraphs = try documents.map { try Paragraph($0) }
            measure(benchmark, rows: rows.count * widths.count) {
                for paragraph in paragraphs {
                    for width in widths { blackHole(paragraph.layout(width: width)) }
                }
            }
        }
        Benchmark("\(name): bare hb_shape + ICU") { benchmark in
            try measure(benchmark, rows: rows.count) {
                for text in units {
                    blackHole(Shaper.shape(text, range: 0..<text.count, face: sans, size: 16))
                    blackHole(try TextBoundaries.lineBreaks(in: text))
                }
            }
        }
    }
}
