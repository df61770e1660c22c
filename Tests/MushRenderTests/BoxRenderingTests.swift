import CCairo
import Foundation
import Mush
import MushBox
import MushImage
import MushLine
import MushRender
import MushText
import Testing

/// Box trees drawn: each box's shadow, background and borders, its leaf, its children by
/// `zIndex`, clipping, content offsets and the whole-content picture, pixel by pixel.
@Suite struct BoxRenderingTests {
    static let red = MushColor(hex: "#f00")!
    static let green = MushColor(hex: "#0f0")!
    static let blue = MushColor(hex: "#00f")!
    static let yellow = MushColor(hex: "#ff0")!
    static let grey = MushColor(hex: "#888")!

    /// A box of `width` × `height` at (`x`, `y`) in its parent.
    func box(
        _ x: Double, _ y: Double, _ width: Double, _ height: Double, paint: BoxPaint? = nil,
        border: BoxEdges<Double> = BoxEdges(0), padding: BoxEdges<Double> = BoxEdges(0), clips: Bool = false,
        leaf: PlacedLeaf? = nil, children: [BoxLayout] = []
    ) -> BoxLayout {
        BoxLayout(
            x: x, y: y, width: width, height: height, border: border, padding: padding, children: children,
            leaf: leaf, paint: paint, clipsContent: clips)
    }

    /// A fill of `color`.
    func fill(_ color: MushColor, radius: Double = 0, zIndex: Double = 0) -> BoxPaint {
        BoxPaint(backgroundColor: color, cornerRadius: radius, zIndex: zIndex)
    }

    /// `root` drawn as a PNG on white, and decoded.
    func draw(
        _ root: BoxLayout, scale: Double = 1, whole: Bool = false, imageFolder: String? = nil
    ) throws -> (rendering: Rendering, bitmap: Bitmap) {
        let rendering = try Renderer.render(
            root, as: .png,
            options: RenderOptions(
                scale: scale, background: MushColor(hex: "#fff"), images: ImageFiles(folder: imageFolder),
                wholeContent: whole))
        let bitmap = try Bitmap(png: rendering.data)
        #expect(bitmap.width == rendering.width && bitmap.height == rendering.height)
        return (rendering, bitmap)
    }

    /// Checks every pixel of `rect`: an edge's colour within its thickness (in pixels) of that
    /// edge, the top and bottom edges owning the corners and starting `insetLeft` pixels in, `fill`
    /// elsewhere.
    func expectEdges(
        _ bitmap: Bitmap, _ rect: PixelRect, top: (Pixel, Int)? = nil, right: (Pixel, Int)? = nil,
        bottom: (Pixel, Int)? = nil, left: (Pixel, Int)? = nil, insetLeft: Int = 0, fill: Pixel,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var wrong: [String] = []
        for (x, y, pixel) in bitmap.pixels(in: rect) {
            var expected = fill
            if let (color, thickness) = top, y < rect.minY + thickness, x >= rect.minX + insetLeft {
                expected = color
            } else if let (color, thickness) = bottom, y >= rect.maxY - thickness, x >= rect.minX + insetLeft {
                expected = color
            } else if let (color, thickness) = left, x < rect.minX + thickness {
                expected = color
            } else if let (color, thickness) = right, x >= rect.maxX - thickness {
                expected = color
            }
            if pixel != expected { wrong.append("(\(x), \(y)) \(pixel), not \(expected)") }
        }
        #expect(bitmap.pixels(in: rect).count == rect.width * rect.height, sourceLocation: sourceLocation)
        #expect(wrong.isEmpty, "\(wrong.count) pixels: \(wrong.prefix(6))", sourceLocation: sourceLocation)
    }

    // MARK: - A box's own paint

    @Test(arguments: [1.0, 2.0])
    func backgroundWithRoundedCorners(scale: Double) throws {
        let root = box(0, 0, 80, 60, children: [box(10, 10, 60, 40, paint: fill(Self.green, radius: 10))])
        let (_, bitmap) = try draw(root, scale: scale)
        func at(_ x: Double, _ y: Double) -> Pixel { bitmap.pixel(x: Int(x * scale), y: Int(y * scale)) }
        // The corner's first point lies outside the quarter circle: the page shows.
        #expect(at(10, 10) == .white)
        #expect(at(69.5, 49.5) == .white)
        #expect(at(40, 30) == Pixel(Self.green))
        // Straight edges are filled to the box's edge, and no further.
        #expect(at(40, 10) == Pixel(Self.green))
        #expect(at(10, 30) == Pixel(Self.green))
        #expect(at(40, 9.5) == .white)
        #expect(at(70, 30) == .white)
        // Without a radius the corner is filled.
        let square = try draw(box(0, 0, 80, 60, children: [box(10, 10, 60, 40, paint: fill(Self.green))]), scale: scale)
        #expect(square.bitmap.pixel(x: Int(10 * scale), y: Int(10 * scale)) == Pixel(Self.green))
    }

    /// MGBoxKit's borders: lines `borderLineWidth` thick inside the box, whatever its border widths.
    @Test(arguments: [1.0, 2.0])
    func bordersOfOneLineWidthInEachEdgesColour(scale: Double) throws {
        var paint = fill(Self.grey)
        paint.borderColors = BoxEdges(top: Self.red, right: Self.yellow, bottom: Self.blue, left: Self.green)
        paint.borderLineWidth = 1
        let root = box(0, 0, 50, 40, children: [box(4, 5, 40, 30, paint: paint)])
        let (_, bitmap) = try draw(root, scale: scale)
        let line = Int(scale)
        let rect = PixelRect(x: 4, y: 5, width: 40, height: 30, scale: scale)
        expectEdges(
            bitmap, rect, top: (Pixel(Self.red), line), right: (Pixel(Self.yellow), line),
            bottom: (Pixel(Self.blue), line), left: (Pixel(Self.green), line), fill: Pixel(Self.grey))
        #expect(bitmap.ring(around: rect).allSatisfy { $0.pixel == .white })
    }

    /// CSS's borders: each edge as thick as the layout's border on it.
    @Test(arguments: [1.0, 2.0])
    func bordersAsThickAsTheLayoutsBorderWidths(scale: Double) throws {
        var paint = fill(Self.grey)
        paint.borderColors = BoxEdges(top: Self.red, right: Self.yellow, bottom: Self.blue, left: Self.green)
        let root = box(
            0, 0, 50, 40,
            children: [box(4, 5, 40, 30, paint: paint, border: BoxEdges(top: 2, right: 4, bottom: 3, left: 1))])
        let (_, bitmap) = try draw(root, scale: scale)
        let s = Int(scale)
        expectEdges(
            bitmap, PixelRect(x: 4, y: 5, width: 40, height: 30, scale: scale), top: (Pixel(Self.red), 2 * s),
            right: (Pixel(Self.yellow), 4 * s), bottom: (Pixel(Self.blue), 3 * s), left: (Pixel(Self.green), s),
            fill: Pixel(Self.grey))
    }

    @Test func edgesWithoutAColourDrawNoLineAndLeaveTheirCornersToTheSides() throws {
        var paint = BoxPaint(borderColors: BoxEdges(top: nil, right: Self.yellow, bottom: nil, left: Self.green))
        paint.borderLineWidth = 3
        let (_, bitmap) = try draw(box(0, 0, 30, 20, paint: paint))
        expectEdges(
            bitmap, bitmap.bounds, right: (Pixel(Self.yellow), 3), left: (Pixel(Self.green), 3), fill: .white)
    }

    @Test func translucentBordersAreNotDoubledAtTheCorners() throws {
        var paint = BoxPaint(borderColors: BoxEdges(MushColor(hex: "#00f8")))
        paint.borderLineWidth = 2
        let (_, bitmap) = try draw(box(0, 0, 30, 20, paint: paint))
        let edge = bitmap.pixel(x: 10, y: 0)
        #expect(edge != .white && edge.isBlend(of: Pixel(Self.blue)))
        expectEdges(
            bitmap, bitmap.bounds, top: (edge, 2), right: (edge, 2), bottom: (edge, 2), left: (edge, 2), fill: .white)
    }

    /// A separator between table rows: the top and bottom lines start `borderInsetLeft` in.
    @Test(arguments: [1.0, 2.0])
    func insetTopAndBottomBorders(scale: Double) throws {
        var paint = BoxPaint(borderColors: BoxEdges(top: Self.red, right: nil, bottom: Self.blue, left: nil))
        paint.borderLineWidth = 1
        paint.borderInsetLeft = 15
        let (_, bitmap) = try draw(box(0, 0, 60, 20, paint: paint), scale: scale)
        let s = Int(scale)
        expectEdges(
            bitmap, bitmap.bounds, top: (Pixel(Self.red), s), bottom: (Pixel(Self.blue), s), insetLeft: 15 * s,
            fill: .white)
    }

    /// With a corner radius, the borders follow the rounded shape: its corners show the page.
    @Test func bordersAreClippedToTheRoundedBox() throws {
        var paint = fill(Self.grey, radius: 8)
        paint.borderColors = BoxEdges(Self.red)
        let (_, bitmap) = try draw(box(0, 0, 40, 30, paint: paint, border: BoxEdges(4)))
        #expect(bitmap.pixel(x: 0, y: 0) == .white)
        #expect(bitmap.pixel(x: 39, y: 29) == .white)
        #expect(bitmap.pixel(x: 20, y: 1) == Pixel(Self.red))
        #expect(bitmap.pixel(x: 1, y: 15) == Pixel(Self.red))
        #expect(bitmap.pixel(x: 20, y: 15) == Pixel(Self.grey))
    }

    /// A box's rules (a layout's separators) are filled over its background, under its children,
    /// in its own coordinates.
    @Test(arguments: [1.0, 2.0])
    func rulesAreFilledOverTheBackgroundUnderTheChildren(scale: Double) throws {
        var paint = fill(Self.grey)
        paint.rules = [
            BoxRule(x: 20, y: 0, width: 4, height: 30, color: Self.red),
            BoxRule(x: 0, y: 10, width: 40, height: 2, color: Self.blue),
        ]
        let (_, bitmap) = try draw(
            box(
                0, 0, 60, 40,
                children: [box(10, 5, 40, 30, paint: paint, children: [box(0, 20, 40, 10, paint: fill(Self.green))])]),
            scale: scale)
        func at(_ x: Double, _ y: Double) -> Pixel { bitmap.pixel(x: Int(x * scale), y: Int(y * scale)) }
        #expect(at(31, 6) == Pixel(Self.red))
        #expect(at(33, 6) == Pixel(Self.red))
        #expect(at(34, 6) == Pixel(Self.grey))
        #expect(at(12, 15) == Pixel(Self.blue))
        #expect(at(31, 15) == Pixel(Self.blue))
        #expect(at(12, 17) == Pixel(Self.grey))
        // The child covers the rule where they meet.
        #expect(at(31, 27) == Pixel(Self.green))
        #expect(at(5, 6) == .white)
    }

    // MARK: - Shadows

    /// A sharp shadow: the box's shape, moved by the offset, under the box.
    @Test func aShadowWithoutBlurIsTheShapeMoved() throws {
        var paint = fill(MushColor(hex: "#fff")!)
        paint.shadow = BoxShadow(color: MushColor(hex: "#000")!, offset: BoxOffset(x: 5, y: 5))
        let (_, bitmap) = try draw(box(0, 0, 50, 50, children: [box(10, 10, 20, 20, paint: paint)]))
        let shadow = PixelRect(minX: 15, minY: 15, maxX: 35, maxY: 35)
        let drawn = PixelRect(minX: 10, minY: 10, maxX: 30, maxY: 30)
        for (x, y, pixel) in bitmap.pixels(in: bitmap.bounds) {
            let expected: Pixel = drawn.contains(x: x, y: y) || !shadow.contains(x: x, y: y) ? .white : Pixel("#000")
            #expect(pixel == expected, "(\(x), \(y))")
        }
    }

    /// A blurred shadow shows below the box and fades out over about twice its blur, around the
    /// moved shape's edge.
    @Test(arguments: [1.0, 2.0])
    func aBlurredShadowFadesBelowTheBox(scale: Double) throws {
        var paint = fill(MushColor(hex: "#fff")!)
        paint.shadow = BoxShadow(color: MushColor(hex: "#00000080")!, offset: BoxOffset(y: 6), blur: 4)
        let (_, bitmap) = try draw(box(0, 0, 100, 80, children: [box(30, 20, 40, 30, paint: paint)]), scale: scale)
        let x = Int(50 * scale)
        // From the box's bottom (50) down: the shadow's edge is at 56, faded from 52 to 60.
        let column = (Int(50 * scale)..<Int(64 * scale)).map { bitmap.pixel(x: x, y: $0) }
        #expect(column.allSatisfy { $0.r == $0.g && $0.g == $0.b }, "grey: \(column)")
        let darkness = column.map(\.darkness)
        #expect(zip(darkness, darkness.dropFirst()).allSatisfy { $0 >= $1 }, "fades: \(darkness)")
        #expect(darkness[0] > 250 && darkness[0] <= 3 * 128, "nearly the colour's alpha: \(darkness)")
        let middle = bitmap.pixel(x: x, y: Int(56 * scale)).darkness
        #expect(middle > 120 && middle < 260, "about half its alpha at the shape's edge: \(middle)")
        #expect(bitmap.pixel(x: x, y: Int(60 * scale)) == .white)
        // Above the box the shape moved down does not reach.
        #expect(bitmap.pixel(x: x, y: Int(19 * scale)) == .white)
        // It widens by nearly the blur on the sides (the box's left edge is at 30), fading outwards.
        let y = Int(40 * scale)
        #expect(bitmap.pixel(x: Int(29 * scale), y: y).darkness > bitmap.pixel(x: Int(27 * scale), y: y).darkness)
        #expect(bitmap.pixel(x: Int(27 * scale), y: y) != .white)
        #expect(bitmap.pixel(x: Int(25 * scale), y: y) == .white)
        // The box itself is drawn over it.
        #expect(bitmap.pixel(x: x, y: Int(49 * scale)) == .white)
    }

    /// A shadow shows only outside its box (as CSS draws an outer shadow), so a box without a
    /// background shows none of it; beside the box's straight sides it is the same all along the
    /// side, on any scale and at a position off the pixel grid (a PNG's shadow is drawn in bands
    /// around the box, which meet on whole pixels).
    @Test(arguments: [1.0, 1.5, 2.0])
    func aShadowShowsOnlyOutsideItsBox(scale: Double) throws {
        var paint = BoxPaint(cornerRadius: 8)
        paint.shadow = BoxShadow(color: MushColor(hex: "#00000080")!, blur: 4)
        let (_, bitmap) = try draw(box(0, 0, 100, 80, children: [box(20.3, 20.3, 60, 40, paint: paint)]), scale: scale)
        let inside = PixelRect(x: 21.3, y: 28.3, width: 58, height: 24, scale: scale, inward: true)
        #expect(bitmap.pixels(in: inside).allSatisfy { $0.2 == .white }, "nothing under the box")
        for x in [17.0, 19.0] {
            let column = (Int((28.3 * scale).rounded(.up))..<Int((52.3 * scale).rounded(.down))).map {
                bitmap.pixel(x: Int(x * scale), y: $0)
            }
            #expect(Set(column).count == 1, "the same all along the left side at \(x): \(column)")
            #expect(column[0] != .white)
        }
    }

    /// The root's own shadow gets room in the picture (MGBoxKit's `screenshot:` draws it): a sharp
    /// shadow 4 right and 6 down grows the picture by 4 and 6, the box staying at the corner; a blur
    /// of 3 with an offset of 2 down adds 3 left, 1 above, 3 right and 5 below, the box moved by
    /// (3, 1).
    @Test func theRootsShadowGetsRoomInThePicture() throws {
        var paint = fill(MushColor(hex: "#00f")!)
        paint.shadow = BoxShadow(color: MushColor(hex: "#000")!, offset: BoxOffset(x: 4, y: 6))
        let (sharp, sharpBitmap) = try draw(box(7, 9, 20, 10, paint: paint))
        #expect(sharp.width == 24 && sharp.height == 16)
        #expect(sharpBitmap.pixel(x: 0, y: 0) == Pixel("#00f"))
        #expect(sharpBitmap.pixel(x: 19, y: 9) == Pixel("#00f"))
        #expect(sharpBitmap.pixel(x: 22, y: 14) == Pixel("#000"), "the shadow, below and right of the box")
        #expect(sharpBitmap.pixel(x: 1, y: 14) == .white, "nothing left of the shadow")
        paint.shadow = BoxShadow(color: MushColor(hex: "#000")!, offset: BoxOffset(y: 2), blur: 3)
        let (blurred, bitmap) = try draw(box(0, 0, 20, 10, paint: paint))
        #expect(blurred.width == 26 && blurred.height == 16)
        #expect(bitmap.pixel(x: 3, y: 1) == Pixel("#00f"))
        #expect(bitmap.pixel(x: 22, y: 10) == Pixel("#00f"))
        #expect(bitmap.pixel(x: 12, y: 12) != .white, "the shadow shows below the box")
        // A root without a shadow is drawn as large as it is.
        let (plain, _) = try draw(box(0, 0, 20, 10, paint: fill(MushColor(hex: "#00f")!)))
        #expect(plain.width == 20 && plain.height == 10)
    }

    @Test func aBoxWithoutAreaCastsNoShadow() throws {
        var paint = BoxPaint()
        paint.shadow = BoxShadow(color: MushColor(hex: "#000")!, blur: 5)
        let (_, bitmap) = try draw(box(0, 0, 40, 40, children: [box(20, 20, 0, 0, paint: paint)]))
        #expect(bitmap.pixels(in: bitmap.bounds).allSatisfy { $0.pixel == .white })
    }

    // MARK: - Paint order

    /// Siblings are drawn by zIndex, lowest first; those of the same zIndex in input order.
    @Test func higherZIndexIsDrawnOnTopAndTiesKeepTheirOrder() throws {
        let root = box(
            0, 0, 70, 70,
            children: [
                box(0, 0, 40, 40, paint: fill(Self.red, zIndex: 1)),
                box(10, 10, 40, 40, paint: fill(Self.blue)),
                box(20, 20, 40, 40, paint: fill(Self.green)),
                box(25, 25, 40, 40, paint: fill(Self.yellow, zIndex: -1)),
            ])
        let (_, bitmap) = try draw(root)
        #expect(bitmap.pixel(x: 30, y: 30) == Pixel(Self.red), "in all four: the highest zIndex")
        #expect(bitmap.pixel(x: 45, y: 45) == Pixel(Self.green), "blue, green, yellow: the later of the ties")
        #expect(bitmap.pixel(x: 15, y: 45) == Pixel(Self.blue))
        #expect(bitmap.pixel(x: 62, y: 62) == Pixel(Self.yellow), "below the others, seen where they are not")
    }

    /// A child is drawn with everything inside it before its next sibling: a grandchild of high
    /// zIndex stays inside its parent's place in the order.
    @Test func eachBoxIsAStackingContext() throws {
        let root = box(
            0, 0, 50, 50,
            children: [
                box(0, 0, 30, 30, children: [box(0, 0, 30, 30, paint: fill(Self.red, zIndex: 100))]),
                box(10, 10, 30, 30, paint: fill(Self.blue)),
            ])
        let (_, bitmap) = try draw(root)
        #expect(bitmap.pixel(x: 20, y: 20) == Pixel(Self.blue))
    }

    // MARK: - Clipping and content offsets

    @Test(arguments: [false, true])
    func aChildOverflowingIsCutOnlyWhenItsParentClips(clips: Bool) throws {
        let child = box(20, 20, 40, 40, paint: fill(Self.blue))
        let root = box(
            0, 0, 80, 80, children: [box(10, 10, 40, 40, paint: fill(Self.grey), clips: clips, children: [child])])
        let (_, bitmap) = try draw(root)
        #expect(bitmap.pixel(x: 40, y: 40) == Pixel(Self.blue))
        #expect(bitmap.pixel(x: 60, y: 60) == (clips ? .white : Pixel(Self.blue)))
        #expect(bitmap.pixel(x: 55, y: 35) == (clips ? .white : Pixel(Self.blue)))
        #expect(bitmap.pixel(x: 20, y: 20) == Pixel(Self.grey))
    }

    /// The clip is the padding box, rounded by the radius less the border: the border stays.
    @Test func theClipIsTheRoundedPaddingBox() throws {
        let child = box(-10, -10, 60, 60, paint: fill(Self.blue))
        var paint = fill(Self.grey, radius: 12)
        paint.borderColors = BoxEdges(Self.red)
        let parent = box(10, 10, 40, 40, paint: paint, border: BoxEdges(4), clips: true, children: [child])
        let (_, bitmap) = try draw(box(0, 0, 60, 60, children: [parent]))
        #expect(bitmap.pixel(x: 30, y: 30) == Pixel(Self.blue))
        #expect(bitmap.pixel(x: 11, y: 30) == Pixel(Self.red), "the border is not covered")
        #expect(bitmap.pixel(x: 30, y: 48) == Pixel(Self.red))
        #expect(bitmap.pixel(x: 5, y: 5) == .white)
        // The padding box's corner, (14, 14), lies outside its 8-point rounding: not blue.
        #expect(bitmap.pixel(x: 14, y: 14) != Pixel(Self.blue))
        #expect(bitmap.pixel(x: 17, y: 30) == Pixel(Self.blue))
    }

    /// What the box holds is clipped, its own leaf too: text taller than its box.
    @Test(arguments: [false, true])
    func aLeafIsClippedWhenItsBoxClips(clips: Bool) throws {
        let leaf = try TextLeaf("One two three four five six", style: ParagraphStyle(fontSize: 12), fonts: .shipped)
        let text = PlacedText(layout: leaf.paragraph.layout(width: 40))
        #expect(text.layout.height > 30)
        let root = box(0, 0, 60, 60, children: [box(10, 10, 40, 12, clips: clips, leaf: .text(text))])
        let (_, bitmap) = try draw(root)
        let ink = try #require(bitmap.bounds(where: { $0 != .white }))
        #expect(ink.minY >= 10)
        if clips {
            #expect(ink.maxY <= 22)
        } else {
            #expect(ink.maxY > 30)
        }
    }

    /// Children are drawn moved up and left by the content offset.
    @Test func theContentOffsetMovesTheChildren() throws {
        var paint = BoxPaint()
        paint.contentOffset = BoxOffset(x: 10, y: 5)
        let parent = box(10, 10, 40, 40, paint: paint, children: [box(20, 20, 10, 10, paint: fill(Self.red))])
        let (_, bitmap) = try draw(box(0, 0, 60, 60, children: [parent]))
        #expect(bitmap.bounds(where: { $0 != .white }) == PixelRect(minX: 20, minY: 25, maxX: 30, maxY: 35))
    }

    // MARK: - Whole content

    /// A scroll view: 50 × 30, clipping, scrolled by 20, holding 80 × 100.
    func scrollView() -> BoxLayout {
        var paint = fill(MushColor(hex: "#eee")!)
        paint.contentOffset = BoxOffset(y: 20)
        var root = box(
            0, 0, 50, 30, paint: paint, clips: true,
            children: [box(0, 20, 20, 20, paint: fill(Self.blue)), box(60, 80, 20, 20, paint: fill(Self.red))])
        root.contentWidth = 80
        root.contentHeight = 100
        return root
    }

    @Test func thePictureIsTheRootsSizeAndClipped() throws {
        let (rendering, bitmap) = try draw(scrollView())
        #expect(rendering.width == 50 && rendering.height == 30)
        // Scrolled by 20: the blue box's top at 0.
        #expect(bitmap.bounds(where: { $0 == Pixel(Self.blue) }) == PixelRect(minX: 0, minY: 0, maxX: 20, maxY: 20))
        #expect(bitmap.count(in: bitmap.bounds, where: { $0 == Pixel(Self.red) }) == 0)
    }

    @Test(arguments: [1.0, 2.0])
    func wholeContentShowsEverythingUnscrolled(scale: Double) throws {
        let (rendering, bitmap) = try draw(scrollView(), scale: scale, whole: true)
        #expect(rendering.width == Int(80 * scale) && rendering.height == Int(100 * scale))
        #expect(
            bitmap.bounds(where: { $0 == Pixel(Self.blue) })
                == PixelRect(x: 0, y: 20, width: 20, height: 20, scale: scale))
        #expect(
            bitmap.bounds(where: { $0 == Pixel(Self.red) })
                == PixelRect(x: 60, y: 80, width: 20, height: 20, scale: scale))
        // The root's background covers its whole content.
        #expect(bitmap.pixel(x: Int(70 * scale), y: Int(50 * scale)) == Pixel("#eee"))
    }

    /// Laid out by the engine: a scroll container's content size makes the whole picture.
    @Test func wholeContentOfALaidOutScrollView() throws {
        var style = BoxStyle()
        style.width = 40
        style.height = 30
        style.overflow = .scroll
        style.flexDirection = .column
        var item = BoxStyle()
        item.height = 50
        item.flexShrink = 0
        let root = BoxNode(
            style: style, paint: fill(MushColor(hex: "#eee")!),
            children: [BoxNode(style: item, paint: fill(Self.blue)), BoxNode(style: item, paint: fill(Self.red))])
        let layout = try BoxEngine.layout(root)
        #expect(layout.contentHeight == 100)
        let (rendering, bitmap) = try draw(layout, whole: true)
        #expect(rendering.width == 40 && rendering.height == 100)
        #expect(bitmap.pixel(x: 20, y: 75) == Pixel(Self.red))
        let (clipped, _) = try draw(layout)
        #expect(clipped.width == 40 && clipped.height == 30)
    }

    // MARK: - Leaves

    @Test func aTextLeafIsDrawnInItsContentBoxInItsColour() throws {
        let leaf = try TextLeaf("Hello", style: ParagraphStyle(fontSize: 20), color: Self.red, fonts: .shipped)
        var style = BoxStyle()
        style.padding = BoxEdges(10)
        style.border = BoxEdges(top: 3, right: 3, bottom: 3, left: 7)
        let layout = try BoxEngine.layout(BoxNode(style: style, leaf: leaf))
        guard case .text(let text) = layout.leaf else {
            Issue.record("not text")
            return
        }
        let (rendering, bitmap) = try draw(layout, scale: 2)
        #expect(rendering.warnings.isEmpty)
        let ink = try #require(bitmap.bounds(where: { $0 != .white }))
        let content = PixelRect(
            x: 17, y: 13, width: layout.width - 30, height: layout.height - 26, scale: 2)
        #expect(content.contains(ink), "\(ink) in \(content)")
        // The glyphs start near the content box's left edge and baseline.
        let first = try #require(text.layout.lines.first)
        let baseline = (13 + first.baseline) * 2
        #expect(abs(Double(ink.maxY) - baseline) < 8)
        #expect(ink.minX - content.minX < 8)
        #expect(try #require(bitmap.strongest(in: ink)).isNear(Pixel(Self.red), within: 40))
        #expect(bitmap.pixels(in: ink).allSatisfy { $0.pixel.isBlend(of: Pixel(Self.red)) })
    }

    @Test func aTextLeafWithoutColourIsBlack() throws {
        let leaf = try TextLeaf("Ink", style: ParagraphStyle(fontSize: 20), fonts: .shipped)
        let layout = try BoxEngine.layout(BoxNode(leaf: leaf))
        let (_, bitmap) = try draw(layout)
        let ink = try #require(bitmap.bounds(where: { $0 != .white }))
        #expect(try #require(bitmap.strongest(in: ink)).isNear(Pixel("#000"), within: 40))
    }

    /// A 4 × 4 PNG, all red.
    func writeRed(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("red.png").path
        try writePNG(to: path, width: 4, height: 4) { context in
            cairo_set_source_rgb(context, 1, 0, 0)
            cairo_paint(context)
        }
        return path
    }

    @Test(arguments: [1.0, 2.0])
    func anImageLeafFillsItsContentBox(scale: Double) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try writeRed(in: folder)
        let image = box(
            4, 6, 40, 30, border: BoxEdges(2), padding: BoxEdges(top: 5, right: 3, bottom: 5, left: 3),
            leaf: .image(ImageLeaf(width: 20, height: 10, file: "red.png")))
        let (rendering, bitmap) = try draw(box(0, 0, 50, 40, children: [image]), scale: scale, imageFolder: folder.path)
        #expect(rendering.warnings.isEmpty)
        let content = PixelRect(x: 9, y: 13, width: 30, height: 16, scale: scale)
        #expect(bitmap.pixels(in: content).allSatisfy { $0.pixel == Pixel(Self.red) })
        #expect(bitmap.ring(around: content).allSatisfy { $0.pixel == .white })
    }

    @Test func anImageLeafLaidOutByTheEngine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try writeRed(in: folder)
        var style = BoxStyle()
        style.padding = BoxEdges(5)
        let layout = try BoxEngine.layout(BoxNode(style: style, leaf: ImageLeaf(width: 20, height: 10, file: path)))
        let (_, bitmap) = try draw(layout)
        #expect(bitmap.bounds(where: { $0 != .white }) == PixelRect(minX: 5, minY: 5, maxX: 25, maxY: 15))
    }

    @Test func aRowLeafIsDrawnInItsContentBox() throws {
        var line = MGLine(width: 30, height: 10)
        line.backgroundColor = Self.green
        let row = try line.layout()
        let (_, bitmap) = try draw(
            box(0, 0, 50, 30, padding: BoxEdges(top: 8, right: 0, bottom: 0, left: 6), leaf: .row(row)))
        #expect(bitmap.bounds(where: { $0 != .white }) == PixelRect(minX: 6, minY: 8, maxX: 36, maxY: 18))
    }

    // MARK: - Warnings

    @Test func warningsNameTheNodeByItsPathInTheTree() throws {
        let missing = box(0, 0, 10, 10, leaf: .image(ImageLeaf(width: 10, height: 10, file: "/no/such.png")))
        let root = box(0, 0, 40, 40, children: [box(0, 0, 10, 10), box(10, 10, 20, 20, children: [missing])])
        let (rendering, bitmap) = try draw(root)
        #expect(
            rendering.warnings == [
                RenderWarning(
                    location: RenderWarning.Location(nodePath: [1, 0]), problem: .imageNotFound, file: "/no/such.png")
            ])
        #expect(
            rendering.warnings.map(\.description) == [
                "children[1].children[0]: image not found: /no/such.png; drew a placeholder"
            ])
        // The placeholder is drawn in the image's box.
        #expect(bitmap.pixel(x: 15, y: 15) != .white)
        let alone = try draw(box(0, 0, 10, 10, leaf: .image(ImageLeaf(width: 10, height: 10))))
        #expect(alone.rendering.warnings.map(\.description) == ["root: the image names no file; drew a placeholder"])
    }

    @Test func warningsOfARowLeafNameItsItems() throws {
        let line = MGLine(
            left: .image(MGLine.Image(width: 10, height: 10, file: "/no/such.png")), right: nil, width: 30, height: 10)
        let root = box(0, 0, 40, 40, children: [box(5, 5, 30, 10, leaf: .row(try line.layout()))])
        let (rendering, _) = try draw(root)
        #expect(
            rendering.warnings.map(\.description) == [
                "children[0].line.leftItems[0]: image not found: /no/such.png; drew a placeholder"
            ])
        #expect(rendering.warnings.first?.location.nodePath == [0])
    }

    // MARK: - Formats and limits

    /// A tree with every kind of paint, as SVG and PDF: files of the picture's size.
    @Test(arguments: [RenderFormat.svg, .pdf])
    func vectorFilesHaveThePicturesSize(format: RenderFormat) throws {
        var paint = fill(MushColor(hex: "#fff")!, radius: 6)
        paint.shadow = BoxShadow(color: MushColor(hex: "#0006")!, offset: BoxOffset(y: 2), blur: 3)
        paint.borderColors = BoxEdges(Self.blue)
        paint.borderLineWidth = 1
        let leaf = try TextLeaf("Card", color: Self.red, fonts: .shipped)
        var style = BoxStyle()
        style.padding = BoxEdges(10)
        style.margin = BoxEdges(10)
        var outer = BoxStyle()
        outer.width = 120
        outer.height = 45
        let layout = try BoxEngine.layout(
            BoxNode(style: outer, children: [BoxNode(style: style, paint: paint, leaf: leaf)]))
        let rendering = try Renderer.render(layout, as: format, options: RenderOptions(scale: 1.5))
        #expect(rendering.width == 180 && rendering.height == 68)
        let text = String(decoding: rendering.data, as: UTF8.self)
        if format == .svg {
            #expect(text.hasPrefix("<?xml"))
            #expect(text.contains(#"width="180px" height="68px" viewBox="0 0 180 68""#))
            #expect(text.contains(">Card</text>"))
        } else {
            #expect(text.hasPrefix("%PDF-"))
            #expect(text.contains("/MediaBox [ 0 0 180 68 ]"))
        }
    }

    @Test func anEmptyRootIsAnError() {
        #expect(throws: RenderError.empty(width: 0, height: 10)) {
            try Renderer.render(box(0, 0, 0, 10), as: .png)
        }
    }

    /// A tree 1,000 levels deep is drawn (on a thread with a large stack).
    @Test func deepTreesAreDrawn() throws {
        var layout = box(0, 0, 10, 10, paint: fill(Self.red))
        for _ in 0..<1_000 { layout = box(0, 0, 10, 10, children: [layout]) }
        let (_, bitmap) = try draw(layout)
        #expect(bitmap.pixel(x: 5, y: 5) == Pixel(Self.red))
    }
}
