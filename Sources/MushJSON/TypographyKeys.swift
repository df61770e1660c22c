import Foundation
import Mush
import MushBase
import MushText

/// The text settings that text nodes, `mush measure`'s requests and rows read alike, by the same
/// names and rules: one table of names for the text engine's paragraph settings.
enum TypographyKeys {
    /// `language` (a BCP 47 tag: line breaking, shaping and hyphenation), `hyphens` (`none`,
    /// `manual`, `auto`), `hyphenateLimitChars` (1 to 3 whole numbers: the shortest word, and the
    /// fewest characters before and after a hyphen, as CSS's), `fontFeatures` (an object of
    /// OpenType feature tags and values, as CSS's `font-feature-settings`), `letterSpacing` and
    /// `wordSpacing` (points), `lineHeight` (a multiple of the font size, `"N%"` of it, or
    /// `"Npx"`/`"Npt"` points; `"normal"`: the font's) and `tabSize` (spaces, or `"Npx"`/`"Npt"`).
    /// `fontFeatures` and `letterSpacing` also belong to run pieces.
    static let paragraph = [
        "language", "hyphens", "hyphenateLimitChars", "fontFeatures", "fontVariations", "letterSpacing",
        "wordSpacing", "lineHeight", "tabSize", "textDecoration", "textWrap",
        "textTransform",
    ]

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
        style.fontVariations = try variations(object) ?? style.fontVariations
        if object["textDecoration"] != nil { style.textDecoration = try decoration(object) }
        style.textWrap = try object.choice("textWrap") ?? style.textWrap
        style.textTransform = try object.choice("textTransform") ?? style.textTransform
        style.letterSpacing = try object.number("letterSpacing", in: MushLimits.kern) ?? style.letterSpacing
        style.wordSpacing = try object.number("wordSpacing", in: MushLimits.kern) ?? style.wordSpacing
        if object["lineHeight"] != nil { style.lineHeight = try lineHeight(object) }
        if object["tabSize"] != nil {
            switch try tabSize(object) {
            case .spaces(let spaces): style.tabSize = spaces
            case .points(let points): style.tabWidth = points
            }
        }
    }

    /// `lineHeight`: a number (a multiple of the font size, 0 to 1,000), `"N%"` of the font size,
    /// `"Npx"` or `"Npt"` (points, 0 to 1,000,000), or `"normal"` (nil: the font's own).
    static func lineHeight(_ object: JSONObject) throws(RequestError) -> ParagraphStyle.LineHeight? {
        let key = "lineHeight"
        switch object[key] {
        case .number?:
            return .multiple(try object.number(key, in: 0...1_000, unit: "times the font size")!)
        case .string(let string)?:
            guard let value = lineHeight(string) else {
                throw RequestError(
                    at: object.path(key),
                    "must be a number (times the font size), \"N%\", \"Npx\", \"Npt\" or \"normal\" (it is '\(JSONReader.shortened(string))')"
                )
            }
            return value.lineHeight
        default:
            throw object.wrongType(key, expected: "a number or a string")
        }
    }

    /// A line height as CSS writes it: `normal` or a height.
    enum LineHeightValue {
        case normal
        case height(ParagraphStyle.LineHeight)

        /// The style's value: nil for `normal`.
        var lineHeight: ParagraphStyle.LineHeight? {
            if case .height(let height) = self { height } else { nil }
        }
    }

    /// A line height written as CSS writes it (`1.5`, `150%`, `24px`, `24pt`, `normal`), in its
    /// range; nil when it is not one.
    static func lineHeight(_ string: String) -> LineHeightValue? {
        if string == "normal" { return .normal }
        if let points = length(string) { return MushLimits.length.contains(points) ? .height(.points(points)) : nil }
        if let percent = BoxTreeReader.percentage(string) {
            return (0...100_000).contains(percent) ? .height(.multiple(percent / 100)) : nil
        }
        if let factor = DecimalNumber.value(of: string), (0...1_000).contains(factor) {
            return .height(.multiple(factor))
        }
        return nil
    }

    /// A tab size: a number of spaces, or points.
    enum TabSize {
        case spaces(Double)
        case points(Double)
    }

    /// `tabSize`: a number of spaces (0.01 to 1,000), or `"Npx"`/`"Npt"` points (0.01 to 1,000,000).
    static func tabSize(_ object: JSONObject) throws(RequestError) -> TabSize {
        let key = "tabSize"
        switch object[key] {
        case .number?: return .spaces(try object.number(key, in: 0.01...1_000, unit: "spaces")!)
        case .string(let string)?:
            guard let size = tabSize(string) else {
                throw RequestError(
                    at: object.path(key),
                    "must be a number of spaces (0.01 to 1000), \"Npx\" or \"Npt\" (it is '\(JSONReader.shortened(string))')"
                )
            }
            return size
        default: throw object.wrongType(key, expected: "a number or a string")
        }
    }

    /// A tab size as CSS writes it (`4`, `40px`, `40pt`), in its range; nil when it is not one.
    static func tabSize(_ string: String) -> TabSize? {
        if let points = length(string) {
            return (0.01...MushLimits.length.upperBound).contains(points) ? .points(points) : nil
        }
        if let spaces = DecimalNumber.value(of: string), (0.01...1_000).contains(spaces) { return .spaces(spaces) }
        return nil
    }

    /// The points of `"Npx"` or `"Npt"` (a point is a pixel here), nil for anything else.
    private static func length(_ string: String) -> Double? {
        guard string.hasSuffix("px") || string.hasSuffix("pt") else { return nil }
        return DecimalNumber.value(of: String(string.dropLast(2)))
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

    /// `fontVariations`: `{"wght": 650, "wdth": 80}`, each tag four characters (as OpenType's) and
    /// each value a number from −100,000 to 100,000; nil when left out.
    static func variations(_ object: JSONObject) throws(RequestError) -> [String: Double]? {
        let key = "fontVariations"
        guard let value = object[key] else { return nil }
        guard case .object(let members) = value else {
            throw object.wrongType(key, expected: "an object of axis tags and values")
        }
        var variations: [String: Double] = [:]
        for (tag, member) in members.sorted(by: { $0.key < $1.key }) {
            let path = object.path(key) + "." + tag
            guard case .number(let number) = member else {
                throw RequestError(at: path, "expected a number, not \(member.kindName)")
            }
            if let problem = ParagraphStyle.variationProblem(tag, number) { throw RequestError(at: path, problem) }
            variations[tag] = number
        }
        return variations
    }

    /// `textDecoration`: CSS's shorthand as a string (`"underline"`, `"underline overline wavy
    /// #c00"`, `"none"`: lines, a style and a colour in any order) or an object `{"line": a name or
    /// an array of them, "style", "color", "thickness" (points), "underlineOffset" (points),
    /// "skipInk" (true by default)}`; nil for `"none"`.
    static func decoration(_ object: JSONObject) throws(RequestError) -> TextDecoration? {
        let key = "textDecoration"
        let path = object.path(key)
        let lineNames = TextDecoration.Lines.names.map(\.name)
        func lines(_ names: [String], at path: String) throws(RequestError) -> TextDecoration.Lines {
            var lines: TextDecoration.Lines = []
            for name in names {
                guard let line = TextDecoration.Lines.names.first(where: { $0.name == name })?.line else {
                    throw RequestError(at: path, "must be \(listed(lineNames)) (it is '\(JSONReader.shortened(name))')")
                }
                lines.insert(line)
            }
            return lines
        }
        switch object[key] {
        case .string(let string)?:
            let tokens = string.split(separator: " ").map(String.init)
            if tokens == ["none"] { return nil }
            var decoration = TextDecoration(lines: [])
            for token in tokens {
                if let line = TextDecoration.Lines.names.first(where: { $0.name == token })?.line {
                    decoration.lines.insert(line)
                } else if let style = TextDecoration.Style(rawValue: token) {
                    decoration.style = style
                } else if let color = MushColor(hex: token) {
                    decoration.color = color
                } else {
                    throw RequestError(
                        at: path,
                        "'\(JSONReader.shortened(token))' is not a line (\(lineNames.joined(separator: ", "))), a style "
                            + "(\(TextDecoration.Style.allCases.map(\.rawValue).joined(separator: ", "))) or a colour")
                }
            }
            guard !decoration.lines.isEmpty else {
                throw RequestError(at: path, "names no line (\(lineNames.joined(separator: ", ")))")
            }
            return decoration
        case .object?:
            let members = try JSONObject(
                object[key]!, at: path, keys: ["line", "style", "color", "thickness", "underlineOffset", "skipInk"])
            let names: [String]
            switch members["line"] {
            case .string(let name)?: names = [name]
            case .array?:
                names =
                    try members.array("line", expected: "a line name or an array of them") {
                        value, place throws(RequestError) in
                        guard case .string(let name) = value else {
                            throw RequestError(at: place, "expected a string, not \(value.kindName)")
                        }
                        return name
                    } ?? []
            case nil: throw members.missing("line")
            default: throw members.wrongType("line", expected: "a line name or an array of them")
            }
            var decoration = TextDecoration(lines: try lines(names, at: members.path("line")))
            guard !decoration.lines.isEmpty else {
                throw RequestError(at: members.path("line"), "names no line (\(lineNames.joined(separator: ", ")))")
            }
            decoration.style = try members.choice("style") ?? .solid
            decoration.color = try members.color("color")
            decoration.thickness = try members.number("thickness", in: 0...1_000)
            decoration.underlineOffset = try members.number("underlineOffset", in: MushLimits.kern) ?? 0
            decoration.skipInk = try members.bool("skipInk") ?? true
            return decoration
        default:
            throw object.wrongType(key, expected: "a string or an object")
        }
    }

    /// `TAG=VALUE` items separated by commas, as `--font-features` and `--font-variations` write
    /// them (`option`: the option's name): each value read by `value`, checked with its tag by
    /// `problem`; a tag alone stands for `alone` where that is given. Or what is wrong, naming the
    /// option.
    static func tagValues<Value>(
        _ text: String, option: String, alone: Value? = nil, value: (String) -> Value?,
        problem: (String, Value) -> String?
    ) -> Result<[String: Value], RequestError> {
        var values: [String: Value] = [:]
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let read = parts.count == 2 ? value(parts[1]) : alone else {
                return .failure(RequestError("\(option): '\(item)' is not TAG=VALUE"))
            }
            if let problem = problem(parts[0], read) {
                return .failure(RequestError("\(option): \(parts[0]) \(problem)"))
            }
            values[parts[0]] = read
        }
        return .success(values)
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
