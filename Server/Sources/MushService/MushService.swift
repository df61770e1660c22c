import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Mush
import MushBox
import MushImage
import MushJSON
import MushJobs
import MushRender
import MushText
import NIOCore
import Synchronization

/// The render service: the library's JSON contract behind HTTP. Build it with its settings, then
/// its ``router()`` (or ``application(hostname:port:logger:)``); it keeps its fonts, image headers
/// and workers warm across requests and no state between them (so instances can run side by side
/// behind any load balancer).
///
/// Routes (the DocC article "The render service" has the whole contract):
/// - `POST /render?format=png|svg|pdf&scale=S&background=C&page=SIZE&pageNumber=N`: the body as `mush render`
///   takes it; the picture, with its content type;
/// - `POST /layout?width=W&height=H&exact=true`, `POST /measure`, `POST /line`: one JSON object
///   answered with one, or (content type `application/x-ndjson`) JSON Lines answered line by line;
/// - `POST /parse?format=json|html|ansi|plain|mush`: the body is markup;
/// - `GET /healthz`, `GET /metrics` (Prometheus's text format);
/// - `GET /`: the playground, a page to edit a document and see it drawn (``Playground``), with
///   `GET /examples` and `GET /examples/NAME.json` (the examples folder's documents).
public final class MushService: Sendable {
    public let settings: ServiceSettings
    public let queue: WorkQueue
    public let metrics: ServiceMetrics
    let images: ImageFiles
    /// The image root's path and its resolved path, each with a `/` after it: taken out of the
    /// warnings, which then name images as the requests name them, not by the server's paths.
    let rootPrefixes: [String]

    public init(settings: ServiceSettings = ServiceSettings()) {
        self.settings = settings
        queue = WorkQueue(workers: settings.workers, capacity: settings.queueCapacity)
        metrics = ServiceMetrics()
        images = settings.images()
        var prefixes: [String] = []
        for path in [images.resolvedRoot, images.root].compactMap({ $0 }) where !path.isEmpty && path != "/" {
            let prefix = path.hasSuffix("/") ? path : path + "/"
            if !prefixes.contains(prefix) { prefixes.append(prefix) }
        }
        rootPrefixes = prefixes
    }

    /// The service's routes, with its metrics and request logs.
    public func router() -> Router<MushRequestContext> {
        let router = Router(context: MushRequestContext.self)
        router.add(middleware: metrics.recorder())
        router.add(middleware: LogRequestsMiddleware(settings.requestLogLevel))
        router.get("healthz") { _, _ in Self.text("ok\n") }
        router.get("/") { _, _ in Playground.page() }
        router.get("playground.js") { _, _ in Playground.pageScript() }
        router.get("examples") { [settings] _, _ in Playground.exampleList(in: settings.examples) }
        router.get("examples/:name") { [settings] _, context in
            Playground.example(context.parameters.get("name") ?? "", in: settings.examples)
        }
        router.get("metrics") { [metrics, queue, settings] _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody(
                    byteBuffer: ByteBuffer(string: metrics.text(queue: queue, logSink: settings.logSink))))
        }
        router.post("render") { [self] request, context in
            await answer { () throws(ServiceError) in try await render(request, context) }
        }
        router.post("layout") { [self] request, context in
            await answer { () throws(ServiceError) in try await layout(request, context) }
        }
        router.post("measure") { [self] request, context in
            await answer { () throws(ServiceError) in try await measure(request, context) }
        }
        router.post("line") { [self] request, context in
            await answer { () throws(ServiceError) in try await line(request, context) }
        }
        router.post("parse") { [self] request, context in
            await answer { () throws(ServiceError) in try await parse(request, context) }
        }
        return router
    }

    /// An application serving ``router()`` at `hostname`:`port`; it stops gracefully on SIGTERM
    /// (`runService()`): requests in hand finish. Connections are closed after
    /// ``ServiceSettings/idleTimeout`` without a complete request, and at most
    /// ``ServiceSettings/maximumConnections`` are open at once.
    public func application(hostname: String, port: Int, logger: Logger) -> some ApplicationProtocol {
        Application(
            router: router(),
            server: .http1(configuration: .init(idleTimeout: TimeAmount(settings.idleTimeout))),
            configuration: .init(
                address: .hostname(hostname, port: port), serverName: "mush-serve",
                availableConnectionsDelegate: .maximum(settings.maximumConnections, logger: logger)),
            logger: logger)
    }

    // MARK: - Routes

    private func render(_ request: Request, _ context: MushRequestContext) async throws(ServiceError) -> Response {
        let query = try Self.query(
            request, ["format", "scale", "page", "pageMargin", "pageNumber", "background", "quality", "pngCompression"])
        let format = try Self.choice(query, "format", RenderFormat.allCasesByName, default: .png)
        let quality = try Self.number(query, "quality", default: Double(RenderOptions.defaultQuality), in: 1...100)
        guard quality == quality.rounded() else {
            throw .badParameter(
                name: "quality", problem: "must be a whole number from 1 to 100 (it is \(MushLimits.format(quality)))")
        }
        let compression = try Self.choice(
            query, "pngCompression", PNGCompression.allCases.map { ($0.rawValue, $0) }, default: .fast)
        let scale = try Self.number(query, "scale", default: 1, in: RenderOptions.minimumScale...64)
        var page: RenderJob.PageSize?
        if let name = query.get("page") {
            let margin = try Self.number(query, "pageMargin", default: 36, in: 0...1_000_000)
            let shown = "?page=\(name.prefix(40))&pageMargin=\(MushLimits.format(margin))"
            guard let size = RenderJob.PageSize(named: name, margin: BoxEdges(margin), givenAs: shown) else {
                throw .badParameter(
                    name: "page",
                    problem: "must be \(PageSetup.sizeChoices) (it is '\(name.prefix(40))')")
            }
            guard size.hasRoom else {
                throw .badParameter(
                    name: "pageMargin",
                    problem: PageSetup.roomProblem(width: size.width, height: size.height, margin: size.margin))
            }
            page = size
        }
        let pageNumber = try Self.number(query, "pageNumber", default: 1, in: 1...Double(BoxPages.maximumPages))
        // White under everything, as `mush render` draws, unless asked otherwise.
        var background: MushColor? = MushColor(hex: "#fff")
        if let given = query.get("background") {
            guard given == "none" || MushColor(hex: given) != nil else {
                throw .badParameter(
                    name: "background",
                    problem: "must be a colour (#rgb, #rgba, #rrggbb, #rrggbbaa) or none (it is '\(given.prefix(40))')")
            }
            background = given == "none" ? nil : MushColor(hex: given)
        }
        let body = try await body(request, context)
        // (The job draws with the images it reads with, `images` below.)
        var options = RenderOptions(scale: scale, background: background)
        options.quality = Int(quality)
        options.pngCompression = compression
        let job = RenderJob(format: format, options: options, page: page)
        let (fonts, images) = (settings.fonts, images)
        let wanted = Int(pageNumber) - 1
        let drawn = try await queue.run(limit: settings.timeLimit, stillWanted: context.stillWanted) {
            (cancellation: Cancellation) throws(ServiceError) in
            // Only the page asked for is kept.
            var kept: Rendering?
            let result: RenderJob.Result
            var job = job
            job.options.cancellation = cancellation
            do throws(RequestError) {
                result = try job.run(body, fonts: fonts, images: images) { index, rendering in
                    if index == wanted { kept = rendering }
                    return index < wanted
                }
            } catch {
                throw .badRequest(error)
            }
            return (kept ?? result.renderings.first, result.pageCount, result.warnings)
        }
        guard let picture = drawn.0 else {
            throw .badParameter(name: "pageNumber", problem: "there are \(drawn.1 ?? 1) pages")
        }
        var headers = warningHeaders(drawn.2)
        headers[.contentType] = format.contentType
        if let count = drawn.1 { headers[Self.pagesField] = String(count) }
        return Response(
            status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: picture.data)))
    }

    private func layout(_ request: Request, _ context: MushRequestContext) async throws(ServiceError) -> Response {
        let query = try Self.query(request, ["width", "height", "exact", "hit"])
        let width = try Self.space(query, "width")
        let height = try Self.space(query, "height")
        let rounding: BoxRounding = try Self.flag(query, "exact") ? .exact : .edges
        let (fonts, images) = (settings.fonts, images)
        if let hit = query.get("hit") {
            // The boxes under a point, topmost first (what the playground outlines).
            let parts = hit.split(separator: ",", omittingEmptySubsequences: false).compactMap {
                DecimalNumber.value(of: $0)
            }
            guard parts.count == 2, parts.allSatisfy({ abs($0) <= 1_000_000 }) else {
                throw .badParameter(
                    name: "hit", problem: "must be two numbers of points, X,Y (it is '\(hit.prefix(40))')")
            }
            let body = try await body(request, context)
            return try await one(context) { () throws(RequestError) in
                let request = try BoxRequest(json: body, fonts: fonts, images: images)
                let json = try request.hitsJSON(
                    x: parts[0], y: parts[1], width: width, height: height, rounding: rounding)
                return BatchAnswer(output: json + "\n", warnings: request.unpagedWarnings)
            }
        }
        if Self.isJSONLines(request) {
            return try await lines(request, context) { line, number in
                BatchAnswer.layout(
                    line, number: number, fonts: fonts, width: width, height: height, rounding: rounding, images: images
                )
            }
        }
        let body = try await body(request, context)
        return try await one(context, warningsInBody: true) { () throws(RequestError) in
            try BatchAnswer.boxesLaidOut(
                body, fonts: fonts, width: width, height: height, rounding: rounding, images: images)
        }
    }

    private func measure(_ request: Request, _ context: MushRequestContext) async throws(ServiceError) -> Response {
        _ = try Self.query(request, [])
        let fonts = settings.fonts
        if Self.isJSONLines(request) {
            return try await lines(request, context) { line, number in
                BatchAnswer.measure(line, number: number, fonts: fonts)
            }
        }
        let body = try await body(request, context)
        return try await one(context) { () throws(RequestError) in try BatchAnswer.measured(body, fonts: fonts) }
    }

    private func line(_ request: Request, _ context: MushRequestContext) async throws(ServiceError) -> Response {
        _ = try Self.query(request, [])
        let lineRequest = LineRequest(fonts: settings.fonts, images: images)
        if Self.isJSONLines(request) {
            return try await lines(request, context) { line, number in
                BatchAnswer.line(line, number: number, request: lineRequest)
            }
        }
        let body = try await body(request, context)
        return try await one(context) { () throws(RequestError) in try BatchAnswer.laidOut(body, request: lineRequest) }
    }

    private func parse(_ request: Request, _ context: MushRequestContext) async throws(ServiceError) -> Response {
        let formats = [
            "json": "application/json", "html": "text/html", "ansi": "text/plain", "plain": "text/plain",
            "mush": "text/plain",
        ]
        let format = try Self.choice(
            try Self.query(request, ["format"]), "format", formats.keys.map { ($0, $0) }, default: "json")
        let body = try await body(request, context)
        let output = try await queue.run(limit: settings.timeLimit, stillWanted: context.stillWanted) {
            () throws(ServiceError) in
            // Invalid UTF-8 becomes U+FFFD, with a diagnostic.
            let document = Mush.parse(utf8: body)
            let warnings =
                format == "json"
                ? []
                : document.diagnostics.map {
                    "\($0.message) at \($0.range.lowerBound)..<\($0.range.upperBound)"
                }
            switch format {
            case "html": return (document.html(), warnings)
            case "ansi": return (document.ansi(), warnings)
            case "plain": return (document.plainText, warnings)
            case "mush":
                do {
                    return (try document.mush(), warnings)
                } catch {
                    throw .badRequest(RequestError("\(error)"))
                }
            default: return (document.json(), warnings)
            }
        }
        var headers = warningHeaders(output.1)
        headers[.contentType] = formats[format]! + "; charset=utf-8"
        let text = output.0.hasSuffix("\n") ? output.0 : output.0 + "\n"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    // MARK: - One object, or JSON Lines

    /// One request answered on a worker: its JSON, its warnings in the header.
    /// With `warningsInBody`, a result object with warnings gets them all, under `"warnings"`
    /// (the header holds only the first).
    private func one(
        _ context: MushRequestContext, warningsInBody: Bool = false,
        _ work: @escaping @Sendable () throws(RequestError) -> BatchAnswer
    ) async throws(ServiceError) -> Response {
        let answer = try await queue.run(limit: settings.timeLimit, stillWanted: context.stillWanted) {
            () throws(ServiceError) in
            do throws(RequestError) {
                return try work()
            } catch {
                throw .badRequest(error)
            }
        }
        var headers = warningHeaders(answer.warnings)
        headers[.contentType] = "application/json; charset=utf-8"
        var bytes = answer.bytes
        if warningsInBody, !answer.warnings.isEmpty, bytes.suffix(2) == [0x7D, 0x0A] {
            // `…}` and a line feed: the last member added before the brace.
            let list = JSONValue.array(answer.warnings.map { .string(relativeToRoot($0)) }).json
            bytes.removeLast(2)
            bytes += Array(#","warnings":"#.utf8) + Array(list.utf8) + [0x7D, 0x0A]
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// JSON Lines in (the whole body, within the limit), JSON Lines out: each line answered on a
    /// worker (as many at once as there are workers), written back in order as soon as it and
    /// those before it are done; a bad line is answered by its own error line, and costs no other.
    /// Blank lines (nothing but spaces and tabs) are skipped, and each line keeps its number in the
    /// body for its error.
    private func lines(
        _ request: Request, _ context: MushRequestContext, _ answer: @escaping @Sendable ([UInt8], Int) -> BatchAnswer
    ) async throws(ServiceError) -> Response {
        let body = try await body(request, context)
        var lines: [(number: Int, line: [UInt8])] = []
        for (index, line) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = line.last == 0x0D ? line.dropLast() : line
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            lines.append((index + 1, Array(line)))
        }
        let (queue, limit, window, stillWanted) = (queue, settings.timeLimit, settings.workers, context.stillWanted)
        var headers = HTTPFields()
        headers[.contentType] = "application/x-ndjson; charset=utf-8"
        let all = lines
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                var pending: [Task<[UInt8], Never>] = []
                func next(_ index: Int) -> Task<[UInt8], Never> {
                    let (number, line) = all[index]
                    return Task {
                        do throws(ServiceError) {
                            return try await queue.run(limit: limit, stillWanted: stillWanted) {
                                () throws(ServiceError) in answer(line, number).bytes
                            }
                        } catch {
                            return Array(JSONValue.errorLine("line \(number): \(error.message)").utf8)
                        }
                    }
                }
                var started = 0
                while started < all.count || !pending.isEmpty {
                    while started < all.count, pending.count < window {
                        pending.append(next(started))
                        started += 1
                    }
                    let output = await pending.removeFirst().value
                    try await writer.write(ByteBuffer(bytes: output))
                }
                try await writer.finish(nil)
            })
    }

    // MARK: - Helpers

    /// The route's answer, or its error's.
    private func answer(_ route: () async throws(ServiceError) -> Response) async -> Response {
        do throws(ServiceError) {
            return try await route()
        } catch {
            return error.response
        }
    }

    /// The header that holds a response's warnings: a JSON array of strings, in ASCII.
    public static let warningsField = HTTPField.Name("Mush-Warnings")!
    /// The header that holds a paged document's page count.
    public static let pagesField = HTTPField.Name("Mush-Pages")!

    /// The header that holds how many warnings the answer had, where there were any (the
    /// `Mush-Warnings` header may hold only the first of them).
    public static let warningCountField = HTTPField.Name("Mush-Warning-Count")!
    /// The most warnings `Mush-Warnings` holds: 20.
    public static let headerWarnings = 20
    /// The most bytes `Mush-Warnings` takes: 4,096 (common proxies refuse headers past 8 KB in all),
    /// each warning cut to 300 characters.
    public static let headerWarningBytes = 4096

    /// A warning with the image root's paths taken out, so that it names images as the request does.
    func relativeToRoot(_ warning: String) -> String {
        rootPrefixes.reduce(warning) { $0.replacingOccurrences(of: $1, with: "") }
    }

    /// The warnings' headers: `Mush-Warning-Count`, and `Mush-Warnings` holding the first of them
    /// (``headerWarnings`` at most, within ``headerWarningBytes``; a last string says how many
    /// more there were), with paths under the image root named relative to it.
    func warningHeaders(_ warnings: [String]) -> HTTPFields {
        var headers = HTTPFields()
        guard !warnings.isEmpty else { return headers }
        headers[Self.warningCountField] = String(warnings.count)
        var kept: [String] = []
        var bytes = 2
        for warning in warnings.prefix(Self.headerWarnings) {
            var text = relativeToRoot(warning)
            if text.count > 300 { text = text.prefix(299) + "…" }
            let size = Self.asciiJSON(.string(text)).utf8.count + 1
            // Room kept for the closing count.
            guard bytes + size <= Self.headerWarningBytes - 64 else { break }
            kept.append(text)
            bytes += size
        }
        if kept.count < warnings.count { kept.append("… and \(warnings.count - kept.count) more warnings") }
        headers[Self.warningsField] = Self.asciiJSON(.array(kept.map(JSONValue.string)))
        return headers
    }

    /// JSON with every character outside printable ASCII written as `\uXXXX` (a header's value).
    static func asciiJSON(_ value: JSONValue) -> String {
        var text = ""
        for unit in value.json.utf16 {
            if unit >= 0x20, unit < 0x7F {
                text.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            } else {
                text += "\\u" + String(format: "%04x", unit)
            }
        }
        return text
    }

    static func text(_ string: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: string)))
    }

    static func isJSONLines(_ request: Request) -> Bool {
        request.headers[.contentType]?.lowercased().hasPrefix("application/x-ndjson") ?? false
    }

    /// The body, at most ``ServiceSettings/bodyLimit`` bytes, arrived within
    /// ``ServiceSettings/bodyTimeout``: more is ``ServiceError/tooLarge(limit:)``, later
    /// ``ServiceError/bodyTimedOut(_:)`` (the connection's input is then closed, so that the reading
    /// ends and the answer can still be written), and a body that cannot be read (a malformed
    /// chunk, a transfer coding the service does not take) a bad request that says why.
    func body(_ request: Request, _ context: MushRequestContext) async throws(ServiceError) -> [UInt8] {
        let (limit, timeout) = (settings.bodyLimit, settings.bodyTimeout)
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw .tooLarge(limit: limit)
        }
        let result = await withTaskGroup(of: Result<[UInt8], ServiceError>?.self) { group in
            group.addTask {
                do {
                    var buffer = try await request.body.collect(upTo: limit)
                    return .success(buffer.readBytes(length: buffer.readableBytes) ?? [])
                } catch is NIOTooManyBytesError {
                    return .failure(.tooLarge(limit: limit))
                } catch is CancellationError {
                    return nil
                } catch {
                    return .failure(.badRequest(RequestError("the body could not be read: \(error)")))
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                guard !Task.isCancelled else { return nil }
                context.stopReading()
                return .failure(.bodyTimedOut(timeout))
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(.bodyTimedOut(timeout))
        }
        return try result.get()
    }

    /// The request's query parameters, each one of `known` and given once: an unknown one (a typo
    /// that would otherwise be ignored) or one given twice is a bad request, as the JSON refuses
    /// unknown and repeated keys.
    static func query(_ request: Request, _ known: Set<String>) throws(ServiceError) -> Parameters {
        let query = request.uri.queryParameters
        var seen: Set<Substring> = []
        for (name, _) in query {
            guard known.contains(String(name)) else {
                let names = known.isEmpty ? "none" : known.sorted().joined(separator: ", ")
                throw .badParameter(
                    name: String(name.prefix(40)),
                    problem: "is not a parameter of \(request.uri.path) (its parameters: \(names))")
            }
            guard seen.insert(name).inserted else {
                throw .badParameter(name: String(name), problem: "is given more than once")
            }
        }
        return query
    }

    static func choice<Value>(
        _ query: Parameters, _ name: String, _ choices: [(String, Value)], default value: Value
    ) throws(ServiceError) -> Value {
        guard let given = query.get(name) else { return value }
        guard let found = choices.first(where: { $0.0 == given.lowercased() }) else {
            let names = choices.map(\.0).sorted().joined(separator: ", ")
            throw .badParameter(name: name, problem: "must be one of \(names) (it is '\(given.prefix(40))')")
        }
        return found.1
    }

    static func number(
        _ query: Parameters, _ name: String, default value: Double, in range: ClosedRange<Double>
    ) throws(ServiceError) -> Double {
        guard let given = query.get(name) else { return value }
        guard let number = DecimalNumber.value(of: given), range.contains(number) else {
            throw .badParameter(
                name: name,
                problem:
                    "must be a number from \(MushLimits.format(range.lowerBound)) to \(MushLimits.format(range.upperBound)) (it is '\(given.prefix(40))')"
            )
        }
        return number
    }

    static func flag(_ query: Parameters, _ name: String) throws(ServiceError) -> Bool {
        try choice(query, name, [("true", true), ("false", false)], default: false)
    }

    /// `max-content` (the default), `min-content`, or points from 0 to 1000000.
    static func space(_ query: Parameters, _ name: String) throws(ServiceError) -> AvailableSpace {
        guard let given = query.get(name) else { return .maxContent }
        switch given {
        case "max-content": return .maxContent
        case "min-content": return .minContent
        default:
            guard let points = DecimalNumber.value(of: given), (0...1_000_000).contains(points) else {
                throw .badParameter(
                    name: name,
                    problem:
                        "must be points from 0 to 1000000, max-content or min-content (it is '\(given.prefix(40))')")
            }
            return .points(points)
        }
    }
}

extension RenderFormat {
    /// The formats by their names in a query.
    static let allCasesByName: [(String, RenderFormat)] = [
        ("png", .png), ("jpeg", .jpeg), ("jpg", .jpeg), ("webp", .webp), ("svg", .svg), ("pdf", .pdf),
    ]

    /// The format's media type.
    var contentType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        case .svg: "image/svg+xml"
        case .pdf: "application/pdf"
        }
    }
}
