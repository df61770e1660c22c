import MushBase
import MushLine
import MushText
import Testing

@testable import MushMGBox

/// A table of rows each `height` tall (a label and a height with no limits: the row engine keeps
/// it), counting how often the provider makes a row.
private struct FixedRows: Sendable {
    let height: Double
    let made = LockedValue(0)

    var make: @Sendable (Int) -> MGLine {
        { [height, made] index in
            made.withLock { $0 += 1 }
            return MGLine(left: .text("Row \(index)"), right: "Detail", width: 0, height: height)
        }
    }

    var count: Int { made.withLock { $0 } }
}

/// A 4,008-point table of 100 rows 44 high, estimated at 40, with rows 3 and 4 measured.
private func measuredTable() throws -> MGBoxProvider {
    var table = try MGBoxProvider(
        count: 100, estimatedHeight: 40, width: 320, fonts: fonts, row: FixedRows(height: 44).make)
    #expect(try table.measure(rows: 3..<5) == 8)
    return table
}

@Suite struct MGBoxProviderTests {
    @Test func beforeMeasuringEveryRowHasTheEstimate() throws {
        let rows = FixedRows(height: 44)
        let table = try MGBoxProvider(count: 1_000, estimatedHeight: 40, width: 320, fonts: fonts, row: rows.make)
        #expect(table.count == 1_000)
        #expect(table.contentHeight == 40_000)
        #expect(table.offset(ofRow: 0) == 0)
        #expect(table.offset(ofRow: 10) == 400)
        #expect(table.offset(ofRow: 999) == 39_960)
        #expect(table.offset(ofRow: 1_000) == 40_000)
        #expect(table.height(ofRow: 500) == 40)
        #expect(!table.isMeasured(0) && !table.isMeasured(999))
        #expect(table.measuredCount == 0)
        #expect(rows.count == 0)
    }

    @Test func measuringRowsMovesTheRowsBelowThem() throws {
        let table = try measuredTable()
        #expect(table.isMeasured(3) && table.isMeasured(4))
        #expect(!table.isMeasured(2) && !table.isMeasured(5))
        #expect(table.height(ofRow: 3) == 44 && table.height(ofRow: 5) == 40)
        #expect(table.measuredCount == 2)
        // 3 × 40 above row 3; then 44, 44; then 40 a row.
        #expect(table.offset(ofRow: 3) == 120)
        #expect(table.offset(ofRow: 4) == 164)
        #expect(table.offset(ofRow: 5) == 208)
        #expect(table.offset(ofRow: 10) == 408)
        #expect(table.offset(ofRow: 100) == 4_008)
        #expect(table.contentHeight == 4_008)
    }

    @Test func measuringAgainMovesNothing() throws {
        var table = try measuredTable()
        #expect(try table.measure(rows: 2..<6) == 8) // rows 2 and 5 were estimates
        #expect(try table.measure(rows: 2..<6) == 0)
        #expect(table.measuredCount == 4)
        #expect(table.contentHeight == 4_016)
    }

    @Test func anOffsetBelongsToTheRowWhoseSpanHoldsIt() throws {
        let table = try measuredTable()
        #expect(table.row(atOffset: 0) == 0)
        #expect(table.row(atOffset: 39.999) == 0)
        #expect(table.row(atOffset: 40) == 1)
        #expect(table.row(atOffset: 119.5) == 2)
        #expect(table.row(atOffset: 120) == 3)
        #expect(table.row(atOffset: 163.5) == 3)
        #expect(table.row(atOffset: 164) == 4)
        #expect(table.row(atOffset: 207.99) == 4)
        #expect(table.row(atOffset: 208) == 5)
        #expect(table.row(atOffset: 408) == 10)
        #expect(table.row(atOffset: 4_007.5) == 99)
        // Before the start: the first row; at or past the end: the last.
        #expect(table.row(atOffset: -5) == 0)
        #expect(table.row(atOffset: -.infinity) == 0)
        #expect(table.row(atOffset: 4_008) == 99)
        #expect(table.row(atOffset: 1e12) == 99)
        #expect(table.row(atOffset: .infinity) == 99)
        for row in 0..<100 {
            #expect(table.row(atOffset: table.offset(ofRow: row)) == row)
        }
    }

    @Test func theIndicesInARangeComeFromTheHeightsKnown() throws {
        let rows = FixedRows(height: 44)
        let table = try MGBoxProvider(count: 1_000, estimatedHeight: 40, width: 320, fonts: fonts, row: rows.make)
        // Tops 400, 440, …, 840 are above 880.
        #expect(table.indices(in: 400..<880) == 10..<22)
        #expect(table.indices(in: 410..<881) == 10..<23)
        #expect(table.indices(in: -100..<0) == 0..<0)
        #expect(table.indices(in: -100..<1) == 0..<1)
        #expect(table.indices(in: 40_000..<40_480).isEmpty)
        #expect(table.indices(in: 39_990..<1e9) == 999..<1_000)
        #expect(table.indices(in: 500..<500).isEmpty)
        #expect(table.indices(in: -.infinity..<(.infinity)) == 0..<1_000)
        #expect(rows.count == 0)
    }

    @Test func rowsInARangeMeasureOnlyTheRowsInView() throws {
        let rows = FixedRows(height: 44)
        var table = try MGBoxProvider(count: 1_000, estimatedHeight: 40, width: 320, fonts: fonts, row: rows.make)
        let placed = try table.rows(in: 400..<880)
        // Row 10 is at 400 and stays there; below it rows are 44 high: tops 400, 444, …, 840 (row
        // 20, ending at 884); row 21's top, 884, is past the view.
        #expect(placed.map(\.index) == Array(10...20))
        #expect(placed.map(\.y) == (0...10).map { 400 + 44 * Double($0) })
        #expect(placed.allSatisfy { $0.height == 44 && $0.layout.height == 44 && $0.layout.width == 320 })
        #expect(rows.count == 11)
        #expect(table.measuredCount == 11)
        #expect(!table.isMeasured(9) && table.isMeasured(10) && table.isMeasured(20) && !table.isMeasured(21))
        #expect(table.offset(ofRow: 10) == 400)
        #expect(table.offset(ofRow: 21) == 884)
        #expect(table.contentHeight == 40_044)
        for row in placed { #expect(table.offset(ofRow: row.index) == row.y) }

        // The same view again: the same rows, laid out again, nothing moved.
        let again = try table.rows(in: 400..<880)
        #expect(again.map(\.index) == placed.map(\.index) && again.map(\.y) == placed.map(\.y))
        #expect(rows.count == 22)
        #expect(table.measuredCount == 11)
        #expect(table.contentHeight == 40_044)
    }

    @Test func aViewStartingInsideARowStartsWithThatRow() throws {
        let rows = FixedRows(height: 44)
        var table = try MGBoxProvider(count: 1_000, estimatedHeight: 40, width: 320, fonts: fonts, row: rows.make)
        // Row 10 spans 400..<444, row 11 444..<488, row 12 488..<532: its top is above 500.
        #expect(try table.rows(in: 410..<500).map(\.index) == [10, 11, 12])
        #expect(rows.count == 3)
    }

    @Test func aRowThatMeasuresShorterAndEndsAboveTheViewIsNotReturned() throws {
        // Estimated at 40, measured at 20: row 10 (400..<420) ends above 430.
        let rows = FixedRows(height: 20)
        var table = try MGBoxProvider(count: 100, estimatedHeight: 40, width: 320, fonts: fonts, row: rows.make)
        let placed = try table.rows(in: 430..<470)
        #expect(placed.map(\.index) == [11, 12, 13])
        #expect(placed.map(\.y) == [420, 440, 460])
        #expect(table.isMeasured(10))
        #expect(table.row(atOffset: 430) == 11)
    }

    @Test func viewsOutsideTheContentMeasureNothing() throws {
        let rows = FixedRows(height: 44)
        var table = try MGBoxProvider(count: 100, estimatedHeight: 40, width: 320, fonts: fonts, row: rows.make)
        #expect(try table.rows(in: -480..<0).isEmpty)
        #expect(try table.rows(in: 4_000..<4_480).isEmpty)
        #expect(try table.rows(in: 200..<200).isEmpty)
        #expect(rows.count == 0)
        // A view above the content and reaching into it starts at row 0.
        #expect(try table.rows(in: -100..<50).map(\.index) == [0, 1])
    }

    @Test func aMultilineRowHasTheHeightTheRowEngineGivesIt() throws {
        let paragraph =
            "Pretend this is a very long string, and pretend it has some reason to wrap onto a few lines."
        let make: @Sendable (Int) -> MGLine = { index in
            var line = MGLine.multilineLeft(
                index == 1 ? paragraph : "Row \(index)", right: .image(MGLine.Image(width: 40, height: 40)), width: 0,
                minHeight: 44)
            line.padding = MGLine.Insets(top: 2, left: 16, bottom: 2, right: 16)
            return line
        }
        var table = try MGBoxProvider(count: 10, estimatedHeight: 44, width: 320, fonts: fonts, row: make)
        let placed = try table.rows(in: 0..<100)

        var line = make(1)
        line.width = 320
        let direct = try line.layout(fonts: fonts)
        let text = try #require(direct.items.first { $0.side == .left }?.text)
        #expect(text.lines.count >= 3)
        #expect(direct.height > 44)

        #expect(placed.map(\.index) == [0, 1])
        #expect(placed[0].height == 44 && placed[0].y == 0)
        #expect(placed[1].y == 44)
        #expect(placed[1].height == direct.height)
        #expect(placed[1].layout.width == 320)
        #expect(placed[1].layout.items.map(\.frame) == direct.items.map(\.frame))
        #expect(table.offset(ofRow: 2) == 44 + direct.height)
        #expect(table.contentHeight == 44 * 9 + direct.height)
    }

    @Test func aHundredThousandRowsQueriedAtTheEndMeasureOnlyTheRowsInView() throws {
        let rows = FixedRows(height: 50)
        var table = try MGBoxProvider(
            count: 100_000, estimatedHeight: 44, width: 320, fonts: fonts, row: rows.make)
        #expect(table.contentHeight == 4_400_000)
        let placed = try table.rows(in: 4_399_520..<4_400_000)
        // Row 99,989 spans 4,399,516..<4,399,560 as estimated; measured at 50, the rows from it are
        // at 4,399,516 + 50 k, and row 99,999's top (4,400,016) falls past the view.
        #expect(placed.map(\.index) == Array(99_989...99_998))
        #expect(placed.first?.y == 4_399_516 && placed.last?.y == 4_399_966)
        #expect(rows.count == 10)
        #expect(table.measuredCount == 10)
        #expect(!table.isMeasured(99_988) && !table.isMeasured(99_999))
        #expect(table.contentHeight == 4_400_060)
        #expect(table.row(atOffset: 4_399_999) == 99_998)
        #expect(table.row(atOffset: 2_200_000) == 50_000)
    }

    @Test func invalidatedRowsHaveTheEstimateAgain() throws {
        var table = try measuredTable()
        #expect(table.invalidate(rows: 0..<4) == -4)
        #expect(!table.isMeasured(3) && table.isMeasured(4))
        #expect(table.measuredCount == 1)
        #expect(table.contentHeight == 4_004)
        #expect(table.offset(ofRow: 5) == 204)
        #expect(table.invalidate(rows: 0..<100) == -4)
        #expect(table.contentHeight == 4_000)
    }

    @Test func anEmptyTable() throws {
        let rows = FixedRows(height: 44)
        var table = try MGBoxProvider(count: 0, estimatedHeight: 44, width: 320, fonts: fonts, row: rows.make)
        #expect(table.contentHeight == 0)
        #expect(table.offset(ofRow: 0) == 0)
        #expect(table.row(atOffset: 0) == nil)
        #expect(table.indices(in: 0..<480).isEmpty)
        #expect(try table.rows(in: 0..<480).isEmpty)
        #expect(try table.measure(rows: 0..<0) == 0)
        #expect(table.invalidate(rows: 0..<0) == 0)
        #expect(rows.count == 0)
    }

    @Test(arguments: [
        (-1, 44.0, 320.0, "count", "must be a whole number from 0 to 10000000 (it is -1)"),
        (10_000_001, 44, 320, "count", "must be a whole number from 0 to 10000000 (it is 10000001)"),
        (10, -1, 320, "estimatedHeight", "must be a number from 0 to 1000000 points (it is -1)"),
        (10, .nan, 320, "estimatedHeight", "must be a number from 0 to 1000000 points (it is nan)"),
        (10, .infinity, 320, "estimatedHeight", "must be a number from 0 to 1000000 points (it is inf)"),
        (10, 44, 1_000_001, "width", "must be a number from 0 to 1000000 points (it is 1000001)"),
        (10, 44, -.infinity, "width", "must be a number from 0 to 1000000 points (it is -inf)"),
    ])
    func badValuesAreNamed(count: Int, estimate: Double, width: Double, path: String, problem: String) {
        #expect(throws: MGBoxError(path: path, problem: problem)) {
            try MGBoxProvider(count: count, estimatedHeight: estimate, width: width, fonts: fonts) { _ in MGLine() }
        }
    }

    @Test func aRowTheRowEngineRejectsIsNamedByItsIndex() throws {
        let make: @Sendable (Int) -> MGLine = { index in
            var line = MGLine(left: .text("Row \(index)"), right: nil, width: 0, height: 44)
            if index == 7 { line.rightItems = [.image(MGLine.Image(width: -5, height: 10))] }
            if index == 9 { line[.right].font = MGLine.Font(family: "No Such Family") }
            return line
        }
        var table = try MGBoxProvider(count: 20, estimatedHeight: 40, width: 320, fonts: fonts, row: make)
        #expect(
            throws: MGBoxError(
                path: "rows[7].rightItems[0].width", problem: "must be a number from 0 to 1000000 points (it is -5)")
        ) {
            _ = try table.rows(in: 0..<480)
        }
        // The rows before it were measured.
        #expect(table.measuredCount == 7)
        // measure(rows:) changes nothing when a row fails.
        #expect(throws: MGBoxError.self) { try table.measure(rows: 8..<12) }
        #expect(table.measuredCount == 7 && !table.isMeasured(8))
        do {
            _ = try table.layout(ofRow: 9)
            Issue.record("row 9 was laid out")
        } catch {
            #expect(error.path == "rows[9].rightFont.family")
            #expect(error.problem.hasPrefix("no font family 'No Such Family' (the fonts have "))
        }
    }

    @Test func offsetsEqualTheSumOfTheHeightsAboveAfterRandomMeasurements() throws {
        // Row i is 20 + (i × 37 mod 50) points high: the row engine keeps a height with no limits.
        let make: @Sendable (Int) -> MGLine = { index in
            MGLine(left: .text("Row \(index)"), right: nil, width: 0, height: Double(20 + index * 37 % 50))
        }
        var random = SplitMix64(seed: 0x4D47_426F_78)
        for count in [1, 2, 3, 7, 64, 100, 1_000, 1_025] {
            var table = try MGBoxProvider(count: count, estimatedHeight: 33, width: 200, fonts: fonts, row: make)
            for _ in 0..<20 {
                let start = Int(random.next() % UInt64(count))
                let end = min(count, start + 1 + Int(random.next() % 8))
                if random.next() % 5 == 0 {
                    table.invalidate(rows: start..<end)
                } else {
                    let before = (start..<end).map { table.height(ofRow: $0) }.reduce(0, +)
                    let moved = try table.measure(rows: start..<end)
                    #expect(moved == (start..<end).map { Double(20 + $0 * 37 % 50) }.reduce(0, +) - before)
                }
                for _ in 0..<10 {
                    let row = Int(random.next() % UInt64(count + 1))
                    let naive = (0..<row).map { table.height(ofRow: $0) }.reduce(0, +)
                    #expect(table.offset(ofRow: row) == naive, "count \(count), row \(row)")
                    if row < count {
                        #expect(table.row(atOffset: naive) == row)
                        #expect(table.row(atOffset: naive + table.height(ofRow: row) - 0.5) == row)
                    }
                }
            }
            let measured = (0..<count).filter { table.isMeasured($0) }.count
            #expect(table.measuredCount == measured)
            #expect(table.contentHeight == (0..<count).map { table.height(ofRow: $0) }.reduce(0, +))
        }
    }

    @Test func theIndexFindsTheRowAtItsOwnOffsetWithAnyHeights() {
        // Heights that are not multiples of a power of two: the sums round, but the row found at a
        // row's offset is that row, as the search adds the same nodes in the same order.
        var random = SplitMix64(seed: 7)
        for count in [1, 5, 33, 1_000, 4_097] {
            var index = HeightIndex(count: count, height: 0.1)
            var heights = Array(repeating: 0.1, count: count)
            for _ in 0..<(count * 2) {
                let row = Int(random.next() % UInt64(count))
                let height = Double(random.next() % 100_000) / 3 + 0.01
                index.add(height - heights[row], toRow: row)
                heights[row] = height
            }
            var naive = 0.0
            for row in 0..<count {
                let offset = index.prefix(row)
                #expect(abs(offset - naive) <= 1e-9 * max(1, naive))
                #expect(index.position(atOrBelow: offset) == row)
                naive += heights[row]
            }
            #expect(index.position(atOrBelow: index.prefix(count)) == count)
            #expect(index.position(atOrBelow: -1) == 0)
        }
    }
}
