import Foundation
import Testing

/// Footnotes through `mush layout` and `mush render`: a call in the text, its note at the bottom of
/// the page of the call's line, numbered in the tree's order, a `Note` in a tagged PDF.
@Suite("Footnotes, from the command")
struct FootnoteCommandTests {
    /// Pages 300 × 260 with a margin of 20: 220 points of content a page. The third note's call is
    /// on the last line, which goes to the second page with its note.
    static let document = #"""
        {"page": {"size": [300, 260], "margin": 20, "footer": {"text": "Page {page}", "font": {"size": 8}}},
         "document": {"title": "Notes", "language": "en", "tagged": true},
         "flexDirection": "column", "gap": 8,
         "children": [
          {"text": ["The harbour handled more ships than ever",
                    {"footnote": {"text": "Counted by the harbour master's log.", "font": {"size": 8}}},
                    " and the new quay opened in May."], "font": {"size": 12}},
          {"text": "Dredging finished early.", "font": {"size": 12},
           "footnote": {"text": "Six weeks ahead of plan.", "font": {"size": 8}}},
          {"text": "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.", "font": {"size": 12}},
          {"text": ["Last one", {"footnote": {"text": "Third note, long enough to wrap onto a second line in the note area.", "font": {"size": 8}}}], "font": {"size": 12}}
         ]}
        """#

    /// The pages `mush layout` prints for `json`.
    func pages(_ json: String) async throws -> [[String: Any]] {
        let result = try await mush(["layout", "-"], input: Data(json.utf8))
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        return object?["pages"] as? [[String: Any]] ?? []
    }

    @Test func notesGoAtTheBottomOfThePagesOfTheirCalls() async throws {
        let pages = try await pages(Self.document)
        #expect(pages.count == 2)
        let notes = pages.map { ($0["notes"] as? [[String: Any]]) ?? [] }
        #expect(notes.map { $0.map { $0["footnote"] as? Int } } == [[1, 2], [3]])
        // Each page's last note ends at the content's bottom; a note's number, then its body.
        for page in notes {
            let last = try #require(page.last)
            #expect((last["y"] as? Double ?? 0) + (last["height"] as? Double ?? 0) == 220)
            let children = last["children"] as? [[String: Any]] ?? []
            let marker = (children.first?["lines"] as? [[String: Any]])?.first?["text"] as? String
            #expect(marker == "\(page.count == 1 ? 3 : 2).")
        }
        // The first page's band ends above its separator (9 + 0.5 + 6 points above the first note).
        let firstNote = try #require(notes[0].first?["y"] as? Double)
        #expect(try #require(pages[0]["bottom"] as? Double) <= firstNote - 15.5)
        // The first call keeps to the word before it (a word joiner between), on the second line.
        let root = try #require(pages[0]["root"] as? [String: Any])
        let first = try #require((root["children"] as? [[String: Any]])?.first)
        let lines = try #require(first["lines"] as? [[String: Any]])
        #expect((lines[1]["text"] as? String)?.hasPrefix("ever\u{2060}\u{FFFC} and") == true)
        #expect((first["inline"] as? [[String: Any]])?.first?["line"] as? Int == 1)
        // The line with the third call is on the second page, with its note.
        let second = try #require((pages[1]["root"] as? [String: Any])?["children"] as? [[String: Any]])
        #expect(second.count == 1)
        #expect(((second[0]["lines"] as? [[String: Any]])?.first?["text"] as? String)?.hasPrefix("Last one") == true)
    }

    @Test func aTaggedPDFHasANoteForEachNoteWithItsIdentifier() async throws {
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("notes.pdf").path
            let result = try await mush(["render", "-", "-o", pdf], input: Data(Self.document.utf8))
            #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
            // Each page's text ends with its notes, above the running footer.
            let first = try run(URL(fileURLWithPath: pdftotext), ["-f", "1", "-l", "1", pdf, "-"]).output
            #expect(
                first.contains(
                    "consequat.\n\n1. Counted by the harbour master's log.\n2. Six weeks ahead of plan.\nPage 1"))
            let second = try run(URL(fileURLWithPath: pdftotext), ["-f", "2", "-l", "2", pdf, "-"]).output
            #expect(second.hasPrefix("Last one\u{2060}3"))
            #expect(second.contains("3. Third note"))
            // The structure: a Note for each in the paragraph of its call, beside the paragraph's text
            // (a Span), each with its /ID.
            let read = try run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", "-c",
                    """
                    import sys
                    from pypdf import PdfReader
                    r = PdfReader(sys.argv[1])
                    def walk(e, out):
                        for k in (e.get('/K') if isinstance(e.get('/K'), list) else [e.get('/K')]):
                            k = k.get_object() if hasattr(k, 'get_object') else k
                            if hasattr(k, 'get') and '/S' in k:
                                out.append(str(k['/S'])[1:] + ('#' + str(k['/ID']) if '/ID' in k else ''))
                                walk(k, out)
                        return out
                    print(' '.join(walk(r.trailer['/Root']['/StructTreeRoot'], [])))
                    """,
                    pdf,
                ]
            ).output
            #expect(
                read
                    == "Document P Span Note#note-1 P Span Note#note-2 P P Span Note#note-3\n")
            let check = try run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3",
                    UniversalAccessibilityTests.root.appendingPathComponent("Tests/PDFUA/pdfua_check.py").path, pdf,
                ])
            #expect(check.status == 0, "\(check.output)")
            #expect(check.output.contains("PASS 19-003, 19-004"))
        }
    }

    @Test func footnotesOutOfPlaceAreOneLineNamingThem() async throws {
        try await inFolder { folder in
            let output = folder.appendingPathComponent("bad.pdf").path
            let page = #""page": {"size": "a5"}"#
            try await expectRenderErrors(
                [
                    (
                        #"{\#(page), "children": [{"image": {"width": 10, "height": 10}, "footnote": "x"}]}"#,
                        "children[0].footnote: is for text nodes only"
                    ),
                    (
                        #"{\#(page), "children": [{"width": 10, "footnote": "x"}]}"#,
                        "children[0].footnote: is for text nodes only (this node has no text)"
                    ),
                    (
                        #"{\#(page), "text": ["a", {"footnote": {"text": ["b", {"footnote": "c"}]}}]}"#,
                        "text[1].footnote.text[1].footnote: a footnote's note cannot hold a footnote of its own"
                    ),
                    (
                        #"{"page": {"size": "a5", "header": {"text": "a", "footnote": "b"}}, "text": "x"}"#,
                        "page.header.footnote: a footnote goes in the document's body, not in a page's header"
                    ),
                    (
                        #"{\#(page), "text": ["a", {"footnote": "b", "link": "https://example.com"}]}"#,
                        "unknown key 'link' in text[1]"
                    ),
                ], to: output)
        }
    }

    @Test func withoutPagesTheNoteIsNotSetAndAWarningSaysSo() async throws {
        let result = try await mush(
            ["layout", "-", "--width", "200"], input: Data(#"{"text": ["Call", {"footnote": "The note."}]}"#.utf8))
        #expect(result.status == 0)
        #expect(
            result.error
                == "mush: warning: text[1].footnote: the note is not set: footnotes go at the bottom of pages, and this layout has none (give the root a page)\n"
        )
        // With pages from the command, it is set.
        let paged = try await mush(
            ["layout", "-", "--page", "200x200"], input: Data(#"{"text": ["Call", {"footnote": "The note."}]}"#.utf8))
        #expect(paged.status == 0 && paged.error.isEmpty, "\(paged.error)")
        #expect(paged.output.contains(#""footnote":1"#))
    }
}

extension FootnoteCommandTests {
    @Test func aNoteTallerThanAPageGoesOnAPageOfItsOwnAfterTheTree() async throws {
        try await inFolder { folder in
            let pdf = folder.appendingPathComponent("tall.pdf").path
            let json = #"""
                {"page": {"size": [200, 200], "margin": 20}, "document": {"tagged": true, "title": "T", "language": "en"},
                 "text": ["A call", {"footnote": {"text": "A note taller than a page", "height": 300}}]}
                """#
            let result = try await mush(["render", "-", "-o", pdf], input: Data(json.utf8))
            #expect(result.status == 0)
            #expect(result.error == "mush: warning: text[1].footnote: the note is taller than a page: page 2 cuts it\n")
            // The first page holds the call, the second the note alone, cut at the content's end.
            let text = try run(URL(fileURLWithPath: pdftotext), [pdf, "-"]).output
            #expect(text == "A call\u{2060}1\n\n\u{0C}1. A note taller than\na page\n\n\u{0C}")
            // Not drawn in its call's paragraph (on another page), it is a Note of the document's.
            let read = try run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", "-c",
                    "import sys; from pypdf import PdfReader; r = PdfReader(sys.argv[1]); "
                        + "k = r.trailer['/Root']['/StructTreeRoot']['/K']; k = k[0] if isinstance(k, list) else k; "
                        + "print([str(e.get_object()['/S']) for e in k.get_object()['/K'] if '/S' in e.get_object()])",
                    pdf,
                ]
            ).output
            #expect(read == "['/P', '/Note']\n")
        }
    }
}
