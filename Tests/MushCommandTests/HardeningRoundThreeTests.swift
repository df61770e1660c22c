import Foundation
import MushBase
import MushCommands
import MushJSON
import MushJobs
import Testing

/// Issue 55, third round: tiny pages, numbers in options, frame delays, `page.size` as text, line
/// breaks in quoted option values, and stale help.
@Suite("Hostile input, third round")
struct HostileInputRoundThreeTests {
    /// A box tree a million points tall: 13,889 pages of 72 points.
    static let tall = #"{"flexDirection": "column", "children": [{"height": 1000000}]}"#

    /// Runs `mush ARGUMENTS` on `input` and expects one line, `mush: error: MESSAGE`, status 2.
    func expectError(
        _ arguments: [String], input: String = "{}", _ message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let result = try await mush(arguments, input: Data(input.utf8))
        expectOneLineError(result, sourceLocation: sourceLocation)
        #expect(result.error == "mush: error: \(message)\n", sourceLocation: sourceLocation)
        #expect(result.output.isEmpty, sourceLocation: sourceLocation)
    }

    // MARK: Tiny pages

    /// A page is at least 72 points a side; `--page 1x1` was cut into 70,336 pages of 1,000 rows.
    @Test func tinyPagesAreRefusedByName() async throws {
        let sides = "each 72 to 1000000"
        try await expectError(
            ["render", "-", "-o", "x.pdf", "--page", "1x1", "--page-margin", "0"],
            "--page must be a4, a5, a3, letter, legal or WIDTHxHEIGHT in points, \(sides) (it is '1x1')")
        try await expectError(
            ["layout", "-", "--page", "71.9x500", "--page-margin", "0"],
            "--page must be a4, a5, a3, letter, legal or WIDTHxHEIGHT in points, \(sides) (it is '71.9x500')")
        try await expectError(
            ["render", "-", "-o", "x.pdf", "--page", "72x72", "--page-margin", "20"],
            "--page-margin must leave at least 36 × 36 points of the page for its content (it leaves 32 × 32) on a page of 72x72"
        )
        try await expectError(
            ["render", "-", "-o", "x.pdf", "--page", "200x200", "--page-margin", "90,10,90,10"],
            "--page-margin must leave at least 36 × 36 points of the page for its content (it leaves 180 × 20) on a page of 200x200"
        )
    }

    /// More than 10,000 pages is an error naming the option, before a page is drawn.
    @Test func tooManyPagesNameTheOption() async throws {
        try await inFolder { folder in
            let out = folder.appendingPathComponent("x.png").path
            try await expectError(
                ["render", "-", "-o", out, "--page", "72x72", "--page-margin", "0"], input: Self.tall,
                "--page 72x72 with --page-margin 0 cuts the tree into more than 10000 pages, the most a document may have (give larger pages or a smaller margin)"
            )
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
        try await expectError(
            ["layout", "-", "--page", "108x108"], input: #"{"height": 400000}"#,
            "--page 108x108 cuts the tree into more than 10000 pages, the most a document may have (give larger pages or a smaller margin)"
        )
    }

    /// A service's pages (`RenderJob.PageSize`) name themselves by their size unless it says how
    /// they were given; the margin's room is the same rule.
    @Test func aJobsPagesNameThemselves() throws {
        let tall = Array(Self.tall.utf8)
        let plain = try #require(RenderJob.PageSize(named: "72x72", margin: BoxEdges(0)))
        let problem =
            "cuts the tree into more than 10000 pages, the most a document may have (give larger pages or a smaller margin)"
        #expect(throws: RequestError("the page size 72x72 \(problem)")) {
            try RenderJob(format: .pdf, page: plain).run(tall)
        }
        let named = try #require(RenderJob.PageSize(named: "72x72", margin: BoxEdges(0), givenAs: "?page=72x72"))
        #expect(throws: RequestError("?page=72x72 \(problem)")) {
            try RenderJob(format: .pdf, page: named).run(tall)
        }
        #expect(RenderJob.PageSize(named: "1x1", margin: BoxEdges(0)) == nil)
        #expect(RenderJob.PageSize(named: "0x48x0x48") == nil)
        #expect(RenderJob.PageSize(named: "108x108")?.hasRoom == true)
        #expect(RenderJob.PageSize(named: "107.9x108")?.hasRoom == false)
    }

    /// The JSON `page`: the same limits, named by their paths.
    @Test(
        arguments: [
            (
                #"{"page": {"size": [1, 1], "margin": 0}, "children": []}"#,
                #"page.size: must be [WIDTH, HEIGHT] or "WIDTHxHEIGHT", each 72 to 1000000 points (it is 1 × 1)"#
            ),
            (
                #"{"page": {"size": "1x1", "margin": 0}, "children": []}"#,
                #"page.size: must be a4, a5, a3, letter, legal, "WIDTHxHEIGHT" or [WIDTH, HEIGHT], each 72 to 1000000 points (it is '1x1')"#
            ),
            (
                #"{"page": {"size": "0x100x0x100"}, "children": []}"#,
                #"page.size: must be a4, a5, a3, letter, legal, "WIDTHxHEIGHT" or [WIDTH, HEIGHT], each 72 to 1000000 points (it is '0x100x0x100')"#
            ),
            (
                #"{"page": {"size": [100, 100], "margin": 40}, "children": []}"#,
                "page.margin: must leave at least 36 × 36 points of the page for its content (it leaves 20 × 20)"
            ),
            (
                #"{"page": {"size": [72, 72], "margin": 0}, "children": [{"height": 1000000}]}"#,
                "page.size: cuts the tree into more than 10000 pages, the most a document may have (give larger pages or a smaller margin)"
            ),
        ])
    func badDocumentPagesNameTheirPaths(json: String, message: String) async throws {
        try await expectError(["layout", "-"], input: json, message)
        try await expectError(["render", "-", "-o", "x.pdf"], input: json, message)
    }

    /// `"size": "WIDTHxHEIGHT"` in the JSON, as `--page` takes it; `[WIDTH, HEIGHT]` still.
    @Test func aDocumentPageSizeMayBeWrittenAsTheOptionIs() async throws {
        try await inFolder { folder in
            let rows = (0..<9).map { #"{"height": 50, "text": "Row \#($0)"}"# }.joined(separator: ", ")
            for size in [#""200x300""#, #""200X300""#, "[200, 300]"] {
                let json =
                    #"{"page": {"size": \#(size), "margin": 10}, "flexDirection": "column", "children": [\#(rows)]}"#
                let file = folder.appendingPathComponent("doc.json")
                try Data(json.utf8).write(to: file)
                let pdf = folder.appendingPathComponent("doc.pdf").path
                let result = try await mush(["render", file.path, "-o", pdf])
                #expect(result.status == 0, "\(result.error)")
                #expect(result.output == "\(pdf): 2 pages of 200 × 300 points\n")
            }
        }
    }

    // MARK: Numbers in options

    static let notDecimal = "not a decimal number (such as 12 or 0.5; hexadecimal, inf and nan are not taken)"

    /// Hexadecimal, `inf` and `nan` are no numbers in any option (Swift's `Double("0x10")` is 16).
    @Test(
        arguments: [
            (["render", "-", "-o", "x.png", "--scale", "0x10"], "The value '0x10' is invalid for '--scale <scale>': "),
            (["render", "-", "-o", "x.png", "--scale", "inf"], "The value 'inf' is invalid for '--scale <scale>': "),
            (["render", "-", "-o", "x.png", "--scale=nan"], "The value 'nan' is invalid for '--scale <scale>': "),
            (["measure", "--width", "0x10", "x"], "The value '0x10' is invalid for '--width <width>': "),
            (["measure", "--font-size", "0x1p4", "x"], "The value '0x1p4' is invalid for '--font-size <font-size>': "),
            (
                ["measure", "--line-spacing", "infinity", "x"],
                "The value 'infinity' is invalid for '--line-spacing <line-spacing>': "
            ),
            (
                ["measure", "--max-height", "-nan", "x"],
                "The value '-nan' is invalid for '--max-height <max-height>': "
            ),
            (
                ["render", "-", "-o", "x.png", "--from", "a.json", "--duration", "0x1"],
                "The value '0x1' is invalid for '--duration <duration>': "
            ),
        ])
    func numericOptionsAreDecimal(arguments: [String], prefix: String) async throws {
        try await expectError(arguments, prefix + Self.notDecimal)
    }

    /// The numbers inside `--hit`, `--width`, `--height`, `--page` and `--page-margin` too.
    @Test func numbersInsideOptionsAreDecimal() async throws {
        try await expectError(
            ["layout", "-", "--hit", "0x10,0x10"],
            "--hit must be two numbers of points, X,Y, each from -1000000 to 1000000 (it is '0x10,0x10')")
        try await expectError(
            ["layout", "-", "--width", "0x10"],
            "--width must be a number of points from 0 to 1000000, max-content or min-content (it is '0x10')")
        try await expectError(
            ["render", "-", "-o", "x.png", "--height", "nan"],
            "--height must be a number of points from 0 to 1000000, max-content or min-content (it is 'nan')")
        try await expectError(
            ["render", "-", "-o", "x.pdf", "--page", "0x100x0x100"],
            "--page must be a4, a5, a3, letter, legal or WIDTHxHEIGHT in points, each 72 to 1000000 (it is '0x100x0x100')"
        )
        try await expectError(
            ["render", "-", "-o", "x.pdf", "--page", "a4", "--page-margin", "0x10"],
            "--page-margin must be one number of points or four, TOP,RIGHT,BOTTOM,LEFT, each 0 to 1000000 (it is '0x10')"
        )
        // Decimal numbers in every form still read.
        let hit = try await mush(
            ["layout", "-", "--hit", "+1.5e1,.5"], input: Data(#"{"width": 20, "height": 20}"#.utf8))
        #expect(hit.status == 0, "\(hit.error)")
    }

    /// A transition whose frames would be shown for less than a thousandth of a second each (an
    /// animated PNG's unit) is refused; `1e-300` was written as delays of 0.
    @Test func frameDelaysThatRoundToZeroAreRefused() async throws {
        try await inFolder { folder in
            let tree = folder.appendingPathComponent("tree.json")
            try Data(##"{"width": 20, "height": 20, "backgroundColor": "#f00", "children": []}"##.utf8).write(to: tree)
            let out = folder.appendingPathComponent("t.png").path
            let base = ["render", tree.path, "--from", tree.path, "-o", out]
            try await expectError(
                base + ["--duration", "1e-300"],
                "--duration must give each of the 11 frames after the first at least a thousandth of a second: at least 0.011 s (it is 1e-300)"
            )
            try await expectError(
                base + ["--duration", "0.0049", "--frames", "6"],
                "--duration must give each of the 5 frames after the first at least a thousandth of a second: at least 0.005 s (it is 0.0049)"
            )
            let shortest = try await mush(base + ["--duration", "0.011"])
            #expect(shortest.status == 0, "\(shortest.error)")
            #expect(shortest.output.hasSuffix(", 12 frames over 0.011 s\n"))
            // Each frame's delay in the PNG: fcTL's delay numerator and denominator, 1/1000.
            let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
            let fcTL = Array("fcTL".utf8)
            let starts = png.indices.dropLast(40).filter { Array(png[$0..<$0 + 4]) == fcTL }
            #expect(starts.count == 12)
            for start in starts {
                let delay = Int(png[start + 24]) << 8 | Int(png[start + 25])
                let unit = Int(png[start + 26]) << 8 | Int(png[start + 27])
                #expect(delay == 1 && unit == 1000)
            }
        }
    }

    // MARK: Messages and help

    /// A line break in an option's value is written `\n` in the message, as every other value the
    /// user gives is, not joined into a space.
    @Test func lineBreaksInOptionValuesAreEscaped() async throws {
        try await expectError(
            ["render", "-", "-o", "a\nb.gif"],
            "the output file must end in .png, .jpg, .jpeg, .webp, .svg or .pdf (it is 'a\\nb.gif')")
        try await expectError(
            ["render", "-", "-o", "x.pdf", "--page", "a4\nx"],
            "--page must be a4, a5, a3, letter, legal or WIDTHxHEIGHT in points, each 72 to 1000000 (it is 'a4\\nx')")
        try await expectError(
            ["layout", "-", "--hit=1\n,2"],
            "--hit must be two numbers of points, X,Y, each from -1000000 to 1000000 (it is '1\\n,2')")
        try await expectError(
            ["render", "-", "-o", "x.png", "--scale", "1\n2"],
            "The value '1\\n2' is invalid for '--scale <scale>': \(Self.notDecimal)")
        try await expectError(
            ["render", "-", "-o", "x.png", "--background", "#fff\u{1B}[2J"],
            "--background '#fff\\u{1B}[2J' is not a colour (#rgb, #rgba, #rrggbb, #rrggbbaa or none)")
    }

    /// `render --help` names the image formats it reads, and the page limits.
    @Test func renderHelpNamesEveryImageFormat() async throws {
        let result = try await mush(["render", "--help"])
        #expect(result.status == 0)
        let help = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(!help.contains("read as PNG files"))
        #expect(!help.contains("readable PNG"))
        #expect(help.contains("read from PNG, JPEG, WebP or SVG files"))
        #expect(help.contains("pages are at least 72 points a side"))
        #expect(help.contains("at most 10000 of them"))
    }
}
