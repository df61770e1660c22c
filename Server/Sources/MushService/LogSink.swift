import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Where the service's log lines go without ever holding up a request: a bounded buffer that a
/// thread of its own writes out to a file descriptor (standard error by default). When the reader
/// is slow or gone (a supervisor that reads late, a full pipe), lines past the buffer's room are
/// dropped and counted (``dropped``, and `mush_log_lines_dropped_total` in the metrics) instead of
/// blocking the thread that logs: a request never waits on `write(2)`.
public final class LogSink: Sendable {
    private struct State {
        var lines: [[UInt8]] = []
        var bytes = 0
    }

    /// The most bytes of lines waiting to be written: 1 MiB.
    public let capacity: Int
    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)
    private let droppedLines = Atomic<Int>(0)
    private let descriptor: Int32

    /// A sink writing to `descriptor` (2: standard error), holding at most `capacity` bytes waiting.
    public init(descriptor: Int32 = 2, capacity: Int = 1 << 20) {
        self.descriptor = descriptor
        self.capacity = capacity
        let thread = Thread { [self] in drain() }
        thread.name = "mush-log"
        thread.start()
    }

    /// The lines dropped because the buffer was full.
    public var dropped: Int { droppedLines.load(ordering: .relaxed) }

    /// Hands `line` (ending in a line feed) to the writer, or drops it where the buffer is full;
    /// never blocks beyond a short lock.
    public func write(_ line: [UInt8]) {
        let taken = state.withLock { state -> Bool in
            guard state.bytes + line.count <= capacity else { return false }
            state.lines.append(line)
            state.bytes += line.count
            return true
        }
        if taken {
            ready.signal()
        } else {
            droppedLines.add(1, ordering: .relaxed)
        }
    }

    /// A swift-log handler writing through this sink, as swift-log's stream handler formats lines.
    public func handler(label: String) -> some LogHandler { Handler(label: label, sink: self) }

    private func drain() {
        while true {
            ready.wait()
            let lines = state.withLock { state -> [[UInt8]] in
                defer { state = State() }
                return state.lines
            }
            for line in lines { writeAll(line) }
        }
    }

    private func writeAll(_ line: [UInt8]) {
        var offset = 0
        while offset < line.count {
            let written = line.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                // Nobody will read it (the pipe's reader is gone, the disk full): the line is lost.
                droppedLines.add(1, ordering: .relaxed)
                return
            }
            offset += written
        }
    }

    struct Handler: LogHandler {
        let label: String
        let sink: LogSink
        var logLevel: Logger.Level = .info
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = event.metadata.map { metadata.merging($0) { $1 } } ?? metadata
            var fields = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            if let error = event.error { fields += (fields.isEmpty ? "" : " ") + "error=\(error)" }
            let time = Date.now.formatted(.iso8601)
            let text = "\(time) \(event.level) \(label):\(fields.isEmpty ? "" : " " + fields) \(event.message)\n"
            sink.write(Array(text.utf8))
        }
    }
}
