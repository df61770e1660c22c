// The render target's `afterLayout`: draws the rows LineFuzz.swift generates and lays out.
//
// Compiled by `MUSH_FUZZ_TARGET=render bash Fuzz/run.sh` with LineFuzz.swift, Sources/Mush,
// Fonts/MushFonts.swift, Sources/MushText, Sources/MushLine and Sources/MushRender as one module
// (Cairo through Sources/CCairo). LineFuzz.swift decodes the input into a line, checks its layout,
// then hands the line, the layout and two spare input bytes (`choices`) to this file's
// `afterLayout`. The choices pick the scale (bits 0–1: 1, 2 or 3), whether SVG and PDF are drawn
// too (bits 2–3 both set: one input in 4), the background (bits 4–5), and a seed for what takes no
// room in a layout and so can be added to the laid-out line (bits 6–15; 0: nothing added): colours,
// borders, text shadows, box fills and image files (none, missing, or a real PNG from
// $MUSH_FUZZ_IMAGES, which run.sh sets to Examples/icons). Rows larger than 2,000 pixels a side at
// the chosen scale are not drawn, to keep the runs fast. Every property that fails stops the fuzzer
// with fatalError ("Mush render fuzz property failed: …", as LineFuzz.swift reports).
//
// Properties:
//  1. a row 0 wide or 0 high throws RenderError.empty; any other row draws without throwing (in
//     particular no RenderError.cairo: Cairo's context stays out of its error state);
//  2. a PNG is ceil(width × scale) × ceil(height × scale) pixels, in the rendering and in its IHDR;
//     SVG and PDF report the same size;
//  3. the bytes are a PNG (signature), a PDF ("%PDF-" … "%%EOF") or an SVG ("<svg" … "</svg>" and
//     whitespace, and well-formed XML);
//  4. the warnings are exactly one per drawn image with no file, and one per missing file (the
//     first image that names it), in drawing order, each naming its item;
//  5. drawing the same layout twice gives the same PNG bytes and warnings.

import Foundation
import FoundationXML
import Mush
import MushLine
import MushRender

/// The largest picture drawn, in pixels a side.
private let largestSide = 2000.0

/// The folder of real PNG images (run.sh: Examples/icons), and one image in it that exists.
private let imageFolder = ProcessInfo.processInfo.environment["MUSH_FUZZ_IMAGES"]
private let realImages = ["bell.png", "check.png", "note.png", "star.png"].filter { name in
    FileManager.default.fileExists(atPath: (imageFolder.map { $0 + "/" } ?? "") + name)
}

func afterLayout(_ line: MGLine, _ layout: MGLineLayout, choices: UInt16) {
    let scale = Double(1 + Int(choices & 3) % 3)
    let vectors = choices >> 2 & 3 == 3
    let backgrounds: [MushColor?] = [nil, MushColor(red: 255, green: 255, blue: 255),
                                     MushColor(red: 0x20, green: 0x80, blue: 0x90, alpha: 0x80),
                                     MushColor(red: 0, green: 0, blue: 0, alpha: 0)]
    let options = RenderOptions(scale: scale, background: backgrounds[Int(choices >> 4 & 3)], imageFolder: imageFolder)
    var line = line
    if choices >> 6 != 0 {
        var random = Random(seed: UInt64(choices))
        line = decorated(line, &random)
    }
    let setting = "scale \(Int(scale)), background \(options.background.map { "\($0)" } ?? "none"), choices 0x"
        + String(choices, radix: 16)
    func fail(_ message: String) -> Never {
        lineFail("\(message) (\(setting))", line, layout: layout, target: "render")
    }

    let pixelWidth = (layout.width * scale).rounded(.up), pixelHeight = (layout.height * scale).rounded(.up)
    guard pixelWidth <= largestSide, pixelHeight <= largestSide else { return }
    let empty = layout.width == 0 || layout.height == 0

    // 4: the warnings the images should give.
    var expected: [String] = []
    var missing: Set<String> = []
    expectWarnings(line, layout, path: "", &expected, &missing)

    func render(_ format: RenderFormat) -> Rendering? {
        let rendering: Rendering
        do {
            rendering = try Renderer.render(line, layout: layout, as: format, options: options)
        } catch .empty(let width, let height) {
            // 1: only a row without area is empty.
            if !empty { fail("\(format) threw .empty(\(width) × \(height)) for a row \(layout.width) × \(layout.height)") }
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
                fail("the PNG's header says \(bigEndian(16)) × \(bigEndian(20)), the rendering \(rendering.width) × \(rendering.height)")
            }
        case .pdf:
            if !data.starts(with: Array("%PDF-".utf8)) { fail("the PDF does not start with %PDF-") }
            if !trimmed(data).reversed().starts(with: Array("%%EOF".utf8).reversed()) { fail("the PDF does not end with %%EOF") }
        case .svg:
            let text = String(decoding: data, as: UTF8.self)
            if !text.contains("<svg") { fail("the SVG has no <svg") }
            if !trimmed(data).reversed().starts(with: Array("</svg>".utf8).reversed()) {
                fail("the SVG does not end with </svg>: …\(text.suffix(80).debugDescription)")
            }
            let parser = XMLParser(data: data)
            if !parser.parse() {
                let error = parser.parserError.map { "\($0)" } ?? "no error given"
                fail("the SVG is not well-formed XML (line \(parser.lineNumber), column \(parser.columnNumber)): \(error)")
            }
        }
        // 4: the warnings.
        let matches = rendering.warnings.count == expected.count
            && zip(rendering.warnings, expected).allSatisfy { $0.description.hasPrefix($1) }
        if !matches { fail("\(format) warned \(rendering.warnings.map(\.description)), expected \(expected.map { $0 + "…" })") }
    }

    guard let png = render(.png) else { return }
    // 5: the same layout drawn again.
    if let again = render(.png), again.data != png.data || again.warnings != png.warnings {
        fail("two PNGs of the same layout differ (\(png.data.count) and \(again.data.count) bytes)")
    }
    if vectors {
        _ = render(.svg)
        _ = render(.pdf)
    }
}

/// The bytes without trailing whitespace.
private func trimmed(_ data: Data) -> Data {
    var end = data.endIndex
    while end > data.startIndex, [0x20, 0x0A, 0x0D, 0x09].contains(data[end - 1]) { end -= 1 }
    return data[..<end]
}

/// Adds to `warnings` the start of each warning the renderer should give for `line`'s images, in
/// drawing order (a box's line where the box is drawn); `missing` holds the missing files already
/// warned about (each is read once per rendering).
private func expectWarnings(
    _ line: MGLine, _ layout: MGLineLayout, path: String, _ warnings: inout [String], _ missing: inout Set<String>
) {
    for item in layout.items {
        guard let frame = item.frame else { continue }
        let name = "\(path)\(item.side.rawValue)Items[\(item.index)]"
        switch (item.content, line.items(on: item.side)[item.index]) {
        case (.image, .image(let image)):
            guard frame.width > 0, frame.height > 0 else { continue }
            if let file = image.file {
                if !realImages.contains(file), missing.insert(file).inserted { warnings.append("\(name): image not found: ") }
            } else {
                warnings.append("\(name): the image names no file")
            }
        case (.box(let inner?), .box(let box)):
            if let nested = box.line { expectWarnings(nested, inner, path: name + ".line.", &warnings, &missing) }
        default:
            continue
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
        return MushColor(red: UInt8(truncatingIfNeeded: value), green: UInt8(truncatingIfNeeded: value >> 8),
                         blue: UInt8(truncatingIfNeeded: value >> 16), alpha: pick([255, 255, 0x80, 0]))
    }

    mutating func borders() -> MGLine.Borders {
        MGLine.Borders(top: color(), left: color(), bottom: color(), right: color(),
                       width: pick([1, 1, 0.5, 2, 3.5, 0, 100]))
    }

    mutating func offset() -> MGLine.Offset {
        MGLine.Offset(x: pick([0, 1, -1, 0.5, -2.5, 40]), y: pick([1, 0, -1, 2, 0.25, -40]))
    }
}

/// The line with colours, borders, shadows, box fills and image files, which take no room in its
/// layout (the layout stays the line's).
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
                image.file = random.pick([nil, "missing.png", "/nonexistent/mush-fuzz.png", realImages.first, realImages.last])
                return .image(image)
            case .box(var box):
                box.color = random.color()
                box.borders = random.borders()
                if let nested = box.line { box.line = decorated(nested, &random) }
                return .box(box)
            case .text, .attributed:
                return item
            }
        }
    }
    line.leftItems = decorate(line.leftItems)
    line.middleItems = decorate(line.middleItems)
    line.rightItems = decorate(line.rightItems)
    return line
}
