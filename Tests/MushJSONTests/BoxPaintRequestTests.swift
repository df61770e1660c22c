import Mush
import MushBox
import MushJSON
import MushText
import Testing

/// A box tree's paint keys read from JSON: every key, every error with its JSON path, and layouts
/// written as before.
@Suite("Box paint")
struct BoxPaintRequestTests {
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

    func color(_ hex: String) -> MushColor { MushColor(hex: hex)! }

    @Test func everyPaintKey() throws {
        let root = try read(
            """
            {"backgroundColor": "#fff", "borderColors": {"top": "#f00", "left": "#00f8"}, "cornerRadius": 12.5,
             "shadow": {"color": "#0004", "x": -1, "y": 2, "blur": 3}, "zIndex": -2, "opacity": 0.25,
             "link": "https://example.com/a", "heading": 2, "bookmark": "Totals", "bookmarkOpen": false,
             "role": "figure", "alt": "A chart of the year's income"}
            """
        ).root
        var expected = BoxPaint(backgroundColor: color("#fff"), cornerRadius: 12.5, zIndex: -2)
        expected.opacity = 0.25
        expected.link = "https://example.com/a"
        expected.bookmark = BoxBookmark(level: 2, title: "Totals", isOpen: false, isHeading: true)
        expected.role = .figure
        expected.alternateText = "A chart of the year's income"
        expected.borderColors = BoxEdges(top: color("#f00"), right: nil, bottom: nil, left: color("#00f8"))
        expected.shadow = BoxShadow(color: color("#0004"), offset: BoxOffset(x: -1, y: 2), blur: 3)
        #expect(root.paint == expected)
        #expect(
            BoxRequest.paintKeys == [
                "backgroundColor", "borderColors", "cornerRadius", "shadow", "zIndex", "opacity", "backgroundGradient",
                "link", "heading", "bookmark", "bookmarkOpen", "role", "alt",
            ])
        #expect(BoxRequest.paintKeys.allSatisfy { BoxRequest.nodeKeys.contains($0) })
    }

    @Test func oneBorderColourForEveryEdge() throws {
        let root = try read(##"{"borderColors": "#123"}"##).root
        #expect(root.paint == BoxPaint(borderColors: BoxEdges(color("#123"))))
    }

    @Test func aShadowNeedsOnlyItsColour() throws {
        let root = try read(##"{"shadow": {"color": "#000"}}"##).root
        #expect(root.paint == BoxPaint(shadow: BoxShadow(color: color("#000"))))
        #expect(root.paint?.shadow?.offset == .zero && root.paint?.shadow?.blur == 0)
    }

    @Test func noPaintKeysNoPaint() throws {
        let root = try read(##"{"width": 10, "children": [{"text": "a"}, {"zIndex": 0}]}"##).root
        #expect(root.paint == nil)
        #expect(root.children[0].paint == nil)
        // Any paint key gives a paint, even of default values.
        #expect(root.children[1].paint == BoxPaint())
    }

    /// Containers and leaves of every kind have paint, and it reaches the layout.
    @Test func containersAndLeavesHavePaint() throws {
        let request = try read(
            """
            {"backgroundColor": "#eee", "children": [
              {"text": "a", "backgroundColor": "#f00"},
              {"line": {"left": ["b"]}, "zIndex": 2},
              {"image": {"width": 4, "height": 4}, "cornerRadius": 2}]}
            """)
        let root = request.root
        #expect(root.paint?.backgroundColor == color("#eee"))
        #expect(root.children[0].paint?.backgroundColor == color("#f00"))
        #expect(root.children[1].paint?.zIndex == 2)
        #expect(root.children[2].paint?.cornerRadius == 2)
        let layout = try request.layout()
        #expect(layout.paint == root.paint)
        #expect(layout.children.map(\.paint) == root.children.map(\.paint))
    }

    /// `mush layout` writes the same result with or without paint.
    @Test func layoutsAreWrittenWithoutPaint() throws {
        let plain = try read(##"{"width": 50, "children": [{"text": "a"}, {"height": 10}]}"##).json()
        let painted = try read(
            """
            {"width": 50, "backgroundColor": "#fff", "shadow": {"color": "#000", "blur": 2},
             "children": [{"text": "a", "borderColors": "#f00"}, {"height": 10, "zIndex": 3, "cornerRadius": 4}]}
            """
        ).json()
        #expect(painted == plain)
    }

    @Test(
        "Every bad paint value is named by its JSON path",
        arguments: [
            (
                ##"{"backgroundColor": "red"}"##,
                "backgroundColor: 'red' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
            ),
            (
                ##"{"children": [{"backgroundColor": 5}]}"##,
                "children[0].backgroundColor: expected a string, not a number"
            ),
            (
                ##"{"borderColors": 5}"##,
                "borderColors: expected a colour or an object of some of top, right, bottom and left, not a number"
            ),
            (
                ##"{"borderColors": ["#fff"]}"##,
                "borderColors: expected a colour or an object of some of top, right, bottom and left, not an array"
            ),
            (##"{"borderColors": "#12"}"##, "borderColors: '#12' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"),
            (##"{"borderColors": {"middle": "#fff"}}"##, "unknown key 'middle' in borderColors"),
            (
                ##"{"children": [{}, {"borderColors": {"top": "#fff", "left": "blue"}}]}"##,
                "children[1].borderColors.left: 'blue' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
            ),
            (##"{"borderColors": {"bottom": null}}"##, "borderColors.bottom: expected a string, not null"),
            (##"{"cornerRadius": -1}"##, "cornerRadius: must be a number from 0 to 1000000 points (it is -1)"),
            (##"{"cornerRadius": "5"}"##, "cornerRadius: expected a number, not a string"),
            (##"{"shadow": 3}"##, "shadow: expected an object, not a number"),
            (##"{"shadow": {}}"##, "missing key 'color' in shadow"),
            (##"{"shadow": {"color": "#000", "spread": 1}}"##, "unknown key 'spread' in shadow"),
            (
                ##"{"shadow": {"color": "black"}}"##,
                "shadow.color: 'black' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
            ),
            (
                ##"{"children": [{}, {"shadow": {"color": "#000", "blur": -1}}]}"##,
                "children[1].shadow.blur: must be a number from 0 to 1000000 points (it is -1)"
            ),
            (
                ##"{"shadow": {"color": "#000", "x": 2000000}}"##,
                "shadow.x: must be a number from -1000000 to 1000000 points (it is 2000000)"
            ),
            (##"{"shadow": {"color": "#000", "y": "1"}}"##, "shadow.y: expected a number, not a string"),
            (##"{"zIndex": 10000000}"##, "zIndex: must be a number from -1000000 to 1000000 (it is 10000000)"),
            (##"{"opacity": 1.5}"##, "opacity: must be a number from 0 to 1 (it is 1.5)"),
            (##"{"text": "a", "zIndex": true}"##, "zIndex: expected a number, not true"),
        ])
    func errors(input: String, message: String) {
        #expect(error(input) == message)
    }

    /// A node's style comes before its paint, its paint before its leaf and its children.
    @Test func paintProblemsComeInInputOrder() {
        #expect(
            error(##"{"width": -1, "cornerRadius": -1}"##)
                == "width: must be a number from 0 to 1000000 points (it is -1)")
        #expect(
            error(##"{"cornerRadius": -1, "children": [{"width": -1}]}"##)
                == "cornerRadius: must be a number from 0 to 1000000 points (it is -1)")
        #expect(
            error(##"{"zIndex": "1", "text": "a", "font": {"size": 0}}"##) == "zIndex: expected a number, not a string")
    }
}

@Suite("Gradients in JSON")
struct GradientRequestTests {
    func paint(_ json: String) throws(RequestError) -> BoxPaint? {
        try BoxRequest(json: Array(json.utf8), fonts: .shipped).root.paint
    }

    @Test func stopsAreSpreadAsCSSSpreadsThem() throws {
        let gradient = try paint(
            ##"{"backgroundGradient": {"linear": 45, "stops": ["#f00", "#0f0", {"color": "#00f", "at": 0.8}, "#fff"]}}"##
        )?.backgroundGradient
        #expect(gradient?.shape == .linear(angle: 45))
        #expect(gradient?.stops.map(\.offset) == [0, 0.4, 0.8, 1])
        let radial = try paint(##"{"backgroundGradient": {"radial": [0.25, 1], "stops": ["#000", "#fff"]}}"##)
        #expect(radial?.backgroundGradient?.shape == .radial(centerX: 0.25, centerY: 1))
    }

    @Test func badGradientsNameTheirPaths() {
        let cases: [(String, String)] = [
            (
                ##"{"backgroundGradient": {"stops": ["#000", "#fff"]}}"##,
                "backgroundGradient: a gradient is linear (an angle) or radial (a centre)"
            ),
            (
                ##"{"backgroundGradient": {"linear": 0, "radial": [0, 0], "stops": []}}"##,
                "backgroundGradient: a gradient is linear or radial, not both"
            ),
            (##"{"backgroundGradient": {"linear": 0}}"##, "missing key 'stops' in backgroundGradient"),
            (
                ##"{"backgroundGradient": {"linear": 0, "stops": ["#000"]}}"##,
                "backgroundGradient.stops: a gradient needs at least two stops (it has 1)"
            ),
            (
                ##"{"backgroundGradient": {"linear": 0, "stops": ["#000", "red"]}}"##,
                "backgroundGradient.stops[1]: 'red' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
            ),
            (
                ##"{"backgroundGradient": {"linear": 0, "stops": [{"color": "#000", "at": 0.6}, {"color": "#fff", "at": 0.2}]}}"##,
                "backgroundGradient.stops[1].at: must not come before the stop before it (it is 0.2, after 0.6)"
            ),
            (
                ##"{"backgroundGradient": {"radial": [0.5], "stops": ["#000", "#fff"]}}"##,
                "backgroundGradient.radial: must be [X, Y], the centre as two fractions of the box"
            ),
        ]
        for (json, message) in cases {
            #expect(throws: RequestError(message), "\(json)") { try paint(json) }
        }
    }
}
