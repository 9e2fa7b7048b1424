import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Dispatch
import Testing

/// One suite every bid ledger passes, run against each store behind the same `BidLedger` seam:
/// SQLite (one node) and PostgreSQL (shared by nodes). Outcomes, sequence numbers, lot changes,
/// idempotency keys, isolation of a bad submission in its batch, and shutdown are the same on both;
/// where only a shared store can answer (a conflict, a suspension committed on another node) each
/// engine's answer is stated (`+SharedStore`). An unknown outcome needs a link that can break as the
/// commit leaves: PostgresBidLedgerTests.aLinkLostJustAsCommitLeavesIsAnUnknownOutcomeNotARefusal.
@Suite struct BidLedgerConformanceTests {
    /// A store kind under test.
    enum Kind: String, CaseIterable, Sendable {
        case sqlite, postgres
    }

    /// A fresh ledger over products 1…`products` at 1,000, and how to take it down.
    final class Subject: Sendable {
        let ledger: any BidLedger<StoreError>
        /// The same store read as the server reads it at start (maximums, terms, keys).
        let catalogue: CatalogueStore
        private let folder: TemporaryDirectory?
        private let fixture: PostgresFixture?

        init(_ kind: Kind, products: Int) throws {
            switch kind {
            case .sqlite:
                let folder = try TemporaryDirectory()
                let path = folder.file("ledger.sqlite")
                try SQLiteBidLedgerTests.makeStore(at: path, products: products)
                let accounts = try AccountStore(path: path)
                for user in 1...3 { _ = try accounts.createUser(name: "user\(user)", passwordHash: "x", at: SQLiteBidLedgerTests.now) }
                accounts.close()
                ledger = try SQLiteBidLedger(path: path)
                catalogue = try CatalogueStore(target: .file(path))
                self.folder = folder
                fixture = nil
            case .postgres:
                let fixture = try PostgresFixture()
                try PostgresBidLedgerTests.makeStore(fixture, products: products)
                ledger = try PostgresClient(store: PostgresConnectionString(fixture.url)).ledger()
                catalogue = try CatalogueStore(target: .postgres(PostgresConnectionString(fixture.url)))
                self.fixture = fixture
                folder = nil
            }
        }

        func close() {
            ledger.shutdown()
            catalogue.close()
            folder?.remove()
            fixture?.drop()
        }

        /// Runs `sql` on the store directly, as another actor (a moderator's node, an operator) would.
        func execute(_ sql: String) throws {
            if let fixture {
                let connection = try PostgresConnection(fixture.url)
                defer { connection.close() }
                try connection.execute(sql)
            } else if let folder {
                let database = try SQLiteDatabase(path: folder.file("ledger.sqlite"))
                defer { database.close() }
                try database.execute(sql)
            }
        }

        /// The integer `sql` reads from the store (nil for NULL or no row).
        func integer(_ sql: String) throws -> Int64? {
            if let fixture {
                let connection = try PostgresConnection(fixture.url)
                defer { connection.close() }
                return try connection.scalarInteger(sql)
            }
            let database = try SQLiteDatabase(path: folder!.file("ledger.sqlite"))
            defer { database.close() }
            return try database.scalarInteger(sql)
        }

        /// Submits and waits for the outcome.
        func outcome(_ submission: LedgerSubmission) -> CommitOutcome<StoreError> {
            let latch = Latch<CommitOutcome<StoreError>>()
            ledger.submit(submission) { latch.fulfil($0) }
            return latch.wait()
        }
    }

    /// The sequence numbers of a committed outcome (nil for any other).
    static func sequences(_ outcome: CommitOutcome<StoreError>) -> [Int64]? {
        if case .committed(let stored) = outcome { return stored.sequences }
        return nil
    }

    @Test(arguments: Kind.allCases) func submissionsAreNumberedPerProductInOrder(_ kind: Kind) throws {
        let subject = try Subject(kind, products: 2)
        defer { subject.close() }
        let rising = SQLiteBidLedgerTests.rising(product: 1, count: 3)
        let other = SQLiteBidLedgerTests.rising(product: 2, count: 1)

        #expect(Self.sequences(subject.outcome(LedgerSubmission(bids: Array(rising.prefix(2))))) == [1, 2])
        #expect(Self.sequences(subject.outcome(LedgerSubmission(bids: [other[0]]))) == [1])
        #expect(Self.sequences(subject.outcome(LedgerSubmission(bids: [rising[2]]))) == [3])

        #expect(try subject.ledger.bids(for: ProductID(1)).map(\.price) == rising.map(\.price))
        #expect(try subject.ledger.currentPrices()[ProductID(1)] == rising[2].price)
        #expect(try subject.ledger.currentPrices()[ProductID(2)] == other[0].price)
    }

    @Test(arguments: Kind.allCases) func concurrentSubmissionsGetEverySequenceNumberOnce(_ kind: Kind) throws {
        let subject = try Subject(kind, products: 4)
        defer { subject.close() }
        let perProduct = 60
        let outcomes = Mutex<[ProductID: [Int64]]>([:])
        let group = DispatchGroup()
        // Four threads, one product each, submitting without waiting: the writer batches them together.
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for bid in SQLiteBidLedgerTests.rising(product: index + 1, count: perProduct) {
                group.enter()
                subject.ledger.submit(LedgerSubmission(bids: [bid])) { outcome in
                    let numbers = Self.sequences(outcome) ?? [-1]
                    outcomes.withLock { $0[bid.productID, default: []] += numbers }
                    group.leave()
                }
            }
        }
        group.wait()
        for product in 1...4 {
            let numbers = outcomes.withLock { $0[ProductID(product)] ?? [] }
            #expect(numbers == (1...Int64(perProduct)).map { $0 }, "product \(product)")
            #expect(try subject.ledger.bids(for: ProductID(product)).count == perProduct)
        }
    }

    @Test(arguments: Kind.allCases) func aSubmissionForAMissingProductFailsAloneInItsBatch(_ kind: Kind) throws {
        let subject = try Subject(kind, products: 2)
        defer { subject.close() }
        let results = Mutex<[Int: CommitOutcome<StoreError>]>([:])
        let group = DispatchGroup()
        let submissions = [
            SQLiteBidLedgerTests.rising(product: 1, count: 1), SQLiteBidLedgerTests.rising(product: 99, count: 1),
            SQLiteBidLedgerTests.rising(product: 2, count: 1),
        ]
        for (index, bids) in submissions.enumerated() {
            group.enter()
            subject.ledger.submit(LedgerSubmission(bids: bids)) { outcome in
                results.withLock { $0[index] = outcome }
                group.leave()
            }
        }
        group.wait()
        let all = results.withLock { $0 }
        #expect(all[0]?.isCommitted == true)
        #expect(all[1]?.isCommitted == false)
        #expect(all[2]?.isCommitted == true)
        #expect(try subject.ledger.bids(for: ProductID(1)).count == 1)
        #expect(try subject.ledger.bids(for: ProductID(2)).count == 1)
    }

    @Test(arguments: Kind.allCases) func recordedBidsCountBeforeTheNextSubmission(_ kind: Kind) throws {
        let subject = try Subject(kind, products: 1)
        defer { subject.close() }
        let bids = SQLiteBidLedgerTests.rising(product: 1, count: 2)
        try subject.ledger.record([bids[0]])
        #expect(Self.sequences(subject.outcome(LedgerSubmission(bids: [bids[1]]))) == [2])
    }

    @Test(arguments: Kind.allCases) func aLedgerThatShutDownAnswersUnavailableAtOnce(_ kind: Kind) throws {
        let subject = try Subject(kind, products: 1)
        defer { subject.close() }
        subject.ledger.shutdown()
        guard case .unavailable(let error) = subject.outcome(LedgerSubmission(bids: SQLiteBidLedgerTests.rising(product: 1, count: 1)))
        else {
            Issue.record("a closed ledger must not take bids")
            return
        }
        if case .closed = error {} else { Issue.record("expected .closed, got \(error)") }
    }

    /// A bid by user `user` on `product` at `price`, with an idempotency key when given.
    static func bid(_ product: Int, _ price: Int64, after previous: Int64 = 1_000, user: Int64, key: String? = nil, at offset: Int64 = 1) -> AcceptedBid {
        AcceptedBid(productID: ProductID(product), price: Money(price), previousPrice: Money(previous), bidder: UserID(rawValue: user),
                    acceptedAt: SQLiteBidLedgerTests.now.adding(milliseconds: offset), idempotencyKey: key)
    }

    @Test(arguments: Kind.allCases) func lotChangesAreStoredInTheCommitOfTheirBids(_ kind: Kind) throws {
        let subject = try Subject(kind, products: 2)
        defer { subject.close() }
        let placed = SQLiteBidLedgerTests.now.adding(milliseconds: 1)
        let moved = SQLiteBidLedgerTests.now.adding(milliseconds: 120_000)
        let maximum = LotChange.maximum(1, user: UserID(rawValue: 1), maximum: 5_000, placedAt: placed)
        let first = subject.outcome(LedgerSubmission(bids: [Self.bid(1, 1_500, user: 1)], changes: [maximum, .endTime(1, endsAt: moved, extensions: 1)]))
        #expect(Self.sequences(first) == [1])
        let bought = SQLiteBidLedgerTests.now.adding(milliseconds: 2)
        #expect(Self.sequences(subject.outcome(LedgerSubmission(bids: [Self.bid(2, 9_000, user: 2)], changes: [.bought(2, at: bought)]))) == [1])

        let maximums = try subject.catalogue.proxyMaximums()
        #expect(maximums.map { "\($0.productID) \($0.user.rawValue) \($0.maximum)" } == ["1 1 5,000"], "\(maximums)")
        let terms = try subject.catalogue.lotTerms()
        #expect(terms[1]?.extensions == 1)
        #expect(terms[2]?.boughtAt == bought)
        // A raised maximum replaces the bidder's earlier one.
        let raised = LotChange.maximum(1, user: UserID(rawValue: 1), maximum: 8_000, placedAt: placed.adding(milliseconds: 5))
        #expect(subject.outcome(LedgerSubmission(bids: [Self.bid(1, 2_000, after: 1_500, user: 1, at: 6)], changes: [raised])).isCommitted)
        #expect(try subject.catalogue.proxyMaximums().map(\.maximum) == [8_000])
    }

    @Test(arguments: Kind.allCases) func anIdempotencyKeyBindsOnceOnEveryLot(_ kind: Kind) throws {
        let subject = try Subject(kind, products: 2)
        defer { subject.close() }
        let original = Self.bid(1, 1_500, user: 1, key: "key-one")
        #expect(Self.sequences(subject.outcome(LedgerSubmission(bids: [original]))) == [1])
        for replay in [Self.bid(1, 2_000, after: 1_500, user: 1, key: "key-one", at: 2), Self.bid(2, 1_500, user: 1, key: "key-one", at: 3)] {
            guard case .duplicateKey(let bound) = subject.outcome(LedgerSubmission(bids: [replay])) else {
                Issue.record("\(kind): key reused on product \(replay.productID) was not answered duplicateKey")
                continue
            }
            #expect(bound.map { "\($0.productID) \($0.price)" } == "1 1,500", "the key names the first bid: \(String(describing: bound))")
        }
        #expect(try subject.ledger.bids(for: 1).count == 1 && subject.ledger.bids(for: 2).isEmpty)
        #expect(try subject.catalogue.keyedBids(since: SQLiteBidLedgerTests.now, limit: 10).map(\.idempotencyKey) == ["key-one"])
        // Another bidder's key of the same text is theirs alone.
        #expect(subject.outcome(LedgerSubmission(bids: [Self.bid(1, 2_500, after: 1_500, user: 2, key: "key-one", at: 4)])).isCommitted)
    }
}
