/// What a box is in a document's structure (``BoxPaint/role``): the element a tagged PDF writes for
/// it, which screen readers and text extraction follow.
///
/// A box without a role is tagged by what it holds: a heading (``BoxBookmark/isHeading``) `H1` to
/// `H6`, a text or row leaf `P`, an image leaf `Figure`; any other box is no element of its own (its
/// children's elements belong to the nearest box above that is one).
public enum BoxRole: String, CaseIterable, Hashable, Sendable {
    /// A paragraph (`P`).
    case paragraph
    /// A list (`L`), its items ``listItem``s.
    case list
    /// An item of a list (`LI`).
    case listItem
    /// A table (`Table`), its rows ``row``s.
    case table
    /// A row of a table (`TR`).
    case row
    /// A header cell of a table (`TH`).
    case header
    /// A cell of a table (`TD`).
    case cell
    /// A picture (`Figure`), described by ``BoxPaint/alternateText``.
    case figure
    /// A group of its own (`Div`), such as a card or a section.
    case group
    /// Decoration that is no part of the text (a rule, a running header drawn as a box): no element,
    /// nor are the boxes it holds.
    case artifact

    /// The element's name in a tagged PDF (ISO 32000-1, 14.8.4); nil for ``artifact``.
    public var structureType: String? {
        switch self {
        case .paragraph: "P"
        case .list: "L"
        case .listItem: "LI"
        case .table: "Table"
        case .row: "TR"
        case .header: "TH"
        case .cell: "TD"
        case .figure: "Figure"
        case .group: "Div"
        case .artifact: nil
        }
    }
}
