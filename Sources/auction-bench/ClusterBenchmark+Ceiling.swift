// The in-run ceiling of the `cluster` suite: the PostgreSQL ledger's own statements, batched, with
// no node in between (no socket, no book, no loop), so a node's bids/s reads as a share of it.
#if canImport(Glibc)
import Glibc
#endif
import AuctionCore
import AuctionInfrastructure
import AuctionServer
import Foundation

/// `bidders` threads, each raising its own product in a closed loop straight through a
/// `PostgresBidLedger` (the writer batches what they queue, as a node's writer does).
enum LedgerCeiling {
    /// Bids stored per second, or nil when the ledger cannot open.
    static func bidsPerSecond(url: String, bidders: Int, seconds: Double) -> Double? {
        guard let store = try? PostgresConnectionString(url) else { return nil }
        let client = PostgresClient(store: store)
        defer { client.close() }
        guard let ledger = try? client.ledger() else { return nil }
        defer { ledger.shutdown() }
        return ClosedLoopBidders.bidsPerSecond(ledger, bidders: bidders, seconds: seconds, bidder: { _ in nil })
    }
}

/// What `stored` counted per second over `seconds`, after half a second of warm-up; the caller's
/// threads keep counting meanwhile (its own stop follows).
func measuredRate(of stored: Mutex<Int>, seconds: Double) -> Double {
    usleep(500_000)  // warm-up
    let before = stored.withLock { $0 }
    usleep(UInt32(seconds * 1_000_000))
    let after = stored.withLock { $0 }
    return Double(after - before) / seconds
}
