import MushJSON
import MushText
import Testing

/// The answers of batch lines, as a server would use them: one result line for every input line,
/// never a thrown error.
@Suite("Batch answers")
struct BatchAnswerTests {
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
