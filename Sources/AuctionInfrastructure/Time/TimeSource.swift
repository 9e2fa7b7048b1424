/// Where the time comes from: monotonic milliseconds for timers and deadlines, wall time for auctions,
/// tokens and logs. One value is handed to the event loop, the server, the accounts and the client;
/// `SystemClock` reads the kernel, tests pass a manual clock and advance it instead of waiting.
public protocol TimeSource: Sendable {
    /// Milliseconds since an arbitrary fixed point; never goes backwards.
    func monotonicMilliseconds() -> Int64
    /// Milliseconds since the Unix epoch (the time of day).
    func wallMilliseconds() -> Int64
    /// Calls `wake` (from any thread) whenever the time jumps ahead by hand, so a loop waiting for its
    /// next timer re-reads the time; a clock that moves by itself never calls it.
    func onAdvance(_ wake: @escaping @Sendable () -> Void)
}

extension TimeSource {
    /// A clock that moves by itself has no jumps to report.
    public func onAdvance(_ wake: @escaping @Sendable () -> Void) {}
}
