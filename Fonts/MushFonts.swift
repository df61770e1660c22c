import Foundation

/// The fonts shipped with the package, as a resource bundle: DejaVu Sans and DejaVu Sans Mono in four
/// styles each (Debian's fonts-dejavu-core and fonts-dejavu-extra 2.37), Noto Sans Thai and Noto
/// Sans Devanagari (fonts-noto-core), with their licences beside them.
public enum MushFonts {
    /// The font files' names, regular faces first.
    public static let files = [
        "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf",
        "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Oblique.ttf", "DejaVuSansMono-BoldOblique.ttf",
        "NotoSansThai-Regular.ttf", "NotoSansDevanagari-Regular.ttf",
    ]

    /// The full paths of the font files.
    public static var paths: [String] {
        #if SWIFT_PACKAGE && os(Linux)
            // The resource folder holds the files themselves. (`url(forResource:)` lists the folder and
            // the executable's own, a few milliseconds at every start where those hold many files.)
            files.map { Bundle.module.bundlePath + "/" + $0 }
        #elseif SWIFT_PACKAGE
            files.map { Bundle.module.url(forResource: $0, withExtension: nil)!.path }
        #else
            // Built outside SwiftPM (the fuzzers): the folder comes from the environment.
            files.map { (ProcessInfo.processInfo.environment["MUSH_FONTS_DIR"] ?? "Fonts") + "/" + $0 }
        #endif
    }
}
