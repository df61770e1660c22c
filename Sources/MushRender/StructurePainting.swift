import MushBase
import MushBox

/// A tagged PDF's structure as it is being written (``Painter/structure``): the elements open, and
/// what the finished file still needs.
///
/// Cairo 1.16 writes a structure element for each `cairo_tag_begin` and marks what is drawn inside
/// an element that holds no other as its content; an element left open across a page goes on on the
/// next page. The painter draws every page from the root, so the open elements are kept across
/// pages by their boxes' paths: a box met again on the next page goes on in its element. (A class:
/// the painter changes it at every box, and its lists grow with the document.)
final class StructureState {
    /// An element begun and not yet ended, innermost last.
    struct Open {
        /// Its box's path in the tree.
        var path: [Int]
        var name: String
        /// A paragraph-like element (`P`, `H1`…`H6`, `Figure`, or a box with no children): what it
        /// holds is its content, with no elements inside. Ended at every page's end.
        var isLeaf: Bool
        /// A table's `THead`, `TBody` or `TFoot`, which no box of its own stands for: `path` is the
        /// table's.
        var isRowGroup = false
        /// For a `Table`: whether its rows are grouped (some of them repeat as a head or a foot).
        var groupsRows = false
    }

    var open: [Open] = []
    /// How many boxes being drawn hold content that gets no elements of its own: inside a
    /// paragraph-like element, a translucent group, an artifact, a page's running header or footer or
    /// repeated boxes, or a box outside the page's band (drawn only for what reaches into it).
    var suppressed = 0
    /// The alternate text of each `Figure` begun, in order (nil: none given): Cairo 1.16 writes no
    /// `/Alt`, so the finished file gets it (``PDFCatalog``).
    var figureAlternates: [String?] = []
    /// What each link of each page says, in the order the page's links were written: Cairo 1.16
    /// writes no `/Contents` on a link annotation, so the finished file gets it.
    var linkDescriptions: [[String]] = []
    /// The language of each element begun, in order (`Document` first, links included; nil: the
    /// document's): a text in a language of its own gets `/Lang` in the finished file.
    var elementLanguages: [String?] = []

    init(elementLanguages: [String?] = []) {
        self.elementLanguages = elementLanguages
    }

    /// What the finished file gets (``PDFTagging``). It names itself PDF/UA-1 where what the
    /// document must say is said: a title and a language (`document`), and every figure's words.
    func tagging(_ document: DocumentInfo?) -> PDFTagging {
        let described = figureAlternates.allSatisfy { $0 != nil }
        let title = document?.title.flatMap { document?.language != nil && described ? $0 : nil }
        return PDFTagging(
            figureAlternates: figureAlternates, linkDescriptions: linkDescriptions,
            elementLanguages: elementLanguages.map { $0 == document?.language ? nil : $0 },
            universalAccessibilityTitle: title)
    }

    /// Notes the descriptions of the links written to page `page` (from 0), each a `Link` element.
    func noteLinks(_ descriptions: [String], page: Int) {
        while linkDescriptions.count <= page { linkDescriptions.append([]) }
        linkDescriptions[page] += descriptions
        elementLanguages += Array(repeating: nil, count: descriptions.count)
    }
}

/// What a box is in the structure (``Painter/structureElement(for:)``).
enum StructureElement {
    /// An element of this name.
    case element(name: String, isLeaf: Bool, alternateText: String?)
    /// Decoration: no element, nor for anything inside it.
    case artifact
}

extension Painter {
    /// Whether this drawing writes a structure tree: a tagged PDF (``RenderOptions/tagged``).
    var isTagging: Bool { structure != nil }

    /// Begins the `Document` element that holds every other, when the drawing is a tagged PDF.
    func beginDocumentStructure() {
        guard options.isTaggedPDF(canvas.format) else { return }
        structure = StructureState(elementLanguages: [nil])
        context.beginStructure("Document")
    }

    /// Draws `body` (a one-page drawing) inside the `Document` element when the drawing is a
    /// tagged PDF, clipped to the page (``clippedToPage(width:height:_:)``).
    func tagged(width: Double, height: Double, _ body: () -> Void) {
        beginDocumentStructure()
        guard isTagging else { return body() }
        clippedToPage(width: width, height: height, body)
        endDocumentStructure()
    }

    /// Draws `body` clipped to the page (a little past it, which cuts nothing), in a tagged PDF.
    /// Cairo 1.16 records a page's drawing and forgets what it recorded before an opaque paint
    /// without a clip (a fill of the whole page is one), tags included: the structure would then
    /// no longer match ("invalid tag name, attributes, or nesting"). Under a clip it keeps them.
    func clippedToPage(width: Double, height: Double, _ body: () -> Void) {
        guard isTagging else { return body() }
        context.save()
        context.rectangle(x: -1, y: -1, width: width + 2, height: height + 2)
        context.clip()
        body()
        context.restore()
    }

    /// Ends every element open and the `Document`.
    func endDocumentStructure() {
        guard structure != nil else { return }
        closeElements { _ in true }
        context.endStructure("Document")
    }

    /// Ends the paragraph-like elements open: at a page's end, before what the page draws outside
    /// the tree (its repeated boxes, header and footer) and its links, which Cairo would put inside
    /// them.
    func closeLeafElements() {
        closeElements { $0.isLeaf }
    }

    /// Ends open elements, innermost first, while `closing` says so.
    private func closeElements(while closing: (StructureState.Open) -> Bool) {
        guard let state = structure else { return }
        while let last = state.open.last, closing(last) {
            context.endStructure(last.name)
            state.open.removeLast()
        }
    }

    /// What `layout` is in the structure: its role's element (``BoxRole``), else a heading's `H1` to
    /// `H6`, a text or row leaf's `P`, an image leaf's `Figure` (an artifact when its alternate
    /// text is empty); nil for a box that is no element of its own.
    func structureElement(for layout: BoxLayout) -> StructureElement? {
        let paint = layout.paint
        let alternateText = paint?.alternateText
        let name: String
        if let role = paint?.role {
            guard let type = role.structureType else { return .artifact }
            name = type
        } else if let bookmark = paint?.bookmark, bookmark.isHeading {
            name = "H\(bookmark.level)"
        } else {
            switch layout.leaf {
            case .text?, .row?: name = "P"
            case .image?: name = "Figure"
            default: return nil
            }
        }
        if name == "Figure", alternateText == "" { return .artifact }
        let paragraphLike = name == "P" || name == "Figure" || (name.hasPrefix("H") && name.count == 2)
        return .element(name: name, isLeaf: paragraphLike || layout.children.isEmpty, alternateText: alternateText)
    }

    /// Enters the box `layout` at `path`, drawn at `y` and `height` tall, in the structure: ends the open elements
    /// that do not hold it, begins its element (unless it is the one open, begun on an earlier page)
    /// or holds back the elements of what it holds. `asLeaf` makes its element (a `Div` if it has
    /// none) hold all it draws (a translucent group). Returns what ``exitStructure(_:path:y:height:)``
    /// needs.
    func enterStructure(
        _ layout: BoxLayout, path: [Int], y: Double, height: Double, asLeaf: Bool = false
    ) -> StructureEntry {
        guard let state = structure else { return .none }
        if state.suppressed > 0 { return .none }
        if !startsInPageBand(y: y, height: height) {
            state.suppressed += 1
            return .suppressed
        }
        // Open elements neither above nor below this box end: their boxes are done. (A box above
        // them is entered again on the next page, on the way down to where they go on.)
        closeElements { !path.starts(with: $0.path) && !$0.path.starts(with: path) }
        var kind = structureElement(for: layout)
        if asLeaf {
            switch kind {
            case .element(let name, _, let alternateText):
                kind = .element(name: name, isLeaf: true, alternateText: alternateText)
            case .artifact: break
            case nil: kind = .element(name: "Div", isLeaf: true, alternateText: nil)
            }
        }
        switch kind {
        case nil:
            return .none
        case .artifact:
            state.suppressed += 1
            return .suppressed
        case .element(let name, let isLeaf, let alternateText):
            if name == "TR" { enterRowGroup(of: layout, path: path, state: state) }
            if !state.open.contains(where: { $0.path == path }) {
                // A cell right inside a table (or its head, body or foot) is a row of its own.
                if name == "TH" || name == "TD", let parent = state.open.last,
                    ["Table", "THead", "TBody", "TFoot"].contains(parent.name)
                {
                    enterRowGroup(of: layout, path: path, state: state)
                    begin("TR", open: StructureState.Open(path: path, name: "TR", isLeaf: false), in: state)
                }
                begin(
                    name, language: layout.leaf?.text?.layout.lines.first?.paragraph.style.locale,
                    open: StructureState.Open(
                        path: path, name: name, isLeaf: isLeaf,
                        groupsRows: name == "Table" && layout.children.contains { $0.breaks.repeats != .none }),
                    in: state)
                if name == "Figure" {
                    state.figureAlternates.append(alternateText)
                    if alternateText == nil {
                        warn(.figureWithoutAlternateText, file: nil, at: RenderWarning.Location(nodePath: path))
                    }
                }
            }
            if isLeaf { state.suppressed += 1 }
            return .element(isLeaf: isLeaf)
        }
    }

    /// Before a row of a table whose rows are grouped (its parent's element is that `Table`): ends
    /// the group open if it is another, and begins the row's, `THead` for a row that repeats as a
    /// head, `TFoot` for a foot, `TBody` for the others.
    private func enterRowGroup(of row: BoxLayout, path: [Int], state: StructureState) {
        let table = Array(path.dropLast())
        guard let index = state.open.lastIndex(where: { $0.path == table && $0.name == "Table" && !$0.isRowGroup }),
            state.open[index].groupsRows
        else { return }
        let group =
            switch row.breaks.repeats {
            case .header: "THead"
            case .footer: "TFoot"
            case .none: "TBody"
            }
        if let open = state.open.last, open.isRowGroup, open.path == table {
            guard open.name != group else { return }
            context.endStructure(open.name)
            state.open.removeLast()
        }
        guard state.open.last?.path == table else { return }
        begin(group, open: StructureState.Open(path: table, name: group, isLeaf: false, isRowGroup: true), in: state)
    }

    /// Leaves a box entered with ``enterStructure(_:path:y:height:asLeaf:)``: its element ends when its
    /// box ends on this page (else it goes on on the next), and what it held back is let go.
    func exitStructure(_ entry: StructureEntry, path: [Int], y: Double, height: Double) {
        guard let state = structure else { return }
        switch entry {
        case .none:
            return
        case .suppressed:
            state.suppressed -= 1
        case .element(let isLeaf):
            if isLeaf { state.suppressed -= 1 }
            // Its element ends, with any below it still open (begun on an earlier page).
            if pageBand.map({ y + max(height, 0) <= $0.bottom }) ?? true {
                closeElements { $0.path.starts(with: path) }
            }
        }
    }

    /// Draws footnote `index`'s entry `note` at (`x`, `y`) on the page, in a tagged PDF inside a
    /// `Note` element. Cairo nests elements in the order they begin, so the note goes inside the
    /// elements open at the page's end (those of the boxes that go on to the next page, a `Sect`
    /// or a `Table` the page cuts), after their content: its boxes' paths are taken below the
    /// innermost of them, so that drawing it ends none of them.
    func drawNote(_ note: BoxLayout, index: Int, x: Double, y: Double) {
        guard let state = structure, state.suppressed == 0 else {
            drawBoxTree(note, x: x, y: y, wholeContent: false)
            return
        }
        let path = (state.open.last?.path ?? []) + [-1 - index]
        begin("Note", open: StructureState.Open(path: path, name: "Note", isLeaf: false), in: state)
        drawBoxTree(note, x: x, y: y, path: path, wholeContent: false)
        closeElements { $0.path.starts(with: path) }
    }

    /// Draws a text leaf (`drawText`, which draws it and its inline boxes) and, in a tagged PDF,
    /// the notes of this page called from it (`calls`, its inline boxes), each at its place at the
    /// bottom of the page inside a `Note` element in the paragraph's: a screen reader reads a note
    /// where it is called, as Typst tags its footnotes. The paragraph's text is then a `Span` of
    /// its own beside the notes (Cairo 1.16 marks the content only of an element that holds no
    /// other). Notes are drawn so only where the paragraph's element is open and its content
    /// written (not in a repeated box, an artifact or a translucent group); the renderer draws
    /// the others after the page's band.
    func drawText(calling calls: [PlacedInlineBox], _ drawText: () -> Void) {
        guard !pageNotes.isEmpty, let state = structure, state.suppressed == 1, state.open.last?.isLeaf == true,
            groupDepth == 0, let area = noteArea,
            calls.contains(where: { $0.footnote.map { pageNotes[$0] != nil } ?? false })
        else { return drawText() }
        begin("Span", in: state)
        drawText()
        context.endStructure("Span")
        for call in calls {
            guard let index = call.footnote, let note = pageNotes.removeValue(forKey: index) else { continue }
            inNoteArea(area) {
                begin("Note", in: state)
                drawBoxTree(note.layout, x: note.x, y: note.y, wholeContent: false)
                context.endStructure("Note")
            }
        }
    }

    /// Runs `body` (drawing notes) clipped to the page's content, `area`, outside the band's clip
    /// and the boxes' (a note taller than a page is cut at its end), drawing every box it meets;
    /// the clips and the page's band are as they were after.
    func inNoteArea(_ area: ClipShape, _ body: () -> Void) {
        let (clips, band, pageCulling) = (boxClips, pageBand, culling)
        context.save()
        context.resetClip()
        context.rectangle(x: area.x, y: area.y, width: area.width, height: area.height)
        context.clip()
        boxClips = [area]
        (pageBand, culling) = (nil, nil)
        body()
        context.restore()
        (boxClips, pageBand, culling) = (clips, band, pageCulling)
    }

    /// Begins the structure element `name`, in `language` (nil: the document's), kept among the open
    /// elements as `open` where given (else ended by its caller). Every element begun is noted in
    /// the order of the languages, which the finished file's `/Lang` entries follow.
    private func begin(
        _ name: String, language: String? = nil, open: StructureState.Open? = nil, in state: StructureState
    ) {
        context.beginStructure(name)
        if let open { state.open.append(open) }
        state.elementLanguages.append(language)
    }

    /// Draws `body` with no structure written for it (a page's repeated boxes, header and footer).
    func withoutStructure(_ body: () -> Void) {
        structure?.suppressed += 1
        body()
        structure?.suppressed -= 1
    }
}

/// What entering a box did to the structure, for leaving it.
enum StructureEntry {
    /// Nothing.
    case none
    /// Held back the elements of what the box holds.
    case suppressed
    /// Begun (or went on in) the box's element; a paragraph-like one holds back what is inside.
    case element(isLeaf: Bool)

    /// Whether the box is a paragraph-like element of its own (one that holds what it draws).
    var beganLeafElement: Bool {
        if case .element(true) = self { true } else { false }
    }
}
