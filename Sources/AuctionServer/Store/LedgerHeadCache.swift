import AuctionCore
import AuctionLotLog

/// The lot log heads the SQLite ledger's writer wrote last, kept while no other connection has
/// committed (`PRAGMA data_version` unchanged), so a commit reads only the heads of lots it has not
/// written: listings, edits, closes and moderation append through other connections, and any
/// commit of theirs, to any table, empties the cache.
struct LedgerHeadCache {
    /// At most this many lots are remembered; past it the cache starts over.
    static let capacity = 65_536
    private var version: Int64?
    private var heads: [ProductID: LogHead] = [:]

    /// The remembered heads when the database's version is still `version`; else none (all forgotten).
    mutating func heads(at version: Int64) -> [ProductID: LogHead] {
        if version != self.version { forget() }
        return heads
    }

    /// Remembers the heads a commit wrote while the database's version was `version`.
    mutating func remember(_ written: [LogHead], at version: Int64) {
        if version != self.version || heads.count + written.count > Self.capacity { forget() }
        for head in written { heads[head.lot] = head }
        self.version = version
    }

    /// Forgets every head (a transaction that did not commit, or another connection's commit).
    mutating func forget() {
        heads.removeAll(keepingCapacity: true)
        version = nil
    }
}
