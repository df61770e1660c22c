import CHyphen
import MushBase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Automatic hyphenation: where a word of a language may be broken with a hyphen, by the patterns
/// of LibreOffice's hyphenation dictionaries (`hyph_LANG.dic`, Debian's `hyphen-*` packages), read
/// by libhyphen.
///
/// A language is found as `hyph_LANG_REGION.dic`, then `hyph_LANG.dic`, in ``folders``. A
/// dictionary is read once a process (the first paragraph that asks for its language) and shared
/// by every paragraph and thread after.
public enum Hyphenation {
    /// Where dictionaries are looked for, in order: the folders of `MUSH_HYPHENATION_PATH`
    /// (separated by colons), then `/usr/share/hyphen` (where Debian installs them).
    public static let folders: [String] = {
        var folders: [String] = []
        if let path = getenv("MUSH_HYPHENATION_PATH") {
            folders += String(cString: path).split(separator: ":").map(String.init)
        }
        return folders + ["/usr/share/hyphen"]
    }()

    /// The scalar offsets in `word` where it may be broken with a hyphen in `language` (a BCP 47
    /// tag such as `en-US` or `de`), ascending: `3` breaks "hyphenation" as "hyp‐henation". Nil when
    /// no dictionary is installed for the language.
    ///
    /// The word is lowercased first (the patterns are lowercase). A word shorter than
    /// `limits.word` scalars, or holding a character its dictionary's encoding cannot write, has
    /// no points; none falls within `limits.before` scalars of its start or `limits.after` of its
    /// end (nor within the dictionary's own `LEFTHYPHENMIN` and `RIGHTHYPHENMIN`, where larger).
    /// Non-standard points (a dictionary's spelling changes, as the old German "Schiffahrt") are
    /// left out.
    public static func points(
        in word: String, language: String, limits: ParagraphStyle.HyphenationLimits = .init()
    ) -> [Int]? {
        guard let dictionary = dictionary(for: language) else { return nil }
        return dictionary.points(Array(word.unicodeScalars), limits: limits)
    }

    /// The dictionary file for `language`, nil when none is installed.
    public static func dictionaryPath(for language: String) -> String? {
        for name in fileNames(for: language) {
            for folder in folders {
                let path = folder + "/" + name
                if access(path, R_OK) == 0 { return path }
            }
        }
        return nil
    }

    /// `hyph_de_CH.dic`, `hyph_de.dic` for `de-CH-1996` (the region, if any, then the language
    /// alone); none for a tag without a language.
    static func fileNames(for language: String) -> [String] {
        let subtags = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(\.isLetter),
            first.allSatisfy(\.isASCII)
        else { return [] }
        let lang = first.lowercased()
        // The region: two letters or three digits, after the language (and a script).
        let region = subtags.dropFirst().prefix(2).first {
            ($0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter })
                || ($0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isNumber })
        }
        return (region.map { ["hyph_\(lang)_\($0.uppercased()).dic"] } ?? []) + ["hyph_\(lang).dic"]
    }

    /// Dictionaries read so far, by language tag (nil: none installed), for the process.
    private static let loaded = LockedValue([String: HyphenDictionary?]())

    /// The dictionary for `language`, read on first use; nil when none is installed or it cannot
    /// be read.
    static func dictionary(for language: String) -> HyphenDictionary? {
        if let known = loaded.withLock({ $0[language] }) { return known }
        // Read outside the lock (a large dictionary takes milliseconds); a thread that lost the race
        // takes the winner's.
        let dictionary = dictionaryPath(for: language).flatMap(HyphenDictionary.init(path:))
        return loaded.withLock { known in
            if let winner = known[language] { return winner }
            known[language] = .some(dictionary)
            return dictionary
        }
    }
}

extension ParagraphStyle {
    /// How short a word and its pieces may be for automatic hyphenation, in characters (Unicode
    /// scalars), as CSS's `hyphenate-limit-chars`: a word of at least `word`, with at least
    /// `before` characters before the hyphen and `after` after it. The default is 5, 2 and 3.
    public struct HyphenationLimits: Hashable, Sendable {
        public var word: Int
        public var before: Int
        public var after: Int

        public init(word: Int = 5, before: Int = 2, after: Int = 3) {
            self.word = word
            self.before = before
            self.after = after
        }
    }
}

/// A hyphenation dictionary read by libhyphen, freed with it. libhyphen only reads a dictionary
/// once it is loaded, so threads share it.
final class HyphenDictionary: @unchecked Sendable {
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// The patterns are UTF-8; otherwise ISO 8859-1 (as the German dictionary), the only other
    /// encoding read.
    private let isUTF8: Bool
    /// The dictionary's `LEFTHYPHENMIN` and `RIGHTHYPHENMIN` (0 where it sets none).
    let leftMinimum: Int
    let rightMinimum: Int

    init?(path: String) {
        guard let dictionary = hnj_hyphen_load(path) else { return nil }
        let charset = withUnsafeBytes(of: dictionary.pointee.cset) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        let isUTF8 = dictionary.pointee.utf8 != 0
        guard isUTF8 || ["ISO8859-1", "ISO-8859-1", "ISO8859-15"].contains(charset.uppercased()) else {
            hnj_hyphen_free(dictionary)
            return nil
        }
        self.dictionary = dictionary
        self.isUTF8 = isUTF8
        leftMinimum = Int(dictionary.pointee.lhmin)
        rightMinimum = Int(dictionary.pointee.rhmin)
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// The points of `word` (see ``Hyphenation/points(in:language:limits:)``).
    func points(_ word: [Unicode.Scalar], limits: ParagraphStyle.HyphenationLimits) -> [Int] {
        let before = max(limits.before, leftMinimum, 1)
        let after = max(limits.after, rightMinimum, 1)
        guard word.count >= max(limits.word, before + after) else { return [] }
        // The word in the dictionary's encoding, lowercased scalar by scalar (a scalar whose
        // lowercase is several is kept as it is).
        var bytes: [CChar] = []
        bytes.reserveCapacity(word.count * 2)
        for scalar in word {
            // ASCII by arithmetic; others by Unicode's mapping (a string made for each).
            var mapped = scalar
            if (0x41...0x5A).contains(scalar.value) {
                mapped = Unicode.Scalar(scalar.value + 0x20)!
            } else if scalar.value >= 0x80 {
                let lower = scalar.properties.lowercaseMapping.unicodeScalars
                if lower.count == 1 { mapped = lower.first! }
            }
            if isUTF8 {
                for byte in String(mapped).utf8 { bytes.append(CChar(bitPattern: byte)) }
            } else {
                guard mapped.value <= 0xFF else { return [] }
                bytes.append(CChar(bitPattern: UInt8(mapped.value)))
            }
        }
        // One mark a character (libhyphen counts UTF-8 characters, not bytes): odd after a point.
        var marks = [CChar](repeating: 0, count: bytes.count + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        let failed = hnj_hyphen_hyphenate3(
            dictionary, bytes, Int32(bytes.count), &marks, nil, &replacements, &positions, &cuts, Int32(before),
            Int32(after), 0, 0)
        defer {
            if let replacements {
                for index in 0..<bytes.count { free(replacements[index]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        guard failed == 0 else { return [] }
        var points: [Int] = []
        for index in 0..<(word.count - 1) where marks[index] & 1 == 1 {
            // A point with a replacement changes the spelling: not taken.
            if let replacements, replacements[index] != nil { continue }
            let point = index + 1
            if point >= before, word.count - point >= after { points.append(point) }
        }
        return points
    }
}
