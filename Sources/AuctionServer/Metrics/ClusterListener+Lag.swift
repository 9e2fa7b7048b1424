import AuctionInfrastructure

extension ClusterListener.Statistics {
    /// Notes how far behind the store the listener is: for bids read from another node, the wall-clock
    /// time from the newest one's commit there (`accepted_at`) to its hand-over here, in milliseconds.
    mutating func noteLag(of event: ClusterEvent) {
        guard case .bids(let read) = event, let newest = read.bids.last else { return }
        lagMilliseconds = max(0, SystemClock().wallMilliseconds() - newest.bid.acceptedAt.millisecondsSinceEpoch)
    }
}
