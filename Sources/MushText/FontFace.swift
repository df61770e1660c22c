import CFreeType
import CHarfBuzz

/// Why a font could not be loaded. Every case names the file.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case missingFile(String)
    /// The file exists but is not a font FreeType can read (corrupt, truncated, another format).
    case notAFont(String, reason: String)
    /// A folder given to the collection holds no font file.
    case noFonts(inFolder: String)

    public var description: String {
        switch self {
        case .missingFile(let path): "font file not found: \(path)"
        case .notAFont(let path, let reason): "not a readable font: \(path) (\(reason))"
        case .noFonts(let folder): "no font files (.ttf, .otf, .ttc) in folder: \(folder)"
        }
    }
}

/// One face of a font file: its names and style, its vertical metrics, and the HarfBuzz font that
/// shapes with it.
///
/// The file is mapped once; FreeType reads it to check it and to name the face (and, for rendering,
/// to draw it), HarfBuzz reads the same bytes to shape and measure. HarfBuzz fonts are immutable
/// once made and safe to shape with from many threads at once, so a face is shared freely.
public final class FontFace: @unchecked Sendable, CustomStringConvertible {
    /// The file it came from.
    public let path: String
    /// The face's index in its file (non-zero in font collections, `.ttc`).
    public let index: Int
    /// The family name, as the font names it ("DejaVu Sans").
    public let family: String
    /// The style name ("Bold Oblique").
    public let style: String
    /// Whether the face is bold by design.
    public let isBold: Bool
    /// Whether the face is italic or oblique by design.
    public let isItalic: Bool
    /// Whether every glyph has the same advance.
    public let isMonospace: Bool
    /// Font units per em: positions from HarfBuzz are in these units.
    public let unitsPerEm: Int32
    /// Distance from the baseline up to the top of the line box, in font units (positive).
    public let ascender: Int32
    /// Distance from the baseline down to the bottom of the line box, in font units (negative).
    public let descender: Int32
    /// Extra space between lines, in font units.
    public let lineGap: Int32
    /// The face neither kerns nor ligates any printable ASCII character with the space U+0020, so
    /// text can be shaped word by word (and words cached) with the same result as shaping it whole.
    /// DejaVu's faces are; a face that is not is shaped item by item.
    public let spaceIsContextFree: Bool
    /// The face has a glyph for every printable ASCII character (U+0020–U+007E).
    public let coversPrintableASCII: Bool
    /// Where an underline goes, from the font (its `post` table; HarfBuzz's fallback when absent).
    public let underline: Decoration
    /// Where a line through the text goes, from the font (its `OS/2` table, or HarfBuzz's fallback).
    public let strikethrough: Decoration

    let hbFont: OpaquePointer
    private let hbFace: OpaquePointer
    private let blob: OpaquePointer

    /// Loads face `index` of the font file at `path`.
    public init(path: String, index: Int = 0) throws(FontError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw FileChecks.exists(path) ? .notAFont(path, reason: "cannot be read") : .missingFile(path)
        }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else {
            hb_blob_destroy(blob)
            throw .notAFont(path, reason: "empty file")
        }
        // FreeType checks the file and names the face.
        let names: (family: String, style: String, bold: Bool, italic: Bool, monospace: Bool)
        do {
            names = try FreeTypeFace.describe(bytes: bytes, length: Int(length), index: index)
        } catch {
            hb_blob_destroy(blob)
            throw .notAFont(path, reason: error.reason)
        }
        let face = hb_face_create(blob, UInt32(index))!
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            throw .notAFont(path, reason: "no glyphs")
        }
        let font = hb_font_create(face)!
        hb_font_make_immutable(font)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)

        self.path = path
        self.index = index
        self.family = names.family
        self.style = names.style
        self.isBold = names.bold
        self.isItalic = names.italic
        self.isMonospace = names.monospace
        self.unitsPerEm = Int32(hb_face_get_upem(face))
        self.ascender = extents.ascender
        self.descender = extents.descender
        self.lineGap = extents.line_gap
        self.spaceIsContextFree = Self.spaceIsContextFree(font)
        self.coversPrintableASCII = (UInt32(0x20)...0x7E).allSatisfy { unit in
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(font, unit, &glyph) != 0
        }
        self.underline = Decoration(font, offset: HB_OT_METRICS_TAG_UNDERLINE_OFFSET,
                                    size: HB_OT_METRICS_TAG_UNDERLINE_SIZE)
        self.strikethrough = Decoration(font, offset: HB_OT_METRICS_TAG_STRIKEOUT_OFFSET,
                                        size: HB_OT_METRICS_TAG_STRIKEOUT_SIZE)
        self.blob = blob
        self.hbFace = face
        self.hbFont = font
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        hb_blob_destroy(blob)
    }

    /// Shapes every printable ASCII character next to a space, on both sides, and compares with
    /// their nominal advances: any kerning, ligature or substitution shows as a difference.
    private static func spaceIsContextFree(_ font: OpaquePointer) -> Bool {
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0 else { return false }
        let spaceAdvance = hb_font_get_glyph_h_advance(font, space)
        for unit in UInt16(0x21)...0x7E {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, UInt32(unit), &glyph) != 0 else { continue }
            let expected = [glyph, space]
            let advance = hb_font_get_glyph_h_advance(font, glyph)
            for pair in [[unit, 0x20], [0x20, unit]] {
                let shaped = pair.withUnsafeBufferPointer { units in
                    Shaper.shapeRaw(units, range: 0..<2, font: font, direction: .leftToRight, script: HB_SCRIPT_LATIN,
                                    language: nil)
                }
                let glyphs = shaped.map(\.glyph)
                guard glyphs == (pair[0] == 0x20 ? expected.reversed() : expected),
                      shaped.allSatisfy({ $0.xOffset == 0 && $0.yOffset == 0 }),
                      shaped.map(\.advance).reduce(0, +) == advance + spaceAdvance
                else { return false }
            }
        }
        return true
    }

    /// The glyph this face has for `scalar`, or nil when it has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// The horizontal advance of `glyph`, in font units (unshaped: no kerning).
    public func advance(of glyph: UInt32) -> Int32 {
        hb_font_get_glyph_h_advance(hbFont, glyph)
    }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        glyph(for: scalar) != nil
    }

    public var description: String { "\(family) \(style)" }
}

extension FontFace {
    /// A line drawn along the text (underline or strikethrough), in font units.
    public struct Decoration: Hashable, Sendable {
        /// The top edge of the line, up from the baseline (negative: below it), as OpenType gives
        /// it.
        public var position: Int32
        /// The line's thickness (at least 1 unit).
        public var thickness: Int32

        init(_ font: OpaquePointer, offset: hb_ot_metrics_tag_t, size: hb_ot_metrics_tag_t) {
            var position: hb_position_t = 0
            var thickness: hb_position_t = 0
            hb_ot_metrics_get_position_with_fallback(font, offset, &position)
            hb_ot_metrics_get_position_with_fallback(font, size, &thickness)
            self.position = position
            self.thickness = max(thickness, 1)
        }
    }
}

/// Reading a face with FreeType: a library per call, so nothing is shared between threads.
enum FreeTypeFace {
    struct Failure: Error {
        var reason: String
    }

    static func describe(bytes: UnsafePointer<CChar>, length: Int, index: Int) throws(Failure)
        -> (family: String, style: String, bold: Bool, italic: Bool, monospace: Bool)
    {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw Failure(reason: "FreeType failed to start") }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        let error = bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            FT_New_Memory_Face(library, $0, length, index, &face)
        }
        guard error == 0, let face else { throw Failure(reason: "FreeType error \(error)") }
        defer { FT_Done_Face(face) }
        let record = face.pointee
        let family = record.family_name.map { String(cString: $0) } ?? ""
        let style = record.style_name.map { String(cString: $0) } ?? ""
        return (family, style,
                record.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0,
                record.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0,
                record.face_flags & FT_Long(FT_FACE_FLAG_FIXED_WIDTH) != 0)
    }
}
