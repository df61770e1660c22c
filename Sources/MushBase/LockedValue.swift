#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value shared between threads behind a POSIX mutex: ``withLock(_:)`` is the only way to it.
///
/// The package's shared caches use this rather than the standard library's `Synchronization.Mutex`
/// because the Thread Sanitizer cannot see how that mutex passes the lock on Linux. When the lock
/// is free, `Mutex` takes it with an atomic compare-and-exchange in the caller's code, which TSan
/// instruments; when another thread holds it, the waiter takes it inside the uninstrumented
/// `libswiftSynchronization` (its spin loop), or the kernel hands it over (`FUTEX_LOCK_PI` and
/// `FUTEX_UNLOCK_PI`). TSan sees no ordering in either case, so `swift test --sanitize=thread`
/// reports a race for every contended hand-over, though the accesses are ordered by the lock.
/// TSan intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`, so it sees this lock.
///
/// It costs about the same: an uncontended lock and unlock takes 7–12 ns here against `Mutex`'s
/// 7–9 ns, and a shaped-word cache lookup (about 100 ns, mostly hashing the word) shows no
/// difference beyond the noise of the measurement.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // Both live outside the object: a mutex must not move, and the value is reached only through
    // the pointer, under the lock (no exclusivity bookkeeping of a stored property on each access).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    /// A lock guarding `initial`.
    package init(_ initial: Value) {
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
        value.initialize(to: initial)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` on the value while holding the lock, and returns what it returns. Not
    /// reentrant: `body` must not call `withLock` on the same lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "pthread_mutex_lock failed (\(locked))")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
