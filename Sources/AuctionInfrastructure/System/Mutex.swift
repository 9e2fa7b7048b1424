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
}
