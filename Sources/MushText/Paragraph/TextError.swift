import Mush

/// Why a paragraph could not be made.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A value of the style or of a run is outside its range (`MushLimits`). `property` names it
    /// as Swift code would: `style.fontSize`, `runs[2].attributes.kern`.
    case invalidValue(property: String, problem: String)
    /// ICU could not break the text.
    case icu(ICUError)

    public var description: String {
        switch self {
        case .invalidValue(let property, let problem): "\(property) \(problem)"
        case .icu(let error): error.description
        }
    }
}

extension ParagraphStyle {
    /// Checks every value against `MushLimits`, naming the first bad one (`style.lineSpacing`).
    /// ``Paragraph/init(_:style:objects:fonts:)`` calls it.
    public func validate() throws(TextError) {
        func check(_ value: Double, _ range: ClosedRange<Double>, _ name: @autoclosure () -> String) throws(TextError) {
            if let problem = MushLimits.problem(value, in: range) {
                throw .invalidValue(property: "style." + name(), problem: problem)
            }
        }
        try check(fontSize, MushLimits.fontSize, "fontSize")
        try check(lineSpacing, MushLimits.length, "lineSpacing")
        try check(maxHeight, MushLimits.length, "maxHeight")
        if maxLines < 0 {
            throw .invalidValue(property: "style.maxLines", problem: "must be 0 (no limit) or more (it is \(maxLines))")
        }
        for (index, stop) in tabStops.enumerated() { try check(stop, MushLimits.length, "tabStops[\(index)]") }
        // A tab width below a hundredth of a point would put stops past any finite position.
        if let tabWidth { try check(tabWidth, 0.01...MushLimits.length.upperBound, "tabWidth") }
        if let locale, let problem = Self.languageProblem(locale) {
            throw .invalidValue(property: "style.locale", problem: problem)
        }
        // The rarely set fields, all at their defaults in most styles.
        guard let settings = customTypography?.settings else { return }
        for (tag, value) in settings.fontFeatures.sorted(by: { $0.key < $1.key }) {
            if let problem = Self.featureProblem(tag, value) {
                throw .invalidValue(property: "style.fontFeatures.\(tag)", problem: problem)
            }
        }
        for (tag, value) in settings.fontVariations.sorted(by: { $0.key < $1.key }) {
            if let problem = Self.variationProblem(tag, value) {
                throw .invalidValue(property: "style.fontVariations.\(tag)", problem: problem)
            }
        }
        if let decoration = settings.textDecoration { try Self.check(decoration, "style.textDecoration") }
        try check(settings.letterSpacing, MushLimits.kern, "letterSpacing")
        try check(settings.wordSpacing, MushLimits.kern, "wordSpacing")
        switch settings.lineHeight {
        case .multiple(let factor)?: try check(factor, 0...1_000, "lineHeight")
        case .points(let points)?: try check(points, MushLimits.length, "lineHeight")
        case nil: break
        }
        try check(settings.tabSize, 0.01...1_000, "tabSize")
        let limits = settings.hyphenationLimits
        for (value, name) in [(limits.word, "word"), (limits.before, "before"), (limits.after, "after")]
        where !(1...100).contains(value) {
            throw .invalidValue(
                property: "style.hyphenationLimits.\(name)", problem: "must be from 1 to 100 (it is \(value))")
        }
    }
}

extension ParagraphStyle {
    /// What is wrong with an OpenType feature setting, or nil: a tag of four characters from
    /// U+0020 to U+007E (as OpenType's), and a value from 0 to 65,535.
    public static func featureProblem(_ tag: String, _ value: Int) -> String? {
        guard tag.utf8.count == 4, tag.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            return "is not an OpenType feature tag (four characters, such as tnum or ss01)"
        }
        guard (0...65_535).contains(value) else { return "must be from 0 to 65535 (it is \(value))" }
        return nil
    }

    /// What is wrong with a variation setting, or nil: a tag of four characters from U+0020 to
    /// U+007E, and a value from −100,000 to 100,000.
    public static func variationProblem(_ tag: String, _ value: Double) -> String? {
        guard tag.utf8.count == 4, tag.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            return "is not a variation axis tag (four characters, such as wght or wdth)"
        }
        return MushLimits.problem(value, in: -100_000...100_000)
    }

    /// Throws for a decoration's thickness (0 to 1,000 points) or underline offset (−1,000 to
    /// 1,000) out of range.
    static func check(_ decoration: TextDecoration, _ property: String) throws(TextError) {
        if let thickness = decoration.thickness, let problem = MushLimits.problem(thickness, in: 0...1_000) {
            throw .invalidValue(property: property + ".thickness", problem: problem)
        }
        if let problem = MushLimits.problem(decoration.underlineOffset, in: MushLimits.kern) {
            throw .invalidValue(property: property + ".underlineOffset", problem: problem)
        }
    }

    /// What is wrong with a language tag, or nil: a BCP 47 tag's letters, digits and hyphens (or
    /// underscores), 1 to 35 of them, starting with a letter.
    public static func languageProblem(_ tag: String) -> String? {
        let valid =
            (1...35).contains(tag.utf8.count) && tag.first!.isLetter
            && tag.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
        return valid ? nil : "must be a language tag such as en-US or de (it is '\(tag.prefix(40))')"
    }
}

extension MushDocument {
    /// Checks the runs' font sizes and kerning against `MushLimits` (the parser never makes others;
    /// a document built in code may), naming the first bad one.
    public func validateForLayout() throws(TextError) {
        // (Read through a buffer: `for run in` and the array's subscript copied each run, retaining
        // its strings and boxes.)
        try runs.withUnsafeBufferPointer { runs throws(TextError) in
            for index in runs.indices {
                if let size = runs[index].attributes.fontSize,
                    let problem = MushLimits.problem(size, in: MushLimits.fontSize)
                {
                    throw .invalidValue(property: "runs[\(index)].attributes.fontSize", problem: problem)
                }
                if let kern = runs[index].attributes.kern, let problem = MushLimits.problem(kern, in: MushLimits.kern) {
                    throw .invalidValue(property: "runs[\(index)].attributes.kern", problem: problem)
                }
                guard runs[index].attributes.hasRareAttributes else { continue }
                try Self.validateRare(runs[index].attributes, index: index)
            }
        }
    }

    /// The checks of the attributes few runs set (``MushAttributes/hasRareAttributes``).
    private static func validateRare(_ attributes: MushAttributes, index: Int) throws(TextError) {
        if let decoration = attributes.textDecoration {
            try ParagraphStyle.check(decoration, "runs[\(index)].attributes.textDecoration")
        }
        if let weight = attributes.fontWeight, let problem = MushLimits.problem(weight, in: 1...1_000) {
            throw .invalidValue(property: "runs[\(index)].attributes.fontWeight", problem: problem)
        }
        if let variations = attributes.fontVariations {
            for (tag, value) in variations.sorted(by: { $0.key < $1.key }) {
                if let problem = ParagraphStyle.variationProblem(tag, value) {
                    throw .invalidValue(property: "runs[\(index)].attributes.fontVariations.\(tag)", problem: problem)
                }
            }
        }
        for (tag, value) in attributes.fontFeatures?.sorted(by: { $0.key < $1.key }) ?? [] {
            if let problem = ParagraphStyle.featureProblem(tag, value) {
                throw .invalidValue(property: "runs[\(index)].attributes.fontFeatures.\(tag)", problem: problem)
            }
        }
    }
}

/// Something a paragraph did otherwise than asked, while still laying the text out.
public enum TextWarning: Hashable, Sendable, CustomStringConvertible {
    /// The style or a run names a font family the collection does not have; `used` stood in.
    case unknownFontFamily(String, used: String)
    /// No face has these characters (neither the collection's nor, when it uses them, the
    /// installed ones): they are measured and drawn as the font's missing-glyph box. Each character
    /// once, in the order of the text.
    case missingGlyphs([Unicode.Scalar])
    /// ``ParagraphStyle/Hyphens/auto`` without a language (nil), or for a language no installed
    /// dictionary has (``Hyphenation``): words are broken at soft hyphens only.
    case noHyphenationDictionary(language: String?)

    public var description: String {
        switch self {
        case .noHyphenationDictionary(let language?):
            "no hyphenation dictionary for language '\(language)'; words break at soft hyphens only"
        case .noHyphenationDictionary(nil):
            "hyphens: auto needs a language; words break at soft hyphens only"
        case .unknownFontFamily(let family, let used): "no font family '\(family)'; \(used) was used instead"
        case .missingGlyphs(let scalars):
            "no font has \(Self.list(scalars)); \(scalars.count == 1 ? "it is drawn as a missing-glyph box" : "they are drawn as missing-glyph boxes")"
        }
    }

    /// "U+4F60 你, U+597D 好", at most 12 named, then how many more. (Written as UTF-8 bytes: a
    /// batch of text in scripts the fonts lack writes one such list for many of its rows.)
    private static func list(_ scalars: [Unicode.Scalar]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(scalars.count, 12) * 12 + 16)
        let hex: StaticString = "0123456789ABCDEF"
        for (index, scalar) in scalars.prefix(12).enumerated() {
            // (Byte by byte: an array literal appended is an array made and freed.)
            if index > 0 {
                bytes.append(UInt8(ascii: ","))
                bytes.append(UInt8(ascii: " "))
            }
            bytes.append(UInt8(ascii: "U"))
            bytes.append(UInt8(ascii: "+"))
            // At least four hexadecimal digits, upper case.
            var digits = 4
            while scalar.value >> (4 * UInt32(digits)) != 0 { digits += 1 }
            for digit in (0..<digits).reversed() {
                bytes.append(hex.utf8Start[Int(scalar.value >> (4 * UInt32(digit)) & 15)])
            }
            bytes.append(UInt8(ascii: " "))
            for byte in UTF8.encode(scalar)! { bytes.append(byte) }
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if scalars.count > 12 { text += ", and \(scalars.count - 12) more" }
        return text
    }

    /// Whether a missing glyph for `scalar` shows: not for controls, spaces and invisible
    /// characters (which draw nothing anyway).
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return false }
        let properties = scalar.properties
        // (The category asked once: each property is a lookup in the standard library's tables.)
        let category = properties.generalCategory
        return category != .format && category != .control && !properties.isWhitespace
            && !properties.isDefaultIgnorableCodePoint
    }

    /// The warnings of laying `document` out with `style` and `fonts`, each once, in the order the
    /// text first meets them.
    static func of(_ document: MushDocument, style: ParagraphStyle, fonts: FontCollection) -> [TextWarning] {
        var warnings: [TextWarning] = []
        var seen = Set<String>()
        // (Through a buffer: `for run in` copied each run, retaining its strings and boxes.)
        document.runs.withUnsafeBufferPointer { runs in
            for index in runs.indices {
                guard let family = runs[index].attributes.fontFamily ?? style.fontFamily, !fonts.hasFamily(family),
                    seen.insert(family.lowercased()).inserted
                else { continue }
                let used = fonts.face(
                    family: nil, bold: runs[index].attributes.bold, italic: runs[index].attributes.italic,
                    monospace: runs[index].attributes.monospace
                ).face.family
                warnings.append(.unknownFontFamily(family, used: used))
            }
        }
        if style.customTypography?.settings.hyphens == .auto, style.locale.flatMap(Hyphenation.dictionary(for:)) == nil
        {
            warnings.append(.noHyphenationDictionary(language: style.locale))
        }
        return warnings
    }
}
