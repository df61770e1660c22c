import Mush
import MushText
import Testing

@testable import MushBox

/// CSS Grid through the Swift API: typed track lists and lines, the placement rules, the track
/// sizing of intrinsic and flexible tracks, alignment, absolutely positioned items in areas, text
/// leaves as items, and bad values named by their paths. Unrounded, exact values.
@Suite("Grid layout")
struct GridLayoutTests {
    func style(_ build: (inout BoxStyle) -> Void) -> BoxStyle {
        var style = BoxStyle()
        build(&style)
        return style
    }

    func grid(_ build: (inout BoxStyle) -> Void, _ children: [BoxNode]) -> BoxNode {
        BoxNode(
            style: style {
                $0.display = .grid
                build(&$0)
            }, children: children)
    }

    func box(_ width: Double? = nil, _ height: Double? = nil, _ build: (inout BoxStyle) -> Void = { _ in }) -> BoxNode {
        BoxNode(
            style: style {
                if let width { $0.width = .points(width) }
                if let height { $0.height = .points(height) }
                build(&$0)
            })
    }

    func frames(_ layout: BoxLayout) -> [[Double]] { layout.children.map { [$0.x, $0.y, $0.width, $0.height] } }

    /// Fixed, flexible and `auto` columns: the `auto` column takes its item's max-content width,
    /// `1fr` and `2fr` share the rest by their factors; rows are as tall as their tallest item.
    @Test func fixedFlexibleAndAutoColumns() throws {
        let node = grid(
            {
                $0.width = 400
                $0.gridTemplateColumns = try! GridTrackList(parsing: "50px auto 1fr 2fr")
                $0.columnGap = 10
                $0.rowGap = 5
            }, [box(nil, 20), box(70, 30), box(nil, 10), box(nil, 10), box(nil, 40)])
        let layout = try BoxEngine.layout(node, rounding: .exact)
        // 400 - 50 - 70 - 3 × 10 = 250: 1fr is 250 / 3. (Items with a height keep it.)
        let fraction = 250.0 / 3
        let expected: [[Double]] = [
            [0, 0, 50, 20], [60, 0, 70, 30], [140, 0, fraction, 10], [150 + fraction, 0, 2 * fraction, 10],
            [0, 35, 50, 40],
        ]
        for (got, want) in zip(frames(layout), expected) {
            #expect(zip(got, want).allSatisfy { abs($0 - $1) < 1e-9 }, "\(got) ≠ \(want)")
        }
        #expect(layout.height == 75)
    }

    /// Named areas and named lines place items; an item spanning two `auto` columns is shared
    /// between them beyond what the single-column items need.
    @Test func areasAndNamedLines() throws {
        let node = grid(
            {
                $0.gridTemplateColumns = try! GridTrackList(
                    parsing: "[side-start] 60px [side-end main-start] 1fr [main-end]")
                $0.gridTemplateRows = try! GridTrackList(parsing: "20px 30px")
                $0.gridTemplateAreas = try! GridTemplateAreas(rows: ["head head", "side main"])
                $0.width = 200
            },
            [
                box {
                    $0.gridRowStart = .line(1, name: "main")
                    $0.gridColumnStart = .line(1, name: "main")
                },
                box {
                    $0.gridRowStart = .line(1, name: "head")
                    $0.gridColumnStart = .line(1, name: "head")
                    $0.gridColumnEnd = .line(1, name: "head")
                },
                box {
                    $0.gridColumnStart = .line(1, name: "side-start")
                    $0.gridRowStart = .line(-2, name: nil)
                },
            ])
        let layout = try BoxEngine.layout(node, rounding: .exact)
        #expect(frames(layout) == [[60, 20, 140, 30], [0, 0, 200, 20], [0, 20, 60, 30]])
    }

    /// `auto-fill` repeats as many tracks as fit; `auto-fit` collapses the empty ones, so `1fr`
    /// items take the whole width.
    @Test func autoFillAndAutoFit() throws {
        func layout(_ list: String) throws -> BoxLayout {
            try BoxEngine.layout(
                grid(
                    {
                        $0.width = 230
                        $0.gridTemplateColumns = try! GridTrackList(parsing: list)
                        $0.columnGap = 10
                    }, [box(nil, 10), box(nil, 10)]), rounding: .exact)
        }
        // (230 + 10) / (50 + 10) = 4 tracks.
        #expect(frames(try layout("repeat(auto-fill, minmax(50px, 1fr))")) == [[0, 0, 50, 10], [60, 0, 50, 10]])
        #expect(frames(try layout("repeat(auto-fit, minmax(50px, 1fr))")) == [[0, 0, 110, 10], [120, 0, 110, 10]])
    }

    /// Sparse auto-placement leaves a hole behind a wide item; `dense` fills it.
    @Test func sparseAndDensePlacement() throws {
        func layout(dense: Bool) throws -> [[Double]] {
            frames(
                try BoxEngine.layout(
                    grid(
                        {
                            $0.gridTemplateColumns = try! GridTrackList(parsing: "repeat(3, 10px)")
                            $0.gridAutoRows = GridAutoTracks([.breadth(.points(10))])
                            $0.gridAutoFlow = GridAutoFlow(dense: dense)
                        },
                        [box(), box { $0.gridColumnStart = .span(3, name: nil) }, box()]), rounding: .exact))
        }
        #expect(try layout(dense: false) == [[0, 0, 10, 10], [0, 10, 30, 10], [0, 20, 10, 10]])
        #expect(try layout(dense: true) == [[0, 0, 10, 10], [0, 10, 30, 10], [10, 0, 10, 10]])
    }

    /// A negative line before the explicit grid adds implicit tracks before it, sized by
    /// `gridAutoRows`, and the rest of the grid moves down.
    @Test func implicitTracksBeforeTheGrid() throws {
        let node = grid(
            {
                $0.gridTemplateRows = try! GridTrackList(parsing: "7px")
                $0.gridAutoRows = GridAutoTracks([.breadth(.points(3)), .breadth(.points(4))])
            },
            [
                box(5, nil) { $0.gridRowStart = .line(-4, name: nil) },
                box(5, nil) { $0.gridRowStart = .line(1, name: nil) },
            ])
        let layout = try BoxEngine.layout(node, rounding: .exact)
        // Rows -2 and -1 before the explicit one: the last automatic size first, backwards (4, 3).
        #expect(frames(layout) == [[0, 0, 5, 3], [0, 7, 5, 7]])
        #expect(layout.height == 14)
    }

    /// Alignment in the area: `justifySelf`, `alignSelf`, auto margins; content alignment of the
    /// tracks in a larger container (80 of columns centred in 100, the row at the end).
    @Test func alignment() throws {
        let node = grid(
            {
                $0.width = 100
                $0.height = 100
                $0.gridTemplateColumns = try! GridTrackList(parsing: "40px 40px")
                $0.gridTemplateRows = try! GridTrackList(parsing: "40px")
                $0.justifyContent = .center
                $0.alignContent = .end
            },
            [
                box(10, 10) {
                    $0.justifySelf = .end
                    $0.alignSelf = .center
                },
                box(10, 10) { $0.margin = BoxEdges(top: .auto, right: .auto, bottom: .points(0), left: .auto) },
            ])
        let layout = try BoxEngine.layout(node, rounding: .exact)
        #expect(frames(layout) == [[40, 75, 10, 10], [65, 90, 10, 10]])
    }

    /// An absolutely positioned child placed by grid lines has their area as its containing block;
    /// a line left `auto` is the padding box's edge.
    @Test func absolutelyPositionedInAnArea() throws {
        let node = grid(
            {
                $0.width = 100
                $0.height = 60
                $0.padding = BoxEdges(.points(5))
                $0.gridTemplateColumns = try! GridTrackList(parsing: "30px 30px")
                $0.gridTemplateRows = try! GridTrackList(parsing: "20px")
            },
            [
                box {
                    $0.position = .absolute
                    $0.gridColumnStart = .line(2, name: nil)
                    $0.gridColumnEnd = .line(3, name: nil)
                    $0.inset = BoxEdges(top: .points(0), right: .points(0), bottom: .points(0), left: .points(0))
                },
                box(10, 10) {
                    $0.position = .absolute
                    $0.gridColumnStart = .line(2, name: nil)
                    $0.inset = BoxEdges(top: .auto, right: .percent(50), bottom: .points(0), left: .auto)
                },
            ])
        let layout = try BoxEngine.layout(node, rounding: .exact)
        // The first: columns 2 to 3 (x 35, 30 wide), rows auto (the padding box, 60 tall).
        // The second: from line 2 to the padding box's right edge (x 35 to 100), 50% of 65 from it.
        #expect(frames(layout) == [[35, 0, 30, 60], [57.5, 50, 10, 10]])
    }

    /// Right to left: the columns run from the right.
    @Test func rightToLeft() throws {
        let node = grid(
            {
                $0.width = 100
                $0.direction = .rtl
                $0.gridTemplateColumns = try! GridTrackList(parsing: "20px 30px")
            }, [box(nil, 5), box(nil, 5)])
        #expect(frames(try BoxEngine.layout(node, rounding: .exact)) == [[80, 0, 20, 5], [50, 0, 30, 5]])
    }

    /// Text as grid items, with the shipped fonts: an `auto` column is as wide as its text's
    /// max-content width, a `min-content` column as its longest word, and each item as tall as
    /// its paragraph at its column's width.
    @Test func textItems() throws {
        let fonts = FontCollection.shipped
        let words = try TextLeaf("Harbour ferries", fonts: fonts)
        let longer = try TextLeaf("The first ferry waits", fonts: fonts)
        let node = grid(
            { $0.gridTemplateColumns = try! GridTrackList(parsing: "auto min-content") },
            [BoxNode(leaf: words), BoxNode(leaf: longer)])
        let layout = try BoxEngine.layout(node, rounding: .exact)
        #expect(layout.children[0].width == words.contentWidths().max)
        #expect(layout.children[1].width == longer.contentWidths().min)
        #expect(layout.children[1].x == words.contentWidths().max)
        let tallest = max(
            words.measure(width: words.contentWidths().max).height,
            longer.measure(width: longer.contentWidths().min).height)
        #expect(layout.height == tallest)
        #expect(longer.measure(width: longer.contentWidths().min).height > words.measure(width: 1_000).height)
    }

    /// Typed values set from Swift are validated as the same values written in CSS: a line 0, a
    /// repetition of none, named by their paths.
    @Test func badTypedValuesAreNamed() {
        func problem(_ node: BoxNode) -> String? {
            do {
                try node.validate()
                return nil
            } catch {
                return "\(error.path): \(error.problem)"
            }
        }
        let line = grid({ _ in }, [box { $0.gridColumnStart = .line(0, name: nil) }])
        #expect(
            problem(line)
                == "children[0].gridColumnStart: a grid line number is a whole number from -10000 to 10000 other than 0 (it is 0)"
        )
        let repetition = grid(
            {
                $0.gridTemplateRows = GridTrackList(items: [
                    .repetition(.init(count: .times(0), items: [.track(.breadth(.points(1)))]))
                ])
            }, [])
        #expect(problem(repetition)?.hasPrefix("gridTemplateRows: repeat() takes a whole number of times") == true)
        let tracks = grid(
            {
                $0.gridTemplateColumns = GridTrackList(items: [
                    .repetition(
                        .init(count: .times(10_000), items: [.track(.breadth(.auto)), .track(.breadth(.auto))]))
                ])
            }, [])
        #expect(
            problem(tracks) == "gridTemplateColumns: a track list expands to at most 10000 tracks (this one: 20000)")
        #expect(problem(grid({ $0.gridTemplateColumns = try! GridTrackList(parsing: "1fr") }, [box()])) == nil)
    }

    /// A grid container without items is sized by its tracks.
    @Test func anEmptyGridHasItsTracksSize() throws {
        let node = grid(
            {
                $0.gridTemplateColumns = try! GridTrackList(parsing: "10px 20px")
                $0.gridTemplateRows = try! GridTrackList(parsing: "5px")
                $0.columnGap = 3
            }, [])
        let layout = try BoxEngine.layout(node, rounding: .exact)
        #expect([layout.width, layout.height] == [33, 5])
    }
}
