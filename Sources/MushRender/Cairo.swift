import CCairo
import CRsvg
import Foundation
import MushBase
import MushBox
import MushText

// The one file of MushRender that touches Cairo (and the FreeType faces Cairo draws with): its
// contexts, surfaces, font faces and stream callbacks stay behind these types, and the painters
// call Swift methods only.

/// A Cairo surface of one format and the context drawing on it, made and freed together; for SVG
/// and PDF, the bytes Cairo streams out. One rendering draws on it, on one thread.
final class CairoContext {
    private let context: OpaquePointer
    private let surface: OpaquePointer
    private let format: RenderFormat
    private let sink = ByteSink()

    /// A surface of `format`, `pixelWidth` × `pixelHeight` pixels (PNG) or `width` × `height` points
    /// (SVG, PDF), drawn on at `scale`, with the renderer's font options.
    init(
        format: RenderFormat, pixelWidth: Int, pixelHeight: Int, width: Double, height: Double,
        scale: Double
    ) throws(RenderError) {
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let surface: OpaquePointer
        switch format {
        case .png, .jpeg, .webp:
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        case .svg:
            surface = cairo_svg_surface_create_for_stream(ByteSink.write, closure, width, height)
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        case .pdf:
            surface = cairo_pdf_surface_create_for_stream(ByteSink.write, closure, width, height)
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "mush")
            // No creation date (Cairo writes the time by default, an empty one leaves it out): the
            // same drawing gives the same bytes, as PNG and SVG do.
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
        }
        self.format = format
        (self.surface, self.context) = try Self.start(surface, scale: scale)
    }

    /// Gives `body` the pixels of a bitmap canvas as drawn so far, without encoding them: Cairo's
    /// ARGB32 (premultiplied alpha in the top byte of a native-endian word), `stride` bytes a row;
    /// nil for SVG and PDF. For checks that read a drawing back (the render fuzz target's ink check).
    func withPixels<T>(_ body: (_ data: UnsafeRawPointer, _ width: Int, _ height: Int, _ stride: Int) -> T) -> T? {
        guard format.isBitmap else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return body(
            UnsafeRawPointer(data), Int(cairo_image_surface_get_width(surface)),
            Int(cairo_image_surface_get_height(surface)), Int(cairo_image_surface_get_stride(surface)))
    }

    /// A 1 × 1 image surface at `scale` with the renderer's font options, to measure glyphs as a
    /// canvas at that scale draws them.
    init(measuringAt scale: Double) throws(RenderError) {
        format = .png
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        (self.surface, self.context) = try Self.start(surface, scale: scale)
    }

    /// The context on `surface`, scaled, with the font options; both released when it fails.
    private static func start(_ surface: OpaquePointer, scale: Double) throws(RenderError) -> (
        OpaquePointer, OpaquePointer
    ) {
        let context = cairo_create(surface)!
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            // Released here: a context that fails to start never reaches its deinit's releases.
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        cairo_scale(context, scale, scale)
        // Glyphs are placed where HarfBuzz put them; hinting may only sharpen their outlines.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
        return (surface, context)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Ends the drawing and gives the file's bytes: a bitmap encoded as `options` ask
    /// (``BitmapPixels``), or the SVG or PDF Cairo wrote.
    func finish(_ options: RenderOptions, tagging: PDFTagging? = nil) throws(RenderError) -> Data {
        let drawing = cairo_status(context)
        guard drawing == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(drawing))) }
        guard !format.isBitmap else {
            cairo_surface_flush(surface)
            guard let data = cairo_image_surface_get_data(surface) else { throw .cairo("no pixels to write") }
            return try BitmapPixels(
                data: UnsafePointer(data), width: Int(cairo_image_surface_get_width(surface)),
                height: Int(cairo_image_surface_get_height(surface)),
                stride: Int(cairo_image_surface_get_stride(surface))
            ).encoded(as: format, options: options)
        }
        if format == .pdf, let document = options.document { describe(document) }
        // The last page ended here, not by the finish: Cairo's finish leaves out a last page on which
        // nothing visible was drawn (only transparent paint, or all clipped away), and with it that
        // page's tags and links, which a document of several pages may have. (The finish then has
        // nothing left to write.)
        if format == .pdf { cairo_show_page(context) }
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        guard format == .pdf, options.document != nil || tagging != nil else { return sink.data }
        guard
            let amended = PDFCatalog.amended(
                sink.data, catalog: options.document?.catalogEntries ?? [], info: options.document?.infoEntries ?? [],
                tagging: tagging)
        else {
            throw .encoding(format: .pdf, reason: "its catalog was not found where Cairo writes it")
        }
        return amended
    }

    /// Writes `document` into the PDF's information dictionary (checked: `DocumentInfo.problem()`),
    /// all but its date (``PDFCatalog``).
    private func describe(_ document: DocumentInfo) {
        let values: [(cairo_pdf_metadata_t, String?)] = [
            (CAIRO_PDF_METADATA_TITLE, document.title), (CAIRO_PDF_METADATA_AUTHOR, document.author),
            (CAIRO_PDF_METADATA_SUBJECT, document.subject),
            (CAIRO_PDF_METADATA_KEYWORDS, document.keywords.isEmpty ? nil : document.keywords.joined(separator: ", ")),
            (CAIRO_PDF_METADATA_CREATOR, document.creator),
        ]
        for case (let key, let value?) in values { cairo_pdf_surface_set_metadata(surface, key, value) }
    }

    // MARK: State

    func save() { cairo_save(context) }
    func restore() { cairo_restore(context) }
    func translate(x: Double, y: Double) { cairo_translate(context, x, y) }
    func scale(x: Double, y: Double) { cairo_scale(context, x, y) }

    /// Sets the source to a colour, each component from 0 to 1.
    func setColor(red: Double, green: Double, blue: Double, alpha: Double) {
        cairo_set_source_rgba(context, red, green, blue, alpha)
    }

    /// `y` in user units moved to the nearest whole device pixel (a row's edge in a PNG), so that
    /// clips meeting there share no pixel.
    func snappedToDevice(y: Double) -> Double {
        var x = 0.0
        var y = y
        cairo_user_to_device(context, &x, &y)
        y = y.rounded()
        cairo_device_to_user(context, &x, &y)
        return y
    }

    func setLineWidth(_ width: Double) { cairo_set_line_width(context, width) }

    // MARK: Paths

    func rectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(context, x, y, width, height)
    }
    /// A rectangle whose corners are quarter circles of `radius` (at most half the shorter side),
    /// as a closed sub-path, clockwise on the page (as `rectangle` draws) or `reversed`; a square
    /// rectangle when the radius is 0. A reversed shape inside a clockwise one leaves a hole where
    /// the two are filled or clipped to together.
    func roundedRectangle(
        x: Double, y: Double, width: Double, height: Double, radius: Double, reversed: Bool = false
    ) {
        let radius = max(0, min(radius, width / 2, height / 2))
        let quarter = Double.pi / 2
        cairo_new_sub_path(context)
        if reversed {
            cairo_arc_negative(context, x + radius, y + radius, radius, 3 * quarter, 2 * quarter)
            cairo_arc_negative(context, x + radius, y + height - radius, radius, 2 * quarter, quarter)
            cairo_arc_negative(context, x + width - radius, y + height - radius, radius, quarter, 0)
            cairo_arc_negative(context, x + width - radius, y + radius, radius, 0, -quarter)
        } else if radius > 0 {
            cairo_arc(context, x + width - radius, y + radius, radius, -quarter, 0)
            cairo_arc(context, x + width - radius, y + height - radius, radius, 0, quarter)
            cairo_arc(context, x + radius, y + height - radius, radius, quarter, 2 * quarter)
            cairo_arc(context, x + radius, y + radius, radius, 2 * quarter, 3 * quarter)
        } else {
            cairo_rectangle(context, x, y, width, height)
            return
        }
        cairo_close_path(context)
    }
    func move(x: Double, y: Double) { cairo_move_to(context, x, y) }
    func line(x: Double, y: Double) { cairo_line_to(context, x, y) }
    func fill() { cairo_fill(context) }
    func stroke() { cairo_stroke(context) }
    func clip() { cairo_clip(context) }
    /// Removes every clip (within the current `save`; `restore` brings the clips back).
    func resetClip() { cairo_reset_clip(context) }
    /// Paints the source everywhere (within the clip).
    func paint() { cairo_paint(context) }
    /// Ends a page of a PDF and starts the next (the drawing state is kept).
    func showPage() { cairo_show_page(context) }
    /// Paints the source at `alpha`.
    func paint(alpha: Double) { cairo_paint_with_alpha(context, alpha) }
    /// Draws into a new group until ``popGroupToSource()``.
    func pushGroup() { cairo_push_group(context) }
    /// The clip's extents in device units (pixels in a PNG): its width times its height.
    var clipArea: Double {
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        cairo_user_to_device(context, &x1, &y1)
        cairo_user_to_device(context, &x2, &y2)
        return abs(x2 - x1) * abs(y2 - y1)
    }
    /// Ends the group and makes it the source.
    func popGroupToSource() { cairo_pop_group_to_source(context) }

    // MARK: Links

    /// Writes a PDF link annotation over each of `rects` (x, y, width and height in points of the
    /// surface, from its top-left corner, the scale applied) to `uri` or to the named destination
    /// `destination` (one of the two). The rectangles are given with the identity matrix in force:
    /// Cairo 1.16 reads a link's `rect` in surface units whatever the matrix, later versions in user
    /// units, and both agree there. Other surfaces ignore tags.
    func link(
        uri: String? = nil, destination: String? = nil, rects: [(x: Double, y: Double, width: Double, height: Double)]
    ) {
        guard beginLink(uri: uri, destination: destination, rects: rects) else { return }
        cairo_tag_end(context, CAIRO_TAG_LINK)
    }

    /// Begins a link as ``link(uri:destination:rects:)`` writes one, whose tag holds what is drawn
    /// until ``endLink()`` (in a tagged PDF, a `Link` element whose content that is); false, and
    /// nothing begun, without a target or a rectangle. (Begun without the clip, which could leave
    /// nothing and lose the tag's beginning but not its end, as ``beginStructure(_:)``.)
    func beginLink(
        uri: String? = nil, destination: String? = nil, rects: [(x: Double, y: Double, width: Double, height: Double)]
    ) -> Bool {
        var attributes: String
        if let uri {
            attributes = "uri='\(Self.tagString(uri))'"
        } else if let destination {
            attributes = "dest='\(Self.tagString(destination))'"
        } else {
            return false
        }
        guard !rects.isEmpty else { return false }
        attributes += " rect=["
        attributes += rects.map {
            "\(Self.tagNumber($0.x)) \(Self.tagNumber($0.y)) \(Self.tagNumber($0.width)) \(Self.tagNumber($0.height))"
        }.joined(separator: " ")
        attributes += "]"
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_reset_clip(context)
        cairo_tag_begin(context, CAIRO_TAG_LINK, attributes)
        cairo_restore(context)
        return true
    }

    /// Ends the link begun last with ``beginLink(uri:destination:rects:)``.
    func endLink() { cairo_tag_end(context, CAIRO_TAG_LINK) }

    /// Begins a structure element of a tagged PDF (`Document`, `P`, `H1`, `Figure` …): what is drawn
    /// until ``endStructure(_:)`` belongs to it. Other surfaces ignore it. (Begun without the clip:
    /// Cairo 1.16 records no beginning under a clip that leaves nothing, a box of no size that
    /// clips, but records the end, and then refuses the whole structure.)
    func beginStructure(_ name: String) {
        cairo_save(context)
        cairo_reset_clip(context)
        cairo_tag_begin(context, name, "")
        cairo_restore(context)
    }

    /// Ends the structure element `name`, the one begun last.
    func endStructure(_ name: String) { cairo_tag_end(context, name) }

    /// Adds an entry to the PDF's outline under the entry `parent` (nil: a top entry), going to
    /// (`x`, `y`) on page `page` (from 1; points of the surface from its top-left corner, the scale
    /// applied), shown open or closed; returns its id, for the entries under it.
    func addOutline(parent: Int32?, title: String, page: Int, x: Double, y: Double, isOpen: Bool) -> Int32 {
        let attributes = "page=\(page) pos=[\(Self.tagNumber(x)) \(Self.tagNumber(y))]"
        let flags = isOpen ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(0)
        return cairo_pdf_surface_add_outline(surface, parent ?? CAIRO_PDF_OUTLINE_ROOT, title, attributes, flags)
    }

    /// Writes a PDF named destination `name` at (`x`, `y`), in points of the surface from its
    /// top-left corner (the scale applied), on the page being drawn.
    func destination(name: String, x: Double, y: Double) {
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_tag_begin(
            context, CAIRO_TAG_DEST, "name='\(Self.tagString(name))' x=\(Self.tagNumber(x)) y=\(Self.tagNumber(y))")
        cairo_tag_end(context, CAIRO_TAG_DEST)
        cairo_restore(context)
    }

    /// A string value of a tag's attributes, its single quotes and backslashes escaped with a
    /// backslash (the quotes around it not included).
    static func tagString(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            if scalar == "'" || scalar == "\\" { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }

    /// A number of a tag's attributes: finite, in plain decimal notation (Cairo reads no exponent).
    private static func tagNumber(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15
            ? String(Int(rounded)) : String(format: "%.3f", rounded)
    }

    /// Fills the current path with `gradient` laid over the box at (`x`, `y`) of `width` ×
    /// `height` (CSS's gradient line for a linear one; a circle to the farthest corner for a
    /// radial one).
    func fill(_ gradient: BoxGradient, x: Double, y: Double, width: Double, height: Double) {
        let pattern: OpaquePointer
        switch gradient.shape {
        case .linear(let angle):
            let radians = angle * .pi / 180
            let (dx, dy) = (sin(radians), -cos(radians))
            // Long enough for the first and last colours to reach the corners.
            let half = (abs(width * dx) + abs(height * dy)) / 2
            let (cx, cy) = (x + width / 2, y + height / 2)
            pattern = cairo_pattern_create_linear(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half)
        case .radial(let fractionX, let fractionY):
            let (cx, cy) = (x + width * fractionX, y + height * fractionY)
            let radius = [(x, y), (x + width, y), (x, y + height), (x + width, y + height)]
                .map { ($0.0 - cx) * ($0.0 - cx) + ($0.1 - cy) * ($0.1 - cy) }.max()!.squareRoot()
            pattern = cairo_pattern_create_radial(cx, cy, 0, cx, cy, max(radius, 1e-6))
        }
        for stop in gradient.stops {
            cairo_pattern_add_color_stop_rgba(
                pattern, stop.offset, Double(stop.color.red) / 255, Double(stop.color.green) / 255,
                Double(stop.color.blue) / 255, Double(stop.color.alpha) / 255)
        }
        cairo_set_source(context, pattern)
        cairo_fill(context)
        cairo_pattern_destroy(pattern)
    }

    // MARK: Images

    /// Paints `image` scaled to the rectangle (clipped to it; Cairo's "good" filter, edges padded),
    /// turned as EXIF `orientation` (1, as stored, to 8) says.
    func paint(_ image: CairoImage, orientation: Int = 1, x: Double, y: Double, width: Double, height: Double) {
        let storedWidth = Double(image.width)
        let storedHeight = Double(image.height)
        let swaps = orientation >= 5
        cairo_save(context)
        cairo_rectangle(context, x, y, width, height)
        cairo_clip(context)
        cairo_translate(context, x, y)
        cairo_scale(
            context, width / (swaps ? storedHeight : storedWidth), height / (swaps ? storedWidth : storedHeight))
        // From stored pixels to shown ones: (xx, yx, xy, yy, x0, y0); as stored, none.
        var matrix = cairo_matrix_t()
        switch orientation {
        case 2: cairo_matrix_init(&matrix, -1, 0, 0, 1, storedWidth, 0)
        case 3: cairo_matrix_init(&matrix, -1, 0, 0, -1, storedWidth, storedHeight)
        case 4: cairo_matrix_init(&matrix, 1, 0, 0, -1, 0, storedHeight)
        case 5: cairo_matrix_init(&matrix, 0, 1, 1, 0, 0, 0)
        case 6: cairo_matrix_init(&matrix, 0, 1, -1, 0, storedHeight, 0)
        case 7: cairo_matrix_init(&matrix, 0, -1, -1, 0, storedHeight, storedWidth)
        case 8: cairo_matrix_init(&matrix, 0, -1, 1, 0, 0, storedWidth)
        default: cairo_matrix_init_identity(&matrix)
        }
        cairo_transform(context, &matrix)
        cairo_set_source_surface(context, image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Draws an SVG document as vectors into the rectangle (its viewBox fitted to it, as librsvg
    /// fits a document to a viewport), clipped to it.
    func paint(_ document: SVGDocument, x: Double, y: Double, width: Double, height: Double) {
        cairo_save(context)
        cairo_rectangle(context, x, y, width, height)
        cairo_clip(context)
        // Stretched to the rectangle: the document's own size scaled to it (a document without
        // one fills it).
        cairo_translate(context, x, y)
        let (ownWidth, ownHeight) = document.width > 0 ? (document.width, document.height) : (width, height)
        cairo_scale(context, width / ownWidth, height / ownHeight)
        var viewport = MushRsvgRectangle(x: 0, y: 0, width: ownWidth, height: ownHeight)
        var error: UnsafeMutablePointer<MushGError>?
        _ = document.library.renderDocument(document.handle, UnsafeMutableRawPointer(context), &viewport, &error)
        if let error { document.library.freeError(error) }
        cairo_restore(context)
    }

    // MARK: Glyphs

    /// Sets the design coordinates of the variable faces drawn next (`wght=650,wdth=80`; none: each
    /// face's default instance), through Cairo's font options, which its FreeType backend applies
    /// to the face of each scaled font.
    private func setVariations(_ variations: [String: Double]) {
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_get_font_options(context, options)
        let wanted = variations.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        let current = cairo_font_options_get_variations(options).map { String(cString: $0) } ?? ""
        guard wanted != current else { return }
        cairo_font_options_set_variations(options, wanted.isEmpty ? nil : wanted)
        cairo_set_font_options(context, options)
    }

    /// Draws `glyphs` (x from `x`, y up from `baseline`) with `face` at `size` points, at a variable
    /// face's `variations`. With `text`, also tells Cairo which text each glyph shows: the UTF-8
    /// text and its clusters, forward, in the glyphs' order (a PDF keeps it). `asOutlines`: filled
    /// as paths rather than shown as text.
    func showGlyphs(
        _ glyphs: [PositionedGlyph], x: Double, baseline: Double, face: CairoFontFace, size: Double,
        variations: [String: Double] = [:], asOutlines: Bool = false,
        text: (utf8: [UInt8], clusters: [TextCluster])? = nil
    ) {
        cairo_set_font_face(context, face.pointer)
        cairo_set_font_size(context, size)
        setVariations(variations)
        let placed = Self.cairoGlyphs(glyphs, x: x, baseline: baseline)
        if asOutlines {
            cairo_new_path(context)
            cairo_glyph_path(context, placed, Int32(placed.count))
            cairo_fill(context)
            return
        }
        guard let text else {
            cairo_show_glyphs(context, placed, Int32(placed.count))
            return
        }
        text.utf8.withUnsafeBufferPointer { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { utf8 in
                text.clusters.withUnsafeBufferPointer { clusters in
                    clusters.withMemoryRebound(to: cairo_text_cluster_t.self) { clusters in
                        cairo_show_text_glyphs(
                            context, utf8.baseAddress, Int32(utf8.count), placed, Int32(placed.count),
                            clusters.baseAddress, Int32(clusters.count), cairo_text_cluster_flags_t(0))
                    }
                }
            }
        }
    }

    /// The horizontal stretches where each of `glyphs` (placed as ``showGlyphs`` places them) has
    /// ink between `top` and `bottom` (y down, user space), left to right by glyph: for each glyph
    /// whose outline enters the band, from the leftmost to the rightmost point of its outline
    /// within it. An underline's skip-ink leaves these out.
    func intercepts(
        _ glyphs: [PositionedGlyph], x: Double, baseline: Double, face: CairoFontFace, size: Double,
        variations: [String: Double], top: Double, bottom: Double
    ) -> [(left: Double, right: Double)] {
        cairo_set_font_face(context, face.pointer)
        cairo_set_font_size(context, size)
        setVariations(variations)
        var result: [(left: Double, right: Double)] = []
        for glyph in Self.cairoGlyphs(glyphs, x: x, baseline: baseline) {
            var one = glyph
            cairo_new_path(context)
            cairo_glyph_path(context, &one, 1)
            guard let path = cairo_copy_path_flat(context) else { continue }
            defer { cairo_path_destroy(path) }
            var left = Double.infinity
            var right = -Double.infinity
            var previous: (x: Double, y: Double)?
            var start: (x: Double, y: Double)?
            /// The part of a segment inside the band widens the stretch.
            func take(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) {
                let (low, high) = (min(a.y, b.y), max(a.y, b.y))
                guard high >= top, low <= bottom else { return }
                if a.y == b.y {
                    left = min(left, a.x, b.x)
                    right = max(right, a.x, b.x)
                    return
                }
                for y in [max(low, top), min(high, bottom)] {
                    let t = (y - a.y) / (b.y - a.y)
                    let px = a.x + t * (b.x - a.x)
                    left = min(left, px)
                    right = max(right, px)
                }
            }
            var index = 0
            while index < Int(path.pointee.num_data) {
                let header = path.pointee.data[index].header
                let point =
                    header.length > 1
                    ? (x: path.pointee.data[index + 1].point.x, y: path.pointee.data[index + 1].point.y) : nil
                switch header.type {
                case CAIRO_PATH_MOVE_TO:
                    previous = point
                    start = point
                case CAIRO_PATH_LINE_TO:
                    if let previous, let point { take(previous, point) }
                    previous = point
                case CAIRO_PATH_CLOSE_PATH:
                    if let previous, let start { take(previous, start) }
                    previous = start
                default: break
                }
                index += Int(header.length)
            }
            if left <= right { result.append((left, right)) }
        }
        cairo_new_path(context)
        return result
    }

    /// A circle of `radius` around (`x`, `y`), as a closed sub-path.
    func circle(x: Double, y: Double, radius: Double) {
        cairo_new_sub_path(context)
        cairo_arc(context, x, y, radius, 0, 2 * Double.pi)
        cairo_close_path(context)
    }

    /// The ink of `glyphs` (placed as ``showGlyphs(_:x:baseline:face:size:text:)`` places them)
    /// drawn with `face` at `size`, as Cairo measures it: a rectangle in user space.
    ///
    /// It is the union of the glyphs' extents and each glyph's outline's extents. Cairo's extents
    /// come from FreeType's metrics, which its synthetic oblique (a shear of the outline) and bold
    /// do not update, so a slanted 'f' inks past them; the outlines carry the shear, and the
    /// extents keep what has no outline (a bitmap glyph). Each outline is measured near the origin
    /// (its position's fraction kept) and moved back: Cairo leaves out of a path the glyphs that lie
    /// beyond its surface, and a measuring context's surface is one pixel.
    func inkExtents(
        _ glyphs: [PositionedGlyph], x: Double, baseline: Double, face: CairoFontFace, size: Double,
        variations: [String: Double] = [:]
    ) -> (x: Double, y: Double, width: Double, height: Double) {
        guard let first = glyphs.first else { return (x, baseline, 0, 0) }
        cairo_set_font_face(context, face.pointer)
        cairo_set_font_size(context, size)
        setVariations(variations)
        let placed = Self.cairoGlyphs(glyphs, x: x, baseline: baseline)
        var extents = cairo_text_extents_t()
        cairo_glyph_extents(context, placed, Int32(placed.count), &extents)
        // Cairo gives the ink from the first glyph's position.
        var left = x + first.x + extents.x_bearing
        var top = baseline - first.y + extents.y_bearing
        var right = left + extents.width
        var bottom = top + extents.height
        var inked = extents.width > 0 || extents.height > 0
        for glyph in placed {
            let dx = glyph.x.rounded(.down)
            let dy = glyph.y.rounded(.down)
            var near = cairo_glyph_t(index: glyph.index, x: glyph.x - dx, y: glyph.y - dy)
            cairo_new_path(context)
            cairo_glyph_path(context, &near, 1)
            var x1 = 0.0
            var y1 = 0.0
            var x2 = 0.0
            var y2 = 0.0
            cairo_path_extents(context, &x1, &y1, &x2, &y2)
            guard x1 < x2 || y1 < y2 else { continue }
            (x1, y1, x2, y2) = (x1 + dx, y1 + dy, x2 + dx, y2 + dy)
            if inked {
                left = min(left, x1)
                top = min(top, y1)
                right = max(right, x2)
                bottom = max(bottom, y2)
            } else {
                (left, top, right, bottom) = (x1, y1, x2, y2)
                inked = true
            }
        }
        cairo_new_path(context)
        return (left, top, right - left, bottom - top)
    }

    private static func cairoGlyphs(_ glyphs: [PositionedGlyph], x: Double, baseline: Double) -> [cairo_glyph_t] {
        glyphs.map { glyph in cairo_glyph_t(index: UInt(glyph.glyph), x: x + glyph.x, y: baseline - glyph.y) }
    }
}

/// One text cluster given with glyphs: so many bytes of UTF-8 text shown by so many glyphs. Laid
/// out as Cairo's `cairo_text_cluster_t`, so an array of them is handed to Cairo as it is.
struct TextCluster {
    var bytes: Int32
    var glyphs: Int32
}

/// Collects what Cairo writes to a stream.
private final class ByteSink {
    var data = Data()

    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        if let data { sink.data.append(data, count: Int(length)) }
        return CAIRO_STATUS_SUCCESS
    }
}

/// A decoded image: a Cairo image surface, freed with the value.
final class CairoImage {
    fileprivate let surface: OpaquePointer
    /// The size in pixels.
    let width: Int
    let height: Int

    private init(_ surface: OpaquePointer) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    /// An image drawing `pixels` where they are, without copying them: a surface of this
    /// rendering's own over memory that every rendering reads and none writes. The surface holds
    /// the pixels as its user data, released when Cairo lets the surface go: an SVG or PDF surface
    /// that keeps the image until its file is written keeps the pixels as long.
    static func sharing(_ pixels: SharedPixels) -> CairoImage? {
        let surface = cairo_image_surface_create_for_data(
            pixels.data.assumingMemoryBound(to: UInt8.self), pixels.opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
            Int32(pixels.width), Int32(pixels.height), Int32(pixels.stride))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let surface else {
            cairo_surface_destroy(surface)
            return nil
        }
        let held = Unmanaged.passRetained(pixels)
        let status = cairo_surface_set_user_data(surface, &pixelsKey, held.toOpaque()) { pointer in
            if let pointer { Unmanaged<SharedPixels>.fromOpaque(pointer).release() }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            held.release()
            cairo_surface_destroy(surface)
            return nil
        }
        return CairoImage(surface)
    }

    /// The key under which a surface over shared pixels holds them (Cairo compares its address).
    nonisolated(unsafe) private static var pixelsKey = cairo_user_data_key_t(unused: 0)

    /// A copy of the image's pixels to share between renderings (``ImageCache``), drawn turned by
    /// `orientation`, with the decoding's `note`.
    func sharedCopy(orientation: Int, note: RenderWarning.Problem?) -> SharedPixels? {
        cairo_surface_flush(surface)
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
            let data = cairo_image_surface_get_data(surface)
        else { return nil }
        return SharedPixels(
            copying: data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)),
            opaque: format == CAIRO_FORMAT_RGB24, orientation: orientation, note: note)
    }

    deinit { cairo_surface_destroy(surface) }

    /// A new image of `width` × `height` pixels (ARGB32, or RGB24 when `opaque`) whose pixels
    /// `fill` writes (given the data and its stride); nil when Cairo cannot make it or `fill`
    /// fails.
    static func make(
        width: Int, height: Int, opaque: Bool, fill: (UnsafeMutablePointer<UInt8>, Int) -> Bool
    ) -> CairoImage? {
        let surface = cairo_image_surface_create(
            opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let surface,
            let data = cairo_image_surface_get_data(surface)
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        guard fill(data, Int(cairo_image_surface_get_stride(surface))) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_mark_dirty(surface)
        return CairoImage(surface)
    }

    /// A PNG decoded by Cairo from a stream: `read` fills the buffer it is given entirely and says
    /// true, or says false (the stream ended or failed). Nil when Cairo cannot decode the bytes.
    static func png(reading read: @escaping (UnsafeMutableRawBufferPointer) -> Bool) -> CairoImage? {
        let stream = ReadStream(read)
        let surface = withExtendedLifetime(stream) {
            cairo_image_surface_create_from_png_stream(ReadStream.read, Unmanaged.passUnretained(stream).toOpaque())
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let surface else {
            cairo_surface_destroy(surface)
            return nil
        }
        return CairoImage(surface)
    }

    /// Hands Cairo's read requests to a Swift function.
    private final class ReadStream {
        let fill: (UnsafeMutableRawBufferPointer) -> Bool

        init(_ fill: @escaping (UnsafeMutableRawBufferPointer) -> Bool) {
            self.fill = fill
        }

        static let read: cairo_read_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let stream = Unmanaged<ReadStream>.fromOpaque(closure).takeUnretainedValue()
            return stream.fill(UnsafeMutableRawBufferPointer(start: data, count: Int(length)))
                ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }
    }
}

/// A Cairo font face, shared between threads as Cairo allows (it locks the FreeType face while it
/// uses it). Made by ``CairoFonts``, which keeps it for the life of the process.
struct CairoFontFace: @unchecked Sendable {
    fileprivate let pointer: OpaquePointer
}

/// Cairo font faces for the engine's FreeType faces, made once per process and kept: each is
/// opened by FreeType from the face's own file and index, so Cairo draws exactly the glyphs
/// HarfBuzz shaped, and asks FreeType for no other font.
///
/// Cairo locks a FreeType face while it uses it, so one Cairo face serves renderings on many
/// threads. The faces live as long as the process: a collection has a handful of faces, and Cairo
/// keeps faces in its own caches after they are released, which makes freeing them early unsafe.
enum CairoFonts {
    private struct Key: Hashable {
        var path: String
        var index: Int
        var syntheticBold: Bool
        var syntheticOblique: Bool
    }

    /// The Cairo faces made so far (pointers shared between threads as Cairo allows; the lock
    /// guards the dictionary).
    private struct State: @unchecked Sendable {
        var faces: [Key: OpaquePointer] = [:]
    }

    private static let state = LockedValue(State())

    /// The key under which a Cairo face holds its FreeType library (Cairo compares its address).
    nonisolated(unsafe) private static var ownerKey = cairo_user_data_key_t(unused: 0)

    /// The Cairo face drawing `face` with the given synthetic styles; nil when FreeType cannot open
    /// the file (it could when the face was loaded, so only if the file went away since; it is
    /// tried again next time). A face Cairo has put in an error state is replaced.
    ///
    /// Each Cairo face owns a FreeType library of its own holding its one `FT_Face`, handed to the
    /// face as user data: when Cairo lets the face go (a replaced face, once Cairo's caches drop it
    /// too), Cairo calls `FT_Done_FreeType`, which closes the `FT_Face` with it, on whatever thread
    /// that happens, without touching any other face's library.
    static func face(_ face: FontFace, syntheticBold: Bool, syntheticOblique: Bool) -> CairoFontFace? {
        let key = Key(
            path: face.path, index: face.index, syntheticBold: syntheticBold, syntheticOblique: syntheticOblique)
        let pointer = state.withLock { state -> OpaquePointer? in
            if let known = state.faces[key] {
                if cairo_font_face_status(known) == CAIRO_STATUS_SUCCESS { return known }
                cairo_font_face_destroy(known)
                state.faces[key] = nil
            }
            var library: FT_Library?
            guard FT_Init_FreeType(&library) == 0, let library else { return nil }
            var ftFace: FT_Face?
            guard FT_New_Face(library, face.path, face.index, &ftFace) == 0, let ftFace else {
                FT_Done_FreeType(library)
                return nil
            }
            let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, 0)
            let owned = cairo_font_face_set_user_data(cairoFace, &ownerKey, UnsafeMutableRawPointer(library)) {
                FT_Done_FreeType(OpaquePointer($0))
            }
            guard owned == CAIRO_STATUS_SUCCESS, cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS else {
                // An error face (Cairo's static nil face) keeps no data: nothing else frees the library.
                cairo_font_face_destroy(cairoFace)
                if owned != CAIRO_STATUS_SUCCESS { FT_Done_FreeType(library) }
                return nil
            }
            var synthesize: UInt32 = 0
            if syntheticBold { synthesize |= CAIRO_FT_SYNTHESIZE_BOLD.rawValue }
            if syntheticOblique { synthesize |= CAIRO_FT_SYNTHESIZE_OBLIQUE.rawValue }
            if synthesize != 0 { cairo_ft_font_face_set_synthesize(cairoFace, synthesize) }
            state.faces[key] = cairoFace
            return cairoFace
        }
        return pointer.map(CairoFontFace.init)
    }
}
