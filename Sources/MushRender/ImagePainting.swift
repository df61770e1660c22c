import CCairo
import Foundation
import Mush
import MushLine

extension Painter {
    /// Draws a PNG image scaled to its frame, or a placeholder (grey, crossed) with a warning at
    /// `location` when the item names no file or the file cannot be read as a PNG.
    func drawImage(_ image: MGLine.Image, _ frame: Rect, location: RenderWarning.Location) {
        guard frame.width > 0, frame.height > 0 else { return }
        guard let file = image.file else {
            warn(.imageNamesNoFile, file: nil, at: location)
            drawPlaceholder(frame)
            return
        }
        guard let surface = readImage(file, location: location) else {
            drawPlaceholder(frame)
            return
        }
        let width = Double(cairo_image_surface_get_width(surface))
        let height = Double(cairo_image_surface_get_height(surface))
        cairo_save(context)
        cairo_rectangle(context, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(context)
        cairo_translate(context, frame.x, frame.y)
        cairo_scale(context, frame.width / width, frame.height / height)
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// The image at `file` (relative paths from the options' image folder), read once per
    /// rendering; nil, with a warning at `location` the first time, when it cannot be read.
    private func readImage(_ file: String, location: RenderWarning.Location) -> OpaquePointer? {
        let path = file.hasPrefix("/") || options.imageFolder == nil
            ? file : URL(fileURLWithPath: options.imageFolder!).appendingPathComponent(file).path
        if let known = images[path] { return known }
        switch PNGFile.read(path) {
        case .image(let surface):
            images[path] = surface
            return surface
        case .failed(let problem):
            images[path] = .some(nil)
            warn(problem, file: path, at: location)
            return nil
        }
    }

    /// A light grey box with a darker outline and a cross: plainly not the picture.
    private func drawPlaceholder(_ frame: Rect) {
        fill(x: frame.x, y: frame.y, width: frame.width, height: frame.height,
             color: MushColor(red: 0xE4, green: 0xE4, blue: 0xE4))
        cairo_save(context)
        // The cross's line ends would stick out at the corners.
        cairo_rectangle(context, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(context)
        setColor(MushColor(red: 0x99, green: 0x99, blue: 0x99))
        cairo_set_line_width(context, 1)
        cairo_rectangle(context, frame.x + 0.5, frame.y + 0.5, max(frame.width - 1, 0), max(frame.height - 1, 0))
        cairo_move_to(context, frame.x, frame.y)
        cairo_line_to(context, frame.x + frame.width, frame.y + frame.height)
        cairo_move_to(context, frame.x + frame.width, frame.y)
        cairo_line_to(context, frame.x, frame.y + frame.height)
        cairo_stroke(context)
        cairo_restore(context)
    }
}
