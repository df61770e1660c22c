import CCairo
import Foundation
import Mush
import MushLine
import MushRender
import Testing

/// Fills, borders, boxes, images, stacks, the scale, and what cannot be rendered.
@Suite struct DrawingTests {
    static let edges = (top: Pixel("#f00"), left: Pixel("#0f0"), bottom: Pixel("#00f"), right: Pixel("#ff0"))

    /// Checks every pixel of `rect`: the border colour within `thickness` pixels of an edge that
    /// has one (the top and bottom edges own the corners), `fill` inside.
    func expectBordered(
        _ bitmap: Bitmap, _ rect: PixelRect, thickness: Int, top: Pixel?, left: Pixel?, bottom: Pixel?, right: Pixel?,
        fill: Pixel, skipping skipped: PixelRect? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var wrong: [String] = []
        for (x, y, pixel) in bitmap.pixels(in: rect) where skipped?.contains(x: x, y: y) != true {
            var expected = fill
            if let top, y < rect.minY + thickness {
                expected = top
            } else if let bottom, y >= rect.maxY - thickness {
                expected = bottom
            } else if let left, x < rect.minX + thickness {
                expected = left
            } else if let right, x >= rect.maxX - thickness {
                expected = right
            }
            if !pixel.isNear(expected, within: 1) { wrong.append("(\(x), \(y)) \(pixel), not \(expected)") }
        }
        #expect(bitmap.pixels(in: rect).count == rect.width * rect.height, sourceLocation: sourceLocation)
        #expect(wrong.isEmpty, "\(wrong.count) pixels: \(wrong.prefix(6))", sourceLocation: sourceLocation)
    }

    // MARK: - Fills and borders

    @Test(arguments: [1.0, 2.0])
    func lineBackgroundAndBordersOnePointThick(scale: Double) throws {
        var line = MGLine(width: 60, height: 30)
        line.backgroundColor = MushColor(hex: "#888")
        line.borders = MGLine.Borders(
            top: MushColor(hex: "#f00"), left: MushColor(hex: "#0f0"),
            bottom: MushColor(hex: "#00f"), right: MushColor(hex: "#ff0"))
        let picture = try renderPNG(line, scale: scale)
        expectBordered(
            picture.bitmap, picture.bitmap.bounds, thickness: Int(scale), top: Self.edges.top,
            left: Self.edges.left, bottom: Self.edges.bottom, right: Self.edges.right, fill: Pixel("#888"))
    }

    @Test func edgesWithoutABorderLeaveTheCornersToTheirNeighbours() throws {
        var line = MGLine(width: 40, height: 20)
        line.borders = MGLine.Borders(left: MushColor(hex: "#0f0"), right: MushColor(hex: "#ff0"), width: 3)
        let picture = try renderPNG(line, scale: 2)
        expectBordered(
            picture.bitmap, picture.bitmap.bounds, thickness: 6, top: nil, left: Self.edges.left,
            bottom: nil, right: Self.edges.right, fill: .white)
    }

    /// Translucent borders: each corner is painted once, so it is as light as the edges.
    @Test func translucentBordersAreNotDoubledAtTheCorners() throws {
        var line = MGLine(width: 30, height: 20)
        line.borders = MGLine.Borders(all: MushColor(hex: "#00f8"), width: 2)
        let picture = try renderPNG(line)
        let edge = picture.bitmap.pixel(x: 10, y: 0)
        #expect(edge.isBlend(of: Pixel("#00f")) && edge != .white && edge.b == 255)
        expectBordered(
            picture.bitmap, picture.bitmap.bounds, thickness: 2, top: edge, left: edge, bottom: edge,
            right: edge, fill: .white)
    }

    @Test(arguments: [1.0, 2.0])
    func boxFillAndBorders(scale: Double) throws {
        var box = MGLine.Box(width: 40, height: 24, color: MushColor(hex: "#0c0"))
        box.borders = MGLine.Borders(
            top: MushColor(hex: "#f00"), left: MushColor(hex: "#0f0"),
            bottom: MushColor(hex: "#00f"), right: MushColor(hex: "#ff0"), width: 2)
        var line = MGLine(left: "Box", right: .box(box), width: 120, height: 50)
        line.backgroundColor = MushColor(hex: "#eee")
        let picture = try renderPNG(line, scale: scale)
        let frame = try #require(picture.layout.frame(.right, 0))
        let rect = picture.rect(frame)
        #expect(rect == picture.rect(frame, inward: true), "the box lies on whole pixels")
        expectBordered(
            picture.bitmap, rect, thickness: Int(2 * scale), top: Self.edges.top, left: Self.edges.left,
            bottom: Self.edges.bottom, right: Self.edges.right, fill: Pixel("#0c0"))
        // Around the box, the line's background.
        let ring = picture.bitmap.ring(around: rect)
        #expect(!ring.isEmpty && ring.allSatisfy { $0.pixel == Pixel("#eee") })
    }

    @Test func aBoxDrawsTheLineItHolds() throws {
        var inner = MGLine(left: ["In"])
        inner.backgroundColor = MushColor(hex: "#00f")
        inner.textColor = MushColor(hex: "#fff")!
        inner.minHeight = 1
        let box = MGLine.Box(width: 60, height: 36, color: MushColor(hex: "#f00"), line: inner)
        let picture = try renderPNG(MGLine(left: nil, right: .box(box), width: 100, height: 40), scale: 2)
        let frame = try #require(picture.layout.frame(.right, 0))
        guard case .box(let laidOut) = picture.layout.items.first(where: { $0.side == .right })?.content,
            let nested = laidOut.line
        else {
            Issue.record("the box holds no laid-out line")
            return
        }
        // The inner line over the box's fill, from its top-left corner; its text inside it.
        #expect(nested.width == frame.width && nested.height < frame.height)
        let text = try #require(nested.frame(.left, 0))
        let nestedRect = picture.rect(
            MGLineLayout.Frame(x: frame.x, y: frame.y, width: nested.width, height: nested.height))
        let ink = picture.bitmap.bounds(in: nestedRect) { $0 != Pixel("#00f") }
        #expect(picture.bitmap.bounds { $0 == Pixel("#00f") } == nestedRect)
        #expect(
            picture.bitmap.bounds { $0 == Pixel("#f00") }
                == picture.rect(
                    MGLineLayout.Frame(
                        x: frame.x, y: frame.y + nested.height, width: frame.width, height: frame.height - nested.height
                    )))
        let textRect = picture.rect(
            MGLineLayout.Frame(
                x: frame.x + text.x, y: frame.y + text.y, width: text.width,
                height: text.height))
        let found = try #require(ink)
        #expect(textRect.contains(found), "\(found) outside \(textRect)")
    }

    // MARK: - Scale

    @Test func pixelSizesAndInkFollowTheScale() throws {
        // Sizes whose products round down to the nearest pixel: the picture rounds them up.
        let line = textLine("Scale me", width: 100.2, height: 30.1)
        let one = try renderPNG(line, scale: 1)
        let reference = try #require(one.bitmap.bounds { $0.darkness > 100 })
        for scale in [1.0, 2.0, 3.0] {
            let picture = try renderPNG(line, scale: scale)
            let width = Int((100.2 * scale).rounded(.up))
            let height = Int((30.1 * scale).rounded(.up))
            #expect(picture.bitmap.width == width && picture.bitmap.height == height, "scale \(scale)")
            #expect(picture.rendering.width == width && picture.rendering.height == height)
            let ink = try #require(picture.bitmap.bounds { $0.darkness > 100 })
            // A point is `scale` pixels: the ink moves with it, give or take a pixel of the
            // scale-1 picture and one of this one.
            let slack = Int(scale) + 1
            for (found, expected) in [
                (ink.minX, reference.minX), (ink.minY, reference.minY),
                (ink.maxX, reference.maxX), (ink.maxY, reference.maxY),
            ] {
                #expect(abs(found - Int(Double(expected) * scale)) <= slack, "scale \(scale): \(ink) for \(reference)")
            }
        }
    }

    @Test func aFractionalScaleRoundsThePictureUp() throws {
        let picture = try renderPNG(MGLine(width: 10, height: 7), scale: 1.2)
        #expect(picture.bitmap.width == 12 && picture.bitmap.height == 9)
    }

    // MARK: - Images

    /// A 10 × 10 PNG: the left half red, the right half blue.
    func writeSwatch(in folder: URL, name: String = "swatch.png") throws -> String {
        let path = folder.appendingPathComponent(name).path
        try writePNG(to: path, width: 10, height: 10) { context in
            cairo_set_source_rgb(context, 1, 0, 0)
            cairo_rectangle(context, 0, 0, 5, 10)
            cairo_fill(context)
            cairo_set_source_rgb(context, 0, 0, 1)
            cairo_rectangle(context, 5, 0, 5, 10)
            cairo_fill(context)
        }
        return path
    }

    /// The 10 × 10 swatch in a 40 × 20 frame at scale 2: each source pixel is 8 × 4 pixels. Away
    /// from the seam (where the scaling filter blends red into blue, half a source pixel each side)
    /// the frame is the image's colours, to its very edges; outside it, the background.
    @Test func anImageIsScaledToFillItsFrame() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try writeSwatch(in: folder)
        var line = MGLine(
            left: .image(MGLine.Image(width: 40, height: 20, file: path)), right: nil, width: 100, height: 40)
        line.padding = MGLine.Insets(left: 12)
        let picture = try renderPNG(line, scale: 2)
        #expect(picture.rendering.warnings.isEmpty)
        let frame = try #require(picture.layout.frame(.left, 0))
        let rect = picture.rect(frame)
        #expect(rect == picture.rect(frame, inward: true) && rect.width == 80 && rect.height == 40)
        let seam = rect.minX + rect.width / 2
        let blend = rect.width / 10 / 2
        var wrong: [String] = []
        for (x, y, pixel) in picture.bitmap.pixels(in: rect) {
            let expected: Pixel? = x < seam - blend ? Pixel("#f00") : x >= seam + blend ? Pixel("#00f") : nil
            if let expected, pixel != expected {
                wrong.append("(\(x), \(y)) \(pixel), not \(expected)")
            } else if expected == nil, !(pixel.g == 0 && abs(pixel.r + pixel.b - 255) <= 2 && pixel.a == 255) {
                wrong.append("(\(x), \(y)) \(pixel), not red and blue mixed")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) pixels: \(wrong.prefix(6))")
        #expect(picture.bitmap.strayPixels(outside: [rect], background: .white).isEmpty)
    }

    @Test func aMissingImageIsAPlaceholderAndAWarningNamingTheItemAndPath() throws {
        let path = "/nonexistent-mush-folder/missing.png"
        let line = MGLine(
            left: "Icon", right: .image(MGLine.Image(width: 30, height: 30, file: path)), width: 120, height: 40)
        let picture = try renderPNG(line, scale: 2)
        #expect(
            picture.rendering.warnings == [
                RenderWarning(
                    location: RenderWarning.Location(steps: [.init(side: .right, index: 0)]), problem: .imageNotFound,
                    file: path)
            ])
        #expect(
            picture.rendering.warnings.map(\.description) == [
                "rightItems[0]: image not found: \(path); drew a placeholder"
            ])
        let frame = picture.rect(try #require(picture.layout.frame(.right, 0)))
        #expect(picture.bitmap.count(in: frame) { $0 == .white } == 0, "the placeholder covers the frame")
    }

    /// An image in a box's line, in a stack, is named in its warning as validation names it.
    @Test func warningsNameNestedItemsAsValidationDoes() throws {
        func stack(imageWidth: Double) -> MGStack {
            let inner = MGLine(
                width: 0, height: 20, left: [.image(MGLine.Image(width: imageWidth, height: 10, file: "/no/such.png"))])
            let line = MGLine(width: 0, height: 40, right: [.box(MGLine.Box(width: 100, height: 30, line: inner))])
            return MGStack(width: 200, lines: [MGLine(width: 0, height: 10), line])
        }
        let error = #expect(throws: MGLineError.self) { try stack(imageWidth: -1).layout() }
        guard case .invalidValue(let property, _)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(property.hasSuffix(".width"))
        let name = String(property.dropLast(".width".count))
        let good = stack(imageWidth: 10)
        let rendering = try Renderer.render(try good.layout(), as: .svg)
        #expect(rendering.warnings.map(\.description) == ["\(name): image not found: /no/such.png; drew a placeholder"])
        #expect(name == "lines[1].rightItems[0].line.leftItems[0]")
        // The warning keeps the place in parts: the stack's line, then the box, then the image.
        let location = try #require(rendering.warnings.first?.location)
        #expect(location.line == 1)
        #expect(location.steps == [.init(side: .right, index: 0), .init(side: .left, index: 0)])
        // Named another way, as `mush render` names it by the JSON's keys.
        let named = rendering.warnings.first?.description { location in
            location.steps.map { "\($0.side)#\($0.index)" }.joined(separator: "/")
        }
        #expect(named == "right#0/left#0: image not found: /no/such.png; drew a placeholder")
    }

    @Test func aPlaceholderStaysInsideItsFrame() throws {
        let line = MGLine(left: nil, right: .image(MGLine.Image(width: 30, height: 30)), width: 60, height: 40)
        let picture = try renderPNG(line, scale: 2)
        #expect(
            picture.rendering.warnings.map(\.description) == [
                "rightItems[0]: the image names no file; drew a placeholder"
            ])
        #expect(picture.rendering.warnings.first?.file == nil)
        let frame = picture.rect(try #require(picture.layout.frame(.right, 0)))
        #expect(picture.bitmap.count(in: frame) { $0 == .white } == 0)
        let stray = picture.bitmap.strayPixels(outside: [frame], background: .white)
        #expect(stray.isEmpty, "drawn outside \(frame): \(stray.map { "(\($0.x), \($0.y)) \($0.pixel)" })")
    }

    @Test func relativeImagePathsAreReadFromTheImageFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "swatch-\(UUID().uuidString).png"
        _ = try writeSwatch(in: folder, name: name)
        let line = MGLine(
            left: .image(MGLine.Image(width: 20, height: 20, file: name)), right: nil, width: 40, height: 20)
        let found = try renderPNG(line, imageFolder: folder.path)
        #expect(found.rendering.warnings.isEmpty)
        #expect(found.bitmap.pixel(x: 3, y: 10) == Pixel("#f00") && found.bitmap.pixel(x: 16, y: 10) == Pixel("#00f"))
        // Without the folder, the name is read from the current directory, where it is not.
        let missing = try renderPNG(line)
        #expect(missing.rendering.warnings.map(\.problem) == [.imageNotFound])
        #expect(missing.rendering.warnings.first?.file == name)
        #expect(missing.bitmap.pixel(x: 3, y: 10) != Pixel("#f00"))
    }

    /// Files that are not PNG images the renderer can draw, made in `folder`: each with the problem
    /// the warning should name.
    func unreadableImages(in folder: URL) throws -> [(
        path: String, problem: RenderWarning.Problem, description: String
    )] {
        let good = try Data(contentsOf: URL(fileURLWithPath: try writeSwatch(in: folder)))
        func file(_ name: String, _ bytes: Data) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try bytes.write(to: URL(fileURLWithPath: path))
            return path
        }
        // A byte of the image data changed: the chunk's checksum no longer matches.
        var damaged = good
        let data = try #require(damaged.range(of: Data("IDAT".utf8))).upperBound + 2
        damaged[data] ^= 0xFF
        // A PNG header saying 40000 × 10 pixels (refused before anything else is read).
        var huge = Data(PNGHeader.signature)
        huge.append(
            contentsOf: [0, 0, 0, 13] + Array("IHDR".utf8) + PNGHeader.bigEndian(40000) + PNGHeader.bigEndian(10))
        huge.append(contentsOf: [8, 6, 0, 0, 0, 0, 0, 0, 0])
        var wide = huge
        wide.replaceSubrange(16..<24, with: PNGHeader.bigEndian(20000) + PNGHeader.bigEndian(20000))
        let folderPath = folder.appendingPathComponent("icons.png")
        try FileManager.default.createDirectory(at: folderPath, withIntermediateDirectories: false)
        let text = try file("text.png", Data("hello\n".utf8))
        return [
            (text, .notAnImage, "not a PNG, JPEG, WebP or SVG file"),
            (try file("empty.png", Data()), .notAnImage, "not a PNG, JPEG, WebP or SVG file"),
            (try file("cut.png", good.prefix(60)), .damagedImage("PNG"), "a damaged PNG file"),
            (try file("damaged.png", damaged), .damagedImage("PNG"), "a damaged PNG file"),
            (
                try file("huge.png", huge), .imageTooLarge(width: 40000, height: 10),
                "the image is too large (40000 × 10 pixels; at most 32767 a side and 50000000 in all)"
            ),
            (
                try file("wide.png", wide), .imageTooLarge(width: 20000, height: 20000),
                "the image is too large (20000 × 20000 pixels; at most 32767 a side and 50000000 in all)"
            ),
            (folderPath.path, .imageIsAFolder, "the image's path is a folder"),
            (folder.appendingPathComponent("missing.png").path, .imageNotFound, "image not found"),
            // A path through a file, as if it were a folder.
            (text + "/inside.png", .imageNotFound, "image not found"),
        ]
    }

    /// Each way an image file can fail is told apart in its warning (Cairo alone says "out of
    /// memory" or "error while reading" for most of them), and drawn as a placeholder.
    @Test func unreadableImagesSayWhatIsWrongWithThem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = try unreadableImages(in: folder)
        let line = MGLine(
            width: 40 * Double(cases.count), height: 30,
            left: cases.map { .image(MGLine.Image(width: 30, height: 30, file: $0.path)) })
        let picture = try renderPNG(line)
        #expect(picture.rendering.warnings.map(\.problem) == cases.map(\.problem))
        #expect(picture.rendering.warnings.map(\.file) == cases.map(\.path))
        #expect(
            picture.rendering.warnings.map(\.description)
                == cases.enumerated().map { index, wanted in
                    "leftItems[\(index)]: \(wanted.description): \(wanted.path); drew a placeholder"
                })
        for index in cases.indices {
            let frame = picture.rect(try #require(picture.layout.frame(.left, index)))
            #expect(picture.bitmap.count(in: frame) { $0 == .white } == 0, "a placeholder covers \(cases[index].path)")
        }
    }

    /// A file the renderer may not read is said to be so. (Root reads every file, so this runs only
    /// for other users.)
    @Test(.enabled(if: getuid() != 0, "root may read any file"))
    func anImageWithoutPermissionToReadItSaysSo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try writeSwatch(in: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        let line = MGLine(width: 40, height: 30, left: [.image(MGLine.Image(width: 30, height: 30, file: path))])
        let picture = try renderPNG(line)
        #expect(
            picture.rendering.warnings.map(\.description) == [
                "leftItems[0]: no permission to read the image: \(path); drew a placeholder"
            ])
    }

    // MARK: - Stacks

    @Test func aStackDrawsItsLinesAtTheirPlacesOnATransparentPicture() throws {
        var first = MGLine(width: 0, height: 30, left: ["One"])
        first.padding = MGLine.Insets(left: 4)
        first.backgroundColor = MushColor(hex: "#f00")
        var second = MGLine(width: 120, height: 24, left: ["Two"])
        second.padding = MGLine.Insets(left: 4)
        second.backgroundColor = MushColor(hex: "#00f")
        second.margin = MGLine.Insets(top: 7, left: 5)
        let stack = MGStack(
            width: 200, padding: MGLine.Insets(top: 10, left: 10, bottom: 10, right: 10),
            lines: [first, second])
        let layout = try stack.layout()
        let scale = 2.0
        let rendering = try Renderer.render(layout, as: .png, options: RenderOptions(scale: scale))
        let bitmap = try Bitmap(png: rendering.data)
        #expect(bitmap.width == Int(200 * scale) && Double(bitmap.height) == (layout.height * scale).rounded(.up))

        let frames = layout.lines.map { PixelRect($0.frame, scale: scale) }
        #expect(bitmap.bounds { $0 == Pixel("#f00") } == frames[0])
        #expect(bitmap.bounds { $0 == Pixel("#00f") } == frames[1])
        #expect(frames[1].minY > frames[0].maxY, "a margin between the lines")
        // The text of each line, in its line's text frame.
        for (placed, colour) in zip(layout.lines, ["#f00", "#00f"]) {
            let text = try #require(placed.layout.frame(.left, 0))
            let textRect = PixelRect(
                x: placed.x + text.x, y: placed.y + text.y, width: text.width, height: text.height,
                scale: scale)
            let ink = try #require(bitmap.bounds(in: PixelRect(placed.frame, scale: scale)) { $0 != Pixel(colour) })
            // (A pixel of slack: the T of "Two" overhangs its advance to the left.)
            let room = textRect.outset(1)
            #expect(room.contains(ink), "\(ink) outside \(room)")
        }
        // No background: padding and margins are transparent.
        let stray = bitmap.strayPixels(outside: frames, background: .transparent)
        #expect(stray.isEmpty, "\(stray.prefix(5).map(\.pixel))")
        #expect(bitmap.pixel(x: 1, y: 1).a == 0)
        #expect(bitmap.pixel(x: frames[1].minX + 2, y: frames[1].minY - 3).a == 0, "in the margin between the lines")
    }

    @Test func aStackBackgroundAndBordersSurroundItsLines() throws {
        var line = MGLine(width: 0, height: 20)
        line.backgroundColor = MushColor(hex: "#ff0")
        let stack = MGStack(
            width: 50, padding: MGLine.Insets(top: 5, left: 5, bottom: 5, right: 5),
            backgroundColor: MushColor(hex: "#888"), borders: MGLine.Borders(all: MushColor(hex: "#f00")),
            lines: [line])
        let layout = try stack.layout()
        let bitmap = try Bitmap(png: try Renderer.render(layout, as: .png).data)
        let lineRect = PixelRect(layout.lines[0].frame, scale: 1)
        #expect(lineRect == PixelRect(minX: 5, minY: 5, maxX: 45, maxY: 25))
        #expect(bitmap.bounds { $0 == Pixel("#ff0") } == lineRect)
        expectBordered(
            bitmap, bitmap.bounds, thickness: 1, top: Pixel("#f00"), left: Pixel("#f00"),
            bottom: Pixel("#f00"), right: Pixel("#f00"), fill: Pixel("#888"), skipping: lineRect)
    }

    // MARK: - Errors

    @Test func aPictureWithNoAreaIsAnError() throws {
        let line = MGLine(width: 100, height: 0)
        #expect(throws: RenderError.empty(width: 100, height: 0)) {
            try Renderer.render(try line.layout(), as: .png)
        }
        let stack = MGStack(width: 100)
        #expect(throws: RenderError.empty(width: 100, height: 0)) {
            try Renderer.render(try stack.layout(), as: .svg)
        }
    }

    @Test(arguments: [0.0, -1.0, Double.nan, Double.infinity])
    func aScaleThatIsNotAPositiveNumberIsAnError(scale: Double) throws {
        let line = MGLine(width: 100, height: 20, left: ["x"])
        for format in RenderFormat.allCases {
            let error = #expect(throws: RenderError.self) {
                try Renderer.render(try line.layout(), as: format, options: RenderOptions(scale: scale))
            }
            guard case .invalidScale(let given)? = error else {
                Issue.record("\(format): \(String(describing: error))")
                continue
            }
            #expect(given == scale || (given.isNaN && scale.isNaN))
        }
    }

    @Test func aPictureTooLargeForCairoIsAnError() throws {
        let line = MGLine(width: 20000, height: 10)
        #expect(throws: RenderError.tooLarge(width: 40000, height: 20, format: .png)) {
            try Renderer.render(try line.layout(), as: .png, options: RenderOptions(scale: 2))
        }
        // At scale 1 the same line fits.
        let fits = try Renderer.render(try line.layout(), as: .png)
        #expect(fits.width == 20000 && fits.height == 10)
    }
}
