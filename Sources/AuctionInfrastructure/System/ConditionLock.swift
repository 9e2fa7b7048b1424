import Glibc

/// The one lock: a `pthread_mutex_t` with one `pthread_cond_t`, both on the heap so their
/// addresses never move (a `pthread_mutex_t` stored inline in a Swift class and passed as
/// `&mutex` is not guaranteed a stable address).
///
/// `@unchecked Sendable`: it is the primitive other types use to be safely shared.
public final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Internal, not private: a test reads the clock glibc recorded in it.
    let condition: UnsafeMutablePointer<pthread_cond_t>

    /// Creates an unlocked lock with no waiters.
    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        // Timed waits count on the monotonic clock: a wall-clock step (NTP, an operator) neither
        // stretches nor cuts them short.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, Self.waitClock)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    /// The clock timed waits are measured on (`CLOCK_MONOTONIC`).
    static let waitClock = CLOCK_MONOTONIC

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock (`pthread_mutex_lock`/`unlock`).
    public func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Releases the lock until woken, then holds it again (`pthread_cond_wait`); call only inside `withLock`.
    public func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Waits inside `withLock` until woken or `milliseconds` have passed (`pthread_cond_timedwait`,
    /// monotonic clock); false on timeout.
    public func wait(milliseconds: Int) -> Bool {
        var now = timespec()
        clock_gettime(Self.waitClock, &now)
        let (seconds, rest) = max(0, milliseconds).quotientAndRemainder(dividingBy: 1_000)
        var nanoseconds = now.tv_nsec + rest * 1_000_000
        var deadline = timespec(tv_sec: now.tv_sec.addingReportingOverflow(seconds).partialValue, tv_nsec: 0)
        if nanoseconds >= 1_000_000_000 {
            nanoseconds -= 1_000_000_000
            deadline.tv_sec = deadline.tv_sec.addingReportingOverflow(1).partialValue
        }
        deadline.tv_nsec = nanoseconds
        return pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
    }

    /// Wakes one waiter (`pthread_cond_signal`).
    public func signal() {
        pthread_cond_signal(condition)
    }

    /// Wakes every waiter (`pthread_cond_broadcast`).
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
