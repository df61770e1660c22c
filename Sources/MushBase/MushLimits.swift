/// The ranges that sizes, lengths, spacings and kerning must lie in, everywhere: the parser gives a
/// diagnostic for markup outside them (`{font:,20000|x}`, `{k5000|x}`), the engines throw a typed
/// error for values outside them, and the command names the JSON path or option.
///
/// The ranges keep every result finite and exact to well below a point: with them, a paragraph of a
/// million lines at the largest font is about 10¹⁰ points tall, where a `Double` still resolves
/// 10⁻⁶ of a point, so adding a line's height always moves the next line down. (Without them, font
/// sizes near 10¹⁸ made lines land on one another, and sizes near 10³⁰⁸ overflowed to infinity.)
public enum MushLimits {
    /// Font sizes, in points: from a hundredth of a point to 10,000 points.
    public static let fontSize: ClosedRange<Double> = 0.01...10_000

    /// Lengths in points (widths, heights, padding, margins, spacing between lines and items, tab
    /// stops): from 0 to 1,000,000 points, about 350 metres at 72 points an inch.
    public static let length: ClosedRange<Double> = 0...1_000_000

    /// Offsets in points that may be negative (shadow offsets): ±1,000,000.
    public static let offset: ClosedRange<Double> = -1_000_000...1_000_000

    /// Kerning (`{kN|…}`, extra advance after each character), in points: ±1,000.
    public static let kern: ClosedRange<Double> = -1_000...1_000

    /// The deepest nesting of a JSON request (objects and arrays, the outermost object counting
    /// one), and of boxes holding lines in a row.
    public static let jsonDepth = 64

    /// The most bytes one input may hold: a JSON document, a text, standard input, one line of a
    /// batch (16 MiB). Reading stops just past it with an error. Text costs about 60 bytes of
    /// memory a character to lay out, so one input stays near a gigabyte at most; a service that
    /// wants less sets its own, smaller limit on the bodies it accepts.
    public static let inputBytes = 1 << 24

    /// The most nodes a box tree read from JSON may hold: 1,000,000. Laying a box out takes about
    /// 2 KB of memory (the tree, its flattened styles and flex items, the frames, the JSON in and
    /// out), so a tree stays near 2 GB at most; 16 MiB of JSON could otherwise name 5 million empty
    /// boxes. Trees built in Swift have no such limit.
    public static let treeNodes = 1_000_000

    /// How `value` breaks a range, as the end of a sentence that starts with the property's name:
    /// "must be between 0.01 and 10000 (it is 20000)"; nil when it is in the range.
    public static func problem(_ value: Double, in range: ClosedRange<Double>, unit: String = "") -> String? {
        guard !range.contains(value) else { return nil }
        return "must be \(describe(range, unit: unit)) (it is \(format(value)))"
    }

    /// "between 0.01 and 10000 points", "0 or more, at most 1000000".
    public static func describe(_ range: ClosedRange<Double>, unit: String = "") -> String {
        let suffix = unit.isEmpty ? "" : " " + unit
        return "a number from \(format(range.lowerBound)) to \(format(range.upperBound))\(suffix)"
    }

    /// A number as a message shows it: whole numbers without a fraction, others in Swift's shortest
    /// form.
    public static func format(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
