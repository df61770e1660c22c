import MushLine

/// An image as a leaf of a box tree: an intrinsic size, and a file the engine never reads (it is
/// for whoever draws the layout).
///
/// Its min-content and max-content widths are its intrinsic width; at any width its height keeps
/// the intrinsic ratio, which is also its `aspectRatio` (used where the node's style sets none).
/// An image without a ratio (a width or height of 0) is as tall as its intrinsic height at any
/// width.
///
/// It is the row's image item, `MGLine.Image` (one type: an image is the same whether a
/// row or a box holds it).
public typealias ImageLeaf = MGLine.Image

extension MGLine.Image: BoxLeaf {
    public func contentWidths() -> BoxContentWidths {
        BoxContentWidths(min: width, max: width)
    }

    public func measure(width: Double) -> BoxLeafSize {
        guard aspectRatio != nil else { return BoxLeafSize(height: height) }
        return BoxLeafSize(height: width * height / self.width)
    }

    /// Width ÷ height, when both are above 0.
    public var aspectRatio: Double? {
        width > 0 && height > 0 ? width / height : nil
    }

    /// The image itself (its file and intrinsic size), for drawing it in the box.
    public func place(width: Double, height: Double) -> PlacedLeaf? {
        .image(self)
    }
}
