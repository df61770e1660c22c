import CFontconfig

// The one file that touches fontconfig: its configuration, patterns and font sets stay behind
// these types. None of them is safe to use from two threads at once; `SystemFonts` calls them
// under its lock.

/// A face of an installed font file, as fontconfig names it.
struct FontFileFace: Hashable, Sendable {
    var path: String
    /// The face's index in its file (a named instance of a variable font is left out: its index is
    /// the file's face).
    var index: Int
}

/// The system's fontconfig configuration and the fonts it lists, loaded once (from fontconfig's
/// caches, so a few milliseconds).
final class FontconfigConfiguration {
    private let config: OpaquePointer

    /// Loads the configuration; nil when fontconfig cannot (no configuration file, say).
    init?() {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        self.config = config
    }

    deinit { FcConfigDestroy(config) }

    /// The faces of the installed family `family`, as fontconfig lists it (case and spaces
    /// ignored; any of a font's family names counts), sorted by file and index.
    func faces(ofFamily family: String) -> [FontFileFace] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        add(family, as: FC_FAMILY, to: pattern)
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FILE)
        FcObjectSetAdd(objects, FC_INDEX)
        guard let list = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        return Self.faces(in: list).sorted { ($0.path, $0.index) < ($1.path, $1.index) }
    }

    /// The font fontconfig picks for `family` in a style (the nearest weight, width and slant;
    /// the configuration's aliases, so that "serif", "monospace" and "emoji" name real families),
    /// and every family name that font has.
    func match(family: String, bold: Bool, italic: Bool) -> (face: FontFileFace, families: [String])? {
        guard let pattern = query(family: family, bold: bold, italic: italic, language: nil) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        guard let face = Self.face(of: font) else { return nil }
        var families: [String] = []
        while let name = Self.string(FC_FAMILY, of: font, at: families.count) { families.append(name) }
        return (face, families)
    }

    /// Every installed font in fontconfig's order of preference for `family` in `bold` and `italic`
    /// for text in `language` (a language tag, "ja"; nil: fontconfig's default, the locale's), as
    /// Pango asks for a fallback list.
    func fallbackList(family: String, bold: Bool, italic: Bool, language: String?) -> FontconfigList? {
        guard let pattern = query(family: family, bold: bold, italic: italic, language: language) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultMatch
        // Trimmed: a font that covers nothing the fonts before it do not is left out, which does not
        // change which font is the first to cover a character.
        guard let set = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        return FontconfigList(set)
    }

    /// A pattern for `family` in a style, with the configuration's substitutions and defaults.
    private func query(family: String, bold: Bool, italic: Bool, language: String?) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        add(family, as: FC_FAMILY, to: pattern)
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        if let language { add(language, as: FC_LANG, to: pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }

    private func add(_ value: String, as object: String, to pattern: OpaquePointer) {
        value.withCString { text in
            _ = text.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
                FcPatternAddString(pattern, object, $0)
            }
        }
    }

    fileprivate static func faces(in set: UnsafeMutablePointer<FcFontSet>) -> [FontFileFace] {
        (0..<Int(set.pointee.nfont)).compactMap { set.pointee.fonts[$0].flatMap(face(of:)) }
    }

    fileprivate static func face(of font: OpaquePointer) -> FontFileFace? {
        guard let path = string(FC_FILE, of: font) else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
        // The high bits number a variable font's named instance; the face is the low ones.
        return FontFileFace(path: path, index: Int(index & 0xFFFF))
    }

    fileprivate static func string(_ object: String, of font: OpaquePointer, at index: Int = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, object, Int32(index), &value) == FcResultMatch, let value else { return nil }
        return value.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
    }
}

/// A list of fonts in fontconfig's order of preference, with each font's coverage.
final class FontconfigList {
    private let set: UnsafeMutablePointer<FcFontSet>

    fileprivate init(_ set: UnsafeMutablePointer<FcFontSet>) { self.set = set }

    deinit { FcFontSetDestroy(set) }

    /// The first font of the list that has a glyph for `scalar`, by fontconfig's coverage sets.
    func first(covering scalar: Unicode.Scalar) -> FontFileFace? {
        for index in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[index] else { continue }
            var coverage: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &coverage) == FcResultMatch, let coverage,
                FcCharSetHasChar(coverage, scalar.value) != 0
            else { continue }
            return FontconfigConfiguration.face(of: font)
        }
        return nil
    }
}
