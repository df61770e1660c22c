import Mush

/// The checks a tree passes before layout: every number finite and in its range, the keywords that
/// suit each property, no leaf with children, and no deeper nesting than ``BoxError/maximumDepth``.
extension BoxNode {
    /// Throws the first problem, in input order, with its path.
    public func validate() throws(BoxError) {
        try validate(path: "", depth: 0)
    }

    private func validate(path: String, depth: Int) throws(BoxError) {
        if depth > BoxError.maximumDepth {
            throw BoxError(
                path: path, problem: "the tree is deeper than \(BoxError.maximumDepth) levels below the root")
        }
        try style.validate(path: path)
        if leaf != nil, !children.isEmpty {
            throw BoxError(path: path, problem: "a leaf (text, line or image) cannot have children")
        }
        for (index, child) in children.enumerated() {
            try child.validate(path: Self.join(path, "children[\(index)]"), depth: depth + 1)
        }
    }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : (key.hasPrefix("[") ? path + key : path + "." + key)
    }
}

extension BoxStyle {
    func validate(path: String) throws(BoxError) {
        func at(_ key: String) -> String { BoxNode.join(path, key) }
        func length(_ value: BoxLength, _ key: String, auto: Bool, negative: Bool) throws(BoxError) {
            switch value {
            case .auto:
                if !auto { throw BoxError(path: at(key), problem: "cannot be auto") }
            case .points(let number):
                let range = negative ? MushLimits.offset : MushLimits.length
                if let problem = MushLimits.problem(number, in: range, unit: "points") {
                    throw BoxError(path: at(key), problem: problem)
                }
            case .percent(let number):
                let range = negative ? -10_000.0...10_000 : 0...10_000
                if let problem = MushLimits.problem(number, in: range, unit: "%") {
                    throw BoxError(path: at(key), problem: problem)
                }
            }
        }
        func edges(_ value: BoxEdges<BoxLength>, _ key: String, auto: Bool, negative: Bool) throws(BoxError) {
            try length(value.top, key + ".top", auto: auto, negative: negative)
            try length(value.right, key + ".right", auto: auto, negative: negative)
            try length(value.bottom, key + ".bottom", auto: auto, negative: negative)
            try length(value.left, key + ".left", auto: auto, negative: negative)
        }
        func factor(_ value: Double, _ key: String) throws(BoxError) {
            if let problem = MushLimits.problem(value, in: 0...1_000_000) {
                throw BoxError(path: at(key), problem: problem)
            }
        }
        try length(width, "width", auto: true, negative: false)
        try length(height, "height", auto: true, negative: false)
        try length(minWidth, "minWidth", auto: true, negative: false)
        try length(minHeight, "minHeight", auto: true, negative: false)
        try length(maxWidth, "maxWidth", auto: true, negative: false)
        try length(maxHeight, "maxHeight", auto: true, negative: false)
        try length(flexBasis, "flexBasis", auto: true, negative: false)
        try factor(flexGrow, "flexGrow")
        try factor(flexShrink, "flexShrink")
        if let aspectRatio {
            if !aspectRatio.isFinite || aspectRatio <= 0 || aspectRatio > 1_000_000 || aspectRatio < 1e-6 {
                throw BoxError(
                    path: at("aspectRatio"),
                    problem:
                        "must be a number above 0, from 0.000001 to 1000000 (it is \(MushLimits.format(aspectRatio)))")
            }
        }
        try edges(margin, "margin", auto: true, negative: true)
        try edges(padding, "padding", auto: false, negative: false)
        try edges(border, "border", auto: false, negative: false)
        try edges(inset, "inset", auto: true, negative: true)
        try length(rowGap, "rowGap", auto: false, negative: false)
        try length(columnGap, "columnGap", auto: false, negative: false)
        for (value, key) in [(alignItems, "alignItems"), (alignSelf, "alignSelf")] {
            if let value, !value.isItemAlignment {
                throw BoxError(path: at(key), problem: "cannot be \(value.rawValue)")
            }
        }
        for (value, key) in [(justifyContent, "justifyContent"), (alignContent, "alignContent")] {
            if let value, !value.isContentDistribution {
                throw BoxError(path: at(key), problem: "cannot be \(value.rawValue)")
            }
        }
    }
}
