import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The server's one clock is its loop's: timers, deadlines, closings, limits and the simulator read it.
extension SocketService {
    /// Monotonic milliseconds on the loop's clock (write deadlines, report throttles).
    func now() -> Int64 { loop.now() }

    /// The time of day on the loop's clock (end times, rate limits, sessions, chat).
    func currentTime() -> Timestamp { loop.clock.now() }
}
