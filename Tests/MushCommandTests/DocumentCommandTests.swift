import Foundation
import Testing

/// `mush render` of each case's JSON (from standard input) to `output`: one line of error that
/// starts with the case's message.
func expectRenderErrors(
    _ cases: [(json: String, start: String)], to output: String, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    for (json, start) in cases {
        let result = try await mush(["render", "-", "-o", output], input: Data(json.utf8))
        expectOneLineError(result, sourceLocation: sourceLocation)
        #expect(result.error.hasPrefix("mush: error: \(start)"), "\(result.error)", sourceLocation: sourceLocation)
    }
}

/// `mush render` and a document's `document`: its title, author, language … in the PDF, and
/// `--title` and `--language` over them.
@Suite("Document metadata, from the command")
struct DocumentCommandTests {
    static let tree = #"""
        {"document": {"title": "Quarterly report", "author": "Finance", "keywords": ["report", "Q4"],
                      "language": "en-GB", "created": "2026-12-07"},
         "page": {"size": [200, 200], "margin": 10},
         "flexDirection": "column", "children": [{"height": 50, "text": "Row 0"}, {"height": 50, "text": "Row 1"}]}
        """#

    @Test func theDocumentsDescriptionIsInItsPDF() async throws {
        try await inFolder { folder in
            let input = folder.appendingPathComponent("report.json")
            try Data(Self.tree.utf8).write(to: input)
            let pdf = folder.appendingPathComponent("report.pdf").path
            let result = try await mush(["render", input.path, "-o", pdf])
            #expect(result.status == 0, "\(result.error)")
            let info = try run(URL(fileURLWithPath: pdfinfo), [pdf]).output
            #expect(info.contains("Title:           Quarterly report"))
            #expect(info.contains("Author:          Finance"))
            #expect(info.contains("Keywords:        report, Q4"))
            #expect(info.contains("Creator:         mush"))
            #expect(info.contains("CreationDate:    Mon Dec  7 00:00:00 2026"))
            // The command's own title and language win over the document's.
            let again = folder.appendingPathComponent("again.pdf").path
            let over = try await mush(["render", input.path, "--title", "Q4", "--language", "fr", "-o", again])
            #expect(over.status == 0, "\(over.error)")
            let read = try run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", "-c",
                    "import sys; from pypdf import PdfReader; r = PdfReader(sys.argv[1]); "
                        + "print(r.metadata.title, r.metadata.author, r.trailer['/Root']['/Lang'])",
                    again,
                ]
            ).output
            #expect(read == "Q4 Finance fr\n")
            // `mush layout` reads the same document (its description is the drawing's).
            #expect(try await mush(["layout", input.path]).status == 0)
        }
    }

    @Test func badValuesAreOneLineNamingThem() async throws {
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("out.pdf").path
            let cases: [(String, String)] = [
                (#"{"document": {"language": "en_GB"}, "text": "a"}"#, "document.language: must be a BCP 47"),
                (#"{"document": {"title": 3}, "text": "a"}"#, "document.title: expected a string"),
                (#"{"document": {"keywords": ["a", 1]}, "text": "a"}"#, "document.keywords[1]: expected a string"),
                (#"{"document": {"created": "2026-02-30"}, "text": "a"}"#, "document.created: must be a date"),
                (#"{"document": {"titel": "x"}, "text": "a"}"#, "unknown key 'titel' in document"),
            ]
            try await expectRenderErrors(cases, to: pdf)
            let png = folder.appendingPathComponent("out.png").path
            let flags = try await mush(["render", "-", "--title", "x", "-o", png], input: Data(#"{"text": "a"}"#.utf8))
            expectOneLineError(flags)
            #expect(flags.error.contains("--title is for a PDF or an SVG"))
            let language = try await mush(
                ["render", "-", "--language", "x y", "-o", pdf], input: Data(#"{"text": "a"}"#.utf8))
            expectOneLineError(language)
            #expect(language.error.contains("--language must be a BCP 47 language tag"))
        }
    }
}

/// Headings and bookmarks from the JSON: a PDF's outline.
@Suite("Outline, from the command")
struct OutlineCommandTests {
    @Test func headingsAreTheOutline() async throws {
        try await inFolder { folder in
            let json = #"""
                {"page": {"size": [200, 200], "margin": 10}, "flexDirection": "column", "children": [
                  {"heading": 1, "height": 30, "text": "Totals"},
                  {"heading": 2, "bookmark": "By month", "bookmarkOpen": false, "height": 30, "text": "Months"},
                  {"height": 300, "text": "Body"},
                  {"heading": 1, "height": 30, "children": [{"text": "Notes"}, {"text": "and more"}]}]}
                """#
            let pdf = folder.appendingPathComponent("outline.pdf").path
            let result = try await mush(["render", "-", "-o", pdf], input: Data(json.utf8))
            #expect(result.status == 0, "\(result.error)")
            let read = try run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", "-c",
                    "import sys; from pypdf import PdfReader; r = PdfReader(sys.argv[1]); "
                        + "print([(o.title, r.get_destination_page_number(o)) if not isinstance(o, list) "
                        + "else [(i.title, r.get_destination_page_number(i)) for i in o] for o in r.outline])",
                    pdf,
                ]
            ).output
            #expect(read == "[('Totals', 0), [('By month', 0)], ('Notes and more', 2)]\n")
        }
    }

    @Test func badValuesAreOneLineNamingThem() async throws {
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("out.pdf").path
            let cases: [(String, String)] = [
                (#"{"children": [{"heading": 7, "text": "a"}]}"#, "children[0].heading: must be a number from 1 to 6"),
                (#"{"children": [{"heading": 1.5, "text": "a"}]}"#, "children[0].heading: must be a whole number"),
                (#"{"children": [{"bookmark": "", "text": "a"}]}"#, "children[0].bookmark: must not be empty"),
                (#"{"children": [{"bookmarkOpen": true, "text": "a"}]}"#, "children[0].bookmarkOpen: is for a node"),
                (#"{"children": [{"heading": "1", "text": "a"}]}"#, "children[0].heading: expected a number"),
            ]
            try await expectRenderErrors(cases, to: pdf)
        }
    }
}

/// `{pageOf:ID}`: a table of contents with the pages its sections start on.
@Suite("Page references, from the command")
struct PageReferenceCommandTests {
    static let document = #"""
        {"page": {"size": [300, 300], "margin": 20, "footer": {"text": "Page {page} of {pages}"}},
         "flexDirection": "column", "children": [
           {"height": 20, "text": "Totals ........ {pageOf:totals}", "link": "#totals"},
           {"height": 20, "text": "Notes ........ {pageOf:notes}"},
           {"height": 20, "text": "Lost ........ {pageOf:lost}"},
           {"id": "totals", "heading": 1, "height": 30, "text": "Totals", "breakBefore": "page"},
           {"height": 50, "text": "Row"}, {"height": 50, "text": "Row"}, {"height": 50, "text": "Row"},
           {"height": 50, "text": "Row"}, {"height": 50, "text": "Row"}, {"height": 50, "text": "Row"},
           {"id": "notes", "heading": 1, "height": 30, "text": "Notes"}]}
        """#

    @Test func aTableOfContentsGetsThePagesItsSectionsStartOn() async throws {
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("toc.pdf").path
            let result = try await mush(["render", "-", "-o", pdf], input: Data(Self.document.utf8))
            #expect(result.status == 0, "\(result.error)")
            // Totals starts page 2 (260 points a page): its heading and four rows there, two rows
            // on page 3, where Notes starts.
            #expect(result.output == "\(pdf): 3 pages of 300 × 300 points\n")
            let first = try run(URL(fileURLWithPath: pdftotext), ["-f", "1", "-l", "1", pdf, "-"]).output
            let lines = first.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
            #expect(lines == ["Totals ........ 2", "Notes ........ 3", "Lost ........ ?", "Page 1 of 3"])
            #expect(result.error == "mush: warning: children[2].text: {pageOf:lost} names no box's id\n")
            // `mush layout` lays the document out the same way, and says the same.
            let layout = try await mush(["layout", "-"], input: Data(Self.document.utf8))
            #expect(layout.status == 0)
            #expect(layout.error == result.error)
        }
    }
}

/// The report example (Examples/report.json): its contents give the pages its outline goes to.
@Suite("The report example")
struct ReportExampleTests {
    @Test func theContentsAndTheOutlineAgree() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let input = root.appendingPathComponent("Examples/report.json").path
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("report.pdf").path
            let result = try await mush(["render", input, "-o", pdf])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.error.isEmpty, "no warning: \(result.error)")
            #expect(result.output == "\(pdf): 6 pages of 595.28 × 841.89 points\n")
            // The contents page: each entry's title and page number, as pdftotext lays them out.
            let contents = try run(URL(fileURLWithPath: pdftotext), ["-layout", "-f", "2", "-l", "2", pdf, "-"]).output
            // (The running header ends in a year and the footer in the page count: they are left out.)
            let entries = contents.split(whereSeparator: \.isNewline).compactMap { line -> String? in
                let words = line.split(separator: " ", omittingEmptySubsequences: true)
                guard let last = words.last, Int(last) != nil, words.count > 1, !line.contains("Annual report"),
                    words.first != "Page"
                else { return nil }
                return words.dropLast().joined(separator: " ") + "|" + last
            }
            // The outline read back, but the title page and the contents page.
            let outline = try run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", "-c",
                    """
                    import sys
                    from pypdf import PdfReader
                    reader = PdfReader(sys.argv[1], strict=True)
                    def walk(items):
                        for item in items:
                            if isinstance(item, list): walk(item)
                            else: print(item.title + "|" + str(reader.get_destination_page_number(item) + 1))
                    walk(reader.outline)
                    print("title|" + reader.metadata.title)
                    """,
                    pdf,
                ]
            ).output.split(separator: "\n").map(String.init)
            #expect(Array(outline.dropFirst(2).dropLast()) == entries)
            #expect(entries.count == 7)
            #expect(outline.last == "title|Annual report 2026")
            // Its notes, numbered through the document, at the bottom of the pages of their calls.
            let notes = try (1...6).map { page in
                try run(URL(fileURLWithPath: pdftotext), ["-f", "\(page)", "-l", "\(page)", pdf, "-"]).output
                    .split(separator: "\n").filter { $0.first?.isNumber == true && $0.contains(". ") }
                    .map { String($0.prefix(3)) }
            }
            #expect(notes == [[], [], ["1. ", "2. "], ["3. "], [], []])
        }
    }
}

/// Tagged PDFs from the JSON: `document.tagged` or `--tagged`, `role` and `alt`.
@Suite("Tagged PDF, from the command")
struct TaggedCommandTests {
    /// The element types of `pdf`'s structure tree in a depth-first walk, with each figure's `/Alt`.
    func elements(_ pdf: String) throws -> [String] {
        let script = """
            import sys
            from pypdf import PdfReader
            root = PdfReader(sys.argv[1], strict=True).trailer["/Root"]
            def walk(element):
                element = element.get_object()
                if element.get("/Type") != "/StructElem": return
                print(element["/S"][1:] + ("|" + element["/Alt"] if "/Alt" in element else ""))
                kids = element.get("/K")
                for kid in kids if isinstance(kids, list) else [kids]:
                    if hasattr(kid, "get_object") and isinstance(kid.get_object(), dict): walk(kid)
            if "/StructTreeRoot" in root:
                kids = root["/StructTreeRoot"]["/K"]
                for kid in kids if isinstance(kids, list) else [kids]: walk(kid)
            """
        return try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, pdf]).output
            .split(separator: "\n").map(String.init)
    }

    /// The report example says `"tagged": true`: its headings, paragraphs, figures with their
    /// words and one table across two pages, its header repeated on the second but tagged once.
    @Test func theReportIsTagged() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("report.pdf").path
            let result = try await mush(["render", root.appendingPathComponent("Examples/report.json").path, "-o", pdf])
            #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
            let elements = try elements(pdf)
            var counts: [String: Int] = [:]
            for element in elements { counts[element, default: 0] += 1 }
            #expect(elements.first == "Document")
            #expect(counts["Table"] == 1 && counts["TR"] == 37 && counts["TH"] == 3 && counts["TD"] == 108)
            #expect(counts["H1"] == 5 && counts["H2"] == 4)
            #expect(
                elements.filter { $0.hasPrefix("Figure") } == [
                    "Figure|The authority's emblem, a rising sun",
                    "Figure|Fishing boats moored along the new quay wall at dawn",
                ])
            // The headings in the order they are read.
            let headings = elements.filter { $0 == "H1" || $0 == "H2" }
            #expect(headings == ["H1", "H1", "H1", "H2", "H2", "H1", "H2", "H1", "H2"])
            // The contents: each entry one paragraph holding its link, as Typst tags them.
            let contents = elements.firstIndex(of: "H1").flatMap { first in
                elements[(first + 1)...].firstIndex(of: "H1").map { Array(elements[($0 + 1)...].prefix(14)) }
            }
            #expect(contents == Array(repeating: ["P", "Link"], count: 7).flatMap { $0 })
            // Each note, a Note in the paragraph of its call.
            #expect(counts["Note"] == 3 && counts["Span"] == 3)
            let info = try run(URL(fileURLWithPath: pdfinfo), [pdf]).output
            #expect(info.contains("Tagged:          yes"))
        }
    }

    /// Text in Arabic, Thai, Devanagari, CJK (installed Noto fonts) and Latin with a ligature,
    /// tagged: five `P`s, and each extracts as written (Cairo's font subsets carry Unicode maps;
    /// poppler wraps the right-to-left line in embedding marks).
    @Test func everyScriptExtractsAsWritten() async throws {
        let lines = [
            "مرحبا بالعالم", "สวัสดีครับ ภาษาไทย", "नमस्ते दुनिया, क्षत्रिय", "你好世界 ファイルを開く 파일 열기",
            "Office fluff",
        ]
        let children = lines.map { #"{"text": "\#($0)", "font": {"size": 16}}"# }.joined(separator: ", ")
        let tree =
            #"{"document": {"tagged": true}, "flexDirection": "column", "gap": 8, "children": ["#
            + children + "]}"
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("scripts.pdf").path
            let result = try await mush(["render", "-", "-o", pdf], input: Data(tree.utf8))
            #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
            #expect(try elements(pdf) == ["Document", "P", "P", "P", "P", "P"])
            let text = try run(URL(fileURLWithPath: pdftotext), [pdf, "-"]).output
            let read = text.split(whereSeparator: \.isNewline).map {
                String($0.unicodeScalars.filter { $0 != "\u{202B}" && $0 != "\u{202C}" })
            }.filter { !$0.isEmpty && $0 != "\u{0C}" }
            #expect(read == lines)
        }
    }

    /// A text in a language of its own gets `/Lang` on its element; one in the document's language
    /// does not; a header cell keeps its `/Scope` beside its language.
    @Test func textsInTheirOwnLanguage() async throws {
        let tree = #"""
            {"document": {"tagged": true, "language": "en-GB"}, "flexDirection": "column", "children": [
             {"text": "Bonjour", "language": "fr"}, {"text": "Good day", "language": "en-GB"}, {"text": "Hello"},
             {"role": "table", "children": [{"role": "row", "children": [
              {"text": "Kopf", "role": "header", "language": "de"}, {"text": "Head", "role": "header"}]}]}]}
            """#
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("languages.pdf").path
            let result = try await mush(["render", "-", "-o", pdf], input: Data(tree.utf8))
            #expect(result.status == 0, "\(result.error)")
            let script = """
                import sys
                from pypdf import PdfReader
                root = PdfReader(sys.argv[1], strict=True).trailer["/Root"]
                def walk(element):
                    element = element.get_object()
                    if "/S" not in element: return
                    scope = element.get("/A", {}).get("/Scope", "")
                    print(element["/S"][1:], element.get("/Lang", "-"), scope)
                    kids = element.get("/K")
                    for kid in kids if isinstance(kids, list) else [kids]:
                        if hasattr(kid, "get_object") and isinstance(kid.get_object(), dict): walk(kid)
                for kid in root["/StructTreeRoot"]["/K"]: walk(kid)
                """
            let elements = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, pdf]).output
            #expect(
                elements.split(separator: "\n") == [
                    "Document - ", "P fr ", "P - ", "P - ", "Table - ", "TR - ", "TH de /Column", "TH - /Column",
                ])
        }
    }

    @Test func taggedByTheFlagOrTheDocument() async throws {
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("out.pdf").path
            let tree = #"{"flexDirection": "column", "children": [{"text": "Title", "heading": 1}, {"text": "Body"}]}"#
            let plain = try await mush(["render", "-", "-o", pdf], input: Data(tree.utf8))
            #expect(plain.status == 0)
            #expect(try elements(pdf).isEmpty, "untagged by default")
            let flagged = try await mush(["render", "-", "--tagged", "-o", pdf], input: Data(tree.utf8))
            #expect(flagged.status == 0)
            #expect(try elements(pdf) == ["Document", "H1", "P"])
            let asked = #"{"document": {"tagged": true}, "# + tree.dropFirst()
            #expect(try await mush(["render", "-", "-o", pdf], input: Data(asked.utf8)).status == 0)
            #expect(try elements(pdf) == ["Document", "H1", "P"])
            // The flag wins over the document's false.
            let refused = #"{"document": {"tagged": false}, "# + tree.dropFirst()
            #expect(try await mush(["render", "-", "--tagged", "-o", pdf], input: Data(refused.utf8)).status == 0)
            #expect(try elements(pdf) == ["Document", "H1", "P"])
        }
    }

    /// MGTableBox sections: with top lines a `Table` (one across its pages, its repeated head a
    /// `THead`), each line a row of one cell (`TH` for a top line); without, a list of items.
    @Test func tableSectionsAreTablesOrLists() async throws {
        let lines = (1...7).map { #"{"left": ["Month \#($0)"], "right": ["£\#($0)00"]}"# }.joined(separator: ", ")
        let tree = #"""
            {"page": {"size": [300, 200], "margin": 20}, "boxes": [
             {"width": 260, "topLines": [{"left": ["Month"], "right": ["Income"]}], "repeatTopLines": true,
              "middleLines": [\#(lines)]},
             {"width": 260, "middleLines": [{"left": ["Settings"]}, {"left": ["Privacy"]}]}]}
            """#
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("table.pdf").path
            let result = try await mush(["render", "-", "-o", pdf], input: Data(tree.utf8))
            #expect(result.output.hasSuffix("2 pages of 300 × 200 points\n"), "\(result.error)")
            #expect(
                try elements(pdf)
                    == ["Document", "Table", "THead", "TR", "TH", "TBody"]
                    + Array(repeating: ["TR", "TD"], count: 7).flatMap { $0 } + ["L", "LI", "LI"])
        }
    }

    /// In an SVG, a text in a language of its own says so on its line of the text layer; the others
    /// take the root's.
    @Test func svgTextsInTheirOwnLanguage() async throws {
        let tree = #"""
            {"document": {"language": "en"}, "width": 200, "flexDirection": "column", "children": [
             {"text": "Bonjour", "language": "fr"}, {"text": "Hello", "language": "en"}, {"text": "Plain"}]}
            """#
        try await inFolder { folder in
            let svg = folder.appendingPathComponent("languages.svg")
            #expect(try await mush(["render", "-", "-o", svg.path], input: Data(tree.utf8)).status == 0)
            let text = try String(contentsOf: svg, encoding: .utf8)
            let lines = text.split(separator: "\n").filter { $0.hasPrefix("<text") }
            #expect(lines.map { $0.contains(#"xml:lang="fr""#) } == [true, false, false])
            #expect(lines.allSatisfy { !$0.contains(#"xml:lang="en""#) })
            #expect(text.contains(#"version="1.1" xml:lang="en">"#))
        }
    }

    /// A PDF of pages is tagged unless it says not (a document, which law asks to be accessible); a
    /// one-page drawing is not unless it says so.
    @Test func pagesAreTaggedByDefault() async throws {
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("pages.pdf").path
            let tree =
                #"{"page": {"size": "a5"}, "flexDirection": "column", "#
                + #""children": [{"text": "Title", "heading": 1}, {"text": "Body"}]}"#
            #expect(try await mush(["render", "-", "-o", pdf], input: Data(tree.utf8)).status == 0)
            #expect(try elements(pdf) == ["Document", "H1", "P"])
            // Pages of a document without its own: the command's --page.
            let plain = #"{"flexDirection": "column", "children": [{"text": "Title", "heading": 1}, {"text": "Body"}]}"#
            #expect(try await mush(["render", "-", "--page", "a5", "-o", pdf], input: Data(plain.utf8)).status == 0)
            #expect(try elements(pdf) == ["Document", "H1", "P"])
            // Not where the document or the command says not.
            let refused = #"{"document": {"tagged": false}, "# + tree.dropFirst()
            #expect(try await mush(["render", "-", "-o", pdf], input: Data(refused.utf8)).status == 0)
            #expect(try elements(pdf).isEmpty)
            #expect(try await mush(["render", "-", "--no-tagged", "-o", pdf], input: Data(tree.utf8)).status == 0)
            #expect(try elements(pdf).isEmpty)
            let png = folder.appendingPathComponent("pages.png").path
            let flag = try await mush(["render", "-", "--no-tagged", "-o", png], input: Data(tree.utf8))
            expectOneLineError(flag)
            #expect(flag.error.contains("--no-tagged is for a PDF (the output is"))
        }
    }

    @Test func badValuesAreOneLineNamingThem() async throws {
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("out.pdf").path
            let cases: [(String, String)] = [
                (
                    #"{"children": [{"text": "a", "role": "tabel"}]}"#,
                    "children[0].role: must be paragraph, list, listItem, table, row, header, cell, figure, group or artifact (it is 'tabel')"
                ),
                (#"{"children": [{"text": "a", "alt": 3}]}"#, "children[0].alt: expected a string"),
                (#"{"children": [{"text": "a", "alt": "x\u0000"}]}"#, "children[0].alt: must not hold U+0000"),
                (#"{"document": {"tagged": "yes"}, "text": "a"}"#, "document.tagged: expected true or false"),
            ]
            try await expectRenderErrors(cases, to: pdf)
            let png = folder.appendingPathComponent("out.png").path
            let flag = try await mush(["render", "-", "--tagged", "-o", png], input: Data(#"{"text": "a"}"#.utf8))
            expectOneLineError(flag)
            #expect(flag.error.contains("--tagged is for a PDF (the output is"))
            let line = try await mush(
                ["render", "-", "--tagged", "-o", pdf],
                input: Data(#"{"width": 80, "height": 20, "left": ["Hi"]}"#.utf8))
            expectOneLineError(line)
            #expect(line.error == "mush: error: tagged PDFs are of box trees; this is a line or a stack\n")
        }
    }
}

/// The PDF/UA-1 self-check (Tests/PDFUA/pdfua_check.py, the Matterhorn Protocol's rules a machine
/// can check) on the examples that say they are tagged: every rule it checks passes, and an
/// untagged drawing of the same report fails the ones about tags.
@Suite("PDF/UA self-check")
struct UniversalAccessibilityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The self-check's verdict on `pdf`: each rule's code and result.
    func verdict(_ pdf: String) throws -> (status: Int32, results: [String]) {
        let script = Self.root.appendingPathComponent("Tests/PDFUA/pdfua_check.py").path
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, pdf])
        let results = result.output.split(separator: "\n").filter { !$0.hasPrefix("NOT CHECKED") }.map {
            line -> String in
            let words = line.split(separator: " ", maxSplits: 1)
            return words[0] + " " + (words.count > 1 ? words[1].prefix(22).trimmingCharacters(in: .whitespaces) : "")
        }
        return (result.status, results)
    }

    @Test(arguments: ["invoice", "report"])
    func theTaggedExamplesPass(example: String) async throws {
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("\(example).pdf").path
            let input = Self.root.appendingPathComponent("Examples/\(example).json").path
            let result = try await mush(["render", input, "-o", pdf])
            #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
            let (status, results) = try verdict(pdf)
            #expect(status == 0, "\(results)")
            #expect(!results.contains { $0.hasPrefix("FAIL") }, "\(results)")
            let passed = results.filter { $0.hasPrefix("PASS") }.map { String($0.dropFirst(5)) }
            #expect(passed.contains("06-001, 01-001") && passed.contains("01-005") && passed.contains("13-004"))
            #expect(passed.contains("09-004, 15-005") && passed.contains("15-003") && passed.contains("31-001, 31-027"))
            if example == "report" { #expect(passed.contains("28-002, 28-004, 28-011") && passed.contains("14-003")) }
        }
    }

    @Test func anUntaggedDrawingFails() async throws {
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("report.pdf").path
            var json = try String(
                contentsOf: Self.root.appendingPathComponent("Examples/report.json"), encoding: .utf8)
            json = json.replacingOccurrences(of: #""tagged": true"#, with: #""tagged": false"#)
            let result = try await mush(["render", "-", "-o", pdf], input: Data(json.utf8))
            #expect(result.status == 0, "\(result.error)")
            let (status, results) = try verdict(pdf)
            #expect(status == 1)
            // (Untagged, Cairo still marks its links' content, with no structure to hold it: 01-007.)
            #expect(
                results.filter { $0.hasPrefix("FAIL") } == [
                    "FAIL 06-001, 01-001", "FAIL 06-002", "FAIL 01-005", "FAIL 01-007", "FAIL 28-002, 28-004, 28-011",
                ])
        }
    }
}
