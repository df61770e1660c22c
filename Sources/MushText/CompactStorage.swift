/// The glyphs of a paragraph as HarfBuzz gave them, in font units, one array for all its items
/// (each item keeps its range of it, ``TextItem/glyphs``): 8 bytes a glyph (a 16-bit glyph index
/// and advance, a 32-bit cluster), and 8 more for its x and y offsets only once some glyph of the
/// paragraph has one (marks; Latin and Cyrillic text has none). A glyph whose index or advance does
/// not fit 16 bits (OpenType fonts have at most 65,535 glyphs; advances are a few thousand units)
/// is kept whole on the side. Points are made when a glyph is read
/// (``shapedGlyph(_:in:scale:)``), by the same arithmetic that shaping used, so they are the same
/// values.
struct GlyphStore: Sendable {
    private struct Glyph: Sendable {
        var glyph: UInt16
        /// ``wide`` when the glyph is kept in ``GlyphStore/wideGlyphs``.
        var advance: Int16
        /// The UTF-16 offset in the paragraph's text of the first unit of the glyph's cluster.
        var cluster: UInt32
    }

    private static let wide = Int16.min

    struct Offset: Sendable {
        var x: Int32
        var y: Int32
    }

    private var glyphs: [Glyph] = []
    /// The glyph index and advance of the glyphs that do not fit 16 bits, by their index.
    private var wideGlyphs: [Int: (glyph: UInt32, advance: Int32)] = [:]
    /// The x and y offsets of every glyph; empty while all of them are zero.
    private var offsets: [Offset] = []

    var count: Int { glyphs.count }

    mutating func reserveCapacity(_ count: Int) {
        glyphs.reserveCapacity(count)
    }

    /// Adds HarfBuzz's glyphs, their clusters moved by `clusterOffset`.
    mutating func append(_ raw: some Collection<CachedGlyph>, clusterOffset: Int) {
        for glyph in raw { append(glyph, clusterOffset: clusterOffset) }
    }

    /// Adds HarfBuzz's glyphs as they are (clusters not moved) in one growth of the store, when
    /// every one fits 16 bits and has no offset and the store keeps no offsets yet (nearly always);
    /// otherwise one by one.
    mutating func append(contentsOf raw: some RandomAccessCollection<CachedGlyph>) {
        // Converted into a buffer on the stack in one pass (which also finds whether every glyph
        // is plain), then copied in with one growth: appending a lazily mapped collection copied
        // it element by element through the standard library's generic sequence path.
        let plain =
            offsets.isEmpty
            && withUnsafeTemporaryAllocation(of: Glyph.self, capacity: raw.count) { buffer in
                var index = 0
                for glyph in raw {
                    guard glyph.glyph <= UInt32(UInt16.max), let advance = Int16(exactly: glyph.advance),
                        advance != Self.wide, glyph.xOffset == 0, glyph.yOffset == 0
                    else { return false }
                    buffer.initializeElement(
                        at: index, to: Glyph(glyph: UInt16(glyph.glyph), advance: advance, cluster: glyph.cluster))
                    index += 1
                }
                glyphs.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<index]))
                return true
            }
        guard !plain else { return }
        for glyph in raw { append(glyph, clusterOffset: 0) }
    }

    /// Adds one of HarfBuzz's glyphs, its cluster moved by `clusterOffset`.
    mutating func append(_ glyph: CachedGlyph, clusterOffset: Int) {
        if glyph.xOffset != 0 || glyph.yOffset != 0, offsets.isEmpty {
            offsets = Array(repeating: Offset(x: 0, y: 0), count: glyphs.count)
        }
        let cluster = glyph.cluster + UInt32(clusterOffset)
        if glyph.glyph <= UInt32(UInt16.max), let advance = Int16(exactly: glyph.advance), advance != Self.wide {
            glyphs.append(Glyph(glyph: UInt16(glyph.glyph), advance: advance, cluster: cluster))
        } else {
            wideGlyphs[glyphs.count] = (glyph.glyph, glyph.advance)
            glyphs.append(Glyph(glyph: 0, advance: Self.wide, cluster: cluster))
        }
        if !offsets.isEmpty { offsets.append(Offset(x: glyph.xOffset, y: glyph.yOffset)) }
    }

    /// Drops the glyphs from `count` on.
    mutating func removeGlyphs(from count: Int) {
        glyphs.removeSubrange(count...)
        if !offsets.isEmpty { offsets.removeSubrange(count...) }
        if !wideGlyphs.isEmpty { wideGlyphs = wideGlyphs.filter { $0.key < count } }
    }

    func cluster(_ index: Int) -> Int {
        Int(glyphs[index].cluster)
    }

    /// HarfBuzz's advance of glyph `index`, in font units (no letter spacing).
    func rawAdvance(_ index: Int) -> Int32 {
        glyphAndAdvance(index).advance
    }

    /// Whether glyph `index` is the last glyph (left to right) of the last cluster before `end`.
    func isLastOfCluster(_ index: Int, before end: Int) -> Bool {
        (index + 1 == glyphs.count || glyphs[index + 1].cluster >= UInt32(end)
            || glyphs[index + 1].cluster < glyphs[index].cluster)
            && glyphs[index].cluster < UInt32(end)
    }

    /// Whether glyph `index` is the font's missing-glyph box (glyph 0, `.notdef`).
    func isMissing(_ index: Int) -> Bool {
        glyphs[index].glyph == 0 && glyphs[index].advance != Self.wide
    }

    /// HarfBuzz's glyph index and advance (font units) of glyph `index`.
    private func glyphAndAdvance(_ index: Int) -> (glyph: UInt32, advance: Int32) {
        let stored = glyphs[index]
        guard stored.advance == Self.wide else { return (UInt32(stored.glyph), Int32(stored.advance)) }
        return wideGlyphs[index]!
    }

    /// Points a font unit of `item`'s glyphs (as ``Shaper`` scales them).
    static func scale(of item: TextItem) -> Double {
        item.size / Double(item.face.unitsPerEm)
    }

    /// Glyph `index` of `item` in points: HarfBuzz's units times the item's `scale`
    /// (``scale(of:)``), and the item's letter spacing after the last glyph of each cluster
    /// (``Shaper`` adds it the same way to the glyphs it returns).
    func shapedGlyph(_ index: Int, in item: TextItem, scale: Double) -> ShapedGlyph {
        let glyphIndex = glyphAndAdvance(index).glyph
        let offset = offsets.isEmpty ? Offset(x: 0, y: 0) : offsets[index]
        var glyph = ShapedGlyph(
            CachedGlyph(
                glyph: glyphIndex, cluster: glyphs[index].cluster, advance: 0,
                xOffset: offset.x, yOffset: offset.y), scale: scale, clusterOffset: 0)
        glyph.advance = advance(index, in: item, scale: scale)
        return glyph
    }

    /// The advance of glyph `index` of `item` in points, as ``shapedGlyph(_:in:scale:)`` gives it.
    func advance(_ index: Int, in item: TextItem, scale: Double) -> Double {
        let advance = Double(glyphAndAdvance(index).advance) * scale
        guard item.letterSpacing != 0 else { return advance }
        return Shaper.spacedAdvance(
            of: index - item.glyphs.lowerBound, count: item.glyphs.count, letterSpacing: item.letterSpacing,
            cluster: { Int(glyphs[item.glyphs.lowerBound + $0].cluster) },
            advance: { Double(glyphAndAdvance(item.glyphs.lowerBound + $0).advance) * scale })
    }
}

/// Where each UTF-16 offset of a text falls in another count of it (its Unicode scalars, or its
/// UTF-8 bytes), without an entry for every unit: the count at the start of every block of 32
/// units, and the units themselves to count the rest from. A text whose units all count one (no
/// surrogate pairs for scalars; ASCII for bytes) keeps nothing: the offsets are the same.
struct UnitOffsetMap: Sendable {
    enum Measure: Sendable {
        case scalars, utf8
        /// Listed, one for each offset (a case-mapped text's offsets in its source).
        case listed
    }

    static let blockSize = 32

    private let units: [UInt16]
    private let measure: Measure
    /// The offset at unit `k × blockSize`, for every block and the end; empty when the offsets are
    /// the units'; every offset when they are listed.
    private let marks: [Int]

    /// The offsets `offsets` of offsets 0...`units.count` (ascending).
    init(_ units: [UInt16], listed offsets: [Int]) {
        self.units = units
        self.measure = .listed
        self.marks = offsets
    }

    /// `uniform`, where the caller knows it, says whether every unit counts one (else the units
    /// are scanned for it).
    init(_ units: [UInt16], _ measure: Measure, uniform: Bool? = nil) {
        self.units = units
        self.measure = measure
        let uniform: Bool =
            uniform
            ?? {
                switch measure {
                case .scalars: !units.contains(where: UTF16.isLeadSurrogate)
                case .utf8: units.allSatisfy { $0 < 0x80 }
                case .listed: false
                }
            }()
        guard !uniform else {
            marks = []
            return
        }
        var marks: [Int] = []
        marks.reserveCapacity(units.count / Self.blockSize + 2)
        var total = 0
        for (index, unit) in units.enumerated() {
            if index % Self.blockSize == 0 { marks.append(total) }
            total += Self.weight(unit, measure)
        }
        marks.append(total)
        self.marks = marks
    }

    /// What a unit adds to the count after it. A surrogate pair counts at its second unit, so both
    /// of its units have the offset of the pair's start.
    private static func weight(_ unit: UInt16, _ measure: Measure) -> Int {
        if UTF16.isLeadSurrogate(unit) { return 0 }
        guard measure == .utf8 else { return 1 } // (.listed never asks)
        if unit < 0x80 { return 1 }
        if unit < 0x800 { return 2 }
        return UTF16.isTrailSurrogate(unit) ? 4 : 3
    }

    /// The offset of UTF-16 offset `unit` (0...count).
    subscript(unit: Int) -> Int {
        guard !marks.isEmpty else { return unit }
        if unit == units.count { return marks[marks.count - 1] }
        if measure == .listed { return marks[unit] }
        let block = unit / Self.blockSize
        var offset = marks[block]
        for index in block * Self.blockSize..<unit { offset += Self.weight(units[index], measure) }
        return offset
    }

    /// The lowest UTF-16 offset whose offset is `value` or more (the count of units when none is).
    func firstUnit(reaching value: Int) -> Int {
        guard !marks.isEmpty else { return min(max(value, 0), units.count) }
        if measure == .listed {
            // The first of the ascending offsets that is `value` or more.
            var low = 0
            var high = units.count
            while low < high {
                let middle = (low + high) / 2
                if marks[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low
        }
        // The last block that starts below `value` (the last mark is the end, not a block), then
        // unit by unit.
        var low = 0
        var high = marks.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if marks[middle] < value { low = middle } else { high = middle - 1 }
        }
        var unit = low * Self.blockSize
        var offset = marks[low]
        while unit < units.count, offset < value {
            offset += Self.weight(units[unit], measure)
            unit += 1
        }
        return unit
    }
}

/// Ascending UTF-16 offsets (grapheme boundaries) in 4 bytes each, or in none when they are every
/// offset from 1 to the text's length (text below U+0300 without CR LF, where every unit is a
/// grapheme).
struct BoundaryList: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        /// 1...count.
        case every(Int)
        case listed([UInt32])
    }

    private let storage: Storage

    /// Every offset from 1 to `length`.
    init(every length: Int) {
        storage = .every(length)
    }

    /// `offsets`, ascending, in 1...`length`.
    init(_ offsets: [UInt32], length: Int) {
        // Ascending offsets in 1...length, as many as the units: every one of them.
        storage = offsets.count == length ? .every(length) : .listed(offsets)
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .every(let count): count
        case .listed(let offsets): offsets.count
        }
    }

    subscript(index: Int) -> Int {
        switch storage {
        case .every: index + 1
        case .listed(let offsets): Int(offsets[index])
        }
    }
}

/// Line break opportunities in 4 bytes each: the offset, and whether the break is hard in the top
/// bit (texts are shorter than 2^31 units: HarfBuzz and ICU take their lengths as 32-bit integers).
struct BreakList: RandomAccessCollection, Sendable {
    private var breaks: [UInt32] = []
    private static let hard: UInt32 = 1 << 31
    /// A hyphen break (texts are shorter than 2^30 units).
    private static let hyphen: UInt32 = 1 << 30
    private static let offset: UInt32 = hyphen - 1

    mutating func append(_ opportunity: BreakOpportunity) {
        let kind: UInt32 =
            switch opportunity.kind {
            case .hard: Self.hard
            case .hyphen: Self.hyphen
            case .soft: 0
            }
        breaks.append(UInt32(opportunity.offset) | kind)
    }

    mutating func reserveCapacity(_ capacity: Int) {
        breaks.reserveCapacity(capacity)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { breaks.count }

    subscript(index: Int) -> BreakOpportunity {
        let stored = breaks[index]
        let kind: BreakOpportunity.Kind =
            stored & Self.hard != 0 ? .hard : stored & Self.hyphen != 0 ? .hyphen : .soft
        return BreakOpportunity(offset: Int(stored & Self.offset), kind: kind)
    }
}

/// A text's UTF-16 code units, transcoded from its UTF-8 in one pass, with whether every unit is
/// ASCII and whether any is a surrogate. (`Array(text.utf16)` counts the units before it copies
/// them, and a native string counts them through the breadcrumbs it builds for the purpose: 1.6%
/// of a measuring batch.)
struct UTF16Units {
    let units: [UInt16]
    /// Every unit below 0x80 (the UTF-8 offsets are the UTF-16 ones).
    let isASCII: Bool
    /// Some unit is half of a surrogate pair (the scalar offsets are not the UTF-16 ones).
    let hasSurrogates: Bool
    /// Some unit is a soft hyphen (U+00AD), a break opportunity that shows a hyphen.
    let hasSoftHyphen: Bool

    init(_ text: String) {
        var text = text
        var isASCII = true
        var hasSurrogates = false
        var hasSoftHyphen = false
        units = text.withUTF8 { bytes in
            // (An empty text makes no array: asked for room for none, the standard library hands out
            // its one shared empty array and writes its count there, which threads doing the same
            // at once race on.)
            guard !bytes.isEmpty else { return [] }
            // (A scalar takes no more UTF-16 units than UTF-8 bytes.)
            // (Made full and cut to the units written: see `Array.filled(with:count:)`.)
            var units = [UInt16].filled(with: 0, count: bytes.count)
            let count = units.withUnsafeMutableBufferPointer { buffer in
                var index = 0
                var unit = 0
                @inline(__always) func continuation(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset] & 0x3F) }
                while index < bytes.count {
                    let lead = bytes[index]
                    if lead < 0x80 {
                        buffer[unit] = UInt16(lead)
                        index += 1
                        unit += 1
                        continue
                    }
                    isASCII = false
                    let scalar: UInt32
                    switch lead {
                    case ..<0xE0:
                        scalar = UInt32(lead & 0x1F) << 6 | continuation(1)
                        // (U+00AD is C2 AD.)
                        if scalar == 0xAD { hasSoftHyphen = true }
                        index += 2
                    case ..<0xF0:
                        scalar = UInt32(lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2)
                        index += 3
                    default:
                        scalar =
                            UInt32(lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3)
                        index += 4
                    }
                    if scalar < 0x10000 {
                        buffer[unit] = UInt16(scalar)
                        unit += 1
                    } else {
                        hasSurrogates = true
                        buffer[unit] = UInt16(0xD800 + ((scalar - 0x10000) >> 10))
                        buffer[unit + 1] = UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF))
                        unit += 2
                    }
                }
                return unit
            }
            units.removeLast(units.count - count)
            return units
        }
        self.isASCII = isASCII
        self.hasSurrogates = hasSurrogates
        self.hasSoftHyphen = hasSoftHyphen
    }
}
