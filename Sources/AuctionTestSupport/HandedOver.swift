/// Hands a value across threads in tests where the hand-over is serial by construction.
// @unchecked Sendable: tests use it only where the hand-over is serial (one side waits for the other).
public struct HandedOver<Value>: @unchecked Sendable {
    /// The value handed over.
    public let value: Value
    /// Wraps a value.
    public init(_ value: Value) { self.value = value }
}
