import CICU
import Synchronization

/// A place where a line may (soft) or must (hard) end, after the UTF-16 unit at `offset - 1`.
public struct BreakOpportunity: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A line may end here (UAX #14 "÷").
        case soft
        /// A line must end here: after a line feed, carriage return, paragraph separator, …
        case hard
        /// A line may end here, and shows a hyphen when it does: after a soft hyphen (U+00AD) or
        /// at a hyphenation point (``ParagraphStyle/hyphens``). ICU's opportunities
        /// (``TextBoundaries/lineBreaks(in:locale:)``) are never of this kind.
        case hyphen
    }

    /// Offset in UTF-16 units of the text.
    public var offset: Int
    public var kind: Kind
}

/// ICU could not do what was asked (its data missing, or an invalid argument).
public struct ICUError: Error, Hashable, Sendable, CustomStringConvertible {
    /// ICU's `UErrorCode`.
    public var code: Int32
    /// What was asked.
    public var operation: String

    public var description: String { "ICU failed to \(operation) (UErrorCode \(code))" }
}

/// Text boundaries from ICU's break iterators.
public enum TextBoundaries {
    /// Line break opportunities by UAX #14, as ICU tailors them for `locale` (nil: the root
    /// locale). The end of the text is always an opportunity; the start never is.
    public static func lineBreaks(in text: [UInt16], locale: String? = nil) throws(ICUError) -> [BreakOpportunity] {
        Array(try breakList(in: text, locale: locale))
    }

    /// ``lineBreaks(in:locale:)`` in 4 bytes a break.
    static func breakList(in text: [UInt16], locale: String?) throws(ICUError) -> BreakList {
        var result = BreakList()
        try iterate(.line, text, locale) { offset in
            // A break is mandatory exactly when it follows a line break character (UAX #14's BK, CR,
            // LF and NL). ICU's rule status cannot tell: breaks its dictionaries find (Thai, Lao,
            // Khmer, Myanmar) take the status of the boundary that ends their run, which is "hard"
            // when a line break ends it.
            result.append(
                BreakOpportunity(offset: offset, kind: Paragraph.isHardBreak(text[offset - 1]) ? .hard : .soft))
        }
        return result
    }

    /// Throws what ``breakList(in:locale:)`` throws for the root locale when ICU cannot find line
    /// breaks (its data missing), without finding any: once a thread has found some, this asks
    /// ICU nothing.
    static func checkLineBreaking() throws(ICUError) {
        let error = mush_break_ready(MUSH_BREAK_LINE)
        if error > 0 { throw ICUError(code: error, operation: "open a break iterator") }
    }

    /// Grapheme cluster boundaries (extended grapheme clusters, UAX #29), including the end.
    public static func graphemeBoundaries(in text: [UInt16]) throws(ICUError) -> [Int] {
        Array(try graphemeList(in: text))
    }

    /// ``graphemeBoundaries(in:)`` in 4 bytes a boundary, or none when every unit is a grapheme.
    static func graphemeList(in text: [UInt16]) throws(ICUError) -> BoundaryList {
        guard !text.isEmpty else { return BoundaryList(every: 0) }
        // Where every scalar is a cluster of its own but CR LF, the boundaries are the scalars'
        // (below U+0300 every unit is such a scalar; elsewhere ICU's Grapheme_Cluster_Break property
        // of each scalar tells, a lookup where the break iterator runs its rules: CJK, Hangul
        // syllables, Cyrillic and Greek text mostly are such).
        let simple =
            text.allSatisfy { $0 < 0x300 }
            || text.withUnsafeBufferPointer { mush_scalars_are_graphemes($0.baseAddress, Int32($0.count)) == 1 }
        if simple {
            var joined = false
            for offset in 1..<text.count
            where (text[offset - 1] == 0x0D && text[offset] == 0x0A) || UTF16.isTrailSurrogate(text[offset]) {
                joined = true
                break
            }
            guard joined else { return BoundaryList(every: text.count) }
            var result: [UInt32] = []
            result.reserveCapacity(text.count)
            for offset in 1...text.count
            where offset == text.count
                || ((text[offset - 1] != 0x0D || text[offset] != 0x0A)
                    && !(UTF16.isTrailSurrogate(text[offset]) && UTF16.isLeadSurrogate(text[offset - 1])))
            {
                result.append(UInt32(offset))
            }
            return BoundaryList(result, length: text.count)
        }
        return try graphemeListByICU(in: text)
    }

    /// ``graphemeList(in:)`` by ICU's break iterator alone (what the shortcuts there must equal).
    static func graphemeListByICU(in text: [UInt16]) throws(ICUError) -> BoundaryList {
        var result: [UInt32] = []
        try iterate(.character, text, nil) { offset in result.append(UInt32(offset)) }
        return BoundaryList(result, length: text.count)
    }

    private enum Kind {
        case line, character
    }

    private static func iterate(_ kind: Kind, _ text: [UInt16], _ locale: String?, _ body: (Int) -> Void)
        throws(ICUError)
    {
        guard !text.isEmpty else { return }
        // ICU keeps a pointer to the text: open, iterate and close within one access to the storage.
        let failure: Int32? = text.withUnsafeBufferPointer { units in
            var error: Int32 = 0
            guard
                let iterator = mush_break_open(
                    kind == .line ? MUSH_BREAK_LINE : MUSH_BREAK_CHARACTER, locale,
                    units.baseAddress, Int32(units.count), &error)
            else { return error }
            defer { mush_break_close(iterator) }
            var boundary = mush_break_next(iterator)
            while boundary >= 0 {
                body(Int(boundary))
                boundary = mush_break_next(iterator)
            }
            return nil
        }
        if let failure { throw ICUError(code: failure, operation: "open a break iterator") }
    }
}

extension TextBoundaries {
    /// How many ICU break iterators are open now, the ones threads keep for reuse included: a
    /// thread's go when it ends (for tests).
    package static var openBreakIterators: Int { Int(mush_break_open_count()) }
}

/// A paragraph's line break opportunities in the root locale, found by ICU the first time a layout
/// asks for them: a text laid out only at widths it fits in on one line (most labels, cells and
/// rows of a batch) never needs them, and finding them is about a twentieth of the work of shaping
/// and measuring such a text. Without a lock: two threads that ask at once both find them, and the
/// first to finish gives its list to every later one.
struct LazyBreakList: ~Copyable, Sendable {
    private final class Found: Sendable {
        let list: BreakList
        init(_ list: BreakList) { self.list = list }
    }

    /// The list's `Found` (retained by this value) as the bits of its address, 0 while not found.
    /// (An atomic word rather than the standard library's `AtomicLazyReference`, whose `load`
    /// went through an unspecialized `Optional.map`: 250 instructions an ask, twice a layout.)
    private let found = Atomic<UInt>(0)

    /// Opportunities to find when first asked.
    init() {}

    /// Opportunities found already.
    init(_ list: BreakList) {
        found.store(Self.bits(Unmanaged.passRetained(Found(list))), ordering: .releasing)
    }

    deinit {
        let bits = found.load(ordering: .acquiring)
        if bits != 0 { Self.found(bits).release() }
    }

    private static func bits(_ found: Unmanaged<Found>) -> UInt {
        UInt(bitPattern: found.toOpaque())
    }

    private static func found(_ bits: UInt) -> Unmanaged<Found> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
    }

    private func load() -> Found? {
        let bits = found.load(ordering: .acquiring)
        return bits == 0 ? nil : Self.found(bits).takeUnretainedValue()
    }

    /// Keeps `new` unless a list is there already; the list kept.
    private func storeIfNil(_ new: Found) -> Found {
        let retained = Unmanaged.passRetained(new)
        let (exchanged, original) = found.compareExchange(
            expected: 0, desired: Self.bits(retained), ordering: .acquiringAndReleasing)
        guard !exchanged else { return new }
        retained.release()
        return Self.found(original).takeUnretainedValue()
    }

    /// The opportunities of `units` (the text they are for), as `adjust` makes ICU's (hyphen
    /// breaks).
    ///
    /// Whoever made this asked ICU first whether it can find them
    /// (``TextBoundaries/checkLineBreaking()``), so only a failure to allocate can make it fail
    /// now; the text's hard breaks and its end are then its only opportunities, and lines too
    /// long for their width break between graphemes.
    func list(_ units: [UInt16], adjusting adjust: (BreakList) -> BreakList) -> BreakList {
        if let known = load() { return known.list }
        let list = (try? TextBoundaries.breakList(in: units, locale: nil)) ?? Self.hardBreaks(units)
        return storeIfNil(Found(adjust(list))).list
    }

    /// Whether the opportunities are found (for tests).
    var isFound: Bool { load() != nil }

    /// The opportunities after each line break character (CR LF as one) and at the end.
    static func hardBreaks(_ units: [UInt16]) -> BreakList {
        var list = BreakList()
        for (index, unit) in units.enumerated() where Paragraph.isHardBreak(unit) {
            if unit == 0x0D, index + 1 < units.count, units[index + 1] == 0x0A { continue }
            list.append(BreakOpportunity(offset: index + 1, kind: .hard))
        }
        if list.last?.offset != units.count { list.append(BreakOpportunity(offset: units.count, kind: .soft)) }
        return list
    }
}
