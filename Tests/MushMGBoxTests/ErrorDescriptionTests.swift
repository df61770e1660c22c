import MushMGBox
import Testing

/// An MGBox error names its value by its path, or says the problem alone for the root.
struct ErrorDescriptionTests {
    @Test func theDescriptionNamesThePath() {
        #expect(
            MGBoxError(path: "boxes[3].attachedTo", problem: #"no sibling box "photo""#).description
                == #"boxes[3].attachedTo: no sibling box "photo""#)
        #expect(MGBoxError(path: "", problem: "too deep").description == "too deep")
    }
}
