import Mush
import MushBase

/// How a box looks, for whoever draws its layout: the engine never reads it, and carries it from
/// the node (``BoxNode/paint``) to the node's result (``BoxLayout/paint``) as it is.
///
/// A box is drawn in this order: its shadow, its background, its borders, its children (by
/// ``zIndex``, each with everything inside it), clipped to the box's rounded padding box when its
/// style's `overflow` is not `visible`.
///
/// ```swift
/// var card = BoxPaint(backgroundColor: MushColor(hex: "#fff"))
/// card.cornerRadius = 10
/// card.shadow = BoxShadow(color: MushColor(red: 0, green: 0, blue: 0, alpha: 40), offset: BoxOffset(x: 0, y: 1), blur: 3)
/// ```
public struct BoxPaint: Hashable, Sendable {
    /// The fill of the border box (rounded by ``cornerRadius``); nil: none.
    public var backgroundColor: MushColor?
    /// A gradient over the background colour, filling the same rounded border box (CSS's
    /// `background-image` over `background-color`); nil: none.
    public var backgroundGradient: BoxGradient?
    /// Each edge's border colour; nil: no line on that edge.
    public var borderColors: BoxEdges<MushColor?>
    /// How thick the borders are drawn. nil: each edge as wide as the node's border (the room its
    /// style gave it, as CSS draws borders); a number: lines this thick drawn inside the border box,
    /// over the padding, taking no room (MGBoxKit's borders, 1 point).
    public var borderLineWidth: Double?
    /// Where the top and bottom borders start, in points from the left edge (an inset separator
    /// between table rows); 0: at the edge.
    public var borderInsetLeft: Double
    /// The radius of the border box's corners; 0: square.
    public var cornerRadius: Double
    /// A shadow under the box, in the shape of its border box.
    public var shadow: BoxShadow?
    /// The paint order among siblings: higher is drawn later (on top); siblings of the same
    /// `zIndex` keep their order. Frames never depend on it.
    public var zIndex: Double
    /// How far the box's content is scrolled: its children are drawn moved up and left by it (and
    /// clipped to the box when its style clips).
    public var contentOffset: BoxOffset
    /// Filled rectangles drawn over the background and borders, under the children, in the box's
    /// coordinates: the separators a layout draws between its items. Frames never depend on them.
    public var rules: [BoxRule] = []
    /// How opaque the box and everything it holds are, from 0 (not drawn) to 1 (the default): the
    /// box is drawn as one group, then laid over what is below at this opacity (CSS `opacity`).
    /// Frames never depend on it, and a box of opacity 0 is still hit.
    public var opacity = 1.0
    /// Where the box links to (`LinkTarget`: an `http`, `https` or `mailto` URL, or `#ID`): a
    /// link annotation over its border box in PDF, an `<a>` in SVG; nil: none.
    public var link: String?
    /// The box's entry in a PDF's outline (a bookmark; a heading's); nil: none. Other formats have
    /// no outline.
    public var bookmark: BoxBookmark?
    /// What the box is in a tagged PDF's structure; nil: what it holds says (``BoxRole``).
    public var role: BoxRole?
    /// What a picture shows, for those who cannot see it: a tagged PDF's `/Alt` on the box's
    /// `Figure` (an image leaf, or a box of role ``BoxRole/figure``). An empty text marks the picture
    /// as decoration (no element); nil: none given (a tagged PDF warns).
    public var alternateText: String?

    public init(
        backgroundColor: MushColor? = nil, borderColors: BoxEdges<MushColor?> = BoxEdges(nil),
        borderLineWidth: Double? = nil, borderInsetLeft: Double = 0, cornerRadius: Double = 0,
        shadow: BoxShadow? = nil, zIndex: Double = 0, contentOffset: BoxOffset = .zero
    ) {
        self.backgroundColor = backgroundColor
        self.borderColors = borderColors
        self.borderLineWidth = borderLineWidth
        self.borderInsetLeft = borderInsetLeft
        self.cornerRadius = cornerRadius
        self.shadow = shadow
        self.zIndex = zIndex
        self.contentOffset = contentOffset
    }

    /// What is wrong with `text` as an ``alternateText``: a U+0000, or more than
    /// `DocumentInfo.longestText` characters; nil when nothing is.
    public static func problem(alternateText text: String) -> String? {
        if text.unicodeScalars.contains("\0") { return "must not hold U+0000" }
        if text.count > DocumentInfo.longestText { return "must be at most \(DocumentInfo.longestText) characters" }
        return nil
    }

    /// The first value out of its range, as `(key, problem)`: a negative or non-finite
    /// ``borderLineWidth``, ``borderInsetLeft``, ``cornerRadius`` or shadow blur, a non-finite
    /// ``zIndex`` or offset, an ``opacity`` outside 0 to 1, a ``link`` that `LinkTarget` refuses.
    /// nil when all are good.
    public func firstProblem() -> (key: String, problem: String)? {
        // (Each value checked where it is: arrays of keys and values, made for every painted node,
        // cost more than the checks.)
        func problem(_ value: Double?, _ range: ClosedRange<Double>) -> String? {
            guard let value, !range.contains(value) else { return nil }
            return MushLimits.problem(value, in: range)
        }
        if let problem = problem(borderLineWidth, MushLimits.length) { return ("borderLineWidth", problem) }
        if let problem = problem(borderInsetLeft, MushLimits.length) { return ("borderInsetLeft", problem) }
        if let problem = problem(cornerRadius, MushLimits.length) { return ("cornerRadius", problem) }
        if let problem = problem(shadow?.blur, MushLimits.length) { return ("shadow.blur", problem) }
        if let problem = problem(zIndex, MushLimits.offset) { return ("zIndex", problem) }
        if let problem = problem(contentOffset.x, MushLimits.offset) { return ("contentOffset.x", problem) }
        if let problem = problem(contentOffset.y, MushLimits.offset) { return ("contentOffset.y", problem) }
        if let problem = problem(shadow?.offset.x, MushLimits.offset) { return ("shadow.offset.x", problem) }
        if let problem = problem(shadow?.offset.y, MushLimits.offset) { return ("shadow.offset.y", problem) }
        if let gradient = backgroundGradient, let (key, problem) = gradient.firstProblem() {
            return ("backgroundGradient" + (key.isEmpty ? "" : "." + key), problem)
        }
        if !(0...1).contains(opacity) {
            return ("opacity", "must be a number from 0 to 1 (it is \(MushLimits.format(opacity)))")
        }
        if let link, let problem = LinkTarget.problem(link) { return ("link", problem) }
        if let found = bookmark?.firstProblem() { return found }
        if let alternateText, let problem = Self.problem(alternateText: alternateText) { return ("alt", problem) }
        for (index, rule) in rules.enumerated() {
            if let problem = problem(rule.x, MushLimits.offset) { return ("rules[\(index)].x", problem) }
            if let problem = problem(rule.y, MushLimits.offset) { return ("rules[\(index)].y", problem) }
            if let problem = problem(rule.width, MushLimits.length) { return ("rules[\(index)].width", problem) }
            if let problem = problem(rule.height, MushLimits.length) { return ("rules[\(index)].height", problem) }
        }
        return nil
    }
}

/// A drop shadow: the box's shape filled with `color`, moved by `offset` and blurred by `blur`
/// points.
public struct BoxShadow: Hashable, Sendable {
    public var color: MushColor
    public var offset: BoxOffset
    /// How far the shadow fades out, in points; 0: a sharp edge.
    public var blur: Double

    public init(color: MushColor, offset: BoxOffset = .zero, blur: Double = 0) {
        self.color = color
        self.offset = offset
        self.blur = blur
    }
}

/// A filled rectangle of a box's paint (``BoxPaint/rules``), in the box's coordinates: a separator
/// line between a layout's items.
public struct BoxRule: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var color: MushColor

    public init(x: Double, y: Double, width: Double, height: Double, color: MushColor) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.color = color
    }
}

/// A linear or radial gradient: colours that blend from stop to stop along a line through the box,
/// or outward from a centre (CSS's `linear-gradient` and `radial-gradient`).
public struct BoxGradient: Hashable, Sendable {
    /// How the colours run.
    public enum Shape: Hashable, Sendable {
        /// Along a line through the box's centre at `angle` degrees, CSS's way: 0 runs bottom to
        /// top, 90 left to right, 180 (the default) top to bottom. The line is as long as the box's
        /// corners need, so that the first and last colours reach the corners.
        case linear(angle: Double)
        /// Outward in a circle from a centre given as fractions of the box (0.5, 0.5: its centre),
        /// to the farthest corner.
        case radial(centerX: Double, centerY: Double)
    }

    /// A colour at a place along the gradient, from 0 (its start) to 1 (its end).
    public struct Stop: Hashable, Sendable {
        public var color: MushColor
        public var offset: Double

        public init(_ color: MushColor, at offset: Double) {
            self.color = color
            self.offset = offset
        }
    }

    public var shape: Shape
    /// The stops, at least two, their offsets from 0 to 1 and never decreasing.
    public var stops: [Stop]

    public init(_ shape: Shape, stops: [Stop]) {
        self.shape = shape
        self.stops = stops
    }

    /// The first bad value, as its key (`stops[1].at`; empty for the gradient itself) and the
    /// problem; nil when all are good.
    public func firstProblem() -> (key: String, problem: String)? {
        switch shape {
        case .linear(let angle):
            if let problem = MushLimits.problem(angle, in: -1_000_000...1_000_000, unit: "degrees") {
                return ("linear", problem)
            }
        case .radial(let x, let y):
            for (key, value) in [("radial[0]", x), ("radial[1]", y)] {
                if let problem = MushLimits.problem(value, in: -1000...1000, unit: "") { return (key, problem) }
            }
        }
        guard stops.count >= 2 else { return ("stops", "a gradient needs at least two stops (it has \(stops.count))") }
        var last = 0.0
        for (index, stop) in stops.enumerated() {
            guard stop.offset.isFinite, (0...1).contains(stop.offset) else {
                return ("stops[\(index)].at", "must be a number from 0 to 1 (it is \(MushLimits.format(stop.offset)))")
            }
            guard stop.offset >= last else {
                return (
                    "stops[\(index)].at",
                    "must not come before the stop before it (it is \(MushLimits.format(stop.offset)), after \(MushLimits.format(last)))"
                )
            }
            last = stop.offset
        }
        return nil
    }
}

/// A paint behind one reference, as nodes and results keep it: it is large (about 170 bytes) and
/// most boxes have none, so an 8-byte reference keeps nodes and results small to copy.
package final class SharedPaint: Sendable {
    package let paint: BoxPaint

    package init(_ paint: BoxPaint) { self.paint = paint }
}
