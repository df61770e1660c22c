import MushBox
import MushMKLayout
import Testing

/// Each layout against the same layout written by hand in the engine's own styles: the frames
/// must be the same, bit for bit.
@Suite struct EngineStyleTests {
    func node(_ configure: (inout BoxStyle) -> Void, _ children: [BoxNode] = []) -> BoxNode {
        var style = BoxStyle()
        configure(&style)
        return BoxNode(style: style, children: children)
    }

    func engine(_ root: BoxNode) throws -> [[Double]] { frames(try BoxEngine.layout(root, rounding: .exact)) }

    @Test func linear() throws {
        var layout = MKLinearLayout(spacing: 10, width: 300, height: 100)
        layout.margin = insets(4, 4, 4, 4)
        layout.items = [
            item(30, 20, padding: insets(5, 5, 5, 5), gravity: .centerVertical), item(weight: 1),
            item(weight: 2, padding: insets(0, 2, 0, 2)),
        ]
        let css = node(
            {
                $0.width = 300
                $0.height = 100
                $0.padding = BoxEdges(4)
                $0.columnGap = 10
            },
            [
                node({
                    $0.width = 20
                    $0.height = 10
                    $0.margin = BoxEdges(5)
                    $0.flexShrink = 0
                    $0.alignSelf = .center
                }),
                node({
                    $0.flexGrow = 1
                    $0.flexBasis = 0
                }),
                // A weighted item's share is its margin box's: its margins come out of the share.
                node({
                    $0.flexGrow = 2
                    $0.flexBasis = 0
                }),
            ])
        var expected = try engine(css)
        expected[2][0] += 2
        expected[2][2] -= 4
        #expect(try frames(layout) == expected)
        // By hand: 292 inside the margin, less 30 and two spacings, shared 1 : 2.
        let share: Double = 242.0 / 3
        let byHand: [[Double]] = [[9, 45, 20, 10], [44, 4, share, 92], [56 + share, 4, 2 * share - 4, 92]]
        #expect(close(expected, byHand))
    }

    @Test func stack() throws {
        var layout = MKStackLayout(width: 300, height: 200)
        layout.margin = insets(3, 3, 3, 3)
        layout.items = [
            item(padding: insets(5, 5, 5, 5)), item(31, 25, padding: insets(6, 4, 3, 3), gravity: [.bottom, .right]),
        ]
        let css = node(
            {
                $0.width = 300
                $0.height = 200
            },
            [
                node({
                    $0.position = .absolute
                    $0.inset = BoxEdges(8)
                }),
                node({
                    $0.position = .absolute
                    $0.width = 24
                    $0.height = 16
                    $0.inset = BoxEdges(top: .auto, right: 6, bottom: 6, left: .auto)
                }),
            ])
        #expect(try frames(layout) == engine(css))
    }

    @Test func flow() throws {
        var layout = MKFlowLayout(spacing: 2, width: 100, height: 100)
        layout.items = [item(50, 10), item(40, 30, gravity: .bottom), item(50, 10, padding: insets(1, 1, 1, 1))]
        let css = node(
            {
                $0.width = 100
                $0.height = 100
                $0.flexWrap = .wrap
                $0.alignContent = .flexStart
                $0.alignItems = .flexStart
                $0.gap = 2
            },
            [
                node({
                    $0.width = 50
                    $0.height = 10
                }),
                node({
                    $0.width = 40
                    $0.height = 30
                }),
                node({
                    $0.width = 48
                    $0.height = 8
                    $0.margin = BoxEdges(1)
                }),
            ])
        #expect(try frames(layout) == engine(css))
    }
}

extension BoxStyle {
    /// Both gaps.
    fileprivate var gap: BoxLength {
        get { rowGap }
        set {
            rowGap = newValue
            columnGap = newValue
        }
    }
}
