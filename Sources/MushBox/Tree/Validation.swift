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
    /// The first bad value, as its key (`margin.left`) and the problem, in the order of
    /// ``properties``.
    func firstProblem() -> (key: String, problem: String)? {
        for property in Self.properties where !property.isShorthand {
            if let problem = property.problem(with: self[property]) { return problem }
        }
        return nil
    }
}

extension BoxStyleProperty {
    /// The problem of `value` as this property's: its key (with the edge, for edges) and what is
    /// wrong; nil when it is good. (Keys are joined only for a problem: good input builds no
    /// strings.)
    func problem(with value: BoxStyleValue) -> (key: String, problem: String)? {
        func length(_ length: BoxLength, auto: Bool, negative: Bool) -> String? {
            switch length {
            case .auto:
                return auto ? nil : "cannot be auto"
            case .points(let number):
                return MushLimits.problem(number, in: negative ? MushLimits.offset : MushLimits.length, unit: "points")
            case .percent(let number):
                return MushLimits.problem(number, in: negative ? -10_000.0...10_000 : 0...10_000, unit: "%")
            }
        }
        switch (kind, value) {
        case (.keyword(let names), .keyword(let keyword)):
            return names.contains(keyword) ? nil : (name, "cannot be \(keyword)")
        case (.factor, .number(let number)):
            return MushLimits.problem(number, in: 0...1_000_000).map { (name, $0) }
        case (.ratio, .number(let ratio)):
            guard !(ratio >= 1e-6 && ratio <= 1_000_000) else { return nil }
            return (name, "must be a number from 0.000001 to 1000000 (it is \(MushLimits.format(ratio)))")
        case (.length(let auto, let negative), .length(let value)):
            return length(value, auto: auto, negative: negative).map { (name, $0) }
        case (.edges(let auto, let negative), .edges(let edges)):
            if let problem = length(edges.top, auto: auto, negative: negative) { return (name + ".top", problem) }
            if let problem = length(edges.right, auto: auto, negative: negative) { return (name + ".right", problem) }
            if let problem = length(edges.bottom, auto: auto, negative: negative) {
                return (name + ".bottom", problem)
            }
            if let problem = length(edges.left, auto: auto, negative: negative) { return (name + ".left", problem) }
            return nil
        default:
            return nil
        }
    }
}
