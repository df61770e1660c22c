import Testing

@testable import MushBox

/// Grid values in CSS's syntax read into typed values (`GridTrackList`, `GridAutoTracks`,
/// `GridLine`, `GridTemplateAreas`): the forms the browser fixtures use, each written back and read
/// again the same, and bad values as errors that say what was expected.
@Suite struct GridSyntaxTests {
    @Test func trackListsReadIntoTypedTracks() throws {
        let list = try GridTrackList(parsing: "[full-start] 40px 1fr minmax(0px, 2fr) fit-content(50%) [full-end]")
        #expect(
            list.items == [
                .lineNames(["full-start"]), .track(.breadth(.points(40))), .track(.breadth(.fraction(1))),
                .track(.minmax(.points(0), .fraction(2))), .track(.fitContent(.percent(50))),
                .lineNames(["full-end"]),
            ])
        #expect(list.trackCount == 4)
        let repeated = try GridTrackList(parsing: "repeat(3, [col] 20px) auto min-content max-content")
        #expect(repeated.trackCount == 6)
        #expect(
            repeated.items.first
                == .repetition(.init(count: .times(3), items: [.lineNames(["col"]), .track(.breadth(.points(20)))])))
        #expect(try GridTrackList(parsing: "repeat(auto-fill, minmax(40px, 1fr))").items.count == 1)
        #expect(try GridTrackList(parsing: "none").items.isEmpty)
        // Plain numbers are points, as everywhere in the engine's JSON.
        #expect(
            try GridTrackList(parsing: "40 0.5fr").items == [
                .track(.breadth(.points(40))), .track(.breadth(.fraction(0.5))),
            ])
    }

    @Test func theFixturesFormsReadAndWriteBack() throws {
        // The forms of the browser fixtures' templates (Taffy's grid fixtures), and a few more.
        let lists = [
            "40px 40px 40px", "minmax(0px, 0fr) auto", "0fr minmax(0px, 1fr)", "repeat(10000, 0px)",
            "repeat(auto-fill, 40px)", "repeat(auto-fit, 40px)", "minmax(15px, 0fr) minmax(0px, 1fr)",
            "40px auto 40px auto", "10% 20% 30%", "1fr max-content", "1fr min-content", "fit-content(40px)",
            "40px minmax(20px, 40px) 40px", "[a] repeat(2, [b c] 1fr [d]) [e]",
            "repeat(auto-fit, minmax(20px, 1fr)) 10px",
            // (A minmax() with one fixed breadth is a fixed size, an inflexible other one included.)
            "repeat(auto-fill, minmax(auto, 40px)) repeat(2, minmax(min-content, 10%))",
        ]
        for text in lists {
            let list = try GridTrackList(parsing: text)
            #expect(try GridTrackList(parsing: list.css) == list, "\(text) → \(list.css)")
        }
        #expect(try GridAutoTracks(parsing: "10px 20px 30px").sizes.count == 3)
    }

    @Test func badTrackListsSayWhatWasExpected() {
        let cases: [(String, String)] = [
            (
                "repeat(0, 40px)",
                "repeat() takes a whole number of times from 1 to 10000, auto-fill or auto-fit (it is 0)"
            ),
            (
                "repeat(10001, 1px)",
                "repeat() takes a whole number of times from 1 to 10000, auto-fill or auto-fit (it is 10001)"
            ),
            ("repeat(5000, 1px 1px 1px)", "a track list expands to at most 10000 tracks (this one: 15000)"),
            ("minmax(1fr, 2px)", "minmax()'s minimum cannot be flexible (fr)"),
            ("fit-content(auto)", "fit-content() takes a length or a percentage"),
            ("10em", "a track size: '10em' has a unit grids do not take (px, %, fr)"),
            ("-5px", "a track size: a length is from 0 to 1000000 points (it is -5)"),
            (
                "repeat(auto-fill, 1fr)",
                "an auto-fill or auto-fit repeat() holds only fixed sizes (a length or a percentage, or a minmax() with one)"
            ),
            (
                "repeat(auto-fill, 10px) repeat(auto-fit, 10px)",
                "a track list holds at most one auto-fill or auto-fit repeat()"
            ),
            (
                "auto repeat(auto-fill, 10px)",
                "beside an auto-fill or auto-fit repeat(), every track needs a fixed size (a length or a percentage)"
            ),
            (
                "repeat(auto-fill, 45px) repeat(3, 1fr)",
                "beside an auto-fill or auto-fit repeat(), every track needs a fixed size (a length or a percentage)"
            ),
            ("[a b 1px", "a line name list holds names and ends with ']', not '1px'"),
            ("minmax(1px 2px)", "expected ',' between minmax()'s minimum and maximum"),
            ("repeat(2, 1px", "repeat() is not closed with ')'"),
            ("[span] 1px", "'span' cannot name a line"),
            ("1px ; 2px", "unexpected ';'"),
            (
                "[a] [b c] 1px",
                "line names between two tracks go in one pair of brackets ('[a] [b c]' is not CSS: write '[a b c]')"
            ),
            (
                "repeat(2, 1px [a] [b])",
                "line names between two tracks go in one pair of brackets ('[a] [b]' is not CSS: write '[a b]')"
            ),
        ]
        for (text, message) in cases {
            #expect(throws: GridSyntaxError(message), "\(text)") { try GridTrackList(parsing: text) }
        }
        #expect(throws: GridSyntaxError("expected at least one track size")) { try GridAutoTracks(parsing: " ") }
    }

    @Test func linesAndShorthands() throws {
        #expect(try GridLine(parsing: "2") == .line(2, name: nil))
        #expect(try GridLine(parsing: "-1") == .line(-1, name: nil))
        #expect(try GridLine(parsing: "span 2") == .span(2, name: nil))
        #expect(try GridLine(parsing: "header-start") == .line(1, name: "header-start"))
        #expect(try GridLine(parsing: "2 col") == .line(2, name: "col"))
        #expect(try GridLine(parsing: "span col 3") == .span(3, name: "col"))
        #expect(try GridLine(parsing: "auto") == .auto)
        #expect(try GridLine.pair(parsing: "1 / span 2") == (.line(1, name: nil), .span(2, name: nil)))
        // A name alone is the end's name too; anything else leaves the end to auto.
        #expect(try GridLine.pair(parsing: "main") == (.line(1, name: "main"), .line(1, name: "main")))
        #expect(try GridLine.pair(parsing: "3") == (.line(3, name: nil), .auto))
        let bad: [(String, String)] = [
            ("0", "a grid line number is a whole number from -10000 to 10000 other than 0 (it is 0)"),
            ("10001", "a grid line number is a whole number from -10000 to 10000 other than 0 (it is 10001)"),
            ("span", "'span' needs a number or a name"),
            ("span -1", "a span is a whole number of tracks from 1 to 10000 (it is -1)"),
            ("span 10001", "a span is a whole number of tracks from 1 to 10000 (it is 10001)"),
            ("auto 2", "'auto' stands alone as a grid line"),
            ("1 2", "a grid line has at most one number"),
            ("1.5", "a grid line number is a whole number from -10000 to 10000 other than 0 (it is 1.5)"),
            ("", "expected a grid line (a number, a name, 'span …' or 'auto')"),
        ]
        for (text, message) in bad {
            #expect(throws: GridSyntaxError(message), "\(text)") { try GridLine(parsing: text) }
        }
    }

    @Test func areasAreRectangles() throws {
        let areas = try GridTemplateAreas(rows: ["head head", "side main", "side ."])
        #expect(areas.rowCount == 3 && areas.columnCount == 2)
        #expect(
            areas.areas == [
                .init(name: "head", rows: 0..<1, columns: 0..<2), .init(name: "side", rows: 1..<3, columns: 0..<1),
                .init(name: "main", rows: 1..<2, columns: 1..<2),
            ])
        #expect(try GridTemplateAreas(parsing: #""head head" "side main" "side ...""#) == areas)
        #expect(throws: GridSyntaxError("area 'a' is not a rectangle")) {
            try GridTemplateAreas(rows: ["a a", "a b"])
        }
        #expect(throws: GridSyntaxError("every row names as many cells: row 2 has 1, row 1 has 2")) {
            try GridTemplateAreas(rows: ["a b", "c"])
        }
        #expect(throws: GridSyntaxError("a row of areas is not closed with '\"'")) {
            try GridTemplateAreas(parsing: #""a b"#)
        }
    }
}
