import Foundation
import Testing

@testable import MushText

@Suite("Fonts")
struct FontTests {
    let fonts = FontCollection.standard

    /// The fallback answers' table: every key kept is found with its answer (a face, or none) as
    /// it grows, keys that differ in any one part are told apart, and a key not kept is not found.
    @Test func fallbackTableKeepsEveryAnswer() {
        let faces = FontCollection.shipped.faces
        var table = FallbackTable()
        var kept: [(FallbackTable.Key, FontFace?)] = []
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for index in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let key = FallbackTable.Key(
                scalar: UInt32(truncatingIfNeeded: state >> 40) % 0x11_0000,
                preferred: ObjectIdentifier(faces[Int(state >> 20) % faces.count]), bold: state & 1 == 0,
                italic: state & 2 == 0, script: Int32(truncatingIfNeeded: state >> 8) % 200 - 1)
            guard table.answer(key) == nil else { continue }
            let face = index % 3 == 0 ? nil : faces[index % faces.count]
            table.keep(face, for: key)
            kept.append((key, face))
        }
        #expect(kept.count > 4_900)
        for (key, face) in kept {
            let answer = table.answer(key)
            #expect(answer != nil)
            #expect(answer.map { $0.map(ObjectIdentifier.init) } == .some(face.map(ObjectIdentifier.init)))
        }
        let base = FallbackTable.Key(
            scalar: 0x4F60, preferred: ObjectIdentifier(faces[0]), bold: false, italic: false, script: 17)
        var small = FallbackTable()
        small.keep(faces[1], for: base)
        for other in [
            FallbackTable.Key(
                scalar: 0x4F61, preferred: ObjectIdentifier(faces[0]), bold: false, italic: false, script: 17),
            FallbackTable.Key(
                scalar: 0x4F60, preferred: ObjectIdentifier(faces[1]), bold: false, italic: false, script: 17),
            FallbackTable.Key(
                scalar: 0x4F60, preferred: ObjectIdentifier(faces[0]), bold: true, italic: false, script: 17),
            FallbackTable.Key(
                scalar: 0x4F60, preferred: ObjectIdentifier(faces[0]), bold: false, italic: true, script: 17),
            FallbackTable.Key(
                scalar: 0x4F60, preferred: ObjectIdentifier(faces[0]), bold: false, italic: false, script: -1),
        ] {
            #expect(small.answer(other) == nil)
        }
        #expect(small.answer(base).map { $0.map(ObjectIdentifier.init) } == .some(ObjectIdentifier(faces[1])))
    }

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

    /// The default family's faces are chosen once, when the collection is made: asked by no name or
    /// by the family's own, the answer is the one the family's name in other letters (looked up as
    /// any other family is) gives, for every style; a collection whose default family is not the
    /// first one's, and one of a family without its bold and italic faces, alike.
    @Test func theDefaultFamilysChoicesAreThoseOfItsName() throws {
        let thai = fonts.faces.filter { $0.family == "Noto Sans Thai" }
        for collection in [fonts, FontCollection(faces: thai + fonts.faces), FontCollection(faces: thai)] {
            let name = collection.defaultFamily
            for (bold, italic) in [(false, false), (false, true), (true, false), (true, true)] {
                let general = collection.face(family: name.uppercased(), bold: bold, italic: italic)
                for choice in [
                    collection.face(family: nil, bold: bold, italic: italic),
                    collection.face(family: name, bold: bold, italic: italic, monospace: true),
                ] {
                    #expect(choice.face === general.face, "\(name), bold \(bold), italic \(italic)")
                    #expect(choice.syntheticBold == general.syntheticBold)
                    #expect(choice.syntheticOblique == general.syntheticOblique)
                }
            }
        }
        #expect(FontCollection(faces: thai).face(family: nil, bold: true, italic: false).syntheticBold)
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
        let shipped = FontCollection.shipped
        let more = try shipped.adding([serif])
        #expect(more.faces(ofFamily: "DejaVu Serif").count == 1)
        #expect(more.face(family: "DejaVu Serif", bold: true, italic: false).syntheticBold)
        #expect(more.defaultFamily == "DejaVu Sans")
        #expect(shipped.faces(ofFamily: "DejaVu Serif").isEmpty, "the original collection is unchanged")
        #expect(!shipped.hasFamily("DejaVu Serif"))
    }

    /// Families the collection lacks come from the installed fonts through fontconfig, in the
    /// style asked for (the installed bold face, not a synthetic one); the collection's own
    /// families never do.
    @Test func installedFamilies() throws {
        try #require(
            FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"),
            "fonts-dejavu-extra provides DejaVu Serif Bold")
        #expect(fonts.hasFamily("DejaVu Serif"))
        #expect(fonts.hasFamily("dejavuserif"), "case and spaces do not count, as in fontconfig")
        let bold = fonts.face(family: "DejaVu Serif", bold: true, italic: false)
        #expect(bold.face.family == "DejaVu Serif")
        #expect(bold.face.isBold && !bold.syntheticBold)
        #expect(bold.face.path == "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf")
        let regular = fonts.face(family: "DejaVu Serif", bold: false, italic: false).face
        #expect(regular.path == "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "not a condensed face")
        // A generic name resolves through fontconfig's aliases.
        #expect(fonts.hasFamily("serif"))
        #expect(!fonts.hasFamily("No Such Family"))
        // The shipped DejaVu Sans stays the collection's own, though it is installed too.
        #expect(
            fonts.face(family: "DejaVu Sans", bold: false, italic: false).face.path.hasSuffix(
                "Mush_MushFonts.resources/DejaVuSans.ttf"))
    }

    /// Characters no shipped face has are drawn with the installed face fontconfig prefers for
    /// their script; without system fonts they are missing-glyph boxes, and the paragraph says so.
    @Test func fallbackToInstalledFonts() throws {
        let hangul = try Paragraph(mush: "파일")
        #expect(hangul.items.map(\.face.family) == ["Noto Sans CJK KR"], "Korean text asks for a Korean face")
        let kana = try Paragraph(mush: "ファイル")
        #expect(kana.items.map(\.face.family) == ["Noto Sans CJK JP"])
        #expect(hangul.warnings.isEmpty)
        let missing = try Paragraph(mush: "a你好\u{1F9FF} b 你", fonts: .shipped)
        #expect(
            missing.warnings.map(\.description) == [
                "no font has U+4F60 你, U+597D 好, U+1F9FF \u{1F9FF}; they are drawn as missing-glyph boxes"
            ])
        #expect(
            try Paragraph(mush: "\u{1F9FF}", fonts: .shipped).warnings.map(\.description) == [
                "no font has U+1F9FF \u{1F9FF}; it is drawn as a missing-glyph box"
            ])
        // An emoji presentation goes to the colour emoji font even where DejaVu has the character.
        let smile = try Paragraph(mush: "\u{263A}\u{FE0F} \u{263A}")
        #expect(smile.items.map(\.face.family) == ["Noto Color Emoji", "DejaVu Sans"])
    }

    /// A face's coverage, learned as it is asked and kept, answers as the font's `cmap` does for
    /// every scalar of the Basic Multilingual Plane, asked by four threads at once and then again
    /// (read from what was kept), and beyond it.
    @Test func coverageIsTheFontsOwnAnswer() {
        let faces = FontCollection.shipped.faces
        let scalars = (0..<0x10000).compactMap(Unicode.Scalar.init) + ["\u{1F600}", "\u{10000}", "\u{E0001}"]
        let wrong = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for face in faces {
                // Each thread in its own order, so that they learn different scalars first.
                let order = thread % 2 == 0 ? scalars : scalars.reversed()
                for round in 0..<2 {
                    for scalar in order where face.covers(scalar) != (face.glyph(for: scalar) != nil) {
                        wrong.add("\(face) U+\(String(scalar.value, radix: 16)) round \(round)")
                    }
                }
            }
        }
        #expect(wrong.count == 0, "\(wrong.first)")
        // (Not all yes or all no: Thai is in one shipped family only.)
        #expect(faces.contains { $0.covers("\u{0E01}") } && faces.contains { !$0.covers("\u{0E01}") })
    }

    /// The list of missing characters: each as `U+` and at least four upper-case hexadecimal
    /// digits, then the character; at most twelve, then how many more.
    @Test func missingCharactersAreListedByCodeAndCharacter() {
        func reference(_ scalars: [Unicode.Scalar]) -> String {
            var names = scalars.prefix(12).map { scalar in
                let code = String(scalar.value, radix: 16, uppercase: true)
                return "U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code) \(Character(scalar))"
            }
            if scalars.count > 12 { names.append("and \(scalars.count - 12) more") }
            return "no font has \(names.joined(separator: ", ")); "
                + (scalars.count == 1 ? "it is drawn as a missing-glyph box" : "they are drawn as missing-glyph boxes")
        }
        let cases: [[Unicode.Scalar]] = [
            ["\u{A0}"], ["\u{2F}", "\u{FFFD}"], ["\u{1F9FF}", "\u{10FFFD}", "\u{E0001}", "\u{0A2B}"],
            (0x0A05...0x0A20).compactMap(Unicode.Scalar.init), (0x4F60...0x4F6C).compactMap(Unicode.Scalar.init),
        ]
        for scalars in cases {
            #expect(TextWarning.missingGlyphs(scalars).description == reference(scalars))
        }
    }
}

/// Problems found on many threads: how many, and the first.
private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []

    func add(_ problem: String) {
        lock.withLock { found.append(problem) }
    }

    var count: Int { lock.withLock { found.count } }
    var first: String? { lock.withLock { found.first } }
}
