import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// A node whose decision loses a race with another node's commit: its watchers still get every
/// push once, in order — the other node's bid first (adopted from the conflict), then its own.
@Suite struct ClusterRaceTests {
    /// A node on `store` listening, with a watcher of product 3 and a bidder.
    struct Watched {
        let node: ServerFixture
        let watcher: TestClient
        let bidder: TestClient

        init(_ store: ClusterStore) async throws {
            node = try ClusterFeedTests.node(store)
            #expect(await ClusterFeedTests.listening(node))
            watcher = try node.client()
            bidder = try node.client()
            #expect(try await watcher.request(.subscribe([3])).result)
        }

        func stop() {
            watcher.close()
            bidder.close()
            node.stop()
        }
    }

    @Test func aBidTheOtherNodeCommittedFirstIsPushedBeforeTheOneDecidedAgain() async throws {
        // Given another node's bid on product 3 this node has not heard of (no notification yet).
        let store = try ClusterStore(products: 20)
        let here = try await Watched(store)
        defer { here.stop() }
        try store.commitBid(product: 3, price: 11_000, notify: false)

        // When this node decides a bid from its stale 10,000: the store refuses, it is decided again.
        #expect(try await here.bidder.bid(3, 12_000).result)

        // Then its watcher gets the other node's bid (seq 1), then this one (seq 2), each once.
        #expect(await eventually { here.watcher.prices.count >= 2 })
        // The late notification of the other node's bid repeats nothing.
        try store.connection.notify("auction_bids", payload: "3:1")
        #expect(try await here.watcher.request(.ping).result)
        #expect(here.watcher.prices.map(\.sequence) == [1, 2])
        #expect(here.watcher.prices.map(\.price) == [11_000, 12_000])
        #expect(here.watcher.prices.map(\.change) == [1_000, 1_000])
        let stored = try store.connection.query("SELECT seq, price FROM bids WHERE product_id = 3 ORDER BY seq") { ($0.int64(0), $0.int64(1)) }
        #expect(stored.map(\.0) == [1, 2])
        #expect(stored.map(\.1) == [11_000, 12_000])
    }

    @Test func aBidRefusedAfterTheConflictStillPushesTheOtherNodesBid() async throws {
        // Given another node's bid of 13,000 this node has not heard of.
        let store = try ClusterStore(products: 20)
        let here = try await Watched(store)
        defer { here.stop() }
        try store.commitBid(product: 3, price: 13_000, notify: false)

        // When 12,000 is bid here: decided again on 13,000, it is too low.
        let reply = try await here.bidder.bid(3, 12_000)
        #expect(reply.result == false)
        #expect(reply.price == 13_000)

        // Then the watcher still gets the other node's bid, once, with its seq.
        #expect(await eventually { here.watcher.prices.count >= 1 })
        try store.connection.notify("auction_bids", payload: "3:1")
        #expect(try await here.watcher.request(.ping).result)
        #expect(here.watcher.prices.map(\.sequence) == [1])
        #expect(here.watcher.prices.map(\.price) == [13_000])
        // And the next bid here counts on from it.
        #expect(try await here.bidder.bid(3, 14_000).result)
        #expect(await eventually { here.watcher.prices.count == 2 })
        #expect(here.watcher.prices.map(\.sequence) == [1, 2])
    }

    @Test func severalMissedBidsArePushedInOrderBeforeTheOwnOne() async throws {
        // Given three bids of other nodes unheard of, on a lot this node knew one bid of.
        let store = try ClusterStore(products: 20)
        let here = try await Watched(store)
        defer { here.stop() }
        try store.commitBid(product: 3, price: 10_500)
        #expect(await eventually { here.watcher.prices.count == 1 })
        for price in [11_000, 11_500, 12_000] as [Int64] { try store.commitBid(product: 3, price: price, notify: false) }

        #expect(try await here.bidder.bid(3, 15_000).result)

        #expect(await eventually { here.watcher.prices.count >= 5 })
        #expect(try await here.watcher.request(.ping).result)
        #expect(here.watcher.prices.map(\.sequence) == [1, 2, 3, 4, 5])
        #expect(here.watcher.prices.map(\.price) == [10_500, 11_000, 11_500, 12_000, 15_000])
    }

    @Test func aBidAtTheStoredPriceAfterAnUnseenBidOfAnotherNodeKeepsThatBidToPushFirst() throws {
        // Given a ledger following a node that knows no bid on product 1, and another node's bid at 1,100.
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture, products: 1)
        let ledger = try PostgresClient(store: PostgresConnectionString(fixture.url)).ledger()
        defer { ledger.shutdown() }
        let other = try PostgresClient(store: PostgresConnectionString(fixture.url)).ledger()
        defer { other.shutdown() }
        #expect(throws: Never.self) { try PostgresBidLedgerTests.submit(other, [PostgresBidLedgerTests.bid(1, 1_100, from: 1_000, user: 2)]).get() }

        // When this node bids from 1,100 knowing no bid (on a step of its own at 1,100 that lost, say):
        // the price matches by chance, so it commits as seq 2 — and seq 1, never adopted here, comes
        // back with it to push first.
        let chained = PostgresBidLedgerTests.bid(1, 1_200, from: 1_100)
        guard case .committed(let stored) = PostgresBidLedgerTests.outcome(ledger, LedgerSubmission(bids: [chained], knownBids: 0))
        else { Issue.record("a bid at the stored price must commit"); return }
        #expect(stored.sequences == [2])
        let missed = try #require(stored.missed)
        #expect(missed.bids.map(\.sequence) == [1])
        #expect(missed.bids.map(\.bid.price) == [1_100])

        // A bid chained on its own commit, or after bids the node adopted, brings nothing back.
        let next = PostgresBidLedgerTests.bid(1, 1_300, from: 1_200)
        guard case .committed(let own) = PostgresBidLedgerTests.outcome(ledger, LedgerSubmission(bids: [next], knownBids: 2))
        else { Issue.record("a bid on its own commit must commit"); return }
        #expect(own.missed == nil)
        #expect(throws: Never.self) { try PostgresBidLedgerTests.submit(other, [PostgresBidLedgerTests.bid(1, 1_400, from: 1_300, user: 2)]).get() }
        let adopted = PostgresBidLedgerTests.bid(1, 1_500, from: 1_400)
        guard case .committed(let after) = PostgresBidLedgerTests.outcome(ledger, LedgerSubmission(bids: [adopted], knownBids: 4))
        else { Issue.record("a bid after adopted bids must commit"); return }
        #expect(after.missed == nil)
        #expect(after.sequences == [5])
    }

    @Test func aBidDecidedOnTermsAnotherNodesSellerChangedIsDecidedAgainOnTheStoredTerms() async throws {
        // Given a seller's edit on another node this node has not heard of: product 3 now needs +5,000.
        let store = try ClusterStore(products: 20)
        let here = try await Watched(store)
        defer { here.stop() }
        // An opening bid first: the increment matters only once the lot has a bid (the one minimum rule).
        #expect(try await here.bidder.bid(3, 10_000).result)
        #expect(await eventually { here.watcher.prices.count == 1 })
        try store.connection.run("UPDATE products SET min_increment = 5000, edited_at = 1 WHERE id = 3")

        // When 10,500 is bid here (enough by the book's old increment, the table's 500): the store refuses
        // the stale terms, the book takes the stored ones and decides again — now too low.
        let low = try await here.bidder.bid(3, 10_500)
        #expect(low.result == false)
        #expect(try store.connection.scalarInteger("SELECT COUNT(*) FROM bids WHERE product_id = 3") == 1)

        // Then a bid that reaches the stored increment is accepted at once, pushed with seq 2.
        #expect(try await here.bidder.bid(3, 15_000).result)
        #expect(await eventually { here.watcher.prices.count == 2 })
        #expect(here.watcher.prices.map(\.sequence) == [1, 2])
    }

    @Test func aSubmissionPinnedToOldTermsConflictsUntilTheNodeAdoptsTheEdit() throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture, products: 1)
        let ledger = try PostgresClient(store: PostgresConnectionString(fixture.url)).ledger()
        defer { ledger.shutdown() }
        let edit = try PostgresConnection(fixture.url)
        defer { edit.close() }
        try edit.run("UPDATE products SET reserve_price = 9000, buy_now_price = 20000, edited_at = 5 WHERE id = 1")

        let bid = PostgresBidLedgerTests.bid(1, 1_100, from: 1_000)
        let decidedOnOldTerms = LedgerSubmission(bids: [bid], terms: TermsVersion(editedAt: nil))
        guard case .conflict(let read) = PostgresBidLedgerTests.outcome(ledger, decidedOnOldTerms) else {
            Issue.record("a bid decided on old terms must conflict")
            return
        }
        #expect(read.lot.terms == LotRefresh.Terms(reserve: 9_000, buyNow: 20_000, version: 5))

        let decidedOnTheEdit = LedgerSubmission(bids: [bid], terms: TermsVersion(editedAt: 5))
        #expect(PostgresBidLedgerTests.outcome(ledger, decidedOnTheEdit).isCommitted)
        // Submissions without terms (no bid path) are not checked.
        try edit.run("UPDATE products SET edited_at = 6 WHERE id = 1")
        #expect(throws: Never.self) { try PostgresBidLedgerTests.submit(ledger, [PostgresBidLedgerTests.bid(1, 1_200, from: 1_100)]).get() }
    }
}
