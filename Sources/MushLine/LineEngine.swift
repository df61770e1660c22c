import Mush
import MushText

extension MGLine {
    /// Lays the line out: sizes its sides in precedence order, shortens text and drops images and
    /// boxes that do not fit, places each side's group in its band and fits the height.
    public func layout(fonts: FontCollection = .standard) throws(MGLineError) -> MGLineLayout {
        try validate(fonts: fonts)
        return try layoutValidated(fonts: fonts)
    }

    /// Lays out a line whose values were checked already (by ``validate(fonts:)`` on it or on what
    /// holds it).
    func layoutValidated(fonts: FontCollection) throws(MGLineError) -> MGLineLayout {
        var engine = LineEngine(LineSource(self, fonts: fonts, prepared: try LineEngine.prepare(self, fonts: fonts)))
        return try engine.run()
    }
}

/// What a layout of a line reads: the line, its fonts and its items made ready, behind one
/// reference. A row laid out many times (``MGLine/Prepared``, a row leaf of a box tree) hands this
/// to each layout instead of copying the line and its items (a line is several arrays and strings,
/// each retained on every copy).
package final class LineSource: Sendable {
    package let line: MGLine
    let fonts: FontCollection
    /// Each side's items, ready to size (``LineEngine/prepare(_:fonts:)``).
    let prepared: MGLine.SideTable<[LineEngine.Prepared]>

    init(_ line: MGLine, fonts: FontCollection, prepared: MGLine.SideTable<[LineEngine.Prepared]>) {
        self.line = line
        self.fonts = fonts
        self.prepared = prepared
    }
}

/// One layout of one line. The steps follow the spec's algorithm (`mgline.md`).
struct LineEngine {
    /// An item made ready to size: a text item shaped with its side's style.
    enum Prepared {
        case text(PreparedText)
        case image(MGLine.Image)
        case box(MGLine.Box)
    }

    /// An item as it is sized: its width and height without margins, and its margins. A text item
    /// is sized once it is fitted to its room, so it always has its layout.
    struct Sized {
        enum Kind {
            case text(MGLineLayout.Text)
            case image(MGLine.Image)
            case box(MGLine.Box, MGLineLayout?)
        }

        var kind: Kind
        var width = 0.0
        var height = 0.0
        var margin = MGLine.Insets()
        var visible = true
        var expands: Bool {
            if case .box(let box, _) = kind { box.expand } else { false }
        }
    }

    /// The line, its fonts and its prepared items.
    let source: LineSource
    /// The line laid out, read in place (a borrow, not a copy).
    var line: MGLine { _read { yield source.line } }
    var fonts: FontCollection { source.fonts }
    /// The line's width, height and `widenAsNeeded` for this layout (``MGLine/Prepared`` lays a row
    /// out with others than its own).
    let width: Double
    let height: Double
    let padding: Double
    /// The inner width; nil with `widenAsNeeded`.
    let inner: Double?
    /// Each side's fixed width (0: none) and alignment, read once (`line[side]` read through the
    /// source copies the side's whole style, its items and font retained).
    let fixedWidths: MGLine.SideTable<Double>
    let alignments: MGLine.SideTable<MGLine.Alignment>
    /// Each side's items once sized (``size(_:limit:)`` sizes every side before anything else).
    var items = MGLine.SideTable<[Sized]>(repeating: [])
    /// What each side's visible items take, with their padding and margins.
    var used = MGLine.SideTable(repeating: 0.0)

    /// An engine for `source`'s line, at `width` and `height` and with `widenAsNeeded` when given
    /// (nil: the line's own).
    init(_ source: LineSource, width: Double? = nil, height: Double? = nil, widenAsNeeded: Bool? = nil) {
        self.source = source
        self.width = width ?? source.line.width
        self.height = height ?? source.line.height
        padding = source.line.itemPadding
        let sides = source.line.sides
        fixedWidths = MGLine.SideTable(left: sides.left.width, middle: sides.middle.width, right: sides.right.width)
        alignments = MGLine.SideTable(
            left: sides.left.alignment, middle: sides.middle.alignment, right: sides.right.alignment)
        inner =
            widenAsNeeded ?? source.line.widenAsNeeded
            ? nil : max(0, self.width - source.line.padding.left - source.line.padding.right)
    }

    /// Every item of `line`, ready to size: its texts shaped with their sides' styles.
    static func prepare(_ line: MGLine, fonts: FontCollection) throws(MGLineError) -> MGLine.SideTable<[Prepared]> {
        // Multiline text shows what fits the maximum height, inside the padding (at least a line).
        let textHeight = line.maxHeight > 0 ? max(line.maxHeight - line.padding.top - line.padding.bottom, 1e-3) : 0
        return try MGLine.SideTable { side throws(MGLineError) in
            try line[side].items.map { item throws(MGLineError) in
                try Self.prepare(item, side: side, of: line, maxHeight: textHeight, fonts: fonts)
            }
        }
    }

    /// An item ready to size: a text item's string rules applied and its text shaped with the
    /// side's style; an image or box as it is.
    static func prepare(
        _ item: MGLine.Item, side: MGLine.Side, of line: MGLine, maxHeight: Double, fonts: FontCollection
    ) throws(MGLineError) -> Prepared {
        var document: MushDocument
        let multiline: Bool
        var objects: [InlineObject] = []
        var inline = InlineImages()
        switch item {
        case .text(let string, let isMultiline):
            (document, multiline) = PreparedText.document(of: string, multiline: isMultiline)
        case .attributed(let attributed, let isMultiline):
            (document, multiline) = (attributed, isMultiline)
        case .pieces(let pieces, let isMultiline):
            (document, objects, inline) = InlineImages.join(pieces)
            multiline =
                isMultiline
                ?? pieces.contains {
                    if case .text(let text) = $0 { PreparedText.containsNewline(text.text) } else { false }
                }
        case .image(let image):
            return .image(image)
        case .box(let box):
            return .box(box)
        }
        do {
            return .text(
                try PreparedText(
                    document: document, objects: objects, inline: inline, multiline: multiline, side: side,
                    of: line, maxHeight: maxHeight, fonts: fonts))
        } catch {
            throw .text(error)
        }
    }

    mutating func run() throws(MGLineError) -> MGLineLayout {
        // 1–3: size the sides in precedence order. Each side's room is what the sides sized
        // before it left; under middle precedence the left and right each get half of what the
        // middle leaves, so neither reaches the centred middle group.
        let order = sizingOrder
        for (position, side) in order.enumerated() {
            let room = inner.map { inner in
                line.sidePrecedence == .middle && side != .middle
                    ? (inner - band(.middle)) / 2
                    : inner - order.prefix(position).reduce(0) { $0 + band($1) }
            }
            try size(side, limit: limit(side, room: room))
        }
        try expand()
        // Padding wider than the line leaves no room inside it: nothing can be placed in the row.
        if inner != nil, line.padding.left + line.padding.right > self.width + Rounding.tolerance {
            for side in MGLine.Side.allCases {
                for index in items[side].indices { items[side][index].visible = false }
                used[side] = 0
            }
        }
        // 7: a line that widens is as wide as its padding and its bands.
        let width: Double
        if inner != nil {
            width = self.width
        } else if line.sidePrecedence == .middle {
            width = Rounding.up(
                line.padding.left + band(.middle) + 2 * max(band(.left), band(.right)) + line.padding.right)
        } else {
            width = Rounding.up(line.padding.left + band(.left) + band(.middle) + band(.right) + line.padding.right)
        }
        let height = fittedHeight()
        return MGLineLayout(
            width: width, height: height, items: place(width: width, height: height),
            backgroundColor: line.backgroundColor, borders: line.borders)
    }

    // MARK: - Sizing

    /// The sides in the order they are sized (and expanded): the precedence side first; then, after
    /// left or right, the other of the two and the middle; after the middle, left and right.
    var sizingOrder: [MGLine.Side] {
        switch line.sidePrecedence {
        case .left: [.left, .right, .middle]
        case .right: [.right, .left, .middle]
        case .middle: [.middle, .left, .right]
        }
    }

    /// A side's limit: its fixed width if set, else the room the sides before it left (nil: none).
    func limit(_ side: MGLine.Side, room: Double?) -> Double? {
        guard let room else { return nil }
        let fixed = fixedWidths[side]
        return fixed > 0 ? fixed : max(0, room)
    }

    /// The width a side takes in the row: its fixed width if set (with `widenAsNeeded`, at least
    /// its items), else its items with their padding and margins.
    func band(_ side: MGLine.Side) -> Double {
        let fixed = fixedWidths[side]
        guard fixed > 0 else { return used[side] }
        return inner == nil ? max(fixed, used[side]) : fixed
    }

    /// Sizes a side's items within `limit`. Text is shortened to the room left; an image or box that
    /// does not fit is dropped with every image and box nearer the centre than it. The right side
    /// is sized from its last (outermost) item inwards.
    mutating func size(_ side: MGLine.Side, limit: Double?) throws(MGLineError) {
        let prepared = source.prepared[side]
        let order = side == .right ? Array(prepared.indices.reversed()) : Array(prepared.indices)
        var sized: [Sized] = []
        sized.reserveCapacity(prepared.count)
        var total = 0.0
        var dropping = false
        for index in order {
            var item: Sized
            switch prepared[index] {
            case .text(let text):
                let (fitted, width) = text.fit(room: limit.map { $0 - total - 2 * padding })
                item = Sized(kind: .text(fitted), width: width, height: Rounding.up(fitted.layout.height))
                // Text is shortened, not dropped, unless not even its item padding fits.
                if let limit, total + 2 * padding > limit + Rounding.tolerance {
                    item.visible = false
                    sized.append(item)
                    continue
                }
            case .image(let image):
                item = Sized(kind: .image(image), width: Rounding.up(image.width), height: Rounding.up(image.height))
            case .box(let box):
                item = Sized(
                    kind: .box(box, nil), width: Rounding.up(box.width), height: Rounding.up(box.height),
                    margin: box.margin)
                // A box holding a line, with no width of its own, is as wide as the line.
                if let nested = box.line, box.width == 0 {
                    let layout = try layOut(Self.fitted(nested, in: box, width: nil))
                    item.width = Rounding.up(layout.width)
                    item.kind = .box(box, layout)
                    if box.height == 0 { item.height = Rounding.up(layout.height) }
                }
            }
            let cost = 2 * padding + item.margin.left + item.width + item.margin.right
            if case .text = item.kind {
                total += cost
            } else if dropping || (limit.map { total + cost > $0 + Rounding.tolerance } ?? false) {
                dropping = true
                item.visible = false
            } else {
                total += cost
            }
            sized.append(item)
        }
        if side == .right { sized.reverse() }
        items[side] = sized
        used[side] = total
    }

    /// Expandable boxes share their side's leftover width equally, in whole points (the remainder
    /// to the last one); sides take their leftover in precedence order. Boxes holding lines are
    /// then laid out at their final widths.
    mutating func expand() throws(MGLineError) {
        for side in sizingOrder {
            guard let inner else { break }
            let expanding = items[side].indices.filter { items[side][$0].visible && items[side][$0].expands }
            guard !expanding.isEmpty else { continue }
            let available: Double
            if fixedWidths[side] > 0 {
                available = fixedWidths[side]
            } else if line.sidePrecedence == .middle {
                available = side == .middle ? inner - 2 * max(band(.left), band(.right)) : (inner - band(.middle)) / 2
            } else {
                available = inner - MGLine.Side.allCases.reduce(0) { $1 == side ? $0 : $0 + band($1) }
            }
            let leftover = Rounding.down(max(0, available - used[side]))
            let share = (leftover / Double(expanding.count)).rounded(.down)
            for (number, index) in expanding.enumerated() {
                items[side][index].width +=
                    number == expanding.count - 1 ? leftover - share * Double(expanding.count - 1) : share
            }
            used[side] += leftover
        }
        for side in MGLine.Side.allCases {
            for index in items[side].indices where items[side][index].visible {
                guard case .box(let box, let layout) = items[side][index].kind, let nested = box.line else { continue }
                let width = items[side][index].width
                if let layout, layout.width == width { continue }
                let fitted = try layOut(Self.fitted(nested, in: box, width: width))
                items[side][index].kind = .box(box, fitted)
                if box.height == 0 { items[side][index].height = Rounding.up(fitted.height) }
            }
        }
    }

    /// Lays out a box's line. It was validated with the line that holds it, so not again.
    func layOut(_ nested: MGLine) throws(MGLineError) -> MGLineLayout {
        try nested.layoutValidated(fonts: fonts)
    }

    /// The line a box holds, at the box's width (nil: the line's own) and, when the box has a
    /// height, at the box's height.
    static func fitted(_ nested: MGLine, in box: MGLine.Box, width: Double?) -> MGLine {
        var nested = nested
        if let width { nested.width = width }
        if box.height > 0 { nested.height = box.height }
        return nested
    }

    // MARK: - Height and placing

    /// With a height and `minHeight` and `maxHeight` both 0, the height as set; otherwise (a height
    /// of 0 or left out included) the tallest visible item and the padding, within the limits,
    /// rounded up.
    func fittedHeight() -> Double {
        guard line.minHeight > 0 || line.maxHeight > 0 || self.height == 0 else { return self.height }
        var tallest = 0.0
        for side in MGLine.Side.allCases {
            for item in items[side] where item.visible {
                tallest = max(tallest, item.margin.top + item.height + item.margin.bottom)
            }
        }
        var height = max(line.minHeight, tallest + line.padding.top + line.padding.bottom)
        if line.maxHeight > 0 { height = min(height, line.maxHeight) }
        return Rounding.up(height)
    }

    /// Each side's group in its band, by its alignment; each item at its vertical place.
    func place(width: Double, height: Double) -> [MGLineLayout.Item] {
        let left = line.padding.left
        let right = width - line.padding.right
        let bands: MGLine.SideTable<(start: Double, end: Double)>
        if line.sidePrecedence == .middle {
            // Centred on the row, and clear of the wider side on both sides, so that a middle
            // aligned left or right does not run into the sides either.
            // The middle has precedence: sides whose text could not be shortened enough (it keeps
            // its padding and at least "…" or a grapheme a line) never push it off its place.
            var clearance = max(band(.left), band(.right))
            if let inner { clearance = max(0, min(clearance, (inner - band(.middle)) / 2)) }
            let middleStart = left + clearance
            let middleEnd = inner == nil ? middleStart + band(.middle) : right - clearance
            bands = MGLine.SideTable(
                left: (left, left + band(.left)), middle: (middleStart, middleEnd),
                right: (right - band(.right), right))
        } else {
            bands = MGLine.SideTable(
                left: (left, left + band(.left)), middle: (left + band(.left), right - band(.right)),
                right: (right - band(.right), right))
        }
        var placed: [MGLineLayout.Item] = []
        for side in MGLine.Side.allCases {
            let (start, end) = bands[side]
            // What the side's text is drawn with.
            let color = line.textColor(for: side)
            let shadow = line.textShadowColor(for: side).map {
                MGLineLayout.Shadow(color: $0, offset: line.textShadowOffset(for: side))
            }
            let group = used[side]
            var x: Double =
                switch alignments[side] {
                case .left, .justify: start
                case .center: start + (end - start - group) / 2
                case .right: end - group
                }
            // (By index: `enumerated()` copied each item, its text's lines and strings retained.)
            let sideItems = items[side]
            for index in sideItems.indices {
                let content: MGLineLayout.Content
                switch sideItems[index].kind {
                case .text(var text):
                    text.color = color
                    text.shadow = shadow
                    content = .text(text)
                case .image(let image):
                    content = .image(image)
                case .box(let box, let nested):
                    content = .box(MGLineLayout.Box(color: box.color, borders: box.borders, line: nested))
                }
                guard sideItems[index].visible else {
                    placed.append(MGLineLayout.Item(side: side, index: index, frame: nil, content: content))
                    continue
                }
                let (margin, itemWidth, itemHeight) =
                    (sideItems[index].margin, sideItems[index].width, sideItems[index].height)
                x += padding + margin.left
                let frame = MGLineLayout.Frame(
                    x: Rounding.nearest(x), y: Rounding.nearest(top(margin: margin, height: itemHeight, in: height)),
                    width: itemWidth, height: itemHeight)
                x += itemWidth + margin.right + padding
                placed.append(MGLineLayout.Item(side: side, index: index, frame: frame, content: content))
            }
        }
        return placed
    }

    /// The top of an item: at the top padding, centred between the paddings, or at the bottom
    /// padding, its margins kept.
    func top(margin: MGLine.Insets, height itemHeight: Double, in height: Double) -> Double {
        switch line.verticalAlignment {
        case .top:
            line.padding.top + margin.top
        case .center:
            line.padding.top
                + (height - line.padding.top - line.padding.bottom
                    - margin.top - itemHeight - margin.bottom) / 2 + margin.top
        case .bottom:
            height - line.padding.bottom - margin.bottom - itemHeight
        }
    }
}
