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
        guard let ledger = try? client.ledger(), let prices = try? ledger.currentPrices() else { return nil }
        defer { ledger.shutdown() }
        let stored = Mutex(0)
        let deadline = Mutex(false)
        let started = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for bidder in 0..<bidders {
            let product = ProductID(bidder + 1)
            group.enter()
            Thread.detachNewThread {
                var price = prices[product]?.minorUnits ?? 0
                var signalled = false
                defer {
                    if !signalled { started.signal() }
                    group.leave()
                }
                let done = DispatchSemaphore(value: 0)
                while !deadline.withLock({ $0 }) {
                    let bid = AcceptedBid(productID: product, price: Money(price + 100), previousPrice: Money(price), bidder: nil,
                                          acceptedAt: Timestamp(millisecondsSinceEpoch: Int64(Date().timeIntervalSince1970 * 1_000)))
                    let committed = Mutex(false)
                    ledger.submit(LedgerSubmission(bids: [bid])) { outcome in
                        committed.withLock { $0 = outcome.isCommitted }
                        done.signal()
                    }
                    done.wait()
                    guard committed.withLock({ $0 }) else {
                        // A node moved the product meanwhile: go on from the stored price (or stop when it did not move).
                        guard let now = try? ledger.currentPrices()[product], now.minorUnits != price else { return }
                        price = now.minorUnits
                        continue
                    }
                    price += 100
                    stored.withLock { $0 += 1 }
                    if !signalled {
                        started.signal()
                        signalled = true
                    }
                }
            }
        }
        for _ in 0..<bidders { started.wait() }
        let rate = measuredRate(of: stored, seconds: seconds)
        deadline.withLock { $0 = true }
        group.wait()
        return rate
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
