import Hummingbird
import MushBox
import MushJSON

/// What the service answers instead of a result: an HTTP status and `{"error": "…", "path": "…"}`
/// (the path of the bad value in the request's JSON, empty where there is none).
public enum ServiceError: Error, Sendable, Equatable {
    /// Bad input (400): the request's own words, as `mush` prints them.
    case badRequest(RequestError)
    /// A body over the limit (413), in bytes.
    case tooLarge(limit: Int)
    /// The work queue is full (503).
    case busy
    /// The work took longer than the limit (504).
    case timedOut(Duration)
    /// The body did not arrive whole within the time allowed (408).
    case bodyTimedOut(Duration)
    /// Whoever asked has gone (the connection closed) before the work was done: nobody reads the
    /// answer (499, nginx's "client closed request", for the logs and metrics).
    case clientGone
    /// A query parameter that is not one of its values (400).
    case badParameter(name: String, problem: String)
    /// Nothing there (404).
    case notFound(String)

    /// The HTTP status the error is answered with.
    public var status: HTTPResponse.Status {
        switch self {
        case .badRequest, .badParameter: .badRequest
        case .tooLarge: .contentTooLarge
        case .busy: .serviceUnavailable
        case .notFound: .notFound
        case .timedOut: .gatewayTimeout
        case .bodyTimedOut: .requestTimeout
        case .clientGone: HTTPResponse.Status(code: 499, reasonPhrase: "Client Closed Request")
        }
    }

    /// The sentence of the answer.
    public var message: String {
        switch self {
        case .badRequest(let error): error.description
        case .tooLarge(let limit): "the body is larger than \(limit) bytes (the most the service takes)"
        case .busy: "the service is busy: every worker is working and the queue is full; try again"
        case .timedOut(let limit):
            "the work took longer than \(Self.seconds(limit)) s, the time limit"
        case .bodyTimedOut(let limit):
            "the body did not arrive within \(Self.seconds(limit)) s, the time allowed to send it"
        case .badParameter(let name, let problem): "?\(name): \(problem)"
        case .clientGone: "the client closed the connection before the answer was ready"
        case .notFound(let what): what
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        MushLimits.format(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    /// The JSON path of the bad value, where there is one.
    public var path: String {
        if case .badRequest(let error) = self { return error.path }
        return ""
    }

    /// The answer: the status, and the JSON object as the body.
    public var response: Response {
        let body = JSONValue.object(["error": .string(message), "path": .string(path)]).json + "\n"
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        if self == .busy { headers[.retryAfter] = "1" }
        if case .bodyTimedOut = self { headers[.connection] = "close" }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
