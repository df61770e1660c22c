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
        guard title != nil || subject != nil || language != nil,
            let open = svg.range(of: Data("<svg".utf8)),
            let end = svg[open.upperBound...].firstIndex(of: UInt8(ascii: ">"))
        else { return svg }
        var children = ""
        if let title { children += "\n<title>\(SVGTextLayer.escape(title))</title>" }
        if let subject { children += "\n<desc>\(SVGTextLayer.escape(subject))</desc>" }
        var amended = svg
        amended.insert(contentsOf: Data(children.utf8), at: end + 1)
        if let language { amended.insert(contentsOf: Data(" xml:lang=\"\(language)\"".utf8), at: end) }
        return amended
    }
}
