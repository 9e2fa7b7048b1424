import AuctionInfrastructure
import Dispatch

extension EventLoop {
    /// Runs `body` on the loop and waits for its result; nil when it did not run within the timeout
    /// (the loop has stopped or is stuck). Call from another thread only.
    @discardableResult
    func waitFor<T: Sendable>(timeoutMilliseconds: Int = 30_000, _ body: @escaping @Sendable () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<T?>(nil)
        execute {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        _ = done.wait(timeout: .now() + .milliseconds(timeoutMilliseconds))
        return result.withLock { $0 }
    }
}
