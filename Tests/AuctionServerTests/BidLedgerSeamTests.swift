import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Dispatch
import Testing

/// The bid path reaches the store only through Core's `BidLedger`: what it calls (`submit` with a
/// completion, `shutdown`) is in the protocol, so another store can stand in for SQLite.
@Suite struct BidLedgerSeamTests {
    @Test func submittedBidsCommitThroughTheProtocol() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("ledger.sqlite")
        try SQLiteBidLedgerTests.makeStore(at: path, products: 1)
        // Given the SQLite ledger seen only as the seam the socket service holds
        let ledger: any BidLedger<StoreError> = try SQLiteBidLedger(path: path)
        let bids = SQLiteBidLedgerTests.rising(product: 1, count: 3)
        // When the bids are submitted together and the completion is waited for
        let done = DispatchSemaphore(value: 0)
        let outcome = ResultLog()
        ledger.submit(bids) { result in
            outcome.append(result)
            done.signal()
        }
        done.wait()
        // Then they are recorded, and a submission after shutdown fails at once
        #expect(outcome.all.count == 1)
        #expect(try ledger.bids(for: ProductID(1)).map(\.price) == bids.map(\.price))
        #expect(try ledger.currentPrices()[ProductID(1)] == bids.last?.price)
        ledger.shutdown()
        let late = ResultLog()
        ledger.submit(bids) { late.append($0) }
        #expect(late.all.count == 1)
        if case .success = late.all.first { Issue.record("a closed ledger accepted bids") }
    }

    @Test func aLedgerInMemoryFitsTheSeam() throws {
        let ledger: any BidLedger<StoreError> = MemoryBidLedger()
        let bids = SQLiteBidLedgerTests.rising(product: 2, count: 2)
        ledger.submit(bids) { _ in }
        #expect(try ledger.bids(for: ProductID(2)) == bids)
    }
}

/// Bids kept in memory: the smallest store behind `BidLedger`.
private final class MemoryBidLedger: BidLedger, @unchecked Sendable {
    private let kept = Mutex<[AcceptedBid]>([])

    func submit(_ submission: LedgerSubmission, completion: @escaping @Sendable (CommitOutcome<StoreError>) -> Void) {
        kept.withLock { $0 += submission.bids }
        completion(.committed(CommittedBids(sequences: [])))
    }

    func record(_ bids: [AcceptedBid]) throws(StoreError) { kept.withLock { $0 += bids } }

    func currentPrices() throws(StoreError) -> [ProductID: Money] {
        kept.withLock { Dictionary($0.map { ($0.productID, $0.price) }, uniquingKeysWith: { _, last in last }) }
    }

    func bids(for productID: ProductID) throws(StoreError) -> [AcceptedBid] {
        kept.withLock { $0.filter { $0.productID == productID } }
    }

    func shutdown() {}
}
