import MushBase
import Synchronization

/// HarfBuzz's output for one glyph, in font units; in the cache, clusters are counted from the
/// word's start.
struct CachedGlyph: Sendable {
    var glyph: UInt32
    var cluster: UInt32
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

/// A word as the cache knows it: what it was shaped with (``ShapeCache/context(face:script:direction:language:)``,
/// a small number for the face, direction, script and language), its UTF-16 text, and a hash of
/// both. Sizes are not part of it: HarfBuzz shapes in font units, and points are a scale of those.
/// The text is the caller's: a key lives only as long as the call that made it.
struct WordKey {
    var context: UInt32
    var units: UnsafeBufferPointer<UInt16>
    var hash: UInt64

    init(context: UInt32, units: UnsafeBufferPointer<UInt16>) {
        self.context = context
        self.units = units
        self.hash = Self.hash(context, units)
    }

    /// A 64-bit hash of the word, four units at a time. It is the same in every process, so what
    /// the cache keeps is too (tests count it); words chosen to collide cost at most
    /// ``ShapeCache/longestProbe`` slots looked at, and are then shaped as if not cached.
    static func hash(_ context: UInt32, _ units: UnsafeBufferPointer<UInt16>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = 0x243F_6A88_85A3_08D3 ^ (UInt64(context) << 32 | UInt64(units.count))
        let raw = UnsafeRawBufferPointer(units)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        if offset < raw.count {
            var tail: UInt64 = 0
            for index in offset..<raw.count { tail |= UInt64(raw[index]) << (8 * UInt64(index - offset)) }
            hash = (hash ^ tail) &* multiplier
        }
        // The finaliser of MurmurHash3: every input bit reaches every output bit.
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash &*= 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        return hash
    }
}

/// Shaped words shared by every paragraph of a font collection, as minikin's and Blink's word
/// caches: a word seen before is not shaped again.
///
/// Thread-safe: the entries are split into shards by the key's hash, each behind its own lock, so
/// threads rarely wait for each other. Bounded: each shard keeps two generations; when the young
/// one is full the old one is emptied and becomes the young one. A word used in the old generation
/// moves back to the young one, so the words in use stay and memory stays below `2 × capacity`
/// entries.
///
/// Compact: a generation is four arrays (an open-addressed table of slots, the entries, the
/// words' units and their glyphs, one after the other), so a word kept is no allocation of its
/// own, and emptying a generation frees nothing. A word is hashed once, by ``WordKey``.
///
/// Kept only when it saves work: a word is kept the second time it is shaped, not the first (a
/// "doorkeeper", as TinyLFU's: one bit a hashed word, in two windows: when a quarter of the bits of
/// the current one are set, it becomes the previous one and a new one starts). On new text most
/// words are seen once; keeping each of them cost more than shaping them did.
final class ShapeCache: Sendable {
    /// Words longer than this (UTF-16 units) are shaped every time; they are rare and large.
    static let longestWord = 48
    /// The most slots a lookup or an insertion probes (a full run is treated as a miss).
    static let longestProbe = 32

    private struct Entry {
        var hash: UInt64
        var unitStart: UInt32
        var glyphStart: UInt32
        var context: UInt32
        var unitCount: UInt16
        var glyphCount: UInt16
    }

    /// One generation: entries found through an open-addressed table of their indices.
    private struct Generation {
        /// A power of two at least twice the capacity of slots, 0 where empty, else an entry's index
        /// + 1 in the low 32 bits and 32 bits of its hash above them: a slot of another word is
        /// passed over without reading its entry (on new text most lookups miss). Made when the
        /// first word is kept: a cache (or a shard of one) that keeps nothing costs no memory, and
        /// a process does not start by writing megabytes of zeros (two collections, 16 shards, two
        /// generations: 2 MB written, about 2 ms of page faults here, before the first line).
        var slots: [UInt64] = []
        let capacity: Int
        var entries: [Entry] = []
        var units: [UInt16] = []
        var glyphs: [CachedGlyph] = []

        init(capacity: Int) {
            self.capacity = capacity
        }

        /// The entry of `key`, or nil.
        func find(_ key: WordKey) -> Int? {
            guard !slots.isEmpty else { return nil }
            let mask = slots.count - 1
            let tag = Self.tag(key)
            var slot = Int(truncatingIfNeeded: key.hash) & mask
            for _ in 0..<ShapeCache.longestProbe {
                let value = slots[slot]
                if value == 0 { return nil }
                guard value >> 32 == tag else {
                    slot = (slot + 1) & mask
                    continue
                }
                let index = Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1
                let entry = entries[index]
                if entry.hash == key.hash, entry.context == key.context, Int(entry.unitCount) == key.units.count,
                    units.withUnsafeBufferPointer({ stored in
                        key.units.elementsEqual(stored[Int(entry.unitStart)..<Int(entry.unitStart) + key.units.count])
                    })
                {
                    return index
                }
                slot = (slot + 1) & mask
            }
            return nil
        }

        /// Keeps `glyphs` (clusters relative to the word) for `key`, which is not here. False when
        /// the word's probe run is full.
        mutating func insert(_ key: WordKey, _ glyphs: UnsafeBufferPointer<CachedGlyph>) -> Bool {
            guard glyphs.count <= Int(UInt16.max) else { return false }
            if slots.isEmpty {
                var size = 16
                while size < 2 * capacity { size <<= 1 }
                slots = .filled(with: 0, count: size)
                entries.reserveCapacity(capacity)
            }
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: key.hash) & mask
            for _ in 0..<ShapeCache.longestProbe {
                if slots[slot] == 0 {
                    slots[slot] = Self.tag(key) << 32 | UInt64(entries.count + 1)
                    entries.append(
                        Entry(
                            hash: key.hash, unitStart: UInt32(units.count), glyphStart: UInt32(self.glyphs.count),
                            context: key.context, unitCount: UInt16(key.units.count),
                            glyphCount: UInt16(glyphs.count)))
                    units.append(contentsOf: key.units)
                    self.glyphs.append(contentsOf: glyphs)
                    return true
                }
                slot = (slot + 1) & mask
            }
            return false
        }

        func glyphs(of index: Int) -> ArraySlice<CachedGlyph> {
            let entry = entries[index]
            return glyphs[Int(entry.glyphStart)..<Int(entry.glyphStart) + Int(entry.glyphCount)]
        }

        /// The hash's bits 24 to 55 (the slot comes from the bottom ones, the shard from the top).
        static func tag(_ key: WordKey) -> UInt64 { key.hash >> 24 & 0xFFFF_FFFF }

        /// Empty, its storage kept.
        mutating func clear() {
            for index in slots.indices { slots[index] = 0 }
            entries.removeAll(keepingCapacity: true)
            units.removeAll(keepingCapacity: true)
            glyphs.removeAll(keepingCapacity: true)
        }
    }

    private struct Shard {
        var young: Generation
        var old: Generation
        /// The doorkeeper: one bit a hashed word shaped in the current window, and in the one before.
        var seen: [UInt64]
        var seenBefore: [UInt64]
        var seenCount = 0
        var hits = 0
        var kept = 0

        init(capacity: Int) {
            young = Generation(capacity: capacity)
            old = Generation(capacity: capacity)
            var bits = 1024
            while bits < 8 * capacity { bits <<= 1 }
            seen = Array(repeating: 0, count: bits / 64)
            seenBefore = seen
        }

        /// Whether `key` was shaped before (in this window or the last); marks it as shaped.
        mutating func wasSeen(_ key: WordKey) -> Bool {
            // Bits of the hash that neither the table's slots (the bottom ones) nor the shard (the
            // top ones) use.
            let bit = Int(truncatingIfNeeded: key.hash >> 24) & (seen.count * 64 - 1)
            let mask: UInt64 = 1 << UInt64(bit & 63)
            if seen[bit >> 6] & mask != 0 { return true }
            seen[bit >> 6] |= mask
            seenCount += 1
            if seenCount * 4 >= seen.count * 64 {
                swap(&seen, &seenBefore)
                for index in seen.indices { seen[index] = 0 }
                seenCount = 0
            }
            return seenBefore[bit >> 6] & mask != 0
        }

        /// Keeps `glyphs` in the young generation, which first becomes the old one when full.
        mutating func keep(_ key: WordKey, _ glyphs: UnsafeBufferPointer<CachedGlyph>, capacity: Int) {
            if young.entries.count >= capacity {
                swap(&young, &old)
                young.clear()
            }
            _ = young.insert(key, glyphs)
        }
    }

    private let shards: [LockedValue<Shard>]
    private let shardCapacity: Int
    /// Whether the cache pays (``isWorthUsing()``): stretches looked up in the current window, those
    /// served whole, whether the cache is stepping aside, and a count that picks the stretches it
    /// still takes while it does. Shared by every thread without a lock (an estimate: a race costs
    /// a sample, never an answer).
    private let looked = Atomic<Int>(0)
    private let served = Atomic<Int>(0)
    private let steppingAside = Atomic<Bool>(false)
    private let samples = Atomic<Int>(0)
    /// Whether the cache may step aside at all (tests that count what it keeps turn it off).
    let mayStepAside = Atomic<Bool>(true)
    /// Stretches looked up before the share served whole is judged again.
    static let window = 64
    /// While the cache steps aside, one stretch in this many still goes through it.
    static let sampling = 8
    /// The cache steps aside when fewer than one in this many stretches looked up were served whole.
    static let servedShare = 8
    private let contexts = LockedValue<[Context: UInt32]>([:])
    /// False for a cache of capacity 0: words are then always shaped.
    let isEnabled: Bool

    /// What a word is shaped with besides its text.
    private struct Context: Hashable {
        var face: ObjectIdentifier
        var script: UInt32
        var rightToLeft: Bool
        var language: UInt
    }

    /// A cache of about `capacity` words (at most twice that many are held).
    init(capacity: Int) {
        let count = 16
        shardCapacity = max(1, capacity / count)
        shards = (0..<count).map { [shardCapacity] _ in LockedValue(Shard(capacity: capacity > 0 ? shardCapacity : 0)) }
        isEnabled = capacity > 0
    }

    /// The number that stands for `face`, `script`, `direction` and `language` in this cache's
    /// keys: one lookup a shaped range, not one a word.
    func context(face: FontFace, script: ShapingScript, direction: TextDirection, language: ShapingLanguage) -> UInt32 {
        let context = Context(
            face: ObjectIdentifier(face), script: script.number, rightToLeft: direction == .rightToLeft,
            language: language.number)
        return contexts.withLock { known in
            if let number = known[context] { return number }
            let number = UInt32(truncatingIfNeeded: known.count)
            known[context] = number
            return number
        }
    }

    /// Whether a stretch goes through the cache (its words looked up, then offered when it is
    /// shaped). A stretch is served only when every one of its words is cached (one missing, and
    /// the whole stretch is shaped): on new text few are, and the lookups and offers (a lock a
    /// word, and probes of tables rarely in the processor's caches) cost more than they saved. So
    /// when fewer than one in ``servedShare`` of the last ``window`` stretches looked up were
    /// served whole, the cache steps aside: one stretch in ``sampling`` still goes through it, so
    /// that it keeps learning the words that recur and sees when it would pay again. Answers never
    /// change, only the work done for them.
    func isWorthUsing() -> Bool {
        guard steppingAside.load(ordering: .relaxed) else { return true }
        return samples.wrappingAdd(1, ordering: .relaxed).oldValue % Self.sampling == 0
    }

    /// Records a stretch looked up: `whole`, when every word was found.
    func record(servedWhole whole: Bool) {
        if whole { served.wrappingAdd(1, ordering: .relaxed) }
        let count = looked.wrappingAdd(1, ordering: .relaxed).newValue
        // (While it steps aside only the samples are counted: it comes back within `window` ×
        // `sampling` stretches of words that recur. Judged on fewer samples, chance runs of short
        // repeated rows in new text brought it back, and cost more than they saved.)
        guard count >= Self.window else { return }
        looked.store(0, ordering: .relaxed)
        let wholes = served.exchange(0, ordering: .relaxed)
        steppingAside.store(
            wholes * Self.servedShare < count && mayStepAside.load(ordering: .relaxed), ordering: .relaxed)
    }

    /// Whether the cache is stepping aside now (for tests).
    var isSteppingAside: Bool { steppingAside.load(ordering: .relaxed) }

    /// What `read` makes of the cached glyphs of `key`, or nil when the word is not cached.
    func lookup<Value>(_ key: WordKey, _ read: (ArraySlice<CachedGlyph>) -> Value) -> Value? {
        shard(of: key).withLock { shard in
            if let index = shard.young.find(key) {
                shard.hits += 1
                return read(shard.young.glyphs(of: index))
            }
            guard let index = shard.old.find(key) else { return nil }
            shard.hits += 1
            let glyphs = shard.old.glyphs(of: index)
            glyphs.withUnsafeBufferPointer { shard.keep(key, $0, capacity: shardCapacity) }
            return read(glyphs)
        }
    }

    /// Appends the cached glyphs of `key` to `store` (clusters moved by `clusterOffset`); false,
    /// and nothing appended, when the word is not cached.
    func append(_ key: WordKey, to store: inout GlyphStore, clusterOffset: Int) -> Bool {
        lookup(key) { store.append($0, clusterOffset: clusterOffset) } != nil
    }

    /// Offers the glyphs HarfBuzz gave for `key` (shaping happens outside the locks: two threads
    /// may shape the same word at once, and both get the same answer). The word is kept when it
    /// is not there yet and was offered once before; `glyphs` is called only then, to write the
    /// glyphs (clusters relative to the word) into the buffer it is given.
    func offer(_ key: WordKey, count: Int, _ glyphs: (UnsafeMutableBufferPointer<CachedGlyph>) -> Void) {
        shard(of: key).withLock { shard in
            guard shard.wasSeen(key), shard.young.find(key) == nil, shard.old.find(key) == nil else { return }
            shard.kept += 1
            withUnsafeTemporaryAllocation(of: CachedGlyph.self, capacity: count) { buffer in
                glyphs(buffer)
                shard.keep(key, UnsafeBufferPointer(buffer), capacity: shardCapacity)
            }
        }
    }

    private func shard(of key: WordKey) -> LockedValue<Shard> {
        shards[Int(truncatingIfNeeded: key.hash >> 56) & (shards.count - 1)]
    }

    /// The generations whose table of slots is made (for tests: made at the first word kept).
    var generationsMade: Int {
        shards.reduce(0) { total, shard in
            shard.withLock { total + ($0.young.slots.isEmpty ? 0 : 1) + ($0.old.slots.isEmpty ? 0 : 1) }
        }
    }

    /// Entries held, lookups that found their word, and words shaped and kept (for tests).
    var statistics: (entries: Int, hits: Int, misses: Int) {
        shards.reduce(into: (0, 0, 0)) { total, shard in
            shard.withLock { state in
                total.0 += state.young.entries.count + state.old.entries.count
                total.1 += state.hits
                total.2 += state.kept
            }
        }
    }
}
