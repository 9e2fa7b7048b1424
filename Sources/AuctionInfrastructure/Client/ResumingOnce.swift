/// Resumes a waiting caller exactly once: with the request's result, or, should the completion that
/// holds it ever be released uncalled, with `.disconnected` (outcome unknown) so no caller waits forever.
final class ResumingOnce: Sendable {
    private let continuation: Mutex<CheckedContinuation<Result<Frame, SocketClientError>, Never>?>

    /// Wraps the caller's continuation.
    init(_ continuation: CheckedContinuation<Result<Frame, SocketClientError>, Never>) {
        self.continuation = Mutex(continuation)
    }

    deinit { resume(.failure(.disconnected)) }

    /// Resumes with `result` unless already resumed.
    func resume(_ result: Result<Frame, SocketClientError>) {
        let pending = continuation.withLock { slot -> CheckedContinuation<Result<Frame, SocketClientError>, Never>? in
            defer { slot = nil }
            return slot
        }
        pending?.resume(returning: result)
    }
}
