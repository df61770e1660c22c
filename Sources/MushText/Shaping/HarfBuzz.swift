import CHarfBuzz
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The one file that touches HarfBuzz: its blobs, faces, fonts and buffers stay behind these types.

/// A script as shaping knows it: an ISO 15924 tag ("Latn", "Arab") read by HarfBuzz, or none (the
/// text has no particular script, and HarfBuzz guesses).
struct ShapingScript: Hashable, Sendable {
    fileprivate var value: hb_script_t

    private init(_ value: hb_script_t) { self.value = value }

    /// No particular script.
    static let none = ShapingScript(HB_SCRIPT_INVALID)
    /// Latin.
    static let latin = ShapingScript(HB_SCRIPT_LATIN)

    /// The script of an ISO 15924 tag (an unknown tag is an unknown script, which shapes as none).
    init(tag: String) {
        self.init(hb_script_from_string(tag, Int32(tag.utf8.count)))
    }

    /// A number that tells scripts apart (a cache's key holds it).
    var number: UInt32 { value.rawValue }
}

/// A language as shaping knows it: HarfBuzz's interned language (BCP 47, "en", "sr-Latn"), or none.
/// Made once per tag (``ScriptLanguage`` keeps one for each script's sample language), not at every
/// shaping call: turning a tag into HarfBuzz's language takes a C string and a lookup.
struct ShapingLanguage: Hashable, @unchecked Sendable {
    // (HarfBuzz's languages are interned for the life of the process and never change.)
    fileprivate var value: hb_language_t?

    /// No language.
    static let none = ShapingLanguage(value: nil)

    private init(value: hb_language_t?) { self.value = value }

    /// The language of a BCP 47 tag (nil: none).
    init(_ tag: String?) {
        value = tag.flatMap { tag in hb_language_from_string(tag, Int32(tag.utf8.count)) }
    }

    /// A number that tells languages apart (a cache's key holds it): tags HarfBuzz reads as one
    /// language (`EN`, `en`) are one.
    var number: UInt { UInt(bitPattern: value.map { Int(bitPattern: $0) } ?? 0) }
}

/// OpenType features to shape with (CSS's `font-feature-settings`), each over the whole range
/// shaped, and a variable font's design coordinates (CSS's `font-variation-settings`): tags and
/// values, sorted by tag. Empty for most text, which is shaped with HarfBuzz's defaults (and
/// through the shaped-word cache).
struct ShapingFeatures: Hashable, Sendable {
    fileprivate var features: [UInt64] = []
    /// Axis tags and coordinates (a `Float`'s bits).
    fileprivate var variations: [UInt64] = []

    /// No feature set.
    static let none = ShapingFeatures()

    /// `settings` (tag → value; 0 turns a feature off, 1 on, more picks an alternate), and
    /// `variations` (axis tag → coordinate).
    init(_ settings: [String: Int], variations: [String: Double] = [:]) {
        features = settings.keys.sorted().map { tag in
            UInt64(hb_tag_from_string(tag, Int32(tag.utf8.count))) << 32 | UInt64(UInt32(clamping: settings[tag]!))
        }
        self.variations = variations.keys.sorted().map { tag in
            UInt64(hb_tag_from_string(tag, Int32(tag.utf8.count))) << 32 | UInt64(Float(variations[tag]!).bitPattern)
        }
    }

    private init() {}

    var isEmpty: Bool { features.isEmpty && variations.isEmpty }

    /// The design coordinates, by axis tag.
    var coordinates: [String: Double] {
        var result: [String: Double] = [:]
        for variation in variations {
            var tag = ""
            for shift in [24, 16, 8, 0] {
                tag.append(Character(Unicode.Scalar(UInt8(variation >> (32 + shift) & 0xFF))))
            }
            result[tag] = Double(Float(bitPattern: UInt32(truncatingIfNeeded: variation)))
        }
        return result
    }

    /// Calls `body` with `font`, or a new font of `face` at these coordinates (made for the call:
    /// a sub-font would take its advances from its parent, at the default coordinates).
    fileprivate func withFont<Result>(
        _ font: OpaquePointer, face: OpaquePointer, _ body: (OpaquePointer) -> Result
    ) -> Result {
        guard !variations.isEmpty, let varied = hb_font_create(face) else { return body(font) }
        defer { hb_font_destroy(varied) }
        let list = variations.map {
            hb_variation_t(tag: UInt32($0 >> 32), value: Float(bitPattern: UInt32(truncatingIfNeeded: $0)))
        }
        hb_font_set_variations(varied, list, UInt32(list.count))
        return body(varied)
    }

    /// Calls `body` with HarfBuzz's features (nil and 0 for none).
    fileprivate func withFeatures<Result>(_ body: (UnsafePointer<hb_feature_t>?, UInt32) -> Result) -> Result {
        guard !features.isEmpty else { return body(nil, 0) }
        let list = features.map {
            hb_feature_t(
                tag: UInt32($0 >> 32), value: UInt32(truncatingIfNeeded: $0), start: 0, end: UInt32.max)
        }
        return list.withUnsafeBufferPointer { body($0.baseAddress, UInt32($0.count)) }
    }
}

/// A line drawn along text, as the font places it.
enum DecorationKind {
    case underline, strikethrough
}

/// One face of a font file as HarfBuzz reads it: the file's bytes (mapped once), the face, and an
/// immutable font that shapes and measures in font units. The three are made and freed together.
/// An immutable HarfBuzz font may shape on many threads at once, so the value is shared freely.
final class HarfBuzzFont: @unchecked Sendable {
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer

    /// Why the file gave no font.
    enum Failure: Error {
        /// No file, or one that cannot be read.
        case unreadable
        case empty
        case noGlyphs
        /// `inspect` refused the bytes.
        case refused(FontError)
    }

    /// Maps the file at `path` and makes face `index` of it, after `inspect` has seen the file's
    /// bytes (FreeType checks and names the face from the same bytes).
    init(path: String, index: Int, inspect: (UnsafeRawBufferPointer) throws(FontError) -> Void) throws(Failure) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { throw .unreadable }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else {
            hb_blob_destroy(blob)
            throw .empty
        }
        do {
            try inspect(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
        } catch {
            hb_blob_destroy(blob)
            throw .refused(error)
        }
        let face = hb_face_create(blob, UInt32(index))!
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            throw .noGlyphs
        }
        let font = hb_font_create(face)!
        hb_font_make_immutable(font)
        self.blob = blob
        self.face = face
        self.font = font
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// HarfBuzz buffers made and not yet freed, on every thread (each thread that shapes keeps one
    /// until it ends).
    package static var liveBuffers: Int { ThreadBuffer.live.load(ordering: .relaxed) }

    /// Font units per em.
    var unitsPerEm: Int32 { Int32(hb_face_get_upem(face)) }

    /// The face's variation axes (none for a font that is not variable): tag, and the least,
    /// default and greatest design coordinates.
    var axes: [(tag: String, minimum: Double, defaultValue: Double, maximum: Double)] {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        count = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map { info in
            var tag = ""
            for shift in [24, 16, 8, 0] {
                tag.append(Character(Unicode.Scalar(UInt8(info.tag >> UInt32(shift) & 0xFF))))
            }
            return (tag, Double(info.min_value), Double(info.default_value), Double(info.max_value))
        }
    }

    /// The horizontal line metrics, in font units: ascender (up, positive), descender (down,
    /// negative) and line gap.
    var lineMetrics: (ascender: Int32, descender: Int32, lineGap: Int32) {
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        return (extents.ascender, extents.descender, extents.line_gap)
    }

    /// The glyph the font maps `codePoint` to, or nil when it has none.
    func glyph(for codePoint: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, codePoint, &glyph) != 0 ? glyph : nil
    }

    /// Whether the font maps `codePoint` to a glyph: ``glyph(for:)`` is not nil. The itemizer asks
    /// this of every character outside ASCII; answers in the Basic Multilingual Plane are kept.
    func covers(_ codePoint: UInt32) -> Bool {
        guard codePoint < 0x10000 else { return glyph(for: codePoint) != nil }
        return coverage.covers(codePoint) { glyph(for: $0) != nil }
    }

    /// What ``covers(_:)`` has learned.
    private let coverage = Coverage()

    /// The horizontal advance of `glyph`, in font units (unshaped: no kerning).
    func advance(of glyph: UInt32) -> Int32 {
        hb_font_get_glyph_h_advance(font, glyph)
    }

    /// Where a decoration goes: its top edge up from the baseline, and its thickness, in font
    /// units, from the font's tables (HarfBuzz's fallback when they say nothing).
    /// The height of the lowercase letters, in font units (the OS/2 table's, or HarfBuzz's
    /// fallback: the height of "x").
    var xHeight: Int32 {
        var height: hb_position_t = 0
        hb_ot_metrics_get_position_with_fallback(font, HB_OT_METRICS_TAG_X_HEIGHT, &height)
        return height
    }

    func decoration(_ kind: DecorationKind) -> (position: Int32, thickness: Int32) {
        let (offset, size) =
            switch kind {
            case .underline: (HB_OT_METRICS_TAG_UNDERLINE_OFFSET, HB_OT_METRICS_TAG_UNDERLINE_SIZE)
            case .strikethrough: (HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, HB_OT_METRICS_TAG_STRIKEOUT_SIZE)
            }
        var position: hb_position_t = 0
        var thickness: hb_position_t = 0
        hb_ot_metrics_get_position_with_fallback(font, offset, &position)
        hb_ot_metrics_get_position_with_fallback(font, size, &thickness)
        return (position, thickness)
    }

    /// Shapes `range` of `text` (the rest of the text is context) and hands each glyph, in font
    /// units with its cluster as an offset into `text`, to `body` while HarfBuzz's buffer is alive.
    /// Clusters are whole graphemes, in visual order. A run of marks longer than
    /// `MarkRuns.longest` is shaped in pieces (see ``MarkRuns``).
    func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, direction: TextDirection, script: ShapingScript,
        language: ShapingLanguage, features: ShapingFeatures? = nil, _ body: (CachedGlyph) -> Void
    ) {
        guard let pieces = MarkRuns.pieces(text, range) else {
            shapePiece(
                text, range: range, direction: direction, script: script, language: language, features: features, body)
            return
        }
        for piece in direction == .leftToRight ? pieces : pieces.reversed() {
            shapePiece(
                text, range: piece.range, direction: direction, script: script, language: language, features: features
            ) { glyph in
                guard let start = piece.clusterStart, glyph.cluster == UInt32(piece.range.lowerBound) else {
                    return body(glyph)
                }
                var joined = glyph
                joined.cluster = UInt32(start)
                body(joined)
            }
        }
    }

    /// Shapes `range` as ``shape(_:range:direction:script:language:_:)`` does and appends the glyphs
    /// to `store`: all at once (one growth of the store, no call a glyph) when the range is shaped
    /// in one piece, as nearly all are.
    func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, direction: TextDirection, script: ShapingScript,
        language: ShapingLanguage, features: ShapingFeatures? = nil, into store: inout GlyphStore
    ) {
        guard MarkRuns.pieces(text, range) == nil else {
            shape(text, range: range, direction: direction, script: script, language: language, features: features) {
                glyph in store.append(glyph, clusterOffset: 0)
            }
            return
        }
        shapePiece(text, range: range, direction: direction, script: script, language: language, features: features) {
            glyphs in store.append(contentsOf: glyphs)
        }
    }

    /// Shapes `range` in one HarfBuzz buffer and hands each glyph to `body`.
    private func shapePiece(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, direction: TextDirection, script: ShapingScript,
        language: ShapingLanguage, features: ShapingFeatures?, _ body: (CachedGlyph) -> Void
    ) {
        shapePiece(text, range: range, direction: direction, script: script, language: language, features: features) {
            glyphs in
            for glyph in glyphs { body(glyph) }
        }
    }

    /// Shapes `range` in one HarfBuzz buffer and hands its glyphs to `body`, read in place while
    /// the buffer lives. Where HarfBuzz could not allocate (a buffer in error), nothing is handed
    /// on.
    private func shapePiece(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, direction: TextDirection, script: ShapingScript,
        language: ShapingLanguage, features: ShapingFeatures?, _ body: (HarfBuzzGlyphs) -> Void
    ) {
        guard !range.isEmpty, let buffer = ThreadBuffer.take() else { return }
        defer { ThreadBuffer.giveBack(buffer) }
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, direction == .leftToRight ? HB_DIRECTION_LTR : HB_DIRECTION_RTL)
        if script != .none { hb_buffer_set_script(buffer, script.value) }
        if let language = language.value { hb_buffer_set_language(buffer, language) }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_buffer_guess_segment_properties(buffer)
        if let features {
            features.withFont(font, face: face) { font in
                features.withFeatures { list, count in hb_shape(font, buffer, list, count) }
            }
        } else {
            hb_shape(font, buffer, nil, 0)
        }

        var count: UInt32 = 0
        guard hb_buffer_allocation_successful(buffer) != 0, let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        body(HarfBuzzGlyphs(infos: infos, positions: positions, count: Int(count)))
    }
}

/// Which code points of the Basic Multilingual Plane a font maps, learned as they are asked: each
/// answer is HarfBuzz's own, asked once and kept in two bits (16 KB a font), so that asking again
/// reads a bit instead of searching the font's `cmap`. Threads share it without a lock: an answer's
/// bit is written before the bit that says it is known (release ordering), which a reader loads
/// first (acquire); two threads that learn the same answer at once write the same bits.
private final class Coverage: @unchecked Sendable {
    /// 1,024 words of "known" bits, then 1,024 of "covered" bits, one bit a code point.
    private let words: UnsafeMutablePointer<Atomic<UInt64>>
    private static let count = 2048

    init() {
        words = .allocate(capacity: Self.count)
        for index in 0..<Self.count { (words + index).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: Self.count)
        words.deallocate()
    }

    /// Whether `codePoint` (below U+10000) is covered, asking `ask` the first time.
    func covers(_ codePoint: UInt32, ask: (UInt32) -> Bool) -> Bool {
        let index = Int(codePoint >> 6)
        let bit = UInt64(1) << (codePoint & 63)
        if words[index].load(ordering: .acquiring) & bit != 0 {
            return words[1024 + index].load(ordering: .relaxed) & bit != 0
        }
        let covered = ask(codePoint)
        if covered { words[1024 + index].bitwiseOr(bit, ordering: .relaxed) }
        words[index].bitwiseOr(bit, ordering: .releasing)
        return covered
    }
}

/// The glyphs of one shaping, read from HarfBuzz's buffer in place (only while it lives: inside
/// the call that hands them out), in font units with clusters as offsets into the text.
struct HarfBuzzGlyphs: RandomAccessCollection {
    private let infos: UnsafePointer<hb_glyph_info_t>
    private let positions: UnsafePointer<hb_glyph_position_t>
    let count: Int

    fileprivate init(infos: UnsafePointer<hb_glyph_info_t>, positions: UnsafePointer<hb_glyph_position_t>, count: Int) {
        self.infos = infos
        self.positions = positions
        self.count = count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> CachedGlyph {
        precondition(index >= 0 && index < count, "glyph index out of range")
        let info = infos[index]
        let position = positions[index]
        return CachedGlyph(
            glyph: info.codepoint, cluster: info.cluster, advance: position.x_advance, xOffset: position.x_offset,
            yOffset: position.y_offset)
    }
}

/// The HarfBuzz buffer of the calling thread, made the first time the thread shapes and freed when
/// it ends. A buffer serves any font, one call at a time: a thread needs one, and threads shaping at
/// once share nothing. (Made and freed for each call, a buffer and its arrays were three allocations
/// and three frees a shaping; kept by each font behind a lock, every worker of a batch took the
/// same lock twice a shaping.)
private enum ThreadBuffer {
    /// The thread's buffer while no call holds it; nil where no key could be made (then each call
    /// makes and frees its own).
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        let made = pthread_key_create(&key) { buffer in
            if let buffer { destroy(OpaquePointer(buffer)) }
        }
        return made == 0 ? key : nil
    }()

    /// The buffers made and not yet freed, on every thread.
    static let live = Atomic<Int>(0)

    private static func destroy(_ buffer: OpaquePointer) {
        hb_buffer_destroy(buffer)
        live.subtract(1, ordering: .relaxed)
    }

    /// The thread's buffer, empty, now held by the caller (a new one where the thread has none, or
    /// where a call on it holds it already); nil where HarfBuzz could not make one.
    static func take() -> OpaquePointer? {
        if let key, let kept = pthread_getspecific(key) {
            pthread_setspecific(key, nil)
            return OpaquePointer(kept)
        }
        // (Where it cannot allocate a buffer, HarfBuzz hands out its inert empty one: nil then, and
        // nothing is shaped, as nothing was from a buffer in error before.)
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else { return nil }
        live.add(1, ordering: .relaxed)
        return buffer
    }

    /// Hands `buffer` back: emptied, properties and all (what was shaped stays no longer), kept as
    /// the thread's buffer where it has none and HarfBuzz could allocate all it needed, else freed.
    static func giveBack(_ buffer: OpaquePointer) {
        hb_buffer_clear_contents(buffer)
        if let key, hb_buffer_allocation_successful(buffer) != 0, pthread_getspecific(key) == nil,
            pthread_setspecific(key, UnsafeRawPointer(buffer)) == 0
        {
            return
        }
        destroy(buffer)
    }
}
