import Mush
import MushLine
import MushText
import Testing

/// The string rules (multiline, trimming, `|mush`) and each side's font, colour, alignment and line
/// spacing.
@Suite struct TextItemTests {
    @Test func aStringWithALineBreakIsMultilineAndTrimmed() throws {
        let layout = try row(left: ["  \n Two\nlines \n\n"]).layout()
        let text = try #require(layout.item(.left, 0).text)
        #expect(text.isMultiline)
        #expect(text.lines == ["Two", "lines"])
        #expect(layout.frame(.left, 0)?.width == (try Measure.width("lines")))
    }

    @Test func aStringWithoutALineBreakIsOneLineAndKeepsItsSpaces() throws {
        let text = try #require(try row(left: [" padded "]).layout().item(.left, 0).text)
        #expect(!text.isMultiline && text.paragraph.text == " padded ")
    }

    @Test func theMultilineFlagOverridesTheRule() throws {
        let text = try #require(try row(left: [.text("no break", multiline: true)]).layout().item(.left, 0).text)
        #expect(text.isMultiline)
        let single = try #require(try row(left: [.text("one\ntwo", multiline: false)]).layout().item(.left, 0).text)
        #expect(!single.isMultiline && single.lines == ["one…"])
    }

    @Test func mushSuffixIsParsedWithTheSidesFontAsTheBase() throws {
        var line = row(left: ["**Bold** and //italic//|mush"], right: ["{#e33|red}|mush"])
        line.rightFont = MGLine.Font(size: 12)
        let layout = try line.layout()
        let left = try #require(layout.item(.left, 0).text)
        #expect(left.paragraph.text == "Bold and italic")
        let glyphs = left.paragraph.glyphs(of: left.layout.lines[0])
        #expect(glyphs.first?.face.isBold == true)
        #expect(glyphs.last?.face.isItalic == true || glyphs.last?.syntheticOblique == true)
        let right = try #require(layout.item(.right, 0).text)
        #expect(right.paragraph.text == "red" && right.paragraph.style.fontSize == 12)
        #expect(layout.frame(.right, 0)?.height == (try Measure.lineHeight(size: 12)))
    }

    @Test func aMultilineMushStringIsTrimmedBeforeTheSuffixIsFound() throws {
        // MGBoxKit's `multilineLeft` appended a line break to the string, after its `|mush`.
        let text = try #require(try row(left: ["Some `code` here|mush\n"]).layout().item(.left, 0).text)
        #expect(text.isMultiline && text.paragraph.text == "Some code here")
    }

    @Test func aMultilineMushStringIsTrimmedAfterTheSuffixToo() throws {
        let text = try #require(try row(left: ["**Two**\nlines\n|mush"]).layout().item(.left, 0).text)
        #expect(text.paragraph.text == "Two\nlines" && text.lines == ["Two", "lines"])
    }

    @Test func linesLeaveOutTheSpacesThatHangPastTheirEnd() throws {
        var line = row(left: ["one two three four five six seven eight nine ten eleven twelve\n"])
        line.width = 120
        let text = try #require(try line.layout().item(.left, 0).text)
        #expect(text.lines.count > 2 && text.lines.allSatisfy { !$0.hasSuffix(" ") })
        #expect(text.layout.lines[0].text.hasSuffix(" "))
    }

    @Test func onlyATrailingSuffixCounts() throws {
        let text = try #require(try row(left: ["**not|mush** parsed"]).layout().item(.left, 0).text)
        #expect(text.paragraph.text == "**not|mush** parsed")
    }

    @Test func attributedTextIsTakenAsGiven() throws {
        let document = Mush.parse("  **kept**|mush  ")
        let text = try #require(try row(left: [.attributed(document, multiline: true)]).layout().item(.left, 0).text)
        #expect(text.paragraph.text == document.text)
    }

    @Test func eachSideHasItsFontFallingBackToTheLeftOne() throws {
        var line = row(left: ["L"], middle: ["M"], right: ["R"])
        line.font = MGLine.Font(size: 20)
        line.middleFont = MGLine.Font(family: "DejaVu Sans Mono", size: 10)
        let layout = try line.layout()
        #expect(layout.frame(.left, 0)?.height == (try Measure.lineHeight(size: 20)))
        #expect(layout.frame(.right, 0)?.height == (try Measure.lineHeight(size: 20)))
        let middle = try #require(layout.item(.middle, 0).text)
        #expect(middle.paragraph.glyphs(of: middle.layout.lines[0]).first?.face.isMonospace == true)
        #expect(line.textColor(for: .right) == MushColor(red: 0, green: 0, blue: 0))
        line.rightTextColor = MushColor(hex: "#e33")
        #expect(line.textColor(for: .right) == MushColor(hex: "#e33") && line.textColor(for: .middle) == line.textColor)
    }

    @Test func multilineTextIsAlignedInItsFrameBySideAlignment() throws {
        var line = row(right: ["A longer first line\nshort"])
        line.rightAlignment = .right
        let layout = try line.layout()
        let frame = try #require(layout.frame(.right, 0))
        #expect(frame.x + frame.width == 304)
        let text = try #require(layout.item(.right, 0).text)
        let short = text.layout.lines[1]
        #expect(abs(short.x + short.width - frame.width) < 1)
        line.rightAlignment = .center
        let centred = try #require(try line.layout().item(.right, 0).text).layout.lines[1]
        #expect(abs(centred.x - (frame.width - centred.width) / 2) < 0.5)
    }

    /// A multiline text is broken once, in the room, and its lines are then placed in its narrower
    /// frame by the alignment pass: the same lines as laying it out afresh at the frame's width.
    @Test func multilineTextReAlignedInItsFrameIsAFreshLayoutThere() throws {
        let texts = [
            "A longer first line\nshort", "This row has bold text, italics text and more words, so that it wraps\n",
            "שלום עולם, זה טקסט בעברית שעובר לשורה הבאה ועוד מילים\n",
        ]
        for text in texts {
            for alignment in MGLine.Alignment.allCases {
                var line = row(right: [.text(text)])
                line.rightAlignment = alignment
                let layout = try line.layout()
                let frame = try #require(layout.frame(.right, 0))
                let item = try #require(layout.item(.right, 0).text)
                #expect(frame.width < 288, "narrower than the room, so re-aligned")
                let fresh = item.paragraph.layout(width: frame.width)
                #expect(item.layout.lines.map(\.text) == fresh.lines.map(\.text))
                #expect(item.layout.lines.map(\.x) == fresh.lines.map(\.x), "\(alignment)")
                #expect(item.layout.lines.map(\.width) == fresh.lines.map(\.width), "\(alignment)")
                #expect(item.layout.width == fresh.width && item.layout.height == fresh.height)
                let glyphs = item.layout.lines.map { item.paragraph.glyphs(of: $0).map(\.x) }
                #expect(glyphs == fresh.lines.map { item.paragraph.glyphs(of: $0).map(\.x) })
            }
        }
    }

    @Test func eachSideHasItsLineSpacing() throws {
        var line = row(left: ["one\ntwo"], right: ["one\ntwo"])
        line.rightLineSpacing = 6
        let layout = try line.layout()
        #expect(layout.frame(.right, 0)!.height - layout.frame(.left, 0)!.height == 6)
    }

    @Test func textSizesRoundUp() throws {
        let layout = try row(left: ["Title"]).layout()
        let text = try #require(layout.item(.left, 0).text)
        let frame = try #require(layout.frame(.left, 0))
        #expect(frame.width >= text.layout.width && frame.width - text.layout.width < 1)
        #expect(frame.height >= text.layout.height && frame.height - text.layout.height < 1)
    }
}

/// Laying out many lines at once.
@Suite struct BatchTests {
    func lines() -> [MGLine] {
        let words = [
            "Settings", "Wi-Fi", "Notifications", "A rather long label that will be shortened somewhere",
            "Привет мир", "مرحبا بالعالم", "**Bold** //italic// text that wraps onto more lines\n|mush",
        ]
        return (0..<300).map { index in
            var line = row(
                left: [.text(words[index % words.count])], right: index % 3 == 0 ? [image(20, 20)] : [.text("\(index)")]
            )
            line.minHeight = index % 2 == 0 ? 44 : 0
            line.sidePrecedence = index % 5 == 0 ? .right : .left
            return line
        }
    }

    @Test(arguments: [1, 2, 8])
    func batchGivesTheSameLayoutsAsOneByOne(workers: Int) async throws {
        let lines = lines()
        let batch = try await MGLine.layout(lines, maxConcurrency: workers)
        #expect(batch.count == lines.count)
        for (line, layout) in zip(lines, batch) {
            let single = try line.layout()
            #expect(single.width == layout.width && single.height == layout.height)
            #expect(single.items.map(\.frame) == layout.items.map(\.frame))
            #expect(single.items.map { $0.text?.lines } == layout.items.map { $0.text?.lines })
        }
    }

    @Test func aBadLineFailsTheBatchWithItsError() async throws {
        var lines = lines()
        lines[137].rightItems = [image(-1, 20)]
        await #expect(
            throws: MGLineError.invalidValue(
                property: "rightItems[0].width", problem: "must be a number from 0 to 1000000 points (it is -1)")
        ) {
            _ = try await MGLine.layout(lines)
        }
    }

    @Test func anEmptyBatchIsEmpty() async throws {
        #expect(try await MGLine.layout([]).isEmpty)
    }
}

/// Values a line cannot have are named, not drawn as garbage.
@Suite struct ValidationTests {
    @Test func negativeAndNonFiniteSizesAreNamed() throws {
        var line = row(left: ["x"])
        line.padding.left = -1
        #expect(throws: MGLineError.self) { try line.layout() }
        do {
            _ = try line.layout()
        } catch {
            #expect(error.description.hasPrefix("padding.left must be"))
        }
        line = row(right: [.box(MGLine.Box(width: 10, height: .nan))])
        do {
            _ = try line.layout()
            Issue.record("a NaN height was laid out")
        } catch {
            #expect(error.description.hasPrefix("rightItems[0].height must be"))
        }
    }

    @Test func unknownFontFamiliesAreNamed() throws {
        var line = row(left: ["x"])
        line.rightFont = MGLine.Font(family: "Comic Sans")
        do {
            _ = try line.layout()
            Issue.record("an unknown family was laid out")
        } catch {
            guard case .unknownFontFamily(let property, let family, let known) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(property == "rightFont.family" && family == "Comic Sans" && known.contains("DejaVu Sans"))
        }
    }

    @Test func nestedLinesAreNamedWithTheirPath() throws {
        var inner = MGLine(width: 10, height: 10)
        inner.itemPadding = -2
        let line = row(middle: [image(1, 1), .box(MGLine.Box(line: inner))])
        do {
            _ = try line.layout()
            Issue.record("a negative item padding was laid out")
        } catch {
            #expect(error.description.hasPrefix("middleItems[1].line.itemPadding must be"))
        }
    }
}
