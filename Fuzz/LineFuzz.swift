// libFuzzer harness for the row engine (MushLine): random MGLines, laid out through the real fonts.
//
// Compiled by `MUSH_FUZZ_TARGET=line bash Fuzz/run.sh` with Sources/Mush, Fonts/MushFonts.swift,
// Sources/MushText and Sources/MushLine as one module. The first bytes of an input describe a line
// (sizes, padding, precedence, alignments, fonts, then 0–4 items per side: text, images, boxes, now
// and then a box holding a line of its own); the bytes after that description are the texts, one
// per text item, split at NUL bytes. Every value is finite and non-negative, so the layout must not
// throw; now and then one value is made negative, NaN or infinite instead, and the layout must throw
// `MGLineError.invalidValue` naming it. Every property that fails stops the fuzzer with fatalError.
//
// Once a valid line's layout has passed the checks, `afterLayout` gets the line, the layout and two
// input bytes the line does not use: Fuzz/LineFuzzAfterLayout.swift's does nothing (the line target),
// Fuzz/RenderFuzz.swift's draws the row (the render target).
//
// Properties (numbered as in the task that added this target; the rules are in Sources/MushLine/MushLine.docc/MushLine.md;
// 7 and 10 on one input in four, chosen by a hash of its bytes):
//  1. every item once in `layout.items`, left, middle, right, each side in order, of its own kind;
//  2. frames finite, in whole points, width and height >= 0; the line's own width as set (or whole);
//     image and box sizes rounded up, text frames as tall as their text, single-line text one line;
//  3. within a side, items left to right, 2 × itemPadding (plus margins) apart; without fixed
//     columns (or with widenAsNeeded), no side takes more than its limit, items are inside the
//     padding, and sides in order left, middle, right without overlapping;
//  4. text dropped only when its item padding does not fit; after a dropped image or box, every
//     one nearer the centre dropped;
//  5. the height as set, or (a height of 0, minHeight or maxHeight) the tallest visible item and
//     the padding within minHeight/maxHeight;
//  6. widenAsNeeded drops nothing and shortens no text (but a single-line text with a line break,
//     and multiline text cut at maxHeight), nor wraps it;
//  7. the same line laid out twice gives the same layout; a box's line is laid out as it is alone;
//  8. items at their vertical places (top, centre, bottom), margins kept;
//  9. text fits its frame, and truncated text shows its ellipsis;
// 10. a line in a stack, and a filling line, lay out as alone; a batch on all cores as one by one;
// 11. the layout carries what drawing needs, as the line gives it: the line's background and
//     borders, each text's side colour and shadow, each image, each box's fill and borders (and its
//     line's layout, checked as a line of its own), so that a renderer needs no line.

import Foundation
import Mush
import MushLine
import MushText

private let fonts = FontCollection.standard

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = ByteReader(bytes: UnsafeBufferPointer(start: data, count: size))
    let plan = LinePlan.decode(&reader, depth: 0)
    let poison = reader.next()
    let poisonTarget = reader.next()
    let poisonValue = reader.next()
    var texts = TextPool(reader.rest)
    let line = plan.build(&texts)

    if poison & 0x0F == 0x0F {
        checkInvalid(line, target: poisonTarget, value: poisonValue)
        return 0
    }

    let layout: MGLineLayout
    do {
        layout = try line.layout(fonts: fonts)
    } catch {
        lineFail("a valid line could not be laid out: \(error)", line)
    }
    // The row's own properties (the render target leaves them to the line target, and spends its
    // time drawing).
    if checksRows {
        check(layout, of: line, depth: 0)
        checkDrawing(layout, of: line)

        // Properties 7 and 10 lay the row out three to nine times more, four fifths of an
        // execution (1,292 inputs: 6.5 s with them, 1.2 s without): one input in four runs them,
        // chosen by a hash of the bytes so that a replay checks the same.
        let thorough = fnvHash(UnsafeBufferPointer(start: data, count: size)) % 4 == 0
        if thorough {
            // 7: the same line gives the same layout (the second time from the fonts' warm word
            // cache).
            let again: MGLineLayout
            do {
                again = try line.layout(fonts: fonts)
            } catch {
                lineFail("the second layout threw \(error)", line)
            }
            if let difference = difference(layout, again) { lineFail("two layouts differ: \(difference)", line) }

            // 10: in a stack, a line of width 0 gets the inner width less its margins and lays out
            // as it does alone at that width; one input in sixteen also lays three copies out as a
            // batch on all cores, which must equal one by one.
            depth0Checks(line, layout, choice: poisonTarget)
        }
    }

    // The bytes that choose a bad value are free for a valid line.
    afterLayout(line, layout, choices: UInt16(poisonTarget) << 8 | UInt16(poisonValue))
    return 0
}

/// FNV-1a over `bytes`: which inputs run the costliest checks.
private func fnvHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    bytes.reduce(2_166_136_261 as UInt32) { ($0 ^ UInt32($1)) &* 16_777_619 }
}

// MARK: - Decoding

private struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    /// The next byte; 0 once the input is used up.
    mutating func next() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    var rest: ArraySlice<UInt8> { position < bytes.count ? ArraySlice(bytes[position...]) : [] }
}

/// The texts: the bytes after the line's description, split at NUL bytes, handed out in turn (and
/// round again when there are more text items than pieces).
private struct TextPool {
    let pieces: [String]
    var taken = 0

    init(_ bytes: ArraySlice<UInt8>) {
        pieces = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    mutating func next() -> String {
        defer { taken += 1 }
        return pieces.isEmpty ? "" : pieces[taken % pieces.count]
    }
}

private let families: [String?] = [nil, "DejaVu Sans Mono", "Noto Sans Thai", "DejaVu Sans"]
private let fontSizes: [Double] = [16, 12, 8, 24, 10.5, 32, 1, 64]

private func font(_ byte: UInt8) -> MGLine.Font {
    MGLine.Font(family: families[Int(byte >> 1) & 3], size: fontSizes[Int(byte >> 3) & 7])
}

/// A length of 0 to 31 points, now and then with half a point.
private func length(_ byte: UInt8) -> Double {
    Double(byte & 0x1F) + (byte & 0x20 != 0 ? 0.5 : 0)
}

private indirect enum ItemPlan {
    case text(UInt8)
    case image(MGLine.Image)
    case box(MGLine.Box, LinePlan?)

    static func decode(_ reader: inout ByteReader, depth: Int) -> ItemPlan {
        let kind = reader.next()
        switch kind % 8 {
        case 0...3:
            return .text(kind)
        case 4, 5:
            let width = reader.next()
            let height = reader.next()
            return .image(
                MGLine.Image(
                    width: Double(width & 0x7F) + (width & 0x80 != 0 ? 0.25 : 0),
                    height: Double(height & 0x3F) + (height & 0x40 != 0 ? 0.5 : 0) + (height & 0x80 != 0 ? 40 : 0)))
        default:
            let width = reader.next()
            let height = reader.next()
            let flags = reader.next()
            var box = MGLine.Box(
                width: Double(width & 0x7F) + (width & 0x80 != 0 ? 0.75 : 0),
                height: Double(height & 0x3F) + (height & 0x40 != 0 ? 0.5 : 0))
            box.expand = flags & 1 != 0
            if flags & 2 != 0 {
                let margin = reader.next()
                box.margin = MGLine.Insets(
                    top: Double(margin & 3), left: Double((margin >> 2) & 7),
                    bottom: Double((margin >> 5) & 3), right: Double(margin >> 7) * 3)
                if flags & 4 != 0 { box.margin.left += 0.5 }
            }
            var nested: LinePlan?
            if depth == 0, flags & 0x18 == 0x18 {
                nested = LinePlan.decode(&reader, depth: 1)
                if flags & 0x20 != 0 { box.width = 0 }
                if flags & 0x40 != 0 { box.height = 0 }
            }
            return .box(box, nested)
        }
    }

    func build(_ texts: inout TextPool) -> MGLine.Item {
        switch self {
        case .text(let flags):
            var string = texts.next()
            // Bits 3–4: the form (1: pieces with an image); 5: a line break in the middle; 6: "|mush"
            // (form 1: the image's alignment); 7: the multiline flag (forms 2 and 3); 0–1 (with
            // bits 0–2 giving the kind) = 1: blank space around.
            if flags & 0x20 != 0 {
                let middle = string.index(string.startIndex, offsetBy: string.count / 2)
                string.insert("\n", at: middle)
            }
            if flags & 3 == 1 { string = " \n" + string + "\n " }
            let multiline = flags & 0x80 != 0
            switch (flags >> 3) & 3 {
            case 2:
                return .text(flags & 0x40 != 0 ? string + "|mush" : string, multiline: multiline)
            case 3:
                return .attributed(
                    flags & 0x40 != 0 ? Mush.parse(string) : MushDocument([(text: string, attributes: .plain)]),
                    multiline: multiline)
            case 1:
                // Pieces: the string's halves around an image set in the text (its size from the
                // string's length), aligned by bit 6, its multiline flag as for a plain string.
                let middle = string.index(string.startIndex, offsetBy: string.count / 2)
                let size = Double(string.count % 40) + 0.5
                let image = MGLine.InlineImage(
                    MGLine.Image(width: size, height: 40.5 - size), margin: MGLine.Insets(left: 1, right: 2),
                    verticalAlign: flags & 0x40 != 0 ? .middle : .baseline)
                return .pieces([.string(String(string[..<middle])), .image(image), .string(String(string[middle...]))])
            default:
                return .text(flags & 0x40 != 0 ? string + "|mush" : string)
            }
        case .image(let image):
            return .image(image)
        case .box(var box, let nested):
            box.line = nested?.build(&texts)
            return .box(box)
        }
    }
}

private struct LinePlan {
    var line: MGLine
    var items: [[ItemPlan]]

    static func decode(_ reader: inout ByteReader, depth: Int) -> LinePlan {
        var line = MGLine()
        let width0 = reader.next()
        let width1 = reader.next()
        line.width = Double(Int(width0) | Int(width1 & 1) << 8) + (width1 & 2 != 0 ? 0.5 : 0)
        let height = reader.next()
        line.height = Double(height & 0x7F) + (height & 0x80 != 0 ? 0.5 : 0)

        let padding = reader.next()
        switch padding & 3 {
        case 0: break
        case 1:
            line.padding = MGLine.Insets(
                top: Double(padding >> 2 & 15), left: Double(padding >> 2 & 15),
                bottom: Double(padding >> 2 & 15), right: Double(padding >> 2 & 15))
        case 2: line.padding = MGLine.Insets(left: Double(padding >> 2 & 7), right: Double(padding >> 5))
        default:
            line.padding = MGLine.Insets(
                top: length(reader.next()), left: length(reader.next()),
                bottom: length(reader.next()), right: length(reader.next()))
        }
        let itemPadding = reader.next()
        // 0 half the time (else every text costs padding even when it gets no room), else 0 to 8.
        if itemPadding & 0x80 != 0 {
            line.itemPadding = Double(itemPadding % 9) + (itemPadding & 0x40 != 0 && itemPadding % 9 < 8 ? 0.5 : 0)
        }

        let flags = reader.next()
        line.sidePrecedence = MGLine.Side.allCases[Int(flags % 3)]
        line.verticalAlignment = MGLine.VerticalAlignment.allCases[Int(flags / 3 % 3)]
        line.widenAsNeeded = flags / 9 % 8 == 7

        // 0: the defaults (left, center, right).
        let alignments = Int(reader.next())
        let all = MGLine.Alignment.allCases
        line.leftAlignment = all[(alignments & 3) % 4]
        line.middleAlignment = all[(1 + (alignments >> 2 & 3)) % 4]
        line.rightAlignment = all[(2 + (alignments >> 4 & 3)) % 4]

        // Fixed column widths, 1 time in 16.
        if reader.next() & 0x0F == 0x0F {
            func fixed(_ byte: UInt8) -> Double { byte & 1 == 0 ? 0 : Double(byte >> 1) }
            line.leftWidth = fixed(reader.next())
            line.middleWidth = fixed(reader.next())
            line.rightWidth = fixed(reader.next())
        }

        let heights = reader.next()
        if heights & 1 != 0 { line.minHeight = Double(reader.next() & 0x7F) }
        if heights & 2 != 0 { line.maxHeight = Double(reader.next() & 0x7F) + (heights & 4 != 0 ? 0.5 : 0) }

        let fontFlags = reader.next()
        if fontFlags & 1 != 0 { line.font = font(fontFlags) }
        if fontFlags & 0x40 != 0 {
            let more = reader.next()
            if more & 1 != 0 { line.middleFont = font(more) }
            if more & 0x80 != 0 { line.rightFont = font(more >> 1 | 1) }
        }
        let spacing = reader.next()
        if spacing & 0xC0 == 0xC0 {
            line.leftLineSpacing = Double(spacing & 7)
            line.middleLineSpacing = Double(spacing >> 3 & 3) / 2
            line.rightLineSpacing = Double(spacing >> 5 & 1) * 3
        }

        let counts = Int(reader.next())
        let most = depth == 0 ? 5 : 3
        var items: [[ItemPlan]] = []
        for count in [counts % most, counts / 5 % most, counts / 25 % most] {
            items.append((0..<count).map { _ in ItemPlan.decode(&reader, depth: depth) })
        }
        return LinePlan(line: line, items: items)
    }

    func build(_ texts: inout TextPool) -> MGLine {
        var line = self.line
        line.leftItems = items[0].map { $0.build(&texts) }
        line.middleItems = items[1].map { $0.build(&texts) }
        line.rightItems = items[2].map { $0.build(&texts) }
        return line
    }
}

// MARK: - Invalid values

/// Makes one value of `line` bad and checks that the layout throws `invalidValue` naming it.
private func checkInvalid(_ line: MGLine, target: UInt8, value: UInt8) {
    let bad: [Double] = [-1, -0.5, -1e300, -.infinity, .nan, .infinity, -.nan, -Double.ulpOfOne]
    var number = bad[Int(value) % bad.count]
    var line = line
    let expected: String
    let sides = MGLine.Side.allCases
    switch target % 8 {
    case 0, 1, 2:
        let properties: [(WritableKeyPath<MGLine, Double>, String)] = [
            (\.width, "width"), (\.height, "height"), (\.padding.top, "padding.top"), (\.padding.left, "padding.left"),
            (\.padding.bottom, "padding.bottom"), (\.padding.right, "padding.right"), (\.leftWidth, "leftWidth"),
            (\.middleWidth, "middleWidth"), (\.rightWidth, "rightWidth"), (\.itemPadding, "itemPadding"),
            (\.minHeight, "minHeight"), (\.maxHeight, "maxHeight"),
        ]
        let (path, name) = properties[Int(target / 8) % properties.count]
        line[keyPath: path] = number
        expected = name
    case 3:
        // A font size of 0 is bad too; line spacing only has to be finite.
        if target & 0x80 != 0 {
            if number.isFinite { number = .nan }
            line.rightLineSpacing = number
            expected = "rightLineSpacing"
        } else {
            if target & 0x40 != 0 { number = 0 }
            line.middleFont = MGLine.Font(size: number)
            expected = "middleFont.size"
        }
    default:
        // The first image or box of a side (the line's width when that side has none); or the
        // width of the first line held by a box.
        let side = sides[Int(target / 8) % 3]
        var items = line.items(on: side)
        let which = Int(target / 32) % 4
        guard
            let index = items.firstIndex(where: {
                switch $0 {
                case .text, .attributed, .pieces: false
                case .image, .box: true
                }
            })
        else {
            line.width = number
            expected = "width"
            break
        }
        let name = "\(side.rawValue)Items[\(index)]"
        switch items[index] {
        case .image(var image):
            if which % 2 == 0 { image.width = number } else { image.height = number }
            items[index] = .image(image)
            expected = name + (which % 2 == 0 ? ".width" : ".height")
        case .box(var box):
            if var nested = box.line, which == 3 {
                nested.width = number
                box.line = nested
                expected = name + ".line.width"
            } else if which == 2 {
                box.margin.right = number
                expected = name + ".margin.right"
            } else {
                if which == 0 { box.width = number } else { box.height = number }
                expected = name + (which == 0 ? ".width" : ".height")
            }
            items[index] = .box(box)
        case .text, .attributed, .pieces:
            fatalError("unreachable")
        }
        line.setItems(items, on: side)
    }
    do {
        let layout = try line.layout(fonts: fonts)
        lineFail("\(expected) = \(number) was laid out (height \(layout.height)) instead of throwing", line)
    } catch .invalidValue(let property, _) {
        if property != expected { lineFail("\(expected) = \(number) threw invalidValue for \(property)", line) }
    } catch {
        lineFail("\(expected) = \(number) threw \(error), not invalidValue", line)
    }
}

extension MGLine {
    fileprivate mutating func setItems(_ items: [Item], on side: Side) {
        switch side {
        case .left: leftItems = items
        case .middle: middleItems = items
        case .right: rightItems = items
        }
    }
}

// MARK: - Properties

private let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

/// Whole points, as the engine rounds sizes up (with its tolerance).
private func roundedUp(_ value: Double) -> Double { (value - 1e-6).rounded(.up) }

private func check(_ layout: MGLineLayout, of line: MGLine, depth: Int) {
    let sides = MGLine.Side.allCases
    let inputs = sides.flatMap { side in line.items(on: side).enumerated().map { (side, $0.offset, $0.element) } }
    func fail(_ message: String) -> Never { lineFail(message, line, depth: depth, layout: layout) }

    // 1: every item once, left, middle, right, each side in order, of its own kind.
    if layout.items.count != inputs.count { fail("\(layout.items.count) items laid out for \(inputs.count)") }
    for (placed, (side, index, item)) in zip(layout.items, inputs) {
        if placed.side != side || placed.index != index {
            fail("item \(side.rawValue)[\(index)] laid out as \(placed.side.rawValue)[\(placed.index)]")
        }
        let kindMatches =
            switch (item, placed.content) {
            case (.text, .text), (.attributed, .text), (.pieces, .text), (.image, .image), (.box, .box): true
            default: false
            }
        if !kindMatches { fail("item \(side.rawValue)[\(index)] is \(item) but was laid out as \(placed.content)") }
    }

    // 2: whole, finite, non-negative frames.
    if !layout.width.isFinite || layout.width < 0 || !layout.height.isFinite || layout.height < 0 {
        fail("the line is \(layout.width) × \(layout.height)")
    }
    // The width is the line's, or with widenAsNeeded its padding and bands, in whole points.
    if line.widenAsNeeded ? layout.width != layout.width.rounded() : layout.width != line.width {
        fail("the line is \(layout.width) wide (its width: \(line.width), widenAsNeeded \(line.widenAsNeeded))")
    }
    for placed in layout.items {
        guard let frame = placed.frame else { continue }
        for value in [frame.x, frame.y, frame.width, frame.height] where !value.isFinite || value != value.rounded() {
            fail("\(placed.side.rawValue)[\(placed.index)] has frame \(frame)")
        }
        if frame.width < 0 || frame.height < 0 { fail("\(placed.side.rawValue)[\(placed.index)] has frame \(frame)") }
    }

    // Sizes: images and boxes round up; text frames are as tall as their text, rounded up; a
    // single-line text shows one line.
    for (placed, (side, index, item)) in zip(layout.items, inputs) {
        let name = "\(side.rawValue)[\(index)]"
        switch item {
        case .image(let image):
            if let frame = placed.frame,
                frame.width != roundedUp(image.width) || frame.height != roundedUp(image.height)
            {
                fail("image \(name) of \(image.width) × \(image.height) has frame \(frame)")
            }
        case .box(let box):
            guard let frame = placed.frame else { continue }
            if box.line == nil || box.height > 0, frame.height != roundedUp(box.height) {
                fail("box \(name) of height \(box.height) has frame \(frame)")
            }
            if box.line == nil || box.width > 0 {
                if box.expand ? frame.width < roundedUp(box.width) : frame.width != roundedUp(box.width) {
                    fail("box \(name) of width \(box.width) (expand \(box.expand)) has frame \(frame)")
                }
            }
            if let nested = box.line {
                guard case .box(let laidOut) = placed.content, let nestedLayout = laidOut.line else {
                    fail("box \(name) lost the layout of its line")
                }
                // The line as the box holds it: at the box's width and, when it has one, its height.
                var held = nested
                held.width = frame.width
                if box.height > 0 { held.height = box.height }
                if box.height == 0, frame.height != roundedUp(nestedLayout.height) {
                    fail("box \(name) of height 0 has frame \(frame) for a line \(nestedLayout.height) high")
                }
                let fresh: MGLineLayout
                do {
                    fresh = try held.layout(fonts: fonts)
                } catch {
                    fail("the line in box \(name) threw \(error) when laid out alone")
                }
                if let difference = difference(nestedLayout, fresh) {
                    fail(
                        "the line in box \(name) is not laid out as it is alone at \(frame.width) × \(held.height): \(difference)"
                    )
                }
                check(nestedLayout, of: held, depth: depth + 1)
            }
        case .text, .attributed, .pieces:
            guard let text = placed.text else { continue }
            guard let frame = placed.frame else { continue }
            if frame.height != roundedUp(text.layout.height) {
                fail("text \(name) has frame \(frame) for text \(text.layout.height) high")
            }
            let multiline =
                switch item {
                case .text(let string, let flag): flag ?? string.contains(where: \.isNewline)
                case .attributed(_, let flag): flag
                case .pieces(let pieces, let flag):
                    flag
                        ?? pieces.contains {
                            if case .text(let document) = $0 {
                                document.text.contains(where: \.isNewline)
                            } else {
                                false
                            }
                        }
                default: false
                }
            if text.isMultiline != multiline { fail("text \(name) laid out with isMultiline \(text.isMultiline)") }
            if !text.isMultiline, text.layout.lines.count != 1 {
                fail("single-line text \(name) shows \(text.layout.lines.count) lines: \(text.lines)")
            }
        }
    }

    // 8: vertical places: each visible item at the top padding, centred between the paddings, or at
    // the bottom padding, its margins kept (to the nearest point, halves away from zero).
    for (placed, (_, _, item)) in zip(layout.items, inputs) {
        guard let frame = placed.frame else { continue }
        let margin = if case .box(let box) = item { box.margin } else { MGLine.Insets() }
        let expected: Double =
            switch line.verticalAlignment {
            case .top: line.padding.top + margin.top
            case .center:
                line.padding.top
                    + (layout.height - line.padding.top - line.padding.bottom - margin.top - frame.height
                        - margin.bottom) / 2 + margin.top
            case .bottom: layout.height - line.padding.bottom - margin.bottom - frame.height
            }
        if abs(frame.y - expected) > 0.5 + 1e-9 {
            fail(
                "\(placed.side.rawValue)[\(placed.index)] at y \(frame.y), not \(expected) (\(line.verticalAlignment))")
        }
    }

    // 9: text fits its frame: every line as wide as the frame at most (a line that is "…" alone
    // may be wider, when not even "…" fits), and a truncated text shows its ellipsis.
    for placed in layout.items {
        guard let frame = placed.frame, let text = placed.text else { continue }
        for textLine in text.layout.lines where textLine.width > frame.width + 1e-6 && textLine.text != "\u{2026}" {
            fail(
                "text \(placed.side.rawValue)[\(placed.index)] line \(textLine.text.debugDescription) is \(textLine.width) wide in a frame \(frame.width) wide"
            )
        }
        if text.isTruncated, !text.layout.lines.contains(where: { $0.text.contains("\u{2026}") }) {
            fail("truncated text \(placed.side.rawValue)[\(placed.index)] shows no ellipsis: \(text.lines)")
        }
    }

    // 4: text is dropped only when its item padding does not fit (so never with an item padding of
    // 0 or under widenAsNeeded); an image or box dropped drops every later one (right: every
    // earlier one).
    for side in sides {
        let placed = layout.items.filter { $0.side == side }
        var dropping = false
        for item in side == .right ? placed.reversed() : placed {
            if case .text = item.content {
                // (Padding wider than the line drops everything: checked with property 3.)
                let noRoom = !line.widenAsNeeded && line.padding.left + line.padding.right > line.width + 1e-6
                if !item.isVisible, !noRoom, line.itemPadding == 0 || line.widenAsNeeded {
                    fail("text \(side.rawValue)[\(item.index)] was dropped")
                }
                continue
            }
            if dropping, item.isVisible {
                fail("\(side.rawValue)[\(item.index)] is shown after a dropped item nearer the edge")
            }
            if !item.isVisible { dropping = true }
        }
    }

    // 5: the height: as set, or the tallest visible item and the padding, within the limits.
    if line.minHeight == 0, line.maxHeight == 0, line.height > 0 {
        if layout.height != line.height { fail("the height is \(layout.height), not the line's \(line.height)") }
    } else {
        var tallest = 0.0
        for (placed, (_, _, item)) in zip(layout.items, inputs) {
            guard let frame = placed.frame else { continue }
            let margin = if case .box(let box) = item { box.margin.top + box.margin.bottom } else { 0.0 }
            tallest = max(tallest, frame.height + margin)
        }
        var expected = max(line.minHeight, tallest + line.padding.top + line.padding.bottom)
        if line.maxHeight > 0 { expected = min(expected, line.maxHeight) }
        expected = roundedUp(expected)
        if layout.height != expected {
            fail("the height is \(layout.height), not \(expected) (tallest item \(tallest))")
        }
        if line.maxHeight > 0, layout.height > line.maxHeight.rounded(.up) {
            fail("the height \(layout.height) is over the maximum \(line.maxHeight)")
        }
        if line.maxHeight == 0 || line.maxHeight >= line.minHeight, layout.height < line.minHeight - 1e-6 {
            fail("the height \(layout.height) is under the minimum \(line.minHeight)")
        }
    }

    // 6: widenAsNeeded: nothing dropped, no text shortened (but for a single-line text with a line
    // break, which shows its first line, and a multiline text cut at maxHeight), no wrapping.
    if line.widenAsNeeded {
        for item in layout.items {
            let name = "\(item.side.rawValue)[\(item.index)]"
            if !item.isVisible { fail("\(name) was dropped under widenAsNeeded") }
            guard let text = item.text else { continue }
            let breaks = text.paragraph.text.unicodeScalars.filter { lineBreaks.contains($0) }.count
            if text.isTruncated {
                let allowed = text.isMultiline ? line.maxHeight > 0 : breaks > 0
                if !allowed { fail("text \(name) was shortened under widenAsNeeded: \(text.lines)") }
            }
            if text.isMultiline, text.layout.lines.count > breaks + 1 {
                fail("multiline text \(name) was wrapped under widenAsNeeded: \(text.lines)")
            }
        }
    }

    // 3: the items keep to the line and to their order. Within a side, always; across sides and
    // against the padding, only when the sides are not fixed columns (which may overflow the row).
    // Neighbours are 2 × itemPadding apart, plus their margins, to within the rounding of both:
    // less than a point, or a point where a group starts left of 0 (an overrun side), since halves
    // round away from zero (-8.5 → -9 but 15.5 → 16).
    func margins(_ item: MGLineLayout.Item) -> MGLine.Insets {
        if case .box(let box) = line.items(on: item.side)[item.index] { box.margin } else { MGLine.Insets() }
    }
    for side in sides {
        let visible = layout.items.filter { $0.side == side && $0.isVisible }
        for (a, b) in zip(visible, visible.dropFirst()) {
            let (first, second) = (a.frame!, b.frame!)
            let gap = 2 * line.itemPadding + margins(a).right + margins(b).left
            let slack = abs(second.x - first.x - first.width - gap)
            if first.x + first.width > second.x || slack > 1 || slack == 1 && first.x >= 0 {
                fail(
                    "\(side.rawValue)[\(a.index)] \(first) and \(side.rawValue)[\(b.index)] \(second) are not \(gap) apart"
                )
            }
        }
    }
    let fixedColumns = line.leftWidth > 0 || line.middleWidth > 0 || line.rightWidth > 0
    guard !fixedColumns || line.widenAsNeeded else { return }
    // A side may take more than the room it was given (its limit, step 2 of the spec) only
    // through text, which is never dropped: a text left no room still costs its item padding, and a
    // multiline text cannot be narrower than its widest grapheme (or one and "…"). Such a side is not
    // held to the bounds (its group may shift when centred, and the bands after it move along); the
    // others still are. Expanded boxes only take what the other sides leave, so the final widths
    // give the same limits as the widths before expanding.
    var overrun: Set<MGLine.Side> = []
    if !line.widenAsNeeded {
        var used: [MGLine.Side: Double] = [:]
        for (placed, (side, _, item)) in zip(layout.items, inputs) {
            guard let frame = placed.frame else { continue }
            let margin = if case .box(let box) = item { box.margin.left + box.margin.right } else { 0.0 }
            used[side, default: 0] += 2 * line.itemPadding + margin + frame.width
        }
        let inner = max(0, line.width - line.padding.left - line.padding.right)
        let (l, m, r) = (used[.left] ?? 0, used[.middle] ?? 0, used[.right] ?? 0)
        let limits: [MGLine.Side: Double] =
            switch line.sidePrecedence {
            case .left: [.left: inner, .right: max(0, inner - l), .middle: max(0, inner - l - r)]
            case .right: [.right: inner, .left: max(0, inner - r), .middle: max(0, inner - l - r)]
            case .middle: [.middle: inner, .left: max(0, (inner - m) / 2), .right: max(0, (inner - m) / 2)]
            }
        // Text is cut to its room (a line too wide for it ends in "…") and dropped when not even
        // its padding fits, so no side takes more than its limit.
        for side in sides where (used[side] ?? 0) > limits[side]! + 1e-6 {
            overrun.insert(side)
            fail("the \(side.rawValue) side takes \(used[side] ?? 0) points of its \(limits[side]!)")
        }
    }
    // Padding wider than the line leaves no room inside it: nothing shows.
    let roomInside = line.widenAsNeeded || line.padding.left + line.padding.right <= line.width + 1e-6
    if !roomInside, let shown = layout.items.first(where: \.isVisible) {
        fail("\(shown.side.rawValue)[\(shown.index)] shows although the padding is wider than the line")
    }
    let lowest = line.padding.left + line.itemPadding - 0.5
    let highest = layout.width - line.padding.right - line.itemPadding + 0.5
    for (placed, (side, index, item)) in zip(layout.items, inputs) where roomInside && !overrun.contains(side) {
        guard let frame = placed.frame else { continue }
        // An overrun pushes the bands after it along: what still shows there is 0 wide.
        if frame.width == 0, !overrun.isEmpty { continue }
        let margin = if case .box(let box) = item { box.margin } else { MGLine.Insets() }
        if frame.x - margin.left < lowest || frame.x + frame.width + margin.right > highest {
            fail(
                "\(side.rawValue)[\(index)] \(frame) is outside the padding (\(line.padding.left), \(layout.width) - \(line.padding.right))"
            )
        }
    }
    for (i, a) in layout.items.enumerated() {
        guard let first = a.frame, !overrun.contains(a.side) else { continue }
        for b in layout.items[(i + 1)...] where b.side != a.side && !overrun.contains(b.side) {
            guard let second = b.frame else { continue }
            if first.width == 0 || second.width == 0 { continue }
            // Left before middle before right.
            if first.x + first.width > second.x {
                fail(
                    "\(a.side.rawValue)[\(a.index)] \(first) overlaps or follows \(b.side.rawValue)[\(b.index)] \(second)"
                )
            }
        }
    }
}

/// Property 11: the layout carries what drawing needs, as the line gives it (through the lines of
/// boxes too). The render target checks its decorated lines with it.
func checkDrawing(_ layout: MGLineLayout, of line: MGLine, target: String = "line") {
    func fail(_ message: String) -> Never { lineFail(message, line, layout: layout, target: target) }
    if layout.backgroundColor != line.backgroundColor || layout.borders != line.borders {
        fail(
            "the layout's background \(String(describing: layout.backgroundColor)) and borders \(layout.borders) are not the line's"
        )
    }
    let inputs = MGLine.Side.allCases.flatMap { side in
        line.items(on: side).enumerated().map { (side, $0.offset, $0.element) }
    }
    for (placed, (side, index, item)) in zip(layout.items, inputs) {
        let name = "\(side.rawValue)[\(index)]"
        switch (placed.content, item) {
        case (.text(let text), _):
            let shadow = line.textShadowColor(for: side).map {
                MGLineLayout.Shadow(color: $0, offset: line.textShadowOffset(for: side))
            }
            if text.color != line.textColor(for: side) || text.shadow != shadow {
                fail(
                    "text \(name) carries colour \(text.color) and shadow \(String(describing: text.shadow)), not its side's"
                )
            }
        case (.image(let image), .image(let given)):
            if image != given { fail("image \(name) carries \(image), not \(given)") }
        case (.box(let box), .box(let given)):
            if box.color != given.color || box.borders != given.borders {
                fail(
                    "box \(name) carries fill \(String(describing: box.color)) and borders \(box.borders), not its own")
            }
            switch (box.line, given.line) {
            case (let inner?, let held?): checkDrawing(inner, of: held, target: target)
            case (_?, nil): fail("box \(name) has a line's layout but holds no line")
            default: break
            }
        default:
            // Kinds that do not match fail property 1.
            break
        }
    }
}

/// How two layouts differ (nil: they do not): sizes, frames, texts, and what is drawn. (The render
/// target uses it too.)
func difference(_ a: MGLineLayout, _ b: MGLineLayout) -> String? {
    if a.width != b.width || a.height != b.height { return "size \(a.width) × \(a.height) vs \(b.width) × \(b.height)" }
    if a.backgroundColor != b.backgroundColor || a.borders != b.borders {
        return
            "background \(String(describing: a.backgroundColor)), borders \(a.borders) vs \(String(describing: b.backgroundColor)), \(b.borders)"
    }
    if a.items.count != b.items.count { return "\(a.items.count) vs \(b.items.count) items" }
    for (x, y) in zip(a.items, b.items) {
        let name = "\(x.side.rawValue)[\(x.index)]"
        if x.frame != y.frame {
            return "\(name): frame \(String(describing: x.frame)) vs \(String(describing: y.frame))"
        }
        switch (x.content, y.content) {
        case (.text(let s), .text(let t)):
            if s.lines != t.lines || s.isTruncated != t.isTruncated || s.layout.width != t.layout.width {
                return
                    "\(name): text \(s.lines) (truncated \(s.isTruncated)) vs \(t.lines) (truncated \(t.isTruncated))"
            }
            if s.color != t.color || s.shadow != t.shadow {
                return
                    "\(name): text in \(s.color), shadow \(String(describing: s.shadow)) vs \(t.color), \(String(describing: t.shadow))"
            }
        case (.image(let s), .image(let t)):
            if s != t { return "\(name): image \(s) vs \(t)" }
        case (.box(let s), .box(let t)):
            if s.color != t.color || s.borders != t.borders {
                return
                    "\(name): box fill \(String(describing: s.color)), borders \(s.borders) vs \(String(describing: t.color)), \(t.borders)"
            }
            switch (s.line, t.line) {
            case (nil, nil): break
            case (let s?, let t?): if let inner = difference(s, t) { return "\(name) (its line): \(inner)" }
            default: return "\(name): a line layout on one side only"
            }
        default:
            return "\(name): different kinds of content"
        }
    }
    return nil
}

// MARK: - Reporting

/// Stops the fuzzer with `message`, the line and its layout; `target` names the fuzz target.
func lineFail(_ message: String, _ line: MGLine, depth: Int = 0, layout: MGLineLayout? = nil, target: String = "line")
    -> Never
{
    var report =
        "Mush \(target) fuzz property failed\(depth > 0 ? " (in a box's line)" : ""): \(message)\n  line: \(describe(line))"
    if let layout {
        report += "\n  layout: \(layout.width) × \(layout.height)"
        for item in layout.items {
            let frame = item.frame.map { "x \($0.x), y \($0.y), \($0.width) × \($0.height)" } ?? "dropped"
            let text = item.text.map { " \($0.lines)\($0.isTruncated ? " truncated" : "")" } ?? ""
            report += "\n    \(item.side.rawValue)[\(item.index)]: \(frame)\(text)"
        }
    }
    fatalError(report)
}

/// The line as Swift code, the properties at their defaults left out.
private func describe(_ line: MGLine) -> String {
    let defaults = MGLine()
    var parts = ["width: \(line.width)", "height: \(line.height)"]
    func add<T: Equatable>(_ name: String, _ path: KeyPath<MGLine, T>) {
        if line[keyPath: path] != defaults[keyPath: path] { parts.append("\(name): \(line[keyPath: path])") }
    }
    add("padding", \.padding)
    add("font", \.font)
    add("middleFont", \.middleFont)
    add("rightFont", \.rightFont)
    add("leftAlignment", \.leftAlignment)
    add("middleAlignment", \.middleAlignment)
    add("rightAlignment", \.rightAlignment)
    add("verticalAlignment", \.verticalAlignment)
    add("sidePrecedence", \.sidePrecedence)
    add("leftWidth", \.leftWidth)
    add("middleWidth", \.middleWidth)
    add("rightWidth", \.rightWidth)
    add("leftLineSpacing", \.leftLineSpacing)
    add("middleLineSpacing", \.middleLineSpacing)
    add("rightLineSpacing", \.rightLineSpacing)
    add("itemPadding", \.itemPadding)
    add("minHeight", \.minHeight)
    add("maxHeight", \.maxHeight)
    add("widenAsNeeded", \.widenAsNeeded)
    func item(_ item: MGLine.Item) -> String {
        switch item {
        case .text(let string, let multiline):
            "text(\(string.debugDescription), multiline: \(multiline.map { "\($0)" } ?? "nil"))"
        case .attributed(let document, let multiline):
            "attributed(\(document.text.debugDescription), multiline: \(multiline))"
        case .pieces(let pieces, let multiline):
            "pieces(\(pieces.count) pieces, multiline: \(multiline.map { "\($0)" } ?? "nil"))"
        case .image(let image): "image(\(image.width) × \(image.height))"
        case .box(let box):
            "box(\(box.width) × \(box.height), margin: \(box.margin), expand: \(box.expand)"
                + (box.line.map { ", line: MGLine(" + describe($0) + ")" } ?? "") + ")"
        }
    }
    for side in MGLine.Side.allCases where !line.items(on: side).isEmpty {
        parts.append("\(side.rawValue): [\(line.items(on: side).map(item).joined(separator: ", "))]")
    }
    return parts.joined(separator: ", ")
}

/// Property 10: stacks and the concurrent batch agree with single layouts.
private func depth0Checks(_ line: MGLine, _ layout: MGLineLayout, choice: UInt8) {
    var filling = line
    filling.width = 0
    filling.margin = MGLine.Insets(top: 2, left: 3, bottom: 1, right: 5)
    let stack = MGStack(
        width: line.width + 8, padding: MGLine.Insets(top: 1, left: 4, bottom: 1, right: 4), lines: [line, filling])
    let stacked: MGStackLayout
    do {
        stacked = try stack.layout(fonts: fonts)
    } catch {
        lineFail("a stack of valid lines could not be laid out: \(error)", line)
    }
    if line.width > 0 || line.widenAsNeeded, let difference = difference(stacked.lines[0].layout, layout) {
        lineFail("the line in a stack differs: \(difference)", line)
    }
    var alone = filling
    alone.width = line.widenAsNeeded ? 0 : max(0, line.width - 8)
    if let single = try? alone.layout(fonts: fonts), let difference = difference(stacked.lines[1].layout, single) {
        lineFail("a filling line in a stack differs from the same line alone: \(difference)", line)
    }
    let expectedHeight =
        1 + line.margin.top + stacked.lines[0].layout.height + line.margin.bottom
        + 2 + stacked.lines[1].layout.height + 1 + 1
    if abs(stacked.height - expectedHeight) > 1e-9 {
        lineFail("the stack is \(stacked.height) tall, not \(expectedHeight)", line)
    }
    guard choice & 0x0F == 0 else { return }
    let lines = [line, line, filling]
    let batch = BlockingResult<[MGLineLayout]>()
    Task.detached {
        let layouts = try? await MGLine.layout(lines, fonts: fonts)
        batch.finish(layouts)
    }
    guard let layouts = batch.wait() else { lineFail("the batch threw", line) }
    for (batched, single) in zip(layouts, lines) {
        guard let one = try? single.layout(fonts: fonts) else { lineFail("a batched line fails alone", line) }
        if let difference = difference(batched, one) {
            lineFail("the batch differs from one by one: \(difference)", line)
        }
    }
}

/// A value handed from a task to a waiting thread (the fuzzer's own thread is not a pool thread).
private final class BlockingResult<Value: Sendable>: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private var value: Value?

    func finish(_ value: Value?) {
        self.value = value
        semaphore.signal()
    }

    func wait() -> Value? {
        semaphore.wait()
        return value
    }
}
