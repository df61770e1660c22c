import Foundation
import Testing

/// `mush layout`: one box tree from a file or standard input, or JSON Lines with `--batch`
/// (`box.md`, "The command-line contract").
///
/// The tests whose names end in `Engine` need the flexbox engine: their expected frames are worked
/// out by hand from CSS's rules, for trees whose layout is plain.
@Suite("mush layout")
struct LayoutCommandTests {
    func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    func children(_ node: [String: Any]) throws -> [[String: Any]] {
        try #require(node["children"] as? [[String: Any]])
    }

    /// `x`, `y`, `width` and `height` of a result node, as numbers.
    func frame(_ node: [String: Any]) -> [String: Double] {
        var frame: [String: Double] = [:]
        for key in ["x", "y", "width", "height"] { frame[key] = node[key] as? Double }
        return frame
    }

    /// Runs `mush layout - ARGUMENTS` on one tree and returns its output, expecting success.
    func layout(_ input: String, _ arguments: [String] = []) async throws -> String {
        let result = try await mush(["layout", "-"] + arguments, input: Data(input.utf8))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.isEmpty, "\(result.error)")
        return result.output
    }

    // MARK: - Layouts (need the engine)

    /// The README's card (Examples/card.json), MGBoxKit's README grid and table
    /// (Examples/grid.json, Examples/table.json) and the linear layout (Examples/linear.json) give
    /// the output the README shows, exactly, and so does BoxView's login form (Examples/login.json).
    @Test(arguments: ["card", "grid", "table", "linear", "login"])
    func theReadmeExamples(name: String) async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let input = try String(contentsOf: root.appendingPathComponent("Examples/\(name).json"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "$ mush layout \(name).json\n"
        let start = try #require(readme.range(of: marker)).upperBound
        let shown = readme[start...].prefix { $0 != "\n" }
        #expect(readme.contains(input.trimmingCharacters(in: .newlines)))
        #expect(try await layout(input) == shown + "\n")
    }

    /// The README's grid (Examples/dashboard.json) is shown as it is, and lays out by its named
    /// areas: the heading across three columns, the navigation down two rows, the chart's bars
    /// aligned at the bottom of its padding.
    @Test func theReadmeGrid() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let input = try String(contentsOf: root.appendingPathComponent("Examples/dashboard.json"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(input.trimmingCharacters(in: .newlines)))
        let output = try await layout(input)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        func frame(_ node: [String: Any]) -> [Double] {
            ["x", "y", "width", "height"].map { (node[$0] as! NSNumber).doubleValue }
        }
        let children = try #require(object["children"] as? [[String: Any]])
        #expect(frame(object) == [0, 0, 360, 228])
        #expect(children.map { $0["id"] as? String } == ["head", "nav", "sales", "visits", "chart"])
        #expect(frame(children[0]) == [12, 12, 336, 20])
        #expect(frame(children[1]) == [12, 40, 96, 176])
        #expect(frame(children[2]) == [116, 40, 112, 72])
        #expect(frame(children[3]) == [236, 40, 112, 72])
        #expect(frame(children[4]) == [116, 120, 232, 96])
        let bars = try #require(children[4]["children"] as? [[String: Any]]).map(frame)
        #expect(bars.map { $0[1] + $0[3] } == Array(repeating: 86, count: 6))
        #expect(bars.map { $0[0] } == [10, 46, 83, 119, 155, 192])
    }

    @Test func aRowOfTwoFixedBoxesEngine() async throws {
        let output = try await layout(
            #"{"id": "row", "width": 320, "children": [{"width": 100, "height": 50}, {"id": "b", "width": 100, "height": 50}]}"#
        )
        // Sorted keys, one line, whole numbers as integers, ids echoed, leaves without children.
        #expect(
            output == """
                {"children":[{"height":50,"width":100,"x":0,"y":0},{"height":50,"id":"b","width":100,"x":100,"y":0}],\
                "height":50,"id":"row","width":320,"x":0,"y":0}

                """)
    }

    @Test func aColumnWithPaddingAndGapEngine() async throws {
        let root = try object(
            try await layout(
                #"{"flexDirection": "column", "width": 200, "padding": 10, "gap": 5, "children": [{"height": 30}, {"height": 40}]}"#
            ))
        #expect(frame(root) == ["x": 0, "y": 0, "width": 200, "height": 95])
        let items = try children(root)
        // Stretched across the column's content box, one under the other with the gap between.
        #expect(frame(items[0]) == ["x": 10, "y": 10, "width": 180, "height": 30])
        #expect(frame(items[1]) == ["x": 10, "y": 45, "width": 180, "height": 40])
    }

    @Test func theRootFitsTheWidthGivenEngine() async throws {
        let tree = #"{"children": [{"width": 100, "height": 20}, {"width": 100, "height": 20}]}"#
        // Its content's width when that fits (max-content by default) …
        let wide = try object(try await layout(tree, ["--width", "500"]))
        #expect(frame(wide) == ["x": 0, "y": 0, "width": 200, "height": 20])
        #expect(try children(wide).map(frame)[1] == ["x": 100, "y": 0, "width": 100, "height": 20])
        #expect(try await layout(tree) == (try await layout(tree, ["--width", "max-content"])))
        // … never narrower than its min-content width, to which an item's width contributes in full
        // (CSS's min-content contribution), so these overflow a narrower space …
        let narrow = try object(try await layout(tree, ["--width", "150"]))
        #expect(frame(narrow) == ["x": 0, "y": 0, "width": 200, "height": 20])
        // … and the width given when the content can wrap: two paragraphs share it.
        let text = #"{"children": [{"text": "one two three four five"}, {"text": "six seven eight nine ten"}]}"#
        let shared = try object(try await layout(text, ["--width", "150"]))
        #expect(frame(shared)["width"] == 150)
        let widths = try children(shared).map { frame($0)["width"] ?? 0 }
        #expect(widths.reduce(0, +) <= 151 && widths.allSatisfy { $0 > 40 && $0 < 110 })
    }

    @Test func anAbsoluteBadgeAndAHiddenBoxEngine() async throws {
        let root = try object(
            try await layout(
                """
                {"width": 200, "height": 100, "children": [
                  {"position": "absolute", "inset": {"right": 0, "bottom": 0}, "width": 20, "height": 20},
                  {"display": "none", "width": 50, "height": 50, "children": [{"width": 10, "height": 10}]},
                  {"width": 30, "height": 30}]}
                """))
        let items = try children(root)
        #expect(items.count == 3)
        #expect(frame(items[0]) == ["x": 180, "y": 80, "width": 20, "height": 20])
        // Every input node appears once, a hidden subtree with zero frames.
        #expect(frame(items[1]) == ["x": 0, "y": 0, "width": 0, "height": 0])
        #expect(try children(items[1]).map(frame) == [["x": 0, "y": 0, "width": 0, "height": 0]])
        #expect(frame(items[2]) == ["x": 0, "y": 0, "width": 30, "height": 30])
    }

    @Test func exactKeepsFractionsEngine() async throws {
        let tree = #"{"width": 100.75, "height": 10.25}"#
        #expect(frame(try object(try await layout(tree))) == ["x": 0, "y": 0, "width": 101, "height": 10])
        #expect(
            frame(try object(try await layout(tree, ["--exact"]))) == [
                "x": 0, "y": 0, "width": 100.75, "height": 10.25,
            ])
    }

    @Test func textWrapsAtTheWidthItGetsEngine() async throws {
        let tree = #"{"text": "Hello wonderful world"}"#
        let narrow = try object(try await layout(tree, ["--width", "min-content"]))
        let lines = try #require(narrow["lines"] as? [[String: Any]])
        #expect(lines.map { $0["text"] as? String } == ["Hello ", "wonderful ", "world"])
        // Never narrower than its widest word.
        #expect(lines.allSatisfy { ($0["width"] as? Double ?? .infinity) <= narrow["width"] as? Double ?? 0 })
        let wide = try object(try await layout(tree))
        #expect((wide["lines"] as? [[String: Any]])?.count == 1)
        #expect(wide["truncated"] == nil)
        // The lines sit in the node's border box, inside its padding.
        let padded = try object(try await layout(#"{"padding": {"left": 8, "top": 6}, "text": "Hello"}"#))
        let line = try #require((padded["lines"] as? [[String: Any]])?.first)
        #expect(line["x"] as? Double == 8)
        #expect(line["y"] as? Double == 6)
        // DejaVu Sans 16: an ascent of 1901 units of 2048.
        let ascent: Double = 1901.0 / 2048 * 16
        #expect(line["baseline"] as? Double == 6 + ascent)
    }

    @Test func aRowLeafTakesTheWidthAndFitsItsHeightEngine() async throws {
        let row = """
            {"padding": {"left": 16, "right": 16}, "font": {"family": "DejaVu Sans", "size": 18.5}, "left": ["Title"], \
            "right": [{"box": {"width": 51, "height": 31}}]}
            """
        let root = try object(
            try await layout(#"{"width": 320, "flexDirection": "column", "children": [{"line": \#(row)}]}"#))
        let leaf = try children(root)[0]
        #expect(frame(leaf) == ["x": 0, "y": 0, "width": 320, "height": 31])
        let line = try #require(leaf["line"] as? [String: Any])
        #expect(line["width"] as? Double == 320)
        let items = try #require(line["items"] as? [[String: Any]])
        #expect(items.count == 2)
        #expect(
            frame(try #require(items[1]["frame"] as? [String: Any])) == ["x": 253, "y": 0, "width": 51, "height": 31])
    }

    @Test func warningsGoToStandardErrorEngine() async throws {
        let result = try await mush(
            ["layout", "-"], input: Data(#"{"children": [{"text": "**open|mush"}]}"#.utf8))
        #expect(result.status == 0)
        #expect(result.error == "mush: warning: children[0].text: unmatched '**' (kept as text)\n")
        #expect(result.output.hasPrefix(#"{"children":[{"#))
    }

    @Test func batchAnswersEveryLineEngine() async throws {
        let input = """
            {"width": 10, "height": 20}
            {"width": -1}

            {"children": [{"width": 5, "height": 5}]}

            """
        let result = try await mush(["layout", "--batch", "--width", "100"], input: Data(input.utf8))
        #expect(result.status == 2)
        #expect(
            result.output == """
                {"height":20,"width":10,"x":0,"y":0}
                {"error":"width: must be a number from 0 to 1000000 points (it is -1)","line":2}
                {"error":"empty line (expected a JSON object)","line":3}
                {"children":[{"height":5,"width":5,"x":0,"y":0}],"height":5,"width":5,"x":0,"y":0}

                """)
        #expect(result.error == "mush: 2 of 4 lines failed; the first is line 2\n")
        // The same bytes on several threads.
        let parallel = try await mush(["layout", "--batch", "--width", "100", "--jobs", "3"], input: Data(input.utf8))
        #expect(parallel.output == result.output)
        #expect(parallel.error == result.error)
    }

    @Test func aThousandLevelsInTheExecutableEngine() throws {
        let levels = 1000
        let tree =
            String(repeating: #"{"children": ["#, count: levels) + #"{"width": 7, "height": 3}"#
            + String(repeating: "]}", count: levels)
        let result = try runMush(["layout", "-"], input: Data(tree.utf8))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasSuffix(#"],"height":3,"width":7,"x":0,"y":0}"# + "\n"))
        #expect(result.output.components(separatedBy: #""width":7"#).count == levels + 2)
    }

    // MARK: - Bad input and usage (no engine needed)

    @Test(
        "Bad trees: one line naming the JSON path, status 2",
        arguments: [
            (#"{"children": [{}, {"colour": 1}]}"#, "unknown key 'colour' in children[1]"),
            (
                #"{"children": [{"children": [{"width": -5}]}]}"#,
                "children[0].children[0].width: must be a number from 0 to 1000000 points (it is -5)"
            ),
            (#"{"width": 1e999}"#, "width: 1e999 is too large for a number (at most about 1.8e308)"),
            (#"{"text": "a", "children": [{}]}"#, "a leaf (text, line or image) cannot have children"),
            (#"{"image": {"width": 1}}"#, "missing key 'height' in image"),
            ("[1, 2]", "not a JSON object"),
            ("{\"width\": 1", "not JSON: the text ends inside an object at column 12"),
        ])
    func badTrees(input: String, message: String) async throws {
        let result = try await mush(["layout", "-"], input: Data(input.utf8))
        expectOneLineError(result)
        #expect(result.error == "mush: error: \(message)\n")
        #expect(result.output.isEmpty)
    }

    @Test func treesDeeperThanTheLimitNameTheNode() async throws {
        let tree = String(repeating: #"{"children": ["#, count: 1001) + "{}" + String(repeating: "]}", count: 1001)
        let result = try await mush(["layout", "-"], input: Data(tree.utf8))
        expectOneLineError(result)
        #expect(
            result.error
                == "mush: error: children[0].children[0].children[0]. … .children[0].children[0].children[0]"
                + " (1001 steps): the tree is deeper than 1000 levels below the root\n")
    }

    @Test func filesAreReadAndMissingOnesNamed() async throws {
        try await inFolder { folder in
            let file = folder.appendingPathComponent("tree.json")
            try Data(#"{"wdth": 3}"#.utf8).write(to: file)
            let bad = try await mush(["layout", file.path])
            expectOneLineError(bad)
            #expect(bad.error == "mush: error: unknown key 'wdth'\n")
            let missing = try await mush(["layout", folder.appendingPathComponent("none.json").path])
            expectOneLineError(missing)
            #expect(missing.error.contains("no such file"))
        }
    }

    @Test(
        "Usage errors",
        arguments: [
            (["layout"], "give a FILE.json, or - to read standard input"),
            (["layout", "--batch", "-"], "--batch reads standard input; give no FILE"),
            (["layout", "--jobs", "2", "-"], "--jobs is for --batch only"),
            (
                ["layout", "--width", "wide", "-"],
                "--width must be a number of points from 0 to 1000000, max-content or min-content (it is 'wide')"
            ),
            (
                ["layout", "--height", "-3", "-"],
                "--height must be a number of points from 0 to 1000000, max-content or min-content (it is '-3')"
            ),
            (
                ["layout", "--width", "nan", "-"],
                "--width must be a number of points from 0 to 1000000, max-content or min-content (it is 'nan')"
            ),
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let result = try await mush(arguments, input: Data("{}".utf8))
        expectOneLineError(result)
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test func badBatchLinesGiveErrorObjectsAndTheRestGoOn() async throws {
        let input = "{\"x\": 1}\n\n{\"children\": [{\"width\": \"wide\"}]}\r\nnot json\n"
        let result = try await mush(["layout", "--batch"], input: Data(input.utf8))
        #expect(result.status == 2)
        #expect(
            result.output == """
                {"error":"unknown key 'x'","line":1}
                {"error":"empty line (expected a JSON object)","line":2}
                {"error":"children[0].width: expected a number, \\"N%\\" or \\"auto\\", not 'wide'","line":3}
                {"error":"not JSON: expected a value, found 'n' at column 1","line":4}

                """)
        #expect(result.error == "mush: 4 of 4 lines failed; the first is line 1\n")
    }

    @Test func helpListsTheKeys() async throws {
        let result = try await mush(["layout", "--help"])
        #expect(result.status == 0)
        let help = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for key in [
            "display", "position", "direction", "boxSizing", "flexDirection", "flexWrap", "flexGrow", "flexShrink",
            "flexBasis", "justifyContent", "alignItems", "alignSelf", "alignContent", "minWidth", "minHeight",
            "maxWidth", "maxHeight", "aspectRatio", "margin", "padding", "border", "inset", "gap", "rowGap",
            "columnGap", "overflow", "children", "id", "text", "font {family, size, bold, italic}", "color",
            "lineSpacing", "maxLines", "ellipsize", "textAlign", "line", "image {width, height, file, scale}",
            "--image-root", "--width",
            "--height", "--exact", "--batch", "--jobs", "--fonts", "max-content", "min-content",
            "MKLayoutLibrary (a node with linearLayout, stackLayout, flowLayout or customLayout)",
            "BoxView (a node with boxView)",
            "MGBoxKit (a node with boxes, topLines",
        ] {
            #expect(help.contains(key), "\(key)")
        }
        let top = try await mush(["--help"])
        #expect(top.output.contains("layout"))
    }

    // MARK: - Hit testing

    /// `--hit X,Y` prints only the boxes under the point, topmost first, each with its input path
    /// (`root` for the root) and id, its frame in the root's coordinates.
    @Test func hitPrintsTheBoxesUnderAPointTopmostFirst() async throws {
        let tree = #"""
            {"id": "page", "width": 100, "height": 50, "padding": 4, "children": [
              {"id": "a", "width": 40, "height": 20},
              {"id": "b", "width": 40, "height": 20, "position": "absolute", "inset": {"left": 20, "top": 5}, "zIndex": 2}]}
            """#
        let output = try await layout(tree, ["--hit", "30,12"])
        #expect(
            output == #"[{"height":20,"id":"b","path":"children[1]","width":40,"x":20,"y":5},"#
                + #"{"height":20,"id":"a","path":"children[0]","width":40,"x":4,"y":4},"#
                + #"{"height":50,"id":"page","path":"root","width":100,"x":0,"y":0}]"# + "\n")
        #expect(try await layout(tree, ["--hit", "200,0"]) == "[]\n")
        // A vocabulary's boxes are named as the input names them.
        let boxes =
            #"{"width": 120, "boxes": [{"id": "card", "width": 100, "height": 20}, {"width": 100, "height": 20}]}"#
        #expect(
            try await layout(boxes, ["--hit", "10,25"])
                == #"[{"height":20,"path":"boxes[1]","width":100,"x":0,"y":20},{"height":40,"path":"root","width":120,"x":0,"y":0}]"#
                + "\n")
        for (argument, message) in [
            ("x", "--hit must be two numbers of points, X,Y, each from -1000000 to 1000000 (it is 'x')"),
            ("1,2,3", "--hit must be two numbers of points, X,Y, each from -1000000 to 1000000 (it is '1,2,3')"),
        ] {
            let result = try await mush(["layout", "-", "--hit", argument], input: Data(tree.utf8))
            #expect(result.status == 2)
            #expect(result.error.contains(message), "\(result.error)")
        }
    }
}

/// `--from`: the change between two layouts, as the README shows it, and drawn.
@Suite("Transitions in the commands")
struct TransitionCommandTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    @Test func theReadmesAddedRow() async throws {
        let readme = try String(
            contentsOf: Self.examples.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "$ mush layout table-row-added.json --from table.json\n"
        let start = try #require(readme.range(of: marker)).upperBound
        let shown = readme[start...].prefix { $0 != "\n" }
        let result = try await mush([
            "layout", Self.examples.appendingPathComponent("table-row-added.json").path, "--from",
            Self.examples.appendingPathComponent("table.json").path,
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == shown + "\n")
    }

    @Test func anAnimatedPNGAndFrameFiles() async throws {
        try await inFolder { folder in
            let after = Self.examples.appendingPathComponent("table-row-added.json").path
            let before = Self.examples.appendingPathComponent("table.json").path
            let out = folder.appendingPathComponent("added.png").path
            let result = try await mush(["render", after, "--from", before, "-o", out, "--frames", "4"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output == "\(out): 320 × 480 pixels, 4 frames over 0.3 s\n")
            let data = try Data(contentsOf: URL(fileURLWithPath: out))
            // acTL right after the header: 4 frames.
            #expect(data[37..<41].elementsEqual("acTL".utf8))
            #expect([UInt8](data[41..<45]) == [0, 0, 0, 4])
            let files = try await mush(["render", after, "--from", before, "-o", out, "--frames", "3", "--frame-files"])
            let stem = folder.appendingPathComponent("added").path
            #expect(files.output == (1...3).map { "\(stem)-\($0).png: 320 × 480 pixels\n" }.joined())
            #expect(FileManager.default.fileExists(atPath: "\(stem)-3.png"))
        }
    }

    @Test func badTransitionsAreOneLineErrors() async throws {
        let table = Self.examples.appendingPathComponent("table.json").path
        let line = Self.examples.appendingPathComponent("rows.json").path
        for arguments in [
            ["render", table, "--from", table, "-o", "x.svg"],
            ["render", table, "--from", table, "-o", "x.png", "--frames", "1"],
            ["render", table, "--from", table, "-o", "x.png", "--duration", "0"],
            ["render", table, "-o", "x.png", "--frames", "5"],
            ["render", table, "--from", line, "-o", "x.png"],
            ["layout", table, "--from", "/nonexistent.json"],
            ["layout", table, "--from", table, "--hit", "1,1"],
        ] {
            let result = try await mush(arguments)
            expectOneLineError(result)
        }
        let missing = try await mush(["layout", table, "--from", "/nonexistent.json"])
        #expect(missing.error == "mush: error: no such file: /nonexistent.json\n")
    }
}

/// `--image-root`: images read only from inside it.
@Suite("Image roots in the commands")
struct ImageRootCommandTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MushImageTests/Images").path

    @Test func sizesFromFilesInsideTheRootOnly() async throws {
        try await inFolder { folder in
            let tree = folder.appendingPathComponent("tree.json")
            try Data(#"{"children": [{"image": {"file": "icon.svg"}}]}"#.utf8).write(to: tree)
            let inside = try await mush(["layout", tree.path, "--image-root", Self.images])
            #expect(
                inside.output
                    == #"{"children":[{"height":24,"width":24,"x":0,"y":0}],"height":24,"width":24,"x":0,"y":0}"# + "\n"
            )
            // Without the root, the name is read from the tree's folder, where it is not.
            expectOneLineError(try await mush(["layout", tree.path]))
            // A path out of the root is never read.
            try Data(
                #"{"children": [{"image": {"file": "../Images/../ImageHeaderTests.swift", "width": 5, "height": 5}}]}"#
                    .utf8
            )
            .write(to: tree)
            let out = folder.appendingPathComponent("out.png").path
            let drawn = try await mush(["render", tree.path, "--image-root", Self.images, "-o", out])
            #expect(drawn.status == 0)
            #expect(drawn.error.contains("outside the image root \(Self.images), not read"), "\(drawn.error)")
            expectOneLineError(try await mush(["layout", tree.path, "--image-root", tree.path]))
        }
    }
}

/// `mush render --page`: a box tree cut into pages.
@Suite("Pages in the commands")
struct PageCommandTests {
    @Test func aPDFOfPagesAndOnePNGAPage() async throws {
        try await inFolder { folder in
            let tree = folder.appendingPathComponent("rows.json")
            let rows = (0..<9).map { #"{"height": 50, "text": "Row \#($0)"}"# }.joined(separator: ", ")
            try Data(#"{"flexDirection": "column", "children": [\#(rows)]}"#.utf8).write(to: tree)
            let pdf = folder.appendingPathComponent("rows.pdf").path
            let result = try await mush(["render", tree.path, "--page", "200x200", "--page-margin", "10", "-o", pdf])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output == "\(pdf): 3 pages of 200 × 200 points\n")
            let png = folder.appendingPathComponent("rows.png").path
            let pictures = try await mush([
                "render", tree.path, "--page", "200x200", "--page-margin", "10,10,10,10", "-o", png,
            ])
            let stem = folder.appendingPathComponent("rows").path
            #expect(pictures.output == (1...3).map { "\(stem)-\($0).png: 200 × 200 pixels\n" }.joined())
        }
    }

    @Test func badPagesAreOneLineErrors() async throws {
        for arguments in [
            ["--page", "b7"], ["--page", "0x100"], ["--page", "a4", "--page-margin", "-1"],
            ["--page", "100x100", "--page-margin", "50"], ["--page-margin", "3"],
            ["--page", "a4", "--page-margin", "1,2"],
        ] {
            expectOneLineError(try await mush(["render", "-", "-o", "x.pdf"] + arguments, input: Data("{}".utf8)))
        }
    }
}

/// A document's `page`: its size, margin, and running header and footer with page numbers.
@Suite("Paged documents")
struct PagedDocumentTests {
    @Test func theFooterNumbersEveryPage() async throws {
        try await inFolder { folder in
            let rows = (0..<9).map { #"{"height": 50, "text": "Row \#($0)"}"# }.joined(separator: ", ")
            let json = #"""
                {"page": {"size": [200, 230], "margin": {"top": 20, "bottom": 30, "left": 10, "right": 10},
                          "header": {"text": "Report", "font": {"size": 9}},
                          "footer": {"text": "Page {page} of {pages}", "font": {"size": 9}}},
                 "flexDirection": "column", "children": [\#(rows)]}
                """#
            let tree = folder.appendingPathComponent("report.json")
            try Data(json.utf8).write(to: tree)
            let pdf = folder.appendingPathComponent("report.pdf").path
            let result = try await mush(["render", tree.path, "-o", pdf])
            #expect(result.status == 0, "\(result.error)")
            // 180 points of room: three rows a page.
            #expect(result.output == "\(pdf): 3 pages of 200 × 230 points\n")
            for page in 1...3 {
                let text = try run(
                    URL(fileURLWithPath: pdftotext), ["-f", "\(page)", "-l", "\(page)", pdf, "-"]
                ).output
                let lines = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
                let first = (page - 1) * 3
                #expect(
                    lines == ["Report"] + (first..<first + 3).map { "Row \($0)" } + ["Page \(page) of 3"],
                    "page \(page)")
            }
        }
    }

    @Test func aTableHeadRepeatsOnEveryPage() async throws {
        try await inFolder { folder in
            // 180 points of room; a head 30 tall, nine rows 50 tall (tops at 30 + 50i). Page 1:
            // the head and three rows (to 180); pages 2 and 3: the head again, then three rows
            // (150 of room).
            let rows = (0..<9).map { #"{"height": 50, "text": "Row \#($0)"}"# }.joined(separator: ", ")
            let json = #"""
                {"page": {"size": [200, 230], "margin": {"top": 20, "bottom": 30, "left": 10, "right": 10}},
                 "flexDirection": "column", "children": [
                   {"height": 30, "text": "Item", "repeat": "header"}, \#(rows)]}
                """#
            let tree = folder.appendingPathComponent("table.json")
            try Data(json.utf8).write(to: tree)
            let pdf = folder.appendingPathComponent("table.pdf").path
            let result = try await mush(["render", tree.path, "-o", pdf])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output == "\(pdf): 3 pages of 200 × 230 points\n")
            let expected = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
            for page in 1...3 {
                let text = try run(
                    URL(fileURLWithPath: pdftotext), ["-f", "\(page)", "-l", "\(page)", pdf, "-"]
                ).output
                let lines = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
                #expect(lines == ["Item"] + expected[page - 1].map { "Row \($0)" }, "page \(page)")
            }
        }
    }

    @Test func anA4PageIsA4Exactly() async throws {
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("a4.pdf").path
            let json = #"{"page": {"size": "a4"}, "children": [{"height": 10, "text": "A4"}]}"#
            let result = try await mush(["render", "-", "-o", pdf], input: Data(json.utf8))
            #expect(result.output == "\(pdf): 1 page of 595.28 × 841.89 points\n")
            let info = try run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf]).output
            #expect(info.contains("Page size:       595.28 x 841.89 pts (A4)"), "\(info)")
        }
    }

    @Test func theSameRowsOnTheSamePagesAsWeasyPrint() throws {
        // WeasyPrint (CSS paged media) paginating the same table written as HTML with a <thead>
        // and @page rules: a title, a repeated head, rows of fixed height, on A4; the rows on each
        // page read back from both PDFs with pdftotext must be the same.
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/Rivals/pages_weasyprint.py")
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script.path, mushExecutable.path, "100", "400", "--runs", "1"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let rows = result.output.split(separator: "\n").dropFirst(2).map {
            $0.split(separator: " ").prefix(3).joined(separator: " ")
        }
        #expect(rows == ["100 3 yes", "400 11 yes"])
    }

    @Test func badPagesNameTheirPaths() async throws {
        let cases: [(String, String)] = [
            (
                #"{"page": {"size": "b7"}, "children": []}"#,
                #"page.size: must be a4, a5, a3, letter, legal, "WIDTHxHEIGHT" or [WIDTH, HEIGHT], each 72 to 1000000 points (it is 'b7')"#
            ),
            (
                #"{"page": {"size": [100, 100], "margin": 50}, "children": []}"#,
                "page.margin: must leave at least 36 × 36 points of the page for its content (it leaves 0 × 0)"
            ),
            (
                #"{"page": {"size": [100, 100], "margin": 5, "header": {"text": "Tall", "font": {"size": 20}}}, "children": []}"#,
                "page.header: is taller than the top margin (24 points in 5)"
            ),
            (
                #"{"page": {"header": {"text": 3}}, "children": []}"#,
                "page.header.text: expected a string or an array of pieces, not a number"
            ),
            (#"{"page": {"colour": 1}, "children": []}"#, "unknown key 'colour' in page"),
            (
                #"{"page": {}, "children": [{"repeat": "head"}]}"#,
                "children[0].repeat: must be none, header or footer (it is 'head')"
            ),
            (
                #"{"page": {}, "boxes": [], "repeatTopLines": true}"#,
                "repeatTopLines: is for table boxes (with topLines, middleLines or bottomLines)"
            ),
        ]
        for (json, message) in cases {
            let result = try await mush(["render", "-", "-o", "x.pdf"], input: Data(json.utf8))
            expectOneLineError(result)
            #expect(result.error == "mush: error: \(message)\n", "\(json)")
        }
    }
}

@Suite("Paged layouts")
struct PagedLayoutTests {
    @Test func repeatedHeadersAreListedWithTheirPage() async throws {
        // Pages 100 tall: the head (20) and two rows 40 tall on page 1; page 2 repeats the head
        // above the last row, the band (100 to 140) drawn 20 down.
        let json = #"""
            {"flexDirection": "column", "children": [
              {"id": "head", "height": 20, "repeat": "header"}, {"id": "a", "height": 40}, {"id": "b", "height": 40},
              {"id": "c", "height": 40}]}
            """#
        let result = try await mush(
            ["layout", "-", "--page", "100x120", "--page-margin", "10"], input: Data(json.utf8))
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output
                == #"{"pages":[{"bottom":100,"offset":0,"page":1,"root":{"children":[{"height":20,"id":"head","width":80,"x":0,"y":0},{"height":40,"id":"a","width":80,"x":0,"y":20},{"height":40,"id":"b","width":80,"x":0,"y":60}],"height":140,"split":"bottom","width":80,"x":0,"y":0},"top":0},{"bottom":140,"offset":20,"page":2,"repeats":[{"height":20,"id":"head","repeat":"header","width":80,"x":0,"y":0}],"root":{"children":[{"height":40,"id":"c","width":80,"x":0,"y":100}],"height":140,"split":"top","width":80,"x":0,"y":-80},"top":100}]}"#
                + "\n")
        // --page is for one tree.
        let batch = try await mush(["layout", "--batch", "--page", "a4"], input: Data("{}\n".utf8))
        #expect(batch.status == 2)
        #expect(batch.error.contains("--page lays one tree out, not with --batch"))
    }

    @Test func pagesOfBoxesWithTheirPiecesMarked() async throws {
        let json = #"""
            {"page": {"size": [100, 120], "margin": 10}, "flexDirection": "column", "children": [
              {"id": "first", "height": 60},
              {"id": "section", "flexDirection": "column", "children": [{"id": "a", "height": 40}, {"id": "b", "height": 40}]}]}
            """#
        let result = try await mush(["layout", "-"], input: Data(json.utf8))
        #expect(result.status == 0, "\(result.error)")
        // Page 1 (0 to 100): the first box, and the section cut at its bottom with its first row;
        // page 2 (100 to 140): the section cut at its top, moved up by 100, with its second row.
        #expect(
            result.output
                == #"{"pages":[{"bottom":100,"offset":0,"page":1,"root":{"children":[{"height":60,"id":"first","width":80,"x":0,"y":0},{"children":[{"height":40,"id":"a","width":80,"x":0,"y":0}],"height":80,"id":"section","split":"bottom","width":80,"x":0,"y":60}],"height":140,"split":"bottom","width":80,"x":0,"y":0},"top":0},{"bottom":140,"offset":0,"page":2,"root":{"children":[{"children":[{"height":40,"id":"b","width":80,"x":0,"y":40}],"height":80,"id":"section","split":"top","width":80,"x":0,"y":60}],"height":140,"split":"top","width":80,"x":0,"y":-100},"top":100}]}"#
                + "\n")
    }
}
