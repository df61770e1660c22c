import Mush
import MushJSON
import Testing

/// The JSON reader: what it accepts, what it refuses and how it says so, and that its cost stays
/// linear however deep or long the input.
@Suite("JSON reader")
struct JSONReaderTests {
    func parse(_ text: String) throws(RequestError) -> JSONValue {
        try JSONValue.parse(Array(text.utf8))
    }

    func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func values() throws {
        #expect(
            try parse(#" {"a": [1, -2.5e3, true, false, null, "x\n\u00e9\ud83d\ude00"]} "#)
                == .object([
                    "a": .array([.number(1), .number(-2500), .bool(true), .bool(false), .null, .string("x\né😀")])
                ]))
        #expect(try parse("0") == .number(0))
        #expect(try parse(#""\"\\\/\b\f\r\t""#) == .string("\"\\/\u{08}\u{0C}\r\t"))
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{}") == .object([:]))
        #expect(try parse("1E+2") == .number(100))
    }

    @Test(
        "Syntax errors say what and where",
        arguments: [
            ("", "not JSON: the text ends where a value should start at column 1"),
            ("{\"a\": 1,}", "not JSON: expected a key in quotes, found '}' at column 9"),
            ("[1 2]", "not JSON: expected ',' or ']' in an array, found '2' at column 4"),
            ("{\n  \"a\" 1}", "not JSON: expected ':' after a key, found '1' at line 2, column 7"),
            ("012", "not JSON: a number may not start with 0 (write 12, not 012) at column 1"),
            ("1.", "not JSON: expected a digit after '.', found the end of the text at column 3"),
            ("-", "not JSON: expected a digit, found the end of the text at column 2"),
            ("tru", "not JSON: expected a value, found 't' at column 1"),
            ("{} x", "not JSON: unexpected 'x' after the value at column 4"),
            ("\"a\tb\"", "not JSON: a control character (U+0009) in a string must be escaped at column 3"),
            ("\"\\x\"", "not JSON: unknown escape '\\x' in a string at column 2"),
            ("\"\\ud800\"", "not JSON: a high surrogate \\ud800 not followed by a low one at column 8"),
            ("\"\\udc00\"", "not JSON: a low surrogate \\udc00 without a high one before it at column 8"),
            ("\"abc", "not JSON: the text ends inside a string at column 5"),
            ("{\"a\": 1, \"a\": 2}", "not JSON: the key 'a' appears twice in the object at column 10"),
            ("{\"b\": {\"a\": 1, \"a\": 2}}", "not JSON: the key 'a' appears twice in b at column 16"),
            ("\u{FEFF}{}", "not JSON: expected a value, found the byte EF at column 1"),
        ])
    func syntaxErrors(input: String, message: String) {
        #expect(error(input) == message)
    }

    @Test func numbersTooLargeAreNamedByTheirPath() throws {
        #expect(
            error(#"{"a": [0, {"b": 1e999}]}"#) == "a[1].b: 1e999 is too large for a number (at most about 1.8e308)")
        #expect(error("-1e400") == "-1e400 is too large for a number (at most about 1.8e308)")
        // Tiny numbers round to 0, as in every JSON reader: they are not lost information at any
        // precision the engines use.
        #expect(try parse("1e-400") == .number(0))
    }

    @Test func invalidUTF8IsRefusedWithItsPlace() {
        let bytes: [UInt8] = Array(#"{"text": "ab"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: RequestError("text: invalid UTF-8 in a string (the byte C3 at column 13)")) {
            try JSONValue.parse(bytes)
        }
        // After an escape too.
        let escaped: [UInt8] = Array(#"["\n"#.utf8) + [0xFF] + Array(#""]"#.utf8)
        #expect(throws: RequestError("[0]: invalid UTF-8 in a string (the byte FF at column 5)")) {
            try JSONValue.parse(escaped)
        }
    }

    /// A string is read when its bytes are UTF-8 and refused when they are not, exactly as the
    /// standard library's validation decides: on sequences at the edges of UTF-8 (cut short,
    /// surrogates, overlong, past U+10FFFF, U+FFFD itself) and on 20,000 seeded random byte
    /// strings made mostly of bytes above 0x7F.
    @Test func stringsAreReadExactlyWhenTheyAreUTF8() {
        var cases: [[UInt8]] = [
            [], [0x61], [0xEF, 0xBF, 0xBD], [0xF0, 0x9F, 0x98], [0xF0, 0x9F, 0x98, 0x61], [0xF0, 0x9F, 0x98, 0x80],
            [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xC3],
            [0xE2, 0x82], [0xE2, 0x82, 0xAC], [0xFE], [0xFF, 0xFE],
        ]
        // (A fixed linear congruential sequence: the same strings on every run.)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for _ in 0..<20_000 {
            let length = Int(next() % 9)
            cases.append(
                (0..<length).map { _ in
                    let byte = next()
                    // (No quote, backslash or control character: those are the reader's own rules.)
                    return byte < 0x80 ? 0x61 + byte % 26 : byte
                })
        }
        var wrong: [[UInt8]] = []
        for bytes in cases {
            let read = try? JSONValue.parse([0x22] + bytes + [0x22])
            let expected = String(validating: bytes, as: UTF8.self).map(JSONValue.string)
            if read != expected { wrong.append(bytes) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(3))")
    }

    /// Numbers read by the reader's own fast path (no exponent, at most 15 digits) are the
    /// `Double`s `Double(String)` reads, sign of zero included, on edge tokens and on 20,000
    /// seeded random ones of every length around the path's limit.
    @Test func numbersAreTheDoublesTheStandardLibraryReads() throws {
        var tokens = [
            "0", "-0", "0.0", "-0.0", "1", "304", "16", "0.1", "0.3", "14.8515625", "123456789012345",
            "1234567890123456", "0.000000000000001", "0.1234567890123456", "999999999999999.9", "9007199254740993",
            "1e2", "-2.5e-3", "12.50",
            // Found by the request fuzzer: digits past what a 64-bit integer holds.
            "12345678901234567890123", "-0.000000000000000000001234567890123456789",
            String(repeating: "9", count: 300), "0." + String(repeating: "3", count: 400),
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for _ in 0..<20_000 {
            let length = Int(next() % 18) + 1
            var digits = (0..<length).map { _ in Character(String(next() % 10)) }
            if digits.count > 1 && digits[0] == "0" { digits[0] = "7" }
            var token = String(digits)
            let point = Int(next() % UInt64(length + 2))
            if point > 0 && point < length {
                token.insert(".", at: token.index(token.startIndex, offsetBy: point))
                if point > 1 && token.first == "0" { token.removeFirst() }
            }
            if next() % 2 == 0 { token = "-" + token }
            tokens.append(token)
        }
        var wrong: [String] = []
        for token in tokens {
            guard case .number(let read) = try parse(token), let expected = Double(token),
                read.bitPattern == expected.bitPattern
            else {
                wrong.append(token)
                continue
            }
        }
        #expect(wrong.count == 0, "differ: \(wrong.prefix(5))")
    }

    @Test func nestingIsLimited() throws {
        let depth = MushLimits.jsonDepth
        let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(error(deepest) == nil)
        let deeper = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        #expect(
            error(deeper)
                == "too deep: objects and arrays may nest at most 64 levels, and one more starts at column 65")
        // Far deeper input fails as fast, without growing the stack.
        let huge = String(repeating: "{\"a\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        #expect(
            error(huge)
                == "too deep: objects and arrays may nest at most 64 levels, and one more starts at column 321")
    }

    @Test func writingRoundTrips() throws {
        let value = JSONValue.object([
            "b": .array([.number(1.5), .number(-0.0), .number(1e-7), .string("q\"\\\u{1}é/")]), "a": .bool(true),
            "é": .null,
        ])
        #expect(value.json == #"{"a":true,"b":[1.5,0,1e-07,"q\"\\\u0001é/"],"é":null}"#)
        #expect(
            try JSONValue.parse(Array(value.json.utf8))
                == .object([
                    "b": .array([.number(1.5), .number(0), .number(1e-7), .string("q\"\\\u{1}é/")]), "a": .bool(true),
                    "é": .null,
                ]))
    }

    @Test func nonFiniteResultsAreErrorsNotNull() {
        let value = JSONValue.object(["items": .array([.object(["frame": .object(["x": .number(.infinity)])])])])
        #expect(value.firstNonFinitePath == ".items[0].frame.x")
        #expect(throws: RequestError("the result is out of range: items[0].frame.x is not a finite number")) {
            try value.checkedJSON()
        }
        // Unchecked, such a number is written as a string (never invalid JSON, never null).
        #expect(JSONValue.array([.number(.nan), .number(-.infinity)]).json == #"["NaN","-Infinity"]"#)
    }
}
