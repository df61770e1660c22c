/// The links a document may hold: where a text run (`MushAttributes.link`) or a box
/// (`BoxPaint.link`) takes a reader who clicks it.
///
/// Only `http:`, `https:` and `mailto:` URLs, and `#ID` (the box whose id is ID, in the same
/// document) are written to a PDF or an SVG: a `javascript:` or `file:` URL, or any other scheme,
/// could run code or reach the reader's disk, so it is an error, not silently dropped.
public enum LinkTarget {
    /// The longest link, in UTF-8 bytes.
    public static let maximumLength = 8_192

    /// What is wrong with `link` as a link, or nil when it is one: an `http`, `https` or `mailto`
    /// URL (the scheme in any case) with something after the scheme, or `#` and an id, with no
    /// space or control character anywhere.
    public static func problem(_ link: String) -> String? {
        if link.utf8.count > maximumLength { return "must be at most \(maximumLength) bytes long" }
        if link.unicodeScalars.contains(where: {
            $0.value <= 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value)
        }) {
            return "must not contain spaces or control characters"
        }
        if link.hasPrefix("#") {
            return link.count > 1 ? nil : "must name an id after '#'"
        }
        let lowered = link.lowercased()
        for scheme in ["http://", "https://", "mailto:"] where lowered.hasPrefix(scheme) {
            return lowered.count > scheme.count ? nil : "must have something after '\(scheme)'"
        }
        return "must be an http, https or mailto URL, or #ID for a box of the document"
    }

    /// The id a `#ID` link names, or nil for a URL.
    public static func fragment(of link: String) -> String? {
        link.hasPrefix("#") ? String(link.dropFirst()) : nil
    }
}
