import ArgumentParser
import Foundation
import Hummingbird
import Logging
import MushService

/// `mush-serve`: the render service on a port, until SIGTERM or SIGINT (requests in hand finish).
@main
struct MushServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mush-serve",
        abstract: "Serve mush's layout and drawing over HTTP (POST /render, /layout, /measure, /line, /parse).",
        discussion: """
            Stateless: run as many as you like behind any HTTP load balancer. Logs go to standard error \
            through a buffer of 1 MiB that never holds up a request: when nobody reads standard error, \
            lines past it are dropped and counted (mush_log_lines_dropped_total in GET /metrics). \
            Each request is logged at the debug level (--request-log-level).

            Limits on clients: a connection that sends no complete request for --idle-timeout \
            seconds (30) is closed, an idle keep-alive one or one sending its headers slowly; a body \
            must arrive within --body-timeout seconds (30), else 408; at most --max-connections (512) \
            are open at once, the next waiting to be accepted. A job past --time-limit (10 s) is \
            answered 504 and stopped at its next check; a job whose client has gone is never started.
            """)

    @Option(help: "The address to listen on.")
    var hostname = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free port, printed when listening).")
    var port = 8080
    @Option(help: "The only folder images are read from; without it, no image is read.")
    var imageRoot: String?
    @Option(help: "The folder whose JSON documents the playground (GET /) offers as examples.")
    var examples: String?
    @Option(help: "The largest request body, in bytes.")
    var bodyLimit = 1 << 20
    @Option(help: "The threads that lay out and draw (default: one a core).")
    var workers: Int?
    @Option(help: "How many jobs may wait for a worker before requests are answered 503 (default: 128 a worker).")
    var queue: Int?
    @Option(help: "The longest a job may take, in seconds, before it is answered 504.")
    var timeLimit = 10.0
    @Option(help: "The log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"
    @Option(help: "The level each request is logged at (with --log-level at or below it, each request is logged).")
    var requestLogLevel = "debug"
    @Option(help: "Seconds a connection may send no complete request before it is closed.")
    var idleTimeout = 30.0
    @Option(help: "Seconds a request's body may take to arrive before it is answered 408.")
    var bodyTimeout = 30.0
    @Option(help: "The most connections open at once; more wait to be accepted.")
    var maxConnections = 512

    func validate() throws {
        guard (1...65535).contains(port) || port == 0 else { throw ValidationError("--port must be 0 to 65535") }
        guard bodyLimit >= 1, bodyLimit <= 1 << 30 else {
            throw ValidationError("--body-limit must be 1 to 1073741824")
        }
        if let workers, !(1...1024).contains(workers) { throw ValidationError("--workers must be 1 to 1024") }
        if let queue, !(0...1_000_000).contains(queue) { throw ValidationError("--queue must be 0 to 1000000") }
        guard timeLimit.isFinite, timeLimit > 0, timeLimit <= 3600 else {
            throw ValidationError("--time-limit must be above 0 and at most 3600 seconds")
        }
        for (name, level) in [("--log-level", logLevel), ("--request-log-level", requestLogLevel)] {
            guard Logger.Level(rawValue: level) != nil else {
                throw ValidationError("\(name) '\(level)' is not a level")
            }
        }
        for (name, seconds) in [("--idle-timeout", idleTimeout), ("--body-timeout", bodyTimeout)] {
            guard seconds.isFinite, seconds >= 0.1, seconds <= 3600 else {
                throw ValidationError("\(name) must be 0.1 to 3600 seconds")
            }
        }
        guard (1...1_000_000).contains(maxConnections) else {
            throw ValidationError("--max-connections must be 1 to 1000000")
        }
        if let imageRoot {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: imageRoot, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--image-root \(imageRoot) is not a folder")
            }
        }
    }

    func run() async throws {
        // A reader of standard error that goes away must not end the service: the lost lines are
        // counted instead (sockets never raise SIGPIPE: SwiftNIO writes to them without it).
        signal(SIGPIPE, SIG_IGN)
        // Logs through a bounded buffer, never blocking a request on standard error.
        let sink = LogSink()
        LoggingSystem.bootstrap { sink.handler(label: $0) }
        var logger = Logger(label: "mush-serve")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let settings = ServiceSettings(
            bodyLimit: bodyLimit, workers: workers ?? ProcessInfo.processInfo.activeProcessorCount,
            queueCapacity: queue, timeLimit: .milliseconds(Int64(timeLimit * 1000)), imageRoot: imageRoot,
            examples: examples, idleTimeout: .milliseconds(Int64(idleTimeout * 1000)),
            bodyTimeout: .milliseconds(Int64(bodyTimeout * 1000)), maximumConnections: maxConnections,
            requestLogLevel: Logger.Level(rawValue: requestLogLevel) ?? .debug, logSink: sink)
        let service = MushService(settings: settings)
        let app = service.application(hostname: hostname, port: port, logger: logger)
        try await app.runService()
        service.queue.stop()
    }
}
