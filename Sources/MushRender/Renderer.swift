import Mush
import MushLine
import MushText

/// Draws laid-out lines and stacks with Cairo, as PNG, SVG or PDF.
///
/// Text is drawn from the layout's own glyphs and positions (HarfBuzz's), with the FreeType faces
/// the engine chose; nothing is laid out again. Run colours, background colours, underlines and
/// strikethroughs (at the font's positions and thicknesses), each side's text shadow, synthetic
/// bold and oblique; images from PNG files; boxes with fill colours; MGBox-style borders.
///
/// ```swift
/// let line = MGLine(left: "Title", right: "Detail", width: 320, height: 44)
/// let png = try Renderer.render(line, layout: try line.layout(), as: .png,
///                               options: RenderOptions(scale: 2, background: MushColor(hex: "#fff")))
/// ```
public enum Renderer {
    /// Draws one laid-out line, its top-left corner at the picture's.
    public static func render(
        _ line: MGLine, layout: MGLineLayout, as format: RenderFormat, options: RenderOptions = RenderOptions()
    ) throws(RenderError) -> Rendering {
        try draw(width: layout.width, height: layout.height, format: format, options: options) { painter in
            painter.drawLine(line, layout, x: 0, y: 0)
        }
    }

    /// Draws a laid-out stack of lines.
    public static func render(
        _ stack: MGStack, layout: MGStackLayout, as format: RenderFormat, options: RenderOptions = RenderOptions()
    ) throws(RenderError) -> Rendering {
        try draw(width: layout.width, height: layout.height, format: format, options: options) { painter in
            painter.drawStack(stack, layout)
        }
    }

    private static func draw(
        width: Double, height: Double, format: RenderFormat, options: RenderOptions, _ body: (Painter) -> Void
    ) throws(RenderError) -> Rendering {
        let canvas = try Canvas(format: format, width: width, height: height, scale: options.scale)
        let painter = Painter(canvas: canvas, options: options)
        painter.paintBackground(options.background)
        body(painter)
        if let failure = painter.failure { throw failure }
        var data = try canvas.finish()
        if format == .svg {
            data = SVGTextLayer.add(painter.textLines, to: SVGIdentifiers.renumbered(data), scale: options.scale)
        }
        return Rendering(format: format, data: data, width: canvas.pixelWidth, height: canvas.pixelHeight,
                         warnings: painter.warnings)
    }
}
