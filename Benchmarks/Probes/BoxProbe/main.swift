import BoxTrees
// The box engine alone on the trees of Benchmarks/Rivals/box_rivals.py, for boxes.sh: the best time
// of the layout call over several runs (the tree built before timing, the results included, as
// BoxEngine.layout returns them), in µs per node, and the heap the input tree and the results hold,
// in bytes per node (the growth of the resident set, read from /proc/self/statm, as the rivals' script
// measures it; one tree per process, so that freed memory is not reused). Build with
// `swift build -c release --product BoxProbe` from here.
//
// BoxProbe grid|levels|chain|cssgrid|nestedgrid [RUNS] [--dump DIR]: one line, tab-separated: the
// tree, nodes, best µs, µs per node, input bytes per node, result bytes per node, the root's size,
// and the checksum (the sum of every node's x + y + width + height, as the rivals' script sums
// Taffy's and Yoga's); then the same for the tree retained. cssgrid and nestedgrid are CSS grids
// (issue 58; Taffy only among the rivals). With --dump, DIR/NAME-frames.json holds every node's
// frame, rounded and unrounded, which the rivals' script compares with theirs.
//
// BoxProbe cards|rows [RUNS] [--dump DIR]: the same line for 1,000 text cards or 1,000 MGLine rows
// (BoxTrees/TextTrees.swift; the shipped fonts only, as Pango sees them in boxes.sh), whose input
// bytes include the shaped text (and the word cache the first build fills), then a line of `key
// value` pairs: the leaves' build (shaping) on an empty word cache and the best of RUNS on a warm
// one, the layout call, their sum, the box part alone (the same tree with leaves that answer from a
// table of what the real leaves answered: no text work), how many times the engine asked the leaves,
// and the sum of the text's heights. With --dump, DIR/NAME.json is the tree with those answers for
// the rivals' script, DIR/NAME-pango.tsv the texts as laid out, for pango_measure --styled, and DIR/NAME-heights.txt
// their heights, one a line.
import Glibc
import Mush
import MushBox
import MushLine
import MushText
import ProbeClock

func fail(_ message: String) -> Never {
    let text = "BoxProbe: \(message)\n"
    _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
    exit(2)
}

/// The value `body` gives, or the error it throws named and the probe stopped.
func must<T>(_ body: () throws -> T) -> T {
    do { return try body() } catch { fail("\(error)") }
}

func rounded(_ value: Double, _ places: Double = 1000) -> Double { (value * places).rounded() / places }

// MARK: - Arguments

let trees: [String: (String, () -> BoxNode)] = [
    "grid": ("grid 10,000", BoxTrees.grid), "levels": ("4 levels of 10", { BoxTrees.levels() }),
    "chain": ("chain 1,000", BoxTrees.chain), "cssgrid": ("css grid 10,000", { BoxTrees.cssGrid() }),
    "nestedgrid": ("nested grids 100×100", { BoxTrees.nestedGrids() }),
]
let fonts = FontCollection.shipped
let textTrees: [String: (String, (FontCollection) throws -> BoxNode)] = [
    "cards": ("cards 1,000", { try BoxTrees.cards(fonts: $0) }),
    "rows": ("rows 1,000", { try BoxTrees.rows(fonts: $0) }),
]
var arguments = Array(CommandLine.arguments.dropFirst())
var dump: String?
if let flag = arguments.firstIndex(of: "--dump") {
    guard flag + 1 < arguments.count else { fail("--dump needs a folder") }
    dump = arguments[flag + 1]
    arguments.removeSubrange(flag...flag + 1)
}
guard let key = arguments.first, trees[key] != nil || textTrees[key] != nil else {
    print("usage: BoxProbe grid|levels|chain|cssgrid|nestedgrid|cards|rows [runs] [--dump DIR]")
    exit(2)
}
let runs = max(1, Int(arguments.dropFirst().first ?? "") ?? 20)

// MARK: - Timing

/// The best time of `runs` layouts of `tree`, the first layout, the resident bytes it added, and its
/// time (the leaves' first answers: a text or row leaf keeps its last layout, so the later calls at
/// the same width find it).
func timeLayouts(_ tree: BoxNode, runs: Int) -> (best: Double, layout: BoxLayout, bytes: Int, firstTime: Double) {
    var best = Double.infinity
    var first: BoxLayout?
    var firstTime = 0.0
    var bytes = 0
    for _ in 0..<runs {
        let before = residentBytes()
        let start = now()
        let layout = must { try BoxEngine.layout(tree) }
        let elapsed = now() - start
        best = min(best, elapsed)
        if first == nil {
            bytes = residentBytes() - before
            first = layout
            firstTime = elapsed
        }
    }
    return (best, first!, bytes, firstTime)
}

func line(_ name: String, _ nodes: Int, _ best: Double, _ inputBytes: Int, _ result: (BoxLayout, Int)) -> String {
    "\(name)\t\(nodes)\t\(Int(best))\t\(rounded(best / Double(nodes)))\t\(inputBytes / nodes)\t\(result.1 / nodes)\t"
        + "\(Int(result.0.width))×\(Int(result.0.height))\t\(Int(result.0.checksum.rounded()))"
}

if let (name, make) = trees[key] {
    let before = residentBytes()
    let tree = make()
    let nodes = tree.count
    let inputBytes = residentBytes() - before
    let (best, layout, bytes, _) = timeLayouts(tree, runs: runs)
    print(line(name, nodes, best, inputBytes, (layout, bytes)))
    // The same tree retained (validated and flattened once, before the clock): each layout is the
    // flex algorithm and the results.
    let retained = must { try BoxEngine.RetainedTree(tree) }
    var retainedBest = Double.infinity
    var retainedLayout: BoxLayout?
    for _ in 0..<runs {
        let start = now()
        let again = must { try retained.layout() }
        retainedBest = min(retainedBest, now() - start)
        retainedLayout = retainedLayout ?? again
    }
    print(line(name + " retained", nodes, retainedBest, inputBytes, (retainedLayout!, bytes)))
    if let dump {
        // Every frame, rounded and unrounded, for the rivals' script to compare with Taffy's.
        mkdir(dump, 0o755)
        let exact = must { try BoxEngine.layout(tree, rounding: .exact) }
        save(
            "{\"name\":\"\(key)\",\"checksum\":\(number(layout.checksum)),"
                + "\"frames\":[\(frames(layout).joined(separator: ","))],"
                + "\"exact_checksum\":\(number(exact.checksum)),"
                + "\"exact_frames\":[\(frames(exact).joined(separator: ","))]}\n", to: "\(dump)/\(key)-frames.json")
    }
    exit(0)
}

// MARK: - Cards and rows

let (name, make) = textTrees[key]!
let count = 1_000
// Load the faces before the clock (a card or row of each kind shapes with every face it needs).
_ = must { try make(fonts).children.prefix(4) }
// The first build on an empty word cache (a new collection over the loaded faces), kept.
let cold = FontCollection(faces: fonts.faces)
let before = residentBytes()
var start = now()
let tree = must { try make(cold) }
let firstBuild = now() - start
let nodes = tree.count
let inputBytes = residentBytes() - before
let (best, layout, resultBytes, _) = timeLayouts(tree, runs: runs)
// Builds on a warm word cache; each new tree then laid out once (fresh leaves, which have laid out
// nothing yet, on the engine's warm buffers), dropped.
var bestBuild = Double.infinity
var bestFresh = Double.infinity
for _ in 0..<runs {
    start = now()
    let again = must { try make(cold) }
    bestBuild = min(bestBuild, now() - start)
    precondition(again.count == nodes)
    start = now()
    _ = must { try BoxEngine.layout(again) }
    bestFresh = min(bestFresh, now() - start)
}

// What the engine asked the leaves, recorded; the same tree answering from the records.
let originals = tree.leaves
var records: [LeafRecord] = []
let recording = tree.mapLeaves { leaf, _ in
    let record = LeafRecord()
    records.append(record)
    return RecordingLeaf(leaf: leaf, record: record)
}
let recorded = must { try BoxEngine.layout(recording) }
let answering = recording.mapLeaves { leaf, index in AnswerLeaf(records[index], aspectRatio: leaf.aspectRatio) }
let (boxBest, boxLayout, _, _) = timeLayouts(answering, runs: runs)
guard recorded.checksum == layout.checksum, boxLayout.checksum == layout.checksum else {
    fail("the recorded or answering leaves gave another layout")
}

/// One text as drawn: its document, size, whether it is cut to one line, and the width it was laid out
/// at (nil: no wrapping), with its height.
struct DrawnText {
    var document: MushDocument
    var size: Double
    var oneLine: Bool
    var width: Double?
    var height: Double
}

/// The results of the leaves (``BoxLayout/leaf``), in pre-order.
func leafResults(_ node: BoxNode, _ layout: BoxLayout) -> [PlacedLeaf?] {
    if node.leaf != nil { return [layout.leaf] }
    return zip(node.children, layout.children).flatMap { leafResults($0, $1) }
}

/// The texts of the layout, in order.
@MainActor func drawnTexts() -> [DrawnText] {
    var texts: [DrawnText] = []
    for (leaf, (record, placed)) in zip(originals, zip(records, leafResults(recording, recorded))) {
        if let text = leaf as? TextLeaf, let paragraph = placed?.text?.layout {
            let width = record.placed.last ?? 0
            let natural = text.contentWidths().max
            texts.append(
                DrawnText(
                    document: cardDocument(text), size: text.paragraph.style.fontSize,
                    oneLine: text.paragraph.style.maxLines == 1, width: width >= natural ? nil : width,
                    height: paragraph.height))
        } else if let row = leaf as? LineLeaf, let placed = placed?.row {
            for item in placed.items {
                guard let frame = item.frame, let text = item.text,
                    case .text(let string, _) = row.line[item.side].items[item.index]
                else { continue }
                texts.append(
                    DrawnText(
                        document: TextLeaf.document(of: string), size: row.line.font(for: item.side).size,
                        oneLine: !text.isMultiline,
                        width: text.isMultiline || text.isTruncated ? frame.width : nil, height: text.layout.height))
            }
        }
    }
    return texts
}

/// The document a card's text leaf was made of (the titles and badges are bold throughout).
var cardDocuments: [String: MushDocument] = [:]
@MainActor func cardDocument(_ leaf: TextLeaf) -> MushDocument {
    cardDocuments[leaf.paragraph.text] ?? TextLeaf.document(of: leaf.paragraph.text)
}
for index in 0..<count where key == "cards" {
    let content = BoxTrees.cardContent(index)
    let title = TextLeaf.document(of: content.title, bold: true)
    let body = TextLeaf.document(of: content.body)
    cardDocuments[title.text] = title
    cardDocuments[body.text] = body
    let badge = TextLeaf.document(of: content.badge, bold: true)
    cardDocuments[badge.text] = badge
}

let texts = drawnTexts()
let textHeight = texts.reduce(0) { $0 + $1.height }
let widthCalls = records.reduce(0) { $0 + $1.widthCalls }
let measureCalls = records.reduce(0) { $0 + $1.measureCalls }

print(line(name, nodes, best, inputBytes, (layout, resultBytes)))
let per = Double(count)
print(
    [
        "build_first_us \(Int(firstBuild))", "build_best_us \(Int(bestBuild))", "layout_us \(Int(best))",
        "sum_us \(Int(bestBuild + best))", "box_only_us \(Int(boxBest))",
        "build_per_item_us \(rounded(bestBuild / per, 100))", "layout_per_item_us \(rounded(best / per, 100))",
        "sum_per_item_us \(rounded((bestBuild + best) / per, 100))",
        "box_only_per_node_us \(rounded(boxBest / Double(nodes)))",
        "layout_fresh_per_item_us \(rounded(bestFresh / per, 100))", "leaves \(records.count)",
        "width_calls \(widthCalls)", "measure_calls \(measureCalls)", "texts \(texts.count)",
        "text_height \(rounded(textHeight, 100))",
    ].joined(separator: "\t"))

// MARK: - Dumps

/// `value` as JSON's shortest round-tripping number.
func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
}

func length(_ value: BoxLength) -> String? {
    if case .points(let points) = value { return number(points) }
    return nil
}

func edges(_ value: BoxEdges<BoxLength>, skipping skip: BoxLength) -> String? {
    let pairs = [("top", value.top), ("right", value.right), ("bottom", value.bottom), ("left", value.left)]
        .compactMap { key, edge in edge == skip ? nil : length(edge).map { "\"\(key)\":\($0)" } }
    return pairs.isEmpty ? nil : "{" + pairs.joined(separator: ",") + "}"
}

/// The node in the rivals' JSON (the keys `box_rivals.py` reads; a leaf's answers as "_leaf").
@MainActor func json(_ node: BoxNode, _ leafIndex: inout Int) -> String {
    let style = node.style
    var fields: [String] = []
    if let width = length(style.width) { fields.append("\"width\":\(width)") }
    if let height = length(style.height) { fields.append("\"height\":\(height)") }
    if style.flexDirection == .column { fields.append("\"flexDirection\":\"column\"") }
    if style.position == .absolute { fields.append("\"position\":\"absolute\"") }
    if let padding = edges(style.padding, skipping: .zero) { fields.append("\"padding\":\(padding)") }
    if let margin = edges(style.margin, skipping: .zero) { fields.append("\"margin\":\(margin)") }
    if let inset = edges(style.inset, skipping: .auto) { fields.append("\"inset\":\(inset)") }
    if node.leaf != nil {
        let record = records[leafIndex]
        leafIndex += 1
        let widths = record.widths ?? BoxContentWidths(min: 0, max: 0)
        // An image answers at any width by its ratio (a rival may ask it at widths the engine did not).
        let ratio = originals[leafIndex - 1].aspectRatio.map { ",\"ratio\":\(number($0))" } ?? ""
        let heights = record.heights.map { "[\(number($0.width)),\(number($0.height))]" }.joined(separator: ",")
        fields.append(
            "\"_leaf\":{\"min\":\(number(widths.min)),\"max\":\(number(widths.max)),\"heights\":[\(heights)]\(ratio)}")
    }
    if !node.children.isEmpty {
        fields.append("\"children\":[" + node.children.map { json($0, &leafIndex) }.joined(separator: ",") + "]")
    }
    return "{" + fields.joined(separator: ",") + "}"
}

/// Every node's frame, in pre-order.
func frames(_ layout: BoxLayout) -> [String] {
    ["[\(number(layout.x)),\(number(layout.y)),\(number(layout.width)),\(number(layout.height))]"]
        + layout.children.flatMap(frames)
}

/// A document as Pango markup: its bold and italic runs (the only attributes these texts use).
func markup(_ document: MushDocument) -> String {
    document.segments.map { text, attributes in
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default: escaped.append(character)
            }
        }
        if attributes.italic { escaped = "<i>" + escaped + "</i>" }
        if attributes.bold { escaped = "<b>" + escaped + "</b>" }
        return escaped
    }.joined()
}

func save(_ text: String, to path: String) {
    guard let file = fopen(path, "w") else { fail("cannot write \(path)") }
    fputs(text, file)
    fclose(file)
}

if let dump {
    mkdir(dump, 0o755)
    // Unrounded too: the engine keeps a leaf at least its measured size when it rounds, where Taffy
    // and Yoga round it like any box, so only the unrounded frames can be the same.
    let exact = must { try BoxEngine.layout(tree, rounding: .exact) }
    var leafIndex = 0
    let treeJSON = json(tree, &leafIndex)
    save(
        "{\"name\":\"\(key)\",\"width\":\"max-content\",\"height\":\"max-content\",\"rounding\":true,"
            + "\"checksum\":\(number(layout.checksum)),\"frames\":[\(frames(layout).joined(separator: ","))],"
            + "\"exact_checksum\":\(number(exact.checksum)),\"exact_frames\":[\(frames(exact).joined(separator: ","))],"
            + "\"tree\":\(treeJSON)}\n", to: "\(dump)/\(key).json")
    save(
        texts.map { text in
            "\(text.width.map(number) ?? "-")\t\(number(text.size))\tm\(text.oneLine ? "e" : "")\t\(markup(text.document))\n"
        }.joined(), to: "\(dump)/\(key)-pango.tsv")
    save(texts.map { "\($0.height)\n" }.joined(), to: "\(dump)/\(key)-heights.txt")
}
