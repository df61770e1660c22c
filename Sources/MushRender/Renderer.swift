import Mush
import MushBase
import MushBox
import MushLine
import MushText

/// Draws laid-out rows, stacks of rows, paragraphs and box trees with Cairo, as PNG, JPEG, WebP, SVG or PDF.
///
/// The renderer depends on results only: it draws an `MGLineLayout`, an `MGStackLayout`, a
/// `ParagraphLayout` or a `BoxLayout` from what the layout carries (frames, glyphs, colours,
/// shadows, images, fills, borders and a box's paint), never from the `MGLine`, `MGStack`,
/// `BoxNode` or request it was computed from.
///
/// Text is drawn from the layout's own glyphs and positions (HarfBuzz's), with the FreeType faces
/// the engine chose; nothing is laid out again. Run colours, background colours, underlines and
/// strikethroughs (at the font's positions and thicknesses), each side's text shadow, synthetic
/// bold and oblique; images from PNG, JPEG, WebP and SVG files; boxes with fill colours;
/// MGBox-style borders.
///
/// ```swift
/// let line = MGLine(left: "Title", right: "Detail", width: 320, height: 44)
/// let png = try Renderer.render(try line.layout(), as: .png,
///                               options: RenderOptions(scale: 2, background: MushColor(hex: "#fff")))
/// ```
public enum Renderer {
    /// Draws one laid-out line, its top-left corner at the picture's; the picture is the line's
    /// size.
    public static func render(
        _ layout: MGLineLayout, as format: RenderFormat, options: RenderOptions = RenderOptions()
    ) throws(RenderError) -> Rendering {
        try draw(width: layout.width, height: layout.height, format: format, options: options) { painter in
            painter.drawLine(layout, x: 0, y: 0)
        }
    }

    /// Draws a laid-out stack of lines; the picture is the stack's size.
    public static func render(
        _ layout: MGStackLayout, as format: RenderFormat, options: RenderOptions = RenderOptions()
    ) throws(RenderError) -> Rendering {
        try draw(width: layout.width, height: layout.height, format: format, options: options) { painter in
            painter.drawStack(layout)
        }
    }

    /// Draws a laid-out paragraph (`Paragraph.layout(width:)`) on its own, as a line's text item is
    /// drawn: run backgrounds, the shadow if any, the glyphs and their decorations, in `color`
    /// where a run sets none. The picture is as tall as the layout and as wide as its lines reach
    /// (their `x` plus `width`, at least the layout's `width`): the lines are drawn where the
    /// layout put them, alignment included.
    ///
    /// ```swift
    /// let paragraph = try Paragraph(mush: "**Hello**, //world//", style: ParagraphStyle(fontSize: 24))
    /// let png = try Renderer.render(paragraph.layout(width: 200), as: .png, options: RenderOptions(scale: 2))
    /// ```
    public static func render(
        _ layout: ParagraphLayout, as format: RenderFormat, color: MushColor = MushColor(red: 0, green: 0, blue: 0),
        shadow: MGLineLayout.Shadow? = nil, options: RenderOptions = RenderOptions()
    ) throws(RenderError) -> Rendering {
        let width = layout.lines.reduce(layout.width) { max($0, $1.x + $1.width) }
        return try draw(width: width, height: layout.height, format: format, options: options) { painter in
            painter.drawText(layout, x: 0, y: 0, color: color, shadow: shadow, location: RenderWarning.Location())
        }
    }

    /// Draws a laid-out box tree (`BoxEngine.layout(_:width:height:rounding:)`), its root's
    /// top-left corner at the picture's, whatever the root's `x` and `y`. The picture is the root's
    /// size, or with ``RenderOptions/wholeContent`` its content's; a root with a shadow of its own
    /// gets room for it around its box (the shadow's offset and blur, in whole points), its box
    /// moved right and down by the room on the left and top, as MGBoxKit's `screenshot:` draws a
    /// box with its shadow (cut at the picture's edges, it would not show at all).
    ///
    /// Each box is drawn in its parent's coordinates: its shadow, background and borders (its
    /// `paint`), its leaf in its content box (a text leaf's `PlacedText`, a row leaf's
    /// `MGLineLayout`, an image leaf's `ImageLeaf`), then its children by `zIndex`, each with
    /// everything inside it, moved by the box's content offset and clipped to its rounded padding
    /// box when it clips (`clipsContent`). A box without paint draws only what it holds. The
    /// MushRender article tells the rules in full.
    ///
    /// ```swift
    /// let layout = try BoxEngine.layout(card, width: .points(320))
    /// let png = try Renderer.render(layout, as: .png, options: RenderOptions(scale: 2))
    /// ```
    public static func render(
        _ layout: BoxLayout, as format: RenderFormat, options: RenderOptions = RenderOptions()
    ) throws(RenderError) -> Rendering {
        try untaggedIfCairoRefuses(format, options) { options throws(RenderError) in
            [try renderTree(layout, as: format, options: options)]
        }[0]
    }

    /// Runs `draw` with `options`; where a tagged PDF makes Cairo fail (its structure refused, which
    /// Cairo 1.16 does for some trees: see MushRender's article, "Tagged PDF"), runs it again
    /// untagged and says so in a warning on the first rendering.
    static func untaggedIfCairoRefuses(
        _ format: RenderFormat, _ options: RenderOptions,
        _ draw: (RenderOptions) throws(RenderError) -> [Rendering]
    ) throws(RenderError) -> [Rendering] {
        do {
            return try draw(options)
        } catch .cairo(let reason) where options.isTaggedPDF(format) {
            var untagged = options
            untagged.tagged = false
            untagged.document?.tagged = false
            var renderings = try draw(untagged)
            if !renderings.isEmpty {
                renderings[0].warnings.insert(
                    RenderWarning(
                        location: RenderWarning.Location(nodePath: []), problem: .notTagged(reason), file: nil),
                    at: 0)
            }
            return renderings
        }
    }

    private static func renderTree(
        _ layout: BoxLayout, as format: RenderFormat, options: RenderOptions
    ) throws(RenderError) -> Rendering {
        let room = shadowRoom(layout.paint?.shadow)
        let width =
            (options.wholeContent ? max(layout.width, layout.contentWidth) : layout.width) + room.left + room.right
        let height =
            (options.wholeContent ? max(layout.height, layout.contentHeight) : layout.height) + room.top + room.bottom
        return try draw(width: width, height: height, format: format, options: options, boxTree: true) { painter in
            if painter.keepsLinks { painter.linkTargets = LinkTargets([layout]) }
            painter.drawBoxTree(layout, x: room.left, y: room.top, wholeContent: options.wholeContent)
        }
    }

    /// How far a box's shadow reaches past its border box on each side, in whole points: its blur
    /// (the renderer grows the shape by nearly that much) less or plus its offset.
    static func shadowRoom(_ shadow: BoxShadow?) -> BoxEdges<Double> {
        guard let shadow else { return .zero }
        func reach(_ value: Double) -> Double { max(0, value).rounded(.up) }
        return BoxEdges(
            top: reach(shadow.blur - shadow.offset.y), right: reach(shadow.blur + shadow.offset.x),
            bottom: reach(shadow.blur + shadow.offset.y), left: reach(shadow.blur - shadow.offset.x))
    }

    /// Draws one laid-out line. The line is not read: the layout carries all that is drawn.
    @available(*, deprecated, message: "draw the layout alone: Renderer.render(layout, as:options:)")
    public static func render(
        _ line: MGLine, layout: MGLineLayout, as format: RenderFormat, options: RenderOptions = RenderOptions()
    ) throws(RenderError) -> Rendering {
        try render(layout, as: format, options: options)
    }

    /// Draws a laid-out stack of lines. The stack is not read: the layout carries all that is
    /// drawn.
    @available(*, deprecated, message: "draw the layout alone: Renderer.render(layout, as:options:)")
    public static func render(
        _ stack: MGStack, layout: MGStackLayout, as format: RenderFormat, options: RenderOptions = RenderOptions()
    ) throws(RenderError) -> Rendering {
        try render(layout, as: format, options: options)
    }

    private static func draw(
        width: Double, height: Double, format: RenderFormat, options: RenderOptions, exactSize: Bool = false,
        boxTree: Bool = false, _ body: (Painter) -> Void
    ) throws(RenderError) -> Rendering {
        let canvas = try Canvas(
            format: format, width: width, height: height, scale: options.scale, exactSize: exactSize,
            document: options.document)
        let painter = Painter(canvas: canvas, options: options)
        painter.paintBackground(options.background)
        if boxTree {
            painter.tagged(width: width, height: height) {
                body(painter)
                // (Inside the `Document`, whose elements the links are.)
                painter.closeLeafElements()
                painter.writeLinks()
            }
        } else {
            body(painter)
        }
        painter.writeLinks()
        painter.writeOutline()
        if let failure = painter.failure { throw failure }
        var data = try canvas.finish(options, structure: painter.structure)
        if format == .svg {
            data = SVGTextLayer.add(
                painter.textLines, to: SVGIdentifiers.renumbered(data), scale: options.scale,
                documentLanguage: options.document?.language)
            data = SVGLinkLayer.add(
                painter.linkAreas, painter.linkDestinations, to: data, scale: options.scale)
            if let document = options.document { data = document.amending(svg: data) }
        }
        return Rendering(
            format: format, data: data, width: canvas.pixelWidth, height: canvas.pixelHeight,
            warnings: painter.warnings)
    }
}

extension Renderer {
    /// The most pixels a transition's frames may have in all: 2^28 (120 frames of about 1,500 ×
    /// 1,500 pixels, or 16 of 4,096 × 4,096), some seconds of drawing; past it,
    /// ``RenderError/animationTooLarge(frames:pixels:)``.
    public static let maximumAnimationPixels = 1 << 28

    /// Draws a transition between two layouts of a tree (`BoxTransition`) as `frames` pictures
    /// (2 to 120) over `duration` seconds, evenly spaced in time and eased in and out as UIKit
    /// animates (`BoxTransition.easeInOut(_:)`): the first is the layout before, the last the
    /// layout after. Every picture has the size of the larger of the two (with room for either
    /// root's shadow), the root at the same place, so that they are frames of one animation.
    /// Their pixels in all (for SVG and PDF as if PNG) are at most ``maximumAnimationPixels``.
    public static func renderFrames(
        _ transition: BoxTransition, frames: Int, options: RenderOptions = RenderOptions()
    ) throws(RenderError) -> [Rendering] {
        let count = min(max(frames, 2), 120)
        let roots = [transition.before, transition.after]
        let room = roots.map { shadowRoom($0.paint?.shadow) }.reduce(BoxEdges<Double>.zero) { a, b in
            BoxEdges(
                top: max(a.top, b.top), right: max(a.right, b.right), bottom: max(a.bottom, b.bottom),
                left: max(a.left, b.left))
        }
        func extent(_ root: BoxLayout, _ wide: Bool) -> Double {
            options.wholeContent
                ? (wide ? max(root.width, root.contentWidth) : max(root.height, root.contentHeight))
                : (wide ? root.width : root.height)
        }
        let width = roots.map { extent($0, true) }.max()! + room.left + room.right
        let height = roots.map { extent($0, false) }.max()! + room.top + room.bottom
        let pixels = Double(count) * (width * options.scale).rounded(.up) * (height * options.scale).rounded(.up)
        guard pixels <= Double(maximumAnimationPixels) else {
            throw .animationTooLarge(frames: count, pixels: pixels)
        }
        var renderings: [Rendering] = []
        for index in 0..<count {
            if options.cancellation?.isCancelled == true { throw .cancelled }
            let progress = BoxTransition.easeInOut(Double(index) / Double(count - 1))
            let layout = transition.layout(at: progress)
            renderings.append(
                try draw(width: width, height: height, format: .png, options: options) { painter in
                    painter.drawBoxTree(layout, x: room.left, y: room.top, wholeContent: options.wholeContent)
                })
        }
        return renderings
    }

    /// The transition's frames (``renderFrames(_:frames:options:)``) as one animated PNG (APNG,
    /// which browsers play), each frame shown for `duration ÷ (frames − 1)` seconds, played once.
    /// Its warnings are the first frame's and the last one's, once each.
    public static func renderAnimation(
        _ transition: BoxTransition, frames: Int, duration: Double, options: RenderOptions = RenderOptions()
    ) throws(RenderError) -> Rendering {
        let pictures = try renderFrames(transition, frames: frames, options: options)
        let delay = duration.isFinite && duration > 0 ? duration / Double(pictures.count - 1) : 0
        guard let data = AnimatedPNG.assemble(pictures.map(\.data), delay: delay), let first = pictures.first,
            let last = pictures.last
        else { throw RenderError.cairo("the frames could not be joined into one animated PNG") }
        var warnings = first.warnings
        for warning in last.warnings where !warnings.contains(warning) { warnings.append(warning) }
        return Rendering(format: .png, data: data, width: first.width, height: first.height, warnings: warnings)
    }
}

extension Renderer {
    /// Draws a laid-out tree (laid out at the pages' content width: `width` less the margin) cut
    /// into `pages` (`BoxPages`), each page `width` × `height` points with the tree's band in the
    /// page less its margin, clipped there. A PDF is one file of one page a page; a PNG or an SVG is
    /// one file a page. A box cut by a page's end is drawn in pieces, each piece its part of the box
    /// (CSS's `box-decoration-break: slice`).
    ///
    /// `decorations` holds each page's running header and footer (laid out in the page's width less
    /// its margin), drawn centred in the page's top and bottom margins; a page past its end has
    /// none. The boxes a page repeats (`BoxPages.Page.repeats`) are drawn whole at their places,
    /// and its footnotes (`BoxPages.Page.notes`, entries of `footnotes`) at theirs, below
    /// `footnotes`' separator; in a tagged PDF each note is a `Note` element.
    ///
    /// Pages are drawn one at a time: given `pageDrawn`, each PNG or SVG page is handed to it as
    /// soon as it is drawn (with its index) and not kept, and the result is empty; the drawing
    /// stops after a page for which it answers false.
    ///
    /// `pages` must have been made from `layout` (its nodes are found by their paths).
    public static func render(
        _ layout: BoxLayout, pages: BoxPages, width: Double, height: Double, margin: BoxEdges<Double>,
        as format: RenderFormat, options: RenderOptions = RenderOptions(),
        decorations: [(header: BoxLayout?, footer: BoxLayout?)] = [], footnotes: PageFootnotes = PageFootnotes(),
        pageDrawn: ((Int, Rendering) -> Bool)? = nil
    ) throws(RenderError) -> [Rendering] {
        // (Pages are tagged unless the options say otherwise: said once here for all that follows.)
        var options = options
        options.tagged = options.isTaggedPDF(format, paged: true)
        return try untaggedIfCairoRefuses(format, options) { options throws(RenderError) in
            try renderPages(
                layout, pages: pages, width: width, height: height, margin: margin, as: format, options: options,
                decorations: decorations, footnotes: footnotes, pageDrawn: pageDrawn)
        }
    }

    private static func renderPages(
        _ layout: BoxLayout, pages: BoxPages, width: Double, height: Double, margin: BoxEdges<Double>,
        as format: RenderFormat, options: RenderOptions, decorations: [(header: BoxLayout?, footer: BoxLayout?)],
        footnotes: PageFootnotes, pageDrawn: ((Int, Rendering) -> Bool)?
    ) throws(RenderError) -> [Rendering] {
        let contentWidth = width - margin.left - margin.right
        let contentHeight = height - margin.top - margin.bottom
        guard contentWidth > 0, contentHeight > 0 else { throw .empty(width: contentWidth, height: contentHeight) }
        let slack = layout.paintReach + 32
        let deep = layout.isDeeper(than: 32)
        // The boxes' ids and those links name, found once for every page.
        let linkTargets =
            format.isBitmap
            ? LinkTargets()
            : LinkTargets(
                [layout] + decorations.flatMap { [$0.header, $0.footer].compactMap { $0 } } + footnotes.notes)
        func drawPage(_ painter: Painter, _ index: Int) {
            let page = pages.pages[index]
            painter.linkTargets = linkTargets
            // The page's band, below its repeated headers, as a clip the boxes' own clips keep
            // (they set the clip again from the enclosing ones that still cut something).
            let band = ClipShape(
                x: margin.left, y: margin.top + page.offset, width: contentWidth,
                height: min(page.bottom - page.top, contentHeight - page.offset), radius: 0)
            // In a tagged PDF, notes are drawn where their calls are met (``Painter/drawText(calling:_:)``).
            let area = ClipShape(x: margin.left, y: margin.top, width: contentWidth, height: contentHeight, radius: 0)
            if painter.isTagging {
                painter.noteArea = area
                for note in page.notes where footnotes.notes.indices.contains(note.index) {
                    painter.pageNotes[note.index] = (footnotes.notes[note.index], margin.left, margin.top + note.y)
                }
            }
            painter.context.save()
            painter.context.rectangle(x: band.x, y: band.y, width: band.width, height: band.height)
            painter.context.clip()
            painter.boxClips = [band]
            painter.culling = (pages, band.y, band.y + band.height, slack)
            painter.pageBand = (band.y, band.y + band.height)
            painter.drawBoxTree(layout, x: margin.left, y: band.y - page.top, wholeContent: true, deep: deep)
            painter.culling = nil
            painter.pageBand = nil
            painter.boxClips = []
            painter.context.restore()
            // In a tagged PDF, the page's paragraphs end here; what follows repeats the tree or
            // decorates the page, and is no part of the structure.
            painter.closeLeafElements()
            // The page's footnotes not drawn at their calls (all of them but in a tagged PDF), each a
            // note in the structure.
            let notes = page.notes.filter {
                footnotes.notes.indices.contains($0.index) && (!painter.isTagging || painter.pageNotes[$0.index] != nil)
            }
            painter.pageNotes = [:]
            if !notes.isEmpty {
                painter.inNoteArea(area) {
                    for note in notes {
                        painter.drawNote(
                            footnotes.notes[note.index], index: note.index, x: margin.left, y: margin.top + note.y)
                    }
                }
            }
            painter.withoutStructure {
                // The repeated headers and footers, each whole.
                for repeated in page.repeats {
                    guard let (node, _, _) = BoxPages.node(at: repeated.path, in: layout) else { continue }
                    painter.drawBoxTree(
                        node, x: margin.left + repeated.x, y: margin.top + repeated.y, path: repeated.path,
                        wholeContent: false)
                }
                // The separator above the page's notes.
                if let first = page.notes.first, let separator = footnotes.separator {
                    painter.drawBoxTree(
                        separator, x: margin.left, y: margin.top + first.y - separator.height, wholeContent: false)
                }
                // The running header and footer, in the margins.
                guard index < decorations.count else { return }
                if let header = decorations[index].header {
                    painter.drawBoxTree(
                        header, x: margin.left, y: max((margin.top - header.height) / 2, 0), wholeContent: false)
                }
                if let footer = decorations[index].footer {
                    painter.drawBoxTree(
                        footer, x: margin.left,
                        y: height - margin.bottom + max((margin.bottom - footer.height) / 2, 0), wholeContent: false)
                }
            }
        }
        if format == .pdf {
            let canvas = try Canvas(
                format: .pdf, width: width, height: height, scale: options.scale, exactSize: true,
                document: options.document)
            let painter = Painter(canvas: canvas, options: options)
            for index in pages.pages.indices {
                guard !painter.stopped else { break }
                if index > 0 { painter.context.showPage() }
                painter.pageIndex = index
                painter.paintBackground(options.background)
                // (After the first background: a paint of the whole page forgets what the page
                // recorded before it, the structure's beginning too; see `clippedToPage`.)
                if index == 0 { painter.beginDocumentStructure() }
                painter.clippedToPage(width: width, height: height) { drawPage(painter, index) }
                painter.writeLinks()
            }
            painter.endDocumentStructure()
            painter.writeOutline()
            if let failure = painter.failure { throw failure }
            return [
                Rendering(
                    format: .pdf,
                    data: try canvas.finish(options, structure: painter.structure),
                    width: canvas.pixelWidth,
                    height: canvas.pixelHeight,
                    warnings: painter.warnings)
            ]
        }
        var renderings: [Rendering] = []
        for index in pages.pages.indices {
            if options.cancellation?.isCancelled == true { throw .cancelled }
            let rendering = try draw(width: width, height: height, format: format, options: options, exactSize: true) {
                painter in
                drawPage(painter, index)
            }
            if let pageDrawn {
                guard pageDrawn(index, rendering) else { break }
            } else {
                renderings.append(rendering)
            }
        }
        return renderings
    }
}
