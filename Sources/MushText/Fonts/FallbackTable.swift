/// The fallback answers a font collection has found, by character, preferred face, style and
/// script: an open-addressed table of packed keys with a multiply-shift hash. (A `Dictionary` of
/// a five-field key hashed it with SipHash at each ask: about 390 instructions a lookup, and a
/// batch of rows in many scripts asks 2.3 times a row.) Used under the collection's lock.
struct FallbackTable {
    /// A key's character, style and script in one word; its preferred face's identity beside it.
    struct Key: Equatable {
        var packed: UInt64
        var face: UInt

        init(scalar: UInt32, preferred: ObjectIdentifier, bold: Bool, italic: Bool, script: Int32) {
            packed =
                UInt64(scalar) | (bold ? 1 << 21 : 0) | (italic ? 1 << 22 : 0)
                | UInt64(UInt32(bitPattern: script)) << 32
            face = UInt(bitPattern: preferred)
        }
    }

    private struct Entry {
        var key: Key
        /// Nil where no face has the character (an answer too).
        var face: FontFace?
    }

    /// A power of two of slots, nil where empty.
    private var slots: [Entry?] = .filled(with: nil, count: 64)
    private var count = 0

    /// The answer for `key`: nil when not asked yet, `.some(nil)` when no face has the character.
    func answer(_ key: Key) -> FontFace?? {
        let mask = slots.count - 1
        var slot = Self.slot(key, mask)
        while let entry = slots[slot] {
            if entry.key == key { return .some(entry.face) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Keeps `face` as the answer for `key` (which is not there yet).
    mutating func keep(_ face: FontFace?, for key: Key) {
        if 2 * (count + 1) > slots.count {
            let old = slots
            slots = .filled(with: nil, count: old.count * 2)
            count = 0
            for case let entry? in old { place(entry) }
        }
        place(Entry(key: key, face: face))
    }

    private mutating func place(_ entry: Entry) {
        let mask = slots.count - 1
        var slot = Self.slot(entry.key, mask)
        while let other = slots[slot] {
            if other.key == entry.key { return }
            slot = (slot + 1) & mask
        }
        slots[slot] = entry
        count += 1
    }

    private static func slot(_ key: Key, _ mask: Int) -> Int {
        // The face's address and the packed word mixed, then the top bits taken (Fibonacci hashing).
        let mixed = (key.packed ^ UInt64(key.face) &* 0xFF51_AFD7_ED55_8CCD) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }
}
