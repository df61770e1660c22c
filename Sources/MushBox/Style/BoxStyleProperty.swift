/// One property of ``BoxStyle`` as everything outside the engine's algorithm sees it: its CSS name,
/// the kind of value it takes (and so its range), what a percentage of it resolves against, and a
/// note for help texts. ``BoxStyle/properties`` lists them all, once; validation, the cache's record
/// of what a style reads, the JSON reader, the help text of `mush layout`, the tests' codec and the
/// fuzz generator are derived from that list, so a property added there is read, checked, written
/// and fuzzed everywhere.
///
/// Values go in and out as ``BoxStyleValue``s through ``BoxStyle/subscript(_:)``.
public struct BoxStyleProperty: Sendable, Identifiable {
    /// The name, as CSS gives it in camelCase (`minWidth`).
    public let name: String
    /// The values it takes.
    public let kind: Kind
    /// What a percentage resolves against; nil where the property takes none.
    public let percentBase: PercentBase?
    /// What help texts say of it beside its keywords (`width ÷ height`); nil when nothing.
    public let note: String?
    /// Whether it only sets other properties (`gap` sets `rowGap` and `columnGap`): read from
    /// input, never written out, validated or fuzzed on its own.
    public let isShorthand: Bool
    let get: @Sendable (BoxStyle) -> BoxStyleValue
    let set: @Sendable (inout BoxStyle, BoxStyleValue) -> Void
    /// Where the value lies in a `BoxStyle`'s bytes, for the engine's hot loops (validation and
    /// the cache's record read every node's style on every layout, and a closure or a key path a
    /// property is several times slower than the loop's own work).
    let storage: Storage
    /// For a ``Kind/css(syntax:)`` property: reads a value in CSS's syntax into a style.
    let parse: (@Sendable (inout BoxStyle, String) throws(GridSyntaxError) -> Void)?

    /// A property's value by its byte offset in `BoxStyle` (its stored properties are plain
    /// values: no references), for what reads styles on every layout; `none` for what those loops
    /// need not read (keywords of plain enumerations, which cannot be wrong, and shorthands).
    enum Storage: Sendable {
        case none
        case length(Int, auto: Bool, negative: Bool)
        case edges(Int, auto: Bool, negative: Bool)
        case factor(Int)
        case ratio(Int)
        /// An optional ``BoxAlignment``; `item`: the item alignments are allowed, else the content
        /// distributions.
        case alignment(Int, item: Bool)
        /// One of the grid properties, in the style's out-of-line grid values (at this offset): a
        /// style without them has nothing to check.
        case grid(Int)
    }

    public var id: String { name }

    /// The values a property takes, and so what validation checks.
    public enum Kind: Sendable, Hashable {
        /// One of these CSS keywords. Where the property may be left unset (`direction`),
        /// ``BoxStyleValue/unset`` is its value then.
        case keyword([String])
        /// A flex factor: a number from 0 to 1,000,000.
        case factor
        /// A ratio: a number from 0.000001 to 1,000,000, or unset.
        case ratio
        /// A length: points from 0 (or -1,000,000 where `negative`) to 1,000,000, a percentage from
        /// 0 (or -10,000) to 10,000, or `auto` where `auto`.
        case length(auto: Bool, negative: Bool)
        /// Four lengths of the kind `length(auto:negative:)`, one an edge.
        case edges(auto: Bool, negative: Bool)
        /// A value in CSS's own syntax, as a string (a grid track list, line or areas); `syntax`
        /// names what it takes, for help texts.
        case css(syntax: String)
    }

    /// What a percentage of a property resolves against, and so which of a box's questions its
    /// answer depends on (the engine's cache keys each box's answers by exactly these).
    public enum PercentBase: Sendable, Hashable {
        /// The containing block's width, for every edge (CSS's rule for margins, padding and
        /// borders), and for a minimum or maximum width.
        case containingWidth
        /// The containing block's height (a minimum or maximum height).
        case containingHeight
        /// The box's own width: the containing block's width, read where the box's own size applies.
        case width
        /// The box's own height: the containing block's height, read where its own size applies.
        case height
        /// The flex container's inner main size (a flex basis).
        case containerMainSize
        /// The box's own content box (gaps between its items).
        case contentBox
        /// The containing block's padding box, each inset in its own axis.
        case paddingBox
    }
}

/// A value of a ``BoxStyleProperty``, of the shape its ``BoxStyleProperty/Kind`` says.
public enum BoxStyleValue: Hashable, Sendable {
    /// Left out: `direction` and `aspectRatio` without a value.
    case unset
    case keyword(String)
    case number(Double)
    case length(BoxLength)
    case edges(BoxEdges<BoxLength>)
    /// A value in CSS's syntax, of a ``BoxStyleProperty/Kind/css(syntax:)`` property.
    case css(String)
}

extension BoxLength {
    var isPercent: Bool {
        if case .percent = self { return true }
        return false
    }
}

extension BoxStyle {
    /// The value of `property` (or, set, the property given that value; a value of another shape
    /// than the property's kind, or a keyword it does not know, leaves the style as it was).
    public subscript(property: BoxStyleProperty) -> BoxStyleValue {
        get { property.get(self) }
        set { property.set(&self, newValue) }
    }

    /// Every property, in the order the JSON reader reads them and validation checks them.
    public static let properties: [BoxStyleProperty] =
        [
            .keyword("display", \.display),
            .keyword("position", \.position),
            .keyword("direction", \.direction, note: "inherited when left out"),
            .keyword("boxSizing", \.boxSizing, note: "border-box by default"),
            .keyword("flexDirection", \.flexDirection),
            .keyword("flexWrap", \.flexWrap),
            .factor("flexGrow", \.flexGrow),
            .factor("flexShrink", \.flexShrink),
            .length("flexBasis", \.flexBasis, auto: true, negative: false, base: .containerMainSize),
            .alignment("justifyContent", \.justifyContent, item: false),
            .alignment("alignItems", \.alignItems, item: true),
            .alignment("alignSelf", \.alignSelf, item: true, unset: "auto", note: "auto: as the parent's alignItems"),
            .alignment("alignContent", \.alignContent, item: false),
            .alignment("justifyItems", \.justifyItems, item: true, note: "grid items"),
            .alignment(
                "justifySelf", \.justifySelf, item: true, unset: "auto",
                note: "a grid item; auto: as the parent's justifyItems"),
            .length("width", \.width, auto: true, negative: false, base: .width),
            .length("height", \.height, auto: true, negative: false, base: .height),
            .length("minWidth", \.minWidth, auto: true, negative: false, base: .containingWidth),
            .length("minHeight", \.minHeight, auto: true, negative: false, base: .containingHeight),
            .length("maxWidth", \.maxWidth, auto: true, negative: false, base: .containingWidth),
            .length("maxHeight", \.maxHeight, auto: true, negative: false, base: .containingHeight),
            .ratio("aspectRatio", \.aspectRatio, note: "width ÷ height"),
            .edges("margin", \.margin, auto: true, negative: true, base: .containingWidth),
            .edges("padding", \.padding, auto: false, negative: false, base: .containingWidth),
            .edges(
                "border", \.border, auto: false, negative: false, base: .containingWidth, note: "the border's width"),
            .edges("inset", \.inset, auto: true, negative: true, base: .paddingBox),
            BoxStyleProperty(
                name: "gap", kind: .length(auto: false, negative: false), percentBase: .contentBox, note: "both gaps",
                isShorthand: true, get: { .length($0.rowGap) },
                set: { style, value in
                    guard case .length(let length) = value else { return }
                    style.rowGap = length
                    style.columnGap = length
                }, storage: .none, parse: nil),
            .length("rowGap", \.rowGap, auto: false, negative: false, base: .contentBox),
            .length("columnGap", \.columnGap, auto: false, negative: false, base: .contentBox),
            .keyword("overflow", \.overflow),
            .keyword("breakBefore", \.breakBefore, note: "pages only"),
            .keyword("breakAfter", \.breakAfter, note: "pages only"),
            .keyword("breakInside", \.breakInside, note: "pages only"),
            .keyword("repeat", \.repeats, note: "pages only"),
        ] + gridProperties
}

extension BoxStyleProperty {
    /// The byte offset of a stored property of `BoxStyle`.
    static func offset<Value>(_ path: WritableKeyPath<BoxStyle, Value>) -> Int {
        guard let offset = MemoryLayout<BoxStyle>.offset(of: path) else {
            fatalError("BoxStyle.properties names a property that is not stored")
        }
        return offset
    }

    /// A property of an enumeration of CSS keywords.
    static func keyword<Value: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ path: WritableKeyPath<BoxStyle, Value> & Sendable, note: String? = nil
    ) -> BoxStyleProperty where Value.RawValue == String {
        BoxStyleProperty(
            name: name, kind: .keyword(Value.allCases.map(\.rawValue)), percentBase: nil, note: note,
            isShorthand: false, get: { .keyword($0[keyPath: path].rawValue) },
            set: { style, value in
                if case .keyword(let keyword) = value, let choice = Value(rawValue: keyword) {
                    style[keyPath: path] = choice
                }
            }, storage: .none, parse: nil)
    }

    /// A property of CSS keywords that may be left unset.
    static func keyword<Value: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ path: WritableKeyPath<BoxStyle, Value?> & Sendable, note: String? = nil
    ) -> BoxStyleProperty where Value.RawValue == String {
        BoxStyleProperty(
            name: name, kind: .keyword(Value.allCases.map(\.rawValue)), percentBase: nil, note: note,
            isShorthand: false, get: { $0[keyPath: path].map { .keyword($0.rawValue) } ?? .unset },
            set: { style, value in
                switch value {
                case .unset: style[keyPath: path] = nil
                case .keyword(let keyword): if let choice = Value(rawValue: keyword) { style[keyPath: path] = choice }
                default: break
                }
            }, storage: .none, parse: nil)
    }

    /// An alignment property: `unset` (CSS's `normal`, or `auto` for `alignSelf`) and the keywords
    /// of its kind (the item alignments, or the content distributions). A keyword of the other kind,
    /// set from Swift, reads back as itself, and validation refuses it.
    static func alignment(
        _ name: String, _ path: WritableKeyPath<BoxStyle, BoxAlignment?> & Sendable, item: Bool,
        unset: String = "normal", note: String? = nil
    ) -> BoxStyleProperty {
        let allowed = BoxAlignment.allCases.filter { item ? $0.isItemAlignment : $0.isContentDistribution }
        return BoxStyleProperty(
            name: name, kind: .keyword([unset] + allowed.map(\.rawValue)), percentBase: nil, note: note,
            isShorthand: false, get: { .keyword($0[keyPath: path]?.rawValue ?? unset) },
            set: { style, value in
                guard case .keyword(let keyword) = value else { return }
                if keyword == unset {
                    style[keyPath: path] = nil
                } else if let alignment = BoxAlignment(rawValue: keyword) {
                    style[keyPath: path] = alignment
                }
            }, storage: .alignment(offset(path), item: item), parse: nil)
    }

    static func factor(_ name: String, _ path: WritableKeyPath<BoxStyle, Double> & Sendable) -> BoxStyleProperty {
        BoxStyleProperty(
            name: name, kind: .factor, percentBase: nil, note: nil, isShorthand: false,
            get: { .number($0[keyPath: path]) },
            set: { style, value in if case .number(let number) = value { style[keyPath: path] = number } },
            storage: .factor(offset(path)), parse: nil)
    }

    static func ratio(_ name: String, _ path: WritableKeyPath<BoxStyle, Double?> & Sendable, note: String)
        -> BoxStyleProperty
    {
        BoxStyleProperty(
            name: name, kind: .ratio, percentBase: nil, note: note, isShorthand: false,
            get: { $0[keyPath: path].map(BoxStyleValue.number) ?? .unset },
            set: { style, value in
                switch value {
                case .unset: style[keyPath: path] = nil
                case .number(let number): style[keyPath: path] = number
                default: break
                }
            }, storage: .ratio(offset(path)), parse: nil)
    }

    static func length(
        _ name: String, _ path: WritableKeyPath<BoxStyle, BoxLength> & Sendable, auto: Bool, negative: Bool,
        base: PercentBase
    ) -> BoxStyleProperty {
        BoxStyleProperty(
            name: name, kind: .length(auto: auto, negative: negative), percentBase: base, note: nil,
            isShorthand: false, get: { .length($0[keyPath: path]) },
            set: { style, value in if case .length(let length) = value { style[keyPath: path] = length } },
            storage: .length(offset(path), auto: auto, negative: negative), parse: nil)
    }

    static func edges(
        _ name: String, _ path: WritableKeyPath<BoxStyle, BoxEdges<BoxLength>> & Sendable, auto: Bool,
        negative: Bool, base: PercentBase, note: String? = nil
    ) -> BoxStyleProperty {
        BoxStyleProperty(
            name: name, kind: .edges(auto: auto, negative: negative), percentBase: base, note: note,
            isShorthand: false, get: { .edges($0[keyPath: path]) },
            set: { style, value in if case .edges(let edges) = value { style[keyPath: path] = edges } },
            storage: .edges(offset(path), auto: auto, negative: negative), parse: nil)
    }
}
