import MushBase

/// The fonts installed on the machine, found through fontconfig as Pango and every Linux toolkit
/// find them: families by name, and faces that cover characters the other fonts lack.
///
/// fontconfig is asked only on a miss and each answer is kept, so text seen before never reaches
/// it: the configuration is loaded on the first question (a few milliseconds, from fontconfig's
/// caches), a family's faces once per family, a list of fallback fonts once per family, style and
/// language, and the face for a character once per character and list. One instance serves every
/// thread; ``shared`` is the process's.
public final class SystemFonts: Sendable {
    /// The process's system fonts, shared by every collection that uses them.
    public static let shared = SystemFonts()

    /// What fontconfig said, and the faces loaded from it.
    private struct State: @unchecked Sendable {
        /// Loaded on first use; nil once loading failed (a machine with no fontconfig setup).
        var configuration: FontconfigConfiguration??
        var faces: [FontFileFace: FontFace?] = [:]
        var families: [String: [FontFace]] = [:]
        var styles: [StyleKey: FontFace?] = [:]
        var lists: [ListKey: FontconfigList?] = [:]
        var picks: [PickKey: FontFace?] = [:]
    }

    /// A fallback list: a family (lowercased), a style and a language.
    private struct ListKey: Hashable {
        var family: String
        var bold: Bool
        var italic: Bool
        var language: String?
    }

    /// A family (lowercased) in a style.
    private struct StyleKey: Hashable {
        var family: String
        var bold: Bool
        var italic: Bool
    }

    private struct PickKey: Hashable {
        var list: ListKey
        var scalar: UInt32
    }

    private let state = LockedValue(State())

    /// System fonts, found through the machine's fontconfig configuration when first needed.
    public init() {}

    /// The installed faces of `family` (case and spaces ignored), or of the family fontconfig gives
    /// for a generic name ("serif", "sans-serif", "monospace", "emoji"); empty when there is none.
    public func faces(ofFamily family: String) -> [FontFace] {
        let key = family.lowercased()
        return state.withLock { state in
            if let known = state.families[key] { return known }
            guard let configuration = Self.configuration(&state) else { return [] }
            var files = configuration.faces(ofFamily: family)
            if files.isEmpty, Self.genericFamilies.contains(key),
                let match = configuration.match(family: family, bold: false, italic: false),
                let name = match.families.first
            {
                files = configuration.faces(ofFamily: name)
            }
            let faces = files.compactMap { Self.face($0, &state) }
            state.families[key] = faces
            return faces
        }
    }

    /// The installed face of `family` fontconfig picks for a style: the nearest weight, width and
    /// slant it has (the collection synthesises what the face lacks). Nil when no installed font
    /// has the family, or fontconfig's answer for a generic name ("serif", "monospace", "emoji").
    public func face(family: String, bold: Bool, italic: Bool) -> FontFace? {
        let key = StyleKey(family: family.lowercased(), bold: bold, italic: italic)
        return state.withLock { state in
            if let known = state.styles[key] { return known }
            var face: FontFace?
            if let match = Self.configuration(&state)?.match(family: family, bold: bold, italic: italic),
                Self.genericFamilies.contains(key.family)
                    || match.families.contains(where: { Self.sameFamily($0, family) })
            {
                face = Self.face(match.face, &state)
            }
            state.styles[key] = face
            return face
        }
    }

    /// Whether two family names are the same to fontconfig: case and spaces do not count.
    static func sameFamily(_ a: String, _ b: String) -> Bool {
        func normal(_ name: String) -> String { name.lowercased().filter { $0 != " " } }
        return normal(a) == normal(b)
    }

    /// The generic family names fontconfig's configuration maps to installed families.
    static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "sans", "monospace", "mono", "emoji", "cursive", "fantasy", "system-ui", "math",
    ]

    /// The installed face fontconfig prefers for `scalar` among the fonts it would use for `family`
    /// in this style, for text in `language` (a BCP 47 tag such as "ja"; nil: the locale's language):
    /// the first of its sorted list that covers the character. Nil when none does.
    public func face(
        for scalar: Unicode.Scalar, family: String, bold: Bool, italic: Bool, language: String?
    ) -> FontFace? {
        let list = ListKey(family: family.lowercased(), bold: bold, italic: italic, language: language)
        let key = PickKey(list: list, scalar: scalar.value)
        return state.withLock { state in
            if let known = state.picks[key] { return known }
            var pick: FontFace?
            if let fonts = Self.list(list, family: family, &state), let file = fonts.first(covering: scalar) {
                pick = Self.face(file, &state)
                // fontconfig's coverage and the font's own table agree, but a face that does not
                // load or lacks the glyph after all is no answer.
                if let face = pick, !face.covers(scalar) { pick = nil }
            }
            state.picks[key] = pick
            return pick
        }
    }

    private static func configuration(_ state: inout State) -> FontconfigConfiguration? {
        if let loaded = state.configuration { return loaded }
        let configuration = FontconfigConfiguration()
        state.configuration = .some(configuration)
        return configuration
    }

    private static func list(_ key: ListKey, family: String, _ state: inout State) -> FontconfigList? {
        if let known = state.lists[key] { return known }
        let list = configuration(&state)?.fallbackList(
            family: family, bold: key.bold, italic: key.italic, language: key.language)
        state.lists[key] = list
        return list
    }

    /// The face of a file, loaded once (nil, and remembered, when it does not load).
    private static func face(_ file: FontFileFace, _ state: inout State) -> FontFace? {
        if let known = state.faces[file] { return known }
        let face = try? FontFace(path: file.path, index: file.index)
        state.faces[file] = face
        return face
    }
}
