import Foundation
import Mush
import MushBox
import MushText
import Testing

@testable import MushJSON

/// Vocabularies nested in one another through the one lowering stage: each node's passes and
/// answers travel with it (its origin), so they land on the node the input named at any depth.
@Suite("Nested vocabularies")
struct LoweringRequestTests: VocabularyRequestTesting {
    let fonts = FontCollection.shipped

    func layout(_ json: String, width: AvailableSpace = .maxContent) throws -> JSONValue {
        try JSONValue.parse(Array(try BoxRequest(json: Array(json.utf8), fonts: fonts).json(width: width).utf8))
    }

    /// The member `key` of the object at `path` (child indices) in a result.
    func member(_ value: JSONValue, _ path: [Int], _ key: String) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        guard let first = path.first else { return members[key] }
        guard case .array(let children)? = members["children"], children.indices.contains(first) else { return nil }
        return member(children[first], Array(path.dropFirst()), key)
    }

    /// Five 100-point boxes, the third named "t" (at y 200 in the scroll view's content).
    static let boxes = (0..<5).map { #"{"id": "\#($0 == 2 ? "t" : "b\($0)")", "width": 100, "height": 100}"# }
        .joined(separator: ", ")

    /// The issue's first case: an MGBox scroll view as an MKLayoutLibrary item's view takes its size
    /// from the item (it needs none of its own), and its answers land on it.
    @Test func aScrollViewAsAnMKItemsView() throws {
        let json = try layout(
            #"""
            {"linearLayout": "vertical", "width": 320, "height": 400, "items": [
              {"size": {"height": 200}, "view": {"scrollView": true, "scrollToView": "t", "snapToNearestBox": true,
               "contentOffset": {"y": 30}, "boxes": [\#(Self.boxes)]}}]}
            """#)
        // The view is the layout's only child (its item box is dropped), 320 × 200.
        for (key, value) in [("x", 0.0), ("y", 0), ("width", 320), ("height", 200), ("contentHeight", 500)] {
            #expect(member(json, [0], key) == .number(value), "\(key)")
        }
        // "t" (200 to 300) comes into a 200-point view from below: the view's bottom goes to 300.
        #expect(member(json, [0], "scrollOffset") == .object(["x": .number(0), "y": .number(100)]))
        #expect(member(json, [0], "snapOffset") == .object(["x": .number(0), "y": .number(0)]))
        // Nothing lands on the boxes, nor on the layout.
        #expect(member(json, [0, 0], "scrollOffset") == nil)
        #expect(member(json, [], "scrollOffset") == nil)
        // A size of its own is still the item's to decide.
        #expect(
            error(
                #"{"linearLayout": "vertical", "items": [{"view": {"scrollView": true, "height": 10, "boxes": []}}]}"#)
                == "items[0].view.height: is decided by the item (its size, padding, gravity and offset place the view)"
        )
    }

    /// The issue's second case: wrapped in an MGBox (and deeper, in an engine node), the answer lands
    /// on the scroll view, not on its first box, and is never null.
    @Test func aScrollViewInsideAnMGBoxAndANode() throws {
        let scroll =
            #"{"scrollView": true, "width": 200, "height": 150, "scrollToView": "t", "boxes": [\#(Self.boxes)]}"#
        let wrapped = try layout(#"{"width": 320, "boxes": [{"height": 10}, \#(scroll)]}"#)
        #expect(member(wrapped, [1], "scrollOffset") == .object(["x": .number(0), "y": .number(150)]))
        #expect(member(wrapped, [1, 0], "scrollOffset") == nil)
        let deeper = try layout(#"{"flexDirection": "column", "children": [{"children": [\#(scroll)]}]}"#)
        #expect(member(deeper, [0, 0], "scrollOffset") == .object(["x": .number(0), "y": .number(150)]))
        #expect(member(deeper, [0, 0, 0], "scrollOffset") == nil)
        // A scroll view's content size counts its boxes' margins inside an MK item as at the root.
        let margins = try layout(
            #"""
            {"stackLayout": true, "width": 100, "height": 100, "items": [{"view": {"scrollView": true,
             "boxes": [{"width": 50, "height": 300, "margin": {"bottom": 40}}]}}]}
            """#)
        #expect(member(margins, [0], "contentHeight") == .number(340))
    }

    /// No null in any output: a scroll view asked to scroll to a box it does not hold is an error
    /// naming the key.
    @Test func scrollingToABoxNotThereIsAnError() {
        #expect(
            error(#"{"boxes": [{"scrollView": true, "width": 10, "height": 10, "scrollToView": "nope", "boxes": []}]}"#)
                == #"boxes[0].scrollToView: no box in this scroll view has the id "nope""#)
    }

    /// Attached boxes inside an MK item's view and inside a BoxView's item are placed at their
    /// targets as at the root.
    @Test func attachedBoxesAnywhere() throws {
        let box = #"""
            {"width": 200, "boxes": [{"id": "a", "width": 50, "height": 20, "margin": {"top": 30, "left": 5}},
             {"attachedTo": "a", "width": 10, "height": 10, "margin": {"top": 2, "left": 3}}]}
            """#
        let alone = try layout(box)
        #expect(member(alone, [1], "x") == .number(8))
        #expect(member(alone, [1], "y") == .number(32))
        // (An item decides its view's width.)
        let view = box.replacingOccurrences(of: #"{"width": 200, "boxes""#, with: #"{"boxes""#)
        let inMK = try layout(#"{"stackLayout": true, "width": 300, "height": 300, "items": [{"view": \#(view)}]}"#)
        #expect(member(inMK, [0, 1], "x") == .number(8))
        #expect(member(inMK, [0, 1], "y") == .number(32))
        let inBoxView = try layout(#"{"boxView": "vertical", "items": [{"view": \#(box), "top": 7}]}"#)
        #expect(member(inBoxView, [0, 1], "x") == .number(8))
        #expect(member(inBoxView, [0, 1], "y") == .number(32))
    }

    /// Every result names its node as the input did.
    @Test func resultsNameTheirInputs() throws {
        let request = try BoxRequest(
            json: Array(
                #"""
                {"children": [{"width": 1}, {"boxes": [{"height": 1}, {"linearLayout": "horizontal", "items": [
                  {"view": {"text": "x"}}, {"insertBorder": {"thickness": 1, "color": "#000"}, "sublayout":
                  {"stackLayout": true, "items": [{"view": {"boxView": "vertical", "items": [{"view": {}}]}}]}}]},
                  {"topLines": [{"left": ["a"]}], "bottomLines": [{"left": ["b"]}]}]}]}
                """#.utf8), fonts: fonts)
        let layout = try request.layout(width: .points(300))
        #expect(layout.inputPath(of: []).description == "")
        #expect(layout.inputPath(of: [0]).description == "children[0]")
        #expect(layout.inputPath(of: [1, 0]).description == "children[1].boxes[0]")
        #expect(layout.inputPath(of: [1, 1, 0]).description == "children[1].boxes[1].items[0].view")
        #expect(layout.inputPath(of: [1, 1, 1]).description == "children[1].boxes[1].items[1].sublayout")
        #expect(
            layout.inputPath(of: [1, 1, 1, 0, 0]).description
                == "children[1].boxes[1].items[1].sublayout.items[0].view.items[0].view")
        #expect(layout.inputPath(of: [1, 2, 0]).description == "children[1].boxes[2].topLines[0]")
        #expect(layout.inputPath(of: [1, 2, 1]).description == "children[1].boxes[2].bottomLines[0]")
    }
}
