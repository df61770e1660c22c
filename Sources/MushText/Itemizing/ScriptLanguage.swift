import CICU

/// The language a script's text is most likely in, to ask fontconfig for a fallback font that
/// suits it (a Korean font for Hangul, not a Japanese one that also covers it), as Pango does.
enum ScriptLanguage {
    /// Pango's sample languages, by ISO 15924 script tag. Han has none on purpose: Chinese,
    /// Japanese and Korean all write it, so fontconfig's default (the locale's language) decides.
    static let samples: [String: String] = [
        "Arab": "ar", "Armn": "hy", "Beng": "bn", "Cher": "chr", "Copt": "cop", "Cyrl": "ru", "Deva": "hi",
        "Ethi": "am", "Geor": "ka", "Grek": "el", "Gujr": "gu", "Guru": "pa", "Hang": "ko", "Hebr": "he",
        "Hira": "ja", "Kana": "ja", "Knda": "kn", "Khmr": "km", "Laoo": "lo", "Latn": "en", "Mlym": "ml",
        "Mong": "mn", "Mymr": "my", "Orya": "or", "Sinh": "si", "Syrc": "syr", "Taml": "ta", "Telu": "te",
        "Thaa": "dv", "Thai": "th", "Tibt": "bo", "Cans": "iu", "Yiii": "ii", "Tglg": "tl", "Bopo": "zh-tw",
    ]

    /// The sample language of ICU's script code `code` (UScriptCode), nil for Han, Common and
    /// scripts with none.
    static func sample(forScript code: Int32) -> String? {
        guard code > 1, let tag = ScriptTag.of(code) else { return nil }
        return samples[tag]
    }

    /// ``sample(forScript:)`` as HarfBuzz's language, made once for each code ICU has: an item
    /// asks for it each time it is shaped.
    static func shapingSample(forScript code: Int32) -> ShapingLanguage {
        code >= 0 && code < shapingSamples.count
            ? shapingSamples[Int(code)] : ShapingLanguage(sample(forScript: code))
    }

    private static let shapingSamples: [ShapingLanguage] = (0..<Int32(256)).map {
        ShapingLanguage(sample(forScript: $0))
    }
}

/// ISO 15924 tags of ICU's script codes ("Latn" for 25), asked of ICU once for the codes ICU has
/// and kept: itemizing and shaping ask for every item.
enum ScriptTag {
    private static let known: [String?] = (0..<Int32(256)).map(ask)
    private static let shaping: [ShapingScript] = known.map { $0.map(ShapingScript.init(tag:)) ?? .none }

    /// The tag of `code`, nil for an unknown code.
    static func of(_ code: Int32) -> String? {
        code >= 0 && code < known.count ? known[Int(code)] : ask(code)
    }

    /// HarfBuzz's script for `code`'s tag (none for an unknown code), made once for each code ICU
    /// has.
    static func shapingScript(_ code: Int32) -> ShapingScript {
        if code >= 0 && code < shaping.count { return shaping[Int(code)] }
        return of(code).map(ShapingScript.init(tag:)) ?? .none
    }

    private static func ask(_ code: Int32) -> String? {
        var tag = [CChar](repeating: 0, count: 8)
        let length = mush_script_tag(code, &tag, Int32(tag.count))
        guard length > 0 else { return nil }
        return String(decoding: tag.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
