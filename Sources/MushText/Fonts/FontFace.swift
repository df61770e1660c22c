import MushBase

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
    /// The height of lowercase letters, in font units (OS/2's, else measured from "x"): an inline
    /// object aligned `middle` centres on half of it.
    public let xHeight: Int32
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

    /// The face's variation axes, in the font's order; none for a face that is not variable.
    public let axes: [VariationAxis]

    /// The font that shapes and measures with this face.
    let font: HarfBuzzFont

    /// Loads face `index` of the font file at `path`.
    public init(path: String, index: Int = 0) throws(FontError) {
        // Only a regular file: a FIFO would block the read, a device would be read without end.
        do {
            try FileInput.checkRegularFile(path)
        } catch .notFound {
            throw .missingFile(path)
        } catch {
            throw .notAFont(path, reason: error.description)
        }
        // FreeType checks the file and names the face from the bytes HarfBuzz maps.
        var names = FreeTypeFace.Names()
        let font: HarfBuzzFont
        do throws(HarfBuzzFont.Failure) {
            font = try HarfBuzzFont(path: path, index: index) { bytes throws(FontError) in
                do throws(FreeTypeFace.Failure) {
                    names = try FreeTypeFace.describe(bytes, index: index)
                } catch {
                    throw .notAFont(path, reason: error.reason)
                }
            }
        } catch {
            switch error {
            case .unreadable:
                throw FileChecks.exists(path) ? .notAFont(path, reason: "cannot be read") : .missingFile(path)
            case .empty: throw .notAFont(path, reason: "empty file")
            case .noGlyphs: throw .notAFont(path, reason: "no glyphs")
            case .refused(let refusal): throw refusal
            }
        }
        let metrics = font.lineMetrics

        self.path = path
        self.index = index
        self.family = names.family
        self.style = names.style
        self.isBold = names.isBold
        self.isItalic = names.isItalic
        self.isMonospace = names.isMonospace
        self.unitsPerEm = font.unitsPerEm
        self.ascender = metrics.ascender
        self.descender = metrics.descender
        self.lineGap = metrics.lineGap
        self.xHeight = font.xHeight
        self.spaceIsContextFree = Self.spaceIsContextFree(font)
        self.coversPrintableASCII = (UInt32(0x20)...0x7E).allSatisfy { font.glyph(for: $0) != nil }
        self.underline = Decoration(font.decoration(.underline))
        self.strikethrough = Decoration(font.decoration(.strikethrough))
        self.axes = font.axes.map {
            VariationAxis(tag: $0.tag, minimum: $0.minimum, defaultValue: $0.defaultValue, maximum: $0.maximum)
        }
        self.font = font
    }

    /// Shapes every printable ASCII character between spaces, all in one line (" ! \" # … ~ "),
    /// and compares each glyph with the character's nominal glyph and advance: any kerning,
    /// ligature, substitution or mark placement next to a space shows as a difference. One call
    /// of HarfBuzz, not one for each side of each character: every face loaded pays for it. (In
    /// one line a lookup may also see a space between two characters: that can only turn the
    /// answer to false, which shapes the face's text whole, never to a wrong true.)
    private static func spaceIsContextFree(_ font: HarfBuzzFont) -> Bool {
        guard let space = font.glyph(for: 0x20) else { return false }
        var units: [UInt16] = [0x20]
        var expected: [(glyph: UInt32, advance: Int32)] = [(space, font.advance(of: space))]
        for unit in UInt16(0x21)...0x7E {
            guard let glyph = font.glyph(for: UInt32(unit)) else { continue }
            units += [unit, 0x20]
            expected += [(glyph, font.advance(of: glyph)), expected[0]]
        }
        var index = 0
        var same = true
        units.withUnsafeBufferPointer { units in
            font.shape(units, range: 0..<units.count, direction: .leftToRight, script: .latin, language: .none) {
                glyph in
                same =
                    same && index < expected.count && glyph.glyph == expected[index].glyph
                    && glyph.advance == expected[index].advance && glyph.xOffset == 0 && glyph.yOffset == 0
                    && glyph.cluster == UInt32(index)
                index += 1
            }
        }
        return same && index == expected.count
    }

    /// The glyph this face has for `scalar`, or nil when it has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        font.glyph(for: scalar.value)
    }

    /// The horizontal advance of `glyph`, in font units (unshaped: no kerning).
    public func advance(of glyph: UInt32) -> Int32 {
        font.advance(of: glyph)
    }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        font.covers(scalar.value)
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

        init(_ metrics: (position: Int32, thickness: Int32)) {
            self.position = metrics.position
            self.thickness = max(metrics.thickness, 1)
        }
    }
}

/// An axis of a variable font: its tag (`wght`, `wdth`, `opsz`, …) and the range of its design
/// coordinates.
public struct VariationAxis: Hashable, Sendable {
    public var tag: String
    public var minimum: Double
    public var defaultValue: Double
    public var maximum: Double
}
