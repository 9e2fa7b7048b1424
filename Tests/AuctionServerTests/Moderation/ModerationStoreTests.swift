import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 23: the reports and the moderation log in the store, the same SQL on SQLite and PostgreSQL.
@Suite struct ModerationStoreTests {
    static let now = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)

    /// A connection of the test's own to `target`.
    static func connection(_ target: StoreTarget) throws -> any StoreDatabase {
        switch target {
        case .file(let path): return try SQLiteDatabase(path: path)
        case .postgres(let store): return try store.open()
        case .shared(let pool): return try pool.store.open()
        }
    }

    static func close(_ database: any StoreDatabase) {
        (database as? SQLiteDatabase)?.close()
        (database as? PostgresConnection)?.close()
    }

    /// A fresh store on `dialect` with the demo catalogue, and its accounts (the caller closes them).
    static func seededStore(_ dialect: StoreDialect) throws -> (TestStore, AccountStore) {
        let test = try TestStore(dialect)
        let catalogue = try CatalogueStore(target: test.target)
        _ = try catalogue.seedDemoCatalogueIfEmpty(now: now)
        catalogue.close()
        return (test, try AccountStore(target: test.target))
    }

    @Test(arguments: TestStore.engines)
    func reportsAreFiledOncePerLotBoundedListedAndResolvedWithTheirLogRow(_ dialect: StoreDialect) throws {
        let (test, store) = try Self.seededStore(dialect)
        defer { store.close(); withExtendedLifetime(test) {} }  // the store's database lives as long as `test`
        let alice = try #require(try store.createUser(name: "alice", passwordHash: "x", at: Self.now))
        let dora = try #require(try store.createUser(name: "dora", passwordHash: "x", at: Self.now))
        let reason = try ModerationReason("counterfeit")

        guard case .created(let first) = try store.fileReport(productID: 1, reporter: alice, reason: reason, at: Self.now, perHour: 2) else {
            Issue.record("not created")
            return
        }
        #expect(first.reporter == "alice" && first.productID == 1 && !first.productName.isEmpty)
        #expect(try store.fileReport(productID: 1, reporter: alice, reason: reason, at: Self.now, perHour: 2) == .existing(first))
        #expect(try store.fileReport(productID: 99_999, reporter: alice, reason: reason, at: Self.now, perHour: 2) == .unknownProduct)
        guard case .created(let second) = try store.fileReport(productID: 2, reporter: alice, reason: reason,
                                                                at: Self.now.adding(milliseconds: 1_000), perHour: 2) else {
            Issue.record("second not created")
            return
        }
        #expect(try store.fileReport(productID: 3, reporter: alice, reason: reason, at: Self.now.adding(milliseconds: 2_000), perHour: 2)
                == .tooMany(retryAfterMilliseconds: 3_600_000 - 2_000))

        let page = try store.reports(includingResolved: false, after: nil, limit: 1)
        #expect(page.reports == [first] && page.next == first.id)
        #expect(try store.reports(includingResolved: false, after: first.id, limit: 1).reports == [second])

        guard case .resolved(let row) = try store.resolveReport(first.id, moderator: dora, reason: try ModerationReason("removed"),
                                                                at: Self.now) else {
            Issue.record("not resolved")
            return
        }
        #expect(row.action == "resolve_report" && row.reportID == first.id && row.productID == 1 && row.moderator == "dora")
        #expect(try store.resolveReport(first.id, moderator: dora, reason: reason, at: Self.now) == .alreadyResolved(by: "dora"))
        #expect(try store.resolveReport(12_345, moderator: dora, reason: reason, at: Self.now) == .unknownReport)
        #expect(try store.reports(includingResolved: false, after: nil, limit: 10).reports == [second])
        let all = try store.reports(includingResolved: true, after: nil, limit: 10).reports
        #expect(all.map(\.id) == [first.id, second.id] && all[0].resolvedBy == "dora" && all[0].resolution == "removed")
        #expect(try store.moderationLog(userNamed: nil, productID: nil, before: nil, limit: 10).entries == [row])
    }

    @Test(arguments: TestStore.engines)
    func theLogIsReadNewestFirstByUserOrLotInPagesAndRefusesChanges(_ dialect: StoreDialect) throws {
        let test = try TestStore(dialect)
        let store = try AccountStore(target: test.target)
        defer { store.close() }
        let dora = try #require(try store.createUser(name: "dora", passwordHash: "x", at: Self.now))
        let erin = try #require(try store.createUser(name: "erin", passwordHash: "x", at: Self.now))
        let carol = try #require(try store.createUser(name: "carol", passwordHash: "x", at: Self.now))
        let database = try Self.connection(test.target)
        defer { Self.close(database) }
        let reason = try ModerationReason("because")
        let entries: [ModerationLog.Entry] = [
            .init(moderator: dora, action: .removeLot, productID: 5, reason: reason, at: Self.now),
            .init(moderator: dora, action: .suspend, user: carol, reason: reason,
                  details: JSONObject([("sessions_ended", 2)]), at: Self.now.adding(milliseconds: 1)),
            .init(moderator: erin, action: .retractBid, productID: 5, user: carol, bidID: 9, reason: reason,
                  details: JSONObject([("price_before", 1_000), ("price_after", 800)]), at: Self.now.adding(milliseconds: 2)),
            .init(moderator: erin, action: .unsuspend, user: carol, reason: reason, at: Self.now.adding(milliseconds: 3)),
        ]
        let ids = try entries.map { entry throws(StoreError) in try ModerationLog.append(entry, on: database) }
        func page(_ user: String?, _ lot: ProductID?, before: Int64? = nil, limit: Int = 10) throws -> [Int64] {
            try store.moderationLog(userNamed: user, productID: lot, before: before, limit: limit).entries.map(\.id)
        }
        #expect(try page(nil, nil) == ids.reversed())
        #expect(try page("carol", nil) == [ids[3], ids[2], ids[1]], "the user acted on")
        #expect(try page("dora", nil) == [ids[1], ids[0]], "the moderator who acted")
        #expect(try page(nil, 5) == [ids[2], ids[0]])
        #expect(try page("erin", 5) == [ids[2]])
        #expect(try page("nobody", nil) == [])
        let first = try store.moderationLog(userNamed: nil, productID: nil, before: nil, limit: 3)
        #expect(first.entries.map(\.id) == [ids[3], ids[2], ids[1]] && first.next == ids[1])
        let last = try store.moderationLog(userNamed: nil, productID: nil, before: first.next, limit: 3)
        #expect(last.entries.map(\.id) == [ids[0]] && last.next == nil)

        let retract = try #require(try ModerationLogReads.entry(id: ids[2], on: database))
        #expect(retract.user == "carol" && retract.bidID == 9 && retract.details["price_after"] == 800)
        let json = ModerationLogReads.json(retract)
        #expect(json["moderator"] == "erin" && json["action"] == "retract_bid" && json["product_id"] == 5 && json["bid_id"] == 9)
        #expect(json["details"]?["price_before"] == 1_000 && json["created_at"]?.intValue == Self.now.millisecondsSinceEpoch + 2)
        #expect(json["report_id"] == nil)

        #expect(throws: StoreError.self) { try database.write("UPDATE moderation_log SET reason = 'changed'") }
        #expect(throws: StoreError.self) { try database.write("DELETE FROM moderation_log") }
        #expect(try database.scalarInteger("SELECT COUNT(*) FROM moderation_log WHERE reason = 'because'") == 4)
    }

    /// Bob bids, Carol outbids him, Bob is suspended (he leads nothing, so nothing of his is retracted),
    /// then Carol's bid is retracted: the replay leaves Bob's bids out while he is suspended, so the lot
    /// falls back to its start price with no leader instead of handing the lead to a suspended user.
    /// Once the suspension has run out his bids count again.
    @Test(arguments: TestStore.engines)
    func aRetractionNeverHandsTheLeadToASuspendedUser(_ dialect: StoreDialect) throws {
        let (test, accounts) = try Self.seededStore(dialect)
        defer { accounts.close() }
        let bob = try #require(try accounts.createUser(name: "bob", passwordHash: "x", at: Self.now))
        let carol = try #require(try accounts.createUser(name: "carol", passwordHash: "x", at: Self.now))
        let dora = try #require(try accounts.createUser(name: "dora", passwordHash: "x", at: Self.now))
        let database = try Self.connection(test.target)
        defer { Self.close(database) }
        let start = try #require(try database.scalarInteger("SELECT start_price FROM products WHERE id = 1"))
        func place(_ user: UserID, _ price: Int64, after previous: Int64, seq: Int64) throws -> Int64 {
            let values: [StoreValue] = [.integer(price), .integer(previous), .integer(user.rawValue), .integer(Self.now.millisecondsSinceEpoch),
                                         .integer(user.rawValue), .integer(price)]
            let id: Int64
            switch dialect {
            case .sqlite:
                id = try database.insertReturningID("""
                    INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at, placed_by, placed_price) VALUES (1, ?, ?, ?, ?, ?, ?)
                    """, values)
                try database.write("UPDATE products SET current_price = ? WHERE id = 1", [.integer(price)])
            case .postgres:
                id = try database.insertReturningID("""
                    INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at, placed_by, placed_price, seq) VALUES (1, ?, ?, ?, ?, ?, ?, ?)
                    """, values + [.integer(seq)])
            }
            return id
        }
        _ = try place(bob, start + 1_000, after: start, seq: 1)
        let carols = try place(carol, start + 2_000, after: start + 1_000, seq: 2)
        let reason = try ModerationReason("shill bidding")
        let until = Self.now.adding(milliseconds: 60_000)
        guard case .suspended = try accounts.suspend("bob", reason: reason, until: until, moderator: dora, now: Self.now) else {
            Issue.record("bob is not suspended"); return
        }
        let selling = try SellingStore(target: test.target)
        defer { selling.close() }
        guard case .retracted(let retraction) = try selling.retract([carols], on: 1, reason: reason, moderator: dora,
                                                                    now: Self.now.adding(milliseconds: 1_000)) else {
            Issue.record("carol's bid is not retracted"); return
        }
        #expect(retraction.outcome.leader == nil, "a suspended user never gets the lead back")
        #expect(retraction.outcome.price.minorUnits == start)
        #expect(try database.scalarInteger("SELECT current_price FROM products WHERE id = 1") == start)

        // After the suspension: another bid of Carol's, retracted, leaves Bob's bid leading again.
        let again = try place(carol, start + 3_000, after: start, seq: 4)
        guard case .retracted(let later) = try selling.retract([again], on: 1, reason: reason, moderator: dora,
                                                               now: until.adding(milliseconds: 1)) else {
            Issue.record("carol's second bid is not retracted"); return
        }
        #expect(later.outcome.leader == bob && later.outcome.price.minorUnits == start + 1_000)
    }

    @Test(arguments: TestStore.engines)
    func concurrentReportsOnTwoConnectionsNeverPassTheBoundNorOpenTwoReports(_ dialect: StoreDialect) throws {
        let (test, first) = try Self.seededStore(dialect)
        let stores = [first, try AccountStore(target: test.target)]  // two nodes' connections
        defer { stores.forEach { $0.close() } }
        let reason = try ModerationReason("spam")
        for round in 0..<12 {
            let reporter = try #require(try stores[0].createUser(name: "user\(round)", passwordHash: "x", at: Self.now))
            let outcomes = Mutex<[AccountStore.ReportFiling]>([])
            // 16 filings of distinct lots and 8 of one lot, at once, half on each connection, bound 10 an hour.
            DispatchQueue.concurrentPerform(iterations: 24) { index in
                let lot = ProductID(index < 16 ? index + 1 : 40)
                let outcome = try? stores[index % 2].fileReport(productID: lot, reporter: reporter, reason: reason,
                                                               at: Self.now.adding(milliseconds: Int64(round)), perHour: 10)
                outcomes.withLock { $0.append(outcome ?? .unknownProduct) }
            }
            let all = outcomes.withLock { $0 }
            let created = all.filter { if case .created = $0 { return true } else { return false } }.count
            let refused = all.filter { if case .tooMany = $0 { return true } else { return false } }.count
            #expect(!all.contains(.unknownProduct), "round \(round): a filing failed")
            #expect(created == 10, "round \(round): \(created) created")
            #expect(created + refused + all.filter { if case .existing = $0 { return true } else { return false } }.count == 24)
            let database = try Self.connection(test.target)
            defer { Self.close(database) }
            #expect(try database.scalarInteger("SELECT COUNT(*) FROM reports WHERE reporter_id = ?", [.integer(reporter.rawValue)]) == 10)
            #expect(try database.scalarInteger("SELECT COUNT(*) FROM reports WHERE reporter_id = ? AND product_id = 40",
                                               [.integer(reporter.rawValue)]) ?? 0 <= 1)
        }
    }
}
