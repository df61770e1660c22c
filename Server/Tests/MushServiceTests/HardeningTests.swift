import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Mush
import MushService
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The service under hostile or careless clients (issue "Hardening, third round"): logs that
/// nobody reads, jobs past their time or whose client has gone, slow and idle connections, huge
/// warning lists, unknown query parameters, malformed bodies and blank JSON Lines.
@Suite("The render service, hardened", .serialized)
struct ServiceHardeningTests {
    func app(_ settings: ServiceSettings) -> some ApplicationProtocol {
        Application(router: MushService(settings: settings).router())
    }

    // MARK: - Logging never blocks

    @Test func logLinesNobodyReadsAreDroppedNotWaitedFor() throws {
        // A pipe whose reading end nobody reads: its 64 KiB fill, then the sink's 4 KiB, then
        // lines are dropped; every call returns (the old handler blocked in write(2) here).
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        // (The reading end stays open: the sink's thread lives as long as the process, and a write
        // to a pipe without a reader would end it by SIGPIPE.)
        let sink = LogSink(descriptor: ends[1], capacity: 4096)
        let logger = Logger(label: "test") { sink.handler(label: $0) }
        let line = String(repeating: "x", count: 100)
        for _ in 0..<20_000 { logger.info("\(line)") }
        #expect(sink.dropped > 10_000)
    }

    @Test func requestsAreLoggedAtDebugByDefault() {
        #expect(ServiceSettings().requestLogLevel == .debug)
    }

    // MARK: - Jobs that are given up on stop

    @Test func aJobWhoseClientHasGoneIsNeverStarted() async throws {
        let queue = WorkQueue(workers: 1, capacity: 4)
        let release = DispatchSemaphore(value: 0)
        async let held: Int = queue.run(limit: .seconds(60)) { () throws(ServiceError) in
            release.wait()
            return 1
        }
        while queue.inFlight < 1 { try await Task.sleep(for: .milliseconds(5)) }
        // The second job waits behind the first; its client leaves while it waits.
        // (A `Cancellation` stands for a flag set once: the client gone, the job started.)
        let gone = Cancellation()
        let started = Cancellation()
        let job: @Sendable () throws(ServiceError) -> Int = {
            started.cancel()
            return 2
        }
        let abandoned = Task { try await queue.run(limit: .seconds(60), stillWanted: { !gone.isCancelled }, job) }
        gone.cancel()
        await #expect(throws: ServiceError.clientGone) { try await abandoned.value }
        release.signal()
        #expect(try await held == 1)
        while queue.inFlight > 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!started.isCancelled)
        #expect(queue.givenUp.skipped == 1)
        queue.stop()
    }

    @Test func aRunningJobIsToldToStopAtItsLimitOrWhenItsClientLeaves() async throws {
        let queue = WorkQueue(workers: 1, capacity: 4)
        // A job that works until it is told to stop (at most a minute).
        let work: @Sendable (Cancellation) throws(ServiceError) -> Int = { cancellation in
            let end = ContinuousClock.now + .seconds(60)
            while !cancellation.isCancelled, ContinuousClock.now < end { usleep(1000) }
            return cancellation.isCancelled ? 1 : 0
        }
        await #expect(throws: ServiceError.timedOut(.milliseconds(100))) {
            try await queue.run(limit: .milliseconds(100), work)
        }
        while queue.inFlight > 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(queue.givenUp.stopped == 1)
        let gone = Cancellation()
        let left = Task { try await queue.run(limit: .seconds(60), stillWanted: { !gone.isCancelled }, work) }
        while queue.inFlight < 1 { try await Task.sleep(for: .milliseconds(5)) }
        gone.cancel()
        await #expect(throws: ServiceError.clientGone) { try await left.value }
        while queue.inFlight > 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(queue.givenUp.stopped == 2)
        queue.stop()
    }

    @Test func aJobDoneIsLetGo() async throws {
        // What a job holds (a request's body, its answer) is freed once it has run, not kept in the
        // queue's array until it is compacted (64 large renders held 590 MB).
        final class Held: Sendable {}
        let queue = WorkQueue(workers: 1, capacity: 4)
        weak var watched: Held?
        do {
            let held = Held()
            watched = held
            _ = try await queue.run(limit: .seconds(60)) { () throws(ServiceError) in ObjectIdentifier(held) }
        }
        let end = ContinuousClock.now + .seconds(5)
        while watched != nil, ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(5)) }
        #expect(watched == nil)
        queue.stop()
    }

    @Test func aDrawingPastItsLimitFreesItsWorker() async throws {
        // Translucent boxes over a large root, each with a shadow that reaches over the whole
        // picture (so each is drawn as a group of the picture's size): a minute of drawing.
        let box =
            ##"{"width": 10, "height": 10, "opacity": 0.5, "backgroundColor": "#f00", "shadow": {"color": "#000", "blur": 1000}}"##
        let boxes = Array(repeating: box, count: 3000)
        let tree =
            #"{"width": 3000, "height": 3000, "flexWrap": "wrap", "children": [\#(boxes.joined(separator: ","))]}"#
        let service = MushService(settings: ServiceSettings(workers: 1, timeLimit: .milliseconds(300)))
        try await Application(router: service.router()).test(.router) { client in
            let late = try await client.execute(uri: "/render", method: .post, body: ByteBuffer(string: tree))
            #expect(late.status == .gatewayTimeout)
            // The job stops at its next box: the worker is free long before the drawing's end.
            let end = ContinuousClock.now + .seconds(5)
            while service.queue.inFlight > 0, ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(10)) }
            #expect(service.queue.inFlight == 0)
            #expect(service.queue.givenUp.stopped == 1)
            let next = try await client.execute(
                uri: "/render", method: .post, body: ByteBuffer(string: #"{"width": 10, "height": 10}"#))
            #expect(next.status == .ok)
        }
    }

    // MARK: - Warnings

    @Test func theWarningsHeaderIsCappedAndNamesNoServerPaths() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mush-warn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let images = (0..<3000).map { #"{"image": {"file": "missing-\#($0).png", "width": 4, "height": 4}}"# }
        let tree =
            #"{"flexDirection": "row", "flexWrap": "wrap", "width": 400, "children": [\#(images.joined(separator: ","))]}"#
        try await app(ServiceSettings(workers: 1, imageRoot: root.path)).test(.router) { client in
            let response = try await client.execute(uri: "/render", method: .post, body: ByteBuffer(string: tree))
            #expect(response.status == .ok)
            #expect(response.headers[MushService.warningCountField] == "3000")
            let header = try #require(response.headers[MushService.warningsField])
            #expect(header.utf8.count <= MushService.headerWarningBytes)
            let warnings = try #require(
                JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String])
            #expect(warnings.count == MushService.headerWarnings + 1)
            #expect(warnings.last == "… and \(3000 - MushService.headerWarnings) more warnings")
            #expect(warnings[0].contains("missing-0.png"))
            #expect(!header.contains(root.path))
            #expect(!header.contains(root.resolvingSymlinksInPath().path))
            // A layout gives them all in its body (here: 30 font families the fonts lack).
            let texts = (0..<30).map { #"{"text": "{font:Nope\#($0),12|x}|mush"}"# }
            let layout = try await client.execute(
                uri: "/layout", method: .post,
                body: ByteBuffer(string: #"{"children": [\#(texts.joined(separator: ","))]}"#))
            #expect(layout.headers[MushService.warningCountField] == "30")
            let object = try #require(
                JSONSerialization.jsonObject(with: Data(buffer: layout.body)) as? [String: Any])
            let all = try #require(object["warnings"] as? [String])
            #expect(all.count == 30)
            #expect(all[29] == "children[29].text: no font family 'Nope29'; DejaVu Sans was used instead")
            #expect(object["children"] as? [Any] != nil)
        }
    }

    // MARK: - Query parameters and bodies

    @Test func unknownAndRepeatedQueryParametersAreRefused() async throws {
        try await app(ServiceSettings(workers: 1)).test(.router) { client in
            let tree = ByteBuffer(string: #"{"width": 10, "height": 10}"#)
            let typo = try await client.execute(uri: "/render?sacle=2", method: .post, body: tree)
            #expect(typo.status == .badRequest)
            let error = try #require(JSONSerialization.jsonObject(with: Data(buffer: typo.body)) as? [String: Any])
            #expect(
                error["error"] as? String
                    == "?sacle: is not a parameter of /render (its parameters: background, format, page, pageMargin, pageNumber, pngCompression, quality, scale)"
            )
            let twice = try await client.execute(uri: "/render?scale=2&scale=3", method: .post, body: tree)
            #expect(twice.status == .badRequest)
            let measure = try await client.execute(
                uri: "/measure?width=3", method: .post, body: ByteBuffer(string: #"{"text": "a"}"#))
            #expect(measure.status == .badRequest)
            let fine = try await client.execute(uri: "/render?scale=2&format=svg", method: .post, body: tree)
            #expect(fine.status == .ok)
        }
    }

    @Test func numbersInTheQueryAreDecimalAndPagesHaveRoom() async throws {
        try await app(ServiceSettings(workers: 1)).test(.router) { client in
            let tree = ByteBuffer(string: #"{"width": 10, "height": 10}"#)
            func error(_ uri: String) async throws -> String? {
                let response = try await client.execute(uri: uri, method: .post, body: tree)
                #expect(response.status == .badRequest, "\(uri)")
                let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                return object?["error"] as? String
            }
            #expect(try await error("/render?scale=0x10") == "?scale: must be a number from 0.01 to 64 (it is '0x10')")
            #expect(try await error("/render?scale=inf")?.hasPrefix("?scale: must be a number") == true)
            #expect(try await error("/layout?hit=0x10,0x10")?.hasPrefix("?hit: must be two numbers") == true)
            #expect(try await error("/layout?width=1e999")?.hasPrefix("?width: must be points") == true)
            #expect(
                try await error("/render?page=1x1")
                    == "?page: must be a4, a5, a3, letter, legal or WIDTHxHEIGHT in points, each 72 to 1000000 (it is '1x1')"
            )
            #expect(
                try await error("/render?page=100x100&pageMargin=40")
                    == "?pageMargin: must leave at least 36 × 36 points of the page for its content (it leaves 20 × 20)"
            )
            let column = ByteBuffer(string: #"{"flexDirection": "column", "children": [{"height": 10}]}"#)
            let fine = try await client.execute(
                uri: "/render?scale=1.5e0&page=72x72&pageMargin=0", method: .post, body: column)
            #expect(fine.status == .ok)
        }
    }

    @Test func blankJSONLinesAreSkippedAndLinesKeepTheirNumbers() async throws {
        try await app(ServiceSettings(workers: 2)).test(.router) { client in
            let body = "\n  \n" + #"{"text": "Hi", "width": 50}"# + "\n\t\n" + #"{"text": 3}"# + "\r\n\n"
            let response = try await client.execute(
                uri: "/measure", method: .post, headers: [.contentType: "application/x-ndjson"],
                body: ByteBuffer(string: body))
            let answers = String(buffer: response.body).split(separator: "\n")
            #expect(answers.count == 2)
            #expect(answers[0].hasPrefix(#"{"height""#))
            #expect(answers[1] == #"{"error":"line 5: text: expected a string, not a number"}"#)
            // A megabyte of blank lines costs nothing but reading it.
            let blank = try await client.execute(
                uri: "/measure", method: .post, headers: [.contentType: "application/x-ndjson"],
                body: ByteBuffer(string: String(repeating: "\n", count: 1 << 19)))
            #expect(blank.status == .ok)
            #expect(blank.body.readableBytes == 0)
        }
    }

    // MARK: - Connections (a live server on a free port, spoken to through raw sockets)

    /// A live service on a free port of 127.0.0.1, given to `body`.
    func live(_ settings: ServiceSettings, _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        let service = MushService(settings: settings)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        try await service.application(hostname: "127.0.0.1", port: 0, logger: logger).test(.live) { client in
            try await body(try #require(client.port))
        }
    }

    @Test func malformedChunksAndUnknownCodingsAreBadRequests() async throws {
        try await live(ServiceSettings(workers: 1)) { port in
            let chunked =
                "POST /measure HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n"
            let answer = try RawClient.exchange(port: port, chunked)
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(200))")
            #expect(!answer.contains("larger than"))
        }
    }

    @Test func idleAndSlowConnectionsAreClosed() async throws {
        let settings = ServiceSettings(
            workers: 1, idleTimeout: .seconds(4), bodyTimeout: .milliseconds(300), maximumConnections: 8)
        // The body's time is far below the connection's, so that the 408 comes first on a loaded machine.
        try await live(settings) { port in
            // A body that does not arrive: 408.
            let slow = try RawClient.exchange(
                port: port, "POST /measure HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"te", waitFor: 20)
            #expect(slow.hasPrefix("HTTP/1.1 408"), "\(slow.prefix(200))")
            // Nothing sent: closed after the idle timeout (read gives end of file, not a timeout).
            let idle = try RawClient.exchange(port: port, "", waitFor: 20)
            #expect(idle.isEmpty)
            // Headers trickling: closed without an answer.
            let trickle = try RawClient.exchange(port: port, "POST /measure HTTP/1.1\r\nHost: x\r\n", waitFor: 20)
            #expect(trickle.isEmpty)
            let slowAgain = try RawClient.exchange(
                port: port, "POST /measure HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"te", waitFor: 20)
            #expect(slowAgain.hasPrefix("HTTP/1.1 408"), "\(slowAgain.prefix(200))")
        }
    }
}

/// A client over a raw TCP socket, for what an HTTP client library will not send.
enum RawClient {
    struct Failure: Error {}

    /// Sends `request` to 127.0.0.1:`port`, then reads until the server closes the connection or
    /// `waitFor` seconds pass; what was read, as text.
    static func exchange(port: Int, _ request: String, waitFor seconds: Int = 10) throws -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure() }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure() }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        if !bytes.isEmpty { _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) } }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                answer += buffer.prefix(count)
                continue
            }
            // The connection closed (0), or the wait ran out (-1): a timeout is a failure of the test.
            if count < 0 { throw Failure() }
            break
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
