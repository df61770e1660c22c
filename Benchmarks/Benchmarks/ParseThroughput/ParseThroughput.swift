// Parse throughput of `Mush.parse(_:)` in MB/s (UTF-8 bytes of input per second, 1 MB = 10^6 B).
//
// Each benchmark times every `Mush.parse` call itself and records bytes/second in the custom metric
// `Parse throughput (B/s)`. The benchmark library prints integers only, so that metric is shown in
// units of K (kB/s: divide by 1000 for MB/s, three decimals kept); `run.sh` prints the MB/s table.
// Wall clock per iteration is recorded as well. For the pathological shapes the MB/s must stay flat
// from 10k to 1M characters: that is what "linear in the input" (spec rule 6) looks like.

import Benchmark
import Mush

/// Bytes per second; displayed with units `.kilo` (kB/s) so that slow cases keep their digits.
let parseThroughput = BenchmarkMetric.custom(
    "Parse throughput (B/s)", polarity: .prefersLarger, useScalingFactor: false)

/// Parses every input in `inputs` (one timing for the whole batch) and records bytes per second.
@inline(never)
func measure(_ benchmark: Benchmark, _ inputs: [String], bytes: Int) {
    let clock = ContinuousClock()
    for _ in benchmark.scaledIterations {
        let start = clock.now
        for input in inputs {
            blackHole(Mush.parse(input))
        }
        let elapsed = start.duration(to: clock.now)
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        if nanoseconds > 0 {
            benchmark.measurement(parseThroughput, Int((Double(bytes) * 1e9 / nanoseconds).rounded()))
        }
    }
}

func configuration(bytes: Int) -> Benchmark.Configuration {
    // Enough samples for a stable median, while keeping the whole suite to about a minute or two:
    // small inputs stop at 500 iterations, large ones at 1.5 s of measurement.
    .init(
        metrics: [.wallClock, parseThroughput],
        units: [parseThroughput: .kilo],
        warmupIterations: bytes >= 1_000_000 ? 1 : 5,
        maxDuration: .milliseconds(bytes >= 1_000_000 ? 1_500 : 500),
        maxIterations: 500
    )
}

/// Registers one benchmark that parses `inputs` (built lazily in setup, outside the measurement).
/// `approximateBytes` only picks the iteration limits; the measurement uses the exact size.
func register(_ name: String, approximateBytes: Int, _ makeInputs: @escaping @Sendable () -> [String]) {
    Benchmark(name, configuration: configuration(bytes: approximateBytes)) { benchmark, inputs in
        measure(benchmark, inputs, bytes: inputs.reduce(0) { $0 + $1.utf8.count })
    } setup: {
        makeInputs()
    }
}

let benchmarks: @Sendable () -> Void = {
    // Realistic inputs.
    register("rows, 1000 parsed one by one", approximateBytes: 20_000) { rows(count: 1_000) }
    register("rows, 1000 joined by newlines", approximateBytes: 20_000) { [rows(count: 1_000).joined(separator: "\n")] }
    register("paragraph, English 4 KB", approximateBytes: 4_000) { [englishParagraph] }
    register("paragraph, international 4 KB", approximateBytes: 4_000) { [internationalParagraph] }
    register("paragraphs, mixed 100 KB", approximateBytes: 100_000) {
        var text = ""
        var i = 0
        while text.utf8.count < 100_000 {
            text += (i.isMultiple(of: 2) ? englishParagraph : internationalParagraph) + "\n\n"
            i += 1
        }
        return [text]
    }

    // Pathological shapes, each at 10k, 100k and 1M characters.
    for shape in pathologicalShapes {
        for (label, count) in pathologicalSizes {
            register("\(shape.name) \(label)", approximateBytes: count) { [shape.make(count)] }
        }
    }
}
