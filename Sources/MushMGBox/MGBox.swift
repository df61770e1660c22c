import Mush
import MushBox
import MushLine
import MushText

/// A box after MGBoxKit's `MGBox`: a rectangle with margins and padding that lays its ``boxes``
/// out as a table (one under another) or a grid (left to right, wrapping), or holds content of its
/// own (a row, text, an image), and draws a background and borders.
///
/// Every mode is a set of box-engine styles (the article <doc:MGBoxRules> gives each, and what
/// differs from MGBoxKit); nothing here lays out by itself. A box is a value: build the tree, then
/// call ``layout(width:height:fonts:rounding:)``.
///
/// ```swift
/// var grid = MGBox(width: 320, height: 480)
/// grid.contentLayoutMode = .grid
/// for _ in 0..<10 {
///     var box = MGBox(width: 100, height: 100)
///     box.margin = MGLine.Insets(top: 10, left: 10)
///     grid.boxes.append(box)
/// }
/// let layout = try grid.layout()      // 320 × 550; boxes at (10, 10), (120, 10), (10, 120) …
/// ```
public struct MGBox: MGLayoutBox {
    /// A name for the box: echoed in its result (`BoxLayout.id`), and what ``attachedTo`` names.
    public var id: String?
    /// The boxes laid out inside, in order (MGBoxKit's `boxes`).
    public var boxes: [any MGLayoutBox]
    /// How the ``boxes`` are placed.
    public var contentLayoutMode: ContentLayoutMode
    /// How the box's size follows its content.
    public var sizingMode: SizingMode
    /// Whether the box is placed by its container (`automatic`) or at a point of its own.
    public var boxLayoutMode: BoxLayoutMode
    /// The box's width and height in points (its frame's size); nil: from its content and sizing
    /// mode. Under ``SizingMode/none`` the height is a minimum: content that needs more makes the
    /// box taller.
    public var width: Double?
    public var height: Double?
    /// Space outside the box's edges, kept clear by its container (negative margins overlap).
    public var margin: MGLine.Insets
    /// Space inside the box's edges, around its boxes or content.
    public var padding: MGLine.Insets
    /// Paint order among the container's boxes: higher is drawn later; equal ones keep their order.
    /// Frames never depend on it.
    public var zIndex: Double
    /// Where a box of ``BoxLayoutMode/none`` sits: its frame's origin in its container.
    public var origin: BoxOffset
    /// Where a fixed box stays in its containing scroll view's visible area (MGBoxKit's
    /// `fixedPosition`). Setting it makes the box ``BoxLayoutMode/fixed``.
    public var fixedPosition: BoxOffset? {
        didSet { if fixedPosition != nil { boxLayoutMode = .fixed } }
    }
    /// The ``id`` of a sibling box whose origin this box takes, moved by its own top and left
    /// margins (MGBoxKit's `attachedTo`). Setting it makes the box ``BoxLayoutMode/attached``.
    public var attachedTo: String? {
        didSet { if attachedTo != nil { boxLayoutMode = .attached } }
    }
    /// Each edge's border colour (MGBoxKit's `topBorderColor` …); a 1-point line inside the box
    /// that takes no room. nil: none, or the etched colour when ``borderStyle`` asks for one.
    public var borderColors: BoxEdges<MushColor?>
    /// Which edges have an etched border: a light line on the top and left, a dark one on the
    /// bottom and right, from the background colour (MGBoxKit's `borderStyle`).
    public var borderStyle: BorderStyle
    /// The fill of the box; nil: none.
    public var backgroundColor: MushColor?
    /// A gradient over the fill (not MGBoxKit's: a `CAGradientLayer` its apps added); nil: none.
    public var backgroundGradient: BoxGradient?
    /// How opaque the box and all it holds are, 0 to 1 (UIView's `alpha`); 1 by default.
    public var opacity: Double = 1
    /// The radius of the box's corners (its background, borders and, for a box that clips, its
    /// content); 0: square.
    public var cornerRadius: Double
    /// A drop shadow under the box.
    public var shadow: BoxShadow?
    /// Whether the box's boxes and content are clipped to it (its rounded corners included) when
    /// drawn (a clipping box's content also never makes it wider, as CSS's `overflow: hidden`).
    public var clipsContent: Bool = false
    /// How thick the borders are drawn, in points (MGBoxKit's are 1).
    public var borderLineWidth: Double = 1
    /// What the box holds instead of boxes: a row, text, an image, or a subtree of the box engine.
    public var content: Content?

    /// A node of the box engine placed among boxes as it is (`BoxNode` as an ``MGLayoutBox``).
    package var bareNode: BoxNode? {
        get { bareStorage?.value }
        set { bareStorage = newValue.map(Kept.init) }
    }
    // (Kept out of line: a node is over 440 bytes, and boxes are copied as they are lowered.)
    private var bareStorage: Kept<BoxNode>?
    /// The content offset of a scroll view (nil: the box is no scroll view).
    package var scrollOffset: BoxOffset?
    /// Where the top and bottom borders start (a table row's inset separator).
    package var borderInsetLeft: Double = 0
    /// For an ``MGTableBox``, how many of its boxes are top lines and middle lines (the rest are
    /// bottom lines), so that errors name them `topLines[0]` …; nil: the boxes are `boxes[N]`.
    package var lineCounts: (top: Int, middle: Int)?
    /// For an ``MGTableBox``, whether its top lines repeat on every page (``MGTableBox/repeatTopLines``).
    package var repeatsTopLines = false
    /// For a styled ``MGTableBox``, its style, which the lowering applies to each row as it lowers it
    /// (``MGTableStyle/styled(_:index:count:)``): styled here, every row would be made a box, kept
    /// in an array of boxes and copied out of it again.
    package var rowStyle: MGTableStyle? {
        get { rowStyleStorage?.value }
        set { rowStyleStorage = newValue.map(Kept.init) }
    }
    private var rowStyleStorage: Kept<MGTableStyle>?
    /// An ``MGTableBox`` given boxes besides its lines: an error of the lowering.
    package var mixesBoxesAndLines = false
    /// Passes to run for the box's node besides its own (a JSON scroll view's questions).
    package var passes: [any BoxPass] {
        get { passStorage?.value ?? [] }
        set { passStorage = newValue.isEmpty ? nil : Kept(newValue) }
    }
    private var passStorage: Kept<[any BoxPass]>?

    /// An empty box, `width` × `height` when given.
    public init(width: Double? = nil, height: Double? = nil, boxes: [any MGLayoutBox] = []) {
        self.width = width
        self.height = height
        self.boxes = boxes
        contentLayoutMode = .table
        sizingMode = .none
        boxLayoutMode = .automatic
        margin = MGLine.Insets()
        padding = MGLine.Insets()
        zIndex = 0
        origin = .zero
        borderColors = BoxEdges(nil)
        borderStyle = []
        cornerRadius = 0
    }

    /// A box holding `content`.
    public init(_ content: Content, width: Double? = nil, height: Double? = nil) {
        self.init(width: width, height: height)
        self.content = content
    }

    public var mgBox: MGBox { self }

    /// The path of the box at `index` for errors.
    func childName(_ index: Int) -> String {
        childNaming.name(index).description
    }

    /// How the input names the box's boxes: `boxes[N]`, or a table's `topLines[N]` ….
    var childNaming: BoxOrigin.ChildNaming {
        guard let (top, middle) = lineCounts else { return .key("boxes") }
        return .runs([
            .init(key: "topLines", count: top), .init(key: "middleLines", count: middle),
            .init(key: "bottomLines", count: Int.max - top - middle),
        ])
    }

    /// Whether this box, or any box or node inside it, has the id `id` (what
    /// `BoxLayout.offset(scrollingToView:withMargin:from:)` finds in its result).
    package func contains(id: String) -> Bool {
        if self.id == id { return true }
        if let node = bareNode { return node.contains(id: id) }
        if case .node(let node)? = content, node.contains(id: id) { return true }
        return boxes.contains { $0.mgBox.contains(id: id) }
    }

    /// `node` with the box's ``passes`` in its origin (a box holding content).
    func withPasses(_ node: BoxNode) -> BoxNode {
        guard !passes.isEmpty else { return node }
        var node = node
        node.origin = BoxOrigin(passes: passes)
        return node
    }

    /// The key of the boxes for errors that name them all.
    var boxesKey: String { lineCounts == nil ? "boxes" : "lines" }

    /// Whether the content is a subtree of the box engine (the box is then its container).
    var contentIsNode: Bool {
        if case .node? = content { return true }
        return false
    }

    /// Whether the box holds a row that is never shortened (it keeps its natural width in a table).
    var keepsNaturalWidth: Bool {
        if case .line(let line)? = content { return line.widenAsNeeded }
        return false
    }

    /// MGBoxKit's `contentLayoutMode`.
    public enum ContentLayoutMode: String, Hashable, Sendable, CaseIterable {
        /// Each box under the one before, at the left padding plus its left margin (CSS's
        /// `display: block`, with margins that add up rather than collapse).
        case table
        /// Boxes left to right, a new row when the next box's margin box passes the inner width;
        /// rows top-aligned, each as tall as its tallest margin box (CSS's `float: left`).
        case grid
    }

    /// MGBoxKit's `sizingMode`.
    public enum SizingMode: String, Hashable, Sendable, CaseIterable {
        /// The width stays as given; the height is at least as given, taller when the content needs
        /// it. Without a width, a box in a table fills the table's inner width (less its margins) and
        /// a box in a grid is as wide as its content.
        case none
        /// As wide as the container's inner width less the margins (in a grid: the rest of its row),
        /// whatever the width given.
        case expandWidthToFill
        /// As small as the content and the padding (no width or height may be given).
        case shrinkWrap
    }

    /// MGBoxKit's `boxLayoutMode`.
    public enum BoxLayoutMode: String, Hashable, Sendable, CaseIterable {
        /// Placed by its container's ``ContentLayoutMode``.
        case automatic
        /// At ``origin`` in its container, taking no room there (its margins do not move it).
        case none
        /// At ``fixedPosition`` in the visible area of the scroll view holding it.
        case fixed
        /// At the origin of the sibling named by ``attachedTo``, moved by its top and left margins.
        case attached
    }

    /// The edges with an etched border (MGBoxKit's `MGBorderEtchedTop` …).
    public struct BorderStyle: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let etchedTop = BorderStyle(rawValue: 1)
        public static let etchedLeft = BorderStyle(rawValue: 2)
        public static let etchedBottom = BorderStyle(rawValue: 4)
        public static let etchedRight = BorderStyle(rawValue: 8)
        public static let etchedAll: BorderStyle = [.etchedTop, .etchedLeft, .etchedBottom, .etchedRight]
    }

    /// What a box holds instead of boxes.
    public enum Content: Sendable {
        /// A row, laid out by the row engine at the box's content width.
        indirect case line(MGLine)
        /// Any leaf of the box engine: `TextLeaf`, `ImageLeaf`, `LineLeaf` or your own.
        case leaf(any BoxLeaf)
        /// A subtree of the box engine, laid out by its own styles.
        indirect case node(BoxNode)
    }
}

/// A box that can stand in an ``MGBox``'s ``MGBox/boxes``: MGBoxKit's `MGLayoutBox` protocol.
/// ``MGBox``, ``MGTableBox``, ``MGScrollView`` and `MGLine` (a row, as MGBoxKit's `MGLine` is a box)
/// are boxes.
public protocol MGLayoutBox: Sendable {
    /// The box as an ``MGBox``: its properties, and its boxes or content.
    var mgBox: MGBox { get }
}

extension BoxNode: MGLayoutBox {
    /// The node as it is, laid out by its own styles (its container's modes do not change it).
    public var mgBox: MGBox {
        var box = MGBox()
        box.id = id
        box.bareNode = self
        return box
    }
}

extension MGLine: MGLayoutBox {
    /// A box holding the row, with the row's margins. A row whose width is 0 fills a table's inner
    /// width (less its margins), as rows of MGBoxKit's table sections do, and takes its natural
    /// width in a grid.
    public var mgBox: MGBox {
        var box = MGBox(.line(self), width: width > 0 ? width : nil)
        box.margin = margin
        return box
    }
}

/// A value kept out of line, so that a box stays small to copy.
final class Kept<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension BoxNode {
    /// Whether this node or any below it has the id `id`.
    func contains(id: String) -> Bool {
        self.id == id || children.contains { $0.contains(id: id) }
    }
}
