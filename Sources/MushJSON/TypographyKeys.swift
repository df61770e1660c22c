import MushBase
import MushText

/// The text settings that text nodes, `mush measure`'s requests and rows read alike, by the same
/// names and rules: one table of names for the text engine's paragraph settings.
enum TypographyKeys {
    /// `language` (a BCP 47 tag: line breaking, shaping and hyphenation), `hyphens` (`none`,
    /// `manual`, `auto`) and `hyphenateLimitChars` (1 to 3 whole numbers: the shortest word, and
    /// the fewest characters before and after a hyphen, as CSS's).
    static let paragraph = ["language", "hyphens", "hyphenateLimitChars"]

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
