import Foundation
import Testing

/// How the commands find fonts: the shipped ones, `--fonts`, and the installed ones through
/// fontconfig (fonts-noto-cjk and fonts-noto-color-emoji, installed by .ci/install).
@Suite("Fonts on the command line")
struct FontCommandTests {
    /// The README's example: Chinese and an emoji measure as Pango 1.50 lays them out with the same
    /// fonts (Noto Sans CJK JP and Noto Color Emoji after DejaVu Sans): one line 87.505859375 wide
    /// (within Pango's 1/1024) and 23.16796875 tall, the CJK font's ascent and descent.
    @Test func cjkAndEmojiMeasureWithInstalledFonts() async throws {
        let result = try await mush(["measure", "你好世界 😀"])
        #expect(result.status == 0)
        #expect(result.error == "")
        #expect(
            result.output
                == #"{"height":23.168,"lineCount":1,"lines":[{"baseline":18.56,"end":6,"height":23.168,"start":0,"text":"你好世界 😀","width":87.505875,"x":0,"y":0}],"truncated":false,"width":87.505875}"#
                + "\n")
    }

    /// Without the installed fonts, characters no shipped font has are measured as missing-glyph
    /// boxes, and a warning names them.
    @Test func missingCharactersAreNamed() async throws {
        let result = try await mush(["measure", "--no-system-fonts", "你好世界 😀"])
        #expect(result.status == 0)
        #expect(
            result.error
                == "mush: warning: no font has U+4F60 你, U+597D 好, U+4E16 世, U+754C 界; they are drawn as missing-glyph boxes\n"
        )
        #expect(result.output.contains(#""height":18.625"#))
    }

    /// A family the shipped fonts lack is found installed; `--no-system-fonts` makes it an error.
    @Test func installedFamiliesByName() async throws {
        let found = try await mush(["measure", "--font-family", "DejaVu Serif", "Serif"])
        #expect(found.status == 0)
        #expect(found.error == "")
        let markup = try await mush(["measure", "--mush", "{font:DejaVu Serif,20|big}"])
        #expect(markup.error == "", "the README's example has its serif")
        let off = try await mush(["measure", "--no-system-fonts", "--font-family", "DejaVu Serif", "Serif"])
        #expect(off.status == 2)
        #expect(off.error.hasPrefix("mush: error: fontFamily (--font-family): no font family 'DejaVu Serif'"))
    }

    /// `--only-given-fonts` uses the `--fonts` files alone, and needs some.
    @Test func onlyGivenFonts() async throws {
        let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        let only = try await mush(["measure", "--only-given-fonts", "--fonts", serif, "Serif 你"])
        #expect(only.status == 0)
        #expect(only.error == "mush: warning: no font has U+4F60 你; it is drawn as a missing-glyph box\n")
        let none = try await mush(["measure", "--only-given-fonts", "x"])
        #expect(none.status == 2)
        #expect(none.error.contains("--only-given-fonts needs --fonts"))
    }
}
