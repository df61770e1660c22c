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
    /// The text's language (a BCP 47 tag): line breaking, shaping and hyphenation.
    public var language: String?
    /// Where words may be broken with a hyphen.
    public var hyphens: ParagraphStyle.Hyphens = .manual
    /// OpenType features the text is shaped with (`{"tnum": 1}`).
    public var fontFeatures: [String: Int] = [:]

    /// The keys of a request object.
    public static let keys = [
        "text", "width", "fontFamily", "fontSize", "lineSpacing", "maxLines", "maxHeight", "ellipsize", "align", "mush",
        "language", "hyphens", "fontFeatures",
    ]

    public init(
        text: String, width: Double? = nil, fontFamily: String? = nil, fontSize: Double = 16,
        lineSpacing: Double = 0, maxLines: Int = 0, maxHeight: Double = 0,
        ellipsize: ParagraphStyle.Ellipsize = .end, align: ParagraphStyle.Alignment = .left, mush: Bool = false,
        language: String? = nil, hyphens: ParagraphStyle.Hyphens = .manual
    ) {
        self.language = language
        self.hyphens = hyphens
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
        language = try object.string("language")
        hyphens = try object.choice("hyphens") ?? hyphens
        fontFeatures = try TypographyKeys.features(object) ?? fontFeatures
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
        for (tag, value) in fontFeatures.sorted(by: { $0.key < $1.key }) {
            if let problem = ParagraphStyle.featureProblem(tag, value) {
                return "fontFeatures.\(tag) (--font-features) \(problem)"
            }
        }
        if let language, let problem = ParagraphStyle.languageProblem(language) {
            return "language (--language) \(problem)"
        }
        if let fontFamily, let fonts, !fonts.hasFamily(fontFamily) {
            return "fontFamily (--font-family): " + fonts.missingFamilyMessage(fontFamily)
        }
        return nil
    }

    /// The features of `--font-features`' value, `tnum=1,liga=0` (a tag alone is 1), or what is
    /// wrong with it.
    public static func fontFeatures(option: String) -> Result<[String: Int], RequestError> {
        let (features, problem) = TypographyKeys.features(option: option)
        if let features { return .success(features) }
        return .failure(RequestError(problem ?? "--font-features: not TAG=VALUE items"))
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
        let style = ParagraphStyle(
            fontFamily: fontFamily, fontSize: fontSize, lineSpacing: lineSpacing, alignment: align,
            maxLines: maxLines, maxHeight: maxHeight, ellipsize: ellipsize, locale: language, hyphens: hyphens,
            fontFeatures: fontFeatures)
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
