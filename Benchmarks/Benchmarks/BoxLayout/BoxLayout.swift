// Box engine speed: the layout call (flattening the tree, the flex or grid algorithm, the rounded results) on
// the trees of BoxTrees, the same the rivals' script lays out with Taffy and Yoga (`Benchmarks/boxes.sh`
// puts them side by side). Each iteration lays out the whole tree once; the tree is built before.
// The text cards and MGLine rows (BoxTrees/TextTrees.swift, shipped fonts) are timed twice: building
// the tree (making the leaves: parsing and shaping their text, on a warm word cache) and the layout
// call (measuring the leaves at the widths given, the boxes, and the results with each leaf placed).
import Benchmark
import BoxTrees
import MushBox
import MushText

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(3),
        maxIterations: 200)
    for (name, tree) in [
        ("grid of 10,000 boxes", BoxTrees.grid()), ("4 levels of 10 (11,111 boxes)", BoxTrees.levels()),
        ("chain 1,000 deep", BoxTrees.chain()), ("CSS grid of 10,000 boxes", BoxTrees.cssGrid()),
        ("100 CSS grids of 100 boxes in a grid", BoxTrees.nestedGrids()),
    ] {
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try BoxEngine.layout(tree))
            }
        }
    }
    let fonts = FontCollection.shipped
    let makers: [(String, @Sendable () throws -> BoxNode)] = [
        ("cards 1,000", { try BoxTrees.cards(fonts: fonts) }), ("rows 1,000", { try BoxTrees.rows(fonts: fonts) }),
    ]
    for (name, make) in makers {
        guard let tree = try? make() else { fatalError("\(name): the tree could not be built") }
        Benchmark("\(name): layout") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try BoxEngine.layout(tree))
            }
        }
        Benchmark("\(name): build (shaping)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try make())
            }
        }
    }
}
