import CPNG
import Foundation

/// What a finished PDF says beyond what Cairo 1.16 writes: the document's language (`/Lang` in the
/// catalog, which Cairo has no call for), a viewer preference to show the title instead of the file
/// name (`/DisplayDocTitle`), and a creation date as ISO 32000-1 §7.9.4 writes it (Cairo 1.16 leaves
/// out its `D:`). Added as an incremental update (§7.5.6): the catalog and the information
/// dictionary written again with the entries added, appended after Cairo's file with a
/// cross-reference section of their own that points back at Cairo's, so that no byte Cairo wrote
/// moves. Every PDF reader reads the last version of an object.
enum PDFCatalog {
    /// `pdf` (Cairo's output) with `catalog` entries (each a key and its value, written as they
    /// are: `/Lang` and `(de-CH)`) added to its catalog and `info` entries to its information
    /// dictionary, or as it is when there are none; nil when the file is not laid out as Cairo lays
    /// it out (its trailer, catalog, information dictionary or cross-reference not found).
    ///
    /// A tagged PDF (`tagging`) gets what Cairo 1.16 does not write: `/Alt` on its figures, `/ID`
    /// on its notes, each
    /// page's content written again with what it draws outside marked content marked as an artifact
    /// (``PDFArtifacts``; a page whose content cannot be read so is left as it is), `/Tabs /S` on
    /// its pages, `/Contents` on its links, and where it asks, XMP metadata naming it PDF/UA-1.
    static func amended(
        _ pdf: Data, catalog: [(key: String, value: String)], info: [(key: String, value: String)],
        tagging: PDFTagging? = nil
    ) -> Data? {
        guard !catalog.isEmpty || !info.isEmpty || tagging != nil else { return pdf }
        let figureAlternates = tagging?.figureAlternates ?? []
        // (Read as an array: offsets in a PDF count from its first byte, and an array's bytes are read
        // without the checks of Data's.)
        let bytes = [UInt8](pdf)
        // The last cross-reference section: its offset after the last `startxref`, its trailer after
        // the last `trailer`.
        guard let startxref = lastRange(of: Array("startxref".utf8), in: bytes),
            let previous = integer(at: startxref.upperBound, in: bytes)?.value,
            let trailer = lastRange(of: Array("trailer".utf8), in: bytes),
            let trailerDictionary = dictionary(at: trailer.upperBound, in: bytes)
        else { return nil }
        let trailerText = String(decoding: bytes[trailerDictionary], as: UTF8.self)
        guard var size = value(of: "/Size", in: trailerText), let root = value(of: "/Root", in: trailerText),
            let infoObject = value(of: "/Info", in: trailerText)
        else { return nil }
        // New objects (the XMP metadata) are numbered from the old size on.
        var added: [(number: Int, body: [UInt8])] = []
        var catalog = catalog
        if let title = tagging?.universalAccessibilityTitle {
            catalog.append(("/Metadata", "\(size) 0 R"))
            added.append((size, metadataStream(title: title)))
            size += 1
        }
        /// The text of object `number`'s dictionary, nil when it is not found.
        func objectText(_ number: Int) -> String? {
            objectDictionary(number, xref: previous, in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
        }
        /// The bytes of object `number`'s dictionary, nil when it is not found.
        func objectBytes(_ number: Int) -> ArraySlice<UInt8>? {
            objectDictionary(number, xref: previous, in: bytes).map { bytes[$0] }
        }
        var edits = [(root, catalog), (infoObject, info)]
        if tagging != nil {
            guard let catalogText = objectText(root) else { return nil }
            let elements = value(of: "/StructTreeRoot", in: catalogText).map {
                structureElements(under: $0, objectBytes)
            }
            let figures = (elements ?? []).filter { $0.type == "Figure" }.map(\.number)
            for (number, alternate) in zip(figures, figureAlternates) {
                guard let alternate else { continue }
                edits.append((number, [("/Alt", textString(alternate))]))
            }
            // Each note's identifier, which PDF/UA asks of a `Note` (unique in the file).
            for (index, note) in (elements ?? []).filter({ $0.type == "Note" }).enumerated() {
                edits.append((note.number, [("/ID", textString("note-\(index + 1)"))]))
            }
            // Texts in a language of their own (only where every element is accounted for).
            if let elements, elements.count == tagging?.elementLanguages.count {
                for (element, language) in zip(elements, tagging?.elementLanguages ?? []) {
                    guard let language else { continue }
                    edits.append((element.number, [("/Lang", textString(language))]))
                }
            }
            // Each header cell's scope (PDF/UA): its column in a row of header cells, else its row.
            let types = Dictionary(
                (elements ?? []).map { ($0.number, $0.type) }, uniquingKeysWith: { first, _ in first })
            for row in (elements ?? []) where row.type == "TR" {
                let cells = row.kids.filter { types[$0] == "TH" || types[$0] == "TD" }
                let scope = cells.allSatisfy { types[$0] == "TH" } ? "/Column" : "/Row"
                for cell in cells where types[cell] == "TH" {
                    edits.append((cell, [("/A", "<< /O /Table /Scope \(scope) >>")]))
                }
            }
        }
        // Each object to write again, by number, with its entries (an object's edits together).
        var merged: [(number: Int, entries: [(key: String, value: String)])] = []
        for (number, entries) in edits where !entries.isEmpty {
            if let index = merged.firstIndex(where: { $0.number == number }) {
                merged[index].entries += entries
            } else {
                merged.append((number, entries))
            }
        }
        var objects: [(number: Int, body: [UInt8])] = []
        for (number, entries) in merged {
            guard var text = objectText(number), text.hasSuffix(">>") else { return nil }
            text.removeLast(2)
            for (key, value) in entries where !text.contains(key + " ") && !text.contains(key + "\n") {
                text += "   \(key) \(value)\n"
            }
            objects.append((number, Array((text + ">>").utf8)))
        }
        guard objects.contains(where: { $0.number == root }) || catalog.isEmpty else { return nil }
        if let tagging {
            guard let catalogText = objectText(root), let pages = value(of: "/Pages", in: catalogText) else {
                return nil
            }
            for (index, page) in pageObjects(under: pages, objectText).enumerated() {
                guard var pageText = objectText(page), pageText.hasSuffix(">>") else { return nil }
                // The page's tab order follows the structure (PDF/UA wants it where there are links).
                if !pageText.contains("/Tabs") {
                    pageText.removeLast(2)
                    objects.append((page, Array((pageText + "   /Tabs /S\n>>").utf8)))
                }
                // Its links described, in the order they were written.
                let descriptions = index < tagging.linkDescriptions.count ? tagging.linkDescriptions[index] : []
                if let annotations = pageText.range(of: "/Annots") {
                    let list = pageText[annotations.upperBound...].prefix { $0 != "]" }
                    let links = references(in: ArraySlice(list.utf8))
                    if links.count == descriptions.count {
                        for (link, description) in zip(links, descriptions) {
                            guard var text = objectText(link), text.hasSuffix(">>"), !text.contains("/Contents")
                            else { continue }
                            text.removeLast(2)
                            objects.append((link, Array((text + "   /Contents \(textString(description))\n>>").utf8)))
                        }
                    }
                }
                // (Content that is no single stream, or that cannot be read, is left as it is.)
                guard pageText.range(of: "/Contents [") == nil, let contents = value(of: "/Contents", in: pageText),
                    let content = streamContent(contents, xref: previous, in: bytes),
                    let marked = PDFArtifacts.marked(content), marked != content
                else { continue }
                guard let body = flateStream(marked) else { return nil }
                objects.append((contents, body))
            }
        }
        objects += added
        var update: [UInt8] = Array("\n".utf8)
        var offsets: [(number: Int, offset: Int)] = []
        for (number, body) in objects.sorted(by: { $0.number < $1.number }) {
            offsets.append((number, bytes.count + update.count))
            update += Array("\(number) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        var tail = ""
        let xrefOffset = bytes.count + update.count
        // (Each entry is 20 bytes: ten digits, a space, five digits, a space, `n` or `f`, a space, a
        // line feed; a subsection for each object, after the head of the free list, object 0, which
        // readers look for first.)
        tail += "xref\n0 1\n0000000000 65535 f \n"
        for (number, offset) in offsets {
            let digits = String(offset)
            tail +=
                "\(number) 1\n" + String(repeating: "0", count: max(10 - digits.count, 0)) + digits + " 00000 n \n"
        }
        tail += "trailer\n<< /Size \(size)\n   /Root \(root) 0 R\n   /Info \(infoObject) 0 R\n"
        tail += "   /Prev \(previous)\n>>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        var amended = Data(capacity: bytes.count + update.count + tail.utf8.count)
        amended.append(contentsOf: bytes)
        amended.append(contentsOf: update)
        amended.append(contentsOf: Array(tail.utf8))
        return amended
    }

    /// An XMP metadata stream (uncompressed, as PDF/A and PDF/UA readers expect) with the title and
    /// the PDF/UA identifier, part 1.
    private static func metadataStream(title: String) -> [UInt8] {
        // (XML-escaped as the SVG layers escape their text, without what XML 1.0 forbids.)
        let escaped = SVGTextLayer.escape(title)
        let xmp = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
                xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
               <dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(escaped)</rdf:li></rdf:Alt></dc:title>
               <pdfuaid:part>1</pdfuaid:part>
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
        let data = Array(xmp.utf8)
        return Array("<< /Type /Metadata\n   /Subtype /XML\n   /Length \(data.count)\n>>\nstream\n".utf8) + data
            + Array("\nendstream".utf8)
    }

    /// The page objects under the page tree node `top`, in order.
    private static func pageObjects(under top: Int, _ text: (Int) -> String?) -> [Int] {
        var pages: [Int] = []
        var stack = [top]
        var seen: Set<Int> = []
        while let number = stack.popLast() {
            guard seen.insert(number).inserted, let object = text(number) else { continue }
            if object.contains("/Type /Pages"), let kids = object.range(of: "/Kids") {
                stack.append(contentsOf: references(in: ArraySlice(object[kids.upperBound...].utf8)).reversed())
            } else if object.contains("/Type /Page") {
                pages.append(number)
            }
        }
        return pages
    }

    /// The decoded data of the stream object `number` (its `/Length` direct or a reference to a
    /// number; `/FlateDecode` or no filter); nil when it is not found or cannot be decoded.
    private static func streamContent(_ number: Int, xref: Int, in bytes: [UInt8]) -> [UInt8]? {
        guard let range = objectDictionary(number, xref: xref, in: bytes) else { return nil }
        let text = String(decoding: bytes[range], as: UTF8.self)
        guard var length = value(of: "/Length", in: text) else { return nil }
        if text.contains("/Length \(length) 0 R") {
            guard let body = objectBody(length, xref: xref, in: bytes), let direct = integer(at: body, in: bytes)?.value
            else { return nil }
            length = direct
        }
        var start = spaceSkipped(from: range.upperBound, in: bytes)
        let keyword = Array("stream".utf8)
        guard bytes[start...].starts(with: keyword) else { return nil }
        start += keyword.count
        if start < bytes.count, bytes[start] == 0x0D { start += 1 }
        guard start < bytes.count, bytes[start] == 0x0A, start + 1 + length <= bytes.count else { return nil }
        let data = Array(bytes[(start + 1)..<(start + 1 + length)])
        guard text.contains("/Filter") else { return data }
        guard text.contains("/Filter /FlateDecode"), !text.contains("/DecodeParms") else { return nil }
        var inflated: UnsafeMutablePointer<UInt8>?
        let count = data.withUnsafeBufferPointer {
            mush_zlib_inflate($0.baseAddress, $0.count, 1 << 30, &inflated)
        }
        guard count >= 0, let inflated else { return nil }
        defer { free(inflated) }
        return Array(UnsafeBufferPointer(start: inflated, count: count))
    }

    /// A stream object's dictionary and data for `content`, deflated.
    private static func flateStream(_ content: [UInt8]) -> [UInt8]? {
        var deflated: UnsafeMutablePointer<UInt8>?
        let count = content.withUnsafeBufferPointer { mush_zlib_deflate($0.baseAddress, $0.count, &deflated) }
        guard count >= 0, let deflated else { return nil }
        defer { free(deflated) }
        return Array("<< /Length \(count)\n   /Filter /FlateDecode\n>>\nstream\n".utf8)
            + Array(UnsafeBufferPointer(start: deflated, count: count)) + Array("\nendstream".utf8)
    }

    /// The structure elements under the tree root `top`, in a depth-first walk of their `/K` kids:
    /// each one's object number, type (`Figure`) and kids that are objects (an annotation's object
    /// reference among them, which is no structure element and is passed over).
    private static func structureElements(under top: Int, _ object: (Int) -> ArraySlice<UInt8>?) -> [(
        number: Int, type: String, kids: [Int]
    )] {
        let (kidsKey, structElem, typeKey) = (Array("/K ".utf8), Array("/Type /StructElem".utf8), Array("/S /".utf8))
        var found: [(number: Int, type: String, kids: [Int])] = []
        var stack = [top]
        var seen: Set<Int> = []
        while let number = stack.popLast() {
            guard seen.insert(number).inserted, let object = object(number) else { continue }
            // (`/K` is the last entry Cairo writes: its kids are every `N 0 R` after it.)
            let kids = firstRange(of: kidsKey, in: object).map { references(in: object[$0.upperBound...]) } ?? []
            if firstRange(of: structElem, in: object) != nil, let type = firstRange(of: typeKey, in: object) {
                let name = object[type.upperBound...].prefix {
                    $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x2F && $0 != 0x3E
                }
                found.append((number, String(decoding: name, as: UTF8.self), kids))
            }
            stack.append(contentsOf: kids.reversed())
        }
        return found
    }

    /// The object numbers of the references (`N 0 R`) in `bytes`, in order.
    private static func references(in bytes: ArraySlice<UInt8>) -> [Int] {
        var found: [Int] = []
        // The numbers met, the last two kept: a reference is two numbers then `R`.
        var numbers: [Int] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if (0x30...0x39).contains(byte) {
                var value = 0
                while index < bytes.endIndex, (0x30...0x39).contains(bytes[index]) {
                    value = value &* 10 &+ Int(bytes[index] - 0x30)
                    index += 1
                }
                numbers.append(value)
                continue
            }
            if byte == 0x52, numbers.count >= 2, numbers[numbers.count - 1] == 0 {
                found.append(numbers[numbers.count - 2])
                numbers.removeAll(keepingCapacity: true)
            } else if byte != 0x20, byte != 0x0A, byte != 0x0D {
                numbers.removeAll(keepingCapacity: true)
            }
            index += 1
        }
        return found
    }

    /// The first place `pattern` is found in `bytes`.
    private static func firstRange(of pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = bytes.startIndex
        let last = bytes.endIndex - pattern.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index..<(index + pattern.count)
            }
            index += 1
        }
        return nil
    }

    /// The last place `pattern` is found in `bytes`.
    private static func lastRange(of pattern: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= pattern.count else { return nil }
        var index = bytes.count - pattern.count
        while index >= 0 {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index..<(index + pattern.count) }
            index -= 1
        }
        return nil
    }

    /// `text` as a PDF text string: UTF-16BE with its byte order mark, in hex (ISO 32000-1 §7.9.2.2).
    static func textString(_ text: String) -> String {
        "<FEFF" + text.utf16.map { String(format: "%04X", $0) }.joined() + ">"
    }

    /// The range of object `number`'s dictionary, found through the cross-reference table at
    /// `xref`; nil when the object is not there or holds no dictionary.
    private static func objectDictionary(_ number: Int, xref: Int, in bytes: [UInt8]) -> Range<Int>? {
        objectBody(number, xref: xref, in: bytes).flatMap { dictionary(at: $0, in: bytes) }
    }

    /// Where object `number`'s value starts, past its `N 0 obj`, found through the cross-reference
    /// table at `xref`; nil when the object is not there.
    private static func objectBody(_ number: Int, xref: Int, in bytes: [UInt8]) -> Int? {
        let header = Array("\(number) 0 obj".utf8)
        guard let offset = objectOffset(number, xref: xref, in: bytes), bytes[offset...].starts(with: header) else {
            return nil
        }
        return offset + header.count
    }

    /// Where object `number` starts, read from the cross-reference table at `xref` (`xref`, then
    /// subsections of a first number and a count, each entry 20 bytes); nil when it is not there.
    /// (Found by the table, not by searching: a compressed stream may hold any bytes.)
    private static func objectOffset(_ number: Int, xref: Int, in bytes: [UInt8]) -> Int? {
        let keyword = Array("xref".utf8)
        guard xref >= 0, xref < bytes.count, bytes[xref...].starts(with: keyword) else { return nil }
        var index = xref + keyword.count
        // Each subsection: its first object's number and its count on a line, then its entries.
        while let first = integer(at: index, in: bytes) {
            guard let count = integer(at: first.end, in: bytes) else { return nil }
            let entries = spaceSkipped(from: count.end, in: bytes)
            if (first.value..<first.value + count.value).contains(number) {
                let entry = entries + (number - first.value) * 20
                guard entry + 20 <= bytes.count, bytes[entry + 17] == UInt8(ascii: "n") else { return nil }
                return integer(at: entry, in: bytes)?.value
            }
            index = entries + count.value * 20
        }
        return nil
    }

    /// `offset` moved past white space (spaces, carriage returns, line feeds).
    private static func spaceSkipped(from offset: Int, in bytes: [UInt8]) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
        return index
    }

    /// The whole number at `offset`, past white space, and where it ends; nil when there is none.
    private static func integer(at offset: Int, in bytes: [UInt8]) -> (value: Int, end: Int)? {
        var index = spaceSkipped(from: offset, in: bytes)
        let start = index
        var value = 0
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        return index > start ? (value, index) : nil
    }

    /// The range of the dictionary (`<<` to its matching `>>`) at `offset`, past white space.
    private static func dictionary(at offset: Int, in bytes: [UInt8]) -> Range<Int>? {
        var index = spaceSkipped(from: offset, in: bytes)
        guard index + 1 < bytes.count, bytes[index] == 0x3C, bytes[index + 1] == 0x3C else { return nil }
        let start = index
        var depth = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0x3C, bytes[index + 1] == 0x3C {
                depth += 1
                index += 2
            } else if bytes[index] == 0x3E, bytes[index + 1] == 0x3E {
                depth -= 1
                index += 2
                if depth == 0 { return start..<index }
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The number after `key` in a dictionary's text (`/Root 12 0 R` gives 12).
    private static func value(of key: String, in text: String) -> Int? {
        guard let range = text.range(of: key + " ") else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return Int(digits)
    }
}

/// What a tagged PDF's finished file gets beyond Cairo's (``PDFCatalog/amended(_:catalog:info:tagging:)``).
struct PDFTagging {
    /// The alternate text of each `Figure` structure element in the order they were begun (nil:
    /// none), which is the order of a depth-first walk of Cairo's structure tree.
    var figureAlternates: [String?] = []
    /// What each page's links say, in the order they were written (``StructureState/linkDescriptions``).
    var linkDescriptions: [[String]] = []
    /// The language of each structure element in the order they were begun, which is the order of
    /// a depth-first walk of Cairo's tree (nil: the document's).
    var elementLanguages: [String?] = []
    /// The title for XMP metadata that names the file PDF/UA-1; nil: no such metadata.
    var universalAccessibilityTitle: String?
}
