import MushBox
import MushBoxView
import MushText
import Testing

/// BoxView's rules, each with frames worked out by hand from the library's constraints, and each
/// checked against the engine's layout of the same styles written by hand.
@Suite("BoxView")
struct BoxViewTests {
    /// The lowered tree and the hand-written one give the same frames.
    func sameAsByHand(_ view: BoxView, _ hand: BoxNode, width: AvailableSpace = .maxContent) throws {
        let lowered = try view.layout(width: width)
        let byHand = try BoxEngine.layout(hand, width: width)
        #expect(BV.allFrames(lowered) == BV.allFrames(byHand))
    }

    @Test func theDefaultsStretchEachItemAcrossAndChainThemDown() throws {
        var view = BoxView(items: [BV.block(nil, 20).boxed, BV.block(nil, 10).boxed])
        view.width = 100
        let layout = try view.layout()
        #expect(BV.frame(layout) == [0, 0, 100, 30])
        #expect(BV.frames(layout) == [[0, 0, 100, 20], [0, 20, 100, 10]])
        let hand = BoxNode(
            style: BV.style {
                $0.flexDirection = .column
                $0.width = 100
            },
            children: [
                BoxNode(
                    style: BV.style {
                        $0.height = 20
                        $0.flexShrink = 0
                        $0.alignSelf = .stretch
                    }),
                BoxNode(
                    style: BV.style {
                        $0.height = 10
                        $0.flexShrink = 0
                        $0.alignSelf = .stretch
                    }),
            ])
        try sameAsByHand(view, hand)
    }

    /// An item stretched across keeps its aspect ratio: the stretched width is definite (as in
    /// browsers, css-flexbox-1 §9.8), so a view of ratio 2 in a vertical BoxView 200 wide, pinned 10
    /// from each side, is 180 × 90 (it was 180 × 0).
    @Test func aStretchedItemKeepsItsAspectRatio() throws {
        var view = BoxView(items: [BoxNode(style: BV.style { $0.aspectRatio = 2 }).boxed.left(10).right(10)])
        view.width = 200
        let layout = try view.layout()
        #expect(BV.frames(layout) == [[10, 0, 180, 90]])
        #expect(BV.frame(layout) == [0, 0, 200, 90])
    }

    @Test func insetsSpacingAndPinsAddUp() throws {
        var view = BoxView(spacing: 10, insets: BoxEdges(top: 5, right: 11, bottom: 9, left: 7))
        view.width = 100
        view.items = [
            BV.block(nil, 20).boxed.bottom(3),
            BV.block(nil, 10).boxed.top(4).left(2).right(6),
        ]
        let layout = try view.layout()
        // First: 5 (inset) + 0 from the top, 7 from the left, 100 − 7 − 11 wide. Second: 20 + 3
        // (pin) + 10 (spacing) + 4 (pin) below it, 7 + 2 from the left, 11 + 6 from the right.
        #expect(BV.frames(layout) == [[7, 5, 82, 20], [9, 42, 74, 10]])
        #expect(BV.frame(layout) == [0, 0, 100, 61])
        let hand = BoxNode(
            style: BV.style {
                $0.flexDirection = .column
                $0.width = 100
                $0.rowGap = 10
            },
            children: [
                BoxNode(
                    style: BV.style {
                        $0.height = 20
                        $0.flexShrink = 0
                        $0.alignSelf = .stretch
                        $0.margin = BV.edges(5, 11, 3, 7)
                    }),
                BoxNode(
                    style: BV.style {
                        $0.height = 10
                        $0.flexShrink = 0
                        $0.alignSelf = .stretch
                        $0.margin = BV.edges(4, 17, 9, 9)
                    }),
            ])
        try sameAsByHand(view, hand)
    }

    @Test func aGreaterOrEqualLeftPinPutsTheItemAtTheRight() throws {
        var view = BoxView(insets: BoxEdges(16))
        view.width = 200
        view.items = [BV.image(40, 30).boxed.left(>=0), BV.block(50, 20).boxed.left(>=0).right(4)]
        let layout = try view.layout()
        // Each hugs its content at the right: 200 − 16 − 40, and 200 − 16 − 4 − 50.
        #expect(BV.frames(layout) == [[144, 16, 40, 30], [130, 46, 50, 20]])
        let hand = BoxNode(
            style: BV.style {
                $0.flexDirection = .column
                $0.width = 200
            },
            children: [
                BoxNode(
                    style: BV.style {
                        $0.alignSelf = .end
                        $0.margin = BV.edges(16, 16, 0, 16)
                    }, leaf: ImageLeaf(width: 40, height: 30)),
                BoxNode(
                    style: BV.style {
                        $0.width = 50
                        $0.height = 20
                        $0.flexShrink = 0
                        $0.alignSelf = .end
                        $0.margin = BV.edges(0, 20, 16, 16)
                    }),
            ])
        try sameAsByHand(view, hand)
    }

    @Test func crossAxisPinsWithoutACentre() throws {
        var view = BoxView(insets: BoxEdges(top: 0, right: 10, bottom: 0, left: 10))
        view.width = 100
        view.items = [
            // Both `>=`: at the start (Auto Layout leaves it ambiguous).
            BV.block(20, 10).boxed.left(>=5).right(>=5),
            // nil start, `==` end: at the end.
            BV.block(20, 10).boxed.left(nil).right(3),
            // `<=`: the gaps reach their most, then the view stretches (it hugs its content at 250).
            BV.block(nil, 10).boxed.left(<=4).right(<=6),
            // A nil pin has no margin of its own; the inset still applies.
            BV.block(nil, 10).boxed.left(nil).right(nil),
            // Both `==` with a width: at the start.
            BV.block(nil, 10).boxed.width(30).left(2),
        ]
        let layout = try view.layout()
        #expect(
            BV.frames(layout) == [
                [15, 0, 20, 10], [67, 10, 20, 10], [14, 20, 70, 10], [10, 30, 0, 10], [12, 40, 30, 10],
            ])
    }

    @Test func aCentrePinWithPaddingAndOffset() throws {
        let words = try TextLeaf(
            String(repeating: "centred words ", count: 20), style: ParagraphStyle(fontSize: 12), fonts: BV.fonts)
        var view = BoxView(insets: BoxEdges(top: 0, right: 30, bottom: 0, left: 10))
        view.width = 200
        view.items = [
            BV.block(40, 10).boxed.centerX(offset: 5, padding: 20),
            BoxNode(leaf: words).boxed.centerX(offset: 5, padding: 20),
        ]
        let layout = try view.layout()
        // The inner rectangle is 10…170 (160 wide). k = max(20 − 5, 20 + 5) = 25, so the width is at
        // most 160 − 50 = 110; x = 10 + (160 − w) / 2 + 5.
        #expect(BV.frame(layout.children[0]) == [75, 0, 40, 10])
        #expect(BV.frame(layout.children[1]).prefix(3) == [40, 10, 110])
        let exact = try view.layout(rounding: .exact)
        #expect(exact.children[1].height == words.paragraph.layout(width: 110).height)
        let hand = BoxNode(
            style: BV.style {
                $0.flexDirection = .column
                $0.width = 200
            },
            children: [
                BoxNode(
                    style: BV.style {
                        $0.width = 40
                        $0.height = 10
                        $0.flexShrink = 0
                        $0.alignSelf = .center
                        $0.margin = BV.edges(0, 55, 0, 35)
                        $0.inset.left = 5
                    }),
                BoxNode(
                    style: BV.style {
                        $0.alignSelf = .center
                        $0.margin = BV.edges(0, 55, 0, 35)
                        $0.inset.left = 5
                    }, leaf: words),
            ])
        try sameAsByHand(view, hand)
    }

    @Test func aCentrePinAcrossARow() throws {
        var row = BoxView(axis: .x, spacing: 10)
        row.items = [BV.image(24, 24).boxed.centerY(), BV.block(100, 34).boxed]
        let layout = try row.layout()
        #expect(BV.frame(layout) == [0, 0, 134, 34])
        #expect(BV.frames(layout) == [[0, 5, 24, 24], [34, 0, 100, 34]])
        row.items[0] = BV.image(24, 24).boxed.centerY(offset: -3, padding: 2)
        // k = max(2 + 3, 2 − 3) = 5: the row is at least 24 + 10 tall; the centre 3 points up.
        #expect(BV.frames(try row.layout()) == [[0, 2, 24, 24], [34, 0, 100, 34]])
    }

    @Test func aRelativeSizeIsOfTheWholeBoxViewInsetsIncluded() throws {
        var view = BoxView(insets: BoxEdges(20))
        view.width = 300
        view.items = [BV.block(nil, 10).boxed.relativeWidth(0.5), BV.block(nil, 10).boxed.relativeWidth(0.5).left(>=0)]
        #expect(BV.frames(try view.layout()) == [[20, 20, 150, 10], [130, 30, 150, 10]])
        var row = BoxView(axis: .x, insets: BoxEdges(10))
        row.width = 300
        row.height = 100
        row.items = [BV.block().boxed.relativeWidth(0.25).relativeHeight(0.5)]
        #expect(BV.frames(try row.layout()) == [[10, 10, 75, 50]])
        let hand = BoxNode(
            style: BV.style {
                $0.width = 300
                $0.height = 100
            },
            children: [
                BoxNode(
                    style: BV.style {
                        $0.width = .percent(25)
                        $0.height = .percent(50)
                        $0.flexShrink = 0
                        $0.alignSelf = .start
                        $0.margin = BoxEdges(10)
                    })
            ])
        try sameAsByHand(row, hand)
    }

    @Test func flexItemsShareTheFreeSpaceByTheirRatios() throws {
        var row = BoxView(axis: .x, spacing: 10)
        row.width = 340
        row.items = [BV.block(nil, 10).boxed.flex(1), BV.block(nil, 10).boxed.flex(2), BV.block(20, 10).boxed]
        // 340 − 20 − 2 × 10 = 300 shared 1 : 2.
        #expect(BV.frames(try row.layout()) == [[0, 0, 100, 10], [110, 0, 200, 10], [320, 0, 20, 10]])
        let hand = BoxNode(
            style: BV.style {
                $0.width = 340
                $0.columnGap = 10
            },
            children: [1.0, 2.0].map { grow in
                BoxNode(
                    style: BV.style {
                        $0.height = 10
                        $0.flexGrow = grow
                        $0.flexBasis = 0
                        $0.alignSelf = .start
                    })
            } + [
                BoxNode(
                    style: BV.style {
                        $0.width = 20
                        $0.height = 10
                        $0.flexShrink = 0
                        $0.alignSelf = .start
                    })
            ])
        try sameAsByHand(row, hand)
    }

    @Test func spacersAreEmptyChildren() throws {
        var row = BoxView(axis: .x, spacing: 5)
        row.width = 200
        row.items = [BV.block(30, 10).boxed, BoxItem.guide().flex(1), BV.block(40, 10).boxed]
        let layout = try row.layout()
        #expect(layout.children.count == 3)
        // The spacer takes 200 − 70 − 10 and stretches across (its edges are `==0`).
        #expect(BV.frames(layout) == [[0, 0, 30, 10], [35, 0, 120, 10], [160, 0, 40, 10]])
        let hand = BoxNode(
            style: BV.style {
                $0.width = 200
                $0.columnGap = 5
            },
            children: [
                BoxNode(
                    style: BV.style {
                        $0.width = 30
                        $0.height = 10
                        $0.flexShrink = 0
                        $0.alignSelf = .start
                    }),
                BoxNode(
                    style: BV.style {
                        $0.flexGrow = 1
                        $0.flexBasis = 0
                        $0.alignSelf = .stretch
                    }),
                BoxNode(
                    style: BV.style {
                        $0.width = 40
                        $0.height = 10
                        $0.flexShrink = 0
                        $0.alignSelf = .start
                    }),
            ])
        try sameAsByHand(row, hand)
        // A spacer 20 wide between two spacings: a gap of 20 + 2 × 5.
        row.width = nil
        row.items[1] = BoxItem.guide().width(20)
        #expect(BV.frames(try row.layout()) == [[0, 0, 30, 10], [35, 0, 20, 10], [60, 0, 40, 10]])
    }

    @Test func rightToLeftMirrorsARow() throws {
        var row = BoxView(axis: .x, spacing: 10, insets: BoxEdges(top: 0, right: 15, bottom: 0, left: 5))
        row.width = 200
        row.items = [BV.block(30, 10).boxed.left(3), BV.block(40, 10).boxed]
        let ltr = try row.layout()
        #expect(BV.frames(ltr) == [[8, 0, 30, 10], [48, 0, 40, 10]])
        row.direction = .rtl
        let rtl = try row.layout()
        #expect(BV.frames(rtl) == BV.frames(ltr).map { [200 - $0[0] - $0[2], $0[1], $0[2], $0[3]] })
        #expect(BV.frames(rtl) == [[162, 0, 30, 10], [112, 0, 40, 10]])
    }

    @Test func rightToLeftMirrorsAColumnAndItsCentreOffsets() throws {
        var view = BoxView(insets: BoxEdges(top: 0, right: 30, bottom: 0, left: 10))
        view.width = 200
        view.items = [
            BV.block(50, 10).boxed.left(>=0),
            BV.block(40, 10).boxed.centerX(offset: 5, padding: 20),
            BV.block(nil, 10).boxed.left(4),
        ]
        let ltr = try view.layout()
        #expect(BV.frames(ltr) == [[120, 0, 50, 10], [75, 10, 40, 10], [14, 20, 156, 10]])
        view.direction = .rtl
        let rtl = try view.layout()
        #expect(BV.frames(rtl) == BV.frames(ltr).map { [200 - $0[0] - $0[2], $0[1], $0[2], $0[3]] })
    }

    @Test func aGreaterOrEqualPinAlongTheAxisTakesTheFreeSpace() throws {
        var view = BoxView(insets: BoxEdges(10))
        view.width = 100
        view.height = 200
        view.items = [BV.block(nil, 20).boxed, BV.block(nil, 30).boxed.top(>=5)]
        // The second goes to the bottom: 200 − 10 − 30.
        #expect(BV.frames(try view.layout()).map { $0[1] } == [10, 160])
        // Without room to spare the gap is its minimum, 5.
        view.height = nil
        #expect(BV.frames(try view.layout()).map { $0[1] } == [10, 35])
        #expect(try view.layout().height == 75)
        // At the BoxView's edge, the minimum and the inset become padding.
        view.height = 100
        view.items = [BV.block(nil, 20).boxed.top(>=4)]
        #expect(BV.frames(try view.layout()) == [[10, 70, 80, 20]])
        view.height = nil
        #expect(BV.frames(try view.layout()) == [[10, 14, 80, 20]])
        let hand = BoxNode(
            style: BV.style {
                $0.flexDirection = .column
                $0.width = 100
                $0.padding.top = 14
            },
            children: [
                BoxNode(
                    style: BV.style {
                        $0.height = 20
                        $0.flexShrink = 0
                        $0.alignSelf = .stretch
                        $0.margin = BV.edges(.auto, 10, 10, 10)
                    })
            ])
        try sameAsByHand(view, hand)
    }

    @Test func aCentrePinAlongTheAxisCentresALoneItemOnTheInnerRectangle() throws {
        var view = BoxView(insets: BoxEdges(top: 10, right: 0, bottom: 30, left: 0))
        view.width = 100
        view.height = 100
        view.items = [BV.block(20, 20).boxed.centerY()]
        // The inner rectangle is 10…70: y = 10 + (60 − 20) / 2.
        #expect(BV.frames(try view.layout()) == [[0, 30, 20, 20]])
        view.items = [BV.block(20, 20).boxed.centerY(offset: 7)]
        #expect(BV.frames(try view.layout()) == [[0, 37, 20, 20]])
        // k = max(0 − 7, 0 + 7) = 7 moves to the padding on both ends, with the insets.
        let hand = BoxNode(
            style: BV.style {
                $0.flexDirection = .column
                $0.width = 100
                $0.height = 100
                $0.padding = BV.edges(17, 0, 37, 0)
            },
            children: [
                BoxNode(
                    style: BV.style {
                        $0.width = 20
                        $0.height = 20
                        $0.flexShrink = 0
                        $0.alignSelf = .start
                        $0.margin = BV.edges(.auto, 0, .auto, 0)
                        $0.inset.top = 7
                    })
            ])
        try sameAsByHand(view, hand)
    }

    @Test func nestedBoxViews() throws {
        var row = BoxView(axis: .x, spacing: 10)
        row.items = [BV.image(24, 24).boxed.centerY(), BV.block(nil, 34).boxed.flex(1)]
        var view = BoxView(insets: BoxEdges(10))
        view.width = 200
        view.items = [try row.node().boxed, try row.node().boxed.top(6)]
        let layout = try view.layout()
        #expect(BV.frames(layout) == [[10, 10, 180, 34], [10, 50, 180, 34]])
        #expect(BV.frames(layout.children[0]) == [[0, 5, 24, 24], [34, 0, 146, 34]])
    }

    @Test func anEmptyBoxViewHasItsInsetsAsPadding() throws {
        let view = BoxView(insets: BoxEdges(top: 1, right: 2, bottom: 3, left: 4))
        #expect(BV.frame(try view.layout()) == [0, 0, 6, 4])
    }

    @Test func theResultKeepsIdsAndPaint() throws {
        var view = BoxView(items: [BoxNode(id: "a", style: BV.block(5, 5).style).boxed], id: "root")
        view.paint = BoxPaint(cornerRadius: 4)
        let layout = try view.layout()
        #expect(layout.id == "root")
        #expect(layout.paint?.cornerRadius == 4)
        #expect(layout.children.map(\.id) == ["a"])
    }

    @Test func errorsNameTheirPaths() throws {
        func problem(_ view: BoxView) -> String? {
            do {
                _ = try view.layout()
                return nil
            } catch {
                return error.description
            }
        }
        let item = BV.block(10, 10).boxed
        #expect(
            problem(BoxView(items: [item, BoxItem(view: BV.block(), centerX: .zero)]))
                == "items[1].left: an edge pin with a centre pin (centerX) must be >=N or left out (it is ==0)")
        #expect(
            problem(BoxView(items: [item.centerY().bottom(<=3)]))
                == "items[0].bottom: an edge pin with a centre pin (centerY) must be >=N or left out (it is <=3)")
        var margined = BV.block(10, 10)
        margined.style.margin.left = 4
        #expect(
            problem(BoxView(items: [item, item, margined.boxed]))
                == "items[2].view.margin: is decided by the item (its pins, size and flex): leave it out of the view")
        var grown = BV.block()
        grown.style.flexGrow = 1
        #expect(problem(BoxView(items: [grown.boxed]))?.hasPrefix("items[0].view.flexGrow: ") == true)
        #expect(
            problem(BoxView(items: [item.relativeWidth(200)]))
                == "items[0].width: must be a fraction from 0 to 100 of the BoxView's width (it is 200)")
        #expect(
            problem(BoxView(items: [item.left(2e6)]))
                == "items[0].left: must be a number from -1000000 to 1000000 points (it is 2000000)")
        #expect(
            problem(BoxView(items: [item.flex(0)]))
                == "items[0].flex: must be a number above 0, up to 1000000 (it is 0)")
        #expect(
            problem(BoxView(items: [BV.block().boxed.height(4).flex(1)]))
                == "items[0].flex: a flex item takes its height from its share of the free space (leave out height)")
        #expect(
            problem(BoxView(spacing: -1))
                == "spacing: must be a number from 0 to 1000000 points (it is -1)")
        #expect(
            problem(BoxView(items: [item.top(>=(-3))]))
                == "items[0].top: a free gap at the BoxView's edge must be 0 or more with the inset (it is -3: inset 0 and pin -3)"
        )
        var bad = BV.block()
        bad.children = [BV.block(-5, nil)]
        #expect(
            problem(BoxView(items: [item, bad.boxed]))
                == "items[1].view.children[0].width: must be a number from 0 to 1000000 points (it is -5)")
        var hidden = BV.block()
        hidden.style.display = .none
        #expect(
            problem(BoxView(items: [hidden.boxed]))
                == "items[0].view.display: a hidden view is left out of the items instead")
    }

    @Test func theModifiersSetOnlyWhatTheyName() {
        let item = BV.block().boxed
        #expect(item.top == .zero && item.left == .zero && item.bottom == .zero && item.right == .zero)
        #expect(item.centerX == nil && item.width == nil && item.flex == nil)
        let centred = item.centerX(offset: 2, padding: 30).bottom(20)
        #expect(centred.centerX == ==2 && centred.left == >=30 && centred.right == >=30 && centred.bottom == ==20)
        #expect(item.centerY(padding: nil).top == nil)
        let all = item.all(3).allX(4)
        #expect(all.top == ==3 && all.left == ==4 && all.bottom == ==3 && all.right == ==4)
        #expect(item.allY(5).top == ==5)
        #expect(item.relativeWidth(0.5).width == .relative(0.5) && item.height(7).height == .points(7))
        #expect((<=3).description == "<=3" && (>=0.5).description == ">=0.5")
        #expect(BoxItem.guide().view == nil)
    }

    /// A text field of the login form: a bordered box 34 tall, its placeholder centred vertically.
    func field(_ placeholder: String) throws -> BoxNode {
        let text = try TextLeaf(placeholder, style: ParagraphStyle(fontSize: 17), fonts: BV.fonts)
        return BoxNode(
            style: BV.style {
                $0.height = 34
                $0.border = BoxEdges(1)
                $0.padding = BoxEdges(top: 0, right: 8, bottom: 0, left: 8)
                $0.flexDirection = .column
                $0.justifyContent = .center
            }, children: [BoxNode(leaf: text)])
    }

    /// The article's login form in Swift, item for item as the article writes it (the text field
    /// fills its row as Auto Layout stretches it: it hugs its content less than the icon); the frames
    /// follow from the rules, the text measured through the same fonts.
    @Test func theArticlesLoginForm() throws {
        let titleText = try TextLeaf(
            "Please log into account with your user name and password",
            style: ParagraphStyle(fontSize: 22, alignment: .center), bold: true, fonts: BV.fonts)
        let forgotText = try TextLeaf("Forgot password?", style: ParagraphStyle(fontSize: 15), fonts: BV.fonts)
        let loginText = try TextLeaf(
            "Log in", style: ParagraphStyle(fontSize: 17, alignment: .center), fonts: BV.fonts)
        let title = BoxNode(leaf: titleText)
        let forgot = BoxNode(
            style: BV.style { $0.padding = BoxEdges(top: 6, right: 0, bottom: 6, left: 0) }, leaf: forgotText)
        let login = BoxNode(
            style: BV.style { $0.padding = BoxEdges(top: 5, right: 16, bottom: 5, left: 16) }, leaf: loginText)

        var nameBoxView = BoxView(axis: .x, spacing: 10)
        nameBoxView.items = [BV.image(24, 24).boxed.centerY(), try field("User name").boxed]
        var passwordBoxView = BoxView(axis: .x, spacing: 10)
        passwordBoxView.items = [BV.image(24, 24).boxed.centerY(), try field("Password").boxed]
        var boxView = BoxView()
        boxView.width = 343
        boxView.insets = BoxEdges(16)
        boxView.spacing = 20
        boxView.items = [
            title.boxed.centerX(padding: 30).bottom(20),
            try nameBoxView.node().boxed,
            try passwordBoxView.node().boxed,
            forgot.boxed.left(>=0),
            login.boxed.top(30).left(50).right(50),
        ]
        let layout = try boxView.layout(rounding: .exact)

        // The title is held by its `>=30` pins: 343 − 2 × (16 + 30) = 251 wide, at x 46.
        #expect(titleText.paragraph.maxContentWidth() > 251)
        let titleHeight = titleText.paragraph.layout(width: 251).height
        let forgotWidth = forgotText.paragraph.maxContentWidth()
        let forgotHeight = forgotText.paragraph.layout(width: forgotWidth).height + 12
        let loginHeight = loginText.paragraph.layout(width: 211 - 32).height + 10
        // Below the title: its bottom pin (20) and the spacing (20).
        let nameY = 16 + titleHeight + 20 + 20
        let forgotY = nameY + 2 * (34 + 20)
        // Below the forgot button: the spacing (20) and the login button's top pin (30).
        let loginY = forgotY + forgotHeight + 20 + 30
        #expect(
            BV.frames(layout) == [
                [46, 16, 251, titleHeight],
                [16, nameY, 311, 34],
                [16, nameY + 54, 311, 34],
                [327 - forgotWidth, forgotY, forgotWidth, forgotHeight],
                [66, loginY, 211, loginHeight],
            ])
        #expect(BV.frame(layout) == [0, 0, 343, loginY + loginHeight + 16])
        // Each row: the icon centred in the 34-tall row, the field after the spacing of 10.
        for row in layout.children[1...2] {
            #expect(BV.frames(row) == [[0, 5, 24, 24], [34, 0, 277, 34]])
        }
    }

    @Test func rightToLeftAndCentresAreTheSameAsByHand() throws {
        var row = BoxView(axis: .x, spacing: 10, insets: BoxEdges(top: 2, right: 15, bottom: 0, left: 5))
        row.width = 200
        row.direction = .rtl
        row.items = [
            BV.block(30, 10).boxed.left(3),
            BV.image(24, 24).boxed.centerY(offset: 1, padding: 2),
            BoxItem.guide().flex(1).right(>=4),
        ]
        let hand = BoxNode(
            style: BV.style {
                $0.width = 200
                $0.direction = .rtl
                $0.columnGap = 10
                // The spacer's `>=4` end pin at the BoxView's end (the left): padding with the inset.
                $0.padding.left = 19
            },
            children: [
                BoxNode(
                    style: BV.style {
                        $0.width = 30
                        $0.height = 10
                        $0.flexShrink = 0
                        $0.alignSelf = .start
                        $0.margin = BV.edges(2, 8, 0, 0)
                    }),
                BoxNode(
                    style: BV.style {
                        $0.alignSelf = .center
                        // k = max(2 − 1, 2 + 1) = 3 on both sides, the offset 1 down.
                        $0.margin = BV.edges(5, 0, 3, 0)
                        $0.inset.top = 1
                    }, leaf: ImageLeaf(width: 24, height: 24)),
                BoxNode(
                    style: BV.style {
                        $0.flexGrow = 1
                        $0.flexBasis = 0
                        $0.alignSelf = .stretch
                        $0.margin = BV.edges(2, 0, 0, .auto)
                    }),
            ])
        try sameAsByHand(row, hand)
        let layout = try row.layout()
        // From the right: 200 − 5 − 3 − 30 = 162; the image 10 further left; the spacer the rest
        // down to 19 from the left.
        #expect(BV.frames(layout).map { $0[0] } == [162, 128, 19])
        #expect(BV.frame(layout.children[1]) == [128, 6, 24, 24])
    }
}

@Suite("BoxView editing")
struct BoxViewEditingTests {
    func named(_ id: String, _ width: Double, _ height: Double) -> BoxNode {
        var node = BV.block(width, height)
        node.id = id
        return node
    }

    /// `insertItem(_:after:z:)`: the label goes into the chain after the field, the next item
    /// follows it; drawn behind, it is under the field where they overlap (the article's error
    /// label slid under a field: top pin of minus the spacing).
    @Test func insertItemAfterAViewBehindTheOthers() throws {
        var view = BoxView(spacing: 10, items: [named("field", 100, 30).boxed, named("button", 100, 20).boxed])
        view.width = 100
        let label = named("label", 80, 15).boxed.top(-10)
        let inserted = view.insertItem(label, after: "field", z: .back)
        #expect(inserted)
        #expect(view.items.map { $0.view?.id } == ["field", "label", "button"])
        let layout = try view.layout()
        // field 0 … 30; the label 30 + 10 − 10 = 30 … 45; the button 45 + 10 = 55.
        #expect(BV.frames(layout) == [[0, 0, 100, 30], [0, 30, 80, 15], [0, 55, 100, 20]])
        #expect(layout.hits(x: 5, y: 35).compactMap(\.id).first == "label")
        // Behind: where the label and the field overlap, the field is on top.
        var overlapping = BoxView(items: [named("field", 100, 30).boxed])
        overlapping.width = 100
        let behind = overlapping.insertItem(named("label", 80, 15).boxed.top(-20), after: "field", z: .back)
        #expect(behind)
        let drawn = try overlapping.layout()
        #expect(drawn.hits(x: 5, y: 15).compactMap(\.id).prefix(2) == ["field", "label"])
        let missing = overlapping.insertItem(named("x", 1, 1).boxed, after: "nothing")
        #expect(!missing)
        let first = overlapping.insertItem(named("first", 1, 1).boxed, after: nil)
        #expect(first)
        #expect(overlapping.items.first?.view?.id == "first")
    }
}
