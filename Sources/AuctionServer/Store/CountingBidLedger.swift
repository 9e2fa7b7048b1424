import AuctionCore

/// A bid ledger that counts its work (commits, bids, batch sizes): both stores' ledgers, as the
/// server holds them, so health and metrics read the counts without knowing which store it is.
public protocol CountingBidLedger: BidLedger where Failure == StoreError {
    /// Commits and bids so far; `bidsPerCommit` shows how well bids group.
    var statistics: LedgerStatistics { get }
    /// Why the writer cannot commit now, once that has lasted `bound` milliseconds; nil when it can. Never waits.
    func trouble(lastingAtLeast bound: Int64) -> LedgerTrouble?
}

extension SQLiteBidLedger: CountingBidLedger {}
extension PostgresBidLedger: CountingBidLedger {}

extension CountingBidLedger {
    /// The same ledger seen only as the seam the bid path holds.
    public var seam: any BidLedger<StoreError> { self }
}
