import Glibc

/// A pthread mutex with one condition variable, for the store's own threads.
///
/// Small on purpose: the ledger's queue and the catalogue store's connection need a lock and a
/// wake-up, nothing more.
final class StoreLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex (`pthread_mutex_lock`/`unlock`).
    func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits on the condition (`pthread_cond_wait`); call only inside `withLock`.
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every waiter (`pthread_cond_broadcast`).
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}

/// A one-time result handed from one thread to another: `fulfil` once, `wait` blocks until then.
final class StoreLatch<Value: Sendable>: @unchecked Sendable {
    private let lock = StoreLock()
    private var value: Value?

    /// Stores the value and wakes the waiter; later calls are ignored.
    func fulfil(_ newValue: Value) {
        lock.withLock {
            if value == nil { value = newValue }
            lock.broadcast()
        }
    }

    /// Blocks until a value is there and returns it.
    func wait() -> Value {
        lock.withLock {
            while true {
                if let value { return value }
                lock.wait()
            }
        }
    }
}
