// Shared by the engine and line fuzz targets (Fuzz/run.sh compiles it into both).

/// Grapheme clusters of a line's text, trailing spaces left out (they hang past the width), counted
/// by ICU as the engine counts them: Swift's `Character` can disagree (ICU 72 joins
/// "\u{1FA51}\u{200D}\u{1F467}" into one cluster, Swift counts two).
func visibleGraphemes(_ text: String) -> Int {
    var visible = Substring(text)
    while let last = visible.last, last.isWhitespace { visible = visible.dropLast() }
    return (try? TextBoundaries.graphemeBoundaries(in: Array(visible.utf16)).count) ?? visible.count
}
