import Mush
import MushBase
import MushBox
import MushJSON
import MushLine
import MushText
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Box trees read from JSON (`box.md`, "The command-line contract"): every key, every error with
/// its path, the depth limit; and layouts written as JSON.
@Suite("Box trees")
struct BoxRequestTests {
    let fonts = FontCollection.shipped

    func read(_ json: String) throws(RequestError) -> BoxRequest {
        try BoxRequest(json: Array(json.utf8), fonts: fonts)
    }

    func error(_ json: String) -> String? {
        do {
            _ = try read(json)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: - Style

    @Test func everyStyleKey() throws {
        let root = try read(
            """
            {"display": "none", "position": "absolute", "direction": "rtl", "boxSizing": "content-box",
             "flexDirection": "column-reverse", "flexWrap": "wrap-reverse", "flexGrow": 2, "flexShrink": 0.5,
             "flexBasis": "25%", "justifyContent": "space-evenly", "alignItems": "baseline", "alignSelf": "flex-end",
             "alignContent": "space-between", "width": 320, "height": "50%", "minWidth": 10, "minHeight": "auto",
             "maxWidth": "100%", "maxHeight": 400.5, "aspectRatio": 1.5, "margin": {"top": "auto", "left": -8},
             "padding": "10%", "border": {"bottom": 2}, "inset": {"right": 0, "bottom": "5%"}, "rowGap": 4,
             "columnGap": "2%", "overflow": "scroll", "breakBefore": "page", "breakAfter": "avoid",
             "breakInside": "avoid", "repeat": "header"}
            """
        ).root
        var expected = BoxStyle()
        expected.display = .none
        expected.position = .absolute
        expected.direction = .rtl
        expected.boxSizing = .contentBox
        expected.flexDirection = .columnReverse
        expected.flexWrap = .wrapReverse
        expected.flexGrow = 2
        expected.flexShrink = 0.5
        expected.flexBasis = .percent(25)
        expected.justifyContent = .spaceEvenly
        expected.alignItems = .baseline
        expected.alignSelf = .flexEnd
        expected.alignContent = .spaceBetween
        expected.width = 320
        expected.height = .percent(50)
        expected.minWidth = 10
        expected.minHeight = .auto
        expected.maxWidth = .percent(100)
        expected.maxHeight = 400.5
        expected.aspectRatio = 1.5
        expected.margin = BoxEdges(top: .auto, right: 0, bottom: 0, left: -8)
        expected.padding = BoxEdges(.percent(10))
        expected.border = BoxEdges(top: 0, right: 0, bottom: 2, left: 0)
        expected.inset = BoxEdges(top: .auto, right: 0, bottom: .percent(5), left: .auto)
        expected.rowGap = 4
        expected.columnGap = .percent(2)
        expected.overflow = .scroll
        expected.breakBefore = .page
        expected.breakAfter = .avoid
        expected.breakInside = .avoid
        expected.repeats = .header
        #expect(root.style == expected)
        #expect(root.id == nil)
        #expect(root.children.isEmpty)
        #expect(root.leaf == nil)
        #expect(BoxRequest.styleKeys.count == 47)
    }

    /// Grid keys in CSS's syntax, read into typed values; `gridTemplateAreas` as an array of rows
    /// or one string, placements as integers or strings, the shorthands into their longhands.
    @Test func gridKeysAsCSSWritesThem() throws {
        let root = try read(
            """
            {"display": "grid", "gridTemplateColumns": "[full-start] 40px repeat(2, 1fr) fit-content(50%) [full-end]",
             "gridTemplateRows": "minmax(10px, auto) repeat(auto-fill, 20px)", "gridTemplateAreas": ["a a", "b ."],
             "gridAutoColumns": "min-content 2fr", "gridAutoRows": "max-content", "gridAutoFlow": "column dense",
             "justifyItems": "center", "children": [
               {"gridColumnStart": 2, "gridColumnEnd": "span 2", "gridRowStart": -1, "gridRowEnd": "auto",
                "justifySelf": "end"},
               {"gridColumn": "full-start / -1", "gridRow": "2 / span b"},
               {"gridArea": "a"}, {"gridTemplateAreas": "\\"x\\" \\"y\\""}]}
            """
        ).root
        var expected = BoxStyle()
        expected.display = .grid
        expected.gridTemplateColumns = GridTrackList(items: [
            .lineNames(["full-start"]), .track(.breadth(.points(40))),
            .repetition(.init(count: .times(2), items: [.track(.breadth(.fraction(1)))])),
            .track(.fitContent(.percent(50))), .lineNames(["full-end"]),
        ])
        expected.gridTemplateRows = GridTrackList(items: [
            .track(.minmax(.points(10), .auto)),
            .repetition(.init(count: .autoFill, items: [.track(.breadth(.points(20)))])),
        ])
        expected.gridTemplateAreas = try GridTemplateAreas(rows: ["a a", "b ."])
        expected.gridAutoColumns = GridAutoTracks([.breadth(.minContent), .breadth(.fraction(2))])
        expected.gridAutoRows = GridAutoTracks([.breadth(.maxContent)])
        expected.gridAutoFlow = GridAutoFlow(columns: true, dense: true)
        expected.justifyItems = .center
        #expect(root.style == expected)
        let items = root.children.map(\.style)
        #expect(items[0].gridColumnStart == .line(2, name: nil) && items[0].gridColumnEnd == .span(2, name: nil))
        #expect(items[0].gridRowStart == .line(-1, name: nil) && items[0].gridRowEnd == .auto)
        #expect(items[0].justifySelf == .end)
        #expect(
            items[1].gridColumnStart == .line(1, name: "full-start") && items[1].gridColumnEnd == .line(-1, name: nil))
        #expect(items[1].gridRowStart == .line(2, name: nil) && items[1].gridRowEnd == .span(1, name: "b"))
        #expect(items[2].gridRowStart == .line(1, name: "a") && items[2].gridColumnEnd == .line(1, name: "a"))
        #expect(items[3].gridTemplateAreas?.areas.map(\.name) == ["x", "y"])
    }

    @Test(
        "Grid values that do not read are named by their path",
        arguments: [
            (#"{"gridTemplateColumns": "40px 1fx"}"#, "gridTemplateColumns: "),
            (
                #"{"gridTemplateColumns": "repeat(0, 1fr)"}"#,
                "gridTemplateColumns: repeat() takes a whole number of times from 1 to 10000"
            ),
            (
                #"{"gridTemplateRows": "repeat(10001, 1px)"}"#,
                "gridTemplateRows: repeat() takes a whole number of times from 1 to 10000"
            ),
            (#"{"gridTemplateRows": "repeat(200, repeat(100, 1px))"}"#, "gridTemplateRows: "),
            (
                #"{"children": [{"gridColumnStart": 10001}]}"#,
                "children[0].gridColumnStart: a grid line number is a whole number from -10000 to 10000 other than 0"
            ),
            (#"{"children": [{"gridRow": "0 / 2"}]}"#, "children[0].gridRow: a grid line number"),
            (#"{"gridTemplateAreas": ["a a", "a b", "b a"]}"#, "gridTemplateAreas: area 'a' is not a rectangle"),
            (
                #"{"gridTemplateAreas": ["a", 2]}"#,
                "gridTemplateAreas[1]: expected a string of area names, not a number"
            ),
            (#"{"gridAutoFlow": 1}"#, "gridAutoFlow: expected a string in CSS's syntax, not a number"),
            (#"{"gridArea": "a / b / c / d / e"}"#, "gridArea: gridArea has at most four lines"),
        ])
    func gridErrorsNameTheirPaths(_ json: String, _ start: String) {
        let message = error(json) ?? "no error"
        #expect(message.hasPrefix(start), "\(message)")
    }

    @Test func defaultsAreCSSInitialValues() throws {
        #expect(try read("{}").root.style == BoxStyle())
        // normal and auto are the keywords' absence.
        let normal = try read(
            #"{"justifyContent": "normal", "alignItems": "normal", "alignContent": "normal", "alignSelf": "auto"}"#)
        #expect(normal.root.style == BoxStyle())
    }

    @Test func gapSetsBothAndTheLonghandsWin() throws {
        let both = try read(#"{"gap": 8}"#).root.style
        #expect(both.rowGap == 8 && both.columnGap == 8)
        let mixed = try read(#"{"gap": "10%", "columnGap": 3}"#).root.style
        #expect(mixed.rowGap == .percent(10) && mixed.columnGap == 3)
    }

    @Test func lengthsAndPercentages() throws {
        for (json, length) in [
            ("0", BoxLength.points(0)), ("12.5", .points(12.5)), (#""50%""#, .percent(50)), (#""0.5%""#, .percent(0.5)),
            (#"".5%""#, .percent(0.5)), (#""100.%""#, .percent(100)), (#""-20%""#, .percent(-20)),
            (#""+3%""#, .percent(3)), (#""auto""#, .auto),
        ] {
            #expect(try read(#"{"margin": \#(json)}"#).root.style.margin == BoxEdges(length), "\(json)")
        }
    }

    @Test func idsAndChildrenInOrder() throws {
        let root = try read(
            #"{"id": "grid", "children": [{"id": "a"}, {"children": [{"id": "c"}, {}]}, {"id": "é 😀"}]}"#
        ).root
        #expect(root.id == "grid")
        #expect(root.count == 6)
        #expect(root.children.map(\.id) == ["a", nil, "é 😀"])
        #expect(root.children[1].children.map(\.id) == ["c", nil])
        #expect(try read(#"{"children": []}"#).root.children.isEmpty)
    }

    // MARK: - Leaves

    @Test func textLeafWithEveryKey() throws {
        let request = try read(
            """
            {"text": "A **caption** that wraps|mush", "font": {"family": "DejaVu Sans Mono", "size": 14, "italic": true},
             "color": "#e33", "lineSpacing": 2, "maxLines": 2, "ellipsize": "middle", "textAlign": "justify",
             "padding": 4}
            """)
        let leaf = try #require(request.root.leaf as? TextLeaf)
        #expect(leaf.paragraph.text == "A caption that wraps")
        #expect(leaf.color == MushColor(hex: "#e33"))
        let style = leaf.paragraph.style
        #expect(style.fontFamily == "DejaVu Sans Mono")
        #expect(style.fontSize == 14)
        #expect(style.lineSpacing == 2)
        #expect(style.maxLines == 2)
        #expect(style.ellipsize == .middle)
        #expect(style.alignment == .justify)
        #expect(request.root.style.padding == BoxEdges(4))
        #expect(request.warnings.isEmpty)
        // The paragraph is the one TextLeaf makes of the same document and style.
        let same = try TextLeaf(
            "A **caption** that wraps|mush", style: style, italic: true, color: MushColor(hex: "#e33"), fonts: fonts)
        #expect(leaf.contentWidths() == same.contentWidths())
    }

    @Test func textLeafDefaultsAndBold() throws {
        let plain = try #require(try read(#"{"text": "Hello"}"#).root.leaf as? TextLeaf)
        #expect(plain.paragraph.style == ParagraphStyle(alignment: .start))
        #expect(plain.color == nil)
        // Not Mush without the suffix.
        #expect(try #require(try read(#"{"text": "**a**"}"#).root.leaf as? TextLeaf).paragraph.text == "**a**")
        let bold = try #require(try read(#"{"text": "Hello", "font": {"bold": true}}"#).root.leaf as? TextLeaf)
        #expect(bold.contentWidths().max > plain.contentWidths().max)
        #expect(bold.contentWidths() == (try TextLeaf("Hello", bold: true, fonts: fonts)).contentWidths())
    }

    @Test func lineLeafAsMushLineReadsIt() throws {
        let json =
            #"{"padding": {"left": 16, "right": 16}, "left": ["Title"], "right": [{"box": {"width": 51, "height": 31}}]}"#
        let request = try read(#"{"line": \#(json)}"#)
        let leaf = try #require(request.root.leaf as? LineLeaf)
        var expected = try LineRequest(fonts: fonts).line(from: Array(#"{"width": 0, \#(json.dropFirst())"#.utf8))
        #expect(leaf.line == expected)
        // A width may be given: the width the row asks for.
        expected.width = 320
        let wide = try #require(try read(#"{"line": {"width": 320, \#(json.dropFirst())}"#).root.leaf as? LineLeaf)
        #expect(wide.line == expected)
        #expect(wide.contentWidths().max == 320)
    }

    @Test func imageLeaf() throws {
        let image = try read(#"{"image": {"width": 100, "height": 50, "file": "photo.png"}, "margin": 4}"#).root
        #expect(image.leaf as? ImageLeaf == ImageLeaf(width: 100, height: 50, file: "photo.png"))
        #expect(image.style.margin == BoxEdges(4))
        #expect(
            try read(#"{"image": {"width": 1, "height": 2}}"#).root.leaf as? ImageLeaf == ImageLeaf(width: 1, height: 2)
        )
        // A leaf may hold an empty array of children.
        #expect(try read(#"{"image": {"width": 1, "height": 2}, "children": []}"#).root.leaf is ImageLeaf)
    }

    @Test func warningsNameTheirNode() throws {
        let request = try read(
            #"{"children": [{"text": "**open|mush"}, {"line": {"left": ["{font:No Such Family,|x}|mush"]}}]}"#)
        #expect(request.warnings.count == 2)
        #expect(request.warnings[0] == "children[0].text: unmatched '**' (kept as text)")
        #expect(request.warnings[1].hasPrefix("children[1].line.left[0]: no font family 'No Such Family'"))
    }

    // MARK: - Errors

    @Test(
        "Every problem is named by its JSON path",
        arguments: [
            ("[]", "not a JSON object"),
            ("{", "not JSON: the text ends inside an object at column 2"),
            (#"{"width": NaN}"#, "not JSON: expected a value, found 'N' at column 11"),
            (#"{"colour": 1}"#, "unknown key 'colour'"),
            (#"{"children": [{}, {"children": [{"wdth": 1}]}]}"#, "unknown key 'wdth' in children[1].children[0]"),
            (#"{"id": 3}"#, "id: expected a string, not a number"),
            (#"{"children": {}}"#, "children: expected an array of nodes, not an object"),
            (#"{"children": [1]}"#, "children[0]: expected an object, not a number"),
            (#"{"width": true}"#, #"width: expected a number, "N%" or "auto", not true"#),
            (#"{"width": "12px"}"#, #"width: expected a number, "N%" or "auto", not '12px'"#),
            (#"{"width": "nan%"}"#, #"width: expected a number, "N%" or "auto", not 'nan%'"#),
            (#"{"width": "1e3%"}"#, #"width: expected a number, "N%" or "auto", not '1e3%'"#),
            (#"{"width": "%"}"#, #"width: expected a number, "N%" or "auto", not '%'"#),
            (#"{"width": " 5%"}"#, #"width: expected a number, "N%" or "auto", not ' 5%'"#),
            (#"{"width": 1e999}"#, "width: 1e999 is too large for a number (at most about 1.8e308)"),
            (
                #"{"children": [{"width": -5}]}"#,
                "children[0].width: must be a number from 0 to 1000000 points (it is -5)"
            ),
            (#"{"height": "-5%"}"#, "height: must be a number from 0 to 10000 % (it is -5)"),
            (#"{"maxWidth": 2000000}"#, "maxWidth: must be a number from 0 to 1000000 points (it is 2000000)"),
            (
                #"{"margin": {"left": -2000000}}"#,
                "margin.left: must be a number from -1000000 to 1000000 points (it is -2000000)"
            ),
            (#"{"margin": {"start": 1}}"#, "unknown key 'start' in margin"),
            (#"{"padding": "auto"}"#, #"padding: cannot be auto (expected a number or "N%")"#),
            (#"{"padding": {"top": -1}}"#, "padding.top: must be a number from 0 to 1000000 points (it is -1)"),
            (#"{"border": {"top": "auto"}}"#, #"border.top: cannot be auto (expected a number or "N%")"#),
            (#"{"gap": "auto"}"#, #"gap: cannot be auto (expected a number or "N%")"#),
            (#"{"rowGap": -1}"#, "rowGap: must be a number from 0 to 1000000 points (it is -1)"),
            (#"{"inset": [0]}"#, #"inset: expected a number, "N%" or "auto", not an array"#),
            (#"{"flexGrow": -1}"#, "flexGrow: must be a number from 0 to 1000000 (it is -1)"),
            (#"{"flexShrink": "1"}"#, "flexShrink: expected a number, not a string"),
            (
                #"{"aspectRatio": 0}"#,
                "aspectRatio: must be a number from 0.000001 to 1000000 (it is 0)"
            ),
            (
                #"{"flexDirection": "down"}"#,
                "flexDirection: must be row, column, row-reverse or column-reverse (it is 'down')"
            ),
            (#"{"flexWrap": "no-wrap"}"#, "flexWrap: must be nowrap, wrap or wrap-reverse (it is 'no-wrap')"),
            (#"{"display": "block"}"#, "display: must be flex, grid or none (it is 'block')"),
            (#"{"overflow": "auto"}"#, "overflow: must be visible, hidden, clip or scroll (it is 'auto')"),
            (
                #"{"alignItems": "space-between"}"#,
                "alignItems: must be normal, flex-start, flex-end, start, end, center, stretch or baseline (it is 'space-between')"
            ),
            (
                #"{"alignSelf": "normal"}"#,
                "alignSelf: must be auto, flex-start, flex-end, start, end, center, stretch or baseline (it is 'normal')"
            ),
            (
                #"{"justifyContent": "baseline"}"#,
                "justifyContent: must be normal, flex-start, flex-end, start, end, center, stretch, space-between, space-around or space-evenly (it is 'baseline')"
            ),
            (#"{"text": "a", "children": [{}]}"#, "a leaf (text, line or image) cannot have children"),
            (
                #"{"children": [{"text": "a", "image": {"width": 1, "height": 1}}]}"#,
                "children[0]: a node has at most one of the keys text, line and image (it has text and image)"
            ),
            (#"{"font": {"size": 12}}"#, "font: is for text nodes only (this node has no text)"),
            (
                #"{"children": [{"maxLines": 1}]}"#,
                "children[0].maxLines: is for text nodes only (this node has no text)"
            ),
            (#"{"text": 5}"#, "text: expected a string or an array of pieces, not a number"),
            (#"{"text": "a", "font": {"size": 0}}"#, "font.size: must be a number from 0.01 to 10000 points (it is 0)"),
            (#"{"text": "a", "font": {"stretch": 700}}"#, "unknown key 'stretch' in font"),
            (#"{"text": "a", "font": {"weight": 0}}"#, "font.weight: must be a number from 1 to 1000 (it is 0)"),
            (#"{"text": "a", "font": {"bold": 1}}"#, "font.bold: expected true or false, not a number"),
            (#"{"text": "a", "maxLines": 1.5}"#, "maxLines: must be a whole number from 0 to 2147483647 (it is 1.5)"),
            (#"{"text": "a", "lineSpacing": -1}"#, "lineSpacing: must be a number from 0 to 1000000 points (it is -1)"),
            (#"{"text": "a", "ellipsize": "both"}"#, "ellipsize: must be none, start, middle or end (it is 'both')"),
            (
                #"{"text": "a", "textAlign": "middle"}"#,
                "textAlign: must be left, center, right, justify, start or end (it is 'middle')"
            ),
            (#"{"text": "a", "color": "red"}"#, "color: 'red' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"),
            (#"{"image": {"width": 10}}"#, "missing key 'height' in image"),
            (
                #"{"image": {"width": -1, "height": 1}}"#,
                "image.width: must be a number from 0 to 1000000 points (it is -1)"
            ),
            (#"{"image": 3}"#, "image: expected an object, not a number"),
            (#"{"line": {"wdth": 1}}"#, "unknown key 'wdth' in line"),
            (
                #"{"children": [{"line": {"left": [{"box": {"margin": {"left": -1}}}]}}]}"#,
                "children[0].line.left[0].box.margin.left: must be a number from 0 to 1000000 points (it is -1)"
            ),
        ])
    func errors(input: String, message: String) {
        #expect(error(input) == message)
    }

    @Test func unknownFontFamiliesAreErrorsNamingThePath() {
        let message = error(#"{"children": [{"text": "a", "font": {"family": "No Such Family"}}]}"#)
        #expect(message == "children[0].font.family: " + fonts.missingFamilyMessage("No Such Family"))
    }

    @Test func theFirstProblemInInputOrder() {
        // A node's own values come before its children's, whatever the kind of problem.
        #expect(
            error(#"{"width": -1, "children": [{"colour": 1}]}"#)
                == "width: must be a number from 0 to 1000000 points (it is -1)")
        #expect(
            error(#"{"children": [{"width": -1}, {"colour": 1}]}"#)
                == "children[0].width: must be a number from 0 to 1000000 points (it is -1)")
    }

    // MARK: - Depth

    /// A chain of `levels` nodes below the root, the last holding `innermost`.
    static func chain(_ levels: Int, innermost: String = "{}") -> String {
        String(repeating: #"{"children": ["#, count: levels) + innermost + String(repeating: "]}", count: levels)
    }

    @Test func treesNestAThousandLevelsBelowTheRoot() throws {
        let deepest = try read(Self.chain(BoxError.maximumDepth))
        var node = deepest.root
        var depth = 0
        while let child = node.children.first {
            node = child
            depth += 1
        }
        #expect(depth == BoxError.maximumDepth)
        // The deepest node may be a row nesting as deep as `mush line` allows.
        let line =
            String(repeating: #"{"left": [{"box": {"line": "#, count: 15) + "{}"
            + String(
                repeating: "}}]}", count: 15)
        var row = try read(Self.chain(BoxError.maximumDepth, innermost: #"{"line": \#(line)}"#)).root
        while let child = row.children.first { row = child }
        #expect(row.leaf is LineLeaf)
    }

    @Test func deeperTreesAreErrorsNamingTheNode() {
        // A path that long is shown by its ends and its length: the message stays a short line.
        #expect(
            error(Self.chain(BoxError.maximumDepth + 1))
                == "children[0].children[0].children[0]. … .children[0].children[0].children[0] (1001 steps):"
                + " the tree is deeper than 1000 levels below the root")
        // Far deeper JSON stops at the reader's limit, without growing the stack.
        let huge = Self.chain(100_000)
        let message = error(huge) ?? ""
        #expect(
            message.hasPrefix(
                "too deep: objects and arrays may nest at most 2065 levels, and one more starts at column "))
        #expect(BoxRequest.jsonDepth == 2065)
    }

    // MARK: - Writing

    @Test func layoutsAsJSON() throws {
        let layout = BoxLayout(
            id: "grid", x: 0, y: -0.0, width: 320, height: 150, contentHeight: 180.5,
            children: [
                BoxLayout(x: 20, y: 20, width: 100, height: 100),
                BoxLayout(id: "b", x: 130.25, y: 20, width: 100, height: 40, contentWidth: 100),
            ])
        #expect(
            try layout.jsonValue.checkedJSON() == """
                {"children":[{"height":100,"width":100,"x":20,"y":20},{"height":40,"id":"b","width":100,"x":130.25,"y":20}],\
                "contentHeight":180.5,"height":150,"id":"grid","width":320,"x":0,"y":0}
                """)
        var broken = layout
        broken.children[1].x = .nan
        #expect(throws: RequestError("the result is out of range: children[1].x is not a finite number")) {
            try broken.jsonValue.checkedJSON()
        }
    }

    @Test func textLeavesGiveTheirLinesInTheBorderBox() throws {
        let leaf = try TextLeaf("Hello wonderful world", style: ParagraphStyle(maxLines: 2), fonts: fonts)
        let width = 100.0
        guard case .text(let placed) = leaf.place(width: width, height: 40) else {
            Issue.record("not text")
            return
        }
        let paragraph = placed.layout
        let layout = BoxLayout(
            x: 5, y: 6, width: width + 10, height: 60, border: BoxEdges(top: 1, right: 1, bottom: 1, left: 2),
            padding: BoxEdges(3), leaf: .text(PlacedText(layout: paragraph)))
        let json = try layout.jsonValue.checkedJSON()
        let lines = paragraph.lines
        let expected = JSONValue.object([
            "x": .number(5), "y": .number(6), "width": .number(width + 10), "height": .number(60),
            "truncated": .bool(true),
            "lines": .array(
                lines.map { line in
                    .object([
                        "baseline": .number(4 + line.baseline), "end": .number(Double(line.range.upperBound)),
                        "height": .number(line.height), "start": .number(Double(line.range.lowerBound)),
                        "text": .string(line.text), "width": .number(line.width), "x": .number(5 + line.x),
                        "y": .number(4 + line.y),
                    ])
                }),
        ])
        #expect(json == expected.json)
        #expect(lines.map(\.text) == ["Hello ", "wonderful…"])
        #expect(json.contains(#""start":6,"text":"wonderful…""#))
    }

    @Test func lineLeavesGiveTheirRowLayout() throws {
        var line = MGLine(left: ["Title"], right: [.box(MGLine.Box(width: 51, height: 31))])
        line.padding = MGLine.Insets(left: 16, right: 16)
        let leaf = try LineLeaf(line, fonts: fonts)
        guard case .row(let row) = leaf.place(width: 320, height: 44) else {
            Issue.record("not a row")
            return
        }
        let layout = BoxLayout(x: 0, y: 10, width: 328, height: 52, padding: BoxEdges(4), leaf: .row(row))
        guard case .object(var members) = row.jsonValue else {
            Issue.record("not an object")
            return
        }
        members["x"] = .number(4)
        members["y"] = .number(4)
        #expect(
            try layout.jsonValue.checkedJSON()
                == JSONValue.object([
                    "x": .number(0), "y": .number(10), "width": .number(328), "height": .number(52),
                    "line": .object(members),
                ]).json)
        #expect(try layout.jsonValue.checkedJSON().contains(#""line":{"height":44,"items":[{"frame":"#))
    }

    /// The writer recurses once a level: a layout 1,000 levels deep is written on a thread with a
    /// large stack, as `BoxRequest.json()` writes it.
    @Test func deepLayoutsAreWritten() {
        let found = Found()
        onThread(stackSize: 64 << 20) {
            var layout = BoxLayout(x: 0, y: 0, width: 1, height: 1)
            for _ in 0..<BoxError.maximumDepth {
                layout = BoxLayout(x: 0, y: 0, width: 1, height: 1, children: [layout])
            }
            found.text = (try? layout.jsonValue.checkedJSON()) ?? ""
        }
        #expect(found.text.hasPrefix(String(repeating: #"{"children":["#, count: BoxError.maximumDepth) + "{"))
        #expect(found.text.hasSuffix(String(repeating: #"],"height":1,"width":1,"x":0,"y":0}"#, count: 1000)))
    }

    // MARK: - Batches

    @Test func batchErrorsCarryTheirLineNumber() {
        let answer = BatchAnswer.layout(Array(#"{"children": [{"width": "wide"}]}"#.utf8), number: 7, fonts: fonts)
        #expect(answer.failed)
        #expect(
            answer.output
                == #"{"error":"children[0].width: expected a number, \"N%\" or \"auto\", not 'wide'","line":7}"# + "\n")
        let blank = BatchAnswer.layout(Array("  ".utf8), number: 2, fonts: fonts)
        #expect(blank.output == #"{"error":"empty line (expected a JSON object)","line":2}"# + "\n")
    }
}

// MARK: - Small stacks

/// Runs `body` on a new thread with a stack of `size` bytes (a task's thread has 512 KiB on some
/// systems) and waits for it.
func onThread(stackSize size: Int, _ body: @escaping @Sendable () -> Void) {
    precondition(LargeStack.onThread(stackSize: size, body), "no thread with a \(size)-byte stack")
}

/// What a piece of work on another thread found.
final class Found: @unchecked Sendable {
    var text = ""
}

extension BoxRequestTests {
    @Test func deepTreesAreReadOnASmallStack() {
        let json = Array(Self.chain(BoxError.maximumDepth, innermost: #"{"text": "deepest"}"#).utf8)
        let found = Found()
        onThread(stackSize: 512 << 10) {
            do throws(RequestError) {
                var node = try BoxRequest(json: json, fonts: .shipped).root
                var depth = 0
                while let child = node.children.first {
                    node = child
                    depth += 1
                }
                found.text = "\(depth) \((node.leaf as? TextLeaf)?.paragraph.text ?? "")"
            } catch {
                found.text = error.description
            }
        }
        #expect(found.text == "1000 deepest")
    }

    /// Needs the engine: a chain of 1,000 auto-sized boxes under a 100 × 50 leaf, laid out and
    /// written on a small stack.
    @Test func deepTreesAreLaidOutAndWrittenOnASmallStack() {
        let json = Array(Self.chain(BoxError.maximumDepth, innermost: #"{"width": 100, "height": 50}"#).utf8)
        let found = Found()
        onThread(stackSize: 512 << 10) {
            do throws(RequestError) {
                found.text = try BoxRequest(json: json, fonts: .shipped).json()
            } catch {
                found.text = error.description
            }
        }
        let node = #"{"children":["#
        #expect(found.text.hasPrefix(node + node + node))
        #expect(found.text.contains(#"{"height":50,"width":100,"x":0,"y":0}"#))
        #expect(found.text.hasSuffix(#"],"height":50,"width":100,"x":0,"y":0}"#))
    }
}
