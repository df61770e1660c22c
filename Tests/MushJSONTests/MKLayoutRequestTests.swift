import Mush
import MushBox
import MushText
import Testing

@testable import MushJSON

/// MKLayoutLibrary's layouts in `mush layout`'s JSON: the keys, the frames, the errors with their
/// JSON paths, and layouts mixed with the engine's and MGBoxKit's nodes.
@Suite("MKLayout trees")
struct MKLayoutRequestTests: VocabularyRequestTesting {
    let fonts = FontCollection.shipped

    func layout(_ json: String, width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent) throws
        -> String
    {
        try BoxRequest(json: Array(json.utf8), fonts: fonts).json(width: width, height: height)
    }

    /// The README's title and description: a 30-point title with a padding of 1, and a weighted
    /// description taking the rest.
    @Test func aVerticalLayoutWithATitle() throws {
        let json = try layout(
            #"""
            {"linearLayout": "vertical", "width": 300, "height": 200, "items": [
              {"size": {"height": 30}, "padding": 1, "view": {"id": "title"}},
              {"weight": 1, "view": {"id": "description"}}]}
            """#)
        #expect(
            json
                == #"{"children":[{"height":28,"id":"title","width":298,"x":1,"y":1},{"height":170,"id":"description","width":300,"x":0,"y":30}],"height":200,"width":300,"x":0,"y":0}"#
        )
    }

    /// MKLayoutLibrary's README, item by item, in a 100 × 100 stack: the frame of the view each
    /// configuration must give.
    @Test(arguments: [
        (#""size": {"width": 10, "height": 10}"#, #"{"height":10,"width":10,"x":0,"y":0}"#),
        (
            #""size": {"width": 10, "height": 10}, "padding": {"bottom": 1, "right": 1}"#,
            #"{"height":9,"width":9,"x":0,"y":0}"#
        ),
        (
            #""size": {"width": 10, "height": 10}, "padding": {"top": 1, "left": 1}"#,
            #"{"height":9,"width":9,"x":1,"y":1}"#
        ),
        (#""size": {"width": 10, "height": 10}, "padding": 1"#, #"{"height":8,"width":8,"x":1,"y":1}"#),
        // Padding and offset: the padded 35 × 35 item at the top right, and the offset that replaces it.
        (
            #""gravity": ["top", "right"], "padding": {"bottom": 5, "right": 5}, "size": {"width": 35, "height": 35}"#,
            #"{"height":30,"width":30,"x":65,"y":0}"#
        ),
        (
            #""gravity": ["top", "right"], "offset": {"x": -5, "y": -5}, "size": {"width": 30, "height": 30}"#,
            #"{"height":30,"width":30,"x":65,"y":-5}"#
        ),
        (#""size": {"width": 30, "height": 30}, "offset": {"x": 5, "y": 5}"#, #"{"height":30,"width":30,"x":5,"y":5}"#),
        (
            #""size": {"width": 30, "height": 30}, "offset": {"x": -5, "y": -5}"#,
            #"{"height":30,"width":30,"x":-5,"y":-5}"#
        ),
    ])
    func theReadmeItems(_ item: String, _ frame: String) throws {
        let json = try layout(#"{"stackLayout": true, "width": 100, "height": 100, "items": [{\#(item), "view": {}}]}"#)
        #expect(json == #"{"children":["# + frame + #"],"height":100,"width":100,"x":0,"y":0}"#)
    }

    /// The README's sublayout: a stack (holding a background image) as an item of a linear layout.
    @Test func theReadmeSublayout() throws {
        let json = try layout(
            #"""
            {"linearLayout": "horizontal", "width": 300, "height": 60, "items": [
              {"size": {"width": 60}, "sublayout": {"stackLayout": true, "items": [{"view": {"image": {"width": 10, "height": 10}}}]}},
              {"weight": 1, "view": {}}]}
            """#)
        #expect(
            json
                == #"{"children":[{"children":[{"height":60,"width":60,"x":0,"y":0}],"height":60,"width":60,"x":0,"y":0},{"height":60,"width":240,"x":60,"y":0}],"height":60,"width":300,"x":0,"y":0}"#
        )
    }

    /// A layout at the root without a size takes the room it is given, as a layout fills its view.
    @Test func theRootFillsTheRoomGiven() throws {
        let json = try layout(
            #"{"linearLayout": "horizontal", "items": [{"size": {"width": 30}, "view": {}}, {"weight": 1, "view": {}}]}"#,
            width: .points(300), height: .points(100))
        #expect(
            json
                == #"{"children":[{"height":100,"width":30,"x":0,"y":0},{"height":100,"width":270,"x":30,"y":0}],"height":100,"width":300,"x":0,"y":0}"#
        )
    }

    @Test func everyItemKey() throws {
        let json = try layout(
            #"""
            {"stackLayout": true, "id": "stack", "width": 300, "height": 200, "margin": {"top": 3, "left": 3},
             "backgroundColor": "#eee", "items": [
              {"size": {"width": 57, "height": "matchParent"}, "padding": {"top": 7, "left": 5, "bottom": 5, "right": 5},
               "gravity": ["top", "left"], "offset": {"x": 2, "y": -1}, "view": {"id": "a"}},
              {"size": {"width": 31, "height": 25}, "gravity": "centerH", "view": {"id": "b"}},
              {"gravity": ["bottom", "right"], "size": {"width": 10, "height": 10}, "view": {"id": "c"}}]}
            """#)
        // a: a box of 297 × 197 at (3, 3), a view 47 wide (57 less 10) and 185 tall, moved by 2, -1.
        // b: centred across 297. c: at the bottom right.
        #expect(
            json
                == #"{"children":[{"height":185,"id":"a","width":47,"x":10,"y":9},{"height":25,"id":"b","width":31,"x":136,"y":3},{"height":10,"id":"c","width":10,"x":290,"y":190}],"height":200,"id":"stack","width":300,"x":0,"y":0}"#
        )
    }

    /// Separators are rules of the layout's paint: they take room, but are no children.
    @Test func separatorsAreNoChildren() throws {
        let json = try layout(
            #"""
            {"linearLayout": "horizontal", "width": 300, "height": 100, "spacing": 10, "items": [
              {"weight": 1, "view": {}},
              {"weight": 1, "insertBorder": {"thickness": 4, "color": "#000"}, "view": {}}]}
            """#)
        #expect(
            json
                == #"{"children":[{"height":100,"width":138,"x":0,"y":0},{"height":100,"width":138,"x":162,"y":0}],"height":100,"width":300,"x":0,"y":0}"#
        )
        let request = try BoxRequest(
            json: Array(
                ##"{"linearLayout": "horizontal", "width": 300, "height": 100, "items": [{"view": {}}, {"insertBorder": {"thickness": 2, "color": "#f00"}, "view": {}}]}"##
                    .utf8), fonts: fonts)
        let rules = try request.layout().paint?.rules ?? []
        #expect(rules == [BoxRule(x: 149, y: 0, width: 2, height: 100, color: MushColor(hex: "#f00")!)])
    }

    /// A flow sublayout (its two items fit its row exactly), an MGBox as a view, and a layout inside
    /// an engine node.
    @Test func layoutsNestWithOtherNodes() throws {
        let json = try layout(
            #"""
            {"flexDirection": "column", "width": 200, "children": [
              {"height": 10},
              {"linearLayout": "horizontal", "height": 50, "items": [
                {"size": {"width": 50}, "sublayout": {"flowLayout": "horizontal", "margin": 5, "items": [
                  {"size": {"width": 20, "height": 20}, "view": {}}, {"size": {"width": 20, "height": 10}, "view": {}}]}},
                {"weight": 1, "view": {"boxes": [{"width": 20, "height": 20, "margin": 5}]}}]}]}
            """#)
        #expect(
            json
                == #"{"children":[{"height":10,"width":200,"x":0,"y":0},{"children":[{"children":[{"height":20,"width":20,"x":5,"y":5},{"height":10,"width":20,"x":25,"y":5}],"height":50,"width":50,"x":0,"y":0},{"children":[{"height":20,"width":20,"x":5,"y":5}],"height":50,"width":150,"x":50,"y":0}],"height":50,"width":200,"x":0,"y":10}],"height":60,"width":200,"x":0,"y":0}"#
        )
    }

    @Test(arguments: [
        (#"{"linearLayout": "diagonal"}"#, "linearLayout: must be horizontal or vertical (it is 'diagonal')"),
        (#"{"stackLayout": false}"#, "stackLayout: must be true (a stack layout)"),
        (
            #"{"linearLayout": "vertical", "stackLayout": true}"#,
            "a layout is one of linearLayout, stackLayout, flowLayout and customLayout, not linearLayout and stackLayout"
        ),
        (#"{"stackLayout": true, "spacing": 3}"#, "spacing: is for linear and flow layouts (a stack's items overlap)"),
        (
            #"{"linearLayout": "vertical", "spacing": -3}"#,
            "spacing: must be a number from 0 to 1000000 points (it is -3)"
        ),
        (
            #"{"linearLayout": "vertical", "margin": {"top": -1}}"#,
            "margin.top: must be a number from 0 to 1000000 points (it is -1)"
        ),
        (#"{"linearLayout": "vertical", "items": {}}"#, "items: expected an array of items, not an object"),
        (
            #"{"linearLayout": "vertical", "items": [{}]}"#,
            "items[0]: an item holds a view or a sublayout (neither is given)"
        ),
        (
            #"{"linearLayout": "vertical", "items": [{"view": {}, "sublayout": {"stackLayout": true}}]}"#,
            "items[0]: an item holds a view or a sublayout, not both"
        ),
        (
            #"{"linearLayout": "vertical", "items": [{"sublayout": {"width": 3}}]}"#,
            "items[0].sublayout: must be a layout (with linearLayout, stackLayout, flowLayout or customLayout)"
        ),
        (
            #"{"linearLayout": "vertical", "items": [{"view": {}, "size": {"width": "wide"}}]}"#,
            "items[0].size.width: must be a number of points or \"matchParent\" (it is 'wide')"
        ),
        (
            #"{"linearLayout": "vertical", "items": [{"view": {}, "size": {"depth": 3}}]}"#,
            "unknown key 'depth' in items[0].size"
        ),
        (
            #"{"linearLayout": "vertical", "items": [{"view": {}, "weight": -1}]}"#,
            "items[0].weight: must be a number from 0 to 1000000 (it is -1)"
        ),
        (
            #"{"stackLayout": true, "items": [{"view": {}, "weight": 1}]}"#,
            "items[0].weight: is for linear layouts' items"
        ),
        (
            ##"{"flowLayout": "horizontal", "items": [{"view": {}, "insertBorder": {"thickness": 1, "color": "#000"}}]}"##,
            "items[0].insertBorder: is for linear layouts' items"
        ),
        (
            #"{"linearLayout": "vertical", "items": [{"view": {}, "insertBorder": {"thickness": 1}}]}"#,
            "missing key 'color' in items[0].insertBorder"
        ),
        (
            #"{"linearLayout": "vertical", "items": [{"view": {}, "gravity": ["top", "middle"]}]}"#,
            "items[0].gravity[1]: must be top, bottom, left, right, centerV or centerH (it is 'middle')"
        ),
        (
            #"{"linearLayout": "vertical", "items": [{"view": {}, "padding": {"left": -2}}]}"#,
            "items[0].padding.left: must be a number from 0 to 1000000 points (it is -2)"
        ),
        (
            #"{"linearLayout": "vertical", "items": [{"view": {}, "offset": {"z": 1}}]}"#,
            "unknown key 'z' in items[0].offset"
        ),
        (
            #"{"linearLayout": "vertical", "items": [{"view": {"width": 30}}]}"#,
            "items[0].view.width: is decided by the item (its size, padding, gravity and offset place the view)"
        ),
        (
            #"{"linearLayout": "vertical", "items": [{"view": {"margin": 3}}]}"#,
            "items[0].view.margin: is decided by the item (its size, padding, gravity and offset place the view)"
        ),
        (
            #"{"linearLayout": "vertical", "items": [{"view": {}}, {"sublayout": {"stackLayout": true, "items": [{"view": {"widht": 3}}]}}]}"#,
            "unknown key 'widht' in items[1].sublayout.items[0].view"
        ),
        (
            #"{"children": [{"linearLayout": "vertical", "items": [{"view": {"position": "absolute"}}]}]}"#,
            "children[0].items[0].view.position: is decided by the item (its size, padding, gravity and offset place the view)"
        ),
    ])
    func errorsNameTheirPaths(_ json: String, _ message: String) {
        #expect(error(json) == message)
    }
}
