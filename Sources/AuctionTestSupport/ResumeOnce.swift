import AuctionInfrastructure

/// Resumes a continuation at most once, whichever of the result or the watchdog comes first.
public final class ResumeOnce<T: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<T?, Never>?>
    /// Wraps a continuation.
    public init(_ continuation: CheckedContinuation<T?, Never>) { self.continuation = Mutex(continuation) }
    /// Resumes with `value` unless already resumed.
    public func resume(_ value: T?) {
        let pending = continuation.withLock { slot -> CheckedContinuation<T?, Never>? in
            defer { slot = nil }
            return slot
        }
        pending?.resume(returning: value)
    }
}
