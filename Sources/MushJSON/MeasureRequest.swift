import Foundation
import Mush
import MushText

/// One text to measure, with its options: from the command line or from a `--batch` line of
/// `mush measure` (`{"text": …, "width": 304, "mush": true, …}`).
public struct MeasureRequest: Hashable, Sendable {
    public var text: String
    /// The width to wrap at, in points; nil: no wrapping.
    public var width: Double?
    public var fontFamily: String?
    public var fontSize: Double = 16
    public var lineSpacing: Double = 0
    public var maxLines: Int = 0
    public var maxHeight: Double = 0
    public var ellipsize: ParagraphStyle.Ellipsize = .end
    public var align: ParagraphStyle.Alignment = .left
    /// Parse `text` as Mush markup.
    public var mush = false
    /// The text's typography: its language, hyphenation, OpenType features, letter and word
    /// spacing, line height and tab size (those fields of the style; its others are this
    /// request's own).
    public var textStyle = ParagraphStyle()

    /// The keys of a request object.
    public static let keys =
        [
            "text", "width", "fontFamily", "fontSize", "lineSpacing", "maxLines", "maxHeight", "ellipsize", "align",
            "mush",
        ] + TypographyKeys.paragraph

    public init(
        text: String, width: Double? = nil, fontFamily: String? = nil, fontSize: Double = 16,
        lineSpacing: Double = 0, maxLines: Int = 0, maxHeight: Double = 0,
        ellipsize: ParagraphStyle.Ellipsize = .end, align: ParagraphStyle.Alignment = .left, mush: Bool = false,
        textStyle: ParagraphStyle = ParagraphStyle()
    ) {
        self.textStyle = textStyle
        self.text = text
        self.width = width
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.lineSpacing = lineSpacing
        self.maxLines = maxLines
        self.maxHeight = maxHeight
        self.ellipsize = ellipsize
        self.align = align
        self.mush = mush
    }

    /// Reads one request object (a `--batch` line): known keys only, values of the right types and
    /// in their ranges, each problem named by its key. `"width": null` is no width.
    public init(json: some Collection<UInt8>, fonts: FontCollection) throws(RequestError) {
        if let request = json.withContiguousStorageIfAvailable(Self.readDirectly) ?? nil {
            self = request
        } else {
            try self.init(general: json)
        }
        if let problem = problem(fonts: fonts) { throw RequestError(problem) }
    }

    /// Reads any request object, naming the first problem: syntax, then unknown keys, then a
    /// missing text, then the first value of a wrong type.
    init(general json: some Collection<UInt8>) throws(RequestError) {
        let value = try JSONValue.parse(json)
        guard case .object = value else { throw RequestError("not a JSON object") }
        let object = try JSONObject(value, at: "", keys: Self.keys)
        guard let text = try object.string("text") else { throw object.missing("text") }
        self.init(text: text)
        if object["width"] != .null { width = try object.number("width") }
        fontFamily = try object.string("fontFamily")
        fontSize = try object.number("fontSize") ?? fontSize
        lineSpacing = try object.number("lineSpacing") ?? lineSpacing
        maxLines = try object.count("maxLines") ?? maxLines
        maxHeight = try object.number("maxHeight") ?? maxHeight
        ellipsize = try object.choice("ellipsize") ?? ellipsize
        align = try object.choice("align") ?? align
        mush = try object.bool("mush") ?? mush
        try TypographyKeys.read(object, into: &textStyle)
    }

    /// What is wrong with the values, naming the key and the option (`fontSize (--font-size) must
    /// be …`), or nil. The font family is checked only when `fonts` are given.
    public func problem(fonts: FontCollection?) -> String? {
        func check(_ value: Double, _ range: ClosedRange<Double>, _ key: String, _ option: String) -> String? {
            MushLimits.problem(value, in: range, unit: "points").map { "\(key) (\(option)) \($0)" }
        }
        if let width, let problem = check(width, MushLimits.length, "width", "--width") { return problem }
        if let problem = check(fontSize, MushLimits.fontSize, "fontSize", "--font-size") { return problem }
        if let problem = check(lineSpacing, MushLimits.length, "lineSpacing", "--line-spacing") { return problem }
        if maxLines < 0 { return "maxLines (--max-lines) must be 0 (no limit) or more (it is \(maxLines))" }
        if let problem = check(maxHeight, MushLimits.length, "maxHeight", "--max-height") { return problem }
        do {
            // (The request's own values are checked above; the text style's rarely set ones here.)
            if textStyle.hasTypography { try style.validate() }
        } catch {
            guard case .invalidValue(let property, let problem) = error else { return error.description }
            // style.letterSpacing → letterSpacing (--letter-spacing); the locale is the language.
            var key = property.hasPrefix("style.") ? String(property.dropFirst(6)) : property
            if key == "locale" { key = "language" }
            let name = key.split(separator: ".").first.map(String.init) ?? key
            let option = name.reduce(into: "--") { option, character in
                if character.isUppercase { option += "-" + character.lowercased() } else { option.append(character) }
            }
            return "\(key) (\(option == "--hyphenation-limits" ? "hyphenateLimitChars" : option)) \(problem)"
        }
        if let fontFamily, let fonts, !fonts.hasFamily(fontFamily) {
            return "fontFamily (--font-family): " + fonts.missingFamilyMessage(fontFamily)
        }
        return nil
    }

    /// The typography the command's options ask for, each as its option writes it (nil: left
    /// out): `--language`, `--hyphens`, `--font-features tnum=1,liga=0` (a tag alone is 1),
    /// `--letter-spacing`, `--word-spacing`, `--line-height` (`1.5`, `150%`, `24px`, `normal`) and
    /// `--tab-size` (`4`, `40px`), `--font-variations wght=650` and `--text-transform`; or the first
    /// that is not what its option takes.
    public static func textStyle(
        language: String? = nil, hyphens: String? = nil, fontFeatures: String? = nil, letterSpacing: String? = nil,
        wordSpacing: String? = nil, lineHeight: String? = nil, tabSize: String? = nil, fontVariations: String? = nil,
        textTransform: String? = nil
    ) -> Result<ParagraphStyle, RequestError> {
        var style = ParagraphStyle()
        style.locale = language
        if let hyphens {
            guard let value = ParagraphStyle.Hyphens(rawValue: hyphens) else {
                return .failure(RequestError("--hyphens must be none, manual or auto (it is '\(hyphens)')"))
            }
            style.hyphens = value
        }
        if let textTransform {
            guard let value = TextTransform(rawValue: textTransform) else {
                return .failure(
                    RequestError(
                        "--text-transform must be none, uppercase, lowercase or capitalize (it is '\(textTransform)')"))
            }
            style.textTransform = value
        }
        if let fontFeatures {
            switch TypographyKeys.tagValues(
                fontFeatures, option: "--font-features", alone: 1, value: { Int($0) },
                problem: ParagraphStyle.featureProblem)
            {
            case .success(let features): style.fontFeatures = features
            case .failure(let error): return .failure(error)
            }
        }
        if let fontVariations {
            switch TypographyKeys.tagValues(
                fontVariations, option: "--font-variations", value: { DecimalNumber.value(of: $0) },
                problem: ParagraphStyle.variationProblem)
            {
            case .success(let variations): style.fontVariations = variations
            case .failure(let error): return .failure(error)
            }
        }
        for (value, option) in [(letterSpacing, "--letter-spacing"), (wordSpacing, "--word-spacing")] {
            guard let value else { continue }
            guard let number = DecimalNumber.value(of: value), MushLimits.kern.contains(number) else {
                return .failure(
                    RequestError("\(option) must be a number of points from -1000 to 1000 (it is '\(value)')"))
            }
            if option == "--letter-spacing" { style.letterSpacing = number } else { style.wordSpacing = number }
        }
        if let lineHeight {
            guard let value = TypographyKeys.lineHeight(lineHeight) else {
                return .failure(
                    RequestError(
                        "--line-height must be a number (times the font size), N%, Npx, Npt or normal (it is '\(lineHeight)')"
                    ))
            }
            style.lineHeight = value.lineHeight
        }
        if let tabSize {
            switch TypographyKeys.tabSize(tabSize) {
            case .spaces(let spaces)?: style.tabSize = spaces
            case .points(let points)?: style.tabWidth = points
            case nil:
                return .failure(
                    RequestError(
                        "--tab-size must be a number of spaces (0.01 to 1000), Npx or Npt (it is '\(tabSize)')"))
            }
        }
        return .success(style)
    }

    /// The paragraph style: ``textStyle`` with this request's font, spacing, alignment and limits.
    public var style: ParagraphStyle {
        var style = textStyle
        style.fontFamily = fontFamily
        style.fontSize = fontSize
        style.lineSpacing = lineSpacing
        style.alignment = align
        style.maxLines = maxLines
        style.maxHeight = maxHeight
        style.ellipsize = ellipsize
        return style
    }

    /// The text as a document: parsed when `mush` is set.
    public var document: MushDocument {
        mush ? Mush.parse(text) : MushDocument(text: text, attributes: .plain)
    }

    /// Lays the text out.
    public func measure(fonts: FontCollection) throws(RequestError) -> MeasureResult {
        try measure(document, fonts: fonts)
    }

    /// Lays `document` (this request's text, parsed or decoded by the caller) out.
    public func measure(_ document: MushDocument, fonts: FontCollection) throws(RequestError) -> MeasureResult {
        if let problem = problem(fonts: fonts) { throw RequestError(problem) }
        return try measureChecked(document, fonts: fonts)
    }

    /// Lays `document` out, its values already checked (a request read from JSON is).
    func measureChecked(_ document: MushDocument, fonts: FontCollection) throws(RequestError) -> MeasureResult {
        do {
            let paragraph = try Paragraph(document, style: style, fonts: fonts)
            return MeasureResult(
                layout: paragraph.layout(width: width),
                warnings: Self.warnings(document, paragraph))
        } catch {
            throw RequestError(error.description)
        }
    }
}

extension MeasureRequest {
    /// The markup's diagnostics, then the text engine's warnings (no array made when there are
    /// none, as for most texts).
    static func warnings(_ document: MushDocument, _ paragraph: Paragraph) -> [String] {
        guard !document.diagnostics.isEmpty || !paragraph.warnings.isEmpty else { return [] }
        return document.diagnostics.map(\.message) + paragraph.warnings.map(\.description)
    }
}

/// The JSON of a measured text: `{"height", "lineCount", "lines": [{"baseline", "end", "height",
/// "start", "text", "width", "x", "y"}], "truncated", "width"}`.
public struct MeasureResult: Sendable {
    public let layout: ParagraphLayout
    /// What was done otherwise than asked, one sentence each: the markup's diagnostics, and the
    /// text engine's warnings (a font family the fonts do not have). Not part of the JSON: the
    /// command prints them on standard error.
    public let warnings: [String]

    /// The result on one line (no line break), keys sorted. A result with a number that is not finite
    /// (which the limits rule out) is an error naming it, never `null`.
    public func json() throws(RequestError) -> String {
        var output = ""
        try write(to: &output, flush: { _ in })
        return output
    }

    /// Writes the result to `output`, calling `flush` with what has been written whenever it grows
    /// past 64 KiB (and emptying it), so that a result of a million lines is never held whole.
    public func write(to output: inout String, flush: (inout String) -> Void) throws(RequestError) {
        // Bytes first (``JSONBytes``), moved into `output` every 64 KiB.
        var json = JSONBytes(capacity: byteEstimate)
        try write(into: &json) { json in
            output += json.takeString()
            flush(&output)
        }
        output += json.takeString()
    }

    /// Room for the result of a paragraph of a few lines without growing, for at most 400 lines.
    var byteEstimate: Int { 96 + min(layout.lines.count, 400) * 192 }

    /// Adds the result to `json`, calling `flush` whenever it grows past 64 KiB (which should empty
    /// it).
    func write(into json: inout JSONBytes, flush: (inout JSONBytes) -> Void) throws(RequestError) {
        try check()
        _ = writeUnchecked(into: &json, flush: flush)
    }

    /// Adds the result to `json`, checking each number as it is written: for a caller that writes
    /// nothing out before this returns (a batch's answer). A number that is not finite throws
    /// ``check()``'s error (so the same one, whichever number it met first), after the bytes are
    /// added, which the caller then drops. (Checked first, every line's metrics were computed
    /// twice: 0.7K instructions a row.)
    func writeChecking(into json: inout JSONBytes) throws(RequestError) {
        guard writeUnchecked(into: &json, flush: { _ in }) else {
            try check()
            // (check() finds what the writing found: it asks the same numbers.)
            throw RequestError("the result is out of range: a number is not finite")
        }
    }

    /// Adds the result to `json`; whether every number was finite.
    private func writeUnchecked(into json: inout JSONBytes, flush: (inout JSONBytes) -> Void) -> Bool {
        var finite = true
        func number(_ value: Double) {
            finite = finite && value.isFinite
            json.number(value)
        }
        json.add(#"{"height":"#)
        number(layout.height)
        json.add(#","lineCount":"#)
        number(Double(layout.lines.count))
        json.add(#","lines":["#)
        // (Each line read in place: a line copied out retains what it holds.)
        func add(_ line: borrowing LineLayout, first: Bool) {
            json.add(first ? #"{"baseline":"# : #",{"baseline":"#)
            number(line.baseline)
            let range = line.range
            json.add(#","end":"#)
            number(Double(range.upperBound))
            json.add(#","height":"#)
            number(line.height)
            json.add(#","start":"#)
            number(Double(range.lowerBound))
            json.add(#","text":""#)
            line.forEachTextUTF8 { json.escaped($0) }
            json.add(#"","width":"#)
            number(line.width)
            json.add(#","x":"#)
            number(line.x)
            json.add(#","y":"#)
            number(line.y)
            json.add("}")
        }
        for index in layout.lines.indices {
            add(layout.lines[index], first: index == 0)
            if json.count > 1 << 16 { flush(&json) }
        }
        json.add(layout.truncated ? #"],"truncated":true,"width":"# : #"],"truncated":false,"width":"#)
        number(layout.width)
        json.add("}")
        return finite
    }

    /// Every number finite, before anything is written.
    func check() throws(RequestError) {
        func fail(_ name: String) -> RequestError {
            RequestError("the result is out of range: \(name) is not a finite number")
        }
        guard layout.width.isFinite else { throw fail("width") }
        guard layout.height.isFinite else { throw fail("height") }
        for (index, line) in layout.lines.enumerated()
        where
            !(line.baseline.isFinite && line.height.isFinite && line.width.isFinite && line.x.isFinite
            && line.y.isFinite)
        {
            let name =
                !line.baseline.isFinite
                ? "baseline"
                : !line.height.isFinite
                    ? "height"
                    : !line.width.isFinite ? "width" : !line.x.isFinite ? "x" : "y"
            throw fail("lines[\(index)].\(name)")
        }
    }
}
