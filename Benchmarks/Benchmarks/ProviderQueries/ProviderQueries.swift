// MGBoxProvider: the cost of "which rows are in view at this offset" for tables of 1,000, 100,000
// and 1,000,000 rows, which should not grow with the row count (the heights are a Fenwick tree:
// O(log n) a query, then the rows in view laid out).
//
// The rows: `MGLine(left: "Message N", right: "12:34")` at width 320, padding 16 left and right,
// `minHeight` 44 (so 44 high), the right-hand text in DejaVu Sans 14, shipped fonts; estimated at 40.
// The view: 480 points at the middle of the table (11 rows).
//
// - "indices": `indices(in:)`, the rows a view would show by the heights known, no row made or laid
//   out; 1,000 queries an iteration at offsets one point apart (the figure is per query);
// - "rows, measured": `rows(in:)` on rows measured before: the query, then each row in view made by
//   the closure and laid out by the row engine (its texts shaped; warm word cache), as a scroll view
//   asks again for the rows it shows;
// - "rows, not measured": the same on rows never measured (each iteration first gives the rows in
//   view their estimate again with `invalidate(rows:)`, not timed), so each measured height is
//   recorded in the tree and moves the rows below.
import Benchmark
import MushLine
import MushMGBox
import MushText

/// The provider a benchmark queries and measures, kept between its iterations.
final class Table: @unchecked Sendable {
    var provider: MGBoxProvider
    init(_ provider: MGBoxProvider) { self.provider = provider }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2), maxIterations: 5_000)
    let fonts = FontCollection.shipped
    let makeRow: @Sendable (Int) -> MGLine = { index in
        var line = MGLine(left: .text("Message \(index)"), right: "12:34", width: 0, height: 0)
        line.padding = MGLine.Insets(left: 16, right: 16)
        line.minHeight = 44
        line[.right].font = MGLine.Font(size: 14)
        return line
    }
    for (count, name) in [(1_000, "1,000"), (100_000, "100,000"), (1_000_000, "1,000,000")] {
        func table() -> MGBoxProvider {
            guard
                let table = try? MGBoxProvider(
                    count: count, estimatedHeight: 40, width: 320, fonts: fonts, row: makeRow)
            else { fatalError("the table of \(count) rows could not be made") }
            return table
        }
        let middle = Double(count) * 40 / 2

        let estimated = table()
        Benchmark("indices, \(name) rows", configuration: .init(scalingFactor: .kilo)) { benchmark in
            for step in benchmark.scaledIterations {
                let offset = middle + Double(step)
                blackHole(estimated.indices(in: offset..<offset + 480))
            }
        }

        let measured = Table(table())
        guard let first = try? measured.provider.rows(in: middle..<middle + 480), first.count == 11 else {
            fatalError("the view of \(count) rows did not hold 11 rows")
        }
        Benchmark("rows, measured, \(name) rows") { _ in
            blackHole(try measured.provider.rows(in: middle..<middle + 480))
        }

        let fresh = Table(table())
        Benchmark("rows, not measured, \(name) rows") { benchmark in
            let view = fresh.provider.indices(in: middle..<middle + 480)
            fresh.provider.invalidate(rows: view.lowerBound..<min(count, view.upperBound + 2))
            benchmark.startMeasurement()
            blackHole(try fresh.provider.rows(in: middle..<middle + 480))
            benchmark.stopMeasurement()
        }
    }
}
