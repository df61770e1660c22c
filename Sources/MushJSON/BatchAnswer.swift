import MushBase
import MushBox
import MushImage
import MushLine
import MushText

/// The answer to one line of a JSON Lines batch (`mush measure --batch`, `mush line --batch`): the
/// result line to print, the warnings to show beside it, and whether the line failed.
///
/// A batch answers every input line with exactly one output line, blank lines included, so the
/// answer for a line that cannot be read or laid out is `{"error": "line N: …"}`. The functions
/// that make answers never throw: one bad line never costs the others.
///
/// ```swift
/// let answer = BatchAnswer.measure(Array(#"{"text": "Hello", "width": 100}"#.utf8), number: 1, fonts: .standard)
/// print(answer.output, terminator: "")  // {"height":19,"lineCount":1,…}
/// ```
public struct BatchAnswer: Sendable, Hashable {
    /// The result line as UTF-8, ending in a line feed: a result object, or `{"error": …}`. (Bytes,
    /// as a batch writes them: a measured row's result is written as bytes and never checked as a
    /// `String`.)
    public var bytes: [UInt8]
    /// What was done otherwise than asked, each naming the line (`line 3: …`), for standard error.
    public var warnings: [String]
    /// Whether the line gave an error object (the batch's exit status is then 2).
    public var failed: Bool

    /// ``bytes`` as text.
    public var output: String {
        get { String(decoding: bytes, as: UTF8.self) }
        set { bytes = Array(newValue.utf8) }
    }

    /// An answer of `output`, ending in a line feed.
    public init(output: String, warnings: [String] = [], failed: Bool = false) {
        self.init(bytes: Array(output.utf8), warnings: warnings, failed: failed)
    }

    /// An answer of `bytes`, UTF-8 ending in a line feed (as a batch writes them, unchecked).
    public init(bytes: [UInt8], warnings: [String] = [], failed: Bool = false) {
        self.bytes = bytes
        self.warnings = warnings
        self.failed = failed
    }

    /// The answer of a line that failed: `{"error": "line N: …"}`.
    public static func failure(_ error: RequestError, number: Int) -> BatchAnswer {
        BatchAnswer(output: JSONValue.errorLine("line \(number): \(error)"), failed: true)
    }

    /// Whether a batch line holds nothing but spaces and tabs (its answer is an error: a batch
    /// expects an object on every line).
    static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        !line.contains { $0 != 0x20 && $0 != 0x09 }
    }

    /// The answer to line `number` of `mush measure --batch`: a ``MeasureRequest`` object in,
    /// its ``MeasureResult`` out.
    public static func measure(_ line: some Collection<UInt8>, number: Int, fonts: FontCollection) -> BatchAnswer {
        do throws(RequestError) {
            guard !isBlank(line) else { throw RequestError("empty line (expected a JSON object)") }
            let answer = try measured(line, fonts: fonts)
            return BatchAnswer(bytes: answer.bytes, warnings: answer.warnings.map { "line \(number): \($0)" })
        } catch {
            return failure(error, number: number)
        }
    }

    /// One ``MeasureRequest`` object measured: its ``MeasureResult`` as a line of JSON, and its
    /// warnings; bad input is an error (what a batch line and a service's request share).
    public static func measured(_ json: some Collection<UInt8>, fonts: FontCollection) throws(RequestError)
        -> BatchAnswer
    {
        let request = try MeasureRequest(json: json, fonts: fonts)
        let result = try request.measureChecked(request.document, fonts: fonts)
        var json = JSONBytes(capacity: result.byteEstimate)
        try result.writeChecking(into: &json)
        json.add("\n")
        return BatchAnswer(bytes: json.takeBytes(), warnings: result.warnings)
    }

    /// The answer to line `number` of `mush line --batch`: a line object in, its layout out.
    public static func line(_ line: some Collection<UInt8>, number: Int, request: LineRequest) -> BatchAnswer {
        do throws(RequestError) {
            guard !isBlank(line) else { throw RequestError("empty line (expected a JSON object)") }
            let answer = try laidOut(line, request: request)
            return BatchAnswer(bytes: answer.bytes, warnings: answer.warnings.map { "line \(number): \($0)" })
        } catch {
            return failure(error, number: number)
        }
    }

    /// One line object laid out: its layout as a line of JSON, and its warnings; bad input is an
    /// error.
    public static func laidOut(_ json: some Collection<UInt8>, request: LineRequest) throws(RequestError)
        -> BatchAnswer
    {
        let row = try request.line(from: json)
        let layout: MGLineLayout
        do {
            layout = try row.layout(fonts: request.fonts)
        } catch {
            throw RequestError(error.description)
        }
        return BatchAnswer(output: try layout.jsonValue.checkedJSON() + "\n", warnings: layout.warnings)
    }
}

extension BatchAnswer {
    /// The answer to line `number` of `mush layout --batch`: a box tree in, its layout out, laid out
    /// in `width` and `height` (rounded as `rounding` says). A line that fails answers
    /// `{"error": "…", "line": N}`, as `box.md` says, the line number beside the message rather
    /// than in it.
    public static func layout(
        _ line: some Collection<UInt8>, number: Int, fonts: FontCollection, width: AvailableSpace = .maxContent,
        height: AvailableSpace = .maxContent, rounding: BoxRounding = .edges, images: ImageFiles = ImageFiles()
    ) -> BatchAnswer {
        do throws(RequestError) {
            guard !isBlank(line) else { throw RequestError("empty line (expected a JSON object)") }
            let request = try BoxRequest(json: line, fonts: fonts, images: images)
            let json = try request.json(width: width, height: height, rounding: rounding)
            return BatchAnswer(output: json + "\n", warnings: request.unpagedWarnings.map { "line \(number): \($0)" })
        } catch {
            return layoutFailure(error, number: number)
        }
    }

    /// One box tree laid out, as `mush layout` prints it: in `width` and `height`, or, where the
    /// root has a `page`, page by page (`BoxPages.jsonValue(_:)`); its warnings beside. Bad input
    /// is an error.
    public static func boxesLaidOut(
        _ json: some Collection<UInt8>, fonts: FontCollection, width: AvailableSpace = .maxContent,
        height: AvailableSpace = .maxContent, rounding: BoxRounding = .edges, images: ImageFiles = ImageFiles()
    ) throws(RequestError) -> BatchAnswer {
        let request = try BoxRequest(json: json, fonts: fonts, images: images)
        if let page = request.page {
            let (layout, pages, footnotes) = try request.pagedLayout(page, rounding: rounding)
            return BatchAnswer(
                output: try pages.jsonValue(layout, footnotes: footnotes).checkedJSON() + "\n",
                warnings: request.warnings)
        }
        let output = try request.json(width: width, height: height, rounding: rounding)
        return BatchAnswer(output: output + "\n", warnings: request.unpagedWarnings)
    }

    /// The answer of a `mush layout --batch` line that failed: `{"error": "…", "line": N}`.
    public static func layoutFailure(_ error: RequestError, number: Int) -> BatchAnswer {
        let output = JSONValue.object(["error": .string(error.description), "line": .number(Double(number))]).json
        return BatchAnswer(output: output + "\n", failed: true)
    }
}
