import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Dispatch
import Testing

/// One suite every bid ledger passes, run against each store behind the same `BidLedger` seam:
/// SQLite (one node) and PostgreSQL (shared by nodes). Outcomes, sequence numbers, isolation of a
/// bad submission in its batch, and shutdown are the same on both.
@Suite struct BidLedgerConformanceTests {
    /// A store kind under test.
    enum Kind: String, CaseIterable, Sendable {
        case sqlite, postgres
    }

    /// A fresh ledger over products 1…`products` at 1,000, and how to take it down.
    final class Subject: Sendable {
        let ledger: any BidLedger<StoreError>
        private let folder: TemporaryDirectory?
        private let fixture: PostgresFixture?

        init(_ kind: Kind, products: Int) throws {
            switch kind {
            case .sqlite:
                let folder = try TemporaryDirectory()
                let path = folder.file("ledger.sqlite")
                try SQLiteBidLedgerTests.makeStore(at: path, products: products)
                ledger = try SQLiteBidLedger(path: path)
                self.folder = folder
                fixture = nil
            case .postgres:
                let fixture = try PostgresFixture()
                try PostgresBidLedgerTests.makeStore(fixture, products: products)
                ledger = try PostgresBidLedger(store: PostgresConnectionString(fixture.url))
                self.fixture = fixture
                folder = nil
            }
        }

        func close() {
            ledger.shutdown()
            folder?.remove()
            fixture?.drop()
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
}
