import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionLotLog
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// Each ledger writes the lot log in its commit: a lot's listing first, then its bids and extensions,
/// chained and signed once per commit; a submission that is not stored writes no entry; two
/// PostgreSQL writers (two nodes) extend one chain per lot.
@Suite struct LedgerLotLogTests {
    static let signer = LotLogSigner(key: Ed25519PrivateKey(seed: [UInt8](repeating: 7, count: 32))!,
                                     secret: [UInt8](repeating: 9, count: 32), softClose: .standard)

    /// The stored entries of `lot` as (seq, bytes, hash), read on `database`.
    static func entries(of lot: Int, on database: any StoreDatabase) throws -> [(seq: UInt64, bytes: [UInt8], hash: [UInt8])] {
        try database.rows("SELECT seq, entry, hash FROM lot_log WHERE product_id = ? ORDER BY seq", [.integer(Int64(lot))]) { row in
            (UInt64(row.int64(0)), row.blob(1), row.blob(2))
        }
    }

    /// Whether the entries chain from the genesis and every entry decodes with its own seq.
    static func chains(_ entries: [(seq: UInt64, bytes: [UInt8], hash: [UInt8])]) -> Bool {
        var previous = LotLogChain.genesis
        for (index, entry) in entries.enumerated() {
            guard entry.seq == UInt64(index + 1), (try? LotLogEntry(canonicalBytes: entry.bytes))?.seq == entry.seq,
                  LotLogChain.hash(of: entry.bytes, after: previous) == entry.hash else { return false }
            previous = entry.hash
        }
        return true
    }

    static func kinds(_ entries: [(seq: UInt64, bytes: [UInt8], hash: [UInt8])]) -> [String] {
        entries.map { (try? LotLogEntry(canonicalBytes: $0.bytes))?.event.kindName ?? "?" }
    }

    static func outcome(_ ledger: some BidLedger<StoreError>, _ submission: LedgerSubmission) -> CommitOutcome<StoreError> {
        let latch = Latch<CommitOutcome<StoreError>>()
        ledger.submit(submission) { latch.fulfil($0) }
        return latch.wait()
    }

    /// A signing SQLite ledger over `lots` products at 1,000 in a new file in `directory`, and the file's path.
    static func sqliteLedger(lots: Int, in directory: TemporaryDirectory) throws -> (SQLiteBidLedger, String) {
        let path = directory.file("auction.sqlite")
        let store = try CatalogueStore(path: path)
        _ = try store.add(ServerFixture.listings(count: lots, price: 1_000))
        store.close()
        return (try SQLiteBidLedger(path: path, signer: Self.signer), path)
    }

    @Test func anEntryAnotherConnectionAppendsBetweenTwoCommitsIsChainedAfterNotOverwritten() throws {
        // Given a ledger whose writer remembers lot 1's head after a bid
        let directory = try TemporaryDirectory(prefix: "auction-ledger-log")
        defer { directory.remove() }
        let (ledger, path) = try Self.sqliteLedger(lots: 1, in: directory)
        defer { ledger.shutdown() }
        let now = PostgresBidLedgerTests.now
        for round in 0..<50 {
            let price = 1_100 + Int64(round) * 200
            #expect(Self.outcome(ledger, LedgerSubmission(bids: [PostgresBidLedgerTests.bid(1, price, from: price - 100, user: nil)])).isCommitted)
            // When another connection appends an entry to the same lot (as an edit or a moderator does)
            let other = try SQLiteDatabase(path: path)
            _ = try other.transaction(.immediate) { () throws(StoreError) in
                try LotLogRows.append([LotLogRows.Fact(lot: ProductID(1), event: .removed(reason: "round \(round)"), time: now)],
                                      signer: Self.signer, at: now, on: other)
            }
            other.close()
            // Then the next bid's entry follows it: the writer did not trust the head it remembered
            #expect(Self.outcome(ledger, LedgerSubmission(bids: [PostgresBidLedgerTests.bid(1, price + 100, from: price, user: nil)])).isCommitted,
                    "round \(round)")
        }
        let database = try SQLiteDatabase(path: path, options: [.readOnly])
        defer { database.close() }
        let log = try Self.entries(of: 1, on: database)
        #expect(log.count == 1 + 50 * 3 && Self.chains(log))
        #expect(Self.kinds(log).dropFirst().prefix(3) == ["bid", "removed", "bid"])
    }

    @Test func theSQLiteLedgerLogsTheListingThenEachBidAndExtensionWithAReceiptPerBid() throws {
        let directory = try TemporaryDirectory(prefix: "auction-ledger-log")
        defer { directory.remove() }
        let (ledger, path) = try Self.sqliteLedger(lots: 2, in: directory)
        defer { ledger.shutdown() }
        let now = PostgresBidLedgerTests.now
        let moved = now.adding(milliseconds: 120_000)
        guard case .committed(let first) = Self.outcome(ledger, LedgerSubmission(
            bids: [PostgresBidLedgerTests.bid(1, 1_100, from: 1_000, user: nil), PostgresBidLedgerTests.bid(1, 1_200, from: 1_100, user: nil)],
            changes: [.endTime(1, endsAt: moved, extensions: 1)])) else { Issue.record("must commit"); return }
        #expect(first.sequences == [1, 2] && first.receipts.map(\.seq) == [2, 3])
        // A bid for a product that does not exist fails alone and writes nothing to any log.
        #expect(!Self.outcome(ledger, LedgerSubmission(bids: [PostgresBidLedgerTests.bid(99, 1_100, from: 1_000, user: nil)])).isCommitted)
        let database = try SQLiteDatabase(path: path, options: [.readOnly])
        defer { database.close() }
        let log = try Self.entries(of: 1, on: database)
        #expect(Self.kinds(log) == ["listed", "bid", "bid", "extended"])
        #expect(Self.chains(log))
        #expect(first.receipts.last?.hash == log[2].hash)
        #expect(try Self.entries(of: 99, on: database).isEmpty && Self.entries(of: 2, on: database).isEmpty)
        #expect(try database.scalarInteger("SELECT COUNT(*) FROM log_signatures") == 1)  // one signature for the commit
    }

    @Test func twoPostgresWritersExtendOneChainPerLotAndAConflictWritesNoEntry() throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture)
        let url = try PostgresConnectionString(fixture.url)
        let nodeA = try PostgresClient(store: url).ledger(signer: Self.signer)
        defer { nodeA.shutdown() }
        let nodeB = try PostgresClient(store: url).ledger(signer: Self.signer)
        defer { nodeB.shutdown() }
        var price: Int64 = 1_000
        for round in 0..<20 {
            let ledger = round % 2 == 0 ? nodeA : nodeB
            let bid = PostgresBidLedgerTests.bid(1, price + 100, from: price, user: Int64(round % 3) + 1)
            guard case .committed(let stored) = Self.outcome(ledger, LedgerSubmission(bids: [bid])) else {
                Issue.record("round \(round) must commit")
                return
            }
            #expect(stored.receipts.map(\.seq) == [UInt64(round + 2)])
            price += 100
        }
        // Decided from a stale price on node B: a conflict, stored nowhere, logged nowhere.
        guard case .conflict = Self.outcome(nodeB, LedgerSubmission(bids: [PostgresBidLedgerTests.bid(1, 1_500, from: 1_400)])) else {
            Issue.record("a stale decision must conflict")
            return
        }
        let check = try PostgresConnection(fixture.url)
        defer { check.close() }
        let log = try Self.entries(of: 1, on: check)
        #expect(log.count == 21 && Self.kinds(log).first == "listed")
        #expect(Self.chains(log))
        let bidSeqs = log.compactMap { entry -> Int64? in
            if case .bid(let bid) = (try? LotLogEntry(canonicalBytes: entry.bytes))?.event { bid.bidSeq } else { nil }
        }
        #expect(bidSeqs == Array(1...20))
    }
}
