import Foundation
import Testing

@testable import MushText

@Suite("Fonts")
struct FontTests {
    let fonts = FontCollection.standard

    @Test func standardCollectionHasTheShippedFamilies() {
        #expect(fonts.families == ["DejaVu Sans", "DejaVu Sans Mono", "Noto Sans Thai", "Noto Sans Devanagari"])
        #expect(fonts.faces(ofFamily: "dejavu sans").count == 4)
        #expect(fonts.faces(ofFamily: "DejaVu Sans Mono").allSatisfy { $0.isMonospace })
        #expect(fonts.defaultFamily == "DejaVu Sans")
        #expect(fonts.monospaceFamily == "DejaVu Sans Mono")
    }

    @Test func dejaVuSansMetrics() {
        // DejaVu Sans: 2048 units per em, hhea ascender 1901, descender -483, line gap 0.
        let face = fonts.face(family: nil, bold: false, italic: false).face
        #expect(face.family == "DejaVu Sans")
        #expect(face.style == "Book")
        #expect(face.unitsPerEm == 2048)
        #expect(face.ascender == 1901)
        #expect(face.descender == -483)
        #expect(face.lineGap == 0)
    }

    @Test(
        "Faces by style",
        arguments: [
            (false, false, false, "DejaVu Sans Book"),
            (true, false, false, "DejaVu Sans Bold"),
            (false, true, false, "DejaVu Sans Oblique"),
            (true, true, false, "DejaVu Sans Bold Oblique"),
            (false, false, true, "DejaVu Sans Mono Book"),
            (true, true, true, "DejaVu Sans Mono Bold Oblique"),
        ])
    func facesByStyle(bold: Bool, italic: Bool, monospace: Bool, expected: String) {
        let choice = fonts.face(family: nil, bold: bold, italic: italic, monospace: monospace)
        #expect(choice.face.description == expected)
        #expect(!choice.syntheticBold && !choice.syntheticOblique)
    }

    @Test func syntheticStylesWhereAFamilyLacksThem() {
        // The Thai family ships only its regular face.
        let choice = fonts.face(family: "Noto Sans Thai", bold: true, italic: true)
        #expect(choice.face.family == "Noto Sans Thai")
        #expect(choice.syntheticBold && choice.syntheticOblique)
    }

    @Test func unknownFamilyFallsBackToTheDefault() {
        #expect(fonts.face(family: "No Such Family", bold: false, italic: false).face.family == "DejaVu Sans")
    }

    @Test func fallbackByCoverage() {
        let sans = fonts.face(family: nil, bold: false, italic: false).face
        #expect(sans.covers("A"))
        #expect(sans.covers("\u{0627}"), "DejaVu Sans has Arabic")
        #expect(!sans.covers("\u{0E01}"), "DejaVu Sans lacks Thai")
        #expect(fonts.fallback(for: "\u{0E01}", preferring: sans)?.family == "Noto Sans Thai")
        #expect(fonts.fallback(for: "\u{0915}", preferring: sans)?.family == "Noto Sans Devanagari")
        #expect(fonts.fallback(for: "A", preferring: sans) === sans)
        #expect(fonts.fallback(for: "\u{10FFFD}", preferring: sans) == nil)
    }

    @Test func missingAndCorruptFilesAreTypedErrors() throws {
        #expect(throws: FontError.missingFile("/no/such/font.ttf")) { try FontFace(path: "/no/such/font.ttf") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mush-font-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let corrupt = folder.appendingPathComponent("Broken.ttf").path
        try Data("this is not a font".utf8).write(to: URL(fileURLWithPath: corrupt))
        #expect {
            try FontFace(path: corrupt)
        } throws: { error in
            guard case .notAFont(let path, _) = error as? FontError else { return false }
            return path == corrupt
        }
        #expect(throws: FontError.self) { try fonts.adding([folder.path]) }
        let empty = folder.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(throws: FontError.noFonts(inFolder: empty)) { try fonts.adding([empty]) }
    }

    @Test func addingFonts() throws {
        let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        try #require(FileManager.default.fileExists(atPath: serif), "fonts-dejavu-core provides DejaVu Serif")
        let more = try fonts.adding([serif])
        #expect(more.faces(ofFamily: "DejaVu Serif").count == 1)
        #expect(more.face(family: "DejaVu Serif", bold: true, italic: false).syntheticBold)
        #expect(more.defaultFamily == "DejaVu Sans")
        #expect(fonts.faces(ofFamily: "DejaVu Serif").isEmpty, "the original collection is unchanged")
    }
}
