// Box engine speed: the layout call (flattening the tree, the flex algorithm, the rounded results) on
// the trees of BoxTrees, the same the rivals' script lays out with Taffy and Yoga (`Benchmarks/boxes.sh`
// puts them side by side). Each iteration lays out the whole tree once; the tree is built before.
import Benchmark
import BoxTrees
import MushBox

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(3),
        maxIterations: 200)
    for (name, tree) in [
        ("grid of 10,000 boxes", BoxTrees.grid()), ("4 levels of 10 (11,111 boxes)", BoxTrees.levels()),
        ("chain 1,000 deep", BoxTrees.chain()),
    ] {
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try BoxEngine.layout(tree))
            }
        }
    }
}
