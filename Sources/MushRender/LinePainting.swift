import Mush
import MushLine

extension Painter {
    /// Draws a laid-out line with its top-left corner at (`x`, `y`): its background, its items
    /// (dropped ones are not drawn), then its borders, all from the layout. `location` is where the
    /// line is, for warnings: its stack line, and the boxes it is in.
    func drawLine(
        _ layout: MGLineLayout, x: Double, y: Double, location: RenderWarning.Location = RenderWarning.Location()
    ) {
        fill(x: x, y: y, width: layout.width, height: layout.height, color: layout.backgroundColor)
        for item in layout.items {
            guard let frame = item.frame else { continue }
            let itemLocation = location.appending(item.side, item.index)
            let rect = Rect(x: x + frame.x, y: y + frame.y, width: frame.width, height: frame.height)
            // Every kind of content, without a default: a new kind must be drawn to compile.
            switch item.content {
            case .text(let text):
                // A text given no room keeps its "…" but has nothing to show it in.
                guard frame.width > 0 else { continue }
                drawText(
                    text.layout, x: rect.x, y: rect.y, color: text.color, shadow: text.shadow, location: itemLocation)
                // Images set in the text, as image items are drawn (a missing file warns at the item).
                for placed in text.images {
                    let frame = Rect(
                        x: rect.x + placed.frame.x, y: rect.y + placed.frame.y, width: placed.frame.width,
                        height: placed.frame.height)
                    drawImage(placed.image.image, frame, location: itemLocation)
                    if let link = placed.image.link { addLink(link, frame, location: itemLocation) }
                }
            case .image(let image):
                drawImage(image, rect, location: itemLocation)
            case .box(let box):
                fill(x: rect.x, y: rect.y, width: rect.width, height: rect.height, color: box.color)
                if let inner = box.line { drawLine(inner, x: rect.x, y: rect.y, location: itemLocation) }
                drawBorders(box.borders, rect)
            }
        }
        drawBorders(layout.borders, Rect(x: x, y: y, width: layout.width, height: layout.height))
    }

    /// Draws a laid-out stack at the picture's origin: its background, its lines, its borders.
    func drawStack(_ layout: MGStackLayout) {
        fill(x: 0, y: 0, width: layout.width, height: layout.height, color: layout.backgroundColor)
        for (index, placed) in layout.lines.enumerated() {
            drawLine(placed.layout, x: placed.x, y: placed.y, location: RenderWarning.Location(line: index))
        }
        drawBorders(layout.borders, Rect(x: 0, y: 0, width: layout.width, height: layout.height))
    }

    /// MGBox-style borders: each edge's colour drawn inside the rectangle, `width` thick. The top
    /// and bottom edges span the whole width; the left and right ones fill between them, so no
    /// corner is painted twice (which would show with translucent colours).
    func drawBorders(_ borders: MGLine.Borders, _ rect: Rect) {
        let thickness = min(borders.width, rect.width, rect.height)
        guard thickness > 0 else { return }
        fill(x: rect.x, y: rect.y, width: rect.width, height: thickness, color: borders.top)
        fill(
            x: rect.x, y: rect.y + rect.height - thickness, width: rect.width, height: thickness, color: borders.bottom)
        let top = borders.top == nil ? 0 : thickness
        let height = rect.height - top - (borders.bottom == nil ? 0 : thickness)
        fill(x: rect.x, y: rect.y + top, width: thickness, height: height, color: borders.left)
        fill(
            x: rect.x + rect.width - thickness, y: rect.y + top, width: thickness, height: height, color: borders.right)
    }
}
