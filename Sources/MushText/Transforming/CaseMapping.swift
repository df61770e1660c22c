import CICU
import Mush

/// What a paragraph shows where some of its text is in another case (``TextTransform``): the text
/// as shown and, where a letter's mapping is longer or shorter than the letter (German "ß" is "SS"
/// in upper case), the place in the source text of each UTF-16 offset of the shown text.
///
/// The paragraph itemizes, shapes, breaks and measures the shown text; the offsets it reports
/// (line ranges, hit testing, carets, glyph clusters) are mapped back to the source through
/// ``sourceUnits``. A piece of shown text that stands for a changed piece of the source maps to
/// that piece's start: the two "S" of "ß" are both at the "ß", and after them comes the letter
/// after it.
final class CaseMapping: Sendable {
    /// The text as shown.
    let shown: String
    /// For each UTF-16 offset of the shown text (0...its count), the UTF-16 offset in the source it
    /// stands for; nil when every changed piece kept its length (the offsets are the source's).
    let sourceUnits: [Int]?

    private init(shown: String, sourceUnits: [Int]?) {
        self.shown = shown
        self.sourceUnits = sourceUnits
    }

    /// A piece of the source (UTF-16 range) and the case it is shown in.
    struct Segment: Equatable {
        var range: Range<Int>
        var transform: TextTransform
    }

    /// The source `units` shown with each segment's transform (the segments ascending, apart,
    /// within the text; the rest is shown as written), by ICU's case mapping for `locale`; nil when
    /// no segment changes the text.
    ///
    /// Each transform is applied to the whole text, so that a word's start and a letter's context
    /// (Greek final sigma, a Dutch "ij") are the text's, and its changes are kept where a segment
    /// asks for that transform. A change that straddles a segment's edge is left out.
    static func map(_ units: [UInt16], segments: [Segment], locale: String?) throws(ICUError) -> CaseMapping? {
        var mapped: [TextTransform: (units: [UInt16], edits: [Int32])] = [:]
        for segment in segments where segment.transform != .none && mapped[segment.transform] == nil {
            mapped[segment.transform] = try caseMap(units, segment.transform, locale: locale)
        }
        guard !mapped.isEmpty else { return nil }
        var shown: [UInt16] = []
        shown.reserveCapacity(units.count)
        var sourceUnits: [Int] = []
        sourceUnits.reserveCapacity(units.count + 1)
        var sameLengths = true
        var changed = false
        func copy(_ range: Range<Int>) {
            shown += units[range]
            sourceUnits += range
        }
        // Where each transform's edits were left: the next edit's index, source and target offsets.
        var cursors: [TextTransform: (index: Int, source: Int, target: Int)] = [:]
        var position = 0
        for segment in segments {
            copy(position..<segment.range.lowerBound)
            position = segment.range.upperBound
            guard let (target, edits) = mapped[segment.transform] else {
                copy(segment.range)
                continue
            }
            var (index, source, destination) = cursors[segment.transform] ?? (0, 0, 0)
            while index + 2 < edits.count, source < segment.range.upperBound {
                let old = Int(edits[index + 1])
                let new = Int(edits[index + 2])
                if source + old > segment.range.lowerBound {
                    let overlap = max(source, segment.range.lowerBound)..<min(source + old, segment.range.upperBound)
                    if edits[index] != 0, source >= segment.range.lowerBound, source + old <= segment.range.upperBound {
                        shown += target[destination..<destination + new]
                        sourceUnits += repeatElement(source, count: new)
                        sameLengths = sameLengths && old == new
                        changed = true
                    } else {
                        copy(overlap)
                    }
                    // An edit that goes on past the segment: the next segment starts in it.
                    if source + old > segment.range.upperBound { break }
                }
                source += old
                destination += new
                index += 3
            }
            cursors[segment.transform] = (index, source, destination)
        }
        copy(position..<units.count)
        guard changed else { return nil }
        sourceUnits.append(units.count)
        return CaseMapping(
            shown: String(decoding: shown, as: UTF16.self), sourceUnits: sameLengths ? nil : sourceUnits)
    }

    /// ICU's case mapping of all of `units`, and its fine edits (three numbers each: changed or
    /// not, source length, target length).
    private static func caseMap(_ units: [UInt16], _ transform: TextTransform, locale: String?) throws(ICUError)
        -> (units: [UInt16], edits: [Int32])
    {
        let kind: mush_case_kind =
            switch transform {
            case .uppercase: MUSH_CASE_UPPER
            case .lowercase: MUSH_CASE_LOWER
            case .capitalize, .none: MUSH_CASE_CAPITALIZE
            }
        // A code point maps to at most three, each no longer than it: three times the units hold
        // any mapping, and each edit takes at least one unit of the source. Asked again with the
        // lengths ICU reports should that not hold.
        var capacity = 3 * units.count + 1
        var editCapacity = 3 * (units.count + 1)
        for _ in 0..<2 {
            var out = [UInt16](repeating: 0, count: capacity)
            var edits = [Int32](repeating: 0, count: editCapacity)
            var editCount: Int32 = 0
            var error: Int32 = 0
            let length = units.withUnsafeBufferPointer { text in
                out.withUnsafeMutableBufferPointer { out in
                    edits.withUnsafeMutableBufferPointer { edits in
                        mush_case_map(
                            kind, locale, text.baseAddress, Int32(text.count), out.baseAddress, Int32(out.count),
                            edits.baseAddress, Int32(edits.count), &editCount, &error)
                    }
                }
            }
            guard length >= 0 else { throw ICUError(code: error, operation: "map the text's case") }
            if Int(length) <= capacity, 3 * Int(editCount) <= editCapacity, editCount > 0 || units.isEmpty {
                out.removeSubrange(Int(length)...)
                edits.removeSubrange((3 * Int(editCount))...)
                return (out, edits)
            }
            capacity = max(capacity, Int(length))
            editCapacity = max(editCapacity, 3 * Int(editCount))
        }
        throw ICUError(code: 15, operation: "map the text's case (its buffer stayed too small)")
    }
}
