import Foundation
import Hummingbird
import HummingbirdTesting
import MushService
import Testing

/// A document's description, outline and page references through the service: `/render` writes
/// them into the PDF, and a bad value is a 400 naming its path.
@Suite("Documents in the service")
struct DocumentServiceTests {
    static let tree = ByteBuffer(
        string: ##"""
            {"document": {"title": "Quarterly report", "language": "en-GB"},
             "page": {"size": [200, 200], "margin": 10}, "flexDirection": "column", "children": [
               {"height": 20, "text": "Totals: page {pageOf:totals}"},
               {"id": "totals", "heading": 1, "height": 30, "text": "Totals", "breakBefore": "page"}]}
            """##)

    @Test func renderWritesTheDescriptionOutlineAndPageNumbers() async throws {
        try await Application(router: MushService(settings: ServiceSettings(workers: 2)).router()).test(.router) {
            client in
            let pdf = try await client.execute(uri: "/render?format=pdf", method: .post, body: Self.tree)
            #expect(pdf.status == .ok)
            #expect(pdf.headers[MushService.pagesField] == "2")
            let text = String(decoding: Array(buffer: pdf.body), as: UTF8.self)
            #expect(text.contains("/Title (Quarterly report)"))
            #expect(text.contains("/Lang (en-GB)"))
            #expect(text.contains("/DisplayDocTitle true"))
            #expect(text.contains("/Outlines"))
            let bad = try await client.execute(
                uri: "/render?format=pdf", method: .post,
                body: ByteBuffer(string: #"{"document": {"language": "en_GB"}, "text": "x"}"#))
            #expect(bad.status == .badRequest)
            #expect(String(buffer: bad.body).contains(#""path":"document.language""#))
        }
    }

    /// A library's message names no command-line option: an empty tree is told to give its root a
    /// size or content, not to use `--width`.
    @Test func anEmptyPictureNamesNoOption() async throws {
        try await Application(router: MushService(settings: ServiceSettings(workers: 2)).router()).test(.router) {
            client in
            let empty = try await client.execute(
                uri: "/render?format=png", method: .post, body: ByteBuffer(string: #"{"children": []}"#))
            #expect(empty.status == .badRequest)
            let body = String(buffer: empty.body)
            #expect(body.contains("nothing to draw: the picture is 0 × 0 points (give the root a size or content)"))
            #expect(!body.contains("--"))
        }
    }

    /// Footnotes through the service: a PDF of pages, tagged by default, a `Note` for the note (its
    /// `/ID` written in the incremental update), and a misplaced footnote a 400 naming its path.
    @Test func renderSetsFootnotesTaggedByDefault() async throws {
        try await Application(router: MushService(settings: ServiceSettings(workers: 2)).router()).test(.router) {
            client in
            let tree = ByteBuffer(
                string: #"{"page": {"size": [200, 200], "margin": 10}, "text": ["A call", {"footnote": "The note."}]}"#)
            let pdf = try await client.execute(uri: "/render?format=pdf", method: .post, body: tree)
            #expect(pdf.status == .ok)
            let text = String(decoding: Array(buffer: pdf.body), as: UTF8.self)
            #expect(text.contains("/StructTreeRoot"))
            #expect(text.contains("/S /Note"))
            #expect(text.contains("/ID <FEFF006E006F00740065002D0031>"))
            let bad = try await client.execute(
                uri: "/render?format=pdf", method: .post,
                body: ByteBuffer(
                    string: #"{"page": {"size": "a5"}, "children": [{"image": {"width": 1, "height": 1}, "#
                        + #""footnote": "x"}]}"#))
            #expect(bad.status == .badRequest)
            #expect(String(buffer: bad.body).contains(#""path":"children[0].footnote""#))
        }
    }
}
