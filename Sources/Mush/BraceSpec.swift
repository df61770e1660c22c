/// The `SPEC` of a brace span `{SPEC|text}`: which attributes the span sets.
struct BraceSpec: Equatable {
    var color: MushColor?
    var backgroundColor: MushColor?
    var kern: Double?
    var fontFamily: String?
    var fontSize: Double?

    /// Writes the values this spec sets over `attributes`; the others stay as they are (an inner span
    /// overrides an outer one only for the attributes it names).
    func apply(to attributes: inout MushAttributes) {
        if let color { attributes.color = color }
        if let backgroundColor { attributes.backgroundColor = backgroundColor }
        if let kern { attributes.kern = kern }
        if let fontFamily { attributes.fontFamily = fontFamily }
        if let fontSize { attributes.fontSize = fontSize }
    }

    /// The outcome of reading a spec.
    enum Reading: Equatable {
        /// A recognised prefix with a valid value.
        case valid(BraceSpec)
        /// A recognised prefix with an invalid value: the markup is consumed and sets nothing.
        case invalid(MushDiagnostic.Kind, String)
        /// No recognised prefix: the `{` is literal.
        case unknown
    }

    /// Whether a brace spec may not hold this character: `{`, `}`, `|` (which ends it) or a line
    /// break.
    static func isExcluded(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "|" || scalar == "{" || scalar == "}" || CharacterClass.isNewline(scalar)
    }

    /// The index of the `|` that ends a spec starting after the `{` at `brace`, or nil when a `{`,
    /// `}` or line break comes first, the text ends, or the spec is empty. Stops at the next brace,
    /// so scans from successive `{` never overlap: linear in total.
    static func bar<Scalars: RandomAccessCollection<Unicode.Scalar>>(
        in scalars: Scalars, after brace: Scalars.Index
    ) -> Scalars.Index? {
        var index = scalars.index(after: brace)
        while index < scalars.endIndex, !isExcluded(scalars[index]) { index = scalars.index(after: index) }
        guard index < scalars.endIndex, scalars[index] == "|", index > scalars.index(after: brace) else { return nil }
        return index
    }

    /// Reads the characters between `{` and `|`.
    static func read(_ spec: ArraySlice<Unicode.Scalar>) -> Reading {
        if let value = spec.dropPrefix("bg#") {
            guard let color = MushColor(hexDigits: value) else {
                return .invalid(
                    .invalidColor,
                    "invalid background colour '#\(quoted(value))' (expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA)")
            }
            return .valid(BraceSpec(backgroundColor: color))
        }
        if let value = spec.dropPrefix("#") {
            guard let color = MushColor(hexDigits: value) else {
                return .invalid(
                    .invalidColor, "invalid colour '#\(quoted(value))' (expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA)")
            }
            return .valid(BraceSpec(color: color))
        }
        if let value = spec.dropPrefix("font:") {
            // FAMILY,SIZE split at the last comma; either part may be empty; no comma: family only.
            let comma = value.lastIndex(of: ",")
            let family = comma.map { value[..<$0] } ?? value
            let size = comma.map { value[value.index(after: $0)...] } ?? []
            var result = BraceSpec()
            if !family.isEmpty { result.fontFamily = String(String.UnicodeScalarView(family)) }
            if !size.isEmpty {
                switch number(
                    size, signed: false, in: MushLimits.fontSize, name: "font size",
                    form: "a decimal number greater than zero, such as 12 or 10.5, without an exponent or a sign")
                {
                case .success(let points): result.fontSize = points
                case .failure(let problem): return .invalid(.invalidFont, problem.message)
                }
            }
            return .valid(result)
        }
        if let value = spec.dropPrefix("k") {
            switch number(
                value, signed: true, in: MushLimits.kern, name: "kerning",
                form: "a decimal number such as 2, -0.5 or 1.25, without an exponent")
            {
            case .success(let kern): return .valid(BraceSpec(kern: kern))
            case .failure(let problem): return .invalid(.invalidKern, problem.message)
            }
        }
        return .unknown
    }

    /// A spec's number: a ``decimal(_:signed:)`` in `range`, or the message saying what is wrong,
    /// `invalid kerning 'x' (expected FORM)` or `kerning '5000' out of range (expected …)`.
    static func number(
        _ scalars: some Collection<Unicode.Scalar>, signed: Bool, in range: ClosedRange<Double>, name: String,
        form: String
    ) -> Result<Double, SpecProblem> {
        guard let value = decimal(scalars, signed: signed), signed || value > 0 else {
            return .failure(SpecProblem(message: "invalid \(name) '\(quoted(scalars))' (expected \(form))"))
        }
        guard range.contains(value) else {
            return .failure(
                SpecProblem(
                    message:
                        "\(name) '\(quoted(scalars))' out of range (expected \(MushLimits.describe(range, unit: "points")))"
                ))
        }
        return .success(value)
    }

    /// Why a spec's value was refused, as its diagnostic says it.
    struct SpecProblem: Error {
        var message: String
    }

    /// A plain decimal number: an optional sign (when `signed`), digits, an optional fraction
    /// (`2`, `-0.5`, `1.25`, `.5`, `3.`). No exponent, no spaces. Nil when the form is wrong or the
    /// value is not finite.
    static func decimal(_ scalars: some Collection<Unicode.Scalar>, signed: Bool) -> Double? {
        var digits = 0
        var seenPoint = false
        for (offset, scalar) in scalars.enumerated() {
            switch scalar {
            case "0"..."9": digits += 1
            case "." where !seenPoint: seenPoint = true
            case "-" where signed && offset == 0, "+" where signed && offset == 0: continue
            default: return nil
            }
        }
        guard digits > 0, let value = Double(String(String.UnicodeScalarView(scalars))), value.isFinite else {
            return nil
        }
        return value
    }

    /// A spec value for a message: at most 40 characters, so a huge input gives a short message.
    static func quoted(_ scalars: some Collection<Unicode.Scalar>) -> String {
        let limit = 40
        let shown = String(String.UnicodeScalarView(scalars.prefix(limit)))
        return scalars.count > limit ? shown + "…" : shown
    }
}

extension ArraySlice<Unicode.Scalar> {
    /// The rest of the slice after `prefix`, or nil when the slice does not start with it.
    func dropPrefix(_ prefix: String) -> ArraySlice<Unicode.Scalar>? {
        var index = startIndex
        for scalar in prefix.unicodeScalars {
            guard index < endIndex, self[index] == scalar else { return nil }
            index += 1
        }
        return self[index...]
    }
}

/// Code spans' one rule beyond CommonMark's fences.
enum CodeSpan {
    /// One space is stripped from each end of a code span's content when both ends are spaces and
    /// what is left still starts or ends with a space or a backtick. That is how content starting or
    /// ending with a backtick is written (`` `` `a` `` ``), while `` ` a ` `` keeps its spaces as in
    /// MGBoxKit. The writer pads exactly the content that this rule would strip.
    static func stripsPadding(_ content: some BidirectionalCollection<Unicode.Scalar>) -> Bool {
        guard content.count >= 3, content.first == " ", content.last == " " else { return false }
        let first = content[content.index(after: content.startIndex)]
        let last = content[content.index(content.endIndex, offsetBy: -2)]
        return first == " " || first == "`" || last == " " || last == "`"
    }
}
