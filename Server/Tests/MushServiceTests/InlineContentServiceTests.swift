import Foundation
import Hummingbird
import HummingbirdTesting
import MushService
import Testing

/// Inline pieces and links through the service: `/layout` gives the frames and links, `/render`
/// writes the links into the PDF, and a bad link is a 400 naming its path.
@Suite("Inline content in the service")
struct InlineContentServiceTests {
    static let tree = ByteBuffer(
        string: ##"""
            {"width": 200, "text": ["Read ", {"text": "the docs", "link": "https://example.com/docs"}, " ",
              {"box": {"width": 20, "height": 10, "backgroundColor": "#f00"}, "verticalAlign": "middle"}]}
            """##)

    @Test func layoutAndRenderCarryInlineBoxesAndLinks() async throws {
        try await Application(router: MushService(settings: ServiceSettings(workers: 2)).router()).test(.router) {
            client in
            let layout = try await client.execute(uri: "/layout", method: .post, body: Self.tree)
            #expect(layout.status == .ok)
            let object = try #require(
                JSONSerialization.jsonObject(with: Data(buffer: layout.body)) as? [String: Any])
            let inline = try #require((object["inline"] as? [[String: Any]])?.first)
            #expect(inline["index"] as? Int == 3 && inline["width"] as? Double == 20)
            let links = try #require(object["links"] as? [[String: Any]])
            #expect(links.first?["url"] as? String == "https://example.com/docs")
            let pdf = try await client.execute(uri: "/render?format=pdf", method: .post, body: Self.tree)
            #expect(pdf.status == .ok)
            let bytes = String(decoding: Array(buffer: pdf.body).map { UInt16($0) }, as: UTF16.self)
            #expect(bytes.contains("/URI (https://example.com/docs)"))
            let bad = try await client.execute(
                uri: "/layout", method: .post,
                body: ByteBuffer(string: #"{"text": [{"text": "x", "link": "javascript:alert(1)"}]}"#))
            #expect(bad.status == .badRequest)
            #expect(String(buffer: bad.body).contains(#""path":"text[0].link""#))
        }
    }
}
