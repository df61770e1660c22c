import Mush
import MushText
import Testing

@testable import MushLine

/// What a row says about its items is true: text given no room shows "…" and says it was
/// truncated, a glyph wider than its row is cut, items never sit outside a row for their padding,
/// and a row left without a height fits its content.
@Suite("Rows that tell the truth")
struct HardeningTests {
    var noRoom: MGLine {
        var line = MGLine(width: 32, height: 44)
        line.padding = MGLine.Insets(left: 16, right: 16)
        return line
    }

    @Test func textWithNoRoomIsAnEllipsisAndTruncated() throws {
        for text in ["a", "ab", "W"] {
            var line = noRoom
            line.leftItems = [.text(text)]
            let item = try line.layout().item(.left, 0)
            guard case .text(let fitted) = item.content else {
                Issue.record("not text")
                continue
            }
            #expect(item.frame == Frame(x: 16, y: 13, width: 0, height: 19), "\(text)")
            #expect(fitted.lines == ["…"], "\(text)")
            #expect(fitted.isTruncated, "\(text)")
        }
    }

    @Test func aGlyphWiderThanItsRowIsCut() throws {
        var line = MGLine(width: 20, height: 0, left: ["W"])
        line.font = MGLine.Font(size: 40)
        let item = try line.layout().item(.left, 0)
        guard case .text(let fitted) = item.content else {
            Issue.record("not text")
            return
        }
        #expect(fitted.isTruncated)
        #expect(fitted.lines == ["…"])
        #expect(item.frame?.width == 20)
        // Multiline text too: each line that would overflow is cut, and the frame stays in the room.
        line.leftItems = [.text("W\nab", multiline: true)]
        line.font = MGLine.Font(size: 30)
        let multiline = try line.layout().item(.left, 0)
        guard case .text(let wrapped) = multiline.content else {
            Issue.record("not text")
            return
        }
        #expect(wrapped.isTruncated)
        #expect(wrapped.lines.first == "…")
        #expect(multiline.frame!.width <= 20)
    }

    /// `itemPadding: 200` in a 320-point row: no item fits with its padding, so none is shown
    /// (before, they were visible outside the row).
    @Test func textWhosePaddingDoesNotFitIsDropped() throws {
        var line = MGLine(width: 320, height: 44, left: ["a"], right: ["b"])
        line.padding = MGLine.Insets(left: 16, right: 16)
        line.itemPadding = 200
        let layout = try line.layout()
        #expect(layout.items.allSatisfy { !$0.isVisible })
        // Padding that just fits keeps the text (as "…").
        line.itemPadding = 144
        let tight = try line.layout()
        #expect(tight.item(.left, 0).isVisible)
        #expect(tight.item(.left, 0).frame?.width == 0)
        #expect(!tight.item(.right, 0).isVisible)
    }

    @Test func everyVisibleFrameIsInsideAnUnwidenedRow() throws {
        for padding in [0.0, 4, 50, 100, 159, 160, 161, 500] {
            var line = MGLine(
                width: 320, height: 44, left: ["Left", .image(MGLine.Image(width: 30, height: 30))],
                middle: ["Middle"], right: ["Right", .box(MGLine.Box(width: 40, height: 20))])
            line.itemPadding = padding
            for precedence in MGLine.Side.allCases {
                line.sidePrecedence = precedence
                for item in try line.layout().items {
                    guard let frame = item.frame else { continue }
                    #expect(frame.x >= 0 && frame.x + frame.width <= 320, "padding \(padding), \(precedence): \(item)")
                }
            }
        }
    }

    @Test func aRowWithoutAHeightFitsItsContent() throws {
        var line = MGLine(width: 320, left: ["Title"])
        line.padding = MGLine.Insets(top: 8, bottom: 8)
        let layout = try line.layout()
        #expect(layout.height == 19 + 16)
        #expect(layout.frame(.left, 0)?.y == 8)
        // A height that is set is kept, as before.
        line.height = 44
        #expect(try line.layout().height == 44)
    }

    @Test func noNegativeZeroInFrames() throws {
        var line = MGLine(width: 10, height: 44, right: ["A long text that overflows"])
        line.rightWidth = 300
        for item in try line.layout().items {
            guard let frame = item.frame else { continue }
            for value in [frame.x, frame.y, frame.width, frame.height] {
                #expect(value.sign == .plus || value != 0, "-0 in \(frame)")
            }
        }
    }

    @Test func valuesOutsideTheirRangesAreNamed() {
        func problem(_ line: MGLine) -> String? {
            do {
                _ = try line.layout()
                return nil
            } catch {
                return error.description
            }
        }
        var line = MGLine(width: 320, height: 44, left: ["x"])
        line.font = MGLine.Font(size: 1e308)
        #expect(problem(line) == "font.size must be a number from 0.01 to 10000 (it is 1e+308)")
        line.font = MGLine.Font()
        line.leftLineSpacing = -1
        #expect(problem(line) == "leftLineSpacing must be a number from 0 to 1000000 points (it is -1)")
        line.leftLineSpacing = 0
        line.itemPadding = 1e308
        #expect(problem(line) == "itemPadding must be a number from 0 to 1000000 points (it is 1e+308)")
        line.itemPadding = 0
        line.rightItems = [
            .attributed(MushDocument([(text: "k", attributes: MushAttributes(kern: 5_000))]), multiline: false)
        ]
        #expect(
            problem(line) == "rightItems[0].runs[0].attributes.kern must be a number from -1000 to 1000 (it is 5000)")
    }

    @Test func boxesNestAtMostSixteenLinesDeep() {
        func nested(_ depth: Int) -> MGLine {
            var line = MGLine(width: 100, height: 10)
            if depth > 0 { line.leftItems = [.box(MGLine.Box(width: 10, height: 10, line: nested(depth - 1)))] }
            return line
        }
        #expect((try? nested(MGLine.maximumNesting).layout()) != nil)
        #expect(throws: MGLineError.self) { try nested(MGLine.maximumNesting + 1).layout() }
    }
}

extension HardeningTests {
    /// Padding wider than the line: nothing can be inside it, so nothing is shown (a fuzzer found a
    /// 0-wide "…" placed 1,680 points right of a 16-point row).
    @Test func paddingWiderThanTheLineShowsNothing() throws {
        var line = MGLine(
            width: 16, height: 44, left: ["abc", .image(MGLine.Image(width: 0, height: 0))], right: ["x"])
        line.padding = MGLine.Insets(left: 1680, right: 1680)
        let layout = try line.layout()
        #expect(layout.items.allSatisfy { !$0.isVisible })
        #expect(layout.width == 16)
        // Padding exactly as wide as the line leaves 0 points inside: text there is "…", 0 wide.
        line.padding = MGLine.Insets(left: 8, right: 8)
        let exact = try line.layout()
        #expect(exact.item(.left, 0).frame == Frame(x: 8, y: 13, width: 0, height: 19))
    }

    /// The line-break scan of a text item's string rule agrees with `Character.isNewline`, for
    /// every scalar alone, between letters, and in the pairs and neighbours that share bytes with
    /// the line breaks' encodings (CR LF, U+0085's C2, U+2028's E2 80).
    @Test func theLineBreakScanAgreesWithCharacterIsNewline() {
        var strings: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            strings.append(String(scalar))
            if value % 61 == 0 || (0x80...0x2100).contains(value) || (0x2020...0x2040).contains(value) {
                strings.append("a\(scalar)b")
            }
        }
        strings += ["\r\n", "x\r\ny", "\u{C2}\u{84}", "\u{2027}\u{2028}", "\u{2000}\u{80}", "e\u{301}\n", "🇫🇷\u{2029}"]
        var disagreements: [String] = []
        for string in strings where PreparedText.containsNewline(string) != string.contains(where: \.isNewline) {
            disagreements.append(string.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
        #expect(disagreements.isEmpty)
    }
}
