import AuctionBidding

extension BidPath.Settings {
    /// The bid path's bounds from the server's configuration.
    init(_ configuration: ServerConfiguration) {
        self.init(bidsPerSecond: configuration.limits.bidsPerSecond,
                  keyLifetimeMilliseconds: configuration.bidding.idempotencyLifetimeMilliseconds,
                  keysPerUser: configuration.bidding.idempotencyKeysPerUser, keysInAll: configuration.bidding.idempotencyKeysInAll,
                  bidsPerParkedRead: ClusterReads.maximumBidsPerRead, allowsAnonymousBids: configuration.allowAnonymousBids)
    }
}
