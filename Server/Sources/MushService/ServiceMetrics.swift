import Foundation
import Hummingbird
import Metrics
import Prometheus
import Synchronization

/// The service's metrics, through swift-metrics into a Prometheus registry of its own (no global
/// bootstrap: two services in one process, as in tests, count apart): requests and errors by route
/// and status, the latency of each route as a histogram, the requests in hand and the jobs in the
/// work queue. `GET /metrics` writes them in Prometheus's text format.
public final class ServiceMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    let factory: PrometheusMetricsFactory
    private let inHand = Mutex(0)

    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
            .seconds(2.5), .seconds(5), .seconds(10),
        ]
        self.factory = factory
    }

    /// The routes counted by name; anything else is `other` (so that scanners cannot grow the
    /// registry without bound).
    static let routes: Set<String> = ["/render", "/layout", "/measure", "/line", "/parse", "/healthz", "/metrics", "/"]

    /// Counts a request that was answered `status` after `duration`.
    func record(path: String, method: String, status: Int, duration: Duration) {
        let route = Self.routes.contains(path) ? path : "other"
        let dimensions = [("route", route), ("method", method), ("status", String(status))]
        Counter(label: "mush_requests_total", dimensions: dimensions, factory: factory).increment()
        if status >= 400 {
            Counter(label: "mush_request_errors_total", dimensions: dimensions, factory: factory).increment()
        }
        Timer(label: "mush_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            .recordNanoseconds(
                Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    /// The metrics in Prometheus's text format, with the requests in hand and the queue's jobs as
    /// they are now.
    func text(queue: WorkQueue, logSink: LogSink?) -> String {
        Gauge(label: "mush_requests_in_flight", factory: factory).record(inHand.withLock { $0 })
        Gauge(label: "mush_work_in_flight", factory: factory).record(queue.inFlight)
        Gauge(label: "mush_workers", factory: factory).record(queue.workers)
        let givenUp = queue.givenUp
        Gauge(label: "mush_jobs_never_started_total", factory: factory).record(givenUp.skipped)
        Gauge(label: "mush_jobs_stopped_total", factory: factory).record(givenUp.stopped)
        if let logSink { Gauge(label: "mush_log_lines_dropped_total", factory: factory).record(logSink.dropped) }
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The middleware that counts every request.
    func recorder() -> some RouterMiddleware<MushRequestContext> { Recorder(metrics: self) }

    struct Recorder: RouterMiddleware {
        typealias Context = MushRequestContext
        let metrics: ServiceMetrics

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
            async throws -> Response
        {
            let start = ContinuousClock.now
            metrics.inHand.withLock { $0 += 1 }
            defer { metrics.inHand.withLock { $0 -= 1 } }
            do {
                let response = try await next(request, context)
                metrics.record(
                    path: request.uri.path, method: request.method.rawValue, status: response.status.code,
                    duration: ContinuousClock.now - start)
                return response
            } catch {
                let status = (error as? any HTTPResponseError)?.status.code ?? 500
                metrics.record(
                    path: request.uri.path, method: request.method.rawValue, status: status,
                    duration: ContinuousClock.now - start)
                throw error
            }
        }
    }
}
