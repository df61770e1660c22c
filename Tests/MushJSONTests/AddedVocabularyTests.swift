import Mush
import MushBox
import MushJSON
import MushText
import Testing

// This file shows a vocabulary added from outside the library: it uses MushJSON's and MushBox's
// public API only (no `@testable import`), and nothing outside this file knows of it.

/// Badges: `{"badge": "NEW", "tint": "#c00", "id": …}`, a bold 11-point white label in a pill of
/// the tint (blue by default), 6 points of padding beside the text and 2 above and below. Lowered
/// to a box holding a text node, which the input names `badge`; its JSON result says which badge
/// it is (`"badge": "NEW"`) through a pass of its origin.
struct BadgeVocabulary: BoxVocabulary {
    var name: String { "Badges" }
    var markerKeys: [String] { ["badge"] }

    func read(_ value: JSONValue, at place: BoxTreeReader.Place, with reader: inout BoxTreeReader)
        throws(RequestError) -> BoxNode
    {
        guard case .object(let members) = value else { throw RequestError(at: place.path, "expected an object") }
        func path(_ key: String) -> String { place.path.isEmpty ? key : place.path + "." + key }
        for key in members.keys.sorted() where !["badge", "tint", "id"].contains(key) {
            throw RequestError(at: path(key), "unknown key (a badge has badge, tint and id)")
        }
        guard case .string(let label) = members["badge"] else {
            throw RequestError(at: path("badge"), "expected a string")
        }
        var tint = MushColor(hex: "#0a84ff")!
        if let given = members["tint"] {
            guard case .string(let hex) = given, let color = MushColor(hex: hex) else {
                throw RequestError(at: path("tint"), "expected a hex colour")
            }
            tint = color
        }
        var id: String?
        if let given = members["id"] {
            guard case .string(let string) = given else { throw RequestError(at: path("id"), "expected a string") }
            id = string
        }
        // The label is an engine text node, read as the input would write it; its errors and
        // warnings are named `….badge`.
        let text: JSONValue = .object([
            "text": .string(label), "color": .string("#fff"),
            "font": .object(["size": .number(11), "bold": .bool(true)]),
        ])
        var node = try reader.node(text, at: place.inside("badge"))
        node.origin = BoxOrigin(step: [.key("badge")])
        var style = BoxStyle()
        style.padding = BoxEdges(top: .points(2), right: .points(6), bottom: .points(2), left: .points(6))
        var badge = BoxNode(
            id: id, style: style, paint: BoxPaint(backgroundColor: tint, cornerRadius: 8), children: [node])
        badge.origin = BoxOrigin(passes: [BadgeAnswer(label: label)])
        return badge
    }
}

/// What a badge's result says of it in JSON.
struct BadgeAnswer: JSONAnswers {
    var label: String

    func answers(_ result: BoxLayout) -> [String: JSONValue] { ["badge": .string(label)] }
}

@Suite("A vocabulary added from a test target")
struct AddedVocabularyTests {
    let fonts = FontCollection.shipped
    let vocabularies = BoxVocabularies.standard.adding(BadgeVocabulary())

    func layout(_ json: String, vocabularies: BoxVocabularies) throws -> BoxLayout {
        try BoxRequest(json: Array(json.utf8), fonts: fonts, vocabularies: vocabularies).layout(rounding: .exact)
    }

    /// The width of `text` as a bold 11-point label, laid out by the engine as a text node.
    func labelWidth(_ text: String) throws -> Double {
        try layout(
            #"{"text": "\#(text)", "font": {"size": 11, "bold": true}}"#, vocabularies: .standard
        ).width
    }

    @Test func theStandardVocabulariesDoNotKnowIt() {
        #expect(throws: RequestError(at: "", "unknown key 'badge'")) {
            try layout(#"{"badge": "NEW"}"#, vocabularies: .standard)
        }
    }

    @Test func aBadgeLaysOutAsItsLoweringSays() throws {
        let badge = try layout(##"{"badge": "NEW", "tint": "#c00", "id": "b"}"##, vocabularies: vocabularies)
        let width = try labelWidth("NEW")
        #expect(width > 20 && width < 40)
        #expect(badge.id == "b")
        #expect(badge.width == width + 12)
        #expect(badge.children[0].x == 6 && badge.children[0].y == 2)
        #expect(badge.height == badge.children[0].height + 4)
        #expect(badge.inputPath(of: [0]).description == "badge")
    }

    /// Inside every vocabulary's containers: an engine node's children, an MGBox's boxes, an
    /// MKLayoutLibrary item's view and a BoxView item's view; each badge as wide as its label
    /// and named by its input path.
    @Test func badgesStandInsideEveryVocabulary() throws {
        let tree = try layout(
            #"""
            {"flexDirection": "column", "alignItems": "flex-start", "children": [
              {"badge": "A"},
              {"boxes": [{"width": 50, "height": 10}, {"badge": "BB"}]},
              {"linearLayout": "horizontal", "width": 200, "height": 40, "items": [
                {"size": {"width": "matchParent", "height": "matchParent"}, "view": {"badge": "CCC"}}]},
              {"boxView": "vertical", "width": 100, "items": [{"view": {"badge": "DDDD"}, "right": ">=0"}]}
            ]}
            """#, vocabularies: vocabularies)
        #expect(tree.children[0].width == (try labelWidth("A")) + 12)
        #expect(tree.children[1].children[1].width == (try labelWidth("BB")) + 12)
        #expect(tree.children[1].children[1].y == 10)
        #expect(tree.children[3].children[0].width == (try labelWidth("DDDD")) + 12)
        #expect(tree.inputPath(of: [0, 0]).description == "children[0].badge")
        #expect(tree.inputPath(of: [1, 1, 0]).description == "children[1].boxes[1].badge")
        #expect(tree.inputPath(of: [3, 0, 0]).description == "children[3].items[0].view.badge")
        // The MK item's view is the layout's child (its item box is dropped), sized by the item.
        let view = tree.children[2].children[0]
        #expect(view.width == 200 && view.height == 40)
        #expect(tree.inputPath(of: [2, 0, 0]).description == "children[2].items[0].view.badge")
    }

    /// Its answer lands on its node wherever it stands (here an MGBox's second box).
    @Test func itsJSONResultCarriesItsAnswer() throws {
        let json = try BoxRequest(
            json: Array(#"{"boxes": [{"width": 50, "height": 10}, {"badge": "NEW"}]}"#.utf8), fonts: fonts,
            vocabularies: vocabularies
        ).json(rounding: .exact)
        let value = try JSONValue.parse(Array(json.utf8))
        guard case .object(let root) = value, case .array(let children)? = root["children"],
            case .object(let badge) = children[1]
        else {
            Issue.record("unexpected JSON \(json)")
            return
        }
        #expect(badge["badge"] == .string("NEW"))
        #expect(root["badge"] == nil)
    }

    @Test func errorsNameTheInputPath() {
        #expect(throws: RequestError(at: "children[0].boxes[0].badge", "expected a string")) {
            try layout(#"{"children": [{"boxes": [{"badge": 5}]}]}"#, vocabularies: vocabularies)
        }
        #expect(throws: RequestError(at: "items[0].view.size", "unknown key (a badge has badge, tint and id)")) {
            try layout(
                #"{"boxView": "vertical", "items": [{"view": {"badge": "A", "size": 3}}]}"#, vocabularies: vocabularies)
        }
    }

    @Test func theHelpSentenceNamesIt() {
        #expect(
            vocabularies.summary.hasSuffix(
                "and Badges (a node with badge) are read as those libraries lay out and lowered to these nodes, in any order and nesting."
            ))
        #expect(vocabularies.documentKeys.last == "badge")
    }
}
