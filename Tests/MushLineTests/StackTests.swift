import Mush
import MushLine
import Testing

/// `MGStack`: lines one under another, like an MGBoxKit table section.
@Suite struct StackTests {
    static let paragraph =
        "A paragraph long enough to wrap onto a few lines of a row in the stack, and then some more.\n"

    /// A line whose height fits its content: a wrapped paragraph (width 0: it fills the stack).
    func wrapping(_ text: String = paragraph, margin: MGLine.Insets = MGLine.Insets()) -> MGLine {
        var line = MGLine(left: [.text(text)])
        line.minHeight = 1
        line.margin = margin
        return line
    }

    @Test func linesAreStackedWithTheirMarginsAndThePadding() throws {
        var first = MGLine(width: 200, height: 44, left: ["Title"])
        first.margin = MGLine.Insets(top: 3, left: 7, bottom: 5)
        let second = wrapping(margin: MGLine.Insets(top: 2.5, left: 4, bottom: 6, right: 9))
        var third = MGLine(width: 120, left: [image(20, 33)])
        third.minHeight = 1
        third.padding = MGLine.Insets(top: 4, bottom: 4)
        let stack = MGStack(
            width: 320, padding: MGLine.Insets(top: 10, left: 12, bottom: 8, right: 16),
            lines: [first, second, third])
        let layout = try stack.layout()
        #expect(layout.width == 320)
        #expect(layout.lines.count == 3)

        // Each line as laid out on its own, the filled width set.
        var filled = second
        filled.width = 320 - 12 - 16 - 4 - 9
        let heights: [Double] = [44, try filled.layout().height, 33 + 8]
        #expect(heights[1] > 2 * (try Measure.lineHeight()), "the paragraph wraps")
        #expect(layout.lines.map(\.layout.height) == heights)

        #expect(layout.lines.map(\.x) == [12 + 7, 12 + 4, 12])
        let y0 = 10 + 3.0
        let y1 = y0 + 44 + 5 + 2.5
        let y2 = y1 + heights[1] + 6
        #expect(layout.lines.map(\.y) == [y0, y1, y2])
        #expect(layout.height == y2 + heights[2] + 8)
        #expect(layout.lines[1].frame == Frame(x: 16, y: y1, width: 279, height: heights[1]))
        // The placed layouts are the lines' own.
        #expect(layout.lines[1].layout.items.map(\.frame) == (try filled.layout()).items.map(\.frame))
        #expect(layout.lines[1].layout.items[0].text?.lines == (try filled.layout()).items[0].text?.lines)
    }

    /// The examples of `MGStack`'s documentation and of MushLine.md.
    @Test func theDocumentationExamples() throws {
        var title = MGLine(width: 0, height: 44, left: ["Settings"])
        title.margin = MGLine.Insets(bottom: 8)
        let rows = ["Wi-Fi", "Bluetooth"].map { MGLine(height: 44, left: [.text($0)]) }
        let stack = MGStack(
            width: 320, padding: MGLine.Insets(top: 10, left: 10, bottom: 10, right: 10),
            lines: [title] + rows)
        let layout = try stack.layout()
        #expect(layout.lines.map(\.y) == [10, 62, 106])
        #expect(layout.height == 160)

        var header = MGLine(height: 30, left: ["**Network**|mush"])
        header.margin = MGLine.Insets(bottom: 6)
        header.borders = MGLine.Borders(bottom: MushColor(hex: "#ccc"))
        let section = MGStack(
            width: 320, padding: MGLine.Insets(top: 8, left: 8, bottom: 8, right: 8),
            lines: [header, MGLine(height: 44, left: ["Wi-Fi"], right: ["HomeNet"])])
        let stacked = try section.layout()
        #expect(
            stacked.lines.map(\.frame) == [
                Frame(x: 8, y: 8, width: 304, height: 30), Frame(x: 8, y: 44, width: 304, height: 44),
            ])
        #expect(stacked.height == 96)
    }

    @Test func marginsAddUp() throws {
        var upper = MGLine(width: 100, height: 20)
        upper.margin.bottom = 10
        var lower = MGLine(width: 100, height: 20)
        lower.margin.top = 6
        let layout = try MGStack(width: 100, lines: [upper, lower]).layout()
        // No collapsing to the larger margin: 20 + 10 + 6.
        #expect(layout.lines.map(\.y) == [0, 36])
        #expect(layout.height == 56)
    }

    @Test func linesOfWidthZeroFillTheStack() throws {
        var fixed = MGLine(width: 90, height: 10)
        fixed.margin.left = 5
        var filling = MGLine(height: 10, right: ["End"])
        filling.margin = MGLine.Insets(left: 5, right: 15)
        var tooWide = MGLine(height: 10)
        tooWide.margin = MGLine.Insets(left: 200, right: 200)
        var widens = MGLine(height: 10, left: ["Widening"])
        widens.widenAsNeeded = true
        let stack = MGStack(
            width: 300, padding: MGLine.Insets(left: 20, right: 30),
            lines: [fixed, filling, tooWide, widens])
        let layout = try stack.layout()
        let filledWidth: Double = 300 - 20 - 30 - 5 - 15
        #expect(layout.lines.map(\.line.width) == [90, filledWidth, 0, 0])
        let widening: Double = try Measure.width("Widening")
        #expect(layout.lines.map(\.layout.width) == [90, 230, 0, widening])
        // The filled line's right item ends at its right edge.
        let end = try #require(layout.lines[1].layout.frame(.right, 0))
        #expect(end.x + end.width == 230)
        // Everything but the width is the line as given.
        var expected = filling
        expected.width = 230
        #expect(layout.lines[1].line == expected)
    }

    @Test func anEmptyStackIsItsPadding() throws {
        let layout = try MGStack(width: 50, padding: MGLine.Insets(top: 3, bottom: 4)).layout()
        #expect(layout.lines.isEmpty)
        #expect(layout.width == 50 && layout.height == 7)
    }

    @Test func drawingPropertiesDoNotMoveAnything() throws {
        let plain = row(left: ["Title", image(20, 20)], middle: ["Mid"], right: [box(30, 30)])
        var drawn = plain
        drawn.backgroundColor = MushColor(red: 1, green: 2, blue: 3)
        drawn.borders = MGLine.Borders(all: MushColor(red: 9, green: 9, blue: 9), width: 6)
        drawn.textShadowColor = MushColor(red: 0, green: 0, blue: 0, alpha: 128)
        drawn.middleTextShadowOffset = MGLine.Offset(x: -3, y: 4)
        drawn.margin = MGLine.Insets(top: 8, left: 8, bottom: 8, right: 8)
        drawn.rightItems = [
            .box(MGLine.Box(width: 30, height: 30, borders: MGLine.Borders(all: drawn.backgroundColor, width: 15)))
        ]
        let a = try plain.layout()
        let b = try drawn.layout()
        #expect(a.width == b.width && a.height == b.height)
        #expect(a.items.map(\.frame) == b.items.map(\.frame))
    }

    // MARK: - The new properties

    @Test func defaults() {
        let line = MGLine()
        #expect(line.textShadowColor == nil && line.middleTextShadowColor == nil && line.rightTextShadowColor == nil)
        for side in MGLine.Side.allCases {
            #expect(line.textShadowColor(for: side) == nil)
            #expect(line.textShadowOffset(for: side) == MGLine.Offset(x: 0, y: 1))
        }
        #expect(line.backgroundColor == nil)
        #expect(line.borders == MGLine.Borders(top: nil, left: nil, bottom: nil, right: nil, width: 1))
        #expect(line.margin == MGLine.Insets(top: 0, left: 0, bottom: 0, right: 0))
        #expect(MGLine.Offset() == MGLine.Offset(x: 0, y: 0))
        #expect(MGLine.Box(width: 3, height: 4).borders == MGLine.Borders())
        #expect(MGLine.Box().color == nil)
        let stack = MGStack(width: 10)
        #expect(stack.padding == MGLine.Insets() && stack.backgroundColor == nil && stack.borders == MGLine.Borders())
        #expect(stack.lines.isEmpty)
    }

    @Test func bordersOnAllEdges() {
        let red = MushColor(red: 255, green: 0, blue: 0)
        let all = MGLine.Borders(all: red, width: 2)
        #expect(all.top == red && all.left == red && all.bottom == red && all.right == red && all.width == 2)
        #expect(MGLine.Borders(all: nil) == MGLine.Borders())
        #expect(MGLine.Borders(left: red).width == 1)
    }

    @Test func middleAndRightShadowsFallBackToTheLeft() {
        let grey = MushColor(red: 128, green: 128, blue: 128)
        let white = MushColor(red: 255, green: 255, blue: 255)
        var line = MGLine()
        line.textShadowColor = grey
        #expect(MGLine.Side.allCases.map(line.textShadowColor(for:)) == [grey, grey, grey])
        line.rightTextShadowColor = white
        #expect(MGLine.Side.allCases.map(line.textShadowColor(for:)) == [grey, grey, white])
        line.middleTextShadowColor = white
        line.textShadowColor = nil
        #expect(MGLine.Side.allCases.map(line.textShadowColor(for:)) == [nil, white, white])
        // Offsets do not fall back: each side has its own.
        line.leftTextShadowOffset = MGLine.Offset(x: 2, y: -1)
        line.rightTextShadowOffset = MGLine.Offset(y: 3)
        #expect(
            MGLine.Side.allCases.map(line.textShadowOffset(for:))
                == [MGLine.Offset(x: 2, y: -1), MGLine.Offset(x: 0, y: 1), MGLine.Offset(x: 0, y: 3)])
    }

    // MARK: - Validation

    /// What the error says, or nil when `body` does not throw.
    func problem<T>(_ body: () throws -> T) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func badLinePropertiesAreNamed() {
        var line = row(left: ["x"])
        line.leftTextShadowOffset.x = .nan
        #expect(
            problem { try line.layout() }
                == "leftTextShadowOffset.x must be a number from -1000000 to 1000000 points (it is nan)")
        line.leftTextShadowOffset.x = -4
        #expect(problem { try line.layout() } == nil, "offsets may be negative")
        line.rightTextShadowOffset.y = -.infinity
        #expect(
            problem { try line.layout() }
                == "rightTextShadowOffset.y must be a number from -1000000 to 1000000 points (it is -inf)")
        line.rightTextShadowOffset.y = 0
        line.borders.width = -1
        #expect(problem { try line.layout() } == "borders.width must be a number from 0 to 1000000 points (it is -1)")
        line.borders.width = 0
        line.margin.bottom = .infinity
        #expect(problem { try line.layout() } == "margin.bottom must be a number from 0 to 1000000 points (it is inf)")
        line.margin.bottom = 0
        line.rightItems = [.box(MGLine.Box(width: 5, height: 5, borders: MGLine.Borders(width: -2)))]
        #expect(
            problem { try line.layout() }
                == "rightItems[0].borders.width must be a number from 0 to 1000000 points (it is -2)")
        line.rightItems = []
        #expect(problem { try line.layout() } == nil)
    }

    @Test func badStackValuesAreNamed() {
        var stack = MGStack(width: -1)
        #expect(problem { try stack.layout() } == "width must be a number from 0 to 1000000 points (it is -1)")
        stack.width = 100
        stack.padding.right = .nan
        #expect(problem { try stack.layout() } == "padding.right must be a number from 0 to 1000000 points (it is nan)")
        stack.padding.right = 0
        stack.borders.width = .infinity
        #expect(problem { try stack.layout() } == "borders.width must be a number from 0 to 1000000 points (it is inf)")
        stack.borders.width = 1
        #expect(problem { try stack.layout() } == nil)
    }

    @Test func badLinesInAStackAreNamedWithTheirIndex() throws {
        var lines = [MGLine(height: 10, left: ["a"]), MGLine(height: 10), MGLine(height: 10)]
        lines[2].rightItems = ["x", image(-1, 3)]
        let stack = MGStack(width: 100, lines: lines)
        #expect(
            problem { try stack.layout() }
                == "lines[2].rightItems[1].width must be a number from 0 to 1000000 points (it is -1)")
        #expect(
            throws: MGLineError.invalidValue(
                property: "lines[2].rightItems[1].width",
                problem: "must be a number from 0 to 1000000 points (it is -1)")
        ) {
            try stack.validate()
        }

        var margins = stack
        margins.lines[2].rightItems = []
        margins.lines[1].margin.top = -3
        #expect(
            problem { try margins.layout() }
                == "lines[1].margin.top must be a number from 0 to 1000000 points (it is -3)")

        var nested = stack
        nested.lines[2].rightItems = []
        var inner = MGLine()
        inner.font = MGLine.Font(family: "Comic Sans")
        nested.lines[0].middleItems = [.box(MGLine.Box(line: inner))]
        do throws(MGLineError) {
            _ = try nested.layout()
            Issue.record("an unknown family was laid out")
        } catch {
            guard case .unknownFontFamily(let property, let family, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(property == "lines[0].middleItems[0].line.font.family" && family == "Comic Sans")
        }
    }
}
