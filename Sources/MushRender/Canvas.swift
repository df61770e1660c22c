import CCairo
import Foundation

/// A Cairo surface of one format and the context drawing on it, in points (the scale applied), and
/// the file's bytes once finished.
final class Canvas {
    /// The largest side Cairo makes, in pixels (PNG) or points (SVG, PDF).
    static let maximumPixels = 32767
    /// The most pixels a PNG may have: 2^27, half a gigabyte of RGBA.
    static let maximumArea = 1 << 27
    /// The largest font size in pixels an em that FreeType draws through Cairo; beyond about 65,536
    /// the face fails for good.
    static let maximumPixelsPerEm = 16384.0

    let format: RenderFormat
    let context: OpaquePointer
    let pixelWidth: Int
    let pixelHeight: Int
    private let surface: OpaquePointer
    private let sink = ByteSink()

    /// A canvas for a picture of `width` × `height` points at `scale`.
    init(format: RenderFormat, width: Double, height: Double, scale: Double) throws(RenderError) {
        guard scale.isFinite, scale >= RenderOptions.minimumScale else { throw .invalidScale(scale) }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { throw .empty(width: width, height: height) }
        let scaledWidth = (width * scale).rounded(.up)
        let scaledHeight = (height * scale).rounded(.up)
        guard scaledWidth <= Double(Self.maximumPixels), scaledHeight <= Double(Self.maximumPixels),
              format != .png || scaledWidth * scaledHeight <= Double(Self.maximumArea)
        else {
            throw .tooLarge(width: scaledWidth, height: scaledHeight, format: format)
        }
        self.format = format
        pixelWidth = Int(scaledWidth)
        pixelHeight = Int(scaledHeight)
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let surface: OpaquePointer
        switch format {
        case .png:
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        case .svg:
            surface = cairo_svg_surface_create_for_stream(ByteSink.write, closure, scaledWidth, scaledHeight)
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        case .pdf:
            surface = cairo_pdf_surface_create_for_stream(ByteSink.write, closure, scaledWidth, scaledHeight)
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "mush")
            // No creation date (Cairo writes the time by default, an empty one leaves it out): the
            // same drawing gives the same bytes, as PNG and SVG do.
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
        }
        let context = cairo_create(surface)!
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            // Released here: a canvas that fails to start never reaches its deinit's releases.
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        self.surface = surface
        self.context = context
        cairo_scale(context, scale, scale)
        // Glyphs are placed where HarfBuzz put them; hinting may only sharpen their outlines.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Ends the drawing and gives the file's bytes.
    func finish() throws(RenderError) -> Data {
        let drawing = cairo_status(context)
        guard drawing == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(drawing))) }
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let status: cairo_status_t
        switch format {
        case .png:
            cairo_surface_flush(surface)
            status = cairo_surface_write_to_png_stream(surface, ByteSink.write, closure)
        case .svg, .pdf:
            cairo_surface_finish(surface)
            status = cairo_surface_status(surface)
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return sink.data
    }
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
