import MushBox

/// A box tree as the engine's JSON node (`BoxRequest`'s format, which `Tests/BoxOracle/taffy_oracle.py`
/// reads too): every style field that differs from `BoxStyle()`'s default, and the children. Pure
/// boxes only: the lowered MKLayoutLibrary trees here hold empty views, no leaves, and their paints
/// (separators' colours) are left out (they place nothing).
enum NodeJSON {
    /// The node and its subtree as one JSON object, on one line.
    static func write(_ node: BoxNode) -> String {
        precondition(node.leaf == nil, "NodeJSON writes pure boxes only")
        let style = node.style
        let plain = BoxStyle()
        var members: [(String, String)] = []
        func add(_ key: String, _ value: String) { members.append((key, value)) }
        func keyword(_ key: String, _ value: String) { add(key, quoted(value)) }
        if let id = node.id { keyword("id", id) }
        if style.display != plain.display { keyword("display", style.display.rawValue) }
        if style.position != plain.position { keyword("position", style.position.rawValue) }
        if let direction = style.direction { keyword("direction", direction.rawValue) }
        if style.boxSizing != plain.boxSizing { keyword("boxSizing", style.boxSizing.rawValue) }
        if style.flexDirection != plain.flexDirection { keyword("flexDirection", style.flexDirection.rawValue) }
        if style.flexWrap != plain.flexWrap { keyword("flexWrap", style.flexWrap.rawValue) }
        if style.flexGrow != plain.flexGrow { add("flexGrow", number(style.flexGrow)) }
        if style.flexShrink != plain.flexShrink { add("flexShrink", number(style.flexShrink)) }
        if style.flexBasis != plain.flexBasis { add("flexBasis", length(style.flexBasis)) }
        if let value = style.justifyContent { keyword("justifyContent", value.rawValue) }
        if let value = style.alignItems { keyword("alignItems", value.rawValue) }
        if let value = style.alignSelf { keyword("alignSelf", value.rawValue) }
        if let value = style.alignContent { keyword("alignContent", value.rawValue) }
        let lengths: [(String, KeyPath<BoxStyle, BoxLength>)] = [
            ("width", \.width), ("height", \.height), ("minWidth", \.minWidth), ("minHeight", \.minHeight),
            ("maxWidth", \.maxWidth), ("maxHeight", \.maxHeight), ("rowGap", \.rowGap), ("columnGap", \.columnGap),
        ]
        for (key, path) in lengths where style[keyPath: path] != plain[keyPath: path] {
            add(key, length(style[keyPath: path]))
        }
        if let ratio = style.aspectRatio { add("aspectRatio", number(ratio)) }
        let edges: [(String, KeyPath<BoxStyle, BoxEdges<BoxLength>>)] = [
            ("margin", \.margin), ("padding", \.padding), ("border", \.border), ("inset", \.inset),
        ]
        for (key, path) in edges where style[keyPath: path] != plain[keyPath: path] {
            let value = style[keyPath: path]
            add(
                key,
                "{\"top\":\(length(value.top)),\"right\":\(length(value.right)),"
                    + "\"bottom\":\(length(value.bottom)),\"left\":\(length(value.left))}")
        }
        if style.overflow != plain.overflow { keyword("overflow", style.overflow.rawValue) }
        if !node.children.isEmpty { add("children", "[" + node.children.map(write).joined(separator: ",") + "]") }
        return "{" + members.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A number: whole numbers without a fraction, others as Swift writes them (shortest exact).
    static func number(_ value: Double) -> String {
        precondition(value.isFinite, "JSON has no \(value)")
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    static func length(_ value: BoxLength) -> String {
        switch value {
        case .points(let points): return number(points)
        case .percent(let percent): return quoted(number(percent) + "%")
        case .auto: return quoted("auto")
        }
    }

    /// A JSON string (the strings here are keywords, keys and plain ids).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + hex4(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
