import MushBase

/// HarfBuzz's output for one word, in font units, with clusters counted from the word's start.
struct CachedGlyph: Sendable {
    var glyph: UInt32
    var cluster: UInt32
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

/// What a word was shaped with: the face, direction and script, the language, and its UTF-16 text.
/// Sizes are not part of it: HarfBuzz shapes in font units, and points are a scale of those.
///
/// Words of up to 16 units (nearly all of them) are held inline, so looking one up allocates
/// nothing and hashes four integers.
struct WordKey: Hashable, Sendable {
    var face: ObjectIdentifier
    /// Direction in the low bit, the HarfBuzz script tag above it.
    var properties: UInt64
    var language: String?
    /// Four units each, little end first; zero past the word's end.
    var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var count: Int
    /// The units of a longer word.
    var overflow: [UInt16]?

    static let inlineCapacity = 16

    init(face: ObjectIdentifier, properties: UInt64, language: String?, units: UnsafeBufferPointer<UInt16>) {
        self.face = face
        self.properties = properties
        self.language = language
        self.count = units.count
        if units.count <= Self.inlineCapacity {
            withUnsafeMutableBytes(of: &inline) { bytes in
                bytes.baseAddress!.copyMemory(from: units.baseAddress!, byteCount: units.count * 2)
            }
        } else {
            overflow = Array(units)
        }
    }

    static func == (a: WordKey, b: WordKey) -> Bool {
        a.count == b.count && a.inline == b.inline && a.face == b.face && a.properties == b.properties
            && a.language == b.language && a.overflow == b.overflow
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(face)
        hasher.combine(properties)
        hasher.combine(count)
        hasher.combine(inline.0)
        if count > 4 { hasher.combine(inline.1) }
        if count > 8 { hasher.combine(inline.2) }
        if count > 12 { hasher.combine(inline.3) }
        if let language { hasher.combine(language) }
        if let overflow { hasher.combine(overflow) }
    }
}

/// Shaped words shared by every paragraph of a font collection, as minikin's and Blink's word
/// caches: a word seen before is not shaped again.
///
/// Thread-safe: the entries are split into shards by the key's hash, each behind its own lock, so
/// threads rarely wait for each other. Bounded: each shard keeps two generations; when the young
/// one is full the old one is dropped and the young one becomes old. A word used in the old
/// generation moves back to the young one, so the words in use stay and memory stays below
/// `2 × capacity` entries.
final class ShapeCache: Sendable {
    /// Words longer than this (UTF-16 units) are shaped every time; they are rare and large.
    static let longestWord = 48

    private final class Shard: Sendable {
        struct State {
            var young: [WordKey: [CachedGlyph]] = [:]
            var old: [WordKey: [CachedGlyph]] = [:]
            var hits = 0
            var misses = 0
        }

        let state = LockedValue(State())
    }

    private let shards: [Shard]
    private let shardCapacity: Int
    /// False for a cache of capacity 0: words are then always shaped.
    let isEnabled: Bool

    /// A cache of about `capacity` words (at most twice that many are held).
    init(capacity: Int) {
        let count = 16
        shards = (0..<count).map { _ in Shard() }
        shardCapacity = max(1, capacity / count)
        isEnabled = capacity > 0
    }

    /// The cached glyphs of `key`, or nil.
    func lookup(_ key: WordKey) -> [CachedGlyph]? {
        shard(of: key).state.withLock { state in
            if let glyphs = state.young[key] {
                state.hits += 1
                return glyphs
            }
            if let glyphs = state.old.removeValue(forKey: key) {
                state.hits += 1
                Self.insert(key, glyphs, into: &state, capacity: shardCapacity)
                return glyphs
            }
            return nil
        }
    }

    /// Keeps the glyphs HarfBuzz gave for `key` (shaping happens outside the locks: two threads
    /// may shape the same word at once, and both get the same answer).
    /// The word is kept only if it is not there yet; `glyphs` is called only then.
    func insertIfAbsent(_ key: WordKey, _ glyphs: () -> [CachedGlyph]) {
        shard(of: key).state.withLock { state in
            guard state.young[key] == nil, state.old[key] == nil else { return }
            state.misses += 1
            Self.insert(key, glyphs(), into: &state, capacity: shardCapacity)
        }
    }

    private func shard(of key: WordKey) -> Shard {
        shards[Int(UInt(bitPattern: key.hashValue) % UInt(shards.count))]
    }

    private static func insert(_ key: WordKey, _ glyphs: [CachedGlyph], into state: inout Shard.State, capacity: Int) {
        if state.young.count >= capacity {
            state.old = state.young
            state.young = [:]
            state.young.reserveCapacity(capacity)
        }
        state.young[key] = glyphs
    }

    /// Entries held, lookups that found their word, and words shaped and kept (for tests).
    var statistics: (entries: Int, hits: Int, misses: Int) {
        shards.reduce(into: (0, 0, 0)) { total, shard in
            shard.state.withLock { state in
                total.0 += state.young.count + state.old.count
                total.1 += state.hits
                total.2 += state.misses
            }
        }
    }
}
