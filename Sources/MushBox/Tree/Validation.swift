import Mush
import MushBase

/// The checks a tree passes before layout: every number finite and in its range, the keywords that
/// suit each property, no leaf with children, and no deeper nesting than ``BoxError/maximumDepth``.
extension BoxNode {
    /// Throws the first problem, in input order, with its path.
    public func validate() throws(BoxError) {
        var path: [Int] = []
        let found = withUnsafePointer(to: self) { Self.firstProblem($0, path: &path) }
        if let (key, problem) = found {
            var text = path.map { "children[\($0)]" }.joined(separator: ".")
            if !key.isEmpty { text = JSONPath.join(text, key) }
            throw BoxError(path: text, problem: problem)
        }
    }

    /// The first problem of the subtree, as the key within the node and the problem; `path` is left
    /// holding the child indices down to the node that has it. (No path is built for good input.)
    /// Read through pointers: a subscript, the array's or a buffer's, or a method called on a node,
    /// would copy the node first.
    private static func firstProblem(_ node: UnsafePointer<BoxNode>, path: inout [Int]) -> (
        key: String, problem: String
    )? {
        if let problem = ownProblem(node, depth: path.count, checksStyle: true) { return problem }
        return node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return nil }
            for index in 0..<children.count {
                path.append(index)
                if let problem = firstProblem(first + index, path: &path) { return problem }
                path.removeLast()
            }
            return nil
        }
    }

    /// The problem of the node itself, `depth` levels below the root (not of its children), as the
    /// key within the node and the problem; its style is checked only where `checksStyle` (the
    /// engine's flattening has checked a style of the same bytes). The flattening asks it of every
    /// node of a tree it has not seen validated, in the same order as ``validate()``.
    static func ownProblem(_ node: UnsafePointer<BoxNode>, depth: Int, checksStyle: Bool) -> (
        key: String, problem: String
    )? {
        if depth > BoxError.maximumDepth {
            return ("", "the tree is deeper than \(BoxError.maximumDepth) levels below the root")
        }
        if checksStyle, let problem = BoxStyle.firstProblem(UnsafeRawPointer(node) + styleOffset) { return problem }
        if let paint = node.pointee.sharedPaint, let (key, problem) = paint.paint.firstProblem() {
            return ("paint." + key, problem)
        }
        if let content = node.pointee.content, content.leaf != nil {
            let hasChildren = !node.pointee.children.isEmpty
            guard hasChildren || content.arrangement != nil else { return nil }
            return hasChildren
                ? ("", "a leaf (text, line or image) cannot have children")
                : ("", "a leaf (text, line or image) has no children to arrange")
        }
        return nil
    }

    /// Where a node's style lies in its bytes.
    static let styleOffset = MemoryLayout<BoxNode>.offset(of: \.style)!
}

extension BoxStyle {
    /// The first bad value of the style at `style` (read in place), as its key (`margin.left`) and
    /// the problem, in the order of ``properties``. Every node's style is checked on every layout,
    /// so the values are read by their offsets (``BoxStyleProperty/storage``) until one is bad; its
    /// problem is then told by ``BoxStyleProperty/problem(with:)``, which says it for any value.
    static func firstProblem(_ style: UnsafeRawPointer) -> (key: String, problem: String)? {
        let bytes = UnsafeRawBufferPointer(start: style, count: MemoryLayout<BoxStyle>.size)
        for index in checked.indices where !checked[index].storage.isGood(in: bytes) {
            let property = properties[checked[index].property]
            // (A style with grid values has them read back and checked.)
            if let problem = property.problem(with: style.load(as: BoxStyle.self)[property]) { return problem }
        }
        return nil
    }

    /// The properties validation reads (keywords of plain enumerations cannot be wrong), with
    /// their indices in ``properties``.
    private static let checked = properties.indices.compactMap {
        index -> (property: Int, storage: BoxStyleProperty.Storage)? in
        if case .none = properties[index].storage { return nil }
        return (index, properties[index].storage)
    }
}

extension BoxStyleProperty.Storage {
    /// Whether the value at this offset of `style`'s bytes is in its range: the ranges
    /// ``BoxStyleProperty/problem(with:)`` describes, shared with it.
    @inline(__always) func isGood(in style: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .none: return true
        case .length(let offset, let auto, let negative):
            return style.load(fromByteOffset: offset, as: BoxLength.self).isGood(auto: auto, negative: negative)
        case .edges(let offset, let auto, let negative):
            let edges = style.load(fromByteOffset: offset, as: BoxEdges<BoxLength>.self)
            return edges.top.isGood(auto: auto, negative: negative)
                && edges.right.isGood(auto: auto, negative: negative)
                && edges.bottom.isGood(auto: auto, negative: negative)
                && edges.left.isGood(auto: auto, negative: negative)
        case .factor(let offset):
            return BoxStyleProperty.factors.contains(style.load(fromByteOffset: offset, as: Double.self))
        case .ratio(let offset):
            guard let ratio = style.load(fromByteOffset: offset, as: Double?.self) else { return true }
            return BoxStyleProperty.ratios.contains(ratio)
        case .alignment(let offset, let item):
            guard let alignment = style.load(fromByteOffset: offset, as: BoxAlignment?.self) else { return true }
            return item ? alignment.isItemAlignment : alignment.isContentDistribution
        case .grid(let offset):
            // (Nil, the only value whose bits are all zero: no grid values to check.)
            return style.load(fromByteOffset: offset, as: UInt.self) == 0
        }
    }
}

extension BoxLength {
    /// The points and percentages a property takes: within ±1,000,000 and ±10,000 where it takes
    /// negative values, else from 0.
    @inline(__always) static func ranges(negative: Bool) -> (
        points: ClosedRange<Double>, percent: ClosedRange<Double>
    ) {
        negative ? (MushLimits.offset, -10_000...10_000) : (MushLimits.length, 0...10_000)
    }

    /// Whether this length suits a property that takes `auto` or negative values as said (the
    /// validation loop's check, without a call or a string).
    @inline(__always) func isGood(auto: Bool, negative: Bool) -> Bool {
        switch self {
        case .auto: return auto
        case .points(let number): return Self.ranges(negative: negative).points.contains(number)
        case .percent(let number): return Self.ranges(negative: negative).percent.contains(number)
        }
    }

    /// What is wrong with this length for a property that allows `auto` or not, and negative
    /// lengths or not (a sentence after the property's name); nil when it is good.
    public func problem(auto: Bool, negative: Bool) -> String? {
        switch self {
        case .auto:
            return auto ? nil : "cannot be auto"
        case .points(let number):
            return MushLimits.problem(number, in: Self.ranges(negative: negative).points, unit: "points")
        case .percent(let number):
            return MushLimits.problem(number, in: Self.ranges(negative: negative).percent, unit: "%")
        }
    }
}

extension BoxStyleProperty {
    /// The range of a flex factor.
    static let factors = 0.0...1_000_000
    /// The range of a ratio.
    static let ratios = 1e-6...1_000_000.0

    /// The problem of `value` as this property's: its key (with the edge, for edges) and what is
    /// wrong; nil when it is good. (Keys are joined only for a problem: good input builds no
    /// strings.)
    func problem(with value: BoxStyleValue) -> (key: String, problem: String)? {
        switch (kind, value) {
        case (.keyword(let names), .keyword(let keyword)):
            return names.contains(keyword) ? nil : (name, "cannot be \(keyword)")
        case (.factor, .number(let number)):
            return MushLimits.problem(number, in: Self.factors).map { (name, $0) }
        case (.ratio, .number(let ratio)):
            guard !Self.ratios.contains(ratio) else { return nil }
            return (name, "must be a number from 0.000001 to 1000000 (it is \(MushLimits.format(ratio)))")
        case (.length(let auto, let negative), .length(let value)):
            return value.problem(auto: auto, negative: negative).map { (name, $0) }
        case (.edges(let auto, let negative), .edges(let edges)):
            if let problem = edges.top.problem(auto: auto, negative: negative) { return (name + ".top", problem) }
            if let problem = edges.right.problem(auto: auto, negative: negative) { return (name + ".right", problem) }
            if let problem = edges.bottom.problem(auto: auto, negative: negative) { return (name + ".bottom", problem) }
            if let problem = edges.left.problem(auto: auto, negative: negative) { return (name + ".left", problem) }
            return nil
        case (.css, .css(let text)):
            // A value set from Swift is checked as the same value written as CSS would be.
            var style = BoxStyle()
            do throws(GridSyntaxError) {
                try read(css: text, into: &style)
                return nil
            } catch {
                return (name, error.message)
            }
        default:
            return nil
        }
    }
}
