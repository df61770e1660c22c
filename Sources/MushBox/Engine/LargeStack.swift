#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work that recurses once per level of a deep tree (the engine's layout, and the JSON reader and
/// writer: a box tree 1,000 levels deep is 2,000 levels of JSON), run on a thread of its own with a
/// stack large enough for it whatever thread asks: a task's thread may have as little as 512 KiB, and
/// a debug build's frames take kilobytes a level. Shared by the package's modules, not public.
package enum LargeStack {
    /// The stack of the thread: address space reserved, not memory used, until the work reaches into
    /// it.
    package static let size = 512 << 20

    /// `body`'s result, computed on a new thread with a ``size``-byte stack while this one waits
    /// (here, when no such thread can be made).
    package static func run<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let result: Result<T, Failure> = withoutActuallyEscaping(body) { body in
            let job = LargeStackJob { () -> Result<T, Failure> in
                do throws(Failure) {
                    return .success(try body())
                } catch {
                    return .failure(error)
                }
            }
            return job.runOnLargeStack() ?? job.work()
        }
        return try result.get()
    }
}

/// The thread's entry point calls ``run()`` through this class, which is not generic.
private class LargeStackWork {
    func run() {}
}

/// One piece of work and its result, handed to the new thread by pointer.
private final class LargeStackJob<Value>: LargeStackWork {
    let work: () -> Value
    var value: Value?

    init(_ work: @escaping () -> Value) {
        self.work = work
    }

    override func run() {
        value = work()
    }

    /// Runs the work on a new thread and waits for it; nil when the thread could not be made.
    func runOnLargeStack() -> Value? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, LargeStack.size)
        let job = Unmanaged.passRetained(self as LargeStackWork)
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, &attributes,
            { pointer in
                Unmanaged<LargeStackWork>.fromOpaque(pointer!).takeUnretainedValue().run()
                return nil
            }, job.toOpaque())
        defer { job.release() }
        guard status == 0 else { return nil }
        #if canImport(Darwin)
            pthread_join(thread!, nil)
        #else
            pthread_join(thread, nil)
        #endif
        return value
    }
}

extension BoxNode {
    /// Whether the tree has more than `levels` levels below this node (visiting at most that deep).
    func isDeeper(than levels: Int) -> Bool {
        if levels <= 0 { return !children.isEmpty }
        for child in children where child.isDeeper(than: levels - 1) { return true }
        return false
    }
}
