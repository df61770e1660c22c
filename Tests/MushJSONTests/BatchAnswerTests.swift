import MushBase
import MushText
import Testing

@testable import MushJSON

/// The answers of batch lines, as a server would use them: one result line for every input line,
/// never a thrown error.
@Suite("Batch answers")
struct BatchAnswerTests {
    /// A result with a number that is not finite is an error naming the first one as `check()`
    /// orders them, whether it is checked before writing (the `String` writer) or as it is written
    /// (a batch's answer), and the batch's bytes are never a result with "NaN" in it.
    @Test func resultsWithNumbersNotFiniteAreErrors() throws {
        let request = try MeasureRequest(json: Array(#"{"text": "one two three", "width": 40}"#.utf8), fonts: .standard)
        let good = try request.measure(fonts: .standard)
        #expect(good.layout.lines.count >= 2)
        for (change, name) in [
            ({ (layout: inout ParagraphLayout) in layout.lines[1].x = .nan }, "lines[1].x"),
            ({ (layout: inout ParagraphLayout) in layout.lines[0].width = .infinity }, "lines[0].width"),
            (
                { (layout: inout ParagraphLayout) in
                    layout.lines[1].y = .nan
                    layout.width = .nan
                }, "width"
            ),
        ] {
            var layout = good.layout
            change(&layout)
            let result = MeasureResult(layout: layout, warnings: [])
            let error = RequestError("the result is out of range: \(name) is not a finite number")
            #expect(throws: error) { try result.json() }
            var json = JSONBytes()
            #expect(throws: error) { try result.writeChecking(into: &json) }
        }
        var json = JSONBytes()
        try good.writeChecking(into: &json)
        #expect(json.takeString() == (try good.json()))
    }

    @Test func measureAnswersWithTheResultLineAndItsWarnings() {
        let answer = BatchAnswer.measure(
            Array(#"{"text": "Hi **there**", "mush": true, "width": 40}"#.utf8), number: 7, fonts: .standard)
        #expect(!answer.failed)
        #expect(answer.output.hasPrefix(#"{"height":55.875,"lineCount":3,"lines":[{"baseline":14.8515625,"end":3,"#))
        #expect(answer.output.hasSuffix(#""truncated":false,"width":37.78125}"# + "\n"))
        #expect(answer.warnings == [])
        let warned = BatchAnswer.measure(Array(#"{"text": "**x", "mush": true}"#.utf8), number: 2, fonts: .standard)
        #expect(warned.warnings == ["line 2: unmatched '**' (kept as text)"])
    }

    /// Each line's text is written from the paragraph's UTF-8, part by part, escaped as JSON: it
    /// reads back as the line's `text`, with quotes, backslashes, control characters, hard breaks
    /// and every kind of ellipsis.
    @Test func eachLinesTextReadsBackAsTheLinesText() throws {
        let texts = [
            #"say \"hi\" to C:\\path"#, #"tab\there, bell\u0007, nul\u0000"#, #"one\ntwo\r\nthree"#,
            #"naïve 😀 “quoted” text that runs on and on past its width"#,
        ]
        var ellipsized = 0
        for text in texts {
            for extra in [
                "", #", "maxLines": 1"#, #", "maxLines": 1, "ellipsize": "start""#,
                #", "maxLines": 2, "ellipsize": "middle""#,
            ] {
                let json = Array(#"{"text": "\#(text)", "width": 90\#(extra)}"#.utf8)
                let request = try MeasureRequest(json: json, fonts: .standard)
                let result = try request.measure(fonts: .standard)
                guard case .object(let object) = try JSONValue.parse(Array(try result.json().utf8)),
                    case .array(let lines)? = object["lines"]
                else {
                    Issue.record("not a result: \(text)")
                    continue
                }
                let written = lines.map { line -> String? in
                    guard case .object(let members) = line, case .string(let text)? = members["text"] else {
                        return nil
                    }
                    return text
                }
                #expect(written == result.layout.lines.map(\.text), "\(text)\(extra)")
                if written.contains(where: { $0?.contains("…") == true }) { ellipsized += 1 }
            }
        }
        #expect(ellipsized >= 6)
    }

    @Test func badAndBlankLinesAnswerWithAnErrorObject() {
        let blank = BatchAnswer.measure(Array(" \t".utf8), number: 3, fonts: .standard)
        #expect(
            blank
                == BatchAnswer(output: #"{"error":"line 3: empty line (expected a JSON object)"}"# + "\n", failed: true)
        )
        let bad = BatchAnswer.measure(Array(#"{"text": "a", "width": -1}"#.utf8), number: 4, fonts: .standard)
        #expect(bad.failed)
        #expect(bad.output.hasPrefix(#"{"error":"line 4: width (--width) must be"#))
        let line = BatchAnswer.line(
            Array(#"{"width": 10, "left": [5]}"#.utf8), number: 5, request: LineRequest(fonts: .standard))
        #expect(line.failed)
        #expect(line.output.hasPrefix(#"{"error":"line 5: left[0]: "#))
    }

    @Test func lineAnswersWithTheLayout() {
        let answer = BatchAnswer.line(
            Array(#"{"width": 100, "left": ["a"], "right": [{"image": {"width": 20, "height": 20}}]}"#.utf8), number: 1,
            request: LineRequest(fonts: .standard))
        #expect(
            answer.output
                == #"{"height":20,"items":[{"frame":{"height":19,"width":10,"x":0,"y":1},"index":0,"kind":"text","#
                + #""lines":["a"],"side":"left","truncated":false,"visible":true},{"frame":{"height":20,"width":20,"#
                + #""x":80,"y":0},"index":0,"kind":"image","side":"right","visible":true}],"width":100}"# + "\n")
    }
}

/// The batch's direct reader of measure requests reads what the general reader reads, and leaves
/// everything else to it.
@Suite struct DirectReaderTests {
    static let lines = [
        #"{"text": "a"}"#,
        #" { "width" : 304 , "text" : "b\n\"c\" \u00e9\ud83d\ude00", "mush": true } "#,
        #"{"text": "c", "width": null, "fontFamily": "DejaVu Sans Mono", "fontSize": 12.5, "lineSpacing": 2,"#
            + #" "maxLines": 3, "maxHeight": 100, "ellipsize": "middle", "align": "end", "mush": false}"#,
        #"{"mush": false, "text": ""}"#,
        #"{"text": "d", "width": -1e2}"#,
    ]

    @Test(arguments: lines)
    func readsAsTheGeneralReader(line: String) throws {
        let bytes = Array(line.utf8)
        let direct = try #require(bytes.withUnsafeBufferPointer(MeasureRequest.readDirectly))
        #expect(direct == (try MeasureRequest(general: bytes)))
    }

    /// A key written with an escape is left to the general reader (the direct one compares keys'
    /// bytes as written), which reads it as the key it spells.
    @Test func anEscapedKeyIsReadByTheGeneralReader() throws {
        let line = Array(#"{"t\u0065xt": "a", "wid\u0074h": 50}"#.utf8)
        #expect(line.withUnsafeBufferPointer(MeasureRequest.readDirectly) == nil)
        #expect(try MeasureRequest(json: line, fonts: .standard) == MeasureRequest(text: "a", width: 50))
    }

    /// Anything but the common case goes to the general reader, which names the problem.
    @Test(arguments: [
        #"{"text": "a", "text": "b"}"#, #"{"text": "a", "extra": 1}"#, #"{"width": 3}"#, #"{"text": 1}"#,
        #"{"text": "a", "maxLines": 1.5}"#, #"{"text": "a", "align": "middle"}"#, #"{"text": "a"} x"#,
        #"{"text": "a",}"#, #"["text"]"#, #"{"text": "a", "mush": null}"#, #"{"text": "a", "width": 1e999}"#,
    ])
    func leavesTheRestToTheGeneralReader(line: String) {
        #expect(Array(line.utf8).withUnsafeBufferPointer(MeasureRequest.readDirectly) == nil)
        #expect(throws: RequestError.self) { try MeasureRequest(json: Array(line.utf8), fonts: .standard) }
    }
}
