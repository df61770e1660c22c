import Testing

@testable import Mush

/// A document's runs in a compact notation: plain runs as their text, attributed runs as
/// `[codes:text]`, with codes `b` bold, `i` italic, `u` underline, `s` strikethrough, `m` monospace,
/// `c#rrggbbaa` colour, `bg#rrggbbaa` background, `k2` kern, `f(Family)` family, `z20` size.
func notation(_ document: MushDocument) -> String {
    document.segments.map { segment in
        let codes = codes(segment.attributes)
        return codes.isEmpty ? segment.text : "[\(codes):\(segment.text)]"
    }.joined()
}

/// Parses and returns the notation of the result.
func styled(_ input: String) -> String {
    notation(Mush.parse(input))
}

func codes(_ attributes: MushAttributes) -> String {
    var codes: [String] = []
    if attributes.bold { codes.append("b") }
    if attributes.italic { codes.append("i") }
    if attributes.underline { codes.append("u") }
    if attributes.strikethrough { codes.append("s") }
    if attributes.monospace { codes.append("m") }
    if let color = attributes.color { codes.append("c" + color.hexRGBA) }
    if let color = attributes.backgroundColor { codes.append("bg" + color.hexRGBA) }
    if let kern = attributes.kern { codes.append("k" + decimalString(kern)) }
    if let family = attributes.fontFamily { codes.append("f(\(family))") }
    if let size = attributes.fontSize { codes.append("z" + decimalString(size)) }
    return codes.joined(separator: " ")
}

/// The kinds of a document's diagnostics, in order.
func diagnosticKinds(_ input: String) -> [MushDiagnostic.Kind] {
    Mush.parse(input).diagnostics.map(\.kind)
}

/// The invariants every document must keep: runs ordered, contiguous, non-empty, maximal, covering
/// the text.
func runsAreWellFormed(_ document: MushDocument) -> Bool {
    var position = 0
    var previous: MushAttributes?
    for run in document.runs {
        guard run.range.lowerBound == position, !run.range.isEmpty, run.attributes != previous else { return false }
        position = run.range.upperBound
        previous = run.attributes
    }
    return position == document.text.unicodeScalars.count
}
