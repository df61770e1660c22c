import Foundation
import Testing

/// `mush render`: a line or a stack drawn as PNG, SVG or PDF.
@Suite("mush render")
struct RenderCommandTests {
    /// Runs `mush render - -o OUTPUT …` on `input`.
    func render(_ input: String, to output: URL, _ options: [String] = []) async throws -> CommandResult {
        try await mush(["render", "-", "-o", output.path] + options, input: Data(input.utf8))
    }

    /// A PNG's width and height, from its header (big-endian at bytes 16 and 20 of IHDR), and its
    /// colour type (byte 25): Cairo writes 2 (RGB) when every pixel is opaque, 6 (RGBA) otherwise.
    func pngSize(_ url: URL) throws -> (width: Int, height: Int, colourType: UInt8) {
        let bytes = [UInt8](try Data(contentsOf: url))
        try #require(bytes.count > 33)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
        func integer(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (integer(16), integer(20), bytes[25])
    }

    /// The x of each text element of an SVG's text layer, with its text.
    func svgTexts(_ url: URL) throws -> [(x: Double, text: String)] {
        let svg = try String(contentsOf: url, encoding: .utf8)
        return svg.split(separator: "\n").filter { $0.hasPrefix("<text ") }.compactMap { element in
            guard let x = element.firstRange(of: #"x=""#)?.upperBound,
                let close = element[x...].firstIndex(of: "\""),
                let start = element.firstIndex(of: ">"), let end = element.firstRange(of: "</text>")?.lowerBound,
                let value = Double(element[x..<close])
            else { return nil }
            return (value, String(element[element.index(after: start)..<end]))
        }
    }

    // MARK: - Output

    @Test func writesAPNGAndPrintsItsSize() async throws {
        try await inFolder { folder in
            let output = folder.appendingPathComponent("row.png")
            let result = try await render(
                #"{"width": 100.5, "height": 30, "left": ["Hello"]}"#, to: output, ["--scale", "2"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.error.isEmpty)
            #expect(result.output == "\(output.path): 201 × 60 pixels\n")
            let size = try pngSize(output)
            #expect(size.width == 201 && size.height == 60)
            // Cairo writes an opaque picture as RGB (colour type 2), one with any transparency as RGBA (6).
            #expect(size.colourType == 2, "opaque: white under everything")
        }
    }

    @Test func readsAFileAndWritesSVGAndPDFInPoints() async throws {
        try await inFolder { folder in
            let input = folder.appendingPathComponent("row.json")
            try Data(#"{"width": 80, "height": 20.5, "left": ["Hi"]}"#.utf8).write(to: input)
            for (name, magic) in [("row.svg", "<?xml"), ("row.pdf", "%PDF-"), ("ROW.SVG", "<?xml")] {
                let output = folder.appendingPathComponent(name)
                let result = try await mush(["render", input.path, "--output", output.path, "--scale", "1.5"])
                #expect(result.status == 0, "\(result.error)")
                #expect(result.output == "\(output.path): 120 × 31 points\n")
                #expect(try Data(contentsOf: output).starts(with: Data(magic.utf8)), "\(name)")
            }
        }
    }

    /// `--fonts` adds a font file, which the line may then name and which is drawn.
    @Test func addedFontsCanBeDrawn() async throws {
        let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        try #require(FileManager.default.fileExists(atPath: serif), "fonts-dejavu-core is installed by .ci/install")
        try await inFolder { folder in
            let line = #"{"width": 120, "height": 30, "font": {"family": "DejaVu Serif"}, "left": ["Serif"]}"#
            let output = folder.appendingPathComponent("serif.pdf")
            let without = try await render(line, to: output, ["--no-system-fonts"])
            expectOneLineError(without)
            #expect(without.error.hasPrefix("mush: error: font.family: no font family 'DejaVu Serif'"))
            // With the installed fonts (the default), fontconfig finds it.
            let installed = try await render(line, to: output)
            #expect(installed.status == 0, "\(installed.error)")
            let with = try await render(line, to: output, ["--fonts", serif])
            #expect(with.status == 0, "\(with.error)")
            #expect(with.output == "\(output.path): 120 × 30 points\n")
            // The PDF embeds the face it was drawn with.
            let pdf = String(decoding: try Data(contentsOf: output), as: UTF8.self)
            #expect(pdf.contains("DejaVuSerif"))
        }
    }

    /// JPEG and WebP by the output's extension (any case, `.jpg` or `.jpeg`), at a quality asked
    /// for; a paged document writes one file a page named with the extension as given.
    @Test func writesJPEGAndWebP() async throws {
        try await inFolder { folder in
            let row = ##"{"width": 100, "height": 30, "left": ["Hello"], "backgroundColor": "#0af"}"##
            let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
            for (name, magic) in [("row.jpg", jpeg), ("ROW.JPEG", jpeg), ("row.webp", Array("RIFF".utf8))] {
                let output = folder.appendingPathComponent(name)
                let result = try await render(row, to: output, ["--scale", "2", "--quality", "75"])
                #expect(result.status == 0, "\(result.error)")
                #expect(result.output == "\(output.path): 200 × 60 pixels\n")
                #expect([UInt8](try Data(contentsOf: output)).prefix(magic.count).elementsEqual(magic))
            }
            let rows = (0..<6).map { #"{"height": 50, "text": "Row \#($0)"}"# }.joined(separator: ", ")
            let output = folder.appendingPathComponent("pages.jpg")
            let paged = try await render(
                #"{"flexDirection": "column", "children": [\#(rows)]}"#, to: output,
                ["--page", "200x200", "--page-margin", "10"])
            #expect(paged.status == 0, "\(paged.error)")
            for page in 1...2 {
                let file = folder.appendingPathComponent("pages-\(page).jpg")
                #expect([UInt8](try Data(contentsOf: file)).prefix(3).elementsEqual(jpeg))
            }
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pages-3.jpg").path))
        }
    }

    // MARK: - Usage errors

    @Test(
        "Bad options: one line, status 2, nothing written",
        arguments: [
            (
                ["-o", "OUT.gif"],
                "the output file must end in .png, .jpg, .jpeg, .webp, .svg or .pdf (it is 'OUT.gif')"
            ),
            (["-o", "OUT"], "the output file must end in .png, .jpg, .jpeg, .webp, .svg or .pdf (it is 'OUT')"),
            (["-o", "OUT.png", "--scale", "0"], "--scale must be a number, at least 0.01 (it is 0)"),
            (["-o", "OUT.jpg", "--quality", "0"], "--quality must be a whole number from 1 to 100 (it is 0)"),
            (["-o", "OUT.png", "--quality", "80"], "--quality is for a JPEG or a WebP (the output is 'OUT.png')"),
            (
                ["-o", "OUT.png", "--png-compression", "best"],
                "--png-compression must be fast, standard or smallest (it is 'best')"
            ),
            (
                ["-o", "OUT.webp", "--png-compression", "smallest"],
                "--png-compression is for a PNG (the output is 'OUT.webp')"
            ),
            (["-o", "OUT.png", "--scale=-2"], "--scale must be a number, at least 0.01 (it is -2)"),
            (["-o", "OUT.png", "--scale", "-1"], "--scale must be a number, at least 0.01 (it is -1)"),
            (
                ["-o", "OUT.png", "--image-memory", "0"],
                "--image-memory must be a whole number of MiB from 1 to 1048576 (it is 0)"
            ),
            (["-o", "OUT.png", "--scale", "0.001"], "--scale must be a number, at least 0.01 (it is 0.001)"),
            (
                ["-o", "OUT.png", "--scale", "nan"],
                "The value 'nan' is invalid for '--scale <scale>': not a decimal number (such as 12 or 0.5; hexadecimal, inf and nan are not taken)"
            ),
            (
                ["-o", "OUT.png", "--scale", "inf"],
                "The value 'inf' is invalid for '--scale <scale>': not a decimal number (such as 12 or 0.5; hexadecimal, inf and nan are not taken)"
            ),
            (
                ["-o", "OUT.png", "--background", "red"],
                "--background 'red' is not a colour (#rgb, #rgba, #rrggbb, #rrggbbaa or none)"
            ),
            (
                ["-o", "OUT.png", "--background", "#12"],
                "--background '#12' is not a colour (#rgb, #rgba, #rrggbb, #rrggbbaa or none)"
            ),
        ])
    func badOptions(arguments: [String], message: String) async throws {
        try await inFolder { folder in
            // From a file: mush stops before reading any input.
            let input = folder.appendingPathComponent("in.json")
            try Data(#"{"width": 50, "height": 20}"#.utf8).write(to: input)
            let out = folder.appendingPathComponent("out").path
            let result = try await mush(
                ["render", input.path] + arguments.map { $0.replacingOccurrences(of: "OUT", with: out) })
            expectOneLineError(result)
            #expect(result.error == "mush: error: \(message.replacingOccurrences(of: "OUT", with: out))\n")
            #expect(result.output.isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["in.json"])
        }
    }

    @Test(
        "Bad input: the JSON path or the reason, one line, status 2",
        arguments: [
            (
                #"{"width": 100, "lines": [{"height": 10}, {"height": 10, "right": [{"box": {"margin": {"left": -1}}}]}]}"#,
                "lines[1].right[0].box.margin.left: must be a number from 0 to 1000000 points (it is -1)"
            ),
            (##"{"width": 100, "lines": [{"height": 10, "colour": "#fff"}]}"##, "unknown key 'colour' in lines[0]"),
            (#"{"height": 10}"#, "missing key 'width'"),
            (
                #"{"width": 50, "height": 0}"#,
                "nothing to draw: the picture is 50 × 0 points (give the line a height, or content to fit)"
            ),
            (
                #"{"width": 20000, "height": 10}"#,
                "the picture would be 40000 × 20 pixels; a PNG has at most 32767 pixels a side"
            ),
            (
                #"{"width": 6000, "height": 6000}"#,
                "the picture would be 12000 × 12000 pixels; a PNG has at most 134217728 pixels"
            ),
            (
                #"{"width": 100, "height": 40, "font": {"size": 9000}, "left": ["Hi"]}"#,
                "text of size 9000 at scale 2 would be 18000 pixels an em; at most 16384"
            ),
        ])
    func badInput(input: String, message: String) async throws {
        try await inFolder { folder in
            let result = try await render(input, to: folder.appendingPathComponent("out.png"), ["--scale", "2"])
            expectOneLineError(result)
            #expect(result.error == "mush: error: \(message)\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    /// SVG and PDF pages are limited in points, and say so.
    @Test(arguments: [("svg", "SVG", "an SVG"), ("pdf", "PDF", "a PDF")])
    func aPageTooLargeIsCountedInPoints(suffix: String, name: String, article: String) async throws {
        try await inFolder { folder in
            let big = try await render(
                #"{"width": 20000, "height": 10}"#, to: folder.appendingPathComponent("out.\(suffix)"),
                ["--scale", "2"])
            expectOneLineError(big)
            #expect(
                big.error
                    == "mush: error: the \(name) page would be 40000 × 20 points; \(article) page has at most 32767 points a side\n"
            )
            let font = try await render(
                #"{"width": 100, "height": 40, "font": {"size": 9000}, "left": ["Hi"]}"#,
                to: folder.appendingPathComponent("out.\(suffix)"), ["--scale", "2"])
            expectOneLineError(font)
            #expect(
                font.error
                    == "mush: error: text of size 9000 at scale 2 would be 18000 points an em on the \(name) page; at most 16384\n"
            )
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    /// Each way the output cannot be written is one line saying which, with status 2 (Foundation's
    /// own messages said "The file doesn't exist." or "NSCocoaErrorDomain error 512").
    @Test func anUnwritableOutputSaysWhy() async throws {
        try await inFolder { folder in
            let line = #"{"width": 50, "height": 20}"#
            let missing = try await render(line, to: URL(fileURLWithPath: "/nonexistent-mush-folder/out.png"))
            expectOneLineError(missing)
            #expect(
                missing.error
                    == "mush: error: cannot write /nonexistent-mush-folder/out.png: no such folder: /nonexistent-mush-folder\n"
            )

            let deeper = folder.appendingPathComponent("not/there/out.svg")
            let inMissing = try await render(line, to: deeper)
            expectOneLineError(inMissing)
            #expect(
                inMissing.error
                    == "mush: error: cannot write \(deeper.path): no such folder: \(folder.path)/not/there\n")

            let aFolder = folder.appendingPathComponent("out.png")
            try FileManager.default.createDirectory(at: aFolder, withIntermediateDirectories: false)
            let isFolder = try await render(line, to: aFolder)
            expectOneLineError(isFolder)
            #expect(isFolder.error == "mush: error: cannot write \(aFolder.path): it is a folder\n")

            let file = folder.appendingPathComponent("notes.txt")
            try Data("x".utf8).write(to: file)
            let throughFile = try await render(line, to: file.appendingPathComponent("out.pdf"))
            expectOneLineError(throughFile)
            #expect(
                throughFile.error == "mush: error: cannot write \(file.path)/out.pdf: \(file.path) is not a folder\n")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.txt", "out.png"])
        }
    }

    /// A folder the user may not write in. (Root writes anywhere, so this runs only for other users.)
    @Test(.enabled(if: getuid() != 0, "root may write in any folder"))
    func anOutputInAFolderWithoutPermissionSaysSo() async throws {
        try await inFolder { folder in
            let locked = folder.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
            let output = locked.appendingPathComponent("out.png")
            let result = try await render(#"{"width": 50, "height": 20}"#, to: output)
            expectOneLineError(result)
            #expect(
                result.error
                    == "mush: error: cannot write \(output.path): permission denied (cannot write in the folder \(locked.path))\n"
            )
        }
    }

    // MARK: - Stacks, images, backgrounds

    /// A stack's line without a width is as wide as the stack's inside: its right item ends where
    /// `mush line` puts it in a line of that width, moved by the stack's padding.
    @Test func aStackLineWithoutAWidthFillsTheStack() async throws {
        try await inFolder { folder in
            let output = folder.appendingPathComponent("stack.svg")
            let stack =
                #"{"width": 300, "padding": {"top": 5, "left": 12, "bottom": 5, "right": 8}, "lines": [{"height": 30, "right": ["End"]}]}"#
            let result = try await render(stack, to: output)
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output == "\(output.path): 300 × 40 points\n")

            let alone = try await mush(
                ["line", "-"], input: Data(#"{"width": 280, "height": 30, "right": ["End"]}"#.utf8))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(alone.output.utf8)) as? [String: Any])
            let items = try #require(object["items"] as? [[String: Any]])
            let frame = try #require(items.first?["frame"] as? [String: Any])
            let x = try #require(frame["x"] as? Double)
            #expect(x > 200, "the right item sits at the right of 280 points")
            let texts = try svgTexts(output)
            #expect(texts.map(\.text) == ["End"])
            #expect(abs((texts.first?.x ?? 0) - (12 + x)) < 0.001, "\(texts)")
        }
    }

    @Test func aMissingImageIsAWarningAndStillDrawn() async throws {
        try await inFolder { folder in
            let output = folder.appendingPathComponent("row.png")
            let line =
                #"{"width": 100, "height": 30, "right": [{"image": {"width": 10, "height": 10, "file": "no-such-image.png"}}]}"#
            let result = try await render(line, to: output)
            #expect(result.status == 0)
            #expect(result.error == "mush: warning: right[0]: image not found: no-such-image.png; drew a placeholder\n")
            #expect(result.output == "\(output.path): 100 × 30 pixels\n")
            #expect(FileManager.default.fileExists(atPath: output.path))

            // In a stack, the warning names the line too.
            let stack =
                #"{"width": 100, "lines": [{"height": 30}, {"height": 30, "left": [{"image": {"width": 10, "height": 10, "file": "/no/such.png"}}]}]}"#
            let inStack = try await render(stack, to: output)
            #expect(inStack.status == 0)
            #expect(
                inStack.error == "mush: warning: lines[1].left[0]: image not found: /no/such.png; drew a placeholder\n")

            // In a box's line, the path goes through the box, as the JSON does.
            let nested =
                #"{"width": 200, "lines": [{"height": 30, "middle": ["x"], "right": ["y", {"box": {"width": 60, "height": 20, "line": {"height": 20, "left": ["z"], "right": [{"image": {"width": 10, "height": 10}}, {"image": {"width": 10, "height": 10, "file": "/no/such.png"}}]}}}]}]}"#
            let inBox = try await render(nested, to: output)
            #expect(inBox.status == 0)
            #expect(
                inBox.error == """
                    mush: warning: lines[0].right[1].box.line.right[0]: the image names no file; drew a placeholder
                    mush: warning: lines[0].right[1].box.line.right[1]: image not found: /no/such.png; drew a placeholder

                    """)
        }
    }

    /// A file that is there but is no PNG, or a damaged one, says so (Cairo alone said "out of memory").
    @Test func anImageThatIsNotAPNGSaysSo() async throws {
        try await inFolder { folder in
            try Data("GIF89a".utf8).write(to: folder.appendingPathComponent("fake.png"))
            let swatch = folder.appendingPathComponent("swatch.png")
            #expect(try await render(#"{"width": 8, "height": 8}"#, to: swatch, ["--background", "#f00"]).status == 0)
            var damaged = try Data(contentsOf: swatch)
            damaged[try #require(damaged.range(of: Data("IDAT".utf8))).upperBound + 2] ^= 0xFF
            try damaged.write(to: folder.appendingPathComponent("damaged.png"))
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("folder.png"), withIntermediateDirectories: false)
            let input = folder.appendingPathComponent("row.json")
            try Data(
                #"{"width": 100, "height": 30, "left": [{"image": {"width": 10, "height": 10, "file": "fake.png"}}, {"image": {"width": 10, "height": 10, "file": "damaged.png"}}, {"image": {"width": 10, "height": 10, "file": "folder.png"}}]}"#
                    .utf8
            )
            .write(to: input)
            let result = try await mush(["render", input.path, "-o", folder.appendingPathComponent("row.png").path])
            #expect(result.status == 0)
            let base = folder.path
            #expect(
                result.error == """
                    mush: warning: left[0]: not a PNG, JPEG, WebP or SVG file: \(base)/fake.png; drew a placeholder
                    mush: warning: left[1]: a damaged PNG file: \(base)/damaged.png; drew a placeholder
                    mush: warning: left[2]: the image's path is a folder: \(base)/folder.png; drew a placeholder

                    """)
        }
    }

    /// Relative image paths are read from the folder of the JSON file, wherever mush runs.
    @Test func imagesAreReadRelativeToTheInputFile() async throws {
        try await inFolder { folder in
            // An image to show: a PNG drawn by mush itself.
            let image = folder.appendingPathComponent("swatch.png")
            #expect(try await render(#"{"width": 8, "height": 8}"#, to: image, ["--background", "#f00"]).status == 0)
            let input = folder.appendingPathComponent("row.json")
            try Data(
                #"{"width": 60, "height": 30, "right": [{"image": {"width": 16, "height": 16, "file": "swatch.png"}}]}"#
                    .utf8
            )
            .write(to: input)
            let result = try await mush(["render", input.path, "-o", folder.appendingPathComponent("row.png").path])
            #expect(result.status == 0)
            #expect(result.error.isEmpty, "\(result.error)")
            // From standard input the same name is read from the current directory, where it is not.
            let fromInput = try await render(
                String(decoding: try Data(contentsOf: input), as: UTF8.self),
                to: folder.appendingPathComponent("other.png"))
            #expect(fromInput.error == "mush: warning: right[0]: image not found: swatch.png; drew a placeholder\n")
        }
    }

    @Test func backgroundNoneLeavesThePictureUnpainted() async throws {
        try await inFolder { folder in
            let line = #"{"width": 50, "height": 20}"#
            let painted = folder.appendingPathComponent("painted.svg")
            let bare = folder.appendingPathComponent("bare.svg")
            let red = folder.appendingPathComponent("red.svg")
            #expect(try await render(line, to: painted).status == 0)
            #expect(try await render(line, to: bare, ["--background", "none"]).status == 0)
            #expect(try await render(line, to: red, ["--background", "#f00"]).status == 0)
            // White by default, the colour given, or nothing at all.
            #expect(try String(contentsOf: painted, encoding: .utf8).contains("fill:rgb(100%,100%,100%)"))
            #expect(try String(contentsOf: red, encoding: .utf8).contains("fill:rgb(100%,0%,0%)"))
            let svg = try String(contentsOf: bare, encoding: .utf8)
            #expect(!svg.contains("<rect") && !svg.contains("<path"), "\(svg)")

            // A PNG with transparent pixels has an alpha channel; an opaque one none.
            for (background, colourType) in [("none", 6), ("#fff8", 6), ("#fff", 2)] as [(String, UInt8)] {
                let png = folder.appendingPathComponent("bare.png")
                let result = try await render(line, to: png, ["--background", background, "--scale", "3"])
                #expect(result.status == 0)
                let size = try pngSize(png)
                #expect(size.width == 150 && size.height == 60)
                #expect(size.colourType == colourType, "--background \(background)")
            }
        }
    }
}

// MARK: - Box trees

extension RenderCommandTests {
    /// A document with a box tree's keys is laid out in --width and --height and drawn.
    @Test func aBoxTreeIsLaidOutAndDrawn() async throws {
        try await inFolder { folder in
            let output = folder.appendingPathComponent("tree.png")
            let tree = ##"""
                {"width": "100%", "padding": 10, "backgroundColor": "#eee", "children": [
                  {"flexGrow": 1, "height": 30, "backgroundColor": "#fff", "cornerRadius": 6,
                   "borderColors": {"bottom": "#ccc"}, "border": {"bottom": 1},
                   "shadow": {"color": "#0004", "y": 1, "blur": 2}, "text": "Hello", "zIndex": 1}]}
                """##
            let result = try await render(tree, to: output, ["--width", "120", "--scale", "2"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.error.isEmpty, "\(result.error)")
            #expect(result.output == "\(output.path): 240 × 100 pixels\n")
            let size = try pngSize(output)
            #expect(size.width == 240 && size.height == 100)
            // max-content by default: 100% of it is auto, as wide as the text and the padding.
            let narrow = try await render(tree, to: output)
            #expect(narrow.status == 0, "\(narrow.error)")
            #expect(narrow.output == "\(output.path): 61 × 50 pixels\n")
        }
    }

    /// Every key of the list makes a box tree; `lines` a stack; anything else a line.
    @Test func whichDocumentsAreBoxTrees() async throws {
        try await inFolder { folder in
            let output = folder.appendingPathComponent("out.svg")
            let text = try await render(#"{"text": "Hi", "width": 40, "height": 20}"#, to: output)
            #expect(text.output == "\(output.path): 40 × 20 points\n", "\(text.error)")
            let image = try await render(#"{"image": {"width": 30, "height": 10, "file": "x.png"}}"#, to: output)
            #expect(image.output == "\(output.path): 30 × 10 points\n")
            #expect(image.error == "mush: warning: root: image not found: x.png; drew a placeholder\n")
            let row = try await render(#"{"line": {"height": 12, "left": ["a"]}, "width": 50}"#, to: output)
            #expect(row.output == "\(output.path): 50 × 12 points\n", "\(row.error)")
            // A line has none of those keys: `width` is required, as before.
            let line = try await render(##"{"height": 10, "backgroundColor": "#fff"}"##, to: output)
            expectOneLineError(line)
            #expect(line.error == "mush: error: missing key 'width'\n")
            // MGBoxKit's nodes are box trees: an empty MGBox has nothing to draw.
            let boxes = try await render(#"{"boxes": []}"#, to: output)
            expectOneLineError(boxes)
            #expect(
                boxes.error
                    == "mush: error: nothing to draw: the picture is 0 × 0 points (give the root a size or content, or lay it out with --width and --height)\n"
            )
            let grid = try await render(
                #"{"contentLayoutMode": "grid", "width": 20, "boxes": [{"width": 5, "height": 5}]}"#, to: output)
            #expect(grid.output == "\(output.path): 20 × 5 points\n", "\(grid.error)")
            // So are BoxView's.
            let boxView = try await render(
                #"{"boxView": "horizontal", "insets": 2, "items": [{"view": {"width": 5, "height": 5}}]}"#, to: output)
            #expect(boxView.output == "\(output.path): 9 × 9 points\n", "\(boxView.error)")
        }
    }

    @Test func wholeDrawsAScrollViewsWholeContent() async throws {
        try await inFolder { folder in
            let output = folder.appendingPathComponent("scroll.png")
            let tree = ##"""
                {"width": 40, "height": 30, "overflow": "scroll", "flexDirection": "column", "backgroundColor": "#eee",
                 "children": [{"height": 50, "flexShrink": 0}, {"height": 50, "flexShrink": 0, "backgroundColor": "#f00"}]}
                """##
            let clipped = try await render(tree, to: output)
            #expect(clipped.output == "\(output.path): 40 × 30 pixels\n", "\(clipped.error)")
            let whole = try await render(tree, to: output, ["--whole", "--scale", "2"])
            #expect(whole.output == "\(output.path): 80 × 200 pixels\n", "\(whole.error)")
            let size = try pngSize(output)
            #expect(size.width == 80 && size.height == 200)
        }
    }

    @Test(
        "A bad value of a box tree: its JSON path, one line, status 2",
        arguments: [
            (
                ##"{"children": [{}, {"shadow": {"color": "#000", "blur": -1}}]}"##,
                "children[1].shadow.blur: must be a number from 0 to 1000000 points (it is -1)"
            ),
            (
                ##"{"children": [{"borderColors": {"top": "red"}}]}"##,
                "children[0].borderColors.top: 'red' is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa)"
            ),
            (
                #"{"width": 10, "height": 10, "zIndex": "top", "children": []}"#,
                "zIndex: expected a number, not a string"
            ),
            (
                #"{"children": [{"cornerRadius": -4}]}"#,
                "children[0].cornerRadius: must be a number from 0 to 1000000 points (it is -4)"
            ),
            (
                #"{"children": []}"#,
                "nothing to draw: the picture is 0 × 0 points (give the root a size or content, or lay it out with --width and --height)"
            ),
        ])
    func badBoxTree(input: String, message: String) async throws {
        try await inFolder { folder in
            let result = try await render(input, to: folder.appendingPathComponent("out.png"))
            expectOneLineError(result)
            #expect(result.error == "mush: error: \(message)\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    @Test func badSpacesAreUsageErrors() async throws {
        try await inFolder { folder in
            let result = try await render(
                #"{"text": "a"}"#, to: folder.appendingPathComponent("out.png"), ["--width", "wide"])
            expectOneLineError(result)
            #expect(
                result.error
                    == "mush: error: --width must be a number of points from 0 to 1000000, max-content or min-content (it is 'wide')\n"
            )
        }
    }

    /// The request's warnings (markup) and the drawing's (images) name their nodes by JSON path.
    @Test func boxTreeWarningsNameTheirNodes() async throws {
        try await inFolder { folder in
            let tree = """
                {"width": 100, "children": [
                  {"text": "**open|mush"},
                  {"children": [{"image": {"width": 10, "height": 10, "file": "none.png"}}]},
                  {"line": {"height": 12, "right": [{"image": {"width": 10, "height": 10, "file": "/no/such.png"}}]}}]}
                """
            let result = try await render(tree, to: folder.appendingPathComponent("out.pdf"))
            #expect(result.status == 0)
            #expect(
                result.error == """
                    mush: warning: children[0].text: unmatched '**' (kept as text)
                    mush: warning: children[1].children[0]: image not found: none.png; drew a placeholder
                    mush: warning: children[2].line.right[0]: image not found: /no/such.png; drew a placeholder

                    """)
        }
    }

    /// Drawing warnings name the node as the input does, through every vocabulary: an MGBox's
    /// `boxes[1]`, an MKLayoutLibrary item's `items[0].view` (its item box is no node of the
    /// result), a BoxView's `items[0].view`, a table's `middleLines[0]`.
    @Test func drawingWarningsNameTheInputsNodes() async throws {
        try await inFolder { folder in
            // (Each file is named once, where it is first drawn.)
            func image(_ name: String) -> String { #"{"image": {"width": 10, "height": 10, "file": "\#(name).png"}}"# }
            let tree = """
                {"width": 200, "boxes": [
                  {"height": 5},
                  \(image("a")),
                  {"linearLayout": "horizontal", "height": 20, "items": [{"view": \(image("b"))}]},
                  {"boxView": "vertical", "items": [{"view": \(image("c"))}]},
                  {"middleLines": [{"line": {"left": [\(image("d"))]}}]}]}
                """
            let result = try await render(tree, to: folder.appendingPathComponent("out.pdf"))
            #expect(result.status == 0)
            #expect(
                result.error == """
                    mush: warning: boxes[1]: image not found: a.png; drew a placeholder
                    mush: warning: boxes[2].items[0].view: image not found: b.png; drew a placeholder
                    mush: warning: boxes[3].items[0].view: image not found: c.png; drew a placeholder
                    mush: warning: boxes[4].middleLines[0].line.left[0]: image not found: d.png; drew a placeholder

                    """)
        }
    }
}
