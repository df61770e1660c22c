/// CommonMark's character classes, which decide whether a delimiter run is flanking.
enum CharacterClass {
    /// Unicode whitespace as CommonMark 0.31 defines it: general category Zs, tab, line feed, form
    /// feed and carriage return. `nil` (the start or the end of the text) counts as whitespace.
    static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return true
        case 0..<0x80: return false
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Unicode punctuation as CommonMark 0.31 defines it: general categories P (punctuation) and S
    /// (symbols). `nil` is not punctuation.
    static func isPunctuation(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        if scalar.value < 0x80 { return isASCIIPunctuation(scalar) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation,
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// The ASCII punctuation characters, which a backslash can escape: `!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~`.
    static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }

    /// A line break, which ends a brace spec.
    static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r"
    }
}

/// Whether a delimiter run can open and close, by CommonMark's flanking rules and Mush's additions.
struct Flanking: Equatable {
    var canOpen: Bool
    var canClose: Bool

    /// - Parameters:
    ///   - token: the run's token, whose row gives its flanking rule.
    ///   - before: the character before the run, nil at the start of the text.
    ///   - after: the character after the run, nil at the end of the text.
    init(token: MushToken, before: Unicode.Scalar?, after: Unicode.Scalar?) {
        guard case .doubled(let rule) = token.pairing else {
            preconditionFailure("only doubled markers are delimiters")
        }
        if rule == .notAfterColon, before == ":" {
            canOpen = false
            canClose = false
            return
        }
        let afterSpace = CharacterClass.isWhitespace(after)
        let beforeSpace = CharacterClass.isWhitespace(before)
        let afterPunct = CharacterClass.isPunctuation(after)
        let beforePunct = CharacterClass.isPunctuation(before)
        let left = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
        let right = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
        switch rule {
        case .notIntraword:
            canOpen = left && (!right || beforePunct)
            canClose = right && (!left || afterPunct)
        case .standard, .notAfterColon:
            canOpen = left
            canClose = right
        }
    }
}
