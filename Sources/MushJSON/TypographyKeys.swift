import Foundation
import MushBase
import MushText

/// The text settings that text nodes, `mush measure`'s requests and rows read alike, by the same
/// names and rules: one table of names for the text engine's paragraph settings.
enum TypographyKeys {
    /// `language` (a BCP 47 tag: line breaking, shaping and hyphenation), `hyphens` (`none`,
    /// `manual`, `auto`) and `hyphenateLimitChars` (1 to 3 whole numbers: the shortest word, and
    /// the fewest characters before and after a hyphen, as CSS's).
    /// `fontFeatures` (an object of OpenType feature tags and values, as CSS's
    /// `font-feature-settings`) also belongs to runs.
    static let paragraph = ["language", "hyphens", "hyphenateLimitChars", "fontFeatures"]

    /// Sets `style`'s paragraph settings from `object`'s keys, those it has.
    static func read(_ object: JSONObject, into style: inout ParagraphStyle) throws(RequestError) {
        if let language = try object.string("language") {
            if let problem = ParagraphStyle.languageProblem(language) {
                throw RequestError(at: object.path("language"), problem)
            }
            style.locale = language
        }
        style.hyphens = try object.choice("hyphens") ?? style.hyphens
        if object["hyphenateLimitChars"] != nil {
            style.hyphenationLimits = try limits(object)
        }
        style.fontFeatures = try features(object) ?? style.fontFeatures
    }

    /// `fontFeatures`: `{"tnum": 1, "liga": false}`, each tag four characters (as OpenType's) and
    /// each value a whole number from 0 to 65,535, or true (1) or false (0); nil when left out.
    static func features(_ object: JSONObject) throws(RequestError) -> [String: Int]? {
        let key = "fontFeatures"
        guard let value = object[key] else { return nil }
        guard case .object(let members) = value else {
            throw object.wrongType(key, expected: "an object of feature tags and values")
        }
        var features: [String: Int] = [:]
        for (tag, member) in members.sorted(by: { $0.key < $1.key }) {
            let path = object.path(key) + "." + tag
            let number: Double
            switch member {
            case .bool(let on): number = on ? 1 : 0
            case .number(let value): number = value
            default: throw RequestError(at: path, "expected a number or true or false, not \(member.kindName)")
            }
            guard number.rounded() == number, (0...65_535).contains(number) else {
                throw RequestError(
                    at: path, "must be a whole number from 0 to 65535 (it is \(MushLimits.format(number)))")
            }
            if let problem = ParagraphStyle.featureProblem(tag, Int(number)) { throw RequestError(at: path, problem) }
            features[tag] = Int(number)
        }
        return features
    }

    /// `--font-features`' value, `tnum=1,liga=0` (or `tnum` for 1): nil and the problem when it
    /// is not that.
    static func features(option: String) -> (features: [String: Int]?, problem: String?) {
        var features: [String: Int] = [:]
        for item in option.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let tag = parts[0]
            guard let value = parts.count == 2 ? Int(parts[1]) : 1 else {
                return (nil, "--font-features: '\(item)' is not TAG=VALUE")
            }
            if let problem = ParagraphStyle.featureProblem(tag, value) {
                return (nil, "--font-features: \(tag) \(problem)")
            }
            features[tag] = value
        }
        return (features, nil)
    }

    /// `hyphenateLimitChars`: `[word, before, after]`, as CSS's `hyphenate-limit-chars` (a value
    /// left out of the end is the default, 5, 2 and 3; a number alone is the word's), each a whole
    /// number from 1 to 100.
    private static func limits(_ object: JSONObject) throws(RequestError) -> ParagraphStyle.HyphenationLimits {
        let key = "hyphenateLimitChars"
        let numbers: [Double]
        var isArray = false
        switch object[key] {
        case .number(let number)?: numbers = [number]
        case .array?:
            isArray = true
            numbers =
                try object.array(key, expected: "an array of 1 to 3 numbers") { value, path throws(RequestError) in
                    guard case .number(let number) = value else {
                        throw RequestError(at: path, "expected a number, not \(value.kindName)")
                    }
                    return number
                } ?? []
        default: throw object.wrongType(key, expected: "a number or an array of 1 to 3 numbers")
        }
        guard (1...3).contains(numbers.count) else {
            throw RequestError(at: object.path(key), "must hold 1 to 3 numbers (it holds \(numbers.count))")
        }
        for (index, number) in numbers.enumerated() where !(1...100).contains(number) || number.rounded() != number {
            throw RequestError(
                at: object.path(key) + (isArray ? "[\(index)]" : ""),
                "must be a whole number from 1 to 100 (it is \(MushLimits.format(number)))")
        }
        var limits = ParagraphStyle.HyphenationLimits()
        limits.word = Int(numbers[0])
        if numbers.count > 1 { limits.before = Int(numbers[1]) }
        if numbers.count > 2 { limits.after = Int(numbers[2]) }
        return limits
    }
}
