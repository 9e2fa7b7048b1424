import AuctionCore
import AuctionInfrastructure

extension TimeSource {
    /// The time of day as a domain timestamp.
    public func now() -> Timestamp { Timestamp(millisecondsSinceEpoch: wallMilliseconds()) }
}
