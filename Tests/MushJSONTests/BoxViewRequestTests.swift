import Foundation
import Mush
import MushBox
import MushText
import Testing

@testable import MushJSON

/// BoxView's nodes in `mush layout`'s JSON: every key is read, the defaults are the library's,
/// every error names its path, BoxViews nest with the engine's nodes, and the article's login
/// form (Examples/login.json) has the frames its rules give.
@Suite("BoxView trees")
struct BoxViewRequestTests: VocabularyRequestTesting {
    let fonts = FontCollection.shipped

    func layout(_ json: String, width: AvailableSpace = .maxContent) throws -> BoxLayout {
        try BoxRequest(json: Array(json.utf8), fonts: fonts).layout(width: width, rounding: .exact)
    }

    func frame(_ layout: BoxLayout) -> [Double] { [layout.x, layout.y, layout.width, layout.height] }
    func frames(_ layout: BoxLayout) -> [[Double]] { layout.children.map(frame) }

    static let block = #"{"width": 20, "height": 10}"#

    @Test func pinsAsNumbersStringsAndNull() throws {
        let json = #"""
            {"boxView": "vertical", "id": "v", "width": 100, "spacing": 5, "insets": {"top": 1, "left": 2, "bottom": 3, "right": 4},
             "items": [
              {"view": {"height": 10}, "top": "==2", "left": 3},
              {"view": \#(Self.block), "left": ">=0"},
              {"view": {"width": 30, "height": 10}, "left": "<=6", "right": null},
              {"view": \#(Self.block), "centerX": 4, "left": ">=10"}]}
            """#
        let result = try layout(json)
        #expect(result.id == "v")
        let centred: Double = 2 + (94 - 20) / 2 + 4
        let expected: [[Double]] = [
            // 2 + 1 from the top; 2 + 3 from the left, 4 from the right.
            [5, 3, 91, 10],
            // At the right: 100 − 4 − 20.
            [76, 18, 20, 10],
            // `<=6` as 6 (+ inset 2); no right pin: at the left.
            [8, 33, 30, 10],
            // Centred on the inner rectangle (2…96) with k = max(10 − 4, 0 + 4) = 6, 4 right.
            [centred, 48, 20, 10],
        ]
        #expect(frames(result) == expected)
        #expect(frame(result) == [0, 0, 100, 61])
    }

    @Test func prioritiesHuggingAndCompression() throws {
        // A view of content 50 × 10 with no size of its own.
        let content = #"{"children": [{"width": 50, "height": 10}]}"#
        // 150 wide: the optional gap (500) gives way before the first view's compression (750).
        let json = #"""
            {"boxView": "horizontal", "width": 150, "items": [
              {"view": \#(content), "right": "==20@500"}, {"view": \#(content), "width": 100}]}
            """#
        #expect(frames(try layout(json)) == [[0, 0, 50, 10], [50, 0, 100, 10]])
        // Hugging decides what fills; compression what shrinks.
        let hugging = #"""
            {"boxView": "horizontal", "width": 200, "items": [
              {"view": \#(content), "huggingX": 300}, {"view": \#(content)}]}
            """#
        #expect(frames(try layout(hugging)) == [[0, 0, 50, 10], [50, 0, 150, 10]])
        let compression = #"""
            {"boxView": "horizontal", "width": 80, "items": [
              {"view": \#(content), "compressionX": 800}, {"view": \#(content), "compressionX": 700}]}
            """#
        #expect(frames(try layout(compression)) == [[0, 0, 50, 10], [50, 0, 30, 10]])
        // A `>=` pin at priority 250 gives up 10 of its 20 before the view is compressed.
        let low = #"""
            {"boxView": "horizontal", "width": 40, "items": [
              {"view": {"children": [{"width": 30, "height": 10}]}, "left": ">=20@250"}]}
            """#
        #expect(frames(try layout(low)) == [[10, 0, 30, 10]])
    }

    @Test func aCentrePinMakesItsAxisEdgesFreeByDefault() throws {
        // `centerY` alone: top and bottom `>=0`, as `.centerY()` sets; an edge given stays, and
        // keeps the same clearance on the other side: the row is 2 × (20 + 5) tall.
        let json = #"""
            {"boxView": "horizontal", "items": [{"view": {"width": 40, "height": 40}},
              {"view": \#(Self.block), "centerY": 0}, {"view": \#(Self.block), "centerY": 0, "top": ">=20"}]}
            """#
        #expect(frames(try layout(json)) == [[0, 0, 40, 40], [40, 20, 20, 10], [60, 20, 20, 10]])
    }

    @Test func sizesPercentagesFlexAndSpacers() throws {
        let json = #"""
            {"boxView": "horizontal", "width": 200, "height": 50, "insets": 10, "items": [
              {"view": {}, "width": "25%", "height": 20}, {"flex": 1}, {"view": {}, "width": 30, "height": "50%"}]}
            """#
        let result = try layout(json)
        // 25% of the whole 200; the spacer takes 200 − 20 − 50 − 30, stretched across.
        #expect(frames(result) == [[10, 10, 50, 20], [60, 10, 100, 30], [160, 10, 30, 25]])
    }

    @Test func rightToLeftAndPaint() throws {
        let json = #"""
            {"boxView": "horizontal", "direction": "rtl", "width": 100, "insets": {"left": 5},
             "backgroundColor": "#eee", "borderColors": "#000", "cornerRadius": 4, "zIndex": 1,
             "items": [{"view": \#(Self.block)}, {"view": \#(Self.block), "left": 3}]}
            """#
        let result = try layout(json)
        #expect(frames(result) == [[75, 0, 20, 10], [52, 0, 20, 10]])
        #expect(result.paint?.cornerRadius == 4)
        #expect(result.paint?.zIndex == 1)
        // The border colours are 1-point lines that take no room.
        #expect(result.paint?.borderLineWidth == 1)
    }

    @Test func anyNodeIsAView() throws {
        let json = #"""
            {"boxView": "vertical", "items": [
              {"view": {"text": "Hi", "font": {"size": 10}}},
              {"view": {"image": {"width": 30, "height": 12}}, "left": ">=0"},
              {"view": {"contentLayoutMode": "table", "boxes": [\#(Self.block)]}},
              {"view": {"boxView": "horizontal", "spacing": 4, "items": [{"view": \#(Self.block)}, {"view": \#(Self.block)}]}},
              {"view": {"flexDirection": "row", "children": [\#(Self.block)]}}]}
            """#
        let result = try layout(json)
        let text = try TextLeaf("Hi", style: ParagraphStyle(fontSize: 10), fonts: fonts)
        let textWidth = text.paragraph.maxContentWidth()
        let textHeight = text.paragraph.layout(width: 44).height
        // The widest item is the nested BoxView (44): the others stretch to it, or sit at its right.
        #expect(result.width == 44)
        #expect(frames(result)[0] == [0, 0, 44, textHeight])
        #expect(frames(result)[1] == [14, textHeight, 30, 12])
        #expect(frames(result)[3] == [0, textHeight + 22, 44, 10])
        #expect(frames(result.children[3]) == [[0, 0, 20, 10], [24, 0, 20, 10]])
        #expect(textWidth < 44)
    }

    @Test func errorsNameTheirJSONPaths() {
        let item = #"{"view": \#(Self.block)}"#
        let cases: [(String, String)] = [
            (#"{"boxView": "diagonal"}"#, "boxView: must be vertical or horizontal (it is 'diagonal')"),
            (#"{"boxView": 1}"#, "boxView: expected a string, not a number"),
            (#"{"boxView": "vertical", "boxes": []}"#, "unknown key 'boxes'"),
            (
                #"{"boxView": "vertical", "items": [\#(item), {"left": "x"}]}"#,
                #"items[1].left: must be a number, ">=N", "<=N", "==N" (each with "@P" for a priority) or null (it is 'x')"#
            ),
            (
                #"{"boxView": "vertical", "items": [{"top": true}]}"#,
                #"items[0].top: expected a number, ">=N", "<=N", "==N" (each with "@P" for a priority) or null, not true"#
            ),
            (
                #"{"boxView": "vertical", "items": [{"width": "half"}]}"#,
                #"items[0].width: expected a number of points or "N%", not 'half'"#
            ),
            (
                #"{"boxView": "vertical", "items": [{"width": -3}]}"#,
                "items[0].width: must be a number from 0 to 1000000 points (it is -3)"
            ),
            (
                #"{"boxView": "vertical", "items": [{"centerX": 0, "left": 4}]}"#,
                "items[0].left: an edge pin with a centre pin (centerX) must be >=N or left out (it is ==4)"
            ),
            (
                #"{"boxView": "vertical", "items": [{"height": 4, "flex": 1}]}"#,
                "items[0].flex: a flex item takes its height from its share of the free space (leave out height)"
            ),
            (
                #"{"boxView": "vertical", "items": [{"view": {"margin": 3}}]}"#,
                "items[0].view.margin: is decided by the item (its pins, size and flex): leave it out of the view"
            ),
            (#"{"boxView": "vertical", "items": [{"views": {}}]}"#, "unknown key 'views' in items[0]"),
            (
                #"{"boxView": "vertical", "insets": {"middle": 1}}"#,
                "unknown key 'middle' in insets"
            ),
            (
                #"{"boxView": "vertical", "insets": "wide"}"#,
                "insets: expected a number or an object of some of top, right, bottom and left, not a string"
            ),
            (
                #"{"boxView": "vertical", "spacing": -2}"#,
                "spacing: must be a number from 0 to 1000000 points (it is -2)"
            ),
            (#"{"boxView": "vertical", "direction": "up"}"#, "direction: must be ltr or rtl (it is 'up')"),
            (
                #"{"children": [{"boxView": "vertical", "items": [{"view": {"boxView": "horizontal", "items": [\#(item), {"right": ">=x"}]}}]}]}"#,
                #"children[0].items[0].view.items[1].right: must be a number, ">=N", "<=N", "==N" (each with "@P" for a priority) or null (it is '>=x')"#
            ),
            (
                #"{"children": [{"boxView": "vertical", "items": [{"view": {"boxView": "horizontal", "items": [{"left": 2e6}]}}]}]}"#,
                "children[0].items[0].view.items[0].left: must be a number from -1000000 to 1000000 points (it is 2000000)"
            ),
            (
                #"{"boxView": "vertical", "items": [{"view": {"width": -1}}]}"#,
                "items[0].view.width: must be a number from 0 to 1000000 points (it is -1)"
            ),
            (
                #"{"boxView": "vertical", "items": [{"top": ">=0@1001"}]}"#,
                "items[0].top: a priority must be from 1 to 1000 (it is 1001)"
            ),
            (
                #"{"boxView": "vertical", "items": [{"top": ">=0@high"}]}"#,
                #"items[0].top: must be a number, ">=N", "<=N", "==N" (each with "@P" for a priority) or null (it is '>=0@high')"#
            ),
            (
                #"{"boxView": "vertical", "items": [{"huggingY": 0}]}"#,
                "items[0].huggingY: must be a priority from 1 to 1000 (it is 0)"
            ),
            (
                #"{"boxView": "vertical", "items": [{"bottom": "<=4"}, {"top": ">=2"}]}"#,
                "items[1].top: a >= pin cannot meet a <= pin in one gap (items[0].bottom is <=4)"
            ),
        ]
        for (json, message) in cases {
            #expect(error(json) == message, "\(json)")
        }
    }

    /// The article's login form, as Examples/login.json writes it: the frames follow from the
    /// rules, with the text measured through the same fonts.
    @Test func theArticlesLoginForm() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let json = try String(contentsOf: root.appendingPathComponent("Examples/login.json"), encoding: .utf8)
        let form = try layout(json)
        let title = try TextLeaf(
            "Please log into account with your user name and password",
            style: ParagraphStyle(fontSize: 22, alignment: .center), bold: true, fonts: fonts)
        let forgot = try TextLeaf("__Forgot password?__|mush", style: ParagraphStyle(fontSize: 15), fonts: fonts)
        let login = try TextLeaf("Log in", style: ParagraphStyle(fontSize: 17), fonts: fonts)
        // The title's widest line is wider than 343 − 2 × (16 + 30): it wraps at 251.
        #expect(title.paragraph.maxContentWidth() > 251)
        let titleHeight = title.paragraph.layout(width: 251).height
        let forgotWidth = forgot.paragraph.maxContentWidth()
        let forgotHeight = forgot.paragraph.layout(width: forgotWidth).height + 12
        let loginHeight = login.paragraph.layout(width: 211 - 32).height + 10
        let nameY = 16 + titleHeight + 20 + 20
        let forgotY = nameY + 2 * (34 + 20)
        let loginY = forgotY + forgotHeight + 20 + 30
        #expect(
            frames(form) == [
                [46, 16, 251, titleHeight],
                [16, nameY, 311, 34],
                [16, nameY + 54, 311, 34],
                [327 - forgotWidth, forgotY, forgotWidth, forgotHeight],
                [66, loginY, 211, loginHeight],
            ])
        #expect(frame(form) == [0, 0, 343, loginY + loginHeight + 16])
        for row in form.children[1...2] {
            #expect(frames(row) == [[0, 5, 24, 24], [34, 0, 277, 34]])
        }
    }

    /// The article's error message (`showErrorForField`): an item with `top(-spacing)` and
    /// `left(24 + 10)` inserted after the name row sits right under the field, as wide as it, and
    /// the items after it move down by its height (its top pin takes back the spacing above it).
    @Test func theArticlesErrorMessageUnderAField() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let json = try String(contentsOf: root.appendingPathComponent("Examples/login.json"), encoding: .utf8)
        let form = try layout(json)
        let message =
            ##"{"view": {"text": " Field can not be empty!", "font": {"size": 15}, "color": "#f00"}, "##
            + #""top": -20, "left": 34}, "#
        let marker = #"{"view": {"boxView": "horizontal", "id": "passwordRow""#
        let withError = try layout(json.replacingOccurrences(of: marker, with: message + marker))
        let row = form.children[1]
        let error = withError.children[2]
        let height = try TextLeaf(" Field can not be empty!", style: ParagraphStyle(fontSize: 15), fonts: fonts)
            .paragraph.layout(width: 277).height
        #expect(frame(error) == [50, row.y + 34, 277, height])
        #expect(withError.children[3].y == form.children[2].y + height)
    }
}
