extension MushDocument {
    /// The document as terminal text with SGR escape sequences: bold (1), italic (3), underline (4),
    /// strikethrough (9), code in inverse video (7), 24-bit foreground (38;2) and background (48;2)
    /// colours.
    ///
    /// Each run starts from a reset (`ESC[0m`) and sets all of its styles, and every line break is
    /// preceded by a reset so that a background colour does not bleed to the end of the line. A
    /// terminal has one font and no letter spacing, so code cannot be set in a monospace font (it is
    /// shown in inverse video instead), `kern`, `fontFamily` and `fontSize` are not shown, and colour
    /// alpha is ignored. Plain runs get no sequences at all.
    ///
    /// The text's own control characters (C0 but line feed and tab, DEL, C1) are left out, so that
    /// text cannot send a terminal sequences of its own (retitle the window, move the cursor,
    /// rewrite what is shown): the only escapes in the result are the writer's.
    public func ansi() -> String {
        let scalars = Array(text.unicodeScalars)
        var out = ""
        for run in runs {
            let codes = Self.sgrCodes(run.attributes)
            let start = codes.isEmpty ? "" : "\u{1B}[0;\(codes)m"
            let reset = codes.isEmpty ? "" : "\u{1B}[0m"
            out += start
            for scalar in scalars[run.range] {
                if scalar == "\n" {
                    out += reset + "\n" + start
                } else if Self.isTerminalControl(scalar) {
                    continue
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            out += reset
        }
        return out
    }

    /// A control character that a terminal may act on: Unicode's controls (C0, DEL, C1) but line
    /// feed and tab.
    static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t"
    }

    private static func sgrCodes(_ attributes: MushAttributes) -> String {
        var codes: [String] = []
        for token in MushToken.allCases where attributes[keyPath: token.attribute] { codes.append(token.row.sgr) }
        if let color = attributes.color { codes.append("38;2;\(color.red);\(color.green);\(color.blue)") }
        if let color = attributes.backgroundColor { codes.append("48;2;\(color.red);\(color.green);\(color.blue)") }
        return codes.joined(separator: ";")
    }
}
