/// A one-time value handed from one thread to another: `fulfil` once, `wait` blocks until then.
///
/// `@unchecked Sendable`: the value is touched only while its `ConditionLock` is held.
public final class Latch<Value: Sendable>: @unchecked Sendable {
    private let lock = ConditionLock()
    private var value: Value?

    /// Creates an empty latch.
    public init() {}

    /// Stores the value and wakes the waiters; later calls are ignored.
    public func fulfil(_ newValue: Value) {
        lock.withLock {
            if value == nil { value = newValue }
            lock.broadcast()
        }
    }

    /// Blocks until a value is there and returns it.
    public func wait() -> Value {
        lock.withLock {
            while true {
                if let value { return value }
                lock.wait()
            }
        }
    }

    /// Blocks until a value is there or `milliseconds` have passed; nil on timeout.
    public func wait(milliseconds: Int) -> Value? {
        let deadline = MonotonicClock.milliseconds().addingReportingOverflow(Int64(max(0, milliseconds))).partialValue
        return lock.withLock {
            while true {
                if let value { return value }
                let left = deadline - MonotonicClock.milliseconds()
                if left <= 0 { return nil }
                _ = lock.wait(milliseconds: Int(left))
            }
        }
    }
}
