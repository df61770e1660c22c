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

    /// Whether this thread is one that ``run(_:)`` made (a deep tree's work can go on here).
    package static var isCurrent: Bool { pthread_getspecific(marker) != nil }

    /// `body`'s result, computed on a new thread with a ``size``-byte stack while this one waits
    /// (here, when no such thread can be made, or when this thread is already one: reading, laying
    /// out and writing a deep tree nest their calls, and one thread serves them all).
    package static func run<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        if pthread_getspecific(marker) != nil { return try body() }
        func result() -> Result<T, Failure> {
            do throws(Failure) {
                return .success(try body())
            } catch {
                return .failure(error)
            }
        }
        var outcome: Result<T, Failure>?
        let stack = stacks.take()
        defer { if let stack { stacks.give(stack) } }
        let started = onThread(stackSize: size, stack: stack) {
            pthread_setspecific(marker, UnsafeRawPointer(bitPattern: 1))
            outcome = result()
        }
        return try (started ? outcome! : result()).get()
    }

    /// Runs `body` on a new thread with a stack of `stackSize` bytes (at `stack` when given, else one
    /// the system makes) and waits for it; false, and `body` not run, when no such thread can be
    /// made.
    package static func onThread(stackSize: Int, stack: UnsafeMutableRawPointer? = nil, _ body: () -> Void) -> Bool {
        withoutActuallyEscaping(body) { body in
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            if let stack {
                pthread_attr_setstack(&attributes, stack, stackSize)
            } else {
                pthread_attr_setstacksize(&attributes, stackSize)
            }
            let work = Unmanaged.passRetained(ThreadWork(body))
            defer { work.release() }
            #if canImport(Darwin)
                var thread: pthread_t?
            #else
                var thread = pthread_t()
            #endif
            let status = pthread_create(
                &thread, &attributes,
                { pointer in
                    Unmanaged<ThreadWork>.fromOpaque(pointer!).takeUnretainedValue().body()
                    return nil
                }, work.toOpaque())
            guard status == 0 else { return false }
            #if canImport(Darwin)
                pthread_join(thread!, nil)
            #else
                pthread_join(thread, nil)
            #endif
            return true
        }
    }

    /// The stacks of finished threads, for the next: the system unmaps a stack this large when its
    /// thread ends, and the next deep layout would fault every page it touches in again (three fifths
    /// of the time of a chain 1,000 deep).
    private static let stacks = StackPool(size: size)

    /// Set (to any value) on the threads ``run(_:)`` makes.
    private static let marker: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}

/// Thread stacks of one size, mapped once and reused: at most two are kept; more, for threads laying
/// out at the same time, are mapped and unmapped as needed. A kept stack holds the pages the deepest
/// work on it touched (about 7 KB a level of a box tree in a release build: 7 MB for the deepest tree
/// the engine takes), as a thread pool's stacks would; releasing them (`MADV_FREE`) made a deep
/// layout up to twice as slow. Each has a page at its low end that faults, so
/// that an overflow stops the process rather than writing past the stack.
private final class StackPool: Sendable {
    /// A mapped stack's lowest address (handed between threads under the lock, used by one at a
    /// time).
    private struct Stack: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
    }

    private let size: Int
    private let free = LockedValue<[Stack]>([])

    init(size: Int) { self.size = size }

    /// A stack, or nil when none can be mapped.
    func take() -> UnsafeMutableRawPointer? {
        if let kept = free.withLock({ $0.popLast() }) { return kept.base }
        #if canImport(Glibc)
            let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK
        #else
            let flags = MAP_PRIVATE | MAP_ANON
        #endif
        guard let stack = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0), stack != MAP_FAILED else {
            return nil
        }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard mprotect(stack, page, PROT_NONE) == 0 else {
            munmap(stack, size)
            return nil
        }
        return stack
    }

    /// Takes back a stack whose thread has ended, its pages in place for the next thread.
    func give(_ stack: UnsafeMutableRawPointer) {
        let kept = free.withLock { free in
            guard free.count < 2 else { return false }
            free.append(Stack(base: stack))
            return true
        }
        if !kept { munmap(stack, size) }
    }
}

/// The work handed to a new thread by pointer.
private final class ThreadWork {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
