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
}
