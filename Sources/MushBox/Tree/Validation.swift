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
        return checks.withUnsafeBufferPointer { checks in
            for check in checks where !check.isGood(in: bytes) {
                if check.kind == .grid {
                    // (Grid values: their box knows its first problem.)
                    if let problem = style.load(as: BoxStyle.self).grid?.problem { return problem }
                    continue
                }
                // The first bad value, or (a run of alignments not all `normal`) the first of its
                // properties that is bad.
                for property in properties[check.property..<check.property + check.count]
                where check.kind != .alignments || !property.storage.isGood(in: bytes) {
                    if let problem = property.problem(with: style.load(as: BoxStyle.self)[property]) { return problem }
                }
            }
            return nil
        }
    }

    /// The checks validation makes, in the order of ``properties``: one a property whose value can
    /// be wrong (keywords of plain enumerations cannot), except that the alignment properties that
    /// follow each other in the table and in a style's bytes are one check (all `normal`, their
    /// bytes as in `BoxStyle()`, or each checked), and the grid properties, which share one
    /// out-of-line box, one too (a style without that box has none to check).
    private static let checks: [StyleCheck] = {
        var checks: [StyleCheck] = []
        let plain = withUnsafeBytes(of: BoxStyle()) { Array($0) }
        for (index, property) in properties.enumerated() {
            switch property.storage {
            case .none: continue
            case .grid(let offset):
                if let last = checks.last, last.kind == .grid, last.property + last.count == index {
                    checks[checks.count - 1].count += 1
                } else {
                    checks.append(StyleCheck(kind: .grid, offset: offset, property: index))
                }
            case .alignment(let offset, _):
                if let last = checks.last, last.kind == .alignments, last.offset + last.count == offset,
                    last.property + last.count == index, last.count < 8,
                    offset + 8 <= MemoryLayout<BoxStyle>.size
                {
                    checks[checks.count - 1].plain |= UInt64(plain[offset]) << (8 * UInt64(last.count))
                    checks[checks.count - 1].count += 1
                } else {
                    checks.append(
                        StyleCheck(kind: .alignments, offset: offset, property: index, plain: UInt64(plain[offset])))
                }
            case .length(let offset, let auto, let negative):
                checks.append(
                    StyleCheck(kind: .length, offset: offset, property: index, auto: auto, negative: negative))
            case .edges(let offset, let auto, let negative):
                checks.append(StyleCheck(kind: .edges, offset: offset, property: index, auto: auto, negative: negative))
            case .factor(let offset): checks.append(StyleCheck(kind: .factor, offset: offset, property: index))
            case .ratio(let offset): checks.append(StyleCheck(kind: .ratio, offset: offset, property: index))
            }
        }
        return checks
    }()
}

/// One of validation's checks of a style's bytes (plain values, read by the loop every node's
/// style goes through).
struct StyleCheck {
    typealias Storage = BoxStyleProperty.Storage

    enum Kind: UInt8 {
        case length
        case edges
        case factor
        case ratio
        case alignments
        case grid
    }

    var kind: Kind
    /// Where the value (or the first of a run) lies in the style.
    var offset: Int
    /// The property (or the first of a run) in ``BoxStyle/properties``, and how many.
    var property: Int
    var count = 1
    /// A run of alignments' bytes when all are `normal`, little end first, and the bits of its
    /// bytes.
    var plain: UInt64 = 0
    var mask: UInt64 { count >= 8 ? ~0 : (1 << (8 * UInt64(count))) - 1 }
    var auto = false
    var negative = false

    /// Whether the value, or every value of the run, is good.
    @inline(__always) func isGood(in style: UnsafeRawBufferPointer) -> Bool {
        switch kind {
        case .length: return Storage.isGoodLength(in: style, at: offset, auto: auto, negative: negative)
        case .edges: return Storage.areGoodEdges(in: style, at: offset, auto: auto, negative: negative)
        case .factor: return Storage.isGoodFactor(in: style, at: offset)
        case .ratio: return Storage.isGoodRatio(in: style, at: offset)
        case .alignments:
            // (Eight bytes read, the run's kept: a run ends well before the style does.)
            return style.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & mask == plain
        case .grid: return Storage.hasNoGridValues(in: style, at: offset)
        }
    }
}

extension BoxStyleProperty.Storage {
    /// Whether the value at this offset of `style`'s bytes is in its range: the ranges
    /// ``BoxStyleProperty/problem(with:)`` describes, shared with it; validation's own checks
    /// (``StyleCheck``) ask the same tests below.
    @inline(__always) func isGood(in style: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .none: return true
        case .length(let offset, let auto, let negative):
            return Self.isGoodLength(in: style, at: offset, auto: auto, negative: negative)
        case .edges(let offset, let auto, let negative):
            return Self.areGoodEdges(in: style, at: offset, auto: auto, negative: negative)
        case .factor(let offset): return Self.isGoodFactor(in: style, at: offset)
        case .ratio(let offset): return Self.isGoodRatio(in: style, at: offset)
        case .alignment(let offset, let item):
            guard let alignment = style.load(fromByteOffset: offset, as: BoxAlignment?.self) else { return true }
            return item ? alignment.isItemAlignment : alignment.isContentDistribution
        case .grid(let offset): return Self.hasNoGridValues(in: style, at: offset)
        }
    }

    @inline(__always) static func isGoodLength(
        in style: UnsafeRawBufferPointer, at offset: Int, auto: Bool, negative: Bool
    ) -> Bool {
        style.load(fromByteOffset: offset, as: BoxLength.self).isGood(auto: auto, negative: negative)
    }

    @inline(__always) static func areGoodEdges(
        in style: UnsafeRawBufferPointer, at offset: Int, auto: Bool, negative: Bool
    ) -> Bool {
        let edges = style.load(fromByteOffset: offset, as: BoxEdges<BoxLength>.self)
        return edges.top.isGood(auto: auto, negative: negative) && edges.right.isGood(auto: auto, negative: negative)
            && edges.bottom.isGood(auto: auto, negative: negative) && edges.left.isGood(auto: auto, negative: negative)
    }

    @inline(__always) static func isGoodFactor(in style: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        BoxStyleProperty.factors.contains(style.load(fromByteOffset: offset, as: Double.self))
    }

    @inline(__always) static func isGoodRatio(in style: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard let ratio = style.load(fromByteOffset: offset, as: Double?.self) else { return true }
        return BoxStyleProperty.ratios.contains(ratio)
    }

    /// (Nil, the only value whose bits are all zero: no grid values to check.)
    @inline(__always) static func hasNoGridValues(in style: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        style.load(fromByteOffset: offset, as: UInt.self) == 0
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
