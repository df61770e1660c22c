import CICU
import Mush

/// A run of the document, in UTF-16 offsets of its text.
struct StyledRange {
    var range: Range<Int>
    var attributes: MushAttributes
}

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
    /// HarfBuzz's script (an ISO 15924 tag), invalid for text of no particular script.
    var script: ShapingScript
    /// The index of the Mush run the item comes from.
    var run: Int
    /// ICU's script code (UScriptCode) the item was cut by.
    var scriptCode: Int32 = 0
    /// The item's glyphs in the paragraph's ``GlyphStore``, in visual order (set once shaped).
    var glyphs: Range<Int> = 0..<0
    /// The index of the ``InlineObject`` the item stands for (its one U+FFFC), or -1 for text.
    var object: Int32 = -1
    /// The OpenType features and design coordinates it is shaped with (the paragraph's, then its
    /// run's over them): an index in the paragraph's table of them (``Paragraph/features(of:)``),
    /// -1 for none (most text). An index, not the value: items are copied often, and a value would
    /// be two arrays to retain at each copy.
    var features: Int32 = -1

    var direction: TextDirection { level & 1 == 0 ? .leftToRight : .rightToLeft }

    /// The language the item is shaped in: the paragraph's locale when it has one (`locale`, made
    /// once a paragraph), else the sample language of the item's script (none for Han and Common).
    func shapingLanguage(locale: ShapingLanguage?) -> ShapingLanguage {
        locale ?? ScriptLanguage.shapingSample(forScript: scriptCode)
    }
}

/// Splits a document's runs into items: by style, then bidi level (ICU), script (ICU, with Common
/// and Inherited characters joining their neighbours), and font coverage (each grapheme cluster
/// drawn by the style's face if it has the cluster's first character, else by the collection's
/// fallback for the cluster's script; an emoji presentation sequence by the installed emoji font
/// first).
enum Itemizer {
    /// Each run's face, chosen once: its slot in the list of faces in use, whether it has every
    /// printable ASCII character, and the style the run asks for (fallback faces are looked up in
    /// it).
    private struct RunFace {
        var slot: Int
        /// The face, held by the list of faces in use for the whole call: asked without being
        /// retained for each character (``covers(_:)``).
        var face: Unmanaged<FontFace>
        var coversASCII: Bool
        var bold: Bool
        var italic: Bool
        /// The run's size and letter spacing, or the paragraph's.
        var size: Double
        var letterSpacing: Double
    }

    /// Each run's features and design coordinates, the paragraph's and then its own over them,
    /// made once, as a table of those in use and each run's index in it (-1: none); a weight sets
    /// a variable face's `wght` axis where nothing else does. Most paragraphs have none, and make
    /// nothing here (both arrays empty).
    private static func features(
        runs: [StyledRange], base: ParagraphStyle, faces: (Int) -> FontFace
    ) -> (table: [ShapingFeatures], runs: [Int32]) {
        var featureTable: [ShapingFeatures] = []
        var runFeatures: [Int32] = []
        let typography = base.customTypography
        var plainRuns =
            typography.map { $0.settings.fontFeatures.isEmpty && $0.settings.fontVariations.isEmpty } ?? true
        // (Through a buffer: `allSatisfy` on the array copied each run to test it.)
        if plainRuns {
            plainRuns = runs.withUnsafeBufferPointer { runs in
                runs.indices.allSatisfy { !runs[$0].attributes.hasRareAttributes && !runs[$0].attributes.bold }
            }
        }
        guard !plainRuns else { return ([], []) }
        for index in runs.indices {
            let attributes = runs[index].attributes
            var features = typography?.settings.fontFeatures ?? [:]
            if let own = attributes.fontFeatures, !own.isEmpty { features.merge(own) { $1 } }
            var variations = typography?.settings.fontVariations ?? [:]
            if let own = attributes.fontVariations, !own.isEmpty { variations.merge(own) { $1 } }
            let face = faces(index)
            if !face.axes.isEmpty, variations["wght"] == nil, face.axes.contains(where: { $0.tag == "wght" }) {
                // Bold (markup's too) is at least 700.
                if attributes.bold {
                    if !face.isBold || attributes.fontWeight != nil {
                        variations["wght"] = max(attributes.fontWeight ?? 700, 700)
                    }
                } else if let weight = attributes.fontWeight {
                    variations["wght"] = weight
                }
            }
            guard !features.isEmpty || !variations.isEmpty else {
                runFeatures.append(-1)
                continue
            }
            let value = ShapingFeatures(features, variations: variations)
            if let known = featureTable.firstIndex(of: value) {
                runFeatures.append(Int32(known))
            } else {
                featureTable.append(value)
                runFeatures.append(Int32(featureTable.count - 1))
            }
        }
        return (featureTable, runFeatures)
    }

    /// The items of `text` (`shortcut`: false visits every cluster even where one item is known to
    /// cover the text; for tests). `objects`: the ascending UTF-16 offsets of the inline objects'
    /// U+FFFC characters; each becomes an item of its own, with its run's face (whose metrics are
    /// the line's strut there), whatever the face covers.
    static func items(
        text: [UInt16], runs: [StyledRange], base: ParagraphStyle, fonts: FontCollection, graphemes: BoundaryList,
        objects: [Int] = [], shortcut: Bool = true
    ) throws(ICUError) -> (items: [TextItem], features: [ShapingFeatures]) {
        guard !text.isEmpty else { return ([], []) }
        let levels = try bidiLevels(text)
        let scripts = scriptCodes(text)
        // Segments: grapheme clusters, cut again where a run starts inside one (both lists are
        // sorted; one run ends at the text's end, a grapheme boundary already).
        var boundaries =
            runs.count == 1
            ? graphemes : mergeSorted(graphemes, runs.map { $0.range.upperBound }, length: text.count)
        // Each object a segment of its own, even where a prepended character (Unicode's
        // Grapheme_Cluster_Break=Prepend) joins it to the grapheme before it.
        if !objects.isEmpty {
            boundaries = mergeSorted(boundaries, objects.flatMap { [$0, $0 + 1] }, length: text.count)
        }
        // Faces by slot, so the loop compares integers rather than references.
        var faces: [FontFace] = []
        func slot(of face: FontFace) -> Int {
            let identity = ObjectIdentifier(face)
            if let index = faces.firstIndex(where: { ObjectIdentifier($0) == identity }) { return index }
            faces.append(face)
            return faces.count - 1
        }
        let baseLetterSpacing = base.customTypography?.settings.letterSpacing ?? 0
        // (Read through a buffer: `map` and the array's subscript copied each run, retaining its
        // strings and boxes.)
        var runFaces: [RunFace] = []
        runFaces.reserveCapacity(runs.count)
        runs.withUnsafeBufferPointer { runs in
            for index in runs.indices {
                let bold = runs[index].attributes.isBold
                let italic = runs[index].attributes.italic
                let face = fonts.face(
                    family: runs[index].attributes.fontFamily ?? base.fontFamily, bold: bold, italic: italic,
                    monospace: runs[index].attributes.monospace
                ).face
                runFaces.append(
                    RunFace(
                        slot: slot(of: face), face: Unmanaged.passUnretained(face),
                        coversASCII: face.coversPrintableASCII, bold: bold, italic: italic,
                        size: runs[index].attributes.fontSize ?? base.fontSize,
                        letterSpacing: runs[index].attributes.kern ?? baseLetterSpacing))
            }
        }
        // Each run's features and design coordinates, the paragraph's and then its own over them,
        // made once; a weight sets a variable face's `wght` axis where nothing else does. Most
        // paragraphs have none, and make nothing here.
        let (featureTable, runFeatures) = Self.features(
            runs: runs, base: base, faces: { runFaces[$0].face.takeUnretainedValue() })
        // The slot of the face that draws `scalar` for a run (the run's own face when none has it:
        // its missing-glyph box, which the paragraph reports).
        func fallbackSlot(_ scalar: Unicode.Scalar, _ run: RunFace, _ script: Int32) -> Int {
            let preferred = faces[run.slot]
            let face = fonts.fallback(
                for: scalar, preferring: preferred, bold: run.bold, italic: run.italic, script: script)
            return face.map(slot(of:)) ?? run.slot
        }

        // Segments of the same slot, level, script and run make one item; only the open one is
        // kept, and it becomes an item when the next one differs. A segment of spaces whose face is
        // not known yet (``pending``) takes the face of what follows it.
        struct Segment {
            var start: Int, end: Int, slot: Int, run: Int
            var emoji = false
        }
        let pending = -1
        var items: [TextItem] = []
        func close(_ segment: Segment) {
            let run = runFaces[segment.run]
            let face = faces[segment.slot == pending ? runFaces[segment.run].slot : segment.slot]
            let script = scripts[segment.start]
            // A variable face set to a weight draws it: nothing to synthesise.
            let features = runFeatures.isEmpty ? -1 : runFeatures[segment.run]
            let weighted =
                features >= 0 && (featureTable[Int(features)].coordinates["wght"] ?? 0) >= 600
                && face.axes.contains { $0.tag == "wght" }
            items.append(
                TextItem(
                    range: segment.start..<segment.end, face: face,
                    synthetic: (
                        bold: run.bold && !face.isBold && !weighted,
                        oblique: run.italic && !face.isItalic
                    ),
                    size: run.size, letterSpacing: run.letterSpacing,
                    level: levels?[segment.start] ?? 0, script: shapingScript(script), run: segment.run,
                    scriptCode: script, features: features))
        }
        // Where the spaces that end `start..<end` begin (nil when it does not end with one).
        func trailingSpaces(_ start: Int, _ end: Int) -> Int? {
            var index = end
            while index > start, !UTF16.isTrailSurrogate(text[index - 1]),
                isDefaultIgnorableOrSpace(Unicode.Scalar(text[index - 1]) ?? "\u{FFFD}")
            {
                index -= 1
            }
            return index < end ? index : nil
        }
        func sameLevelAndScript(_ segment: Segment, _ start: Int) -> Bool {
            (levels.map { $0[segment.start] == $0[start] } ?? true) && scripts[segment.start] == scripts[start]
        }
        // ASCII in one run whose face has every ASCII character: whatever the loop below meets,
        // it gives the run's face (spaces and controls join what is around them; no cluster is
        // longer than CR LF, which is no keycap), so one item, without visiting each cluster.
        if shortcut, runs.count == 1, scripts.codes.isEmpty, levels == nil, runFaces[0].coversASCII {
            close(Segment(start: 0, end: text.count, slot: runFaces[0].slot, run: 0))
            return (items, featureTable)
        }
        var open: Segment?
        var runIndex = 0
        var start = 0
        var nextObject = 0
        for end in boundaries {
            while runs[runIndex].range.upperBound <= start { runIndex += 1 }
            if nextObject < objects.count, objects[nextObject] == start {
                // An object: an item of its own, in its run's face.
                if let segment = open { close(segment) }
                open = nil
                close(Segment(start: start, end: end, slot: runFaces[runIndex].slot, run: runIndex))
                items[items.count - 1].object = Int32(nextObject)
                nextObject += 1
                start = end
                continue
            }
            let unit = text[start]
            // Spaces and invisible characters stay with the face before them, so they do not split
            // an item of fallback text; where there is none (at the start of a run, after an emoji)
            // they take the face of what follows, as Pango does. An emoji presentation goes to the
            // emoji font; anything else to the run's face when it has it, else to the first face
            // that has it.
            let continuing = open?.run == runIndex
            let preferred = runFaces[runIndex]
            var faceSlot: Int
            var emoji = false
            if unit < 0x80 {
                if unit == 0x20 || (0x09...0x0D).contains(unit) {
                    faceSlot = continuing && !open!.emoji ? open!.slot : pending
                } else if end - start > 1, Emoji.isPresentation(text, start..<end) {
                    emoji = true
                    faceSlot = fallbackSlot(Unicode.Scalar(UInt8(unit)), preferred, FontCollection.emojiScript)
                } else if preferred.coversASCII {
                    faceSlot = preferred.slot
                } else {
                    faceSlot = fallbackSlot(Unicode.Scalar(UInt8(unit)), preferred, scripts[start])
                }
            } else {
                let first = scalar(in: text, at: start)
                if isDefaultIgnorableOrSpace(first) {
                    faceSlot = continuing && !open!.emoji ? open!.slot : pending
                } else if Emoji.mayBePresentation(first, count: end - start), Emoji.isPresentation(text, start..<end) {
                    emoji = true
                    faceSlot = fallbackSlot(first, preferred, FontCollection.emojiScript)
                } else if preferred.face._withUnsafeGuaranteedRef({ $0.covers(first) }) {
                    faceSlot = preferred.slot
                } else {
                    faceSlot = fallbackSlot(first, preferred, scripts[start])
                }
            }
            if continuing, let segment = open, segment.slot == faceSlot, segment.emoji == emoji,
                sameLevelAndScript(segment, start)
            {
                open!.end = end
            } else if continuing, faceSlot != pending, let segment = open, segment.slot == pending {
                // Spaces waiting for a face: they take this one (the run's, before an emoji), and
                // join it when nothing else separates them.
                open!.slot = emoji ? preferred.slot : faceSlot
                if !emoji, sameLevelAndScript(segment, start) {
                    open!.end = end
                    open!.emoji = emoji
                } else {
                    close(open!)
                    open = Segment(start: start, end: end, slot: faceSlot, run: runIndex, emoji: emoji)
                }
            } else if continuing, faceSlot == preferred.slot, !emoji, let segment = open, !segment.emoji,
                sameLevelAndScript(segment, start),
                let spaces = trailingSpaces(segment.start, segment.end), spaces > segment.start
            {
                // Where only the face changes back to the run's own, spaces that ended the fallback
                // text go with the run's face, which is the one a space asks for (Pango does the
                // same: "ん -" has the space of DejaVu Sans, not of the CJK font).
                open!.end = spaces
                close(open!)
                open = Segment(start: spaces, end: end, slot: faceSlot, run: runIndex)
            } else {
                if let segment = open { close(segment) }
                open = Segment(start: start, end: end, slot: faceSlot, run: runIndex, emoji: emoji)
            }
            start = end
        }
        if let segment = open { close(segment) }
        return (items, featureTable)
    }

    static func scalar(in text: [UInt16], at offset: Int) -> Unicode.Scalar {
        let unit = text[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < text.count, UTF16.isTrailSurrogate(text[offset + 1]) {
            return UTF16.decode(UTF16.EncodedScalar([unit, text[offset + 1]]))
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    static func isDefaultIgnorableOrSpace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        // From U+2070 to the variation selectors (CJK, Hangul and most of the BMP's scripts) only
        // the ideographic space and the Hangul filler are either; most supplementary planes have
        // none. Unicode's tables are not asked for those.
        if value >= 0x2070, value < 0xFE00 { return value == 0x3000 || value == 0x3164 }
        if value >= 0x10000, value < 0x1BCA0 { return false }
        // Below U+2070, the few there are (Unicode 15's White_Space and Default_Ignorable_Code_Point;
        // a test compares this with the standard library's tables for every scalar).
        if value < 0x2070 {
            switch value {
            case 0x85, 0xA0, 0xAD, 0x34F, 0x61C, 0x115F, 0x1160, 0x1680, 0x17B4, 0x17B5, 0x180B...0x180F,
                0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F:
                return true
            default: return false
            }
        }
        return scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
    }

    /// The positive values of two sorted lists of offsets in 0...`length`, merged, without repeats.
    static func mergeSorted(_ a: BoundaryList, _ b: [Int], length: Int) -> BoundaryList {
        var result: [UInt32] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            let next = j == b.count || (i < a.count && a[i] <= b[j]) ? a[i] : b[j]
            if i < a.count, a[i] == next { i += 1 }
            if j < b.count, b[j] == next { j += 1 }
            if next > 0, result.last != UInt32(next) { result.append(UInt32(next)) }
        }
        return BoundaryList(result, length: length)
    }

    /// ICU's resolved bidi level of every UTF-16 unit, the paragraph direction taken from the first
    /// strong character (left to right when there is none). Text with no right-to-left character
    /// and no bidi control is all level 0: then ICU is not asked, and the answer is nil.
    static func bidiLevels(_ text: [UInt16]) throws(ICUError) -> [UInt8]? {
        guard text.contains(where: mayBeRightToLeft) else { return nil }
        var levels = [UInt8].filled(with: 0, count: text.count)
        var error: Int32 = 0
        let paragraphLevel = text.withUnsafeBufferPointer { units in
            levels.withUnsafeMutableBufferPointer { out in
                mush_bidi_levels(units.baseAddress, Int32(units.count), 0xFE, out.baseAddress, &error)
            }
        }
        guard paragraphLevel >= 0 else { throw ICUError(code: error, operation: "resolve bidi levels") }
        return levels
    }

    /// Whether a UTF-16 unit may be (part of) a right-to-left character or a bidi control: Hebrew,
    /// Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their presentation forms, the
    /// supplementary right-to-left blocks (U+10800–U+10FFF, U+1E800–U+1EFFF), and the marks,
    /// embeddings, overrides and isolates.
    static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        guard unit >= 0x0590 else { return false }
        switch unit {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069,
            0xD802...0xD803, 0xD83A...0xD83B:
            return true
        default: return false
        }
    }

    /// ICU's script code (UScriptCode) of every UTF-16 unit, Common and Inherited resolved to the
    /// script before them (or after them, at the start); 0 where the text has no script at all.
    struct ScriptCodes {
        /// The code of every unit when `codes` is empty (ASCII text: Latin if it has a letter).
        var uniform: Int32 = 0
        var codes: [Int32] = []

        subscript(offset: Int) -> Int32 { codes.isEmpty ? uniform : codes[offset] }
    }

    static func scriptCodes(_ text: [UInt16]) -> ScriptCodes {
        if text.allSatisfy({ $0 < 0x80 }) {
            let letter = text.contains { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
            return ScriptCodes(uniform: letter ? 25 : 0)
        }
        var codes = [Int32].filled(with: 0, count: text.count)
        // (Written through one buffer: a subscript write asks whether the array is shared, each
        // time.) One pass: Common (0) and Inherited (1) take the script before them as they are
        // met; those before the first script take it afterwards; with no script at all, every
        // unit is Common.
        codes.withUnsafeMutableBufferPointer { codes in
            var last: Int32 = -1
            var firstScript = -1
            var offset = 0
            while offset < text.count {
                let unit = text[offset]
                var code: Int32
                var width = 1
                if unit < 0x80 {
                    // ASCII: letters are Latin (USCRIPT_LATIN, 25), everything else Common (0).
                    code = (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit) ? 25 : 0
                } else {
                    let scalar = scalar(in: text, at: offset)
                    code = mush_script(scalar.value)
                    if scalar.value > 0xFFFF { width = 2 }
                }
                if code > 1 {
                    last = code
                    if firstScript < 0 { firstScript = offset }
                } else if last > 1 {
                    code = last
                } else {
                    code = 0
                }
                for unit in offset..<min(offset + width, text.count) { codes[unit] = code }
                offset += width
            }
            if firstScript > 0 {
                let first = codes[firstScript]
                for index in 0..<firstScript { codes[index] = first }
            }
        }
        return ScriptCodes(codes: codes)
    }

    /// The shaping script of an ICU script code (none for Common, Inherited or an unknown code).
    static func shapingScript(_ code: Int32) -> ShapingScript {
        if code == 25 { return .latin }
        guard code > 1 else { return .none }
        return ScriptTag.shapingScript(code)
    }
}

extension MushAttributes {
    /// Whether the run asks for a bold face: `bold`, or a weight of 600 or more.
    var isBold: Bool { bold || (hasRareAttributes && (fontWeight ?? 0) >= 600) }
}
