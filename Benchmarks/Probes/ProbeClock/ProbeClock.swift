// What the probes read of the process: a monotonic clock and the resident set.
import Glibc

/// Microseconds on the monotonic clock.
public func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

/// The resident set, in bytes (from /proc/self/statm); 0 when it cannot be read.
public func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 128)
    guard fgets(&line, 128, file) != nil else { return 0 }
    let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(
        separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
