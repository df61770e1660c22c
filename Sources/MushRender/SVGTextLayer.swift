import Foundation

/// Cairo draws an SVG's glyphs as outlines, which no one can search or select. The text layer adds
/// each drawn line of text again as an invisible `<text>` element (fill-opacity 0) over its
/// glyphs, stretched to the line's width, the way scanned PDFs carry an invisible text layer.
enum SVGTextLayer {
    /// A line of text as drawn, in points.
    struct Line {
        var text: String
        var x: Double
        var baseline: Double
        var width: Double
        var fontFamily: String
        var fontSize: Double
        /// The language of its paragraph (`ParagraphStyle.locale`), nil for none.
        var language: String? = nil
    }

    /// `svg` with the lines added just before its closing tag, at `scale`; a line in a language
    /// other than `documentLanguage` (the root's `xml:lang`) says so with an `xml:lang` of its own.
    static func add(_ lines: [Line], to svg: Data, scale: Double, documentLanguage: String? = nil) -> Data {
        guard !lines.isEmpty else { return svg }
        var layer = "<g id=\"text\" fill-opacity=\"0\" stroke=\"none\">\n"
        for line in lines {
            layer += "<text x=\"\(number(line.x * scale))\" y=\"\(number(line.baseline * scale))\""
            if let language = line.language, language != documentLanguage {
                layer += " xml:lang=\"\(escape(language))\""
            }
            layer += " font-family=\"\(escape(line.fontFamily))\" font-size=\"\(number(line.fontSize * scale))\""
            layer += " textLength=\"\(number(line.width * scale))\" lengthAdjust=\"spacingAndGlyphs\""
            layer += " xml:space=\"preserve\">\(escape(line.text))</text>\n"
        }
        layer += "</g>\n"
        return inserting(layer, into: svg)
    }

    /// `svg` with `layer` added just before its closing tag (unchanged without one).
    static func inserting(_ layer: String, into svg: Data) -> Data {
        guard let close = svg.range(of: Data("</svg>".utf8), options: .backwards) else { return svg }
        var added = svg
        added.insert(contentsOf: Data(layer.utf8), at: close.lowerBound)
        return added
    }

    /// A coordinate as the layers write it: to a thousandth, whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// XML-escaped text, without the characters XML 1.0 forbids (C0 controls but tab and newline).
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
