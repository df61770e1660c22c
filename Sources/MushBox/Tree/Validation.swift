import Mush

/// The checks a tree passes before layout: every number finite and in its range, the keywords that
/// suit each property, no leaf with children, and no deeper nesting than ``BoxError/maximumDepth``.
extension BoxNode {
    /// Throws the first problem, in input order, with its path.
    public func validate() throws(BoxError) {
        var path: [Int] = []
        if let (key, problem) = firstProblem(path: &path) {
            var text = path.map { "children[\($0)]" }.joined(separator: ".")
            if !key.isEmpty { text = Self.join(text, key) }
            throw BoxError(path: text, problem: problem)
        }
    }

    /// The first problem of the subtree, as the key within the node and the problem; `path` is left
    /// holding the child indices down to the node that has it. (No path is built for good input.)
    private func firstProblem(path: inout [Int]) -> (key: String, problem: String)? {
        if path.count > BoxError.maximumDepth {
            return ("", "the tree is deeper than \(BoxError.maximumDepth) levels below the root")
        }
        if let problem = style.firstProblem() { return problem }
        if let paint, let (key, problem) = paint.firstProblem() { return ("paint." + key, problem) }
        if leaf != nil, !children.isEmpty {
            return ("", "a leaf (text, line or image) cannot have children")
        }
        // Through a buffer: the array's subscript would copy each child (its style is large) first.
        return children.withUnsafeBufferPointer { children in
            for index in children.indices {
                path.append(index)
                if let problem = children[index].firstProblem(path: &path) { return problem }
                path.removeLast()
            }
            return nil
        }
    }

    /// A path joined with a path below it: `children[1]` and `width` make `children[1].width`, and
    /// `[2]` goes on without a dot; either may be empty (the root, or the node itself). The
    /// vocabularies' lowerings and readers name their errors' paths with it too.
    package static func join(_ path: String, _ key: String) -> String {
        if key.isEmpty { return path }
        return path.isEmpty ? key : (key.hasPrefix("[") ? path + key : path + "." + key)
    }
}

extension BoxStyle {
    /// The first bad value, as its key and the problem.
    func firstProblem() -> (key: String, problem: String)? {
        do throws(BoxError) {
            try check()
        } catch {
            return (error.path, error.problem)
        }
        return nil
    }

    private func check() throws(BoxError) {
        // Keys are joined only for a problem: good input builds no strings.
        func length(_ value: BoxLength, _ key: String, _ edge: String? = nil, auto: Bool, negative: Bool)
            throws(BoxError)
        {
            var problem: String?
            switch value {
            case .auto:
                if !auto { problem = "cannot be auto" }
            case .points(let number):
                problem = MushLimits.problem(
                    number, in: negative ? MushLimits.offset : MushLimits.length, unit: "points")
            case .percent(let number):
                problem = MushLimits.problem(number, in: negative ? -10_000.0...10_000 : 0...10_000, unit: "%")
            }
            if let problem { throw BoxError(path: edge.map { key + "." + $0 } ?? key, problem: problem) }
        }
        func edges(_ value: BoxEdges<BoxLength>, _ key: String, auto: Bool, negative: Bool) throws(BoxError) {
            try length(value.top, key, "top", auto: auto, negative: negative)
            try length(value.right, key, "right", auto: auto, negative: negative)
            try length(value.bottom, key, "bottom", auto: auto, negative: negative)
            try length(value.left, key, "left", auto: auto, negative: negative)
        }
        func factor(_ value: Double, _ key: String) throws(BoxError) {
            if let problem = MushLimits.problem(value, in: 0...1_000_000) {
                throw BoxError(path: key, problem: problem)
            }
        }
        func item(_ value: BoxAlignment?, _ key: String) throws(BoxError) {
            if let value, !value.isItemAlignment { throw BoxError(path: key, problem: "cannot be \(value.rawValue)") }
        }
        func content(_ value: BoxAlignment?, _ key: String) throws(BoxError) {
            if let value, !value.isContentDistribution {
                throw BoxError(path: key, problem: "cannot be \(value.rawValue)")
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
        if let aspectRatio, !(aspectRatio >= 1e-6 && aspectRatio <= 1_000_000) {
            throw BoxError(
                path: "aspectRatio",
                problem: "must be a number from 0.000001 to 1000000 (it is \(MushLimits.format(aspectRatio)))")
        }
        try edges(margin, "margin", auto: true, negative: true)
        try edges(padding, "padding", auto: false, negative: false)
        try edges(border, "border", auto: false, negative: false)
        try edges(inset, "inset", auto: true, negative: true)
        try length(rowGap, "rowGap", auto: false, negative: false)
        try length(columnGap, "columnGap", auto: false, negative: false)
        try item(alignItems, "alignItems")
        try item(alignSelf, "alignSelf")
        try content(justifyContent, "justifyContent")
        try content(alignContent, "alignContent")
    }
}
