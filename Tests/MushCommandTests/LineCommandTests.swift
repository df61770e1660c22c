import Foundation
import Testing

/// `mush line`: one MGLine from a file or standard input, or JSON Lines with `--batch`
/// (`mgline.md`, "The command-line contract").
@Suite("mush line")
struct LineCommandTests {
    /// The spec's worked example: a 320 × 44 row with 16 points of padding each side, DejaVu Sans
    /// 18.5 (so that "Title" is 39.6 points wide, 40 rounded up) and a 51 × 31 box on the right.
    static func workedExample(left: String, precedence: String? = nil) -> String {
        let precedence = precedence.map { #", "sidePrecedence": "\#($0)""# } ?? ""
        return """
            {"width": 320, "height": 44, "padding": {"left": 16, "right": 16}, "font": {"family": "DejaVu Sans", "size": 18.5}\
            \(precedence), "left": ["\(left)"], "right": [{"box": {"width": 51, "height": 31}}]}
            """
    }

    static let longTitle = "A rather long title that goes on and on and on, far past the box"

    func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    func itemsOf(_ json: String) throws -> [[String: Any]] {
        try #require(try object(json)["items"] as? [[String: Any]])
    }

    func frame(_ item: [String: Any]) -> [String: Int]? {
        (item["frame"] as? [String: Any])?.compactMapValues { $0 as? Int }
    }

    /// Runs `mush line -` on one input and returns its output, expecting success.
    func layout(_ input: String) async throws -> String {
        let result = try await mush(["line", "-"], input: Data(input.utf8))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.isEmpty)
        return result.output
    }

    // MARK: - The worked example

    @Test func workedExampleTitleAndBox() async throws {
        let output = try await layout(Self.workedExample(left: "Title"))
        // Sorted keys, one line, whole numbers as integers.
        #expect(
            output == """
                {"height":44,"items":[{"frame":{"height":22,"width":40,"x":16,"y":11},"index":0,"kind":"text",\
                "lines":["Title"],"side":"left","truncated":false,"visible":true},{"frame":{"height":31,"width":51,\
                "x":253,"y":7},"index":0,"kind":"box","side":"right","visible":true}],"width":320}

                """)
        let items = try itemsOf(output)
        #expect(frame(items[0])?["x"] == 16)
        #expect(frame(items[0])?["width"] == 40)
        #expect(frame(items[1]) == ["x": 253, "y": 7, "width": 51, "height": 31])
    }

    @Test func workedExampleLongTitleDropsTheBox() async throws {
        // The title's natural width is over 400 points.
        let measured = try await mush(["measure", "--font-size", "18.5", Self.longTitle])
        #expect(try object(measured.output)["width"] as? Double ?? 0 > 400)

        let items = try itemsOf(try await layout(Self.workedExample(left: Self.longTitle)))
        #expect(items.count == 2)
        #expect(frame(items[0])?["x"] == 16)
        #expect(frame(items[0])?["width"] == 288)
        #expect(items[0]["truncated"] as? Bool == true)
        let lines = try #require(items[0]["lines"] as? [String])
        #expect(lines.count == 1)
        #expect(lines.last?.hasSuffix("…") == true)
        #expect(items[1]["kind"] as? String == "box")
        #expect(items[1]["visible"] as? Bool == false)
        #expect(items[1]["frame"] == nil)
    }

    @Test func workedExampleRightPrecedenceKeepsTheBox() async throws {
        let items = try itemsOf(try await layout(Self.workedExample(left: Self.longTitle, precedence: "right")))
        #expect(frame(items[1]) == ["x": 253, "y": 7, "width": 51, "height": 31])
        #expect(items[1]["visible"] as? Bool == true)
        #expect(frame(items[0])?["x"] == 16)
        #expect(frame(items[0])?["width"] == 237)
        #expect(items[0]["truncated"] as? Bool == true)
        #expect((items[0]["lines"] as? [String])?.last?.hasSuffix("…") == true)
    }

    // MARK: - Input and output

    @Test func readsAFile() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mush-line-\(UUID().uuidString).json")
        try Data(Self.workedExample(left: "Title").utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try await mush(["line", url.path])
        #expect(result.status == 0)
        #expect(result.output == (try await layout(Self.workedExample(left: "Title"))))
    }

    @Test func theSpecsInputExample() async throws {
        let input = """
            {"width": 320, "height": 44, "padding": {"top": 0, "left": 16, "bottom": 0, "right": 16},
             "font": {"family": "DejaVu Sans", "size": 16}, "rightFont": {"family": "DejaVu Sans", "size": 12},
             "textColor": "#000", "itemPadding": 0, "sidePrecedence": "left",
             "leftWidth": 0, "middleWidth": 0, "rightWidth": 0, "minHeight": 0, "maxHeight": 0,
             "verticalAlignment": "center", "leftAlignment": "left", "middleAlignment": "center",
             "rightAlignment": "right", "leftLineSpacing": 0, "widenAsNeeded": false,
             "left": ["Title", {"image": {"width": 20, "height": 20}}],
             "middle": [],
             "right": [{"box": {"width": 51, "height": 31, "margin": {"left": 4}}}, "multiline\\ntext|mush"]}
            """
        let output = try await layout(input)
        #expect(try object(output)["width"] as? Int == 320)
        #expect(try object(output)["height"] as? Int == 44)
        let items = try itemsOf(output)
        // Every item once, in input order per side.
        #expect(
            items.map { "\($0["side"]!)\($0["index"]!)\($0["kind"]!)" }
                == ["left0text", "left1image", "right0box", "right1text"])
        #expect(items[0]["lines"] as? [String] == ["Title"])
        #expect(frame(items[0])?["x"] == 16)
        #expect(items[1]["lines"] == nil && items[1]["truncated"] == nil)
        #expect(frame(items[1])?["width"] == 20)
        #expect(items[3]["lines"] as? [String] == ["multiline", "text"])
        // The right group ends at the padding; the box keeps its margin from the text.
        let text = try #require(frame(items[3]))
        #expect(text["x"]! + text["width"]! == 304)
        #expect(frame(items[2])?["x"] == 16 + 184)
        #expect(frame(items[2]).map { $0["x"]! + $0["width"]! } == text["x"])
    }

    @Test func multilineMushText() async throws {
        let output = try await layout(
            """
            {"width": 200, "minHeight": 10, "padding": {"top": 4, "bottom": 4},
             "left": ["  **Bold** and\\n//more//|mush\\n"], "right": [{"text": "one two three four five six", "multiline": true}],
             "rightWidth": 60}
            """)
        let items = try itemsOf(output)
        #expect(items[0]["lines"] as? [String] == ["Bold and", "more"])
        #expect(items[0]["truncated"] as? Bool == false)
        let right = try #require(items[1]["lines"] as? [String])
        #expect(right.count > 1, "wrapped at the fixed right width")
        #expect(frame(items[1])?["width"] ?? 99 <= 60)
        // The height grows to the tallest item and the padding.
        let height = try #require(try object(output)["height"] as? Int)
        #expect(height == frame(items[1])!["height"]! + 8)
        // "|mush" works on single-line text too.
        let plain = try itemsOf(try await layout(#"{"width": 300, "left": [{"text": "a|mush", "multiline": false}]}"#))
        #expect(plain[0]["lines"] as? [String] == ["a"])
    }

    @Test func nestedLineInABox() async throws {
        let output = try await layout(
            """
            {"width": 300, "height": 40, "left": ["Name"],
             "right": [{"box": {"width": 120, "height": 30, "color": "#e33",
                        "line": {"left": ["In"], "right": [{"image": {"width": 10, "height": 10, "file": "x.png"}}]}}}]}
            """)
        let items = try itemsOf(output)
        let box = items[1]
        #expect(box["kind"] as? String == "box")
        #expect(frame(box) == ["x": 180, "y": 5, "width": 120, "height": 30])
        let nested = try #require(box["line"] as? [String: Any])
        #expect(nested["width"] as? Int == 120, "laid out at the box's width")
        let inner = try #require(nested["items"] as? [[String: Any]])
        #expect(inner.count == 2)
        #expect(inner[0]["lines"] as? [String] == ["In"])
        #expect(frame(inner[1])?["x"] == 110)
        // A dropped box shows no nested layout.
        let narrow = try itemsOf(
            try await layout(
                """
                {"width": 50, "left": ["A long enough text"], "right": [{"box": {"width": 40, "line": {"left": ["x"]}}}]}
                """))
        #expect(narrow[1]["visible"] as? Bool == false)
        #expect(narrow[1]["line"] == nil)
    }

    // MARK: - Drawing properties

    /// Text shadows, a background, borders and margins are read (and checked) but move nothing.
    @Test func drawingKeysAreReadAndMoveNothing() async throws {
        let start = ##"{"width": 320, "height": 44, "padding": {"left": 16, "right": 16}, "##
        func items(box: String = "") -> String {
            ##""left": ["Title"], "middle": ["Mid"], "right": ["Detail", {"box": {"width": 51, "height": 31, "color": "#e33"\##(box)}}]}"##
        }
        let expected = try await layout(start + items())
        #expect(try itemsOf(expected).count == 4)
        let drawn =
            start + ##"""
                "textShadowColor": "#0008", "middleTextShadowColor": "#fff", "rightTextShadowColor": "#ffffff80",
                "leftTextShadowOffset": {"x": -1.5, "y": -2}, "middleTextShadowOffset": {"y": 3}, "rightTextShadowOffset": {},
                "backgroundColor": "#f7f7f7", "borders": {"top": "#ccc", "bottom": "#999", "width": 0.5},
                "margin": {"top": 4, "left": 8, "bottom": 4, "right": 8},
                """## + items(box: ##", "borders": "#000""##)
        #expect(try await layout(drawn) == expected)
        // Borders as one colour, or as an object with some edges; a width of 0; nested lines too.
        for borders in [##""#abc""##, ##"{"left": "#abc"}"##, ##"{"width": 0}"##, "{}"] {
            let line =
                start + #""borders": \#(borders), "#
                + items(box: #", "borders": \#(borders), "line": {"borders": \#(borders), "margin": {"left": 1}}"#)
            let output = try await layout(line)
            #expect(try itemsOf(output)[3]["line"] != nil, "\(borders)")
            #expect(try itemsOf(output).map(frame) == (try itemsOf(expected).map(frame)), "\(borders)")
        }
    }

    @Test(
        "Bad drawing values name their key",
        arguments: [
            (
                ##"{"width": 9, "textShadowColor": "grey"}"##,
                "textShadowColor: 'grey' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
            ),
            (##"{"width": 9, "middleTextShadowColor": 3}"##, "middleTextShadowColor: expected a string, not a number"),
            (
                ##"{"width": 9, "rightTextShadowColor": "#12345"}"##,
                "rightTextShadowColor: '#12345' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
            ),
            (
                ##"{"width": 9, "leftTextShadowOffset": {"x": "1"}}"##,
                "leftTextShadowOffset.x: expected a number, not a string"
            ),
            (
                ##"{"width": 9, "middleTextShadowOffset": [0, 1]}"##,
                "middleTextShadowOffset: expected an object, not an array"
            ),
            (##"{"width": 9, "rightTextShadowOffset": {"x": 1, "z": 1}}"##, "unknown key 'z' in rightTextShadowOffset"),
            (
                ##"{"width": 9, "rightTextShadowOffset": {"y": 1e999}}"##,
                "rightTextShadowOffset.y: 1e999 is too large for a number (at most about 1.8e308)"
            ),
            (##"{"width": 9, "backgroundColor": null}"##, "backgroundColor: expected a string, not null"),
            (##"{"width": 9, "borders": 1}"##, "borders: expected a colour or an object, not a number"),
            (
                ##"{"width": 9, "borders": "red"}"##,
                "borders: 'red' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
            ),
            (
                ##"{"width": 9, "borders": {"width": -1}}"##,
                "borders.width: must be a number from 0 to 1000000 points (it is -1)"
            ),
            (##"{"width": 9, "borders": {"width": "thin"}}"##, "borders.width: expected a number, not a string"),
            (##"{"width": 9, "borders": {"top": "#000", "middle": "#fff"}}"##, "unknown key 'middle' in borders"),
            (
                ##"{"width": 9, "borders": {"left": "nope"}}"##,
                "borders.left: 'nope' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
            ),
            (
                ##"{"width": 9, "margin": {"top": -1}}"##,
                "margin.top: must be a number from 0 to 1000000 points (it is -1)"
            ),
            (##"{"width": 9, "margin": 4}"##, "margin: expected an object, not a number"),
            (
                ##"{"width": 9, "right": [{"box": {"borders": {"width": -2}}}]}"##,
                "right[0].box.borders.width: must be a number from 0 to 1000000 points (it is -2)"
            ),
            (
                ##"{"width": 9, "right": [{"box": {"line": {"borders": "#ggg"}}}]}"##,
                "right[0].box.line.borders: '#ggg' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
            ),
            (
                ##"{"width": 9, "left": [{"box": {"line": {"leftTextShadowOffset": {"x": true}}}}]}"##,
                "left[0].box.line.leftTextShadowOffset.x: expected a number, not true"
            ),
        ])
    func badDrawingInput(input: String, message: String) async throws {
        let result = try await mush(["line", "-"], input: Data(input.utf8))
        expectOneLineError(result)
        #expect(result.output.isEmpty)
        #expect(result.error == "mush: error: \(message)\n")
    }

    /// `mush line` lays out single lines only: a stack (an object with `lines`) is not one.
    @Test func aStackIsNotALine() async throws {
        let result = try await mush(["line", "-"], input: Data(##"{"width": 100, "lines": [{"left": ["a"]}]}"##.utf8))
        expectOneLineError(result)
        #expect(result.error == "mush: error: unknown key 'lines'\n")
    }

    // MARK: - Batch

    @Test func batch() async throws {
        let input = """
            \(Self.workedExample(left: "Title"))

            {"width": -1}
            nope
               \t
            {"width": 100, "left": ["a"], "colour": "#fff"}
            \(Self.workedExample(left: Self.longTitle, precedence: "right"))
            """
        let result = try await mush(["line", "--batch"], input: Data(input.utf8))
        #expect(result.status == 2)
        #expect(result.error == "mush: 5 of 7 lines failed; the first is line 2\n")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // One output line for every input line, blank ones included.
        #expect(lines.count == 8)
        #expect(lines[0] == (try await layout(Self.workedExample(left: "Title"))).dropLast(1))
        #expect(try object(lines[1])["error"] as? String == "line 2: empty line (expected a JSON object)")
        #expect(
            try object(lines[2])["error"] as? String
                == "line 3: width: must be a number from 0 to 1000000 points (it is -1)")
        #expect(
            try object(lines[3])["error"] as? String
                == "line 4: not JSON: expected a value, found 'n' at column 1")
        #expect(try object(lines[4])["error"] as? String == "line 5: empty line (expected a JSON object)")
        #expect(try object(lines[5])["error"] as? String == "line 6: unknown key 'colour'")
        #expect(frame(try itemsOf(lines[6])[0])?["width"] == 237)
        #expect(lines[7].isEmpty)
    }

    /// More lines than one chunk the command lays out at a time, in input order.
    @Test func batchAllGood() async throws {
        let rows = (0..<4500).map { #"{"width": 200, "left": ["Row \#($0)"], "right": ["\#($0)"]}"# }
        let result = try await mush(["line", "--batch"], input: Data(rows.joined(separator: "\n").utf8))
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4500)
        for (number, line) in lines.enumerated() {
            let items = try itemsOf(line)
            #expect(items[0]["lines"] as? [String] == ["Row \(number)"])
            #expect(items[1]["lines"] as? [String] == ["\(number)"])
        }
    }

    // MARK: - Bad input

    @Test(
        "Bad input names the key",
        arguments: [
            ("", "not JSON: the text ends where a value should start at column 1"),
            ("{\"width\": 3", "not JSON: the text ends inside an object at column 12"),
            ("[320]", "not a JSON object"),
            ("{\"height\": 44}", "missing key 'width'"),
            ("{\"width\": \"wide\"}", "width: expected a number, not a string"),
            ("{\"width\": true}", "width: expected a number, not true"),
            ("{\"width\": -1}", "width: must be a number from 0 to 1000000 points (it is -1)"),
            ("{\"width\": 1e999}", "width: 1e999 is too large for a number (at most about 1.8e308)"),
            ("{\"width\": 9, \"colour\": \"#e33\"}", "unknown key 'colour'"),
            ("{\"width\": 9, \"padding\": {\"left\": 1, \"middle\": 2}}", "unknown key 'middle' in padding"),
            ("{\"width\": 9, \"padding\": 16}", "padding: expected an object, not a number"),
            ("{\"width\": 9, \"padding\": {\"top\": null}}", "padding.top: expected a number, not null"),
            (
                "{\"width\": 9, \"itemPadding\": -0.5}",
                "itemPadding: must be a number from 0 to 1000000 points (it is -0.5)"
            ),
            (
                "{\"width\": 9, \"textColor\": \"red\"}",
                "textColor: 'red' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
            ),
            (
                "{\"width\": 9, \"sidePrecedence\": \"centre\"}",
                "sidePrecedence: must be left, middle or right (it is 'centre')"
            ),
            (
                "{\"width\": 9, \"verticalAlignment\": \"middle\"}",
                "verticalAlignment: must be top, center or bottom (it is 'middle')"
            ),
            ("{\"width\": 9, \"rightAlignment\": 1}", "rightAlignment: expected a string, not a number"),
            ("{\"width\": 9, \"widenAsNeeded\": \"yes\"}", "widenAsNeeded: expected true or false, not a string"),
            (
                "{\"width\": 9, \"font\": {\"size\": 0}}",
                "font.size: must be a number from 0.01 to 10000 points (it is 0)"
            ),
            ("{\"width\": 9, \"left\": \"Title\"}", "left: expected an array, not a string"),
            ("{\"width\": 9, \"left\": [3]}", "left[0]: expected a string or an object, not a number"),
            (
                "{\"width\": 9, \"left\": [{\"label\": \"x\"}]}",
                "left[0]: an item object needs one of the keys text, image and box"
            ),
            (
                "{\"width\": 9, \"left\": [{\"text\": \"x\", \"box\": {}}]}",
                "left[0]: an item object has only one of the keys text, image and box (it has text and box)"
            ),
            (
                "{\"width\": 9, \"left\": [{\"text\": \"x\", \"multiline\": \"yes\"}]}",
                "left[0].multiline: expected true or false, not a string"
            ),
            ("{\"width\": 9, \"middle\": [{\"image\": {\"width\": 3}}]}", "missing key 'height' in middle[0].image"),
            (
                "{\"width\": 9, \"middle\": [{\"image\": {\"width\": 3, \"height\": 3, \"file\": 7}}]}",
                "middle[0].image.file: expected a string, not a number"
            ),
            (
                "{\"width\": 9, \"right\": [{\"box\": {\"width\": 5, \"margin\": {\"left\": -2}}}]}",
                "right[0].box.margin.left: must be a number from 0 to 1000000 points (it is -2)"
            ),
            (
                "{\"width\": 9, \"right\": [\"x\", {\"box\": {\"colour\": \"#e33\"}}]}",
                "unknown key 'colour' in right[1].box"
            ),
            (
                "{\"width\": 9, \"right\": [{\"box\": {\"color\": \"#e3\"}}]}",
                "right[0].box.color: '#e3' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
            ),
            (
                "{\"width\": 9, \"right\": [{\"box\": {\"expand\": 1}}]}",
                "right[0].box.expand: expected true or false, not a number"
            ),
            (
                "{\"width\": 9, \"right\": [{\"box\": {\"line\": {\"padding\": {\"top\": -1}}}}]}",
                "right[0].box.line.padding.top: must be a number from 0 to 1000000 points (it is -1)"
            ),
            (
                "{\"width\": 9, \"right\": [{\"box\": {\"line\": {\"left\": [{\"box\": {\"height\": 1e999}}]}}}]}",
                "right[0].box.line.left[0].box.height: 1e999 is too large for a number (at most about 1.8e308)"
            ),
        ])
    func badInput(input: String, message: String) async throws {
        let result = try await mush(["line", "-"], input: Data(input.utf8))
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error == "mush: error: \(message)\n")
    }

    @Test func unknownFontFamily() async throws {
        let result = try await mush(
            ["line", "-"], input: Data(#"{"width": 9, "rightFont": {"family": "Comic Sans", "size": 12}}"#.utf8))
        #expect(result.status == 2)
        #expect(
            result.error.hasPrefix(
                "mush: error: rightFont.family: no font family 'Comic Sans' (the fonts have DejaVu Sans,"))
        #expect(result.error.filter { $0 == "\n" }.count == 1)
    }

    @Test(
        "Usage errors: one line, status 2",
        arguments: [
            ["line"],
            ["line", "--batch", "-"],
            ["line", "/no/such/file.json"],
            ["line", "--fonts", "/no/such/folder", "-"],
            ["line", "a.json", "b.json"],
        ])
    func usageErrors(arguments: [String]) async throws {
        let result = try await mush(arguments, input: Data())
        expectOneLineError(result)
        #expect(result.output.isEmpty)
    }

    @Test func help() async throws {
        let result = try await mush(["line", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--batch"))
        #expect(result.output.contains("sidePrecedence"))
        for key in ["textShadowColor", "rightTextShadowOffset", "backgroundColor", "borders", "margin"] {
            #expect(result.output.contains(key), "\(key)")
        }
        let top = try await mush(["--help"])
        #expect(top.output.contains("line"))
    }
}
