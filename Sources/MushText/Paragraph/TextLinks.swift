import Mush

/// A link of a laid-out paragraph (``ParagraphLayout/links``): its URL and the rectangle it takes
/// on each line it spans.
public struct TextLink: Hashable, Sendable {
    /// The run's `MushAttributes.link`.
    public var url: String
    /// One rectangle for each stretch of the link on a line, top to bottom: from the pen's left to
    /// its right around the link's glyphs, the whole height of the line box, in points from the
    /// paragraph's top-left corner.
    public var rects: [Rect]

    /// A rectangle, in points.
    public struct Rect: Hashable, Sendable {
        public var x, y, width, height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }
}

extension ParagraphLayout {
    /// The links of the layout, in the order they first appear: runs whose attributes have a
    /// `link`, one rectangle a line for the runs of one link that touch (a link cut by another's
    /// text, or by bidi reordering, has a rectangle for each stretch), each line's runs from its
    /// own paragraph. What an ellipsis hides has none.
    public var links: [TextLink] {
        var links: [TextLink] = []
        for line in lines where line.paragraph.hasLinks {
            var open: (url: String, minX: Double, maxX: Double)?
            func close() {
                guard let stretch = open else { return }
                open = nil
                let rect = TextLink.Rect(
                    x: line.x + stretch.minX, y: line.y, width: stretch.maxX - stretch.minX, height: line.height)
                if let index = links.firstIndex(where: { $0.url == stretch.url }) {
                    links[index].rects.append(rect)
                } else {
                    links.append(TextLink(url: stretch.url, rects: [rect]))
                }
            }
            for run in line.paragraph.runs(of: line) {
                guard let url = run.attributes.link, !run.isEllipsis else {
                    close()
                    continue
                }
                if let stretch = open, stretch.url == url, abs(stretch.maxX - run.minX) < 1e-9 {
                    open!.maxX = run.maxX
                } else {
                    close()
                    open = (url, run.minX, run.maxX)
                }
            }
            close()
        }
        return links
    }
}
