/// A value guarded by a `ConditionLock`; the only way in is `withLock`.
///
/// `Value` need not be `Sendable`: guarding a non-sendable value (an SQLite connection, a loop's
/// queue) is what a mutex is for. Instead, as the standard library's `Synchronization.Mutex` does,
/// the value is handed over `sending`, so the caller keeps no other reference to it.
///
/// `@unchecked Sendable`: the value is touched only while the lock is held.
public final class Mutex<Value>: @unchecked Sendable {
    private let lock = ConditionLock()
    private var value: Value

    /// Creates a mutex guarding `value`.
    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        try lock.withLock { () throws(E) -> R in try body(&value) }
    }

    /// Blocks (the lock released meanwhile) until `isReady` holds for the value, then runs `body`
    /// with exclusive access; another thread's change wakes it through `wakeWaiters`.
    public func withLock<R, E: Error>(when isReady: (Value) -> Bool, _ body: (inout Value) throws(E) -> R) throws(E) -> R {
        try lock.withLock { () throws(E) -> R in
            while !isReady(value) { lock.wait() }
            return try body(&value)
        }
    }

    /// Wakes every thread blocked in `withLock(when:)` to check its condition again; call it after
    /// the change (holding the lock or not: the waiters check under the lock, so none is missed).
    public func wakeWaiters() {
        lock.broadcast()
    }
}

extension Mutex {
    /// As `withLock(when:_:)`, but waits at most `milliseconds` (monotonic) for `isReady`: `body` gets
    /// the value and whether `isReady` held (false once the time was up without it).
    public func withLock<R, E: Error>(when isReady: (Value) -> Bool, waitingAtMost milliseconds: Int64,
                                      _ body: (inout Value, _ ready: Bool) throws(E) -> R) throws(E) -> R {
        let deadline = MonotonicClock.milliseconds() &+ max(0, milliseconds)
        return try lock.withLock { () throws(E) -> R in
            while !isReady(value) {
                let left = deadline &- MonotonicClock.milliseconds()
                guard left > 0 else { return try body(&value, false) }
                _ = lock.wait(milliseconds: Int(left))
            }
            return try body(&value, true)
        }
    }
}
