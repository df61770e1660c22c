extension MushDocument {
    /// The document as JSON:
    /// `{"text": …, "runs": [{"text": …, <the attributes that are set>}], "diagnostics": [{"message": …, "start": N, "end": N}]}`.
    ///
    /// Attribute keys are `bold`, `italic`, `underline`, `strikethrough`, `monospace` (true),
    /// `color` and `backgroundColor` (lowercase `#rrggbbaa`), `kern`, `fontFamily`, `fontSize`.
    /// Diagnostic offsets count Unicode scalars of the parser's input. Keys are sorted, so equal
    /// documents give equal bytes. Written with `JSONText`, as every JSON output of the package.
    public func json() -> String {
        var output = "{\"diagnostics\":["
        for (index, diagnostic) in diagnostics.enumerated() {
            if index > 0 { output += "," }
            output += "{\"end\":" + String(diagnostic.range.upperBound) + ",\"message\":"
            JSONText.string(diagnostic.message, to: &output)
            output += ",\"start\":" + String(diagnostic.range.lowerBound) + "}"
        }
        output += "],\"runs\":["
        let scalars = Array(text.unicodeScalars)
        for (index, run) in runs.enumerated() {
            if index > 0 { output += "," }
            let text = String(String.UnicodeScalarView(scalars[run.range]))
            JSONText.object(Self.members(text, run.attributes), to: &output) { value, output in value.write(to: &output)
            }
        }
        output += "],\"text\":"
        JSONText.string(text, to: &output)
        output += "}"
        return output
    }

    /// A run's members: its text and the attributes that are set, the tokens' under their names
    /// from the token table, the brace-span values' from ``SpanValue/values(of:)``.
    private static func members(_ text: String, _ attributes: MushAttributes) -> [(key: String, value: RunValue)] {
        var members: [(key: String, value: RunValue)] = [("text", .string(text))]
        for token in MushToken.allCases where attributes[keyPath: token.attribute] {
            members.append((token.row.name, .bool(true)))
        }
        for value in SpanValue.values(of: attributes) {
            switch value {
            case .color(let color): members.append(("color", .string(color.hexRGBA)))
            case .backgroundColor(let color): members.append(("backgroundColor", .string(color.hexRGBA)))
            case .kern(let kern): members.append(("kern", .number(kern)))
            case .fontFamily(let family): members.append(("fontFamily", .string(family)))
            case .fontSize(let size): members.append(("fontSize", .number(size)))
            }
        }
        return members
    }
}

/// A value in a run's JSON object.
private enum RunValue {
    case bool(Bool)
    case number(Double)
    case string(String)

    func write(to output: inout String) {
        switch self {
        case .bool(let bool): output += bool ? "true" : "false"
        case .number(let number): JSONText.number(number, to: &output)
        case .string(let string): JSONText.string(string, to: &output)
        }
    }
}
