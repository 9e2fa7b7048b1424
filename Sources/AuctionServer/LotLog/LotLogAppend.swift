import AuctionCore
import AuctionLotLog

/// One transaction's appends to lot logs, as a value: it chains each new entry after its lot's
/// head (read in the same transaction, its product row locked), keeps the lots in the order first
/// touched, and hands the new heads to be signed once for the whole commit.
struct LotLogAppend {
    private var heads: [ProductID: LogHead]
    private var order: [ProductID] = []
    private var touched: Set<ProductID> = []
    /// The entries appended so far, in order.
    private(set) var entries: [ChainedEntry] = []

    /// Starts from the lots' heads as stored (a lot without one starts at seq 0, the genesis hash).
    init(heads: [ProductID: LogHead]) {
        self.heads = heads
    }

    /// Whether `lot` has a head (a first entry) already.
    func hasHead(_ lot: ProductID) -> Bool { heads[lot] != nil }

    /// Appends `event` to `lot`'s log at `time`; the entry's index in `entries`.
    @discardableResult
    mutating func append(_ event: LotLogEvent, to lot: ProductID, at time: Timestamp) -> Int {
        let previous = heads[lot]
        let entry = LotLogEntry(lot: lot, seq: (previous?.seq ?? 0) &+ 1, time: time, event: event)
        let chained = ChainedEntry(entry, after: previous?.hash ?? LotLogChain.genesis)
        if touched.insert(lot).inserted { order.append(lot) }
        heads[lot] = LogHead(lot: lot, seq: entry.seq, hash: chained.hash)
        entries.append(chained)
        return entries.count - 1
    }

    /// The touched lots' new heads, in the order first touched.
    var newHeads: [LogHead] { order.compactMap { heads[$0] } }

    /// The receipt of the entry at `index` under `commit`.
    func receipt(_ index: Int, under commit: SignedCommit) -> BidReceipt? {
        let chained = entries[index]
        guard let head = commit.proof(for: chained.entry.lot) else { return nil }
        return BidReceipt(lot: chained.entry.lot, seq: chained.entry.seq, entry: chained.bytes, hash: chained.hash, head: head)
    }
}
