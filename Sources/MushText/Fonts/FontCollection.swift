import Foundation
import MushFonts

/// The faces layout can use: families by name, a face chosen by bold, italic and monospace (with
/// synthetic bold and oblique where a family lacks the face), and a fallback chain by glyph
/// coverage for characters the chosen face lacks.
///
/// A collection is immutable and shared between threads; ``adding(_:)`` makes a new one.
public final class FontCollection: Sendable {
    /// Every face, in the order they were added: the default family first, then fallbacks.
    public let faces: [FontFace]
    /// The family used when a run names none, or one the collection does not have.
    public let defaultFamily: String
    /// The family used for `monospace` runs.
    public let monospaceFamily: String
    /// Faces by lowercased family name.
    private let facesByFamily: [String: [FontFace]]
    /// The default and monospace families' faces (looked up once: most runs name no family).
    private let defaultFaces: [FontFace]
    private let monospaceFaces: [FontFace]
    /// Shaped words, shared by every paragraph laid out with the collection.
    let shapeCache: ShapeCache
    /// About how many shaped words the collection keeps (it holds at most twice as many).
    public let wordCacheCapacity: Int

    /// A collection of `faces`. The default family is `defaultFamily` when present, else the first
    /// face's; the monospace family is `monospaceFamily` when present, else the first fixed-width
    /// family, else the default. `wordCacheCapacity` bounds the cache of shaped words (about 250
    /// bytes each for English text); 0 turns it off.
    public init(
        faces: [FontFace], defaultFamily: String = "DejaVu Sans", monospaceFamily: String = "DejaVu Sans Mono",
        wordCacheCapacity: Int = 20_000
    ) {
        self.faces = faces
        self.wordCacheCapacity = max(0, wordCacheCapacity)
        self.shapeCache = ShapeCache(capacity: max(0, wordCacheCapacity))
        self.facesByFamily = Dictionary(grouping: faces) { $0.family.lowercased() }
        let families = Set(facesByFamily.keys)
        self.defaultFamily =
            families.contains(defaultFamily.lowercased()) ? defaultFamily : faces.first?.family ?? defaultFamily
        if families.contains(monospaceFamily.lowercased()) {
            self.monospaceFamily = monospaceFamily
        } else {
            self.monospaceFamily = faces.first(where: \.isMonospace)?.family ?? self.defaultFamily
        }
        self.defaultFaces = facesByFamily[self.defaultFamily.lowercased()] ?? []
        self.monospaceFaces = facesByFamily[self.monospaceFamily.lowercased()] ?? []
    }

    /// The fonts shipped with the package (`Fonts/`): DejaVu Sans and DejaVu Sans Mono in four
    /// styles each, Noto Sans Thai and Noto Sans Devanagari. Loaded once, on first use.
    public static let standard: FontCollection = {
        do {
            var faces: [FontFace] = []
            for path in MushFonts.paths { faces += try loadFile(path) }
            return FontCollection(faces: faces)
        } catch {
            // The package's own files are missing or damaged: the installation is broken.
            preconditionFailure("the bundled fonts cannot be loaded: \(error)")
        }
    }()

    /// This collection with more faces: font files, or folders searched (not recursively) for
    /// `.ttf`, `.otf` and `.ttc` files. The new faces come after the existing ones, so they serve as
    /// named families and as fallbacks, and never change what existing families resolve to.
    public func adding(_ paths: [String]) throws(FontError) -> FontCollection {
        var added: [FontFace] = []
        for path in paths {
            added += FileChecks.isFolder(path) ? try Self.loadFaces(in: path) : try Self.loadFile(path)
        }
        return FontCollection(
            faces: faces + added, defaultFamily: defaultFamily, monospaceFamily: monospaceFamily,
            wordCacheCapacity: wordCacheCapacity)
    }

    /// The family names, in order, without repeats.
    public var families: [String] {
        var seen = Set<String>()
        return faces.map(\.family).filter { seen.insert($0.lowercased()).inserted }
    }

    /// The faces of a family (case-insensitive), empty when the collection has none.
    public func faces(ofFamily family: String) -> [FontFace] {
        facesByFamily[family.lowercased()] ?? []
    }

    /// The face for a style: from `family` (the default family when nil or unknown; the monospace
    /// family when `monospace` and no family is named), the face whose bold and italic match, or
    /// the nearest, with the missing styles to be synthesised.
    public func face(family: String?, bold: Bool, italic: Bool, monospace: Bool = false) -> FaceChoice {
        let named = family.map(faces(ofFamily:)) ?? []
        let candidates = !named.isEmpty ? named : monospace ? monospaceFaces : defaultFaces
        let pool = candidates.isEmpty ? faces : candidates
        // Prefer the exact style; then one that lacks a style (which can be synthesised) over one
        // that has a style not asked for (which cannot be removed).
        func cost(_ face: FontFace) -> Int {
            var cost = 0
            if face.isBold != bold { cost += face.isBold ? 4 : 1 }
            if face.isItalic != italic { cost += face.isItalic ? 4 : 2 }
            return cost
        }
        let best = pool.min { cost($0) < cost($1) }!
        return FaceChoice(face: best, syntheticBold: bold && !best.isBold, syntheticOblique: italic && !best.isItalic)
    }

    /// The face to draw `scalar` with when `preferred` lacks it: the first face in the collection
    /// that has it, preferring one of the same bold and italic; nil when no face has it (the text is
    /// then drawn with `preferred`'s missing-glyph box).
    public func fallback(for scalar: Unicode.Scalar, preferring preferred: FontFace) -> FontFace? {
        if preferred.covers(scalar) { return preferred }
        let covering = faces.filter { $0.covers(scalar) }
        return covering.first { $0.isBold == preferred.isBold && $0.isItalic == preferred.isItalic } ?? covering.first
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

    static func loadFaces(in folder: String) throws(FontError) -> [FontFace] {
        guard FileChecks.exists(folder) else { throw .missingFile(folder) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { ["ttf", "otf", "ttc"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted { rank($0) < rank($1) }
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
