// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Mush",
    products: [
        .library(name: "Mush", targets: ["Mush"]),
        .library(name: "MushText", targets: ["MushText"]),
        .library(name: "MushImage", targets: ["MushImage"]),
        .library(name: "MushLine", targets: ["MushLine"]),
        .library(name: "MushBox", targets: ["MushBox"]),
        .library(name: "MushMGBox", targets: ["MushMGBox"]),
        .library(name: "MushMKLayout", targets: ["MushMKLayout"]),
        .library(name: "MushBoxView", targets: ["MushBoxView"]),
        .library(name: "MushRender", targets: ["MushRender"]),
        .library(name: "MushJSON", targets: ["MushJSON"]),
        .library(name: "MushJobs", targets: ["MushJobs"]),
        .library(name: "MushDSL", targets: ["MushDSL"]),
        .executable(name: "mush", targets: ["MushTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // `swift package generate-documentation`: CI builds the DocC catalogs with warnings as errors.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // What every module shares: the ranges of values, the JSON text writer, the lock, the large
        // stack and JSON paths. Pure Swift, below everything (Mush re-exports its public part).
        .target(name: "MushBase"),
        // Markup → attributed runs, and the writers (Mush, HTML, ANSI, JSON, AttributedString).
        // Pure Swift: no C dependencies.
        .target(name: "Mush", dependencies: ["MushBase"]),
        // FreeType and HarfBuzz from Debian's -dev packages, imported as system modules.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // fontconfig from libfontconfig-dev: installed fonts by family, and fallback by coverage.
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // A small C shim over ICU4C, whose symbol-renaming macros Swift cannot import.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
        // libhyphen from libhyphen-dev: automatic hyphenation by LibreOffice's pattern dictionaries.
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        // The shipped fonts, as a resource bundle (the top-level Fonts folder).
        .target(
            name: "MushFonts",
            path: "Fonts",
            resources: [
                "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf",
                "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Oblique.ttf",
                "DejaVuSansMono-BoldOblique.ttf", "NotoSansThai-Regular.ttf", "NotoSansDevanagari-Regular.ttf",
                "LICENSE-DejaVu.txt", "LICENSE-Noto.txt",
            ].map { .copy($0) }
        ),
        // Fonts (shipped, given and installed), shaping (HarfBuzz), line breaking (ICU), paragraphs.
        .target(
            name: "MushText",
            dependencies: [
                "MushBase", "Mush", "MushFonts", "CFreeType", "CHarfBuzz", "CFontconfig", "CICU", "CHyphen",
            ]),
        // Image files' headers (PNG, JPEG with its EXIF orientation, WebP, SVG): their sizes for
        // layout, read without decoding a pixel, and where files may be read from. Pure Swift.
        .target(name: "MushImage", dependencies: ["MushBase"]),
        // The MGLine row engine: left, middle and right items, shortened, dropped and placed.
        .target(name: "MushLine", dependencies: ["MushBase", "Mush", "MushText"]),
        // The box engine: CSS flexbox and absolute positioning over trees of boxes, with paragraphs,
        // MGLine rows and images as leaves that measure themselves.
        .target(name: "MushBox", dependencies: ["MushBase", "Mush", "MushText", "MushLine"]),
        // MGBoxKit on the box engine: MGBox tables and grids, MGTableBox sections, MGScrollView and
        // MGBoxProvider, each turned into engine styles (no layout algorithm of its own).
        .target(name: "MushMGBox", dependencies: ["Mush", "MushText", "MushLine", "MushBox"]),
        // MKLayoutLibrary on the box engine: linear, stack and flow layouts of items holding views
        // or sublayouts, each turned into engine styles.
        .target(name: "MushMKLayout", dependencies: ["Mush", "MushLine", "MushBox"]),
        // BoxView (an iOS Auto Layout library) on the box engine: a chain of items with pins, spacing
        // and insets, turned into engine styles, or solved one axis at a time by Auto Layout's rules
        // where styles cannot express it (priorities, `<=` pins).
        .target(name: "MushBoxView", dependencies: ["Mush", "MushText", "MushLine", "MushBox"]),
        // Cairo (with its FreeType font backend, PNG, SVG and PDF surfaces) from libcairo2-dev.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo-ft", providers: [.apt(["libcairo2-dev"])]),
        // Image decoders from Debian's -dev packages: libjpeg-turbo (its TurboJPEG API, which returns
        // errors where libjpeg would exit) and libwebp; librsvg (which draws SVG into Cairo as
        // vectors) is opened at the first SVG image, not linked (Debian's librsvg2-2 at run time;
        // CRsvg declares the four functions called).
        .systemLibrary(name: "CJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CRsvg"),
        // A small C shim over libpng (libpng-dev), whose errors arrive by a long jump Swift cannot
        // catch: drawn pictures written as PNG with the filter and zlib level asked for.
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        // Drawing laid-out lines, stacks and box trees with Cairo: PNG, SVG, PDF.
        .target(
            name: "MushRender",
            dependencies: [
                "MushBase", "Mush", "MushText", "MushLine", "MushBox", "MushImage", "CCairo", "CJPEG", "CWebP", "CRsvg",
                "CPNG",
            ]),
        // Box trees written in Swift with result builders and modifiers (`Column { Text("…") }
        // .padding(12)`), made into the engine's nodes as the JSON reader makes them.
        .target(name: "MushDSL", dependencies: ["MushBase", "Mush", "MushText", "MushLine", "MushBox"]),
        // The commands' JSON contract: requests read with the JSON path of every problem, results
        // written, JSON Lines read line by line. No Foundation.
        .target(
            name: "MushJSON",
            dependencies: [
                "Mush", "MushText", "MushImage", "MushLine", "MushBox", "MushMGBox", "MushMKLayout", "MushBoxView",
            ]),
        // One job of the JSON contract from bytes in to pictures out (a drawing of a line, a stack or
        // a box tree, pages included), which the command and a server share.
        .target(
            name: "MushJobs",
            dependencies: [
                "MushBase", "Mush", "MushText", "MushImage", "MushLine", "MushBox", "MushRender", "MushJSON", "MushDSL",
            ]),
        // The commands (swift-argument-parser): parse, measure, line, layout and render, writing through a
        // console that is the process's standard streams in the executable and a buffer in tests.
        .target(
            name: "MushCommands",
            dependencies: [
                "MushJobs",
                "Mush",
                "MushText",
                "MushImage",
                "MushLine",
                "MushBox",
                "MushMGBox",
                "MushMKLayout",
                "MushBoxView",
                "MushRender",
                "MushJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The `mush` executable (the product's name): MushCommand.main(), nothing else. (Its target
        // is not named `mush`: no two source folders, nor build folders, may differ only by case.)
        .executableTarget(name: "MushTool", dependencies: ["MushCommands"]),
        .testTarget(
            name: "MushTests",
            dependencies: [
                "Mush",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The commands run in-process (arguments, input, output, errors, exit status), and a few
        // runs of the `mush` executable where a real process matters.
        .testTarget(
            name: "MushCommandTests",
            dependencies: ["MushCommands", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "MushBaseTests", dependencies: ["MushBase"]),
        .testTarget(name: "MushTextTests", dependencies: ["MushText"]),
        .testTarget(name: "MushImageTests", dependencies: ["MushImage"], resources: [.copy("Images")]),
        .testTarget(name: "MushLineTests", dependencies: ["MushLine"]),
        // What several test targets share: box trees as JSON both ways (from the style table).
        .target(name: "MushTestSupport", dependencies: ["MushBox"], path: "Tests/MushTestSupport"),
        .testTarget(
            name: "MushBoxTests", dependencies: ["MushBase", "MushBox", "MushText", "MushLine", "MushTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "MushMGBoxTests", dependencies: ["MushBase", "MushMGBox", "MushBox", "MushLine", "MushText"]),
        .testTarget(
            name: "MushMKLayoutTests",
            dependencies: [
                "MushMKLayout", "MushMGBox", "MushLine", "MushBox", "MushText", "MushJSON", "MushTestSupport",
            ]),
        .testTarget(name: "MushBoxViewTests", dependencies: ["MushBoxView", "MushBox", "MushText"]),
        .testTarget(
            name: "MushDSLTests", dependencies: ["MushDSL", "MushJSON", "MushBox", "MushText", "MushLine", "Mush"]),
        // The async renderer (and, later, the jobs): the issue asked for a test target of their own.
        .testTarget(
            name: "MushJobsTests",
            dependencies: [
                "MushJobs", "MushDSL", "MushRender", "MushBox", "MushText", "MushImage", "MushBase", "MushJSON",
            ]),
        .testTarget(name: "MushRenderTests", dependencies: ["MushRender", "MushBox", "MushImage", "CCairo"]),
        .testTarget(
            name: "MushJSONTests",
            dependencies: [
                "MushTestSupport",
                "MushBase",
                "MushJSON", "MushLine", "MushText", "MushBox",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
