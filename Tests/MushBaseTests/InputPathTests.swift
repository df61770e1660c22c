import Testing

@testable import MushBase

/// Paths in the input, typed, written as the errors and warnings write them.
@Suite struct InputPathTests {
    @Test func writesKeysWithDotsAndIndicesInBrackets() {
        #expect(InputPath().description == "")
        #expect(InputPath([.key("width")]).description == "width")
        #expect(InputPath.element(2, of: "boxes").description == "boxes[2]")
        let view: InputPath = [.key("children"), .index(1), .key("items"), .index(0), .key("view")]
        #expect(view.description == "children[1].items[0].view")
        #expect((InputPath.element(1, of: "children") + [.key("badge")]).description == "children[1].badge")
        #expect(InputPath([.index(3)]).description == "[3]")
        #expect(InputPath().isEmpty && !view.isEmpty)
    }

    @Test func joinsPathsAsTheReadersDo() {
        #expect(JSONPath.join("", "width") == "width")
        #expect(JSONPath.join("children[1]", "width") == "children[1].width")
        #expect(JSONPath.join("children", "[2]") == "children[2]")
        #expect(JSONPath.join("boxes[0]", "") == "boxes[0]")
    }
}
