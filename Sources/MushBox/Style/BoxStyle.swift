/// The style of a box: CSS Flexible Box Layout Level 1, CSS Grid Layout Level 1 and absolute
/// positioning.
///
/// Every property starts at its CSS initial value, except ``boxSizing``, which starts at
/// ``BoxSizing/borderBox`` as in every UI toolkit. The names are CSS's, in camelCase; the article
/// <doc:BoxLayoutRules> gives the rules the engine follows for each.
public struct BoxStyle: Hashable, Sendable {
    /// `flex`, `grid`, or `none`: the box and its subtree take no room and get zero frames.
    public var display: Display = .flex
    /// In flow (`relative`), or placed by ``inset`` against the parent's padding box (`absolute`).
    public var position: Position = .relative
    /// `ltr` or `rtl`; `nil` inherits the parent's (the root's parent is `ltr`).
    public var direction: Direction?
    /// Whether ``width`` and ``height`` (and their limits) include the padding and border.
    public var boxSizing: BoxSizing = .borderBox
    public var flexDirection: FlexDirection = .row
    public var flexWrap: FlexWrap = .noWrap
    public var flexGrow: Double = 0
    public var flexShrink: Double = 1
    public var flexBasis: BoxLength = .auto
    /// Main-axis alignment of the items of each line; `nil` is CSS's `normal` (as `flex-start`).
    public var justifyContent: BoxAlignment?
    /// Cross-axis alignment of the items; `nil` is CSS's `normal` (as `stretch`).
    public var alignItems: BoxAlignment?
    /// This item's cross-axis alignment; `nil` is `auto` (the parent's ``alignItems``).
    public var alignSelf: BoxAlignment?
    /// Alignment of the lines of a wrapping container, or of a grid's rows; `nil` is CSS's `normal`
    /// (as `stretch`).
    public var alignContent: BoxAlignment?
    /// Inline-axis alignment of a grid container's items in their areas; `nil` is CSS's `normal`
    /// (as `stretch`, or `start` for an item with an aspect ratio). Flex containers ignore it.
    public var justifyItems: BoxAlignment?
    /// This grid item's inline-axis alignment; `nil` is `auto` (the parent's ``justifyItems``).
    public var justifySelf: BoxAlignment?
    public var width: BoxLength = .auto
    public var height: BoxLength = .auto
    public var minWidth: BoxLength = .auto
    public var minHeight: BoxLength = .auto
    public var maxWidth: BoxLength = .auto
    public var maxHeight: BoxLength = .auto
    /// Width ÷ height, used where one of the two is not otherwise fixed.
    public var aspectRatio: Double?
    public var margin: BoxEdges<BoxLength> = .zero
    public var padding: BoxEdges<BoxLength> = .zero
    /// The widths of the border, which take room as padding does.
    public var border: BoxEdges<BoxLength> = .zero
    /// The offsets of an absolutely positioned box from its parent's padding box.
    public var inset: BoxEdges<BoxLength> = .auto
    /// The gap between lines (of a row container) or items (of a column container).
    public var rowGap: BoxLength = .zero
    /// The gap between items (of a row container) or lines (of a column container).
    public var columnGap: BoxLength = .zero
    public var overflow: Overflow = .visible
    /// Whether a page may, or must, end just before the box (CSS fragmentation's `break-before`;
    /// pages only, never the layout).
    public var breakBefore: Break = .auto
    /// Whether a page may, or must, end just after the box.
    public var breakAfter: Break = .auto
    /// Whether a page may end inside the box.
    public var breakInside: BreakInside = .auto
    /// Whether the box is drawn again on every page where its parent continues: at the top
    /// (`header`, as HTML's `<thead>`) or at the bottom (`footer`, as `<tfoot>`); pages only.
    public var repeats: Repeat = .none
    /// The grid properties (``gridTemplateColumns`` and the others), where any differs from its
    /// initial value: nil in most styles.
    var grid: GridBox?

    public init() {}

    /// `break-before` and `break-after`: a page may end there (`auto`), must (`page`), or should not
    /// where another place will do (`avoid`).
    public enum Break: String, Hashable, Sendable, CaseIterable {
        case auto
        case page
        case avoid
    }

    /// `break-inside`: a page may end inside the box (`auto`), or should not where another place
    /// will do (`avoid`).
    public enum BreakInside: String, Hashable, Sendable, CaseIterable {
        case auto
        case avoid
    }

    /// `repeat`: a box drawn once (`none`), or again at the top (`header`) or bottom (`footer`) of
    /// every page where its parent continues.
    public enum Repeat: String, Hashable, Sendable, CaseIterable {
        case none
        case header
        case footer
    }

    public enum Display: String, Hashable, Sendable, CaseIterable {
        case flex
        case grid
        case none
    }

    public enum Position: String, Hashable, Sendable, CaseIterable {
        case relative
        case absolute
    }

    public enum Direction: String, Hashable, Sendable, CaseIterable {
        case ltr
        case rtl
    }

    public enum BoxSizing: String, Hashable, Sendable, CaseIterable {
        case borderBox = "border-box"
        case contentBox = "content-box"
    }

    public enum FlexDirection: String, Hashable, Sendable, CaseIterable {
        case row
        case column
        case rowReverse = "row-reverse"
        case columnReverse = "column-reverse"

        /// Whether the main axis is horizontal.
        public var isRow: Bool { self == .row || self == .rowReverse }
        /// Whether items go from the main-end to the main-start.
        public var isReverse: Bool { self == .rowReverse || self == .columnReverse }
    }

    public enum FlexWrap: String, Hashable, Sendable, CaseIterable {
        case noWrap = "nowrap"
        case wrap
        case wrapReverse = "wrap-reverse"
    }

    /// `visible`, or one of the three that clip: `hidden` and `scroll` make a scroll container, whose
    /// automatic minimum size is 0 (scroll bars take no room); `clip` clips without one, and keeps the
    /// automatic minimum of its content (css-overflow-3), as in Chromium.
    public enum Overflow: String, Hashable, Sendable, CaseIterable {
        case visible
        case hidden
        case clip
        case scroll

        var isScrollContainer: Bool { self == .hidden || self == .scroll }
    }
}

/// The CSS alignment keywords of `justifyContent`, `alignItems`, `alignSelf` and `alignContent`.
///
/// `start` and `end` follow the writing direction; `flexStart` and `flexEnd` follow the flex
/// direction (so they swap in `row-reverse`). Not every keyword suits every property: the item
/// alignments take the positional keywords, `stretch` and `baseline`; the content distributions take
/// the positional keywords, `stretch` and the three `space-` keywords.
public enum BoxAlignment: String, Hashable, Sendable, CaseIterable {
    case flexStart = "flex-start"
    case flexEnd = "flex-end"
    case start
    case end
    case center
    case stretch
    case baseline
    case spaceBetween = "space-between"
    case spaceAround = "space-around"
    case spaceEvenly = "space-evenly"

    /// Whether `alignItems` and `alignSelf` take it.
    public var isItemAlignment: Bool {
        switch self {
        case .spaceBetween, .spaceAround, .spaceEvenly: return false
        default: return true
        }
    }

    /// Whether `justifyContent` and `alignContent` take it.
    public var isContentDistribution: Bool { self != .baseline }
}
