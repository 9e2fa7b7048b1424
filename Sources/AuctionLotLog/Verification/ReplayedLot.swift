import AuctionCore

/// A lot as the replay of its log leaves it: what `auction verify` reports.
public struct ReplayedLot: Hashable, Sendable {
    /// Where it stands.
    public var status: LotLogReplay.Status
    /// Its price.
    public var price: Money
    /// How many bids it has had.
    public var bidCount: Int64
    /// Who leads (the winner once sold).
    public var leader: LotLogReplay.Leader
    /// Its end (soft close moved it `extensions` times).
    public var endsAt: Timestamp?
    /// How many extensions.
    public var extensions: Int64
}

extension LotLogReplay {
    /// The lot as replayed so far.
    public var lot: ReplayedLot {
        ReplayedLot(status: status, price: price, bidCount: bidCount, leader: leader, endsAt: endsAt, extensions: extensions)
    }
}
