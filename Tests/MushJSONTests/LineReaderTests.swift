import MushJSON
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// JSON Lines as the batch commands read them, through a real pipe.
@Suite("Line reader")
struct LineReaderTests {
    /// The lines `LineReader` reads from a pipe that `bytes` are written to, line by line; read
    /// again into one buffer (`next(appendingTo:)`, as a batch's chunks are), they must be the
    /// same.
    func lines(_ bytes: [UInt8], limit: Int = 1 << 24) -> [String] {
        let read = lines(bytes, limit: limit, appending: false)
        #expect(lines(bytes, limit: limit, appending: true) == read, "read into one buffer")
        return read
    }

    /// The lines `LineReader` reads from a pipe that `bytes` are written to (by another thread, so
    /// that a large input does not fill the pipe before it is read).
    func lines(_ bytes: [UInt8], limit: Int, appending: Bool) -> [String] {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return ["pipe failed"] }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        let writer = Thread {
            bytes.withUnsafeBufferPointer { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(writeEnd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        writer.start()
        var reader = LineReader(fileDescriptor: readEnd, limit: limit)
        var lines: [String] = []
        var buffer: [UInt8] = [0x2A] // (what was there before stays)
        while true {
            if appending {
                guard let line = reader.next(appendingTo: &buffer) else { break }
                switch line {
                case .success(let range): lines.append(String(decoding: buffer[range], as: UTF8.self))
                case .failure(let error): lines.append("error: \(error)")
                }
            } else {
                guard let line = reader.next() else { break }
                switch line {
                case .success(let bytes): lines.append(String(decoding: bytes, as: UTF8.self))
                case .failure(let error): lines.append("error: \(error)")
                }
            }
        }
        #expect(buffer.first == 0x2A)
        close(readEnd)
        return lines
    }

    @Test func linesAndLineEnds() {
        #expect(lines(Array("a\nb\n".utf8)) == ["a", "b"], "a final line feed makes no empty line")
        #expect(lines(Array("a\r\nb\r\n".utf8)) == ["a", "b"], "CRLF reads like LF")
        #expect(
            lines(Array("a\n\n\r\nb".utf8)) == ["a", "", "", "b"], "blank lines are lines; the last needs no line feed")
        #expect(lines(Array("a\rb\n".utf8)) == ["a\rb"], "a lone CR is part of the line")
        #expect(lines([]) == [])
        #expect(lines(Array("\n".utf8)) == [""])
    }

    @Test func longLinesAcrossReads() {
        let long = String(repeating: "x", count: 200_000)
        let input = Array((long + "\r\n" + "y\n" + long).utf8)
        #expect(lines(input) == [long, "y", long])
    }

    /// A line past the limit is an error in its place, read past without being held; the lines
    /// around it are read as ever, a line of exactly the limit (and its CR) included.
    @Test func aLineLongerThanTheLimitIsAnError() {
        let tooLong = "error: the line is longer than 100000 bytes (the most one line may hold)"
        let exact = String(repeating: "x", count: 100_000)
        let input = "a\n" + String(repeating: "y", count: 1_000_000) + "\n" + exact + "\r\n" + exact + "z\nb\n"
        #expect(lines(Array(input.utf8), limit: 100_000) == ["a", tooLong, exact, tooLong, "b"])
        // Without a line feed at the end, too.
        #expect(lines(Array(("a\n" + exact + "zz").utf8), limit: 100_000) == ["a", tooLong])
    }
}

/// Runs a closure on a new thread (Foundation-free).
final class Thread: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
    func start() {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &thread, nil,
            { pointer in
                let me = Unmanaged<Thread>.fromOpaque(pointer!).takeRetainedValue()
                me.body()
                return nil
            }, box)
        pthread_detach(thread)
    }
}
