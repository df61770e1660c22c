import Testing

@testable import MushBase

/// The byte writer of batch results writes the text `JSONText` writes, and `JSONText`'s numbers
/// are `description`'s text (whole numbers as integers, `-0` as `0`).
@Suite("JSON bytes")
struct JSONBytesTests {
    /// What `JSONText` writes for `number`, through its `String` variant.
    func text(_ number: Double) -> String {
        var output = ""
        JSONText.number(number, to: &output)
        return output
    }

    @Test func numbersAreDescriptionsAndWholeNumbersIntegers() {
        #expect(text(0) == "0")
        #expect(text(-0.0) == "0")
        #expect(text(16) == "16")
        #expect(text(-3) == "-3")
        #expect(text(304) == "304")
        #expect(text(0x1p53 - 1) == "9007199254740991")
        #expect(text(0x1p53) == (0x1p53).description)
        #expect(text(1e300) == "1e+300")
        #expect(text(0.1) == "0.1")
        #expect(text(14.8515625) == "14.8515625")
        #expect(text(-0.0009765625) == "-0.0009765625")
        #expect(text(.infinity) == "\"Infinity\"")
        // Every multiple of 1/1024 up to 64 in one step, with each number of trailing zero bits.
        for units in 1..<65_536 where units % 1024 != 0 {
            let number = Double(units) / 1024
            #expect(text(number) == number.description, "\(number)")
            #expect(text(-number) == (-number).description, "\(-number)")
        }
    }

    @Test func bytesAreTheTextOfJSONText() {
        // (A fixed linear congruential sequence: the same numbers on every run.)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        var json = JSONBytes(capacity: 16)
        var expected = ""
        for index in 0..<10_000 {
            let number =
                switch index % 4 {
                case 0: Double(Int64(bitPattern: next()) >> 20) / 1024
                case 1: Double(next() >> 40)
                case 2: Double(bitPattern: next())
                default: Double(next() % 1_000_000) / 1000
                }
            json.number(number)
            json.add(",")
            JSONText.number(number, to: &expected)
            expected += ","
        }
        #expect(json.count == expected.utf8.count)
        #expect(json.takeString() == expected)
        #expect(json.count == 0)
    }

    /// Strings: quotes, backslashes and control characters escaped as `JSONEncoder` escapes them,
    /// everything else (slashes, any other character) as it is.
    @Test func stringsAreEscapedAsJSONEncoderDoes() {
        func reference(_ string: String) -> String {
            var output = "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                case "\u{08}": output += "\\b"
                case "\u{0C}": output += "\\f"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: output.unicodeScalars.append(scalar)
                }
            }
            return output + "\""
        }
        let every = String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init)))
        for string in ["", "plain", "a/b", every, "é “quoted” \\ 😀\u{1F}", String(repeating: "\"", count: 300)] {
            var json = JSONBytes(capacity: 1)
            json.string(string)
            #expect(json.takeString() == reference(string))
            var text = ""
            JSONText.string(string, to: &text)
            #expect(text == reference(string))
            // In pieces cut at every character boundary, quotes added around them: the same.
            let cuts = string.indices.map { string.utf8.distance(from: string.utf8.startIndex, to: $0) }
            for cut in [0] + cuts.prefix(40) {
                var pieces = JSONBytes(capacity: 1)
                pieces.add("\"")
                var utf8 = Array(string.utf8)
                utf8.withUnsafeMutableBufferPointer { bytes in
                    pieces.escaped(UnsafeBufferPointer(rebasing: bytes[..<cut]))
                    pieces.escaped(UnsafeBufferPointer(rebasing: bytes[cut...]))
                }
                pieces.add("\"")
                #expect(pieces.takeString() == reference(string))
            }
        }
    }
}
