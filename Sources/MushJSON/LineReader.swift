import MushBase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads JSON Lines from a file descriptor (standard input by default) one line at a time, as the
/// batch commands do: memory stays that of the longest line, and a line is returned as soon as its
/// line feed arrives, so a batch can answer a co-process line by line.
///
/// A line is the bytes before a line feed, without a carriage return just before it (CRLF files
/// read like LF files). A last line without a line feed is read too; an input that ends with a line
/// feed has no empty line after it. Blank lines are returned (a batch answers each input line).
/// The bytes are not decoded: the JSON reader checks their UTF-8 and names the place of a bad byte.
public struct LineReader {
    let descriptor: Int32
    var buffer: [UInt8] = []
    var start = 0
    var atEnd = false
    /// The line feed ending the next line, when ``canReadWithoutWaiting()`` has found it, so that
    /// ``next()`` does not search for it again.
    var foundNewline: Int?

    /// The most bytes a line may hold (its line end not counted).
    public let limit: Int

    /// Reads lines from `fileDescriptor`, each at most `limit` bytes.
    public init(fileDescriptor: Int32 = 0, limit: Int = MushLimits.inputBytes) {
        descriptor = fileDescriptor
        self.limit = limit
    }

    /// The next line, or nil at the end of the input (or on a read error). A line longer than
    /// ``limit`` is read past and dropped, never held: its result is an error saying so.
    public mutating func next() -> Result<[UInt8], RequestError>? {
        nextLine().map { line in line.map { Array(buffer[$0]) } }
    }

    /// The next line as ``next()`` reads it, its bytes appended to `bytes`: the range they take
    /// there, or the error. (A batch gathers the lines of a chunk in one buffer this way: one
    /// allocation a chunk, not one a line, in the thread that reads alone.)
    public mutating func next(appendingTo bytes: inout [UInt8]) -> Result<Range<Int>, RequestError>? {
        nextLine().map { line in
            line.map { range in
                let start = bytes.count
                // Through the buffer's memory: a slice of it costs a retain and a release a line.
                buffer.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
                return start..<bytes.count
            }
        }
    }

    /// The next line's range in ``buffer`` (valid until the next read), or its error.
    private mutating func nextLine() -> Result<Range<Int>, RequestError>? {
        var searched = start
        while true {
            if let newline = foundNewline ?? firstNewline(from: searched) {
                foundNewline = nil
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = start..<end
                start = newline + 1
                return checked(line)
            }
            searched = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                var end = buffer.count
                if buffer[end - 1] == 0x0D { end -= 1 }
                let line = start..<end
                start = buffer.count
                return checked(line)
            }
            // Keep only the unread part, then read more after it.
            if start > 0 {
                buffer.removeFirst(start)
                searched -= start
                start = 0
            }
            if buffer.count > limit + 1 {
                // Too long already: skip to its end, holding none of it.
                return skipLongLine()
            }
            if !fill() { atEnd = true }
        }
    }

    /// `line`, or the error of a line longer than ``limit`` (one that ends just past it).
    private func checked(_ line: Range<Int>) -> Result<Range<Int>, RequestError> {
        line.count <= limit ? .success(line) : .failure(tooLong)
    }

    private var tooLong: RequestError {
        RequestError("the line is longer than \(limit) bytes (the most one line may hold)")
    }

    /// Reads past the rest of a line too long to keep, up to its line feed, and returns its error.
    private mutating func skipLongLine() -> Result<Range<Int>, RequestError> {
        while true {
            if let newline = firstNewline(from: 0) {
                buffer.removeFirst(newline + 1)
                start = 0
                return .failure(tooLong)
            }
            buffer.removeAll(keepingCapacity: true)
            start = 0
            if !fill() {
                atEnd = true
                return .failure(tooLong)
            }
        }
    }

    /// Whether ``next()`` would return without waiting for input: a whole line is already read, or
    /// the input has bytes (or its end) ready now. A batch sends what it has answered on when the
    /// next line is not there yet, so that a co-process gets each answer without waiting.
    public mutating func canReadWithoutWaiting() -> Bool {
        if atEnd || foundNewline != nil { return true }
        if let newline = firstNewline(from: start) {
            foundNewline = newline
            return true
        }
        var descriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// The offset of the first line feed in the buffer at or after `offset`, found by `memchr`
    /// (the reader's thread scans every byte of a batch, alone while the workers wait for lines).
    private func firstNewline(from offset: Int) -> Int? {
        guard offset < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes in
            memchr(bytes.baseAddress! + offset, 0x0A, bytes.count - offset).map {
                UnsafeRawPointer($0) - UnsafeRawPointer(bytes.baseAddress!)
            }
        }
    }

    /// Reads what is available (blocking until something is), up to 64 KiB; false at the end.
    mutating func fill() -> Bool {
        let chunk = 1 << 16
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { pointer in
                read(descriptor, pointer.baseAddress! + old, chunk)
            }
            if count < 0, errno == EINTR { continue }
            buffer.removeLast(chunk - max(count, 0))
            return count > 0
        }
    }
}
