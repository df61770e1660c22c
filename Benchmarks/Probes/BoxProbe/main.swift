import BoxTrees
// The box engine alone on the trees of Benchmarks/Rivals/box_rivals.py, for boxes.sh: the best time
// of the layout call over several runs (the tree built before timing, the results included, as
// BoxEngine.layout returns them), in µs per node, and the heap the input tree and the results hold,
// in bytes per node (the growth of the resident set, read from /proc/self/statm, as the rivals' script
// measures it; one tree per process, so that freed memory is not reused). Build with
// `swift build -c release --product BoxProbe` from here.
import Glibc
import MushBox

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

/// The resident set, in bytes.
func heap() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 128)
    guard fgets(&line, 128, file) != nil else { return 0 }
    let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(
        separator: " ")
    guard fields.count > 1, let resident = Int(fields[1]) else { return 0 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}

// BoxProbe TREE [RUNS]: TREE is grid, levels or chain.
let trees: [String: (String, () -> BoxNode)] = [
    "grid": ("grid 10,000", BoxTrees.grid), "levels": ("4 levels of 10", { BoxTrees.levels() }),
    "chain": ("chain 1,000", BoxTrees.chain),
]
let arguments = CommandLine.arguments.dropFirst()
guard let key = arguments.first, let (name, make) = trees[key] else {
    print("usage: BoxProbe grid|levels|chain [runs]")
    exit(2)
}
let runs = Int(arguments.dropFirst().first ?? "") ?? 20
do {
    let before = heap()
    let tree = make()
    let nodes = tree.count
    let inputBytes = heap() - before
    var best = Double.infinity
    var size = ""
    var resultBytes = 0
    for _ in 0..<runs {
        let start = now()
        let layout = try! BoxEngine.layout(tree)
        let elapsed = now() - start
        best = min(best, elapsed)
        if size.isEmpty {
            size = "\(Int(layout.width))×\(Int(layout.height))"
            resultBytes = heap() - before - inputBytes
        }
    }
    let perNode = best / Double(nodes)
    print(
        "\(name)\t\(nodes)\t\(Int(best))\t\((perNode * 1000).rounded() / 1000)\t\(inputBytes / nodes)\t\(resultBytes / nodes)\t\(size)"
    )
}
