/// JSON text written as UTF-8 bytes into one buffer it owns, for output written often and in
/// bulk (`mush measure --batch` writes a result a row): the same text as ``JSONText`` writes.
///
/// Each value is written straight into the buffer, which grows by doubling: a number is formatted
/// in place (``JSONText/format(_:into:)``), a key is copied, a string is scanned once for what needs
/// escaping. Appending to a `[UInt8]` instead went through the standard library's generic
/// `append(contentsOf:)` for each piece, and a number through a temporary buffer: about 400
/// instructions a number, where this takes what formatting takes (callgrind, `BatchProbe` with
/// `ANSWERS=1`).
///
/// ```swift
/// var json = JSONBytes()
/// json.add(#"{"width":"#)
/// json.number(34.5)
/// json.add("}")
/// let text = json.takeString()  // {"width":34.5}
/// ```
public struct JSONBytes: ~Copyable {
    // (Inlinable: a result writes a few dozen pieces, each a call into this module otherwise.)
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// How many bytes are written.
    public var count: Int { written }
    @usableFromInline var written = 0

    /// An empty buffer with room for `capacity` bytes before it first grows.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inlinable mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(extra) }
    }

    @usableFromInline mutating func grow(_ extra: Int) {
        let grown = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    /// Adds `text` as it is (keys, punctuation: text already JSON).
    @inlinable public mutating func add(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        (base + written).update(from: text.utf8Start, count: length)
        written += length
    }

    /// Adds `number` as ``JSONText/number(_:to:)`` writes it.
    @inlinable public mutating func number(_ number: Double) {
        reserve(32)
        written += JSONText.format(number, into: UnsafeMutableBufferPointer(start: base + count, count: 32))
    }

    /// Adds `string` as a JSON string, as ``JSONText/string(_:to:)`` writes it.
    public mutating func string(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            // At most six bytes a byte (`\u001f`), and the quotes.
            reserve(utf8.count * 6 + 2)
            written += JSONText.escape(utf8, into: base + count)
        }
    }

    /// Adds `utf8` escaped as the inside of a JSON string, without quotes: a string written in
    /// pieces (its quotes added around them) is the string of the pieces joined.
    public mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        reserve(utf8.count * 6)
        written += JSONText.escapeContents(utf8, into: base + count)
    }

    /// The bytes written, and the buffer emptied, its room kept.
    public mutating func takeBytes() -> [UInt8] {
        let bytes = Array(UnsafeBufferPointer(start: base, count: count))
        written = 0
        return bytes
    }

    /// The bytes written, as a `String` (checked as UTF-8, which they are unless a caller added
    /// something else), and the buffer emptied, its room kept.
    public mutating func takeString() -> String {
        let text = String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
        written = 0
        return text
    }
}
