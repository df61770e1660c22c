import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MushService
import Testing

/// Every route, status and limit of the service, in process (HummingbirdTesting's router
/// framework), with the shipped fonts.
@Suite("The render service")
struct ServiceTests {
    func app(_ settings: ServiceSettings = ServiceSettings(workers: 2)) -> some ApplicationProtocol {
        Application(router: MushService(settings: settings).router())
    }

    func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    static let ndjson: HTTPFields = [.contentType: "application/x-ndjson"]

    @Test func healthz() async throws {
        try await app().test(.router) { client in
            let response = try await client.execute(uri: "/healthz", method: .get)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == "ok\n")
        }
    }

    @Test func renderDrawsAPictureOfEachFormat() async throws {
        try await app().test(.router) { client in
            let tree = ByteBuffer(string: ##"{"width": 100, "height": 40, "backgroundColor": "#0af"}"##)
            let png = try await client.execute(uri: "/render?scale=2", method: .post, body: tree)
            #expect(png.status == .ok)
            #expect(png.headers[.contentType] == "image/png")
            // The PNG's size, from its header: 200 × 80 pixels at scale 2.
            let bytes = Array(buffer: png.body)
            #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(bytes[16..<24] == [0, 0, 0, 200, 0, 0, 0, 80])
            let svg = try await client.execute(uri: "/render?format=svg", method: .post, body: tree)
            #expect(svg.headers[.contentType] == "image/svg+xml")
            #expect(String(buffer: svg.body).contains(#"viewBox="0 0 100 40""#))
            let pdf = try await client.execute(uri: "/render?format=pdf", method: .post, body: tree)
            #expect(pdf.headers[.contentType] == "application/pdf")
            #expect(String(buffer: pdf.body).hasPrefix("%PDF-"))
            // JPEG (its start-of-image marker) and WebP (RIFF … WEBP), at a quality asked for.
            let jpeg = try await client.execute(uri: "/render?format=jpeg&quality=80", method: .post, body: tree)
            #expect(jpeg.headers[.contentType] == "image/jpeg")
            #expect(Array(Array(buffer: jpeg.body).prefix(3)) == [0xFF, 0xD8, 0xFF])
            let webp = try await client.execute(uri: "/render?format=webp", method: .post, body: tree)
            #expect(webp.headers[.contentType] == "image/webp")
            let riff = Array(buffer: webp.body)
            #expect(String(decoding: riff[0..<4], as: UTF8.self) == "RIFF")
            #expect(String(decoding: riff[8..<12], as: UTF8.self) == "WEBP")
            // The smallest PNG of a gradient with text is smaller than the fast one, the same size.
            let card = ByteBuffer(
                string:
                    ##"{"width": 200, "padding": 8, "backgroundGradient": {"linear": 30, "stops": ["#fa0", "#08f"]}, "children": [{"text": "Sunrise over the harbour"}]}"##
            )
            let fast = Array(buffer: try await client.execute(uri: "/render?scale=2", method: .post, body: card).body)
            let small = Array(
                buffer: try await client.execute(
                    uri: "/render?scale=2&pngCompression=smallest", method: .post, body: card
                ).body)
            #expect(small.count < fast.count)
            #expect(small[16..<24] == fast[16..<24])
            let badQuality = try await client.execute(uri: "/render?format=jpeg&quality=0", method: .post, body: tree)
            #expect(badQuality.status == .badRequest)
        }
    }

    @Test func renderCutsPagesAndGivesThePageAskedFor() async throws {
        try await app().test(.router) { client in
            let rows = (0..<9).map { #"{"height": 50, "text": "Row \#($0)"}"# }.joined(separator: ", ")
            let tree = ByteBuffer(string: #"{"flexDirection": "column", "children": [\#(rows)]}"#)
            // 180 points of room a page (200 less 10 on each side): three rows a page.
            let pdf = try await client.execute(
                uri: "/render?format=pdf&page=200x200&pageMargin=10", method: .post, body: tree)
            #expect(pdf.status == .ok)
            #expect(pdf.headers[MushService.pagesField] == "3")
            #expect(String(decoding: Array(buffer: pdf.body), as: UTF8.self).contains("/Count 3"))
            let second = try await client.execute(
                uri: "/render?format=svg&page=200x200&pageMargin=10&pageNumber=2", method: .post, body: tree)
            #expect(second.status == .ok)
            #expect(String(buffer: second.body).contains("Row 3"))
            #expect(!String(buffer: second.body).contains("Row 2<"))
            let past = try await client.execute(
                uri: "/render?format=svg&page=200x200&pageMargin=10&pageNumber=4", method: .post, body: tree)
            #expect(past.status == .badRequest)
        }
    }

    @Test func badInputIsAnErrorWithItsPath() async throws {
        try await app().test(.router) { client in
            let response = try await client.execute(
                uri: "/layout", method: .post, body: ByteBuffer(string: #"{"children": [{"width": -5}]}"#))
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let error = try json(response)
            #expect(error["path"] as? String == "children[0].width")
            #expect((error["error"] as? String)?.hasPrefix("children[0].width: ") == true)
            let format = try await client.execute(
                uri: "/render?format=gif", method: .post, body: ByteBuffer(string: "{}"))
            #expect(format.status == .badRequest)
            #expect(
                try json(format)["error"] as? String
                    == "?format: must be one of jpeg, jpg, pdf, png, svg, webp (it is 'gif')")
        }
    }

    @Test func hostileBodies() async throws {
        try await app(ServiceSettings(bodyLimit: 4096, workers: 2)).test(.router) { client in
            // Deeper than a tree may nest.
            let deep = String(repeating: #"{"children": ["#, count: 1200) + String(repeating: "]}", count: 1200)
            let nested = try await client.execute(uri: "/layout", method: .post, body: ByteBuffer(string: deep))
            #expect(nested.status == .badRequest || nested.status == .contentTooLarge)
            let huge = try await client.execute(
                uri: "/layout", method: .post, body: ByteBuffer(string: #"{"width": 1e999}"#))
            #expect(huge.status == .badRequest)
            let invalid = try await client.execute(
                uri: "/layout", method: .post, body: ByteBuffer(bytes: [0x7B, 0xFF, 0xFE, 0x7D]))
            #expect(invalid.status == .badRequest)
            let over = try await client.execute(
                uri: "/measure", method: .post, body: ByteBuffer(string: String(repeating: " ", count: 5000)))
            #expect(over.status == .contentTooLarge)
            #expect(
                try json(over)["error"] as? String == "the body is larger than 4096 bytes (the most the service takes)")
        }
    }

    @Test func deepButAllowedTreesAreLaidOut() async throws {
        try await app(ServiceSettings(workers: 2)).test(.router) { client in
            let deep = String(repeating: #"{"children": ["#, count: 900) + "{}" + String(repeating: "]}", count: 900)
            let response = try await client.execute(uri: "/layout", method: .post, body: ByteBuffer(string: deep))
            #expect(response.status == .ok)
        }
    }

    @Test func imagesComeOnlyFromTheImageRoot() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mush-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let tree = ByteBuffer(string: #"{"image": {"file": "/etc/passwd", "width": 10, "height": 10}}"#)
        try await app(ServiceSettings(workers: 1, imageRoot: root.path)).test(.router) { client in
            let response = try await client.execute(uri: "/render", method: .post, body: tree)
            #expect(response.status == .ok)
            let warnings = try #require(response.headers[MushService.warningsField])
            #expect(warnings.contains("outside the image root"))
        }
        try await app().test(.router) { client in
            let response = try await client.execute(uri: "/render", method: .post, body: tree)
            #expect(response.headers[MushService.warningsField]?.contains("none is set") == true)
        }
    }

    @Test func measureLineAndParse() async throws {
        try await app().test(.router) { client in
            let measured = try await client.execute(
                uri: "/measure", method: .post, body: ByteBuffer(string: #"{"text": "Hello", "width": 100}"#))
            #expect(measured.status == .ok)
            #expect(try json(measured)["lineCount"] as? Int == 1)
            let line = try await client.execute(
                uri: "/line", method: .post, body: ByteBuffer(string: #"{"width": 200, "height": 44, "left": ["Hi"]}"#))
            #expect(line.status == .ok)
            #expect(try json(line)["height"] as? Double == 44)
            let html = try await client.execute(
                uri: "/parse?format=html", method: .post, body: ByteBuffer(string: "**bold**"))
            #expect(html.headers[.contentType] == "text/html; charset=utf-8")
            #expect(String(buffer: html.body) == "<b>bold</b>\n")
            let plain = try await client.execute(
                uri: "/parse?format=plain", method: .post, body: ByteBuffer(bytes: [0x61, 0xFF]))
            #expect(String(buffer: plain.body) == "a\u{FFFD}\n")
            #expect(plain.headers[MushService.warningsField] != nil)
        }
    }

    @Test func jsonLinesAreAnsweredInOrderABadLineByItsOwnError() async throws {
        try await app(ServiceSettings(workers: 2)).test(.router) { client in
            let lines = (0..<20).map { #"{"text": "\#(String(repeating: "word ", count: $0 + 1))", "width": 60}"# }
            var body = lines
            body[7] = #"{"text": 3}"#
            let response = try await client.execute(
                uri: "/measure", method: .post, headers: Self.ndjson,
                body: ByteBuffer(string: body.joined(separator: "\n") + "\n"))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/x-ndjson; charset=utf-8")
            let answers = String(buffer: response.body).split(separator: "\n").map(String.init)
            #expect(answers.count == 20)
            #expect(answers[7] == #"{"error":"line 8: text: expected a string, not a number"}"#)
            // In order: each answer has as many lines as its words need, more words never fewer lines.
            let counts = answers.enumerated().filter { $0.offset != 7 }.compactMap { answer -> Int? in
                let object = try? JSONSerialization.jsonObject(with: Data(answer.element.utf8)) as? [String: Any]
                return object?["lineCount"] as? Int
            }
            #expect(counts.count == 19)
            #expect(counts == counts.sorted())
        }
    }

    @Test func aFullQueueIsBusyAndASlowJobTimesOut() async throws {
        // One worker, no room to wait: while a job holds the worker, another is refused.
        let queue = WorkQueue(workers: 1, capacity: 0)
        let release = DispatchSemaphore(value: 0)
        async let held: Int = queue.run(limit: .seconds(60)) { () throws(ServiceError) in
            release.wait()
            return 1
        }
        while queue.inFlight < 1 { try await Task.sleep(for: .milliseconds(5)) }
        await #expect(throws: ServiceError.busy) {
            try await queue.run(limit: .seconds(60)) { () throws(ServiceError) in 2 }
        }
        release.signal()
        #expect(try await held == 1)
        // A job past its limit is answered at the limit; it goes on to its end.
        let late = DispatchSemaphore(value: 0)
        await #expect(throws: ServiceError.timedOut(.milliseconds(50))) {
            try await queue.run(limit: .milliseconds(50)) { () throws(ServiceError) in
                late.wait()
                return 3
            }
        }
        late.signal()
        #expect(ServiceError.busy.status == .serviceUnavailable)
        #expect(ServiceError.timedOut(.seconds(1)).status == .gatewayTimeout)
        queue.stop()
    }

    @Test func busyAndLateAnswers() throws {
        // What a route answers when the queue refuses a job (the WorkQueue test above makes one
        // refuse) or gives up on one.
        let busy = ServiceError.busy.response
        #expect(busy.status == .serviceUnavailable)
        #expect(busy.headers[.retryAfter] == "1")
        let late = ServiceError.timedOut(.milliseconds(50))
        #expect(late.response.status == .gatewayTimeout)
        #expect(late.message == "the work took longer than 0.05 s, the time limit")
    }

    @Test func metricsCountRequestsInPrometheusFormat() async throws {
        try await app().test(.router) { client in
            _ = try await client.execute(uri: "/healthz", method: .get)
            _ = try await client.execute(uri: "/layout", method: .post, body: ByteBuffer(string: "[]"))
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(metrics.contains(#"mush_requests_total{route="/healthz",method="GET",status="200"} 1"#))
            #expect(metrics.contains(#"mush_request_errors_total{route="/layout",method="POST",status="400"} 1"#))
            #expect(metrics.contains("# TYPE mush_request_duration_seconds histogram"))
            #expect(metrics.contains("mush_workers 2"))
        }
    }

    @Test func thePlaygroundItsExamplesAndHits() async throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples").path
        try await app(ServiceSettings(workers: 2, examples: examples)).test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self';") == true)
            #expect(String(buffer: page.body).contains(#"<script src="/playground.js"></script>"#))
            let script = try await client.execute(uri: "/playground.js", method: .get)
            #expect(String(buffer: script.body).contains("async function draw()"))
            let list = try await client.execute(uri: "/examples", method: .get)
            let names = try #require(JSONSerialization.jsonObject(with: Data(buffer: list.body)) as? [String])
            #expect(names.contains("card.json") && names == names.sorted())
            let card = try await client.execute(uri: "/examples/card.json", method: .get)
            #expect(String(buffer: card.body).contains(#""id": "card""#))
            for name in ["..%2F..%2Fetc%2Fpasswd", "missing.json", "card.txt"] {
                let refused = try await client.execute(uri: "/examples/\(name)", method: .get)
                #expect(refused.status == .notFound, "\(name)")
            }
            // The boxes under a point of the card, topmost first.
            let hits = try await client.execute(uri: "/layout?hit=40,200", method: .post, body: card.body)
            #expect(
                String(buffer: hits.body)
                    == #"[{"height":33,"id":"body","path":"children[2]","width":296,"x":12,"y":196},{"height":240,"id":"card","path":"root","width":320,"x":0,"y":0}]"#
                    + "\n")
        }
    }

    @Test func theBackgroundIsWhiteUnlessAsked() async throws {
        try await app().test(.router) { client in
            let tree = ByteBuffer(string: #"{"width": 10, "height": 10}"#)
            let white = try await client.execute(uri: "/render?format=svg", method: .post, body: tree)
            #expect(String(buffer: white.body).contains("fill:rgb(100%,100%,100%)"))
            let none = try await client.execute(uri: "/render?format=svg&background=none", method: .post, body: tree)
            #expect(!String(buffer: none.body).contains("fill:rgb(100%,100%,100%)"))
            let bad = try await client.execute(uri: "/render?background=blue", method: .post, body: tree)
            #expect(bad.status == .badRequest)
        }
    }
}
