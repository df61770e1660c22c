/// The JSON writer every output of the package goes through: `mush parse`'s documents here, and the
/// results of `mush measure`, `mush line` and the rest in the JSON contract's library (`MushJSON`).
///
/// It appends to a `String` the caller owns, so a result is written in one pass with no
/// intermediate values. The rules are those of `JSONEncoder` with `.sortedKeys` and
/// `.withoutEscapingSlashes`, so that output stays byte for byte what it was when that encoder
/// wrote it, with one exception: `-0` is written `0` (see `number(_:to:)`).
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
        guard needsEscapes(string) else {
            output += "\""
            output += string
            output += "\""
            return
        }
        var json = JSONBytes(capacity: string.utf8.count * 6 + 2)
        json.string(string)
        output += json.takeString()
    }

    private static func needsEscapes(_ string: String) -> Bool {
        string.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    /// Writes `utf8` as a JSON string at `output`, which has room for `6 * utf8.count + 2` bytes;
    /// returns how many it wrote.
    public static func escape(_ utf8: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        output[0] = UInt8(ascii: "\"")
        let count = 1 + escapeContents(utf8, into: output + 1)
        output[count] = UInt8(ascii: "\"")
        return count + 1
    }

    /// Writes `utf8` as the inside of a JSON string (escaped, without the quotes) at `output`,
    /// which has room for `6 * utf8.count` bytes; returns how many it wrote.
    public static func escapeContents(_ utf8: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>)
        -> Int
    {
        var count = 0
        @inline(__always) func put(_ byte: UInt8) {
            output[count] = byte
            count += 1
        }
        for byte in utf8 {
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                put(byte)
                continue
            }
            put(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(byte)
            case 0x0A: put(UInt8(ascii: "n"))
            case 0x0D: put(UInt8(ascii: "r"))
            case 0x09: put(UInt8(ascii: "t"))
            case 0x08: put(UInt8(ascii: "b"))
            case 0x0C: put(UInt8(ascii: "f"))
            default:
                let hex: StaticString = "0123456789abcdef"
                put(UInt8(ascii: "u"))
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "0"))
                put(hex.utf8Start[Int(byte >> 4)])
                put(hex.utf8Start[Int(byte & 15)])
            }
        }
        return count
    }

    /// Appends `number`: whole numbers below 2⁵³ as integers (16, not 16.0; 0 for -0, which means
    /// nothing to a reader), others in Swift's shortest form that reads back the same (34.2890625,
    /// 1e-07, 1e+300).
    ///
    /// JSON has no literal for infinities and NaN. Results are checked before they are written (an
    /// error names such a number); one built by hand that is not finite is written as the string
    /// `"Infinity"`, `"-Infinity"` or `"NaN"`, so that the output is still JSON.
    public static func number(_ number: Double, to output: inout String) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            let count = format(number, into: buffer)
            output += String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// Writes `number`'s JSON text into `buffer` (32 bytes) without allocating; returns its length.
    ///
    /// A multiple of 1/1024 (most lengths of a layout: font units scaled, HarfBuzz's positions) is
    /// written as its exact decimal, without the general search for the shortest digits, when it
    /// has at most 15 significant digits: the exact decimal is then the shortest that reads back as
    /// the same `Double` (two decimals of 15 digits never read as one double), so this is
    /// `description`'s text, only faster. Other numbers are `description`.
    public static func format(_ number: Double, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        func put(_ text: some Collection<UInt8>) {
            for byte in text {
                buffer[count] = byte
                count += 1
            }
        }
        guard number.isFinite else {
            put((number.isNaN ? "\"NaN\"" : number > 0 ? "\"Infinity\"" : "\"-Infinity\"").utf8)
            return count
        }
        // (Whole or not, told by converting to an integer and back: `rounded()` calls the C
        // library.)
        let magnitude = number.magnitude
        if magnitude < 0x1p53, Double(UInt64(magnitude)) == magnitude {
            if number < 0 { put(CollectionOfOne(UInt8(ascii: "-"))) }
            count = digits(UInt64(magnitude), minimumCount: 1, into: buffer, at: count)
            return count
        }
        let scaled = magnitude * 1024
        if scaled < 0x1p40, Double(UInt64(scaled)) == scaled {
            let units = UInt64(scaled)
            let whole = units >> 10
            // The fraction f/1024 with f = odd × 2^t has exactly 10 − t decimals: odd × 5^(10 − t)
            // (1/1024 = 0.0009765625). Neither a loop nor a division finds them.
            let sixteenths = units & 1023
            let zeros = sixteenths.trailingZeroBitCount
            let fractionDigits = 10 - zeros
            let fraction = (sixteenths >> zeros) * powerOfFive(fractionDigits)
            if whole == 0 || digitCount(whole) + fractionDigits <= 15 {
                if number < 0 { put(CollectionOfOne(UInt8(ascii: "-"))) }
                count = digits(whole, minimumCount: 1, into: buffer, at: count)
                put(CollectionOfOne(UInt8(ascii: ".")))
                return digits(fraction, minimumCount: fractionDigits, into: buffer, at: count)
            }
        }
        put(number.description.utf8)
        return count
    }

    /// 5⁰ to 5¹⁰.
    @inline(__always)
    private static func powerOfFive(_ exponent: Int) -> UInt64 {
        var power: UInt64 = 1
        for _ in 0..<exponent { power &*= 5 }
        return power
    }

    private static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 100 {
            rest /= 100
            count += 2
        }
        return rest >= 10 ? count + 1 : count
    }

    /// Writes `value`'s decimal digits at `start`, zero-padded to `minimumCount`; returns the end.
    /// (Two digits a division.)
    private static func digits(
        _ value: UInt64, minimumCount: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        let end = start + max(minimumCount, digitCount(value))
        var rest = value
        var index = end
        while index - start >= 2 {
            // (Divisions by constants, which the compiler makes multiplications: no table to load,
            // and no check of a static table's one-time initialization at each number.)
            let pair = UInt8(truncatingIfNeeded: rest % 100)
            rest /= 100
            index -= 2
            buffer[index] = UInt8(ascii: "0") + pair / 10
            buffer[index + 1] = UInt8(ascii: "0") + pair % 10
        }
        if index > start { buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10) }
        return end
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
