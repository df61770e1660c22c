import CICU
import Mush

/// A stretch of text shaped in one call: one face, size, letter spacing, bidi level and script.
struct TextItem {
    /// UTF-16 range of the paragraph's text.
    var range: Range<Int>
    var face: FontFace
    var synthetic: (bold: Bool, oblique: Bool)
    var size: Double
    var letterSpacing: Double
    /// The bidi embedding level: even left to right, odd right to left.
    var level: UInt8
    /// ISO 15924 tag, nil for text of no particular script.
    var script: String?
    /// The index of the Mush run the item comes from.
    var run: Int

    var direction: TextDirection { level & 1 == 0 ? .leftToRight : .rightToLeft }
}

/// Splits a document's runs into items: by style, then bidi level (ICU), script (ICU, with Common
/// and Inherited characters joining their neighbours), and font coverage (each grapheme cluster
/// drawn by the style's face if it has the cluster's first character, else by the collection's
/// fallback).
enum Itemizer {
    static func items(
        text: [UInt16], runs: [(range: Range<Int>, attributes: MushAttributes)], base: ParagraphStyle,
        fonts: FontCollection, graphemes: [Int]
    ) throws(ICUError) -> [TextItem] {
        guard !text.isEmpty else { return [] }
        let levels = try bidiLevels(text)
        let scripts = scriptTags(text)
        // Segments: grapheme clusters, cut again where a run starts inside one (both lists are sorted).
        let boundaries = mergeSorted(graphemes, runs.map(\.range.upperBound))
        // Each run's face, chosen once.
        let choices = runs.map { run in
            fonts.face(family: run.attributes.fontFamily ?? base.fontFamily, bold: run.attributes.bold,
                       italic: run.attributes.italic, monospace: run.attributes.monospace)
        }
        var items: [TextItem] = []
        var runIndex = 0
        var start = 0
        for end in boundaries {
            while runs[runIndex].range.upperBound <= start { runIndex += 1 }
            let attributes = runs[runIndex].attributes
            let choice = choices[runIndex]
            let first = scalar(in: text, at: start)
            // Spaces and invisible characters stay with the face before them, so they do not split
            // an item of fallback text; anything else goes to the first face that has it.
            let continuing = !items.isEmpty && items[items.count - 1].run == runIndex
            var face = fonts.fallback(for: first, preferring: choice.face) ?? choice.face
            if continuing, isDefaultIgnorableOrSpace(first) { face = items[items.count - 1].face }
            if continuing, items[items.count - 1].face === face, items[items.count - 1].level == levels[start],
               items[items.count - 1].script == scripts[start] {
                items[items.count - 1].range = items[items.count - 1].range.lowerBound..<end
            } else {
                items.append(TextItem(
                    range: start..<end, face: face,
                    synthetic: (bold: attributes.bold && !face.isBold, oblique: attributes.italic && !face.isItalic),
                    size: attributes.fontSize ?? base.fontSize, letterSpacing: attributes.kern ?? 0,
                    level: levels[start], script: scripts[start], run: runIndex))
            }
            start = end
        }
        return items
    }

    static func scalar(in text: [UInt16], at offset: Int) -> Unicode.Scalar {
        let unit = text[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < text.count, UTF16.isTrailSurrogate(text[offset + 1]) {
            return UTF16.decode(UTF16.EncodedScalar([unit, text[offset + 1]]))
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    private static func isDefaultIgnorableOrSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
    }

    /// The positive values of two sorted lists, merged, without repeats.
    static func mergeSorted(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            let next = j == b.count || (i < a.count && a[i] <= b[j]) ? a[i] : b[j]
            if i < a.count, a[i] == next { i += 1 }
            if j < b.count, b[j] == next { j += 1 }
            if next > 0, result.last != next { result.append(next) }
        }
        return result
    }

    /// ICU's resolved bidi level of every UTF-16 unit, the paragraph direction taken from the first
    /// strong character (left to right when there is none).
    static func bidiLevels(_ text: [UInt16]) throws(ICUError) -> [UInt8] {
        var levels = [UInt8](repeating: 0, count: text.count)
        var error: Int32 = 0
        let paragraphLevel = text.withUnsafeBufferPointer { units in
            levels.withUnsafeMutableBufferPointer { out in
                mush_bidi_levels(units.baseAddress, Int32(units.count), 0xFE, out.baseAddress, &error)
            }
        }
        guard paragraphLevel >= 0 else { throw ICUError(code: error, operation: "resolve bidi levels") }
        return levels
    }

    /// The ISO 15924 tag of every UTF-16 unit's script, Common and Inherited resolved to the script
    /// before them (or after them, at the start); nil where the text has no script at all.
    static func scriptTags(_ text: [UInt16]) -> [String?] {
        var codes = [Int32](repeating: 0, count: text.count)
        var offset = 0
        while offset < text.count {
            let unit = text[offset]
            if unit < 0x80 {
                // ASCII: letters are Latin (USCRIPT_LATIN, 25), everything else Common (0).
                let letter = (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
                codes[offset] = letter ? 25 : 0
                offset += 1
                continue
            }
            let scalar = scalar(in: text, at: offset)
            let code = mush_script(scalar.value)
            let width = scalar.value > 0xFFFF ? 2 : 1
            for unit in offset..<min(offset + width, text.count) { codes[unit] = code }
            offset += width
        }
        // 0 is Common, 1 Inherited: they take the script before them, else the one after.
        var last: Int32 = -1
        for index in codes.indices {
            if codes[index] > 1 { last = codes[index] } else if last > 1 { codes[index] = last }
        }
        var next: Int32 = -1
        for index in codes.indices.reversed() {
            if codes[index] > 1 { next = codes[index] } else if next > 1 { codes[index] = next }
        }
        var tags: [Int32: String] = [:]
        return codes.map { code in
            guard code > 1 else { return nil }
            if let tag = tags[code] { return tag }
            let tag = scriptTag(code)
            tags[code] = tag
            return tag
        }
    }

    private static func scriptTag(_ code: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 8)
        guard mush_script_tag(code, &buffer, Int32(buffer.count)) > 0 else { return nil }
        return String(cString: buffer)
    }
}
