// MGBoxKit's vocabulary on the box engine, for boxes.sh: a table section of 10,000 MGLine rows and
// a grid of 10,000 boxes, laid out whole (`MGBox.layout`: turning the boxes into engine nodes,
// shaping the rows' texts, the engine's layout, the fix-ups), beside the same work without the
// vocabulary: the rows as an MGStack (the row engine alone, one row under another) and the grid as
// the engine nodes it lowers to. Best of RUNS; rows (or boxes) per second, µs each, and the resident
// bytes one layout adds per row (read from /proc/self/statm).
//
//   MGBoxProbe table|grid|parts [RUNS]
//   MGBoxProbe rowleaves [RUNS] [COUNT]
//   MGBoxProbe tableonly|stackonly [RUNS] [COUNT]   (one side of `table` alone: for profiles and for
//                                                    counting instructions under valgrind)
import Glibc
import Mush
import MushBox
import MushLine
import MushMGBox
import MushText
import ProbeClock

/// The best time of `runs` calls of `body`, and the resident bytes the first call added.
func best<T>(_ runs: Int, _ body: () throws -> T) rethrows -> (best: Double, bytes: Int, value: T) {
    var best = Double.infinity
    var bytes = 0
    var first: T?
    for _ in 0..<runs {
        let before = residentBytes()
        let start = now()
        let value = try body()
        best = min(best, now() - start)
        if first == nil {
            bytes = residentBytes() - before
            first = value
        }
    }
    return (best, bytes, first!)
}

func report(_ name: String, _ count: Int, _ time: Double, _ bytes: Int, _ size: String) {
    let perItem = time / Double(count)
    print(
        "\(name)\t\(count)\t\(Int(time)) µs\t\((perItem * 100).rounded() / 100) µs each\t"
            + "\(Int(1e6 / perItem)) a second\t\(bytes / count) B each\t\(size)")
}

/// The table's rows: 44 high, padding 16 left and right, "Row N" on the left and one of 97 details
/// on the right.
func tableRows(_ count: Int) -> [MGLine] {
    (0..<count).map { index -> MGLine in
        var line = MGLine(height: 44, left: [.text("Row \(index + 1)")], right: [.text("Detail \(index % 97)")])
        line.padding = MGLine.Insets(left: 16, right: 16)
        return line
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let runs = max(1, Int(arguments.dropFirst().first ?? "") ?? 10)
let fonts = FontCollection.shipped
let count = Int(arguments.dropFirst(2).first ?? "") ?? 10_000

do {
    switch arguments.first {
    case "table":
        let rows = tableRows(count)
        let section = MGTableBox(width: 320, middleLines: rows, style: .insetGrouped)
        let table = try best(runs) { () throws -> BoxLayout in try section.layout(fonts: fonts) }
        report("MGTableBox", count, table.best, table.bytes, "\(Int(table.value.width))×\(Int(table.value.height))")
        let stackRows = rows.map { row -> MGLine in
            var row = row
            row.minHeight = 44
            return row
        }
        // The table's parts without the vocabulary: the rows made leaves (shaped), then laid out by
        // the engine in a column 320 wide.
        var column = BoxStyle()
        column.width = 320
        column.flexDirection = .column
        let leaves = try best(runs) { () throws -> [BoxNode] in
            try rows.map { BoxNode(leaf: try LineLeaf($0, fonts: fonts)) }
        }
        report("row leaves made", count, leaves.best, leaves.bytes, "")
        let engineRows = try best(runs) { () throws -> BoxLayout in
            try BoxEngine.layout(
                BoxNode(style: column, children: try rows.map { BoxNode(leaf: try LineLeaf($0, fonts: fonts)) }))
        }
        report("made and laid out", count, engineRows.best, engineRows.bytes, "")
        let stack = MGStack(width: 320, lines: stackRows)
        let stacked = try best(runs) { () throws -> MGStackLayout in try stack.layout(fonts: fonts) }
        report(
            "MGStack", count, stacked.best, stacked.bytes, "\(Int(stacked.value.width))×\(Int(stacked.value.height))")
    case "tableonly":
        let section = MGTableBox(width: 320, middleLines: tableRows(count), style: .insetGrouped)
        let table = try best(runs) { () throws -> BoxLayout in try section.layout(fonts: fonts) }
        report("MGTableBox", count, table.best, table.bytes, "\(Int(table.value.width))×\(Int(table.value.height))")
    case "stackonly":
        let stack = MGStack(
            width: 320,
            lines: tableRows(count).map { row -> MGLine in
                var row = row
                row.minHeight = 44
                return row
            })
        let stacked = try best(runs) { () throws -> MGStackLayout in try stack.layout(fonts: fonts) }
        report(
            "MGStack", count, stacked.best, stacked.bytes, "\(Int(stacked.value.width))×\(Int(stacked.value.height))")
    case "parts":
        // The table's rows' own costs, each alone (for profiles and A/B runs): checked and shaped
        // (`MGLine.Prepared`), made leaves, made engine nodes, and laid out whole by the row engine
        // (`MGLine.layout`: shaped and laid out), each 320 wide.
        let rows = tableRows(count).map { row -> MGLine in
            var row = row
            row.width = 320
            return row
        }
        let prepared = try best(runs) { () throws -> Int in
            try rows.map { try MGLine.Prepared($0, fonts: fonts) }.count
        }
        report("rows prepared", count, prepared.best, 0, "")
        let leaves = try best(runs) { () throws -> Int in try rows.map { try LineLeaf($0, fonts: fonts) }.count }
        report("row leaves", count, leaves.best, 0, "")
        let nodes = try best(runs) { () throws -> Int in
            try rows.map { BoxNode(leaf: try LineLeaf($0, fonts: fonts)) }.count
        }
        report("row leaf nodes", count, nodes.best, 0, "")
        let laidOut = try best(runs) { () throws -> Int in try rows.map { try $0.layout(fonts: fonts) }.count }
        report("MGLine.layout", count, laidOut.best, 0, "")
    case "rowleaves":
        // The table's rows as row leaves in a column, laid out by the engine (for profiles).
        let rows = tableRows(count)
        var column = BoxStyle()
        column.width = 320
        column.flexDirection = .column
        let tree = BoxNode(style: column, children: try rows.map { BoxNode(leaf: try LineLeaf($0, fonts: fonts)) })
        let first = try best(1) { () throws -> BoxLayout in try BoxEngine.layout(tree) }
        report("row leaves laid out (first)", count, first.best, first.bytes, "")
        // The row engine alone on the same rows, shaped before the clock: at height 44, and with
        // minHeight 44 instead (the stack's rows).
        for fixed in [true, false] {
            let prepared = try rows.map { row -> MGLine.Prepared in
                var row = row
                if !fixed {
                    row.height = 0
                    row.minHeight = 44
                }
                return try MGLine.Prepared(row, fonts: fonts)
            }
            let laid = try best(5) { () throws -> Int in
                var total = 0
                for row in prepared { total += try row.layout(width: 320).items.count }
                return total
            }
            report(fixed ? "row engine, height 44" : "row engine, minHeight 44", count, laid.best, 0, "")
        }
    case "grid":
        var grid = MGBox(width: 320)
        grid.contentLayoutMode = .grid
        grid.boxes = (0..<count).map { _ in
            var box = MGBox(width: 100, height: 100)
            box.margin = MGLine.Insets(top: 10, left: 10)
            return box
        }
        let boxes = try best(runs) { () throws -> BoxLayout in try grid.layout(fonts: fonts) }
        report("MGBox grid", count, boxes.best, boxes.bytes, "\(Int(boxes.value.width))×\(Int(boxes.value.height))")
        var style = BoxStyle()
        style.flexDirection = .row
        style.flexWrap = .wrap
        style.alignItems = .flexStart
        style.alignContent = .flexStart
        style.width = 320
        var item = BoxStyle()
        item.width = 100
        item.minHeight = 100
        item.flexShrink = 0
        item.margin = BoxEdges(top: 10, right: 0, bottom: 0, left: 10)
        let node = BoxNode(style: style, children: Array(repeating: BoxNode(style: item), count: count))
        let engine = try best(runs) { () throws -> BoxLayout in try BoxEngine.layout(node) }
        report(
            "engine nodes", count, engine.best, engine.bytes, "\(Int(engine.value.width))×\(Int(engine.value.height))")
    default:
        print("usage: MGBoxProbe table|grid|parts [runs] | MGBoxProbe rowleaves|tableonly|stackonly [runs] [count]")
        exit(2)
    }
} catch {
    print("MGBoxProbe: \(error)")
    exit(2)
}
