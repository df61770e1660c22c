import Foundation

/// Cairo names an SVG's top group and its embedded images after the Cairo surfaces they come from
/// (`surface12`, `image5`), and surfaces are numbered across the whole process: the same drawing
/// made twice in one process got other names, and so other bytes. The names are renumbered here in
/// order of first appearance, so a file depends only on its drawing.
///
/// The other names Cairo writes (`glyph0-3`, `clip1`, `pattern2`) are numbered per file already.
enum SVGIdentifiers {
    /// The kinds of names numbered by surface.
    private static let kinds = ["surface", "image"]

    /// `svg` (as Cairo wrote it, before any text of the drawing's own is added) with each
    /// `surfaceN` and `imageN` defined (`id="…"`) or referred to (`#…`) renumbered from 1 for each
    /// kind, in order of first appearance.
    static func renumbered(_ svg: Data) -> Data {
        let bytes = [UInt8](svg)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var names: [String: Int] = [:]
        var counts: [String: Int] = [:]
        var index = 0
        while index < bytes.count {
            // A name starts after `id="` or `#`.
            let starts =
                bytes[index] == UInt8(ascii: "#")
                || (bytes[index] == UInt8(ascii: "\"") && index >= 3
                    && bytes[index - 3..<index].elementsEqual("id=".utf8))
            result.append(bytes[index])
            index += 1
            guard starts, let kind = kinds.first(where: { bytes[index...].starts(with: $0.utf8) }) else { continue }
            var end = index + kind.utf8.count
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            // Only a kind followed by digits and then the name's end (a quote or a parenthesis).
            guard end > index + kind.utf8.count, end < bytes.count,
                [UInt8(ascii: "\""), UInt8(ascii: ")")].contains(bytes[end])
            else { continue }
            let name = String(decoding: bytes[index..<end], as: UTF8.self)
            let number: Int
            if let known = names[name] {
                number = known
            } else {
                number = counts[kind, default: 0] + 1
                counts[kind] = number
                names[name] = number
            }
            result += Array("\(kind)\(number)".utf8)
            index = end
        }
        return Data(result)
    }
}
