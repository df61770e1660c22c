import ArgumentParser
import Foundation
import MushBase
import MushImage
import MushJSON
import MushJobs
import MushText

/// `--fonts PATH…`, `--no-system-fonts` and `--only-given-fonts`: the fonts of `measure`, `line` and
/// `render`. By default the shipped fonts, then the `--fonts` files and folders, then the installed
/// fonts (fontconfig) for families and characters the others lack.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("fonts"), help: "A font file or folder to add (repeatable).")
    var fontPaths: [String] = []
    @Flag(
        name: .customLong("system-fonts"), inversion: .prefixedNo,
        help: "Look up families and missing characters in the installed fonts (fontconfig).")
    var systemFonts = true
    @Flag(help: "Only the --fonts files and folders: neither the shipped nor the installed fonts.")
    var onlyGivenFonts = false

    func validate() throws {
        if onlyGivenFonts, fontPaths.isEmpty { throw ValidationError("--only-given-fonts needs --fonts") }
    }

    /// The fonts these options name; an error names a path that holds no font.
    func collection() throws -> FontCollection {
        if onlyGivenFonts { return try FontCollection.only(fontPaths) }
        return try (systemFonts ? FontCollection.standard : FontCollection.shipped).adding(fontPaths)
    }
}

/// `--batch` and `--jobs`, which `measure`, `line` and `layout` share: JSON Lines on standard input,
/// answered on `--jobs` threads.
struct BatchOptions: ParsableArguments {
    /// The most jobs `--jobs` takes.
    static let maximum = 1024

    @Flag(help: "Read JSON Lines on standard input and print one answer per line.")
    var batch = false
    @Option(
        parsing: .unconditional,
        help: "With --batch: answer lines on this many threads (default: all cores); the output is the same.")
    var jobs: Int?

    /// The jobs to run: `--jobs`, or the cores this process may use.
    var count: Int {
        jobs ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// `--jobs` is a whole number from 1 to ``maximum``, and only with `--batch`; `--batch` takes no
    /// `argument` (the command's `name`), which is otherwise needed where `required`.
    func check(_ argument: String?, name: String, required: Bool = true) throws {
        if batch, argument != nil { throw ValidationError("--batch reads standard input; give no \(name)") }
        if !batch, argument == nil, required {
            throw ValidationError("give a \(name).json, or - to read standard input")
        }
        guard let jobs else { return }
        guard batch else { throw ValidationError("--jobs is for --batch only") }
        guard (1...Self.maximum).contains(jobs) else {
            throw ValidationError("--jobs must be a whole number from 1 to \(Self.maximum) (it is \(jobs))")
        }
    }
}

/// How `measure` lays its text out: `--width`, `--font-family`, `--font-size`, `--line-spacing`,
/// `--max-lines`, `--max-height`, `--ellipsize`, `--align` and `--mush`, checked against
/// `MushLimits` as a batch line's keys are.
struct TextLayoutOptions: ParsableArguments {
    @Option(
        parsing: .unconditional, help: "Wrap at this width, in points (no wrapping when omitted).",
        transform: OptionNumber.decimal)
    var width: Double?
    @Option(help: "Font family of text that names none.")
    var fontFamily: String?
    @Option(parsing: .unconditional, help: "Font size in points.", transform: OptionNumber.decimal)
    var fontSize: Double = 16
    @Option(
        parsing: .unconditional, help: "Extra space between lines, in points (0 or more).",
        transform: OptionNumber.decimal)
    var lineSpacing: Double = 0
    @Option(parsing: .unconditional, help: "At most this many lines (0: no limit).")
    var maxLines: Int = 0
    @Option(
        parsing: .unconditional, help: "At most this tall, in points (0: no limit).", transform: OptionNumber.decimal)
    var maxHeight: Double = 0
    @Option(help: "Where a truncated text shows its ellipsis: none, start, middle or end.")
    var ellipsize: ParagraphStyle.Ellipsize = .end
    @Option(
        help: "Line alignment: left, center, right, justify, start or end (start and end follow the text's direction).")
    var align: ParagraphStyle.Alignment = .left
    @Flag(help: "Parse TEXT as Mush markup.")
    var mush = false
    @Option(help: "The text's language, a BCP 47 tag such as en-US or de: line breaking, shaping and hyphenation.")
    var language: String?
    @Option(
        help:
            "Where words may break with a hyphen: none, manual (at soft hyphens, U+00AD) or auto (also by the language's hyphenation dictionary)."
    )
    var hyphens: String?
    @Option(
        help: ArgumentHelp(
            "OpenType features to shape with, as TAG=VALUE items separated by commas (tnum=1,liga=0; a tag alone is 1).",
            valueName: "FEATURES"))
    var fontFeatures: String?
    @Option(
        help: ArgumentHelp(
            "A variable font's design coordinates, as TAG=VALUE items separated by commas (wght=650,wdth=80).",
            valueName: "VARIATIONS"))
    var fontVariations: String?
    @Option(
        help: ArgumentHelp(
            "Extra space between characters, in points (the last of a line hangs past it).", valueName: "POINTS"))
    var letterSpacing: String?
    @Option(help: ArgumentHelp("Extra space after every space, in points.", valueName: "POINTS"))
    var wordSpacing: String?
    @Option(
        help: ArgumentHelp(
            "Each line's height: a multiple of the font size (1.5), N%, Npx or Npt, or normal (the font's).",
            valueName: "HEIGHT"))
    var lineHeight: String?
    @Option(
        help: ArgumentHelp("The distance between tab stops: a number of spaces (8), Npx or Npt.", valueName: "SIZE"))
    var tabSize: String?
    @Option(
        help:
            "Show the text in another case: uppercase, lowercase or capitalize (by the language's rules; offsets stay the text's)."
    )
    var textTransform: String?

    /// The typography options as a style, or what is wrong with one of them.
    var textStyle: Result<ParagraphStyle, RequestError> {
        MeasureRequest.textStyle(
            language: language, hyphens: hyphens, fontFeatures: fontFeatures, letterSpacing: letterSpacing,
            wordSpacing: wordSpacing, lineHeight: lineHeight, tabSize: tabSize, fontVariations: fontVariations,
            textTransform: textTransform)
    }

    /// A request to lay `text` out with these options.
    func request(text: String) -> MeasureRequest {
        MeasureRequest(
            text: text, width: width, fontFamily: fontFamily, fontSize: fontSize, lineSpacing: lineSpacing,
            maxLines: maxLines, maxHeight: maxHeight, ellipsize: ellipsize, align: align, mush: mush,
            textStyle: (try? textStyle.get()) ?? ParagraphStyle())
    }

    /// Checks the values that need no fonts (the font family is checked once the fonts are known).
    func validate() throws {
        try check(fonts: nil)
    }

    /// Throws the first value out of its range, or a font family `fonts` lack (when given).
    func check(fonts: FontCollection?) throws {
        if case .failure(let error) = textStyle { throw ValidationError(error.description) }
        if let problem = request(text: "").problem(fonts: fonts) { throw ValidationError(problem) }
    }
}

extension ParagraphStyle.Ellipsize: ExpressibleByArgument {}
extension ParagraphStyle.Alignment: ExpressibleByArgument {}

/// `--image-root DIR`, which `layout`, `line` and `render` share: where image files are read from.
struct ImageOptions: ParsableArguments {
    @Option(
        name: .customLong("image-root"),
        help: ArgumentHelp(
            "Read every image from this folder: relative paths from it, and no path that leads outside it (links resolved).",
            valueName: "DIR"))
    var root: String?

    func validate() throws {
        guard let root else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("--image-root must be a folder (it is '\(root)')")
        }
    }

    /// The folder of the JSON file `file` (nil for standard input), where relative image paths are
    /// read from without a root.
    static func folder(of file: String?) -> String? {
        guard let file, file != "-" else { return nil }
        return URL(fileURLWithPath: file).deletingLastPathComponent().path
    }

    /// Where the images of the JSON file `file` are found.
    func files(for file: String?) -> ImageFiles {
        ImageFiles(root: root, folder: Self.folder(of: file))
    }
}

/// `--page SIZE` and `--page-margin M`, which `render` and `layout` share: a box tree cut into
/// pages of that size (its root's `page` keeps its header and footer, and takes the size and
/// margin given here).
struct PageOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help:
            "For a box tree: cut it into pages of this size (a4, a5, a3, letter, legal, or WIDTHxHEIGHT in points, each 72 or more); at most 10000 pages."
    )
    var page: String?
    @Option(
        name: .customLong("page-margin"), parsing: .unconditional,
        help:
            "With --page: the margin, in points: one number, or four, TOP,RIGHT,BOTTOM,LEFT (36 by default), leaving at least 36 × 36 for the content."
    )
    var pageMargin = "36"

    func validate() throws {
        guard let page else {
            if pageMargin != "36" { throw ValidationError("--page-margin is for --page") }
            return
        }
        guard RenderJob.PageSize(named: page) != nil else {
            throw ValidationError(
                "--page must be \(PageSetup.sizeChoices) (it is '\(page)')"
            )
        }
        guard let size = pageSize else {
            throw ValidationError(
                "--page-margin must be one number of points or four, TOP,RIGHT,BOTTOM,LEFT, each 0 to 1000000 (it is '\(pageMargin)')"
            )
        }
        guard size.hasRoom else {
            throw ValidationError(
                "--page-margin \(PageSetup.roomProblem(width: size.width, height: size.height, margin: size.margin)) on a page of \(page)"
            )
        }
    }

    /// The pages `--page` and `--page-margin` give (errors about them name both); nil without
    /// `--page`.
    var pageSize: RenderJob.PageSize? {
        guard let page, let margin = Self.margin(pageMargin) else { return nil }
        let given = pageMargin == "36" ? "--page \(page)" : "--page \(page) with --page-margin \(pageMargin)"
        return RenderJob.PageSize(named: page, margin: margin, givenAs: given)
    }

    /// The pages: the document's own (`document`, its root's `page`) with the size and margin of
    /// `--page` where given; nil where neither gives a size.
    func setup(_ document: PageSetup?) -> PageSetup? {
        pageSize.map { $0.setup(over: document) } ?? document
    }

    /// A page margin: one decimal number of points, or four, top, right, bottom and left, each 0 to
    /// 1000000.
    static func margin(_ text: String) -> BoxEdges<Double>? {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { DecimalNumber.value(of: $0) }
        guard numbers.count == 1 || numbers.count == 4,
            numbers.allSatisfy({ $0.map { (0...1_000_000).contains($0) } ?? false })
        else { return nil }
        let values = numbers.compactMap { $0 }
        return values.count == 1
            ? BoxEdges(values[0]) : BoxEdges(top: values[0], right: values[1], bottom: values[2], left: values[3])
    }
}

/// The reader of every number an option takes (`--scale`, `--duration`, `--font-size`, `--width` …,
/// and the numbers inside `--page`, `--page-margin` and `--hit`): decimal only, by
/// `DecimalNumber` (MushBase), so that `0x10`, `inf` and `nan` are refused by name rather than read
/// as 16, infinity or not-a-number.
enum OptionNumber {
    /// Why a value is not a number, as ArgumentParser appends it to "The value '…' is invalid for
    /// '--option <value>'".
    struct NotDecimal: Error, CustomStringConvertible {
        var description: String {
            "not \(DecimalNumber.expected) (such as 12 or 0.5; hexadecimal, inf and nan are not taken)"
        }
    }

    /// The decimal number `argument` writes (an option's `transform`); throws ``NotDecimal`` for
    /// anything else.
    static func decimal(_ argument: String) throws -> Double {
        guard let value = DecimalNumber.value(of: argument) else { throw NotDecimal() }
        return value
    }
}
