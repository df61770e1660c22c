import Mush
import MushImage
import MushLine

extension JSONObject {
    /// An image object's size in points: its `width` and `height`, or what its `file`'s header says
    /// for those left out (its pixels divided by `scale`, or by the `@2x` or `@3x` of its name;
    /// one side given, the other by the picture's ratio), read through `images`. A file that gives
    /// no size where one is needed is an error naming `file` and why: layout cannot guess a size.
    ///
    /// `box`: the width and height, in points, that the node holding the image gives its own box.
    /// Its size does not need the picture's: a file that gives none (missing, not an image,
    /// outside the root) then takes that size, as a browser sizes a broken `<img>` by its
    /// `width` and `height` (the renderer draws a placeholder, with a warning naming the problem).
    func imageSize(_ images: ImageFiles, box: (width: Double, height: Double)? = nil) throws(RequestError) -> (
        width: Double, height: Double
    ) {
        let width = try size("width")
        let height = try size("height")
        if let width, let height { return (width, height) }
        let scale = try number("scale", in: 0.01...1000, unit: "")
        // Without a file, both are needed.
        guard let file = try string("file") else { throw missing(width == nil ? "width" : "height") }
        let own: (width: Double, height: Double)
        do {
            own = try images.size(of: file, scale: scale)
        } catch {
            if let box { return (width ?? box.width, height ?? box.height) }
            throw RequestError(
                at: path("file"),
                "\(error) (the image's size comes from its file where width or height is left out)")
        }
        switch (width, height) {
        case (let width?, nil): return (width, own.height * width / own.width)
        case (nil, let height?): return (own.width * height / own.height, height)
        default: return own
        }
    }

    /// The keys of an image object.
    static let imageKeys = ["width", "height", "file", "scale", "objectFit", "objectPosition"]

    /// An image object as an image: its size (``imageSize(_:box:)``, `box` the size its node
    /// gives its own box, if any), file, scale, `objectFit` (`fill`,
    /// `contain`, `cover`, `none`, `scale-down`) and `objectPosition` (CSS's: one or two of `left`,
    /// `center`, `right`, `top`, `bottom` and `N%`; `center` by default).
    func image(_ images: ImageFiles, box: (width: Double, height: Double)? = nil) throws(RequestError)
        -> MGLine.Image
    {
        let (width, height) = try imageSize(images, box: box)
        var image = MGLine.Image(width: width, height: height, file: try string("file"))
        image.scale = try number("scale", in: 0.01...1000, unit: "")
        image.fit = try choice("objectFit") ?? .fill
        if let position = try string("objectPosition") {
            guard let parsed = Self.objectPosition(position) else {
                throw RequestError(
                    at: path("objectPosition"),
                    "must be one or two of left, center, right, top, bottom and N% (it is '\(JSONReader.shortened(position))')"
                )
            }
            image.position = parsed
        }
        return image
    }

    /// CSS `object-position` as fractions of the room left: `left top` (0, 0), `75% bottom`
    /// (0.75, 1), `right` (1, 0.5); nil for anything else.
    static func objectPosition(_ text: String) -> (x: Double, y: Double)? {
        let parts = text.split(separator: " ").map(String.init)
        func percent(_ part: String) -> Double? {
            guard part.hasSuffix("%"), let number = Double(part.dropLast()), number.isFinite, abs(number) <= 1000 else {
                return nil
            }
            return number / 100
        }
        func x(_ part: String) -> Double? {
            ["left": 0, "center": 0.5, "right": 1][part] ?? percent(part)
        }
        func y(_ part: String) -> Double? {
            ["top": 0, "center": 0.5, "bottom": 1][part] ?? percent(part)
        }
        switch parts.count {
        case 1:
            if parts[0] == "top" || parts[0] == "bottom" { return y(parts[0]).map { (0.5, $0) } }
            return x(parts[0]).map { ($0, 0.5) }
        case 2:
            // Keywords may come in either order (`top left`); percentages are x then y.
            var (first, second) = (parts[0], parts[1])
            if ["top", "bottom"].contains(first) || ["left", "right"].contains(second) { swap(&first, &second) }
            guard let horizontal = x(first), let vertical = y(second) else { return nil }
            return (horizontal, vertical)
        default:
            return nil
        }
    }
}
