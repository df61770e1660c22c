import Foundation
import MushBase

/// A document's description written into its PDF or SVG (MushBase's `DocumentInfo`).
extension DocumentInfo {
    /// The catalog entries of a PDF of this document (``PDFCatalog``): its language, and a title to
    /// show.
    var catalogEntries: [(key: String, value: String)] {
        var entries: [(key: String, value: String)] = []
        if let language { entries.append(("/Lang", "(\(language))")) }
        if title != nil { entries.append(("/ViewerPreferences", "<< /DisplayDocTitle true >>")) }
        return entries
    }

    /// The entries a PDF's information dictionary gets beyond Cairo's (``PDFCatalog``): the creation
    /// date, with its `D:`.
    var infoEntries: [(key: String, value: String)] {
        guard let date = created.flatMap(DocumentInfo.pdfDate) else { return [] }
        return [("/CreationDate", "(\(date))")]
    }

    /// `svg` (Cairo's output) with the title as its `<title>`, the subject as its `<desc>` (both
    /// the root's first children, where SVG wants them) and the language as its root's `xml:lang`.
    func amending(svg: Data) -> Data {
        guard title != nil || subject != nil || language != nil else { return svg }
        let bytes = [UInt8](svg)
        let open = Array("<svg".utf8)
        guard
            let start = (0...max(bytes.count - open.count, 0)).first(where: {
                bytes.count >= $0 + open.count && bytes[$0..<$0 + open.count].elementsEqual(open)
            }), let end = bytes[start...].firstIndex(of: UInt8(ascii: ">"))
        else { return svg }
        var insideTag = ""
        if let language { insideTag = " xml:lang=\"\(language)\"" }
        var children = ""
        if let title { children += "\n<title>\(Self.escaped(title))</title>" }
        if let subject { children += "\n<desc>\(Self.escaped(subject))</desc>" }
        var amended = Data(bytes[..<end])
        amended.append(contentsOf: Array(insideTag.utf8))
        amended.append(UInt8(ascii: ">"))
        amended.append(contentsOf: Array(children.utf8))
        amended.append(contentsOf: bytes[(end + 1)...])
        return amended
    }

    /// `text` as XML character data.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
