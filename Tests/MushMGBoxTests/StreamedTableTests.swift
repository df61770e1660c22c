import Mush
import MushBase
import MushBox
import MushLine
import MushMGBox
import MushText
import Testing

/// Table sections laid out row by row (`MGBox.streamedLayout`) against the box engine's layout of
/// the same sections (`MGBox.engineLayout`): the same results to the last bit. Every layout of the
/// other MGBox tests is compared too (`checkedLayout`); these add generated sections, and say which
/// sections go which way.
@Suite struct StreamedTableTests {
    static let words = [
        "Row", "Détail", "a rather longer label that wraps onto lines", "42", "Total due", "Ünïcödé",
        "**bold** and *italic*|mush", "مرحبا", "日本語のテキスト", "",
    ]

    /// A number among a few that matter (whole, halves, odd fractions, zero) or any in `range`.
    static func length(_ random: inout SplitMix64, _ range: ClosedRange<Double>) -> Double {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return [0, 0.5, 1, 10, 16, 44, 33.3][Int.random(in: 0..<7, using: &random)]
        case 1: return (Double.random(in: range, using: &random) * 2).rounded() / 2
        default: return Double.random(in: range, using: &random)
        }
    }

    static func insets(_ random: inout SplitMix64, _ range: ClosedRange<Double>) -> MGLine.Insets {
        guard Bool.random(using: &random) else { return MGLine.Insets() }
        return MGLine.Insets(
            top: length(&random, range), right: length(&random, range), bottom: length(&random, range),
            left: length(&random, range))
    }

    static func line(_ random: inout SplitMix64) -> MGLine {
        func items() -> [MGLine.Item] {
            (0..<Int.random(in: 0...2, using: &random)).map { _ in
                .text(words[Int.random(in: 0..<words.count, using: &random)], multiline: Bool.random(using: &random))
            }
        }
        var line = MGLine(
            width: Bool.random(using: &random) ? 0 : length(&random, 20...300),
            height: Bool.random(using: &random) ? 0 : length(&random, 10...80), left: items(), middle: items(),
            right: items())
        line.padding = insets(&random, 0...20)
        if Int.random(in: 0..<4, using: &random) == 0 { line.minHeight = length(&random, 10...60) }
        if Int.random(in: 0..<6, using: &random) == 0 { line.maxHeight = length(&random, 20...90) }
        if Int.random(in: 0..<8, using: &random) == 0 { line.margin = insets(&random, -10...20) }
        return line
    }

    static func row(_ random: inout SplitMix64) throws -> any MGLayoutBox {
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            return line(&random)
        case 1:
            // An empty box.
            var box = MGBox(
                width: Bool.random(using: &random) ? nil : length(&random, 0...400),
                height: Bool.random(using: &random) ? nil : length(&random, 0...60))
            box.margin = insets(&random, -20...30)
            box.padding = insets(&random, 0...30)
            box.backgroundColor = Bool.random(using: &random) ? MushColor(red: 200, green: 10, blue: 10) : nil
            box.clipsContent = Int.random(in: 0..<4, using: &random) == 0
            return box
        case 2:
            // Text as a leaf.
            var box = MGBox(
                .leaf(try TextLeaf(words[Int.random(in: 0..<words.count, using: &random)], fonts: fonts)),
                width: Bool.random(using: &random) ? nil : length(&random, 0...300))
            box.padding = insets(&random, 0...12)
            box.margin = insets(&random, -8...12)
            box.height = Bool.random(using: &random) ? nil : length(&random, 0...50)
            return box
        default:
            var box = MGBox(.line(line(&random)))
            box.width = Int.random(in: 0..<3, using: &random) == 0 ? length(&random, 0...350) : nil
            box.height = Bool.random(using: &random) ? nil : length(&random, 0...70)
            box.margin = insets(&random, -10...25)
            box.padding = insets(&random, 0...15)
            box.id = Bool.random(using: &random) ? "row" : nil
            box.clipsContent = Int.random(in: 0..<5, using: &random) == 0
            switch Int.random(in: 0..<24, using: &random) {
            case 0..<4: box.sizingMode = .expandWidthToFill
            case 4: box.sizingMode = .shrinkWrap
            default: break
            }
            if box.sizingMode == .shrinkWrap {
                box.width = nil
                box.height = nil
            }
            return box
        }
    }

    static func section(_ random: inout SplitMix64) throws -> MGTableBox {
        func rows() throws -> [any MGLayoutBox] {
            try (0..<Int.random(in: 0...4, using: &random)).map { _ in try row(&random) }
        }
        let styles: [MGTableStyle?] = [nil, .insetGrouped, .etched]
        var section = MGTableBox(
            width: Int.random(in: 0..<3, using: &random) == 0 ? nil : length(&random, 0...500), topLines: try rows(),
            middleLines: try rows(), bottomLines: try rows(),
            style: styles[Int.random(in: 0..<3, using: &random)])
        section.padding = insets(&random, 0...40)
        section.margin = insets(&random, -10...20)
        section.height = Bool.random(using: &random) ? nil : length(&random, 0...300)
        section.repeatTopLines = Bool.random(using: &random)
        section.id = Bool.random(using: &random) ? "section" : nil
        if Int.random(in: 0..<4, using: &random) == 0 { section.clipsContent = true }
        if Int.random(in: 0..<6, using: &random) == 0 { section.sizingMode = .expandWidthToFill }
        return section
    }

    @Test func generatedSectionsLaidOutRowByRowAreTheEnginesToTheLastBit() throws {
        var random = SplitMix64(seed: 59)
        var streamed = 0
        let cases = 1000
        for number in 0..<cases {
            let section = try Self.section(&random).mgBox
            let width: AvailableSpace =
                Int.random(in: 0..<8, using: &random) == 0
                ? .maxContent : .points(Self.length(&random, 0...600))
            let height: AvailableSpace =
                Bool.random(using: &random) ? .maxContent : .points(Self.length(&random, 0...900))
            let rounding = [BoxRounding.edges, .browserOffsets, .exact][Int.random(in: 0..<3, using: &random)]
            guard let rows = section.streamedLayout(width: width, height: height, fonts: fonts, rounding: rounding)
            else {
                continue
            }
            streamed += 1
            let engine = try section.engineLayout(width: width, height: height, fonts: fonts, rounding: rounding)
            let found = difference(rows, engine)
            #expect(found == nil, "section \(number): \(found ?? "")")
            if found != nil { break }
        }
        // Most generated sections are ones the rows can be streamed for.
        #expect(streamed > cases / 2, "\(streamed) of \(cases) streamed")
    }

    @Test func whichSectionsAreLaidOutRowByRow() throws {
        func streams(_ box: some MGLayoutBox, width: AvailableSpace = .maxContent) -> Bool {
            box.mgBox.streamedLayout(width: width, height: .maxContent, fonts: fonts, rounding: .edges) != nil
        }
        let row = MGLine(height: 44, left: [.text("Row")], right: [.text("Detail")])
        let section = MGTableBox(width: 320, middleLines: [row, row], style: .insetGrouped)
        #expect(streams(section))
        // Without a width, in a definite room it fills; in a room of max-content it takes its
        // content's width, which the engine finds.
        #expect(streams(MGTableBox(middleLines: [row]), width: .points(300)))
        #expect(!streams(MGTableBox(middleLines: [row])))
        // A grid, a scroll view, an attached or shrink-wrapped box, a row of natural width, boxes
        // inside a row: the engine's.
        var grid = MGBox(width: 320, boxes: [row])
        grid.contentLayoutMode = .grid
        #expect(!streams(grid))
        #expect(!streams(MGScrollView(width: 320, height: 200, boxes: [row])))
        var attached = MGBox(width: 20, height: 20)
        attached.attachedTo = "first"
        #expect(!streams(MGTableBox(width: 320, middleLines: [row, attached])))
        var wrapped = MGBox(.line(row))
        wrapped.sizingMode = .shrinkWrap
        #expect(!streams(MGTableBox(width: 320, middleLines: [wrapped])))
        var natural = row
        natural.widenAsNeeded = true
        #expect(!streams(MGTableBox(width: 320, middleLines: [natural])))
        #expect(!streams(MGTableBox(width: 320, middleLines: [MGBox(width: 100, boxes: [row])])))
    }

    @Test func aProblemInARowIsNamedAsTheEngineNamesIt() throws {
        var bad = MGBox(width: 100, height: 20)
        bad.padding.left = -1
        var attached = MGBox(width: 20, height: 20)
        attached.attachedTo = "nobody"
        let row = MGLine(height: 44, left: [.text("Row")])
        // The bad value first; then an attachment problem, which the engine names before it.
        for lines in [[row, bad], [row, bad, attached]] as [[any MGLayoutBox]] {
            let section = MGTableBox(width: 320, middleLines: lines)
            #expect(
                section.mgBox.streamedLayout(width: .maxContent, height: .maxContent, fonts: fonts, rounding: .edges)
                    == nil)
            var engine: MGBoxError?
            do {
                _ = try section.mgBox.engineLayout(
                    width: .maxContent, height: .maxContent, fonts: fonts, rounding: .edges)
            } catch {
                engine = error
            }
            #expect(throws: try #require(engine)) { try section.layout(fonts: fonts) }
        }
    }
}
