import Hummingbird
import HummingbirdTesting
import MushDSL
import MushJobs
import MushService
import Testing

/// A tree answered from a Hummingbird route: its media type, a tag of its bytes, a 304 for a
/// client that has it, and a 400 naming a bad value.
@Suite("Pictures as responses")
struct PictureResponseTests {
    static func router() -> Router<BasicRequestContext> {
        let renderer = BoxRenderer(threads: 2)
        let router = Router()
        router.get("/cards/:name") { request, context in
            let name = try context.parameters.require("name")
            return try await renderer.response(
                Text("Hello, \(name)").font(size: 20).padding(12).background("#fff"), as: .png(scale: 2), for: request)
        }
        router.get("/broken") { request, _ in
            try await renderer.response(Text("x").background("#nope"), as: .png(), for: request)
        }
        return router
    }

    @Test func aRouteAnswersAPictureItsTagAndNotModified() async throws {
        try await Application(router: Self.router()).test(.router) { client in
            let first = try await client.execute(uri: "/cards/ada", method: .get)
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "image/png")
            #expect(first.headers[.cacheControl] == "public, max-age=3600")
            let tag = try #require(first.headers[.eTag])
            #expect(Array(buffer: first.body).starts(with: [0x89, 0x50, 0x4E, 0x47]))
            // The same tree, the same bytes, the same tag; a client that has them gets a 304.
            let again = try await client.execute(uri: "/cards/ada", method: .get, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            let other = try await client.execute(uri: "/cards/grace", method: .get, headers: [.ifNoneMatch: tag])
            #expect(other.status == .ok && other.headers[.eTag] != tag)
            let broken = try await client.execute(uri: "/broken", method: .get)
            #expect(broken.status == .badRequest)
            #expect(String(buffer: broken.body).contains("backgroundColor"))
        }
    }
}
