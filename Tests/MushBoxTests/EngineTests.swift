import Testing

@testable import MushBox

/// The engine's own promises, beyond the browser fixtures: the article's example, errors with paths,
/// leaf questions asked once, content sizes, rounding that never cuts a leaf.
@Suite struct EngineTests {
    /// A leaf that counts the questions it is asked: 10 points a word, words wrapping at the width.
    final class CountingLeaf: BoxLeaf, @unchecked Sendable {
        let words: Int
        var widthQuestions = 0
        var heightQuestions = 0
        init(words: Int) { self.words = words }

        func contentWidths() -> BoxContentWidths {
            widthQuestions += 1
            return BoxContentWidths(min: 10, max: Double(words * 10))
        }

        func measure(width: Double) -> BoxLeafSize {
            heightQuestions += 1
            let perLine = max(1, Int(width / 10))
            let lines = (words + perLine - 1) / perLine
            return BoxLeafSize(height: Double(lines) * 12, baseline: 9)
        }
    }

    static func style(_ build: (inout BoxStyle) -> Void) -> BoxStyle {
        var style = BoxStyle()
        build(&style)
        return style
    }

    @Test func theArticleExample() throws {
        var row = BoxStyle()
        row.width = 320
        row.padding = BoxEdges(10)
        var fixed = BoxStyle()
        fixed.width = 100
        fixed.height = 50
        var growing = BoxStyle()
        growing.flexGrow = 1
        let layout = try BoxEngine.layout(
            BoxNode(style: row, children: [BoxNode(style: fixed), BoxNode(style: growing)]))
        #expect(layout.width == 320 && layout.height == 70)
        #expect([layout.children[0].x, layout.children[0].y, layout.children[0].width] == [10, 10, 100])
        #expect(
            [layout.children[1].x, layout.children[1].y, layout.children[1].width, layout.children[1].height] == [
                110, 10, 200, 50,
            ])
    }

    @Test func errorsNameTheirPath() {
        let bad = BoxNode(
            children: [
                BoxNode(), BoxNode(), BoxNode(children: [BoxNode(style: Self.style { $0.width = -5 })]),
            ])
        #expect(
            throws: BoxError(
                path: "children[2].children[0].width", problem: "must be a number from 0 to 1000000 points (it is -5)")
        ) {
            try BoxEngine.layout(bad)
        }
        #expect(throws: BoxError(path: "padding.left", problem: "cannot be auto")) {
            try BoxEngine.layout(BoxNode(style: Self.style { $0.padding.left = .auto }))
        }
        #expect(throws: BoxError(path: "alignItems", problem: "cannot be space-between")) {
            try BoxEngine.layout(BoxNode(style: Self.style { $0.alignItems = .spaceBetween }))
        }
        #expect(throws: BoxError.self) { try BoxEngine.layout(BoxNode(style: Self.style { $0.flexGrow = .nan })) }
        #expect(throws: BoxError.self) { try BoxEngine.layout(BoxNode(), width: .points(.infinity)) }
        var leafWithChildren = BoxNode(leaf: CountingLeaf(words: 1))
        leafWithChildren.children = [BoxNode()]
        #expect(throws: BoxError(path: "", problem: "a leaf (text, line or image) cannot have children")) {
            try BoxEngine.layout(leafWithChildren)
        }
    }

    /// Nodes whose styles have the same bytes share one copy in the engine (siblings mostly do), and
    /// that changes nothing: a leaf's own ratio still goes into its node's style alone, and a node
    /// with a shared style still has its paint and children checked, with its path.
    @Test func sharedStylesChangeNothing() throws {
        let cell = Self.style { $0.width = 50 }
        var row = BoxStyle()
        row.alignItems = .flexStart
        let tree = BoxNode(
            style: row,
            children: [
                BoxNode(style: cell, leaf: ImageLeaf(width: 20, height: 10)), BoxNode(style: cell),
                BoxNode(style: cell, leaf: ImageLeaf(width: 10, height: 10)), BoxNode(style: cell),
                BoxNode(style: cell),
            ])
        let layout = try BoxEngine.layout(tree)
        #expect(layout.children.map(\.height) == [25, 0, 50, 0, 0])
        #expect(layout.children.map(\.x) == [0, 50, 100, 150, 200])
        let shared = LayoutTree(tree)
        #expect(shared.nodeCount == 6)
        #expect((1...5).map { shared.style($0).pointee.aspectRatio } == [2, nil, 1, nil, nil])
        // (The last two nodes, of the same bytes as the unchanged one before them, share its copy.)
        #expect(shared.style(4) == shared.style(5))

        var badPaint = BoxPaint()
        badPaint.cornerRadius = -1
        var bad = tree
        bad.children[4].paint = badPaint
        #expect(
            throws: BoxError(
                path: "children[4].paint.cornerRadius", problem: "must be a number from 0 to 1000000 (it is -1)")
        ) {
            try BoxEngine.layout(bad)
        }
        var leafWithChildren = tree
        leafWithChildren.children[4].leaf = CountingLeaf(words: 1)
        leafWithChildren.children[4].children = [BoxNode(style: cell)]
        #expect(throws: BoxError(path: "children[4]", problem: "a leaf (text, line or image) cannot have children")) {
            try BoxEngine.RetainedTree(leafWithChildren)
        }
    }

    /// The engine writes each result field by field where it stays (`LayoutTree.result`), so every
    /// stored property of `BoxLayout` must be one it writes: this list is that function's, and a
    /// property added to `BoxLayout` fails here until it is written there too.
    @Test func resultsWriteEveryStoredProperty() throws {
        let written = [
            "id", "x", "y", "width", "height", "contentWidth", "contentHeight", "baseline", "border", "padding",
            "children", "leaf", "sharedPaint", "clipsContent", "breaks", "role", "origin",
        ]
        let layout = try BoxEngine.layout(BoxNode(style: Self.style { $0.width = 10 }))
        #expect(Mirror(reflecting: layout).children.map { $0.label ?? "" } == written)
    }
    /// Three wrapping leaves in a row 100 wide that must shrink: each leaf's widths asked once, and
    /// its height once per distinct width however often the engine asks.
    @Test func leafQuestionsAreAskedOnce() throws {
        let leaves = [CountingLeaf(words: 8), CountingLeaf(words: 5), CountingLeaf(words: 12)]
        let row = BoxNode(
            style: Self.style {
                $0.width = 100
                $0.alignItems = .baseline
            }, children: leaves.map { BoxNode(leaf: $0) })
        let layout = try BoxEngine.layout(row)
        for leaf in leaves {
            #expect(leaf.widthQuestions == 1)
            #expect(leaf.heightQuestions == 1)
        }
        // The max-content widths 80, 50 and 120 shrink in proportion to 250 - 100: 32, 20, 48, all
        // above the 10-point min-content.
        #expect(layout.children.map(\.width) == [32, 20, 48])
        // Three lines each: 3, 2 and 4 words a line.
        #expect(layout.children.map(\.height) == [36, 36, 36])
        #expect(layout.children.map(\.y) == [0, 0, 0])
    }

    @Test func contentSizeShowsOverflow() throws {
        let box = BoxNode(
            style: Self.style {
                $0.width = 100
                $0.height = 50
                $0.padding = BoxEdges(5)
                $0.overflow = .scroll
            },
            children: [
                BoxNode(
                    style: Self.style {
                        $0.width = 300
                        $0.height = 20
                        $0.flexShrink = 0
                    })
            ])
        let layout = try BoxEngine.layout(box)
        #expect(layout.width == 100 && layout.height == 50)
        // The child ends at 5 + 300, then the padding: 310.
        #expect(layout.contentWidth == 310)
        #expect(layout.contentHeight == 50)
    }

    @Test func rightToLeftMirrors() throws {
        let row = BoxNode(
            style: Self.style {
                $0.width = 200
                $0.direction = .rtl
                $0.padding.left = 10
            },
            children: [
                BoxNode(style: Self.style { $0.width = 50 }), BoxNode(style: Self.style { $0.width = 30 }),
            ])
        let layout = try BoxEngine.layout(row)
        #expect(layout.children.map(\.x) == [150, 120])
    }

    @Test func roundingNeverCutsALeaf() throws {
        let row = BoxNode(
            style: Self.style { $0.padding.left = 0.6 }, children: [BoxNode(leaf: CountingLeaf(words: 3))])
        let exact = try BoxEngine.layout(row, rounding: .exact)
        #expect(exact.children[0].x == 0.6 && exact.children[0].width == 30)
        let rounded = try BoxEngine.layout(row)
        #expect(rounded.children[0].x == 1)
        #expect(rounded.children[0].width >= 30)
    }

    /// Three boxes 10.4 wide in a row at x 0.3: edges at 0.3, 10.7, 21.1 and 31.5. Rounded where they
    /// lie (0, 11, 21, 32), the boxes meet; rounded from the parent's unrounded edge, as browsers
    /// report offsets, the second starts at 10 while the first ends at 11.
    @Test func roundedNeighboursMeet() throws {
        let box = Self.style {
            $0.width = 10.4
            $0.height = 10
        }
        let tree = BoxNode(children: [
            BoxNode(style: Self.style { $0.margin.left = 0.3 }, children: [box, box, box].map { BoxNode(style: $0) })
        ])
        let edges = try BoxEngine.layout(tree).children[0].children
        #expect(edges.map(\.x) == [0, 11, 21])
        #expect(edges.map(\.width) == [11, 10, 11])
        let offsets = try BoxEngine.layout(tree, rounding: .browserOffsets).children[0].children
        #expect(offsets.map(\.x) == [0, 10, 21])
        #expect(offsets.map(\.width) == [11, 10, 11])
    }

    /// Nothing inside a `display: none` box is laid out: its leaves are not placed and their padding
    /// and border are not resolved.
    @Test func nothingInsideAHiddenBoxIsPlaced() throws {
        let image = BoxNode(style: Self.style { $0.padding = BoxEdges(4) }, leaf: ImageLeaf(width: 20, height: 10))
        let tree = BoxNode(children: [
            BoxNode(style: Self.style { $0.display = .none }, children: [image]), image,
        ])
        let layout = try BoxEngine.layout(tree)
        let hidden = layout.children[0].children[0]
        #expect(hidden.leaf == nil && hidden.padding == BoxEdges(0))
        #expect([hidden.x, hidden.y, hidden.width, hidden.height] == [0, 0, 0, 0])
        let shown = layout.children[1]
        #expect(shown.leaf != nil && shown.padding == BoxEdges(4) && shown.width == 28)
    }

    /// Two items 100 wide with 40 points of padding each side and no minimum, shrunk into 100: the
    /// shrinking would make each 50, but no box is narrower than its padding and border, so both are
    /// 80 and overflow.
    @Test func shrinkingStopsAtPaddingAndBorder() throws {
        let item = BoxNode(
            style: Self.style {
                $0.flexBasis = 100
                $0.minWidth = 0
                $0.padding = BoxEdges(top: 0, right: 40, bottom: 0, left: 40)
            })
        let layout = try BoxEngine.layout(BoxNode(style: Self.style { $0.width = 100 }, children: [item, item]))
        #expect(layout.children.map(\.width) == [80, 80])
        #expect(layout.children.map(\.x) == [0, 80])
        #expect(layout.contentWidth == 160)
    }

    /// A content-sized item with 10% padding in a row 200 wide is measured with that padding: 20
    /// points each side around its 30 points of words.
    @Test func percentagePaddingCountsInTheFlexBasis() throws {
        let item = BoxNode(style: Self.style { $0.padding = BoxEdges(.percent(10)) }, leaf: CountingLeaf(words: 3))
        let layout = try BoxEngine.layout(BoxNode(style: Self.style { $0.width = 200 }, children: [item]))
        #expect(layout.children[0].width == 70)
        #expect(layout.children[0].padding.left == 20)
    }

    /// A maximum below an item's padding and border leaves the border box at its padding and border
    /// (a content box is never negative), and that is what the item contributes to its container's
    /// intrinsic size: `max-width: 0` with 9 points of padding gives 9, in a row and in a column.
    @Test func intrinsicSizeKeepsPaddingUnderAMaximum() throws {
        let row = BoxNode(children: [
            BoxNode(
                style: Self.style {
                    $0.maxWidth = 0
                    $0.padding.left = 9
                })
        ])
        let rowLayout = try BoxEngine.layout(row, rounding: .exact)
        #expect([rowLayout.width, rowLayout.children[0].width] == [9, 9])
        let column = BoxNode(
            style: Self.style { $0.flexDirection = .column },
            children: [
                BoxNode(
                    style: Self.style {
                        $0.maxHeight = 0
                        $0.padding.top = 9
                        $0.flexGrow = 1
                    })
            ])
        let columnLayout = try BoxEngine.layout(column, rounding: .exact)
        #expect([columnLayout.height, columnLayout.children[0].height] == [9, 9])
    }

    /// An item's contribution to its container's intrinsic size is its border box within its limits,
    /// plus its margins: a maximum clamps the box, not the margins. In a row, 46 points of content
    /// under `max-width: 20` with margins of 27 give 20 + 54; in a column, a flex basis of 50 with
    /// margins of 10 gives 50 + 20 (the item keeps its basis).
    @Test func contributionsClampTheBoxNotItsMargins() throws {
        let row = BoxNode(children: [
            BoxNode(
                style: Self.style {
                    $0.maxWidth = 20
                    $0.margin = BoxEdges(27)
                }, children: [BoxNode(style: Self.style { $0.width = 46 })])
        ])
        let rowLayout = try BoxEngine.layout(row, rounding: .exact)
        #expect(rowLayout.width == 74)
        #expect([rowLayout.children[0].x, rowLayout.children[0].width] == [27, 20])
        let column = BoxNode(
            style: Self.style { $0.flexDirection = .column },
            children: [
                BoxNode(
                    style: Self.style {
                        $0.flexBasis = 50
                        $0.margin = BoxEdges(10)
                    })
            ])
        let columnLayout = try BoxEngine.layout(column, rounding: .exact)
        #expect(columnLayout.height == 70)
        #expect([columnLayout.children[0].y, columnLayout.children[0].height] == [10, 50])
    }

    /// Auto margins of an absolutely positioned box with both insets of an axis given share what the
    /// box leaves of its inset-modified containing block (CSS 2 §10.3.7, §10.6.4; css-position-3
    /// §4): in a 100 × 100 container with insets of 10 that block is 80 × 80, so a 40 × 40 box gets
    /// margins of 20 (at 30, 30), and one auto left margin takes all 40 (x 50). A 120 × 120 box
    /// leaves −40: across x the left margin is then 0 (x 10), down y both take −20 (y −10). Insets of
    /// 60 leave a block of 0 at 60, 60. Right to left, the right margin is the one set to 0 (x −30).
    @Test func absoluteAutoMarginsShareTheInsetBlock() throws {
        func place(_ build: (inout BoxStyle) -> Void, rightToLeft: Bool = false) throws -> [Double] {
            let container = BoxNode(
                style: Self.style {
                    $0.width = 100
                    $0.height = 100
                    if rightToLeft { $0.direction = .rtl }
                },
                children: [
                    BoxNode(
                        style: Self.style {
                            $0.position = .absolute
                            $0.inset = BoxEdges(10)
                            $0.margin = BoxEdges(.auto)
                            build(&$0)
                        })
                ])
            let child = try BoxEngine.layout(container, rounding: .exact).children[0]
            return [child.x, child.y, child.width, child.height]
        }
        #expect(
            try place {
                $0.width = 40
                $0.height = 40
            } == [30, 30, 40, 40])
        #expect(
            try place {
                $0.width = 40
                $0.height = 40
                $0.margin = BoxEdges(top: 0, right: 0, bottom: 0, left: .auto)
            } == [50, 10, 40, 40])
        #expect(
            try place {
                $0.width = 120
                $0.height = 120
            } == [10, -10, 120, 120])
        #expect(try place { $0.inset = BoxEdges(60) } == [60, 60, 0, 0])
        #expect(
            try place(
                {
                    $0.width = 120
                    $0.height = 120
                }, rightToLeft: true) == [-30, -10, 120, 120])
    }

    /// An auto-width root is measured first and then laid out at its width, and percentages inside
    /// resolve against that width: a measurement taken while it was unknown is not reused. A column
    /// whose item is 10 wide has width 10, so the item's `padding-top: 5%` is 0.5, above a child at
    /// least 11 high: the item, and the root, are 11.5 high.
    @Test func percentagesResolveOnceTheRootWidthIsKnown() throws {
        let column = BoxNode(
            style: Self.style { $0.flexDirection = .column },
            children: [
                BoxNode(
                    style: Self.style {
                        $0.width = 10
                        $0.padding.top = .percent(5)
                    }, children: [BoxNode(style: Self.style { $0.minHeight = 11 })])
            ])
        let layout = try BoxEngine.layout(column, rounding: .exact)
        #expect([layout.width, layout.height] == [10, 11.5])
        #expect([layout.children[0].height, layout.children[0].children[0].y] == [11.5, 0.5])
    }

    /// An absolutely positioned box resolves its percentages against its containing block's padding
    /// box: 10% padding inside a container 100 wide with 20 points of padding is 10 points, not 6.
    @Test func absolutePercentagesResolveAgainstThePaddingBox() throws {
        let absolute = BoxNode(
            style: Self.style {
                $0.position = .absolute
                $0.padding = BoxEdges(.percent(10))
            })
        let layout = try BoxEngine.layout(
            BoxNode(
                style: Self.style {
                    $0.width = 100
                    $0.padding = BoxEdges(20)
                }, children: [absolute]))
        #expect(layout.children[0].padding == BoxEdges(10))
        #expect([layout.children[0].width, layout.children[0].height] == [20, 20])
    }

    /// An absolutely positioned box without insets sits where it would as the container's sole item:
    /// `start` and `end` follow the writing direction (left and right, left to right), the flex-
    /// keywords the flex direction, which `row-reverse` turns round; in wrap-reverse (which reverses
    /// only the cross axis) flex-end is still the right.
    @Test(arguments: [
        (BoxStyle.FlexDirection.rowReverse, BoxStyle.FlexWrap.noWrap, BoxAlignment?.some(.end), 90.0),
        (.rowReverse, .noWrap, .start, 0), (.rowReverse, .noWrap, .flexStart, 90),
        (.rowReverse, .noWrap, .flexEnd, 0), (.rowReverse, .noWrap, nil, 90), (.row, .noWrap, .end, 90),
        (.row, .wrapReverse, .flexEnd, 50),
    ])
    func absoluteStaticPositionFollowsTheKeyword(
        direction: BoxStyle.FlexDirection, wrap: BoxStyle.FlexWrap, justify: BoxAlignment?, x: Double
    ) throws {
        let width = wrap == .noWrap ? 10.0 : 50
        let absolute = BoxNode(
            style: Self.style {
                $0.position = .absolute
                $0.width = .points(width)
                $0.height = 10
            })
        let inFlow = BoxNode(
            style: Self.style {
                $0.width = 20
                $0.height = 10
            })
        let layout = try BoxEngine.layout(
            BoxNode(
                style: Self.style {
                    $0.flexDirection = direction
                    $0.flexWrap = wrap
                    $0.justifyContent = justify
                    $0.width = 100
                    $0.height = 50
                }, children: wrap == .noWrap ? [absolute, inFlow] : [absolute]))
        #expect(layout.children[0].x == x)
    }
}
