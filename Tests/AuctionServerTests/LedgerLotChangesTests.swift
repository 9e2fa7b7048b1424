import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Dispatch
import Testing

/// The ledger stores a decision's lot changes with its bids, and an idempotency key is free again after its lifetime.
@Suite struct LedgerLotChangesTests {
    static let start = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)

    static func bid(_ price: Int64, previous: Int64, at offset: Int64, key: String?, automatic: Bool = false) -> AcceptedBid {
        AcceptedBid(productID: 1, price: Money(price), previousPrice: Money(previous), bidder: UserID(rawValue: 1),
                    acceptedAt: Timestamp(millisecondsSinceEpoch: start.millisecondsSinceEpoch + offset),
                    isAutomatic: automatic, idempotencyKey: key)
    }

    static func submit(_ ledger: SQLiteBidLedger, _ bids: [AcceptedBid], _ changes: [LotChange]) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex(false)
        ledger.submit(bids, changes: changes) { result in
            if case .success = result { outcome.withLock { $0 = true } }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 }
    }

    @Test func changesCommitWithTheBidsAndKeysAreReusableOnlyAfterTheirLifetime() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("ledger.sqlite")
        try SQLiteBidLedgerTests.makeStore(at: path, products: 1)
        let accounts = try AccountStore(path: path)
        _ = try accounts.createUser(name: "alice", passwordHash: "x", at: Self.start)
        accounts.close()
        let ledger = try SQLiteBidLedger(path: path, keyLifetimeMilliseconds: 1_000)
        defer { ledger.shutdown() }
        let moved = Timestamp(millisecondsSinceEpoch: Self.start.millisecondsSinceEpoch + 120_000)
        #expect(Self.submit(ledger, [Self.bid(2_000, previous: 1_000, at: 0, key: "k"), Self.bid(2_500, previous: 2_000, at: 0, key: nil, automatic: true)], [
            .maximum(1, user: UserID(rawValue: 1), maximum: 9_000, placedAt: Self.start),
            .endTime(1, endsAt: moved, extensions: 1),
        ]))
        // The same key within its lifetime: refused by the store (never a second bid)
        #expect(!Self.submit(ledger, [Self.bid(3_000, previous: 2_500, at: 500, key: "k")], []))
        // After its lifetime the key is free for a new bid
        #expect(Self.submit(ledger, [Self.bid(3_500, previous: 2_500, at: 1_000, key: "k")], [.bought(1, at: moved)]))
        let bids = try ledger.bids(for: 1)
        #expect(bids.map(\.price) == [2_000, 2_500, 3_500])
        #expect(bids.map(\.isAutomatic) == [false, true, false])
        #expect(bids.map(\.idempotencyKey) == [nil, nil, "k"])
        let store = try CatalogueStore(path: path)
        defer { store.close() }
        let terms = try store.lotTerms()[1]
        #expect(terms?.extensions == 1)
        #expect(terms?.boughtAt == moved)
        #expect(try store.proxyMaximums().map(\.maximum) == [9_000])
    }
}
