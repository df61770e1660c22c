import Mush
import MushBase
import MushBox
import MushLine
import MushText

/// A colour for a modifier: a `MushColor`, or a CSS hex string (`"#fff"`, `"#1f3a5f80"`), checked
/// when the tree is made (``Box/node(fonts:)`` names a bad one by its path).
public enum BoxColor: Sendable, Hashable, ExpressibleByStringLiteral {
    case color(MushColor)
    case hex(String)

    public init(stringLiteral value: String) { self = .hex(value) }

    /// The colour, or what is wrong with its hex string.
    var resolved: Result<MushColor, BuildError> {
        switch self {
        case .color(let color): return .success(color)
        case .hex(let text):
            do throws(MushColorError) {
                return .success(try MushColor(parsing: text))
            } catch {
                return .failure(BuildError(path: "", problem: "\(error)"))
            }
        }
    }
}

// The modifiers: each sets what the same key of the JSON sets, on the box it is called on.
extension BoxContent {
    /// A changed copy of the box.
    private func with(_ change: (inout Box) -> Void) -> Box {
        var box = self.box
        change(&box)
        return box
    }

    /// A changed copy of the box's paint.
    private func painted(_ change: (inout BoxPaint) -> Void) -> Box {
        with { box in
            var paint = box.paint ?? BoxPaint()
            change(&paint)
            box.paint = paint
        }
    }

    /// A copy with `color` resolved into `set`, or, for a bad hex string, the problem kept for
    /// ``Box/node(fonts:)`` to throw at `key`.
    private func colored(_ color: BoxColor, key: String, _ set: (inout Box, MushColor) -> Void) -> Box {
        with { box in
            switch color.resolved {
            case .success(let value): set(&box, value)
            case .failure(let error): box.problems.append(BuildError(path: key, problem: error.problem))
            }
        }
    }

    // MARK: Identity and pages

    /// The box's id (`id`): for links (`#ID`), page references and transitions.
    public func id(_ id: String) -> Box { with { $0.id = id } }

    /// Where pages may end around and inside the box (`breakBefore`, `breakAfter`, `breakInside`),
    /// and whether it repeats on every page of its parent (`repeat`).
    public func page(
        breakBefore: BoxStyle.Break? = nil, breakAfter: BoxStyle.Break? = nil, breakInside: BoxStyle.BreakInside? = nil,
        repeats: BoxStyle.Repeat? = nil
    ) -> Box {
        with { box in
            box.style.breakBefore = breakBefore ?? box.style.breakBefore
            box.style.breakAfter = breakAfter ?? box.style.breakAfter
            box.style.breakInside = breakInside ?? box.style.breakInside
            box.style.repeats = repeats ?? box.style.repeats
        }
    }

    // MARK: Size and place

    /// Room inside the border on every edge (`padding`).
    public func padding(_ all: Double) -> Box { with { $0.style.padding = BoxEdges(.points(all)) } }

    /// Room inside the border on the edges given (`padding`'s `top`, `right`, `bottom`, `left`).
    public func padding(top: Double? = nil, right: Double? = nil, bottom: Double? = nil, left: Double? = nil) -> Box {
        with { $0.style.padding = Self.edges($0.style.padding, top, right, bottom, left) }
    }

    /// Room outside the border on every edge (`margin`).
    public func margin(_ all: Double) -> Box { with { $0.style.margin = BoxEdges(.points(all)) } }

    /// Room outside the border on the edges given.
    public func margin(top: Double? = nil, right: Double? = nil, bottom: Double? = nil, left: Double? = nil) -> Box {
        with { $0.style.margin = Self.edges($0.style.margin, top, right, bottom, left) }
    }

    /// The box's size and its limits, in points (`width`, `height`, `minWidth` …); nil leaves one as
    /// it is.
    public func frame(
        width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, maxHeight: Double? = nil
    ) -> Box {
        with { box in
            if let width { box.style.width = .points(width) }
            if let height { box.style.height = .points(height) }
            if let minWidth { box.style.minWidth = .points(minWidth) }
            if let maxWidth { box.style.maxWidth = .points(maxWidth) }
            if let minHeight { box.style.minHeight = .points(minHeight) }
            if let maxHeight { box.style.maxHeight = .points(maxHeight) }
        }
    }

    /// How the box grows and shrinks in its flex container (`flexGrow`, `flexShrink`,
    /// `flexBasis` in points).
    public func flex(grow: Double? = nil, shrink: Double? = nil, basis: Double? = nil) -> Box {
        with { box in
            box.style.flexGrow = grow ?? box.style.flexGrow
            box.style.flexShrink = shrink ?? box.style.flexShrink
            if let basis { box.style.flexBasis = .points(basis) }
        }
    }

    /// How the box is aligned across its container, over the container's alignment (`alignSelf`).
    public func align(_ alignment: BoxAlignment) -> Box { with { $0.style.alignSelf = alignment } }

    /// The box placed out of the flow, by its edges from its parent's padding box (`position:
    /// absolute` and `inset`).
    public func absolute(top: Double? = nil, right: Double? = nil, bottom: Double? = nil, left: Double? = nil) -> Box {
        with { box in
            box.style.position = .absolute
            box.style.inset = Self.edges(box.style.inset, top, right, bottom, left)
        }
    }

    /// What the box holds clipped to its padding box (`overflow: hidden`).
    public func clipped() -> Box { with { $0.style.overflow = .hidden } }

    private static func edges(
        _ edges: BoxEdges<BoxLength>, _ top: Double?, _ right: Double?, _ bottom: Double?, _ left: Double?
    ) -> BoxEdges<BoxLength> {
        BoxEdges(
            top: top.map { .points($0) } ?? edges.top, right: right.map { .points($0) } ?? edges.right,
            bottom: bottom.map { .points($0) } ?? edges.bottom, left: left.map { .points($0) } ?? edges.left)
    }

    // MARK: Paint

    /// A background colour (`backgroundColor`).
    public func background(_ color: BoxColor) -> Box {
        colored(color, key: "backgroundColor") { box, color in
            var paint = box.paint ?? BoxPaint()
            paint.backgroundColor = color
            box.paint = paint
        }
    }

    /// A background gradient (`backgroundGradient`).
    public func background(_ gradient: BoxGradient) -> Box { painted { $0.backgroundGradient = gradient } }

    /// Rounded corners (`cornerRadius`).
    public func cornerRadius(_ radius: Double) -> Box { painted { $0.cornerRadius = radius } }

    /// A border `width` points wide in `color` on every edge (`border` and `borderColor`).
    public func border(_ width: Double, _ color: BoxColor) -> Box {
        colored(color, key: "borderColor") { box, color in
            box.style.border = BoxEdges(.points(width))
            var paint = box.paint ?? BoxPaint()
            paint.borderColors = BoxEdges(color)
            box.paint = paint
        }
    }

    /// A shadow under the box (`shadow`).
    public func shadow(_ color: BoxColor, x: Double = 0, y: Double = 0, blur: Double = 0) -> Box {
        colored(color, key: "shadow.color") { box, color in
            var paint = box.paint ?? BoxPaint()
            paint.shadow = BoxShadow(color: color, offset: BoxOffset(x: x, y: y), blur: blur)
            box.paint = paint
        }
    }

    /// How opaque the box and all it holds are, from 0 to 1 (`opacity`).
    public func opacity(_ opacity: Double) -> Box { painted { $0.opacity = opacity } }

    /// A link on the whole box: a URL or `#ID` (`link`).
    public func link(_ target: String) -> Box { painted { $0.link = target } }

    /// A heading of `level` (1 to 6): an entry of a PDF's outline, and `H1`…`H6` in a tagged PDF
    /// (`heading`).
    public func heading(_ level: Int) -> Box {
        painted { $0.bookmark = BoxBookmark(level: level, isHeading: true) }
    }

    /// What the box is in a tagged PDF (`role`).
    public func role(_ role: BoxRole) -> Box { painted { $0.role = role } }

    /// A figure's words for a screen reader; `""` for decoration (`alt`).
    public func alt(_ text: String) -> Box { painted { $0.alternateText = text } }

    // MARK: Text and images

    /// The font of the texts in the box (`font`: its family, size, bold, italic and weight); nil
    /// leaves a setting as the boxes around it say.
    public func font(
        family: String? = nil, size: Double? = nil, bold: Bool? = nil, italic: Bool? = nil, weight: Double? = nil
    ) -> Box {
        with { box in
            box.text.family = family ?? box.text.family
            box.text.size = size ?? box.text.size
            box.text.bold = bold ?? box.text.bold
            box.text.italic = italic ?? box.text.italic
            box.text.weight = weight ?? box.text.weight
        }
    }

    /// The colour of the texts in the box that their markup does not colour (`color`).
    public func foregroundColor(_ color: BoxColor) -> Box {
        colored(color, key: "color") { box, color in box.text.color = color }
    }

    /// At most `lines` lines for the texts in the box, the last cut as `ellipsize` says (`maxLines`,
    /// `ellipsize`).
    public func lineLimit(_ lines: Int, ellipsize: ParagraphStyle.Ellipsize = .end) -> Box {
        with { box in
            box.text.maxLines = lines
            box.text.ellipsize = ellipsize
        }
    }

    /// How the lines of the texts in the box are aligned (`textAlign`).
    public func textAlign(_ alignment: ParagraphStyle.Alignment) -> Box { with { $0.text.alignment = alignment } }

    /// How an image fills its box (`objectFit`); nothing for a box that is no image.
    public func objectFit(_ fit: ImageLeaf.Fit) -> Box {
        with { box in
            guard case .image(var image) = box.content else { return }
            image.fit = fit
            box.content = .image(image)
        }
    }
}
