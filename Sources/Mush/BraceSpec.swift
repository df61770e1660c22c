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

    /// Reads the characters between `{` and `|`.
    static func read(_ spec: ArraySlice<Unicode.Scalar>) -> Reading {
        if let value = spec.dropPrefix("bg#") {
            guard let color = MushColor(hexDigits: value) else {
                return .invalid(.invalidColor, "invalid background colour '#\(quoted(value))' (expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA)")
            }
            return .valid(BraceSpec(backgroundColor: color))
        }
        if let value = spec.dropPrefix("#") {
            guard let color = MushColor(hexDigits: value) else {
                return .invalid(.invalidColor, "invalid colour '#\(quoted(value))' (expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA)")
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
                guard let points = decimal(size, signed: false), points > 0 else {
                    return .invalid(.invalidFont, "invalid font size '\(quoted(size))' (expected a number greater than zero)")
                }
                result.fontSize = points
            }
            return .valid(result)
        }
        if let value = spec.dropPrefix("k") {
            guard let kern = decimal(value, signed: true) else {
                return .invalid(.invalidKern, "invalid kerning '\(quoted(value))' (expected a decimal number such as 2, -0.5 or 1.25)")
            }
            return .valid(BraceSpec(kern: kern))
        }
        return .unknown
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
