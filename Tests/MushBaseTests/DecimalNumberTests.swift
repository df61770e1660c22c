import MushBase
import Testing

/// The numbers options and query parameters take: decimal only, where `Double(_:)` also reads
/// hexadecimal, `inf` and `nan`.
@Suite struct DecimalNumberTests {
    @Test(
        arguments: [
            ("12", 12.0), ("12.5", 12.5), (".5", 0.5), ("5.", 5), ("-3", -3), ("+3", 3), ("1e3", 1_000),
            ("2.5E-2", 0.025), ("-0", 0), ("007", 7), ("1e-300", 1e-300), ("1000000", 1_000_000),
        ])
    func readsDecimalNumbers(text: String, value: Double) {
        #expect(DecimalNumber.value(of: text) == value)
        #expect(DecimalNumber.value(of: text[...]) == value)
    }

    @Test(
        arguments: [
            "0x10", "0X10", "0x1p4", "-0x10", "inf", "-inf", "+Infinity", "infinity", "nan", "NaN", "-nan",
            "snan", "", "-", "+", ".", "e3", "1e", "1e+", "1.2.3", " 1", "1 ", "1,5", "1_000", "١", "1e400",
            "-1e400", "1\n",
        ])
    func refusesEverythingElse(text: String) {
        #expect(DecimalNumber.value(of: text) == nil, "\(text.debugDescription)")
    }
}
