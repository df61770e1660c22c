import CICU
import Mush

/// Attributed text, itemised and shaped once, ready to be laid out at any width.
///
/// Making a paragraph does the expensive work: bidi, scripts, font fallback, HarfBuzz shaping and
/// ICU's break opportunities. ``layout(width:)`` then fits lines without shaping again, so re-fitting
/// at another width or line limit is cheap. A paragraph is immutable and can be laid out from many
/// threads at once. (A class, so that passing it around copies one reference rather than a dozen
/// arrays; it has no mutable state.)
public final class Paragraph: Sendable {
    /// The text, as the document gives it.
    public let text: String
    public let style: ParagraphStyle
    let units: [UInt16]
    /// The scalar offset of each UTF-16 offset (0...count).
    let scalarOffsets: UnitOffsetMap
    /// The UTF-8 offset of each UTF-16 offset (0...count): line texts are slices of ``shownText``.
    let utf8Offsets: UnitOffsetMap
    /// What the text shows where some of it is in another case (``TextTransform``): ``units`` are
    /// then its text's, and ``scalarOffsets`` map them to the source's scalars. Nil for most text.
    let caseMapping: CaseMapping?
    let items: [TextItem]
    /// The attributes of each Mush run, by the run index items keep (``TextItem/run``).
    let runAttributes: [MushAttributes]
    /// Some run has a link (`MushAttributes.link`).
    let hasLinks: Bool
    /// The glyphs of every item, in font units (each item keeps its range, ``TextItem/glyphs``).
    let glyphs: GlyphStore
    /// Sum of advances of the glyphs of the cluster starting at each unit, as prefix sums.
    let advancePrefix: [Double]
    /// The largest value of ``advancePrefix``: the width of the widest start of the text.
    let widestPrefix: Double
    /// Some unit of the text is a line break character (``isHardBreak(_:)``).
    let hasHardBreak: Bool
    /// ICU's line break opportunities, found when a layout first needs them (``breakLines(_:)``
    /// does not for a text that fits its width on one line).
    private let lineBreaks: LazyBreakList
    /// The dictionary of the style's locale, when it hyphenates automatically.
    let hyphenDictionary: HyphenDictionary?
    /// The text has a soft hyphen, or a dictionary hyphenates it: ICU's opportunities are
    /// adjusted (``hyphenated(_:units:style:dictionary:)``). (Whether it has a soft hyphen is
    /// seen as the text is made UTF-16.)
    let mayHyphenate: Bool
    /// The features and design coordinates items are shaped with (``TextItem/features`` indexes
    /// it): empty for most paragraphs.
    let featureTable: [ShapingFeatures]
    /// The style's word spacing and line height, read where lines are measured.
    let wordSpacing: Double
    let lineHeight: ParagraphStyle.LineHeight?
    /// The style's ``ParagraphStyle/textWrap``, read at each layout.
    let textWrap: ParagraphStyle.TextWrap
    let graphemes: BoundaryList
    /// The UTF-16 offsets of the tab characters, ascending (empty for most text).
    let tabs: [Int]
    /// The distance between default tab stops, in points.
    let tabWidth: Double
    /// The advance of a space of the paragraph's font: with default stops, a tab moves the pen by
    /// at least this much (as Pango does).
    let spaceWidth: Double
    /// The face and size of text-free lines (empty text, a trailing line break).
    let emptyLineFace: FontFace
    let fonts: FontCollection
    /// The style's locale as HarfBuzz's language (nil: none; each item is then shaped in its
    /// script's sample language).
    let shapingLocale: ShapingLanguage?
    /// The largest font size of the text's items (the style's for empty text), and the largest
    /// letter spacing: kerning and spacing at a line's end change its width by less.
    let largestFontSize: Double
    /// Some item has letter spacing.
    let hasLetterSpacing: Bool
    /// The objects in the text (``InlineObject``), in the order of their offsets.
    public let objects: [InlineObject]
    /// What was done otherwise than asked: a font family the fonts do not have, and what stood in;
    /// characters no font has.
    public let warnings: [TextWarning]

    /// Shapes `document` with `style` and `fonts`, with `objects` (``InlineObject``) at the U+FFFC
    /// characters their offsets name, in ascending order of offset. A U+FFFC that no object names is
    /// text like any other.
    ///
    /// Throws ``TextError/invalidValue(property:problem:)`` for a style value or a run's size or
    /// kerning outside `MushLimits`, an object's size outside it or an offset that is not that of a
    /// U+FFFC (or not past the one before), and ``TextError/icu(_:)`` when ICU fails.
    public init(
        _ document: MushDocument, style: ParagraphStyle = ParagraphStyle(), objects: [InlineObject] = [],
        fonts: FontCollection = .standard
    ) throws(TextError) {
        try style.validate()
        try document.validateForLayout()
        for (index, object) in objects.enumerated() { try object.validate(index: index) }
        self.objects = objects
        var warnings = TextWarning.of(document, style: style, fonts: fonts)
        self.text = document.text
        self.style = style
        self.fonts = fonts
        let hyphenDictionary =
            style.customTypography?.settings.hyphens == .auto ? style.locale.flatMap(Hyphenation.dictionary(for:)) : nil
        self.hyphenDictionary = hyphenDictionary
        let shapingLocale = style.locale.map { ShapingLanguage($0) }
        self.shapingLocale = shapingLocale
        var text = UTF16Units(document.text)
        var scalarOffsets = UnitOffsetMap(text.units, .scalars, uniform: !text.hasSurrogates)
        // (Links and case are rare attributes: most runs have none, and are asked nothing more.)
        // (Read through a buffer, here and below: `for run in`, `map` and the array's subscript
        // copied each run, retaining its strings and boxes, to read a field or two.)
        let hasRareRuns = document.runs.withUnsafeBufferPointer { runs in
            runs.indices.contains { runs[$0].attributes.hasRareAttributes }
        }
        let caseMapping =
            style.hasTypography || hasRareRuns
            ? try Self.caseMapping(document, style: style, units: text.units, scalarOffsets: scalarOffsets) : nil
        self.caseMapping = caseMapping
        if let caseMapping {
            // Shaped and measured as shown; offsets reported in the source's scalars.
            let source = scalarOffsets
            text = UTF16Units(caseMapping.shown)
            scalarOffsets =
                caseMapping.sourceUnits.map { UnitOffsetMap(text.units, listed: $0.map { source[$0] }) }
                ?? UnitOffsetMap(text.units, .scalars, uniform: !text.hasSurrogates)
        }
        let units = text.units
        self.units = units
        self.mayHyphenate = hyphenDictionary != nil || text.hasSoftHyphen
        self.scalarOffsets = scalarOffsets
        self.utf8Offsets = UnitOffsetMap(units, .utf8, uniform: text.isASCII)
        // Each run's scalar range as a UTF-16 range.
        var runs: [StyledRange] = []
        runs.reserveCapacity(document.runs.count)
        var runAttributes: [MushAttributes] = []
        runAttributes.reserveCapacity(document.runs.count)
        document.runs.withUnsafeBufferPointer { documentRuns in
            for index in documentRuns.indices {
                let range = documentRuns[index].range
                let attributes = documentRuns[index].attributes
                runs.append(
                    StyledRange(
                        range: scalarOffsets.firstUnit(
                            reaching: range.lowerBound)..<scalarOffsets.firstUnit(reaching: range.upperBound),
                        attributes: attributes))
                runAttributes.append(attributes)
            }
        }
        self.runAttributes = runAttributes
        self.hasLinks = hasRareRuns && runAttributes.contains { $0.link != nil }
        // Each object's UTF-16 offset, checked to hold U+FFFC and to follow the one before.
        let objectUnits =
            objects.isEmpty ? [] : try Self.objectUnits(objects, units: units, scalarOffsets: scalarOffsets)
        let graphemes: BoundaryList
        var items: [TextItem]
        var featureTable: [ShapingFeatures]
        do throws(ICUError) {
            graphemes = try TextBoundaries.graphemeList(in: units)
            // In the root locale, found at the first layout that needs them; ICU is asked now
            // whether it can, so that its failure is still this initializer's. A locale's iterator
            // is opened for each paragraph anyway: its opportunities are found now.
            if let locale = style.locale, !locale.isEmpty {
                let list = try TextBoundaries.breakList(in: units, locale: locale)
                self.lineBreaks = LazyBreakList(
                    mayHyphenate
                        ? Self.hyphenated(list, units: units, style: style, dictionary: hyphenDictionary) : list)
            } else {
                try TextBoundaries.checkLineBreaking()
                self.lineBreaks = LazyBreakList()
            }
            (items, featureTable) = try Itemizer.items(
                text: units, runs: runs, base: style, fonts: fonts, graphemes: graphemes, objects: objectUnits)
        } catch {
            throw .icu(error)
        }
        self.graphemes = graphemes
        self.featureTable = featureTable
        let typography = style.customTypography
        let wordSpacing = typography?.settings.wordSpacing ?? 0
        self.wordSpacing = wordSpacing
        self.lineHeight = typography?.settings.lineHeight
        self.textWrap = typography?.settings.textWrap ?? .wrap
        var glyphs = GlyphStore()
        glyphs.reserveCapacity(units.count)
        // Each cluster's advance at prefix[cluster + 1], then summed in place.
        var prefix = [Double].filled(with: 0, count: units.count + 1)
        // The characters no face has, each once, in the order of the text.
        var missing: [Unicode.Scalar] = []
        var seenMissing = Set<UInt32>()
        // (Summed through a buffer: each write to the array asked whether it was shared.)
        prefix.withUnsafeMutableBufferPointer { prefix in
            units.withUnsafeBufferPointer { text in
                for index in items.indices {
                    // (Copied out once: each read of an item's face from the array retained it.)
                    var item = items[index]
                    let first = glyphs.count
                    if item.object >= 0 {
                        // An object: one glyph that draws nothing, as wide as the object.
                        let unit = item.range.lowerBound
                        glyphs.append(
                            CachedGlyph(glyph: 0, cluster: UInt32(unit), advance: 0, xOffset: 0, yOffset: 0),
                            clusterOffset: 0)
                        items[index].glyphs = first..<glyphs.count
                        prefix[unit + 1] += objects[Int(item.object)].width
                        continue
                    }
                    Shaper.shape(
                        text, range: item.range, face: item.face, direction: item.direction, script: item.script,
                        language: item.shapingLanguage(locale: shapingLocale),
                        features: item.features < 0 ? nil : featureTable[Int(item.features)],
                        cache: fonts.shapeCache, into: &glyphs)
                    item.glyphs = first..<glyphs.count
                    items[index].glyphs = item.glyphs
                    let scale = GlyphStore.scale(of: item)
                    // Line breaks take no room; tabs take what their stop gives them, at layout.
                    for glyph in item.glyphs {
                        let cluster = glyphs.cluster(glyph)
                        if glyphs.isMissing(glyph) {
                            let scalar = Itemizer.scalar(in: units, at: cluster)
                            // (Each scalar judged once: its Unicode properties are slow to look up.)
                            if seenMissing.insert(scalar.value).inserted, TextWarning.isVisible(scalar) {
                                missing.append(scalar)
                            }
                        }
                        guard !Self.isHardBreak(text[cluster]), text[cluster] != 0x09 else { continue }
                        prefix[cluster + 1] += glyphs.advance(glyph, in: item, scale: scale)
                    }
                }
                // Word spacing after each space (a cluster of its own), in a pass of its own: most
                // text has none, and the loop above asks nothing for it.
                if wordSpacing != 0 {
                    for unit in text.indices where Self.isWordSeparator(text[unit]) { prefix[unit + 1] += wordSpacing }
                }
            }
        }
        if !missing.isEmpty { warnings.append(.missingGlyphs(missing)) }
        self.warnings = warnings
        let largestSpacing = items.lazy.map { abs($0.letterSpacing) }.max() ?? 0
        self.hasLetterSpacing = largestSpacing > 0
        self.largestFontSize = (items.lazy.map(\.size).max() ?? style.fontSize) + largestSpacing
        self.items = items
        self.glyphs = glyphs
        var widest = 0.0
        prefix.withUnsafeMutableBufferPointer { prefix in
            for index in units.indices {
                prefix[index + 1] += prefix[index]
                widest = max(widest, prefix[index + 1])
            }
        }
        self.advancePrefix = prefix
        self.widestPrefix = widest
        self.hasHardBreak = units.contains(where: Self.isHardBreak)
        let emptyLineFace = fonts.face(family: style.fontFamily, bold: false, italic: false).face
        self.emptyLineFace = emptyLineFace
        self.tabs = units.indices.filter { units[$0] == 0x09 }
        let space =
            emptyLineFace.glyph(for: " ").map { Double(emptyLineFace.advance(of: $0)) } ?? Double(
                emptyLineFace.unitsPerEm) / 4
        self.spaceWidth = space * style.fontSize / Double(emptyLineFace.unitsPerEm)
        self.tabWidth = style.tabWidth ?? (style.customTypography?.settings.tabSize ?? 8) * spaceWidth
    }

    /// What `document` shows where its style or a run transforms its case (nil where none does,
    /// or the transforms change nothing): `units` and `scalarOffsets` are the document's.
    private static func caseMapping(
        _ document: MushDocument, style: ParagraphStyle, units: [UInt16], scalarOffsets: UnitOffsetMap
    ) throws(TextError) -> CaseMapping? {
        let base = style.customTypography?.settings.textTransform ?? .none
        guard base != .none || document.runs.contains(where: { $0.attributes.textTransform != nil }) else {
            return nil
        }
        // Each run's transform over its range (the runs cover the text in order), the style's where
        // it sets none; neighbours that agree in one.
        var segments: [CaseMapping.Segment] = []
        func add(_ range: Range<Int>, _ transform: TextTransform) {
            guard !range.isEmpty else { return }
            if let last = segments.last, last.transform == transform, last.range.upperBound == range.lowerBound {
                segments[segments.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                segments.append(CaseMapping.Segment(range: range, transform: transform))
            }
        }
        for run in document.runs {
            add(
                scalarOffsets.firstUnit(
                    reaching: run.range.lowerBound)..<scalarOffsets.firstUnit(
                        reaching: run.range.upperBound), run.attributes.textTransform ?? base)
        }
        do throws(ICUError) {
            return try CaseMapping.map(units, segments: segments, locale: style.locale)
        } catch {
            throw .icu(error)
        }
    }

    /// Each object's UTF-16 offset, checked to hold U+FFFC and to follow the one before.
    private static func objectUnits(_ objects: [InlineObject], units: [UInt16], scalarOffsets: UnitOffsetMap)
        throws(TextError) -> [Int]
    {
        var objectUnits: [Int] = []
        objectUnits.reserveCapacity(objects.count)
        let scalarCount = scalarOffsets[units.count]
        for (index, object) in objects.enumerated() {
            let unit =
                object.offset >= 0 && object.offset < scalarCount
                ? scalarOffsets.firstUnit(reaching: object.offset) : -1
            guard unit >= 0, units[unit] == 0xFFFC, objectUnits.last.map({ $0 < unit }) ?? true else {
                throw .invalidValue(
                    property: "objects[\(index)].offset",
                    problem:
                        "must be the offset of a U+FFFC in the text, past the object before (it is \(object.offset))"
                )
            }
            objectUnits.append(unit)
        }
        return objectUnits
    }

    /// Parses `mush` and shapes it.
    public convenience init(mush: String, style: ParagraphStyle = ParagraphStyle(), fonts: FontCollection = .standard)
        throws(TextError)
    {
        try self.init(Mush.parse(mush), style: style, fonts: fonts)
    }

    /// ICU's line break opportunities of the text (found on first use).
    var breaks: BreakList {
        lineBreaks.list(units) { list in
            mayHyphenate ? Self.hyphenated(list, units: units, style: style, dictionary: hyphenDictionary) : list
        }
    }

    /// Whether ICU was asked for the line break opportunities (for tests).
    var hasFoundBreaks: Bool { lineBreaks.isFound }

    static func isHardBreak(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x0B || unit == 0x0C || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }

    /// The characters word spacing widens, as CSS's `word-spacing`: the space and the no-break space.
    static func isWordSeparator(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0xA0
    }

    static func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x3000 || (0x2000...0x200A).contains(unit) || isHardBreak(unit)
    }

    /// The advance of `start..<end` (UTF-16, at cluster boundaries) when the pen starts at `x` from
    /// the line's start: tabs move the pen to their stops.
    func advance(_ start: Int, _ end: Int, at x: Double = 0) -> Double {
        guard !tabs.isEmpty, end > start else { return advancePrefix[end] - advancePrefix[start] }
        var index = Self.firstIndex(in: tabs, after: start - 1)
        guard index < tabs.count, tabs[index] < end else { return advancePrefix[end] - advancePrefix[start] }
        var pen = x
        var segment = start
        while index < tabs.count, tabs[index] < end {
            pen += advancePrefix[tabs[index]] - advancePrefix[segment]
            pen = nextTabStop(after: pen)
            segment = tabs[index] + 1
            index += 1
        }
        return pen + advancePrefix[end] - advancePrefix[segment] - x
    }

    /// How far the tab at `tab` moves the pen, in a line piece that starts at `start` with the pen
    /// at `x`.
    func tabAdvance(_ tab: Int, pieceStart start: Int, at x: Double) -> Double {
        advance(start, tab + 1, at: x) - advance(start, tab, at: x)
    }

    /// The first tab stop past `x`: the style's stops, then every `tabWidth` after the last of them.
    /// Without stops of its own the paragraph uses the default ones, and those keep at least a
    /// space between the text and the stop, as in Pango.
    func nextTabStop(after x: Double) -> Double {
        let tolerance = 1e-6
        if let stop = style.tabStops.first(where: { $0 > x + tolerance }) { return stop }
        let origin = style.tabStops.last ?? 0
        let least = style.tabStops.isEmpty ? x + spaceWidth - tolerance : x + tolerance
        return origin + ((least - origin) / tabWidth).rounded(.down) * tabWidth + tabWidth
    }

    /// `end` moved back over trailing spaces and line breaks, which hang past the line's width.
    func visibleEnd(_ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, Self.isSpace(units[end - 1]) { end -= 1 }
        return end
    }
}

extension Paragraph {
    /// The links its runs set (`MushAttributes.link`), each once, in the order first met: for a
    /// renderer to know beforehand which boxes links name.
    package var linkTargets: [String] {
        guard hasLinks else { return [] }
        var seen = Set<String>()
        return runAttributes.compactMap(\.link).filter { seen.insert($0).inserted }
    }
}

extension Paragraph {
    /// The features and design coordinates `item` is shaped with (nil: the font's defaults).
    func features(of item: TextItem) -> ShapingFeatures? {
        item.features < 0 ? nil : featureTable[Int(item.features)]
    }
}
