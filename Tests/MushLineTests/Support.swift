import Mush
import MushLine
import MushText

/// Measurements of the real fonts, so that expected frames follow from the text engine rather than
/// from numbers copied out of a run.
enum Measure {
    /// The natural width of `text` on one line, rounded up to a whole point (DejaVu Sans).
    static func width(_ text: String, size: Double = 16) throws -> Double {
        let layout = try Paragraph(
            MushDocument([(text: text, attributes: .plain)]), style: ParagraphStyle(fontSize: size)
        ).layout()
        return (layout.width - 1e-6).rounded(.up)
    }

    /// The height of one line of text, rounded up.
    static func lineHeight(size: Double = 16) throws -> Double {
        (try Paragraph(MushDocument([(text: "x", attributes: .plain)]), style: ParagraphStyle(fontSize: size)).layout()
            .height - 1e-6)
            .rounded(.up)
    }
}

extension MGLineLayout {
    /// The frame of an item, by side and index.
    func frame(_ side: MGLine.Side, _ index: Int) -> Frame? {
        items.first { $0.side == side && $0.index == index }?.frame
    }

    func item(_ side: MGLine.Side, _ index: Int) -> Item {
        items.first { $0.side == side && $0.index == index }!
    }
}

typealias Frame = MGLineLayout.Frame

func image(_ width: Double, _ height: Double) -> MGLine.Item {
    .image(MGLine.Image(width: width, height: height))
}

func box(_ width: Double, _ height: Double, margin: MGLine.Insets = MGLine.Insets(), expand: Bool = false)
    -> MGLine.Item
{
    .box(MGLine.Box(width: width, height: height, margin: margin, expand: expand))
}

/// A 320-point line with 16 points of padding on the left and right, 44 high.
func row(left: [MGLine.Item] = [], middle: [MGLine.Item] = [], right: [MGLine.Item] = []) -> MGLine {
    var line = MGLine(width: 320, height: 44, left: left, middle: middle, right: right)
    line.padding = MGLine.Insets(left: 16, right: 16)
    return line
}
