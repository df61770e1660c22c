import Foundation
import Mush
import MushBase
import MushBox
import MushText
import Testing

@testable import MushRender

/// A document's title, author, language … written into its PDF (read back with pypdf and poppler's
/// pdfinfo) and its SVG (read back as XML).
@Suite("Document metadata")
struct DocumentInfoTests {
    static let info = DocumentInfo(
        title: "Rechnung Nr. 42 — Müller & Söhne", author: "Ada Lovelace", subject: "Invoice <December>",
        keywords: ["invoice", "2026"], creator: "Billing 3.1", language: "de-CH", created: "2026-12-07T09:30+01:00")

    /// What pypdf reads of the PDF at `path`: its information dictionary, the catalog's `/Lang`
    /// and viewer preferences, and each page's text.
    func readBack(_ pdf: Data) throws -> [String: Any] {
        let path = NSTemporaryDirectory() + "/mush-document-\(UUID().uuidString).pdf"
        try pdf.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import json, sys
            from pypdf import PdfReader
            reader = PdfReader(sys.argv[1], strict=True)
            root = reader.trailer["/Root"]
            info = {str(k): str(v) for k, v in (reader.metadata or {}).items()}
            preferences = root.get("/ViewerPreferences")
            print(json.dumps({"info": info, "lang": str(root["/Lang"]) if "/Lang" in root else None,
                "displayTitle": bool(preferences.get("/DisplayDocTitle")) if preferences else None,
                "pages": [page.extract_text() for page in reader.pages]}))
            """
        let (status, output) = try runTool("/usr/bin/env", ["python3", "-c", script, path])
        try #require(status == 0, "pypdf reads the file (.ci/install sets it up)")
        var read = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
        // poppler reads it too, and finds the same title.
        let pdfinfo = try runTool("/usr/bin/pdfinfo", [path])
        read["pdfinfo"] = pdfinfo.status == 0 ? pdfinfo.output : nil
        return read
    }

    @Test func aPDFCarriesItsTitleAuthorLanguageAndDate() throws {
        let layout = try textRows(2)
        var options = RenderOptions()
        options.document = Self.info
        let pdf = try Renderer.render(layout, as: .pdf, options: options)
        let read = try readBack(pdf.data)
        let info = try #require(read["info"] as? [String: String])
        #expect(info["/Title"] == "Rechnung Nr. 42 — Müller & Söhne")
        #expect(info["/Author"] == "Ada Lovelace")
        #expect(info["/Subject"] == "Invoice <December>")
        #expect(info["/Keywords"] == "invoice, 2026")
        #expect(info["/Creator"] == "Billing 3.1")
        #expect(info["/CreationDate"] == "D:20261207093000+01'00")
        #expect(read["lang"] as? String == "de-CH")
        #expect(read["displayTitle"] as? Bool == true)
        #expect((read["pages"] as? [String])?.first?.contains("Row 1") == true)
        let pdfinfo = try #require(read["pdfinfo"] as? String)
        #expect(pdfinfo.contains("Title:           Rechnung Nr. 42 — Müller & Söhne"))
        #expect(pdfinfo.contains("Pages:           1"))
        #expect(pdfinfo.contains("CreationDate:    Mon Dec  7 08:30:00 2026 UTC"))
    }

    @Test func everyPageOfAPagedPDFIsOneDocumentWithTheDescription() throws {
        let layout = try textRows(9)
        var options = RenderOptions()
        options.document = DocumentInfo(title: "Nine rows", language: "en")
        let pages = BoxPages(layout, pageHeight: 180)
        let pdf = try Renderer.render(
            layout, pages: pages, width: 200, height: 200, margin: BoxEdges(10), as: .pdf, options: options)
        let read = try readBack(pdf[0].data)
        #expect((read["info"] as? [String: String])?["/Title"] == "Nine rows")
        #expect((read["info"] as? [String: String])?["/Creator"] == "mush")
        #expect(read["lang"] as? String == "en")
        #expect((read["pages"] as? [String])?.count == 3)
    }

    @Test func withoutADescriptionThePDFIsCairosAsBefore() throws {
        let layout = try textRows(1)
        let plain = try Renderer.render(layout, as: .pdf).data
        let text = String(decoding: plain, as: UTF8.self)
        #expect(!text.contains("/Prev"))
        #expect(!text.contains("/Lang"))
        #expect(text.contains("/Creator (mush)"))
        // A description without a language or title adds nothing to the catalog.
        var options = RenderOptions()
        options.document = DocumentInfo(author: "Someone")
        let described = String(decoding: try Renderer.render(layout, as: .pdf, options: options).data, as: UTF8.self)
        #expect(!described.contains("/Prev"))
        #expect(described.contains("/Author (Someone)"))
        // The same drawing gives the same bytes.
        options.document = Self.info
        #expect(
            try Renderer.render(layout, as: .pdf, options: options).data
                == Renderer.render(layout, as: .pdf, options: options).data)
    }

    @Test func anSVGHasATitleADescriptionAndALanguage() throws {
        var options = RenderOptions()
        options.document = Self.info
        let svg = try Renderer.render(try textRows(1), as: .svg, options: options).data
        let path = NSTemporaryDirectory() + "/mush-document-\(UUID().uuidString).svg"
        try svg.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import json, sys
            import xml.etree.ElementTree as tree
            root = tree.parse(sys.argv[1]).getroot()
            svg = "{http://www.w3.org/2000/svg}"
            children = list(root)
            print(json.dumps({"first": children[0].tag.replace(svg, ""), "title": root.find(svg + "title").text,
                "desc": root.find(svg + "desc").text,
                "lang": root.get("{http://www.w3.org/XML/1998/namespace}lang")}))
            """
        let (status, output) = try runTool("/usr/bin/env", ["python3", "-c", script, path])
        try #require(status == 0, "the SVG is XML")
        let read = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: String]
        #expect(read == ["first": "title", "title": Self.info.title!, "desc": "Invoice <December>", "lang": "de-CH"])
    }

    @Test(arguments: [
        (DocumentInfo(title: ""), "title", "must not be empty (leave it out)"),
        (DocumentInfo(author: "a\u{0}b"), "author", "must not hold U+0000"),
        (DocumentInfo(keywords: ["a", ""]), "keywords[1]", "must not be empty (leave it out)"),
        (
            DocumentInfo(language: "e"), "language",
            "must be a BCP 47 language tag such as en, de-CH or zh-Hant (it is \"e\")"
        ),
        (
            DocumentInfo(language: "en_US"), "language",
            "must be a BCP 47 language tag such as en, de-CH or zh-Hant (it is \"en_US\")"
        ),
    ])
    func valuesThatCannotBeWrittenAreNamed(document: DocumentInfo, key: String, problem: String) throws {
        #expect(document.problem()?.key == key)
        #expect(document.problem()?.problem == problem)
        var options = RenderOptions()
        options.document = document
        #expect(throws: RenderError.invalidDocument(key: key, problem: problem)) {
            try Renderer.render(try textRows(1), as: .pdf, options: options)
        }
    }

    @Test func datesAreISO8601DaysThatExist() {
        #expect(DocumentInfo.pdfDate("2026-12-07") == "D:20261207000000")
        #expect(DocumentInfo.pdfDate("2026-12-07T09:30") == "D:20261207093000")
        #expect(DocumentInfo.pdfDate("2026-12-07T09:30:15Z") == "D:20261207093015Z")
        #expect(DocumentInfo.pdfDate("2024-02-29T23:59:59-05:30") == "D:20240229235959-05'30")
        for bad in ["2026-02-29", "2026-13-01", "2026-12-07T24:00", "2026-12-07 09:30", "07.12.2026", "2026-12-7", ""] {
            #expect(DocumentInfo.pdfDate(bad) == nil, "\(bad)")
        }
        #expect(DocumentInfo(created: "2026-02-30").problem()?.key == "created")
        #expect(DocumentInfo(language: "zh-Hant-TW").problem() == nil)
    }
}
