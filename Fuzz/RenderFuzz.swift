// The render target's `afterLayout`: draws the rows LineFuzz.swift generates and lays out.
//
// Compiled by `MUSH_FUZZ_TARGET=render bash Fuzz/run.sh` with LineFuzz.swift, Sources/Mush,
// Fonts/MushFonts.swift, Sources/MushText, Sources/MushLine and Sources/MushRender as one module
// (Cairo through Sources/CCairo). LineFuzz.swift decodes the input into a line, checks its layout,
// then hands the line, the layout and two spare input bytes (`choices`) to this file's
// `afterLayout`. The choices pick the scale (bits 0–1: 1, 2 or 3), whether SVG and PDF are drawn
// too (bits 2–3 both set: one input in 4), the background (bits 4–5), and a seed for what takes no
// room in a layout (bits 6–15; 0: nothing added): colours, borders, text shadows, box fills and
// image files (none, missing, a special file, or a real PNG from $MUSH_FUZZ_IMAGES, which run.sh
// sets to Examples/icons). The decorated line is laid out again, and its layout drawn: the renderer reads
// layouts only, never the line. Rows larger than 2,000 pixels a side at the chosen scale are not
// drawn, to keep the runs fast. Every property that fails stops the fuzzer with fatalError ("Mush
// render fuzz property failed: …", as LineFuzz.swift reports).
//
// Properties:
//  0. the decorated line lays out as the plain one (drawing properties take no room), and its
//     layout carries the decorations (LineFuzz.swift's property 11);
//  1. a row 0 wide or 0 high throws RenderError.empty; any other row draws without throwing (in
//     particular no RenderError.cairo: Cairo's context stays out of its error state);
//  2. a PNG is ceil(width × scale) × ceil(height × scale) pixels, in the rendering and in its IHDR;
//     JPEG, WebP, SVG and PDF report the same size (JPEG and WebP drawn when SVG and PDF are);
//  3. the bytes are a PNG (signature), a JPEG (SOI … EOI), a WebP (RIFF … WEBP, its RIFF size the
//     file's), a PDF ("%PDF-" … "%%EOF") or an SVG ("<svg" … "</svg>" and whitespace, and
//     well-formed XML);
//  4. the warnings are exactly one per drawn image with no file, and one per missing or unreadable
//     file (the first image that names it; special files too: a FIFO, a device, a folder, a text
//     file, a cut PNG, a PNG declaring too many pixels), in drawing order, each naming its item and
//     the problem;
//  5. drawing the same layout twice gives the same PNG bytes and warnings;
//  6. the same for SVG and PDF (when they are drawn): the same bytes and warnings twice (no date,
//     no names counted across the process);
//  7. ink only where the layout put things: the row drawn with a margin of 50 points on every side
//     of a transparent PNG (through the renderer's own Canvas and Painter, with the same layout)
//     has no pixel with any alpha outside the row's rectangle and its visible items' frames (a
//     fixed-height row may place a tall image or box beyond its top and bottom, unclipped as in
//     UIKit; a box's line counts with its own rectangle and items), except where text may reach
//     (text is not clipped either): each glyph run's ink as Cairo measures it, its background and
//     decorations, and these moved by the side's text-shadow offset, with two pixels of hinting
//     and anti-aliasing around. Fills, borders, images and placeholders must stay inside. Checked
//     for pictures of at most 600,000 pixels with the margin;
//  8. one input in four: the row as the leaf of a chain of painted boxes (1 to 16 levels, one in
//     sixteen 64; backgrounds, rounded corners, borders, shadows, clips, scroll offsets, z-indexes,
//     opacities, image leaves of real, missing and special files beside the row)
//     lays out, draws as PNG at its size in pixels, and as SVG (one in four) in at most 16 KB a box
//     more than the same layout with its paint taken away (checkPaintedTree).

import CCairo
import Foundation
import FoundationXML
import Mush
import MushBox
import MushLine
import MushRender

/// The row properties are the line target's (LineFuzz.swift's 1–11, which lay each row out four
/// or five times): here the row is laid out once (twice when decorated) and drawn, so that more
/// drawings are tried in the same time (the line target's 200 executions a second, or fewer,
/// became 92 with the drawing added; without the row checks, N).
let checksRows = false

/// The largest picture drawn, in pixels a side.
private let largestSide = 2000.0

/// The folder of real PNG images (run.sh: Examples/icons), and one image in it that exists.
private let imageFolder = ProcessInfo.processInfo.environment["MUSH_FUZZ_IMAGES"]
private let realImages = [
    "bell.png", "check.png", "note.png", "star.png",
    // The image tests' JPEG (one turned by its EXIF orientation), WebP and SVG files.
    "../../Tests/MushImageTests/Images/halves.jpg", "../../Tests/MushImageTests/Images/halves-rotated.jpg",
    "../../Tests/MushImageTests/Images/halves-lossy.webp", "../../Tests/MushImageTests/Images/icon.svg",
    "../../Tests/MushImageTests/Images/wide.svg",
].filter { name in
    FileManager.default.fileExists(atPath: (imageFolder.map { $0 + "/" } ?? "") + name)
}

/// Paths that are not pictures, with the start of the problem each must be reported with: a FIFO
/// (which must not block the drawing), a device, a folder, a text file, a file that says it is a
/// PNG and stops after its header, one whose header declares 100,000 × 100,000 pixels, a JPEG and a
/// WebP cut short and a broken SVG. Made
/// once, in the temporary folder (the same names each run, so several fuzzing processes share them).
private let specialFiles: [(path: String, problem: String)] = {
    let folder = NSTemporaryDirectory() + "mush-fuzz-render"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    func header(width: UInt32, height: UInt32) -> [UInt8] {
        let big = { (value: UInt32) in (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return signature + big(13) + Array("IHDR".utf8) + big(width) + big(height) + [8, 6, 0, 0, 0]
    }
    let files: [(name: String, bytes: [UInt8], problem: String)] = [
        ("text.png", Array("not a picture\n".utf8), "not a PNG, JPEG, WebP or SVG file"),
        ("cut.png", header(width: 2, height: 2), "a damaged PNG file"),
        ("bomb.png", header(width: 100_000, height: 100_000), "the image is too large"),
        // A JPEG and a WebP cut after their first bytes, an SVG whose XML breaks after its root tag.
        ("cut.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8), "a damaged JPEG file"),
        ("cut.webp", Array("RIFF".utf8) + [0x20, 0, 0, 0] + Array("WEBPVP8 ".utf8), "a damaged WebP file"),
        ("broken.svg", Array("<svg width='4' height='4'><rect></svg".utf8), "a damaged SVG file"),
    ]
    var special: [(path: String, problem: String)] = []
    for file in files {
        let path = folder + "/" + file.name
        if FileManager.default.contents(atPath: path).map(Array.init) != file.bytes {
            FileManager.default.createFile(atPath: path, contents: Data(file.bytes))
        }
        special.append((path, file.problem))
    }
    let fifo = folder + "/pipe.png"
    if mkfifo(fifo, 0o600) != 0 && errno != EEXIST { fatalError("mkfifo \(fifo): errno \(errno)") }
    special += [
        (fifo, "image not read ("), ("/dev/zero", "image not read ("), (folder, "the image's path is a folder"),
        ("/proc/self/status", "not a PNG, JPEG, WebP or SVG file"),
    ]
    return special
}()

func afterLayout(_ line: MGLine, _ layout: MGLineLayout, choices: UInt16) {
    let plain = layout
    let scale = Double(1 + Int(choices & 3) % 3)
    let vectors = choices >> 2 & 3 == 3
    let backgrounds: [MushColor?] = [
        nil, MushColor(red: 255, green: 255, blue: 255),
        MushColor(red: 0x20, green: 0x80, blue: 0x90, alpha: 0x80),
        MushColor(red: 0, green: 0, blue: 0, alpha: 0),
    ]
    let options = RenderOptions(
        scale: scale, background: backgrounds[Int(choices >> 4 & 3)], images: ImageFiles(folder: imageFolder))
    var line = line
    var layout = layout
    let setting =
        "scale \(Int(scale)), background \(options.background.map { "\($0)" } ?? "none"), choices 0x"
        + String(choices, radix: 16)
    func fail(_ message: String) -> Never {
        lineFail("\(message) (\(setting))", line, layout: layout, target: "render")
    }
    if choices >> 6 != 0 {
        var random = Random(seed: UInt64(choices))
        line = decorated(line, &random)
        // 0: decorations move nothing, and the layout carries them.
        do {
            layout = try line.layout()
        } catch {
            fail("the decorated line could not be laid out: \(error)")
        }
        checkDrawing(layout, of: line, target: "render")
        var undecorated = layout
        strip(&undecorated)
        if let difference = difference(undecorated, plain) { fail("decorations moved something: \(difference)") }
    }

    let pixelWidth = (layout.width * scale).rounded(.up)
    let pixelHeight = (layout.height * scale).rounded(.up)
    guard pixelWidth <= largestSide, pixelHeight <= largestSide else { return }
    let empty = layout.width == 0 || layout.height == 0

    // 4: the warnings the images should give.
    var expected: [String] = []
    var failing: Set<String> = []
    expectWarnings(layout, path: "", &expected, &failing)

    func render(_ format: RenderFormat) -> Rendering? {
        let rendering: Rendering
        do {
            rendering = try Renderer.render(layout, as: format, options: options)
        } catch .empty(let width, let height) {
            // 1: only a row without area is empty.
            if !empty {
                fail("\(format) threw .empty(\(width) × \(height)) for a row \(layout.width) × \(layout.height)")
            }
            return nil
        } catch .fontTooLarge(let size, let scale, _) where size * scale > Canvas.maximumPixelsPerEm {
            // Mush text may ask for any size ({font:,20000|…}); past FreeType's limit it is an error.
            return nil
        } catch {
            fail("\(format) threw \(error) (\(String(describing: error)))")
        }
        if empty { fail("\(format) of a row \(layout.width) × \(layout.height) did not throw .empty") }
        check(rendering, format: format)
        return rendering
    }

    func check(_ rendering: Rendering, format: RenderFormat) {
        // 2: the size.
        if Double(rendering.width) != pixelWidth || Double(rendering.height) != pixelHeight {
            fail("\(format) is \(rendering.width) × \(rendering.height), not \(Int(pixelWidth)) × \(Int(pixelHeight))")
        }
        // 3: the bytes.
        let data = rendering.data
        switch format {
        case .png:
            let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            guard data.count > 24, data.starts(with: signature) else { fail("the PNG has no PNG signature") }
            func bigEndian(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            if bigEndian(16) != rendering.width || bigEndian(20) != rendering.height {
                fail(
                    "the PNG's header says \(bigEndian(16)) × \(bigEndian(20)), the rendering \(rendering.width) × \(rendering.height)"
                )
            }
        case .jpeg:
            if !data.starts(with: [0xFF, 0xD8, 0xFF]) { fail("the JPEG does not start with its SOI marker") }
            if !data.reversed().starts(with: [0xD9, 0xFF]) { fail("the JPEG does not end with its EOI marker") }
        case .webp:
            func littleEndian(_ at: Int) -> Int { data[at..<at + 4].reversed().reduce(0) { $0 << 8 | Int($1) } }
            guard data.count > 12, data.starts(with: Array("RIFF".utf8)), data[8..<12].elementsEqual("WEBP".utf8)
            else { fail("the WebP has no RIFF WEBP header") }
            if littleEndian(4) != data.count - 8 {
                fail("the WebP's RIFF size is \(littleEndian(4)), not \(data.count - 8)")
            }
        case .pdf:
            if !data.starts(with: Array("%PDF-".utf8)) { fail("the PDF does not start with %PDF-") }
            if !trimmed(data).reversed().starts(with: Array("%%EOF".utf8).reversed()) {
                fail("the PDF does not end with %%EOF")
            }
        case .svg:
            let text = String(decoding: data, as: UTF8.self)
            if !text.contains("<svg") { fail("the SVG has no <svg") }
            if !trimmed(data).reversed().starts(with: Array("</svg>".utf8).reversed()) {
                fail("the SVG does not end with </svg>: …\(text.suffix(80).debugDescription)")
            }
            let parser = XMLParser(data: data)
            if !parser.parse() {
                let error = parser.parserError.map { "\($0)" } ?? "no error given"
                fail(
                    "the SVG is not well-formed XML (line \(parser.lineNumber), column \(parser.columnNumber)): \(error)"
                )
            }
        }
        // 4: the warnings.
        let matches =
            rendering.warnings.count == expected.count
            && zip(rendering.warnings, expected).allSatisfy { $0.description.hasPrefix($1) }
        if !matches {
            fail("\(format) warned \(rendering.warnings.map(\.description)), expected \(expected.map { $0 + "…" })")
        }
    }

    guard let png = render(.png) else { return }
    // 5: the same layout drawn again.
    if let again = render(.png), again.data != png.data || again.warnings != png.warnings {
        fail("two PNGs of the same layout differ (\(png.data.count) and \(again.data.count) bytes)")
    }
    if vectors {
        // JPEG and WebP: the same pixels written other ways (checks 2 and 3).
        _ = render(.jpeg)
        _ = render(.webp)
        for format in [RenderFormat.svg, .pdf] {
            // 6: vector files are reproducible too.
            if let first = render(format), let again = render(format),
                again.data != first.data || again.warnings != first.warnings
            {
                let at =
                    zip(first.data, again.data).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(first.data.count, again.data.count)
                fail(
                    "two \(format)s of the same layout differ (\(first.data.count) and \(again.data.count) bytes, from byte \(at))"
                )
            }
        }
    }
    // 7: no ink outside the row but text's.
    if let stray = strayInk(layout, options: options), !stray.isEmpty {
        let shown = stray.prefix(5).map { "(\($0.x), \($0.y))" }.joined(separator: ", ")
        fail(
            "\(stray.count) pixels inked outside the row, its items' frames and its text's reach, at \(shown) (margin \(Int(inkMargin * scale)) pixels)"
        )
    }

    // 8: the row in a deep painted tree, one input in four.
    if choices >> 14 == 3 { checkPaintedTree(line, choices: choices, options: options, fail: fail) }
}

// MARK: - Painted trees

/// Property 8: the row as the leaf of a chain of boxes, each painted as cards are (a background,
/// rounded corners, borders, a shadow, now and then a clip, a scroll offset, a z-index, an
/// opacity, a sibling that is empty or an image leaf of any file), 1 to 16 levels deep (one such tree in sixteen: 64). The tree lays out; it draws as PNG
/// without an error (but an empty or too large picture) at the layout's size in pixels (with the
/// room the root's own shadow takes); as SVG (one in four) in a file that grows with the boxes,
/// not with their product (a deep tree of nested clips and shadows once wrote 173 MB for 400
/// levels): at most 16 KB a box more than the same layout with its paint taken away.
private func checkPaintedTree(
    _ line: MGLine, choices: UInt16, options: RenderOptions, fail: (String) -> Never
) {
    var random = Random(seed: UInt64(choices) &* 0x9E37_79B9 ^ 0x5EED)
    let depth = random.oneIn(16) ? 64 : 1 + Int(random.next() % 16)
    guard let leaf = try? LineLeaf(line) else { return }
    var node = BoxNode(id: "row", leaf: leaf)
    for level in 0..<depth {
        var style = BoxStyle()
        style.flexDirection = random.oneIn(2) ? .row : .column
        style.padding = BoxEdges(BoxLength.points(random.pick([0, 0, 1, 2.5, 4])))
        style.border = BoxEdges(BoxLength.points(random.pick([0, 0, 1, 0.5])))
        style.overflow = random.pick([.visible, .visible, .hidden, .clip, .scroll])
        // A box that repeats as a head or a foot on the pages of its parent (and a row group of a
        // tagged table).
        if random.oneIn(6) { style.repeats = random.pick([.header, .footer]) }
        var paint = BoxPaint(
            backgroundColor: random.color(), borderColors: BoxEdges(random.color()),
            cornerRadius: random.pick([0, 0, 3, 8.5, 40]))
        if random.oneIn(3) {
            paint.shadow = BoxShadow(
                color: random.color() ?? MushColor(red: 0, green: 0, blue: 0, alpha: 0x40),
                offset: BoxOffset(x: random.pick([0, 1, -2]), y: random.pick([0, 1, 3])),
                blur: random.pick([0, 2, 6.5]))
        }
        if random.oneIn(8) { paint.contentOffset = BoxOffset(x: random.pick([0, 3]), y: random.pick([1, 10])) }
        if random.oneIn(8) { paint.zIndex = random.pick([-1, 1, 2]) }
        // Translucent boxes: their groups are bounded by what they paint (in a PNG).
        if random.oneIn(6) { paint.opacity = random.pick([0, 0.3, 0.99]) }
        // What a tagged PDF makes of the box: a role, a heading, a link.
        if random.oneIn(4) { paint.role = random.pick(BoxRole.allCases) }
        if random.oneIn(6) { paint.bookmark = BoxBookmark(level: random.pick([1, 2, 6]), isHeading: true) }
        if random.oneIn(6) { paint.link = random.pick(["https://example.com/", "#level0", "#row"]) }
        if random.oneIn(6) { paint.alternateText = random.pick(["", "a picture"]) }
        var children = [node]
        if random.oneIn(4) {
            var sibling = BoxStyle()
            sibling.width = .points(random.pick([0, 5, 12]))
            sibling.height = .points(random.pick([0, 5, 12]))
            var paint = BoxPaint(backgroundColor: random.color(), cornerRadius: 2)
            if random.oneIn(4) { paint.opacity = 0.5 }
            // Now and then an image leaf of its own size: a real picture, a missing one, or a
            // file that is no picture (drawn as a placeholder with a warning, never an error).
            let spacer =
                random.oneIn(2)
                ? BoxNode(
                    id: "image", style: sibling, paint: paint,
                    leaf: ImageLeaf(
                        width: random.pick([0, 4, 16]), height: random.pick([0, 4, 16]),
                        file: random.pick(
                            [nil, "missing.png", realImages.first, realImages.last] + specialFiles.map(\.path))))
                : BoxNode(id: "spacer", style: sibling, paint: paint)
            children.insert(spacer, at: random.oneIn(2) ? 0 : 1)
        }
        node = BoxNode(id: "level\(level)", style: style, paint: paint, children: children)
    }
    let tree: BoxLayout
    do {
        tree = try BoxEngine.layout(node, width: .maxContent, height: .maxContent)
    } catch {
        fail("a painted tree \(depth) deep could not be laid out: \(error)")
    }
    let scale = options.scale
    guard tree.width > 0, tree.height > 0, tree.width * scale <= largestSide, tree.height * scale <= largestSide
    else { return }
    func draw(_ format: RenderFormat, _ options: RenderOptions = options) -> Rendering? {
        do {
            return try Renderer.render(tree, as: format, options: options)
        } catch .fontTooLarge(let size, let scale, _) where size * scale > Canvas.maximumPixelsPerEm {
            return nil
        } catch {
            fail("a painted tree \(depth) deep threw \(error) as \(format)")
        }
    }
    if let png = draw(.png) {
        // The root's own shadow gets room around it (Renderer.shadowRoom).
        let room = Renderer.shadowRoom(tree.paint?.shadow)
        let width = Int(((tree.width + room.left + room.right) * scale).rounded(.up))
        let height = Int(((tree.height + room.top + room.bottom) * scale).rounded(.up))
        if png.width != width || png.height != height {
            fail("a painted tree \(depth) deep drew \(png.width) × \(png.height) pixels, not \(width) × \(height)")
        }
    }
    // As a tagged PDF, whole and cut into pages of a few sizes: Cairo's structure and the
    // incremental update never fail.
    if random.oneIn(4) {
        var tagged = options
        tagged.tagged = true
        guard let pdf = draw(.pdf, tagged), pdf.data.starts(with: Array("%PDF".utf8)) else { return }
        func refused(_ rendering: Rendering) -> String? {
            for case .notTagged(let reason) in rendering.warnings.map(\.problem) { return reason }
            return nil
        }
        if let reason = refused(pdf) { fail("Cairo refused the structure of a painted tree \(depth) deep: \(reason)") }
        let pageHeight = random.pick([12.0, 40, 100])
        let pages = BoxPages(tree, pageHeight: pageHeight)
        do {
            let paged = try Renderer.render(
                tree, pages: pages, width: tree.width + 20, height: pageHeight + 20, margin: BoxEdges(10), as: .pdf,
                options: tagged)
            if let reason = paged.first.flatMap(refused) {
                fail(
                    "Cairo refused the structure of a painted tree \(depth) deep in pages \(pageHeight) high: \(reason)"
                )
            }
        } catch .fontTooLarge(let size, let scale, _) where size * scale > Canvas.maximumPixelsPerEm {
        } catch {
            fail("a painted tree \(depth) deep threw \(error) as tagged pages \(pageHeight) high")
        }
        drawWithFootnotes(node, depth: depth, pageHeight: pageHeight, options: tagged, random: &random, fail: fail)
    }
    // The same tree without its paint lays out the same (paint takes no room) and draws only the
    // row: what the paint adds must grow with the boxes.
    if random.oneIn(4), let svg = draw(.svg) {
        var bare = tree
        bare.removePaint()
        guard let row = try? Renderer.render(bare, as: .svg, options: options) else {
            fail("a painted tree \(depth) deep drew as SVG, but not without its paint")
        }
        let boxes = 2 * depth + 1
        if svg.data.count > row.data.count + 16_384 * boxes {
            fail(
                "the SVG of a painted tree \(depth) deep is \(svg.data.count) bytes; without its paint \(row.data.count), \(boxes) boxes"
            )
        }
    }
}

/// The painted tree `node` between two texts that call footnotes (notes of a few heights, one
/// taller than a page), cut into pages `pageHeight` high and drawn as a tagged PDF: the notes drawn
/// inside their calls' paragraphs or after their pages' bands, and Cairo never refuses the
/// structure.
private func drawWithFootnotes(
    _ node: BoxNode, depth: Int, pageHeight: Double, options: RenderOptions, random: inout Random,
    fail: (String) -> Never
) {
    var notes: [BoxLayout] = []
    func call(_ text: String) -> BoxNode? {
        guard let number = try? TextLeaf("\(notes.count + 1)", style: ParagraphStyle(fontSize: 6), fonts: .shipped),
            var box = try? InlineBox(node: BoxNode(leaf: number), verticalAlign: .super),
            let body = try? TextLeaf(
                String(repeating: "A note. ", count: random.pick([1, 4, 30])), style: ParagraphStyle(fontSize: 8),
                fonts: .shipped),
            let note = try? BoxEngine.layout(BoxNode(leaf: body), width: .points(80))
        else { return nil }
        box.footnote = notes.count
        guard let leaf = try? TextLeaf(pieces: [.plain(text), .box(box)], fonts: .shipped) else { return nil }
        notes.append(note)
        var paint = BoxPaint()
        if random.oneIn(3) { paint.role = random.pick([.paragraph, .cell, .artifact]) }
        return BoxNode(id: "called", paint: paint, leaf: leaf)
    }
    var column = BoxStyle()
    column.flexDirection = .column
    let children = [call("Before"), node, call("After")].compactMap { $0 }
    guard notes.count == 2, let tree = try? BoxEngine.layout(BoxNode(style: column, children: children)) else {
        return
    }
    let calls = tree.footnoteCalls()
    if calls.count != 2 { fail("a tree with two footnote calls has \(calls.count)") }
    let footnotes = notes.indices.map { BoxPages.Footnote(anchor: calls[$0] ?? tree.height, height: notes[$0].height) }
    let pages = BoxPages(
        tree, pageHeight: pageHeight, footnotes: footnotes, area: BoxPages.FootnoteArea(separator: 3, gap: 1))
    do {
        let paged = try Renderer.render(
            tree, pages: pages, width: tree.width + 20, height: pageHeight + 20, margin: BoxEdges(10), as: .pdf,
            options: options, footnotes: PageFootnotes(notes: notes))
        for case .notTagged(let reason) in paged.first?.warnings.map(\.problem) ?? [] {
            fail("Cairo refused the structure of a painted tree \(depth) deep with footnotes: \(reason)")
        }
    } catch .fontTooLarge(let size, let scale, _) where size * scale > Canvas.maximumPixelsPerEm {
    } catch {
        fail("a painted tree \(depth) deep with footnotes threw \(error) as tagged pages \(pageHeight) high")
    }
}

// MARK: - Ink

/// The empty space around the row in the ink check, in points.
private let inkMargin = 50.0

/// The pixels with ink (any alpha) outside the row, its items' frames and where its text may reach,
/// the row drawn `inkMargin` points from each side of a transparent PNG at the options' scale; nil
/// when the check is not made (a picture over 600,000 pixels, or one the renderer refuses).
private func strayInk(_ layout: MGLineLayout, options: RenderOptions) -> [(x: Int, y: Int)]? {
    let scale = options.scale
    let width = layout.width + 2 * inkMargin
    let height = layout.height + 2 * inkMargin
    guard layout.width > 0, layout.height > 0, (width * scale).rounded(.up) * (height * scale).rounded(.up) <= 600_000,
        let canvas = try? Canvas(format: .png, width: width, height: height, scale: scale)
    else { return nil }
    let painter = Painter(canvas: canvas, options: RenderOptions(scale: scale, images: options.images))
    painter.drawLine(layout, x: inkMargin, y: inkMargin)
    guard painter.failure == nil else { return nil }

    // Where ink may be, in pixels: the row and its frames as they are, the text's reach with two
    // pixels around.
    func pixels(_ rect: Reach) -> (Int, Int, Int, Int) {
        let slack = rect.isText ? 2 : 0
        return (
            Int((rect.x * scale).rounded(.down)) - slack, Int((rect.y * scale).rounded(.down)) - slack,
            Int(((rect.x + rect.width) * scale).rounded(.up)) + slack,
            Int(((rect.y + rect.height) * scale).rounded(.up)) + slack
        )
    }
    // Glyphs are measured as the canvas draws them: at its scale, with its font options (hinting
    // at another size or with hinted metrics moves outlines by up to a pixel).
    guard let measure = try? CairoContext(measuringAt: scale) else { return nil }
    let allowed = reach(layout, x: inkMargin, y: inkMargin, measure: measure).map(pixels)

    // The pixels as drawn, read from the canvas (not encoded as PNG and decoded again: the PNG
    // writer is checked on the row's own renderings, and zlib and libpng took two fifths of an
    // execution).
    return canvas.context.withPixels { data, pictureWidth, pictureHeight, stride in
        stray(data, pictureWidth, pictureHeight, stride, allowed: allowed)
    } ?? [(-1, -1)]
}

/// The inked pixels (any alpha) of an ARGB32 picture that no `allowed` rectangle covers.
private func stray(
    _ data: UnsafeRawPointer, _ pictureWidth: Int, _ pictureHeight: Int, _ stride: Int,
    allowed: [(Int, Int, Int, Int)]
) -> [(x: Int, y: Int)] {
    // How many allowed rectangles cover each pixel, from a table of corners summed in two passes:
    // linear in the pixels and the rectangles (a long text has thousands of runs; testing each
    // pixel against each of them took half a minute).
    let columns = pictureWidth + 1
    var cover = [Int32](repeating: 0, count: columns * (pictureHeight + 1))
    for (left, top, right, bottom) in allowed {
        let x0 = min(max(left, 0), pictureWidth)
        let x1 = min(max(right, 0), pictureWidth)
        let y0 = min(max(top, 0), pictureHeight)
        let y1 = min(max(bottom, 0), pictureHeight)
        guard x0 < x1, y0 < y1 else { continue }
        cover[y0 * columns + x0] += 1
        cover[y0 * columns + x1] -= 1
        cover[y1 * columns + x0] -= 1
        cover[y1 * columns + x1] += 1
    }
    for y in 0...pictureHeight {
        for x in 1..<columns { cover[y * columns + x] += cover[y * columns + x - 1] }
    }
    for y in 0..<pictureHeight {
        for x in 0..<columns { cover[(y + 1) * columns + x] += cover[y * columns + x] }
    }
    var stray: [(x: Int, y: Int)] = []
    for y in 0..<pictureHeight {
        for x in 0..<pictureWidth {
            let word = data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
            guard word >> 24 != 0 else { continue }
            if cover[y * columns + x] <= 0 { stray.append((x, y)) }
        }
    }
    return stray
}

/// A rectangle in points where ink may be: a line's or a frame's, or one text may reach.
private struct Reach {
    var x, y, width, height: Double
    var isText: Bool
}

/// Where a line's `layout`, drawn with its top-left corner at (`x`, `y`), may ink: its rectangle,
/// each visible item's frame, and for text each glyph run's ink as Cairo measures it, its background
/// from the line's ascent to its descent, its underline and strikethrough, and the same moved by the
/// text's shadow offset when it has a shadow; through the lines of boxes too.
private func reach(_ layout: MGLineLayout, x: Double, y: Double, measure: CairoContext) -> [Reach] {
    var rects = [Reach(x: x, y: y, width: layout.width, height: layout.height, isText: false)]
    for item in layout.items {
        guard let frame = item.frame else { continue }
        let left = x + frame.x
        let top = y + frame.y
        rects.append(Reach(x: left, y: top, width: frame.width, height: frame.height, isText: false))
        switch item.content {
        case .text(let text):
            guard frame.width > 0 else { continue }
            var own: [(x: Double, y: Double, width: Double, height: Double)] = []
            for placed in text.layout.lines {
                let baseline = top + placed.baseline
                for run in placed.paragraph.runs(of: placed) {
                    let start = left + placed.x
                    own.append(
                        (
                            start + run.minX, baseline - placed.ascent, run.maxX - run.minX,
                            placed.ascent + placed.descent
                        ))
                    let unit = run.size / Double(run.face.unitsPerEm)
                    for (on, decoration) in [
                        (run.attributes.underline, run.face.underline),
                        (run.attributes.strikethrough, run.face.strikethrough),
                    ] where on {
                        own.append(
                            (
                                start + run.minX, baseline - Double(decoration.position) * unit, run.maxX - run.minX,
                                Double(decoration.thickness) * unit
                            ))
                    }
                    guard !run.glyphs.isEmpty,
                        let face = CairoFonts.face(
                            run.face, syntheticBold: run.syntheticBold,
                            syntheticOblique: run.syntheticOblique)
                    else { continue }
                    own.append(measure.inkExtents(run.glyphs, x: start, baseline: baseline, face: face, size: run.size))
                }
            }
            for (dx, dy) in [(0.0, 0.0)] + (text.shadow.map { [($0.offset.x, $0.offset.y)] } ?? []) {
                rects += own.map { Reach(x: $0.x + dx, y: $0.y + dy, width: $0.width, height: $0.height, isText: true) }
            }
        case .box(let box):
            if let inner = box.line { rects += reach(inner, x: left, y: top, measure: measure) }
        case .image:
            continue
        }
    }
    return rects
}

/// The bytes without trailing whitespace.
private func trimmed(_ data: Data) -> Data {
    var end = data.endIndex
    while end > data.startIndex, [0x20, 0x0A, 0x0D, 0x09].contains(data[end - 1]) { end -= 1 }
    return data[..<end]
}

/// Adds to `warnings` the start of each warning the renderer should give for the images of a line's
/// `layout`, in drawing order (a box's line where the box is drawn); `failing` holds the files
/// already warned about (each is read once per rendering).
private func expectWarnings(
    _ layout: MGLineLayout, path: String, _ warnings: inout [String], _ failing: inout Set<String>
) {
    for item in layout.items {
        guard let frame = item.frame else { continue }
        let name = "\(path)\(item.side.rawValue)Items[\(item.index)]"
        func expect(_ image: MGLine.Image, width: Double, height: Double) {
            guard width > 0, height > 0 else { return }
            if let file = image.file {
                if !realImages.contains(file), failing.insert(file).inserted {
                    let problem = specialFiles.first { $0.path == file }?.problem ?? "image not found: "
                    warnings.append("\(name): \(problem)")
                }
            } else {
                warnings.append("\(name): the image names no file")
            }
        }
        switch item.content {
        case .image(let image):
            expect(image, width: frame.width, height: frame.height)
        case .box(let box):
            if let inner = box.line { expectWarnings(inner, path: name + ".line.", &warnings, &failing) }
        case .text(let text):
            // Images set in the text, drawn (and warned about) at the item when the text is drawn.
            guard frame.width > 0 else { continue }
            for placed in text.images {
                expect(placed.image.image, width: placed.frame.width, height: placed.frame.height)
            }
        }
    }
}

// MARK: - Decoration

/// SplitMix64: the decoration's choices, from the input's seed.
private struct Random {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True one time in `n`.
    mutating func oneIn(_ n: UInt64) -> Bool { next() % n == 0 }

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }

    /// A colour, opaque or not, now and then wholly transparent; nil half the time.
    mutating func color() -> MushColor? {
        guard oneIn(2) else { return nil }
        let value = next()
        return MushColor(
            red: UInt8(truncatingIfNeeded: value), green: UInt8(truncatingIfNeeded: value >> 8),
            blue: UInt8(truncatingIfNeeded: value >> 16), alpha: pick([255, 255, 0x80, 0]))
    }

    mutating func borders() -> MGLine.Borders {
        MGLine.Borders(
            top: color(), left: color(), bottom: color(), right: color(),
            width: pick([1, 1, 0.5, 2, 3.5, 0, 100]))
    }

    mutating func offset() -> MGLine.Offset {
        MGLine.Offset(x: pick([0, 1, -1, 0.5, -2.5, 40]), y: pick([1, 0, -1, 2, 0.25, -40]))
    }
}

/// The line with colours, borders, shadows, box fills and image files, which take no room in its
/// layout (its frames stay the plain line's).
private func decorated(_ line: MGLine, _ random: inout Random) -> MGLine {
    var line = line
    line.backgroundColor = random.color()
    line.borders = random.borders()
    line.textColor = random.color() ?? line.textColor
    line.middleTextColor = random.color()
    line.rightTextColor = random.color()
    line.textShadowColor = random.color()
    line.middleTextShadowColor = random.color()
    line.rightTextShadowColor = random.color()
    line.leftTextShadowOffset = random.offset()
    line.middleTextShadowOffset = random.offset()
    line.rightTextShadowOffset = random.offset()
    func decorate(_ items: [MGLine.Item]) -> [MGLine.Item] {
        items.map { item in
            switch item {
            case .image(var image):
                image.file = random.pick(
                    [nil, "missing.png", "/nonexistent/mush-fuzz.png", realImages.first, realImages.last]
                        + specialFiles.map(\.path))
                return .image(image)
            case .box(var box):
                box.color = random.color()
                box.borders = random.borders()
                if let nested = box.line { box.line = decorated(nested, &random) }
                return .box(box)
            case .text, .attributed, .pieces:
                return item
            }
        }
    }
    line.leftItems = decorate(line.leftItems)
    line.middleItems = decorate(line.middleItems)
    line.rightItems = decorate(line.rightItems)
    return line
}

/// The layout without what `decorated` adds (background, borders, text colours and shadows, box
/// fills and borders, image files), to compare with the plain line's.
private func strip(_ layout: inout MGLineLayout) {
    layout.backgroundColor = nil
    layout.borders = MGLine.Borders()
    for index in layout.items.indices {
        switch layout.items[index].content {
        case .text(var text):
            text.color = MushColor(red: 0, green: 0, blue: 0)
            text.shadow = nil
            layout.items[index].content = .text(text)
        case .image(var image):
            image.file = nil
            layout.items[index].content = .image(image)
        case .box(var box):
            box.color = nil
            box.borders = MGLine.Borders()
            if var inner = box.line {
                strip(&inner)
                box.line = inner
            }
            layout.items[index].content = .box(box)
        }
    }
}

extension BoxLayout {
    /// The layout with no box's paint: only its leaves are drawn.
    fileprivate mutating func removePaint() {
        paint = nil
        for index in children.indices { children[index].removePaint() }
    }
}
