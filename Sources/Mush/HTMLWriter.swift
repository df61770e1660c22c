extension MushDocument {
    /// The document as an HTML fragment: `<b>`, `<i>`, `<u>`, `<s>` and `<code>` for the styles,
    /// `<span style="…">` for colour, background, kerning and font, properly nested; text escaped
    /// (`& < > " '`), line breaks as `<br>`.
    ///
    /// Sizes and kerning are written in CSS `px`: the project's convention is that a point is a pixel
    /// at scale 1. Colours with alpha use CSS's eight-digit hex form.
    public func html() -> String {
        let scalars = Array(text.unicodeScalars)
        let nesting = RunNesting(runs)
        var out = ""
        for event in nesting.events {
            switch event {
            case .open(let group):
                out += Self.openTag(nesting.groups[group])
            case .close(let group):
                out += Self.closeTag(nesting.groups[group])
            case .text(let range, let monospace):
                if monospace { out += "<\(MushToken.code.row.htmlTag)>" }
                for scalar in scalars[range] { Self.appendEscaped(scalar, to: &out) }
                if monospace { out += "</\(MushToken.code.row.htmlTag)>" }
            }
        }
        return out
    }

    private static func openTag(_ group: [Wrapper]) -> String {
        if case .emphasis(let token) = group[0] { return "<\(token.row.htmlTag)>" }
        let style = group.map { wrapper -> String in
            guard case .value(let value) = wrapper else { preconditionFailure("a span groups only values") }
            return switch value {
            case .color(let color): "color:\(color.hex)"
            case .backgroundColor(let color): "background-color:\(color.hex)"
            case .kern(let kern): "letter-spacing:\(decimalString(kern))px"
            case .fontFamily(let family): "font-family:\(cssString(family))"
            case .fontSize(let size): "font-size:\(decimalString(size))px"
            }
        }.joined(separator: ";")
        var escaped = ""
        for scalar in style.unicodeScalars { appendEscaped(scalar, to: &escaped) }
        return "<span style=\"\(escaped)\">"
    }

    private static func closeTag(_ group: [Wrapper]) -> String {
        if case .emphasis(let token) = group[0] { return "</\(token.row.htmlTag)>" }
        return "</span>"
    }

    /// A CSS string literal: quoted, with `\` and `'` escaped and other awkward characters as CSS
    /// hex escapes.
    private static func cssString(_ value: String) -> String {
        var out = "'"
        for scalar in value.unicodeScalars {
            switch scalar {
            case "'", "\\": out += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\" + String(scalar.value, radix: 16) + " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    private static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\n": out += "<br>\n"
        default: out.unicodeScalars.append(scalar)
        }
    }
}
