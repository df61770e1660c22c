/// The JSON writer every output of the package goes through: `mush parse`'s documents here, and the
/// results of `mush measure`, `mush line` and the rest in the JSON contract's library (`MushJSON`).
///
/// It appends to a `String` the caller owns, so a result is written in one pass with no
/// intermediate values. The rules are those of `JSONEncoder` with `.sortedKeys` and
/// `.withoutEscapingSlashes`, so that output stays byte for byte what it was when that encoder
/// wrote it, with one exception: `-0` is written `0` (see ``number(_:to:)``).
///
/// ```swift
/// var output = "{\"width\":"
/// JSONText.number(34.5, to: &output)
/// output += ",\"text\":"
/// JSONText.string("a \"b\"", to: &output)
/// output += "}"  // {"width":34.5,"text":"a \"b\""}
/// ```
public enum JSONText {
    /// Appends `string` as a JSON string: quotes, backslashes and control characters escaped (`\n`,
    /// `\t` and the like by name, the rest as `\u001f`); slashes and every other character as they
    /// are.
    public static func string(_ string: String, to output: inout String) {
        output += "\""
        guard string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            output += string
            output += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// Appends `number`: whole numbers below 2⁵³ as integers (16, not 16.0; 0 for -0, which means
    /// nothing to a reader), others in Swift's shortest form that reads back the same (34.2890625,
    /// 1e-07, 1e+300).
    ///
    /// JSON has no literal for infinities and NaN. Results are checked before they are written (an
    /// error names such a number); one built by hand that is not finite is written as the string
    /// `"Infinity"`, `"-Infinity"` or `"NaN"`, so that the output is still JSON.
    public static func number(_ number: Double, to output: inout String) {
        guard number.isFinite else {
            output += number.isNaN ? "\"NaN\"" : number > 0 ? "\"Infinity\"" : "\"-Infinity\""
            return
        }
        if number.rounded() == number, abs(number) < 0x1p53 {
            output += String(Int64(number))
        } else if let exact = exactDecimal(number) {
            output += exact
        } else {
            output += number.description
        }
    }

    /// A multiple of 1/1024 (most lengths of a layout: font units scaled, HarfBuzz's positions)
    /// written as its exact decimal, without the general search for the shortest digits, or nil
    /// for other numbers. With at most 15 significant digits the exact decimal is the shortest
    /// that reads back as the same `Double` (two decimals of 15 digits never read as one double),
    /// so this is `description`'s text, only faster.
    static func exactDecimal(_ number: Double) -> String? {
        let scaled = number.magnitude * 1024
        guard scaled.rounded() == scaled, scaled < 0x1p40 else { return nil }
        let units = UInt64(scaled)
        let whole = units >> 10
        // The fraction's ten decimal digits (1/1024 = 0.0009765625), then without trailing zeros.
        var fraction = (units & 1023) * 9_765_625
        var fractionDigits = 10
        guard fraction != 0 else { return nil }
        while fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        let wholeText = String(whole)
        if whole > 0, wholeText.utf8.count + fractionDigits > 15 { return nil }
        let fractionText = String(fraction)
        let zeros = String(repeating: "0", count: fractionDigits - fractionText.utf8.count)
        return (number < 0 ? "-" : "") + wholeText + "." + zeros + fractionText
    }

    /// Appends the keys and values of an object in the order JSON output uses everywhere here:
    /// sorted by the keys' UTF-8 bytes (as `JSONEncoder`'s `.sortedKeys`), each value written by
    /// `write`.
    public static func object<Value>(
        _ members: [(key: String, value: Value)], to output: inout String,
        write: (Value, inout String) -> Void
    ) {
        output += "{"
        for (index, member) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }).enumerated() {
            if index > 0 { output += "," }
            string(member.key, to: &output)
            output += ":"
            write(member.value, &output)
        }
        output += "}"
    }
}
