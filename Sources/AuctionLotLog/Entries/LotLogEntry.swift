import AuctionCore

/// One entry of a lot's log: its place (`seq`, from 1), when, and what it records.
public struct LotLogEntry: Hashable, Sendable {
    /// The lot.
    public var lot: ProductID
    /// The entry's number in the lot's log, from 1, without gaps.
    public var seq: UInt64
    /// When the fact happened (ms since the epoch).
    public var time: Timestamp
    /// What it records.
    public var event: LotLogEvent

    /// Creates an entry.
    public init(lot: ProductID, seq: UInt64, time: Timestamp, event: LotLogEvent) {
        self.lot = lot
        self.seq = seq
        self.time = time
        self.event = event
    }
}
