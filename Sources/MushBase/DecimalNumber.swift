/// Numbers as the commands' options and the service's query parameters take them: decimal only.
///
/// Swift's `Double(_:)` also reads hexadecimal (`0x10` is 16, `0x1p4` too), `inf`, `infinity` and
/// `nan` (with a sign, in any case), none of which a user means by a number of points or a scale.
/// ``value(of:)`` reads an optional sign, digits with an optional fraction (`12`, `12.5`, `.5`, `5.`)
/// and an optional decimal exponent (`1e3`, `2.5E-2`), and nothing else: no spaces, no
/// hexadecimal, no `inf` or `nan`, and no number too large for a `Double` (`1e400`).
///
/// ```swift
/// DecimalNumber.value(of: "12.5")   // 12.5
/// DecimalNumber.value(of: "-3e2")   // -300
/// DecimalNumber.value(of: "0x10")   // nil
/// DecimalNumber.value(of: "nan")    // nil
/// ```
public enum DecimalNumber {
    /// What an option's error says it takes: "a decimal number".
    public static let expected = "a decimal number"

    /// The number `text` writes in decimal; nil for anything else (see ``DecimalNumber``), and for
    /// a number whose magnitude is too large to be finite.
    public static func value(of text: some StringProtocol) -> Double? {
        guard isDecimal(text.utf8), let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// Whether `bytes` are `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`.
    static func isDecimal(_ bytes: some Collection<UInt8>) -> Bool {
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        var rest = bytes[...]
        if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let whole = rest.prefix(while: isDigit).count
        rest = rest.dropFirst(whole)
        var fraction = 0
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: isDigit).count
            rest = rest.dropFirst(fraction)
        }
        guard whole + fraction > 0 else { return false }
        if let e = rest.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: isDigit).count
            guard exponent > 0 else { return false }
            rest = rest.dropFirst(exponent)
        }
        return rest.isEmpty
    }
}
