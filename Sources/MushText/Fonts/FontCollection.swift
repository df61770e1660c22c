import Foundation
import MushBase
import MushFonts

/// The faces layout can use: families by name, a face chosen by bold, italic and monospace (with
/// synthetic bold and oblique where a family lacks the face), and a fallback chain by glyph
/// coverage for characters the chosen face lacks.
///
/// The collection's own faces (the shipped fonts, and files added with ``adding(_:)``) come first,
/// always: a family they have is never looked up elsewhere, and a character one of them covers is
/// drawn with it. The installed fonts (``systemFonts``, through fontconfig) come after: families
/// the collection lacks, and characters none of its faces covers. With no system fonts
/// (``shipped``, ``withSystemFonts(_:)``), results are the same on every machine.
///
/// A collection is immutable and shared between threads; ``adding(_:)`` makes a new one.
public final class FontCollection: Sendable {
    /// The collection's own faces, in the order they were added: the default family first, then
    /// fallbacks. (Installed faces found through ``systemFonts`` are not listed.)
    public let faces: [FontFace]
    /// The installed fonts asked for families and characters the faces lack; nil: none.
    public let systemFonts: SystemFonts?
    /// The family used when a run names none, or one the collection does not have.
    public let defaultFamily: String
    /// The family used for `monospace` runs.
    public let monospaceFamily: String
    /// Faces by lowercased family name.
    private let facesByFamily: [String: [FontFace]]
    /// The default and monospace families' faces (looked up once: most runs name no family).
    private let defaultFaces: [FontFace]
    private let monospaceFaces: [FontFace]
    /// ``face(family:bold:italic:monospace:)``'s answers for the default family, by bold (2) and
    /// italic (1): found once, so that the answer most runs ask for touches no array of faces (two
    /// threads counting references to the same faces slow each other).
    private let defaultChoices: [FaceChoice]
    /// Shaped words, shared by every paragraph laid out with the collection.
    let shapeCache: ShapeCache
    /// The advances of clusters shaped alone at line ends (``Paragraph`` reshapes a line's last
    /// cluster where the line breaks inside an item), by the cluster and the text HarfBuzz reads
    /// around it; on when the word cache is.
    let lineEndCache: ShapeCache
    /// About how many shaped words the collection keeps (it holds at most twice as many).
    public let wordCacheCapacity: Int
    /// Fallback answers by character, preferred face, style and script, so that text seen before
    /// neither scans the faces nor asks fontconfig again.
    private let fallbacks = LockedValue(FallbackTable())

    /// The `script` of a fallback key for an emoji presentation sequence.
    static let emojiScript: Int32 = -1

    /// A collection of `faces`. The default family is `defaultFamily` when present, else the first
    /// face's; the monospace family is `monospaceFamily` when present, else the first fixed-width
    /// family, else the default. `wordCacheCapacity` bounds the cache of shaped words (about 250
    /// bytes each for English text); 0 turns it off. `systemFonts` serves families and characters
    /// the faces lack (none when nil).
    public init(
        faces: [FontFace], defaultFamily: String = "DejaVu Sans", monospaceFamily: String = "DejaVu Sans Mono",
        wordCacheCapacity: Int = 20_000, systemFonts: SystemFonts? = nil
    ) {
        self.faces = faces
        self.systemFonts = systemFonts
        self.wordCacheCapacity = max(0, wordCacheCapacity)
        self.shapeCache = ShapeCache(capacity: max(0, wordCacheCapacity))
        self.lineEndCache = ShapeCache(capacity: wordCacheCapacity > 0 ? 4096 : 0)
        self.facesByFamily = Dictionary(grouping: faces) { $0.family.lowercased() }
        let families = Set(facesByFamily.keys)
        self.defaultFamily =
            families.contains(defaultFamily.lowercased()) ? defaultFamily : faces.first?.family ?? defaultFamily
        if families.contains(monospaceFamily.lowercased()) {
            self.monospaceFamily = monospaceFamily
        } else {
            self.monospaceFamily = faces.first(where: \.isMonospace)?.family ?? self.defaultFamily
        }
        let defaultFaces = facesByFamily[self.defaultFamily.lowercased()] ?? []
        self.defaultFaces = defaultFaces
        self.monospaceFaces = facesByFamily[self.monospaceFamily.lowercased()] ?? []
        let pool = defaultFaces.isEmpty ? faces : defaultFaces
        self.defaultChoices =
            pool.isEmpty
            ? []
            : [(false, false), (false, true), (true, false), (true, true)].map {
                Self.choice(in: pool, bold: $0, italic: $1)
            }
    }

    /// The fonts shipped with the package (`Fonts/`) first, then the installed fonts
    /// (``SystemFonts/shared``): what layout uses unless told otherwise.
    public static let standard = shipped.withSystemFonts(.shared)

    /// The fonts shipped with the package (`Fonts/`) and no others: DejaVu Sans and DejaVu Sans Mono
    /// in four styles each, Noto Sans Thai and Noto Sans Devanagari. The same results on every
    /// machine. Loaded once, on first use.
    public static let shipped: FontCollection = {
        do {
            var faces: [FontFace] = []
            for path in MushFonts.paths { faces += try loadFile(path) }
            return FontCollection(faces: faces)
        } catch {
            // The package's own files are missing or damaged: the installation is broken.
            preconditionFailure("the bundled fonts cannot be loaded: \(error)")
        }
    }()

    /// The faces of font files and folders (as ``adding(_:)`` reads them) and nothing else: no
    /// shipped fonts, no installed ones (unless `systemFonts` is given). The default family is the
    /// first face's.
    public static func only(_ paths: [String], systemFonts: SystemFonts? = nil) throws(FontError) -> FontCollection {
        let faces = try load(paths)
        guard let first = faces.first else { throw .noFonts(inFolder: paths.joined(separator: ", ")) }
        return FontCollection(
            faces: faces, defaultFamily: first.family, monospaceFamily: first.family, systemFonts: systemFonts)
    }

    /// This collection with more faces: font files, or folders searched, subfolders included, for
    /// `.ttf`, `.otf` and `.ttc` files (only regular files are read). The new faces come after the existing ones, so they serve as
    /// named families and as fallbacks, and never change what existing families resolve to.
    public func adding(_ paths: [String]) throws(FontError) -> FontCollection {
        FontCollection(
            faces: faces + (try Self.load(paths)), defaultFamily: defaultFamily, monospaceFamily: monospaceFamily,
            wordCacheCapacity: wordCacheCapacity, systemFonts: systemFonts)
    }

    /// This collection's faces with `systemFonts` (nil: no installed fonts at all).
    public func withSystemFonts(_ systemFonts: SystemFonts?) -> FontCollection {
        FontCollection(
            faces: faces, defaultFamily: defaultFamily, monospaceFamily: monospaceFamily,
            wordCacheCapacity: wordCacheCapacity, systemFonts: systemFonts)
    }

    /// The collection's own family names, in order, without repeats (installed families are not
    /// listed).
    public var families: [String] {
        var seen = Set<String>()
        return faces.map(\.family).filter { seen.insert($0.lowercased()).inserted }
    }

    /// The faces of a family (case-insensitive): the collection's own, else the installed ones;
    /// empty when neither has it.
    public func faces(ofFamily family: String) -> [FontFace] {
        if let own = facesByFamily[family.lowercased()] { return own }
        return systemFonts?.faces(ofFamily: family) ?? []
    }

    /// Whether `family` names one of the collection's families or an installed one (or, with
    /// system fonts, a generic name fontconfig resolves: "serif", "monospace").
    public func hasFamily(_ family: String) -> Bool {
        facesByFamily[family.lowercased()] != nil
            || systemFonts?.face(family: family, bold: false, italic: false) != nil
    }

    /// Why `family` is not there, for an error: "no font family 'X' (the fonts have …)", naming the
    /// collection's own families (with system fonts, no installed font has it either).
    public func missingFamilyMessage(_ family: String) -> String {
        "no font family '\(family)' (the fonts have \(families.joined(separator: ", ")))"
    }

    /// The face for a style: from `family` (the default family when nil or unknown; the monospace
    /// family when `monospace` and no family is named), the face whose bold and italic match, or
    /// the nearest, with the missing styles to be synthesised. A family the collection lacks comes
    /// from the installed fonts (fontconfig's nearest face for the style).
    public func face(family: String?, bold: Bool, italic: Bool, monospace: Bool = false) -> FaceChoice {
        // (The default family, by no name or by its own: the answer found when the collection was
        // made, as the lines below find it.)
        if !defaultChoices.isEmpty, family.map({ $0 == defaultFamily }) ?? !monospace {
            return defaultChoices[(bold ? 2 : 0) + (italic ? 1 : 0)]
        }
        let named = family.flatMap { facesByFamily[$0.lowercased()] } ?? []
        if named.isEmpty, let family, let face = systemFonts?.face(family: family, bold: bold, italic: italic) {
            return FaceChoice(
                face: face, syntheticBold: bold && !face.isBold, syntheticOblique: italic && !face.isItalic)
        }
        let candidates = !named.isEmpty ? named : monospace ? monospaceFaces : defaultFaces
        return Self.choice(in: candidates.isEmpty ? faces : candidates, bold: bold, italic: italic)
    }

    /// The face of `pool` (not empty) for a style: the exact style; then one that lacks a style
    /// (which can be synthesised) over one that has a style not asked for (which cannot be
    /// removed).
    private static func choice(in pool: [FontFace], bold: Bool, italic: Bool) -> FaceChoice {
        func cost(_ face: FontFace) -> Int {
            var cost = 0
            if face.isBold != bold { cost += face.isBold ? 4 : 1 }
            if face.isItalic != italic { cost += face.isItalic ? 4 : 2 }
            return cost
        }
        let best = pool.min { cost($0) < cost($1) }!
        return FaceChoice(face: best, syntheticBold: bold && !best.isBold, syntheticOblique: italic && !best.isItalic)
    }

    /// The face to draw `scalar` with when `preferred` lacks it: the first of the collection's
    /// faces that has it, preferring one of the same bold and italic; else the installed face
    /// fontconfig prefers for `preferred`'s family and style in `language` (nil: the locale's); nil
    /// when no face has it (the text is then drawn with `preferred`'s missing-glyph box).
    public func fallback(
        for scalar: Unicode.Scalar, preferring preferred: FontFace, language: String? = nil
    ) -> FontFace? {
        fallback(
            for: scalar, preferring: preferred, bold: preferred.isBold, italic: preferred.isItalic, language: language)
    }

    /// ``fallback(for:preferring:language:)`` for the itemizer: the style asked for (`bold`,
    /// `italic`) and ICU's script code of the text, which gives the language (or ``emojiScript``:
    /// a colour emoji font first). Answers are cached.
    func fallback(
        for scalar: Unicode.Scalar, preferring preferred: FontFace, bold: Bool, italic: Bool, script: Int32
    ) -> FontFace? {
        // (`script`: ICU's script code of the text, or ``emojiScript`` for an emoji presentation.)
        let key = FallbackTable.Key(
            scalar: scalar.value, preferred: ObjectIdentifier(preferred), bold: bold, italic: italic, script: script)
        if let known = fallbacks.withLock({ $0.answer(key) }) { return known }
        var face: FontFace?
        if script == Self.emojiScript {
            // An emoji presentation: the installed emoji font, else as any character.
            face = systemFonts?.face(for: scalar, family: "emoji", bold: bold, italic: italic, language: nil)
            if face == nil {
                face = fallback(for: scalar, preferring: preferred, bold: bold, italic: italic, script: 0)
            }
        } else {
            face = fallback(
                for: scalar, preferring: preferred, bold: bold, italic: italic,
                language: ScriptLanguage.sample(forScript: script))
        }
        fallbacks.withLock { $0.keep(face, for: key) }
        return face
    }

    /// The fallback chain, uncached: `preferred` when it has `scalar`; else the first of the
    /// collection's own faces that has it, one of `preferred`'s bold and italic first; else the
    /// installed face for `preferred`'s family in the style asked for and `language`.
    private func fallback(
        for scalar: Unicode.Scalar, preferring preferred: FontFace, bold: Bool, italic: Bool, language: String?
    ) -> FontFace? {
        if preferred.covers(scalar) { return preferred }
        var first: FontFace?
        for face in faces where face.covers(scalar) {
            if face.isBold == preferred.isBold, face.isItalic == preferred.isItalic { return face }
            if first == nil { first = face }
        }
        return first
            ?? systemFonts?.face(for: scalar, family: preferred.family, bold: bold, italic: italic, language: language)
    }

    /// The faces of font files, and of the font files in folders, in order.
    static func load(_ paths: [String]) throws(FontError) -> [FontFace] {
        var faces: [FontFace] = []
        for path in paths {
            faces += FileChecks.isFolder(path) ? try loadFaces(in: path) : try loadFile(path)
        }
        return faces
    }

    static func loadFile(_ path: String) throws(FontError) -> [FontFace] {
        let first = try FontFace(path: path)
        var result = [first]
        // A collection file (.ttc) holds more faces.
        var index = 1
        while let face = try? FontFace(path: path, index: index) {
            result.append(face)
            index += 1
        }
        return result
    }

    /// The faces of the font files in `folder` and its subfolders (as fontconfig searches a
    /// folder), each folder's files in ``rank(_:)`` order, a folder's own before its subfolders'.
    static func loadFaces(in folder: String) throws(FontError) -> [FontFace] {
        guard FileChecks.exists(folder) else { throw .missingFile(folder) }
        let relativePaths = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []
        let names =
            relativePaths
            .filter { ["ttf", "otf", "ttc"].contains(($0 as NSString).pathExtension.lowercased()) }
            .map { path in
                (
                    path: path, parent: (path as NSString).deletingLastPathComponent,
                    rank: rank((path as NSString).lastPathComponent)
                )
            }
            // The folder's own files first: their parent is "", which sorts before any name.
            .sorted { ($0.parent, $0.rank.0, $0.rank.1) < ($1.parent, $1.rank.0, $1.rank.1) }
            .map(\.path)
        guard !names.isEmpty else { throw .noFonts(inFolder: folder) }
        var result: [FontFace] = []
        for name in names { result += try loadFile((folder as NSString).appendingPathComponent(name)) }
        return result
    }

    /// Orders a folder's files so that regular faces come before styled ones, and names sort
    /// alphabetically otherwise: "DejaVuSans.ttf" before "DejaVuSans-Bold.ttf".
    private static func rank(_ name: String) -> (String, String) {
        let stem = (name as NSString).deletingPathExtension
        let parts = stem.split(separator: "-", maxSplits: 1)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }
}

/// A face chosen for a style, and the styles to synthesise because the family lacks them.
public struct FaceChoice: Sendable {
    public let face: FontFace
    /// Draw bolder than the face (the family has no bold face).
    public let syntheticBold: Bool
    /// Slant the face (the family has no italic or oblique face).
    public let syntheticOblique: Bool
}

/// File-system checks.
enum FileChecks {
    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}
