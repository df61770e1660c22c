import MushLine
import MushText
import Testing

/// The spec's worked example, MGBoxKit's own numbers.
@Suite struct WorkedExampleTests {
    @Test func titleAndBox() throws {
        var line = MGLine(left: "Title", right: .box(MGLine.Box(width: 51, height: 31)), width: 320, height: 44)
        line.padding = MGLine.Insets(left: 16, right: 16)
        let layout = try line.layout()
        print(layout.items.map { ($0.frame, $0.text?.lines ?? []) })
    }
}
