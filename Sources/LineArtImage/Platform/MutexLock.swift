import Glibc

/// A POSIX mutex with a condition variable: `lock()`/`unlock()` around shared state,
/// `wait()` (with the lock held) until another thread calls `signal()` or `broadcast()`.
/// What Foundation's `NSLock` and `NSCondition` gave, without the ICU-backed Foundation.
public final class MutexLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock, sleeps until signalled (or spuriously: check the condition in a
    /// loop), and holds the lock again on return.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes one thread in `wait()`.
    public func signal() { pthread_cond_signal(condition) }

    /// Wakes every thread in `wait()`.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
