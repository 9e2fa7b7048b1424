import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// The closing duty on a real PostgreSQL: one holder at a time, a take-over when it goes, and a
/// close recorded once, only when the stored end has passed.
@Suite struct PostgresClosingDutyTests {
    static let now = PostgresBidLedgerTests.now
    static let end = Timestamp(millisecondsSinceEpoch: now.millisecondsSinceEpoch + 60_000)

    static func closing(price: Money = 1_000, endedAt: Timestamp = end) -> AuctionClosing {
        AuctionClosing(productID: ProductID(1), position: 1, finalPrice: price, winner: nil, endedAt: endedAt)
    }

    @Test func oneNodeHoldsTheDutyAndAnotherTakesOverWhenItGoes() async throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture)
        let clock = ManualClock()
        let store = try PostgresConnectionString(fixture.url)
        let first = PostgresClient(store: store, clock: clock).closingDuty()
        let second = PostgresClient(store: store, clock: clock).closingDuty()
        defer { first.close(); second.close() }
        #expect(await offPool { first.takeOver() })
        #expect(await offPool { !second.takeOver() })
        #expect(try await offPool { try second.record(Self.closing(), now: Self.end) } == .notHolder)
        // Not due again until a second has passed.
        first.close()
        #expect(await offPool { !second.takeOver() })
        #expect(await eventually {
            clock.advance(milliseconds: 1_000)
            return second.takeOver()
        })
        #expect(await offPool { !first.takeOver() })
    }

    @Test func aHolderWhoseConnectionDiesIsReplaced() async throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture)
        let clock = ManualClock()
        let store = try PostgresConnectionString(fixture.url)
        let first = PostgresClient(store: store, clock: clock).closingDuty()
        let second = PostgresClient(store: store, clock: clock).closingDuty()
        defer { first.close(); second.close() }
        #expect(await offPool { first.takeOver() })
        #expect(await offPool { !second.takeOver() })
        // The holder's session is killed (its node crashed or was cut off): the lock goes with it.
        try await offPool {
            let admin = try PostgresConnection(fixture.url)
            defer { admin.close() }
            try admin.run("""
                SELECT pg_terminate_backend(pid) FROM pg_locks
                WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
                  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                """)
        }
        #expect(await eventually {
            clock.advance(milliseconds: 1_000)
            return second.takeOver()
        })
        #expect(await offPool { !first.takeOver() })
        #expect(!first.isHolder)
    }

    @Test func aCloseIsRecordedOnceAndNotBeforeAnEndMovedElsewhere() async throws {
        try await offPool { try Self.recordsOnceAfterAMovedEnd() }
    }

    static func recordsOnceAfterAMovedEnd() throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture)
        let clock = ManualClock()
        let store = try PostgresConnectionString(fixture.url)
        let listener = try PostgresConnection(fixture.url)
        defer { listener.close() }
        try listener.listen(PostgresClosingDuty.closeChannel)
        let duty = PostgresClient(store: store, clock: clock).closingDuty()
        defer { duty.close() }
        let ledger = try PostgresClient(store: store, clock: clock).ledger()
        defer { ledger.shutdown() }
        #expect(duty.takeOver())
        // Another node's last-minute bid moved the end (soft close) after this node's book ended the lot.
        let moved = Timestamp(millisecondsSinceEpoch: Self.end.millisecondsSinceEpoch + 120_000)
        let bid = AcceptedBid(productID: ProductID(1), price: 2_000, previousPrice: 1_000, bidder: UserID(rawValue: 2),
                              acceptedAt: Self.end, isAutomatic: false)
        #expect(throws: Never.self) {
            try PostgresBidLedgerTests.submit(ledger, [bid], changes: [.endTime(ProductID(1), endsAt: moved, extensions: 1)]).get()
        }
        let early = try duty.record(Self.closing(), now: Self.end)
        guard case .notDue(let stored) = early else { Issue.record("expected notDue, got \(early)"); return }
        #expect(stored.endsAt == moved)
        #expect(stored.price == 2_000)
        #expect(stored.leader == UserID(rawValue: 2))
        // The book refreshed with it reopens the lot and ends it again at the moved time.
        var book = AuctionBook(products: EngineFixtures.products(count: 1, price: 1_000, endsAt: Self.end))
        #expect(book.closeDue(now: Self.end).count == 1)
        book.refresh(stored)
        #expect(book.lot(for: ProductID(1))?.isClosed == false)
        #expect(book.closeDue(now: Self.end).isEmpty)
        let ended = book.closeDue(now: moved)
        #expect(ended.map(\.finalPrice) == [2_000])
        #expect(ended.map(\.winner) == [UserID(rawValue: 2)])

        let recorded = try duty.record(ended[0], now: moved)
        guard case .recorded(let closure) = recorded else { Issue.record("expected recorded, got \(recorded)"); return }
        #expect(closure.finalPrice == 2_000)
        #expect(closure.winner == UserID(rawValue: 2))
        #expect(closure.winnerName == "user2")
        #expect(try duty.record(ended[0], now: moved) == .alreadyClosed)
        let heard = try listener.waitForNotifications(milliseconds: 5_000)
        #expect(heard.map(\.payload) == ["1"])
    }
}

extension PostgresClosingDutyTests {
    @Test func theHolderClosesOverdueLotsNoBookReported() async throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture, products: 2)
        try await offPool {
            let duty = PostgresClient(store: try PostgresConnectionString(fixture.url), clock: ManualClock()).closingDuty()
            defer { duty.close() }
            #expect(try duty.recordOverdue(now: Self.end).isEmpty)  // not the holder yet
            #expect(duty.takeOver())
            let before = Timestamp(millisecondsSinceEpoch: Self.end.millisecondsSinceEpoch - 1)
            #expect(try duty.recordOverdue(now: before).isEmpty)
            let closed = try duty.recordOverdue(now: Self.end)
            #expect(closed.map(\.productID) == [ProductID(1), ProductID(2)])
            #expect(closed.map(\.finalPrice) == [1_000, 1_000])
            #expect(closed.allSatisfy { $0.winner == nil })
            #expect(try duty.recordOverdue(now: Self.end).isEmpty)
        }
    }
}
