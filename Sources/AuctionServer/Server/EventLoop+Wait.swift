import AuctionInfrastructure

extension EventLoop {
    /// Runs `body` on the loop and waits for its result; nil when it did not run within the timeout
    /// (the loop has stopped or is stuck). Call from another thread only.
    @discardableResult
    func waitFor<T: Sendable>(timeoutMilliseconds: Int = 30_000, _ body: @escaping @Sendable () -> T) -> T? {
        let done = Latch<T>()
        execute { done.fulfil(body()) }
        return done.wait(milliseconds: timeoutMilliseconds)
    }
}
