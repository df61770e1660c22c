import Mush
import MushBox
import MushText
import Testing

@testable import MushJSON

/// MGBoxKit's nodes in `mush layout`'s JSON: the seeds' README examples give their frames, every
/// key is read, every error names its path, and MGBoxes mix with the engine's own nodes.
@Suite("MGBox trees")
struct MGBoxRequestTests: VocabularyRequestTesting {
    let fonts = FontCollection.shipped

    func layout(_ json: String, width: AvailableSpace = .maxContent) throws -> String {
        try BoxRequest(json: Array(json.utf8), fonts: fonts).json(width: width)
    }

    static let box = #"{"width": 100, "height": 100, "margin": {"top": 10, "left": 10}}"#

    @Test func theReadmeGrid() throws {
        let boxes = Array(repeating: Self.box, count: 10).joined(separator: ", ")
        let json = try layout(
            #"{"id": "grid", "contentLayoutMode": "grid", "width": 320, "height": 480, "boxes": [\#(boxes)]}"#)
        let children = (0..<10).map { index in
            #"{"height":100,"width":100,"x":\#(10 + 110 * (index % 2)),"y":\#(10 + 110 * (index / 2))}"#
        }
        #expect(
            json
                == #"{"children":[\#(children.joined(separator: ","))],"height":550,"id":"grid","width":320,"x":0,"y":0}"#
        )
    }

    @Test func theReadmeTableAndItsScrollView() throws {
        let row = #""width": 304, "height": 44, "padding": {"left": 16, "right": 16}"#
        let json = try layout(
            #"""
            {"scrollView": true, "width": 320, "height": 480, "scrollToView": "grid", "scrollMargin": 10,
             "snapToNearestBox": true, "contentOffset": {"y": 60}, "keepAboveKeyboard": "section",
             "keyboardHeight": 216, "keyboardMargin": 4, "boxes": [
              {"id": "section", "width": 304, "margin": {"top": 8, "left": 8},
               "topLines": [{\#(row), "left": ["My First Table"]}],
               "middleLines": [{\#(row), "left": ["Left text"], "right": ["Right text"]}]},
              {"id": "grid", "contentLayoutMode": "grid", "width": 320, "height": 480, "boxes": [\#(Array(repeating: Self.box, count: 10).joined(separator: ", "))]}]}
            """#)
        let value = try JSONValue.parse(Array(json.utf8))
        guard case .object(let view) = value, case .array(let children)? = view["children"],
            case .object(let section) = children[0], case .object(let grid) = children[1],
            case .array(let lines)? = section["children"]
        else {
            Issue.record("unexpected result: \(json)")
            return
        }
        #expect(view["contentHeight"] == .number(646))
        #expect(view["contentWidth"] == nil)
        #expect(view["scrollOffset"] == .object(["x": .number(0), "y": .number(86)]))
        #expect(view["snapOffset"] == .object(["x": .number(0), "y": .number(96)]))
        // The section (8 … 96) scrolled out of view by 60: back to its top less the margin, 4.
        #expect(view["keyboardOffset"] == .object(["x": .number(0), "y": .number(4)]))
        #expect(
            [section["x"], section["y"], section["width"], section["height"]] == [8, 8, 304, 88].map { .number($0) })
        #expect([grid["x"], grid["y"], grid["width"], grid["height"]] == [0, 96, 320, 550].map { .number($0) })
        let lineFrames = lines.map { line -> [JSONValue?] in
            guard case .object(let line) = line else { return [] }
            return [line["x"], line["y"], line["width"], line["height"]]
        }
        #expect(lineFrames == [[0, 0, 304, 44], [0, 44, 304, 44]].map { $0.map { .number($0) } })
    }

    @Test func mgBoxesMixWithTheEnginesNodes() throws {
        // A plain column holding an MGBox whose boxes hold a plain row holding an attached MGBox:
        // each keeps its own rules (the row, in a table, is as wide as its content), and the
        // attachment is found by its path.
        let json = try layout(
            #"""
            {"flexDirection": "column", "width": 200, "children": [
              {"width": 10, "height": 10},
              {"width": 200, "padding": 5, "boxes": [
                {"flexDirection": "row", "children": [
                  {"width": 20, "height": 20},
                  {"boxes": [{"id": "a", "width": 30, "height": 30}, {"attachedTo": "a", "width": 5, "height": 5, "margin": {"top": 2, "left": 3}}]}]}]}]}
            """#)
        #expect(
            json
                == #"{"children":[{"height":10,"width":10,"x":0,"y":0},{"children":[{"children":[{"height":20,"width":20,"x":0,"y":0},{"children":[{"height":30,"id":"a","width":30,"x":0,"y":0},{"height":5,"width":5,"x":3,"y":2}],"height":30,"width":30,"x":20,"y":0}],"height":30,"width":50,"x":5,"y":5}],"height":40,"width":200,"x":0,"y":10}],"height":50,"width":200,"x":0,"y":0}"#
        )
    }

    @Test func everyKeyIsRead() throws {
        let request = try BoxRequest(
            json: Array(
                #"""
                {"id": "page", "width": 300, "boxes": [
                  {"id": "card", "width": 200, "height": 50, "margin": 4, "padding": {"top": 1, "right": 2, "bottom": 3, "left": 4},
                   "zIndex": 3, "sizingMode": "none", "contentLayoutMode": "grid", "backgroundColor": "#123",
                   "borderColors": {"top": "#f00"}, "borderStyle": ["etchedBottom"], "cornerRadius": 6, "clipsContent": true,
                   "shadow": {"color": "#0004", "y": 2, "blur": 3}, "boxes": [{"text": "Hi", "font": {"size": 10}}]},
                  {"boxLayoutMode": "none", "origin": {"x": 7, "y": 8}, "width": 10, "height": 10},
                  {"sizingMode": "shrinkWrap", "boxes": [{"image": {"width": 12, "height": 6}}]},
                  {"sizingMode": "expandWidthToFill", "height": 5},
                  {"topLines": [{"left": ["a"]}], "tableStyle": {"base": "etched", "rowHeight": 30, "separatorColor": "#00f"}}]}
                """#.utf8), fonts: fonts)
        let layout = try request.layout()
        let card = layout.children[0]
        #expect(frame(card) == [4, 4, 200, 50])
        #expect(card.padding == BoxEdges(top: 1, right: 2, bottom: 3, left: 4))
        #expect(card.clipsContent)
        let paint = try #require(card.paint)
        #expect(paint.zIndex == 3)
        #expect(paint.cornerRadius == 6)
        #expect(paint.backgroundColor == MushColor(hex: "#123"))
        #expect(paint.borderColors.top == MushColor(hex: "#f00"))
        #expect(paint.borderColors.bottom != nil)
        #expect(paint.shadow == BoxShadow(color: MushColor(hex: "#0004")!, offset: BoxOffset(y: 2), blur: 3))
        #expect(frame(layout.children[1]) == [7, 8, 10, 10])
        #expect(frame(layout.children[2]) == [0, 58, 12, 6])
        #expect(frame(layout.children[3]) == [0, 64, 300, 5])
        #expect(frame(layout.children[4].children[0]) == [0, 0, 300, 30])
        #expect(layout.children[4].paint?.cornerRadius == 4)
    }

    /// MGBoxKit's `borderColors` array, in its order: top, left, bottom, right (`null`: no line).
    @Test func borderColorsAsMGBoxKitsArray() throws {
        let request = try BoxRequest(
            json: Array(
                ##"{"boxes": [{"width": 10, "height": 10, "borderColors": ["#f00", null, "#00f", "#0f0"]}]}"##.utf8),
            fonts: fonts)
        let paint = try #require(request.layout().children[0].paint)
        #expect(
            paint.borderColors
                == BoxEdges(
                    top: MushColor(hex: "#f00"), right: MushColor(hex: "#0f0"), bottom: MushColor(hex: "#00f"),
                    left: nil))
    }

    @Test func rowsInMGBoxesKeepTheirWarnings() throws {
        let boxed = try BoxRequest(
            json: Array(#"{"boxes": [{"line": {"left": ["{font:No Such Family,|x}|mush"]}}]}"#.utf8), fonts: fonts)
        #expect(boxed.warnings.count == 1)
        #expect(boxed.warnings.first?.hasPrefix("boxes[0].line.left[0]: no font family 'No Such Family'") == true)
        let section = try BoxRequest(
            json: Array(#"{"topLines": [{"left": ["a"]}, {"left": ["{font:No Such Family,|y}|mush"]}]}"#.utf8),
            fonts: fonts)
        #expect(section.warnings.count == 1)
        #expect(section.warnings.first?.hasPrefix("topLines[1].left[0]: no font family 'No Such Family'") == true)
    }

    func frame(_ layout: BoxLayout) -> [Double] { [layout.x, layout.y, layout.width, layout.height] }

    @Test(arguments: [
        (
            #"{"boxes": [{}, {}, {}, {"width": 1, "margin": {"left": "x"}}]}"#,
            "boxes[3].margin.left: expected a number, not a string"
        ),
        (#"{"boxes": [{"width": "50%"}]}"#, "boxes[0].width: expected a number of points, not a string"),
        (#"{"boxes": [{"padding": -1}]}"#, "boxes[0].padding: must be a number from 0 to 1000000 points (it is -1)"),
        (#"{"boxes": [{"attachedTo": "x"}]}"#, #"boxes[0].attachedTo: no sibling box has the id "x""#),
        (
            #"{"boxes": [{"id": "a", "attachedTo": "b"}, {"id": "b", "attachedTo": "a"}]}"#,
            "boxes[0].attachedTo: the attachments go round in a circle: a → b → a"
        ),
        (
            #"{"boxes": [{"boxLayoutMode": "none", "attachedTo": "a"}]}"#,
            "boxes[0].attachedTo: is for attached boxes (boxLayoutMode is none)"
        ),
        (
            #"{"boxes": [{"contentLayoutMode": "flex"}]}"#,
            "boxes[0].contentLayoutMode: must be table or grid (it is 'flex')"
        ),
        (
            #"{"boxes": [{"sizingMode": "shrinkWrap", "width": 3}]}"#,
            "boxes[0].width: a shrink-wrapped box takes its content's width (leave it out)"
        ),
        (#"{"scrollView": true, "width": 10, "boxes": []}"#, "missing key 'height'"),
        (#"{"boxes": [], "contentOffset": {"y": 1}}"#, #"contentOffset: is for scroll views ("scrollView": true)"#),
        (
            #"{"topLines": [{"left": ["a"]}], "boxes": []}"#,
            "boxes: a table box's boxes are its lines (topLines, middleLines, bottomLines)"
        ),
        (#"{"topLines": [{"left": [3]}]}"#, "topLines[0].left[0]: expected a string or an object, not a number"),
        (
            #"{"boxes": [{"text": "a", "boxes": []}]}"#,
            "boxes[0]: a box holds boxes or content (a line, text or an image), not both"
        ),
        (
            #"{"boxes": [{"borderStyle": "etched"}]}"#,
            "boxes[0].borderStyle: must be none, etchedAll, etchedTop, etchedLeft, etchedBottom or etchedRight, or an array of them (it is 'etched')"
        ),
        (#"{"boxes": [{"shadow": {"blur": 1}}]}"#, "missing key 'color' in boxes[0].shadow"),
        (
            #"{"boxes": [{"tableStyle": "etched"}]}"#,
            "boxes[0].tableStyle: is for table boxes (with topLines, middleLines or bottomLines)"
        ),
        (#"{"children": [{"boxes": [{"wdth": 1}]}]}"#, "unknown key 'wdth' in children[0].boxes[0]"),
        (
            #"{"scrollView": true, "width": 1, "height": 1, "keyboardHeight": 5, "boxes": []}"#,
            "keyboardHeight: is for keepAboveKeyboard (which is missing)"
        ),
        (
            #"{"scrollView": true, "width": 1, "height": 1, "keepAboveKeyboard": "a", "boxes": [{"id": "a"}]}"#,
            "missing key 'keyboardHeight'"
        ),
        (
            #"{"scrollView": true, "width": 1, "height": 1, "keepAboveKeyboard": "b", "keyboardHeight": 5, "boxes": []}"#,
            #"keepAboveKeyboard: no box in this scroll view has the id "b""#
        ),
        (#"{"boxes": [], "keyboardMargin": 3}"#, #"keyboardMargin: is for scroll views ("scrollView": true)"#),
        (
            ##"{"boxes": [{"borderColors": ["#f00", null]}]}"##,
            "boxes[0].borderColors: must hold four colours, top, left, bottom and right, as MGBoxKit's (it holds 2)"
        ),
        (
            ##"{"boxes": [{"borderColors": ["#f00", 3, "#f00", null]}]}"##,
            "boxes[0].borderColors[1]: must be a colour or null"
        ),
        (
            ##"{"boxes": [{"borderColors": ["#f00", "red", "#f00", null]}]}"##,
            "boxes[0].borderColors[1]: 'red' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
        ),
        (
            ##"{"children": [{"borderColors": ["#f00", null, "#f00", null]}]}"##,
            "children[0].borderColors: expected a colour or an object of some of top, right, bottom and left, not an array"
        ),
    ])
    func errorsNameTheirPaths(json: String, message: String) {
        #expect(error(json) == message)
    }
}
