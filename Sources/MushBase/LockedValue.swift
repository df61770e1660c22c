#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value shared between threads behind a POSIX mutex: ``withLock(_:)`` is the only way to it.
/// Copies of a `LockedValue` share the one value and its lock.
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
package struct LockedValue<Value: Sendable>: @unchecked Sendable {
    /// The value and the mutex in one object: the value its header, the mutex its one element (an
    /// element never moves, as a mutex must not). Made once, for a leaf's last layout as for a
    /// cache, so one allocation, not three (the object, the mutex and the value apart).
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }

    private let storage: Storage

    /// A lock guarding `initial`.
    package init(_ initial: Value) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in initial }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed (\(status))")
        }
    }

    /// Runs `body` on the value while holding the lock, and returns what it returns. Not
    /// reentrant: `body` must not call `withLock` on the same lock. (The value is reached through
    /// its pointer, under the lock: no exclusivity bookkeeping of a stored property on each access.)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            let locked = pthread_mutex_lock(mutex)
            precondition(locked == 0, "pthread_mutex_lock failed (\(locked))")
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}
