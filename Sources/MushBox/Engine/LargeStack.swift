#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs work that recurses once per level of a deep tree on a thread of its own with a large stack,
/// so that a tree of ``BoxError/maximumDepth`` levels lays out on any calling thread (a secondary
/// thread's stack can be as small as 512 KB).
enum LargeStack {
    /// The stack of the helper thread: address space reserved, not memory used.
    static let size = 512 << 20

    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// `body`'s result, computed on a thread with a stack of ``size`` bytes (or on this thread when no
    /// thread can be made).
    static func run<Result>(_ body: () -> Result) -> Result {
        withoutActuallyEscaping(body) { body in
            var result: Result?
            let work = Work { result = body() }
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, size)
            let context = Unmanaged.passRetained(work).toOpaque()
            #if canImport(Glibc)
                var thread = pthread_t()
            #else
                var thread: pthread_t?
            #endif
            let status = pthread_create(
                &thread, &attributes,
                { context in
                    Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
                    return nil
                }, context)
            if status == 0 {
                #if canImport(Glibc)
                    pthread_join(thread, nil)
                #else
                    pthread_join(thread!, nil)
                #endif
            } else {
                Unmanaged<Work>.fromOpaque(context).release()
                result = body()
            }
            return result!
        }
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
