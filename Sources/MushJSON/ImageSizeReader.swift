import Mush
import MushImage

extension JSONObject {
    /// An image object's size in points: its `width` and `height`, or what its `file`'s header says
    /// for those left out (its pixels divided by `scale`, or by the `@2x` or `@3x` of its name;
    /// one side given, the other by the picture's ratio), read through `images`. A file that gives
    /// no size where one is needed is an error naming `file` and why: layout cannot guess a size.
    func imageSize(_ images: ImageFiles) throws(RequestError) -> (width: Double, height: Double) {
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
    static let imageKeys = ["width", "height", "file", "scale"]
}
