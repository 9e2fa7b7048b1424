import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Dispatch
import Testing

/// What a failed submission leaves behind, and the answers only a store shared by nodes gives: on
/// SQLite one node's book is the only decider (its sessions refuse a suspended user before a bid is
/// decided), so its ledger records what it is handed; PostgreSQL decides again at commit.
extension BidLedgerConformanceTests {
    /// Submits each submission without waiting, so the writer may batch them, and waits for all outcomes.
    static func outcomes(_ subject: Subject, _ submissions: [LedgerSubmission]) -> [CommitOutcome<StoreError>] {
        let results = Mutex<[Int: CommitOutcome<StoreError>]>([:])
        let group = DispatchGroup()
        for (index, submission) in submissions.enumerated() {
            group.enter()
            subject.ledger.submit(submission) { outcome in
                results.withLock { $0[index] = outcome }
                group.leave()
            }
        }
        group.wait()
        return results.withLock { all in submissions.indices.map { all[$0]! } }
    }

    @Test(arguments: Kind.allCases) func aFailedSubmissionStoresNoneOfItsLotChanges(_ kind: Kind) throws {
        let subject = try Subject(kind, products: 2)
        defer { subject.close() }
        let placed = SQLiteBidLedgerTests.now.adding(milliseconds: 1)
        let storedEnd = try subject.integer("SELECT ends_at FROM products WHERE id = 2")
        let outcomes = Self.outcomes(subject, [
            LedgerSubmission(bids: [Self.bid(1, 1_500, user: 1)], changes: [.maximum(1, user: UserID(rawValue: 1), maximum: 4_000, placedAt: placed)]),
            // Its bid names a lot that does not exist: the whole submission fails, its changes to lot 2 with it.
            LedgerSubmission(bids: [Self.bid(99, 1_500, user: 2)], changes: [
                .maximum(2, user: UserID(rawValue: 2), maximum: 9_000, placedAt: placed),
                .endTime(2, endsAt: placed.adding(milliseconds: 600_000), extensions: 1), .bought(2, at: placed),
            ]),
            LedgerSubmission(bids: [Self.bid(2, 1_200, user: 3)]),
        ])
        #expect(outcomes.map(\.isCommitted) == [true, false, true])
        #expect(try subject.catalogue.proxyMaximums().map { "\($0.productID) \($0.maximum)" } == ["1 4,000"])
        let terms = try subject.catalogue.lotTerms()
        #expect((terms[2]?.extensions ?? 0) == 0 && terms[2]?.boughtAt == nil, "\(String(describing: terms[2]))")
        #expect(try subject.integer("SELECT ends_at FROM products WHERE id = 2") == storedEnd)
        #expect(try subject.ledger.bids(for: 2).map(\.price) == [1_200])
    }

    @Test(arguments: Kind.allCases) func aStaleDecisionConflictsOnASharedStore(_ kind: Kind) throws {
        let subject = try Subject(kind, products: 1)
        defer { subject.close() }
        #expect(subject.outcome(LedgerSubmission(bids: [Self.bid(1, 1_500, user: 1)], knownBids: 0)).isCommitted)
        // Decided on a copy that had not seen the 1,500 bid, with a maximum that rides on it.
        let placed = SQLiteBidLedgerTests.now.adding(milliseconds: 2)
        let stale = subject.outcome(LedgerSubmission(bids: [Self.bid(1, 1_200, user: 2, at: 2)],
                                                     changes: [.maximum(1, user: UserID(rawValue: 2), maximum: 3_000, placedAt: placed)],
                                                     knownBids: 0))
        switch (kind, stale) {
        case (.postgres, .conflict(let stored)):
            #expect(stored.lot.price == 1_500 && stored.bidCount == 1)
            #expect(stored.bids.map(\.sequence) == [1] && stored.bids.map(\.bid.price) == [1_500])
            #expect(try subject.ledger.bids(for: 1).map(\.price) == [1_500])
            #expect(try subject.catalogue.proxyMaximums().isEmpty)
        case (.sqlite, .committed(let stored)):
            #expect(stored.sequences == [2])  // the one node's book decided it; nothing else could have moved the lot
        default:
            Issue.record("\(kind): a stale decision was answered \(stale)")
        }
    }

    @Test(arguments: Kind.allCases) func aSuspensionCommittedElsewhereRefusesTheBidOnASharedStore(_ kind: Kind) throws {
        let subject = try Subject(kind, products: 2)
        defer { subject.close() }
        try subject.execute("UPDATE users SET suspended_at = 1 WHERE id = 3")
        let outcomes = Self.outcomes(subject, [
            LedgerSubmission(bids: [Self.bid(1, 1_500, user: 3)], changes: [.maximum(1, user: UserID(rawValue: 3), maximum: 5_000, placedAt: SQLiteBidLedgerTests.now)]),
            LedgerSubmission(bids: [Self.bid(2, 1_500, user: 1)]),
        ])
        #expect(outcomes[1].isCommitted)
        switch (kind, outcomes[0]) {
        case (.postgres, .bidderSuspended(let user)):
            #expect(user == UserID(rawValue: 3))
            #expect(try subject.ledger.bids(for: 1).isEmpty)
            #expect(try subject.catalogue.proxyMaximums().isEmpty)
            #expect(try subject.integer("SELECT current_price FROM products WHERE id = 1") == 1_000)
        case (.sqlite, .committed):
            break  // one node: the suspension logged the user out there before any bid was decided
        default:
            Issue.record("\(kind): a suspended bidder's submission was answered \(outcomes[0])")
        }
    }
}
