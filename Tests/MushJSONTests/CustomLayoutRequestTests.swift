import Mush
import MushBox
import MushMKLayout
import MushText
import Testing

@testable import MushJSON

/// A custom layout for the JSON tests: items down a diagonal, each `step` points right and down of
/// the one before (an option), moved by its own `dx` property.
struct DiagonalLayout: MKCustomLayout {
    var id: String?
    var items: [MKLayoutItem] = []
    var margin = MKEdgeInsets()
    var width: Double?
    var height: Double?
    var paint: BoxPaint?
    var step: Double

    func layoutBounds(_ bounds: MKBounds, items: [MKMeasuredItem]) -> [BoxFrame] {
        items.enumerated().map { index, item in
            let size = item.size()
            let offset = Double(index) * step
            return BoxFrame(
                x: offset + (item.item.properties["dx"] ?? 0), y: offset, width: size.width, height: size.height)
        }
    }
}

/// Custom MKLayoutLibrary layouts in a box tree's JSON, named by the vocabularies they were added to.
@Suite("Custom layouts in JSON")
struct CustomLayoutRequestTests {
    let fonts = FontCollection.shipped
    let vocabularies = BoxVocabularies.standard.addingCustomLayout("diagonal") { options throws(RequestError) in
        let step = options["step"] ?? 10
        guard step >= 0 else { throw RequestError(at: "step", "must be 0 or more") }
        return DiagonalLayout(step: step)
    }

    func layout(_ json: String, vocabularies: BoxVocabularies? = nil) throws(RequestError) -> String {
        try BoxRequest(json: Array(json.utf8), fonts: fonts, vocabularies: vocabularies ?? self.vocabularies).json()
    }

    @Test func aNamedLayoutWithOptionsAndItemProperties() throws {
        let json = #"""
            {"customLayout": "diagonal", "options": {"step": 20}, "margin": 5, "id": "d", "items": [
              {"view": {}, "size": {"width": 10, "height": 10}},
              {"view": {"id": "second"}, "size": {"width": 30, "height": 12}, "properties": {"dx": 3}}]}
            """#
        // Without a size, the layout reaches its last item's box, and its margin on both sides.
        #expect(
            try layout(json)
                == #"{"children":[{"height":10,"width":10,"x":5,"y":5},{"height":12,"id":"second","width":30,"x":28,"y":25}],"height":42,"id":"d","width":63,"x":0,"y":0}"#
        )
    }

    @Test func errorsNameTheirPaths() {
        let cases: [(String, String)] = [
            (
                #"{"customLayout": "spiral", "items": []}"#,
                "customLayout: no custom layout is named 'spiral' (the custom layouts known: diagonal)"
            ),
            (#"{"customLayout": "diagonal", "options": {"step": -1}}"#, "options.step: must be 0 or more"),
            (
                #"{"customLayout": "diagonal", "options": {"step": "x"}}"#,
                "options.step: expected a number, not a string"
            ),
            (
                #"{"customLayout": "diagonal", "items": [{"view": {}, "properties": []}]}"#,
                "items[0].properties: expected an object of numbers, not an array"
            ),
            (#"{"linearLayout": "vertical", "options": {}}"#, "options: is for custom layouts"),
            (
                #"{"customLayout": "diagonal", "items": [{"view": {}, "weight": 1}]}"#,
                "items[0].weight: is for linear layouts' items"
            ),
        ]
        for (json, message) in cases {
            #expect(throws: RequestError(message), "\(json)") { try layout(json) }
        }
        // The command's reader knows none.
        #expect(
            throws: RequestError(
                "customLayout: no custom layout is named 'diagonal' (none is known here: custom layouts are added in Swift, with BoxVocabularies.addingCustomLayout)"
            )
        ) { try layout(#"{"customLayout": "diagonal"}"#, vocabularies: .standard) }
    }
}
