import Mush
import MushBase
import MushBox
import MushLine
import MushText

/// A box of a tree written in Swift: a container of boxes, a text, an image or a node made
/// elsewhere, with the style and paint its modifiers set. ``node(fonts:)`` makes the engine's
/// `BoxNode` of it (shaping its texts), as reading the same tree from JSON does.
///
/// ```swift
/// let card = Column(spacing: 8) {
///     Image("photos/dawn.jpg", width: 296, height: 148).objectFit(.cover)
///     Text("Boats leave at **six**.", markup: true).font(size: 14)
/// }
/// .padding(12)
/// .frame(width: 320)
/// let layout = try BoxEngine.layout(try card.node())
/// ```
public struct Box: BoxContent {
    /// What the box holds.
    enum Content: Sendable {
        case children([Box])
        case text([TextPart])
        case image(ImageLeaf)
        /// An MGLine row, checked and shaped when the node is made.
        case line(MGLine)
        /// A node made elsewhere (a vocabulary's: an MGTableBox section, a BoxView chain): the
        /// modifiers' style and paint, where they set any, take the places of its own.
        case node(BoxNode)
    }

    var content: Content
    var id: String?
    var style = BoxStyle()
    var paint: BoxPaint?
    /// The text settings this box sets for the texts inside it (the nearest wins).
    var text = TextSettings()
    /// What a modifier could not take (a bad hex colour), each at its key: thrown when the node is
    /// made.
    var problems: [BuildError] = []

    init(_ content: Content, style: BoxStyle = BoxStyle()) {
        self.content = content
        self.style = style
    }

    public var box: Box { self }

    /// The engine's node of the box: its texts shaped with `fonts`, each setting checked as the JSON
    /// reader checks it. Throws a ``BuildError`` naming the box by its path in the tree
    /// (`children[1].children[0]`, as the same tree's JSON would name it).
    public func node(fonts: FontCollection = .standard) throws(BuildError) -> BoxNode {
        let node = try node(fonts: fonts, inherited: TextSettings(), path: "")
        do throws(BoxError) {
            try node.validate()
        } catch {
            throw BuildError(path: error.path, problem: error.problem)
        }
        return node
    }

    func node(fonts: FontCollection, inherited: TextSettings, path: String) throws(BuildError) -> BoxNode {
        let settings = inherited.overridden(by: text)
        if let problem = problems.first {
            throw BuildError(path: JSONPath.join(path, problem.path), problem: problem.problem)
        }
        do throws(BoxError) {
            try BoxNode(style: style).validate()
        } catch {
            throw BuildError(path: JSONPath.join(path, error.path), problem: error.problem)
        }
        if let (key, problem) = paint?.firstProblem() {
            throw BuildError(path: JSONPath.join(path, key), problem: problem)
        }
        switch content {
        case .children(let boxes):
            var children: [BoxNode] = []
            children.reserveCapacity(boxes.count)
            for (index, child) in boxes.enumerated() {
                children.append(
                    try child.node(fonts: fonts, inherited: settings, path: JSONPath.join(path, "children[\(index)]")))
            }
            return BoxNode(id: id, style: style, paint: paint, children: children)
        case .text(let parts):
            let leaf = try TextPart.leaf(parts, settings: settings, fonts: fonts, path: path)
            return BoxNode(id: id, style: style, paint: paint, leaf: leaf)
        case .image(let image):
            return BoxNode(id: id, style: style, paint: paint, leaf: image)
        case .line(let line):
            do throws(MGLineError) {
                return BoxNode(id: id, style: style, paint: paint, leaf: try LineLeaf(line, fonts: fonts))
            } catch {
                throw BuildError(path: JSONPath.join(path, "line"), problem: error.description)
            }
        case .node(var node):
            node.id = id ?? node.id
            node.style = style == BoxStyle() ? node.style : style
            if let paint { node.paint = paint }
            return node
        }
    }
}

/// A problem with a tree written in Swift: where (the box's path, as its JSON would be named, and
/// the setting) and what.
public struct BuildError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `children[1].padding.left`; empty for the root itself.
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { path.isEmpty ? problem : "\(path): \(problem)" }
}

/// What a builder takes: a ``Box``, or a type that makes one (``Column``, ``Row``, ``Text`` …).
public protocol BoxContent: Sendable {
    /// The box it makes.
    var box: Box { get }
}

extension BoxContent {
    /// The engine's node of the box (``Box/node(fonts:)``).
    public func node(fonts: FontCollection = .standard) throws(BuildError) -> BoxNode {
        try box.node(fonts: fonts)
    }
}

/// Builds the boxes of a container from statements: boxes, `if`, `if`/`else`, `switch` and `for`.
@resultBuilder
public enum BoxBuilder {
    public static func buildExpression(_ content: some BoxContent) -> [Box] { [content.box] }
    public static func buildExpression(_ boxes: [Box]) -> [Box] { boxes }
    public static func buildBlock(_ parts: [Box]...) -> [Box] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Box]?) -> [Box] { part ?? [] }
    public static func buildEither(first part: [Box]) -> [Box] { part }
    public static func buildEither(second part: [Box]) -> [Box] { part }
    public static func buildArray(_ parts: [[Box]]) -> [Box] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [Box]) -> [Box] { part }
}
