/// A value guarded by a `ConditionLock`; the only way in is `withLock`.
///
/// `@unchecked Sendable`: the value is touched only while the lock is held.
public final class Mutex<Value>: @unchecked Sendable {
    private let lock = ConditionLock()
    private var value: Value

    /// Creates a mutex guarding `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try lock.withLock { () throws -> R in try body(&value) }
    }
}
