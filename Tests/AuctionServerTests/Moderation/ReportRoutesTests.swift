import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// Issue 23, reports: `POST /products/{id}/report`, `GET /moderation/reports` and
/// `POST /moderation/reports/{id}/resolve` on a real server over loopback and a real SQLite file.
@Suite struct ReportRoutesTests {
    @Test func aReportIsCreatedOnceRepeatsChangeNothingAndBadRequestsAreRefused() async throws {
        let fixture = try ModerationServerFixture()
        defer { fixture.stop() }
        let alice = try await fixture.register("alice")
        #expect(try await fixture.post("/products/1/report", reason: "counterfeit", token: nil).status == 401)

        let created = try await fixture.post("/products/1/report", reason: "  counterfeit watch ", token: alice)
        #expect(created.status == 201, "\(created)")
        #expect(created.json["changed"]?.boolValue == true)
        let report = try #require(created.json["report"])
        #expect(report["product_id"]?.intValue == 1 && report["reporter"]?.stringValue == "alice")
        #expect(report["reason"]?.stringValue == "counterfeit watch", "trimmed")
        #expect(report["created_at"]?.intValue == fixture.clock.now().millisecondsSinceEpoch)
        #expect(report["product_name"]?.stringValue?.isEmpty == false && report["resolved_at"] == nil)

        let again = try await fixture.post("/products/1/report", reason: "still counterfeit", token: alice)
        #expect(again.status == 200, "\(again)")
        #expect(again.json["changed"]?.boolValue == false)
        #expect(again.json["message"]?.stringValue == "you already reported lot 1; the moderators have it")
        #expect(again.json["report"]?["id"] == report["id"] && again.json["report"]?["reason"]?.stringValue == "counterfeit watch")

        let missing = try await fixture.request("POST", "/products/1/report", json: "{}", token: alice)
        #expect(missing.status == 400 && missing.json["error"]?.stringValue?.contains("a reason is required") == true, "\(missing)")
        let long = try await fixture.post("/products/2/report", reason: String(repeating: "x", count: 281), token: alice)
        #expect(long.status == 400 && long.json["error"]?.stringValue?.contains("too long") == true, "\(long)")
        let escape = try await fixture.post("/products/2/report", reason: "fake \u{1B}[31mred", token: alice)
        #expect(escape.status == 400 && escape.json["error"]?.stringValue?.contains("control characters") == true, "\(escape)")
        let notJSON = try await fixture.request("POST", "/products/2/report", json: "reason=x", token: alice)
        #expect(notJSON.status == 400, "\(notJSON)")
        #expect(try await fixture.post("/products/999999/report", reason: "gone", token: alice).status == 404)
        #expect(try await fixture.post("/products/abc/report", reason: "gone", token: alice).status == 400)
        try fixture.database { try $0.execute("UPDATE products SET removed_reason = 'counterfeit' WHERE id = 9") }
        let removed = try await fixture.post("/products/9/report", reason: "fake", token: alice)
        #expect(removed.status == 409 && removed.json["error"]?.stringValue?.contains("removed by moderation") == true, "\(removed)")
        #expect(try fixture.database { try $0.scalarInteger("SELECT COUNT(*) FROM reports") } == 1, "only the first was stored")
    }

    @Test func aUserFilesAtMostTwentyReportsAnHourCountedFromTheStore() async throws {
        let fixture = try ModerationServerFixture()
        defer { fixture.stop() }
        let alice = try await fixture.register("alice")
        for id in 1...20 {
            let answer = try await fixture.post("/products/\(id)/report", reason: "report \(id)", token: alice)
            #expect(answer.status == 201, "lot \(id): \(answer)")
            fixture.clock.advance(milliseconds: 60_000)  // 20 minutes in all: the first is 40 minutes from leaving the hour
        }
        let refused = try await fixture.post("/products/21/report", reason: "one too many", token: alice)
        #expect(refused.status == 429, "\(refused)")
        let retry: Int64? = refused.json["retry_after_ms"]?.intValue
        #expect(retry == 2_400_000, "\(refused)")
        #expect(try await fixture.post("/products/1/report", reason: "again", token: alice).status == 200, "a repeat is not a new report")

        let bob = try await fixture.register("bob")
        #expect(try await fixture.post("/products/21/report", reason: "mine", token: bob).status == 201, "per user")
        fixture.clock.advance(milliseconds: 40 * 60_000 - 1)
        #expect(try await fixture.post("/products/22/report", reason: "a moment early", token: alice).status == 429)
        fixture.clock.advance(milliseconds: 1)
        #expect(try await fixture.post("/products/21/report", reason: "an hour later", token: alice).status == 201)
        #expect(try fixture.database { try $0.scalarInteger("SELECT COUNT(*) FROM reports WHERE reporter_id = 1") } == 21)
    }

    @Test func moderatorsListOpenOrAllReportsInPagesAndOthersAreRefused() async throws {
        let fixture = try ModerationServerFixture()
        defer { fixture.stop() }
        let alice = try await fixture.register("alice")
        let dora = try await fixture.register("dora")
        try fixture.grant("dora")
        var ids: [Int64] = []
        for id in [3, 1, 2] {
            let answer = try await fixture.post("/products/\(id)/report", reason: "lot \(id)", token: alice)
            ids.append(try #require(answer.json["report"]?["id"]?.intValue))
        }
        #expect(try await fixture.request("GET", "/moderation/reports", token: alice).status == 403)
        #expect(try await fixture.request("GET", "/moderation/reports", token: nil).status == 401)
        let resolved = try await fixture.post("/moderation/reports/\(ids[1])/resolve", reason: "looked fine", token: dora)
        #expect(resolved.status == 200, "\(resolved)")

        let open = try await fixture.request("GET", "/moderation/reports", token: dora)
        #expect(open.status == 200, "\(open)")
        #expect(open.json["reports"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [ids[0], ids[2]])
        #expect(open.json["next"]?.isNull == true)
        let all = try await fixture.request("GET", "/moderation/reports?state=all", token: dora)
        let rows = try #require(all.json["reports"]?.arrayValue)
        #expect(rows.compactMap { $0["id"]?.intValue } == ids)
        #expect(rows[1]["resolved_by"]?.stringValue == "dora" && rows[1]["resolution"]?.stringValue == "looked fine")
        #expect(rows[1]["resolved_at"]?.intValue == fixture.clock.now().millisecondsSinceEpoch && rows[0]["resolved_at"] == nil)

        let first = try await fixture.request("GET", "/moderation/reports?state=all&limit=2", token: dora)
        #expect(first.json["reports"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [ids[0], ids[1]])
        let next = try #require(first.json["next"]?.intValue)
        let second = try await fixture.request("GET", "/moderation/reports?state=all&limit=2&after=\(next)", token: dora)
        #expect(second.json["reports"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [ids[2]])
        #expect(second.json["next"]?.isNull == true)
        for bad in ["?limit=0", "?limit=201", "?state=closed", "?after=-1", "?limit=1&limit=2"] {
            #expect(try await fixture.request("GET", "/moderation/reports\(bad)", token: dora).status == 400, "\(bad)")
        }
    }

    @Test func aResolveChangesOnceAndWritesExactlyOneLogRow() async throws {
        let fixture = try ModerationServerFixture()
        defer { fixture.stop() }
        let alice = try await fixture.register("alice")
        let dora = try await fixture.register("dora")
        try fixture.grant("dora")
        let id = try #require(try await fixture.post("/products/4/report", reason: "shill bids", token: alice).json["report"]?["id"]?.intValue)
        #expect(try await fixture.post("/moderation/reports/\(id)/resolve", reason: "ok", token: alice).status == 403)
        let noReason = try await fixture.request("POST", "/moderation/reports/\(id)/resolve", json: #"{"reason":"  "}"#, token: dora)
        #expect(noReason.status == 400, "\(noReason)")
        #expect(try fixture.logRows() == 0)

        let resolved = try await fixture.post("/moderation/reports/\(id)/resolve", reason: "bids retracted", token: dora)
        #expect(resolved.status == 200 && resolved.json["changed"]?.boolValue == true, "\(resolved)")
        let entry = try #require(resolved.json["entry"])
        #expect(entry["action"]?.stringValue == "resolve_report" && entry["moderator"]?.stringValue == "dora")
        #expect(entry["report_id"]?.intValue == id && entry["product_id"]?.intValue == 4)
        #expect(entry["reason"]?.stringValue == "bids retracted" && entry["details"]?["reporter"]?.stringValue == "alice")
        #expect(entry["user"] == nil && entry["bid_id"] == nil)
        #expect(try fixture.logRows() == 1)

        let again = try await fixture.post("/moderation/reports/\(id)/resolve", reason: "again", token: dora)
        #expect(again.status == 200 && again.json["changed"]?.boolValue == false, "\(again)")
        #expect(again.json["message"]?.stringValue == "report \(id) was already resolved by dora")
        #expect(again.json["entry"] == nil)
        #expect(try await fixture.post("/moderation/reports/999/resolve", reason: "nothing", token: dora).status == 404)
        #expect(try fixture.logRows() == 1, "exactly one row")
        #expect(try fixture.database { try $0.query("SELECT resolution FROM reports") { $0.text(0) } } == ["bids retracted"])

        // Alice may report the lot again once her report is closed.
        #expect(try await fixture.post("/products/4/report", reason: "back again", token: alice).status == 201)
    }

    @Test func aResolveWhoseLogRowCannotBeWrittenLeavesTheReportOpen() throws {
        let directory = try TemporaryDirectory(prefix: "auction-moderation")
        defer { directory.remove() }
        let path = directory.file("auction.sqlite")
        let now = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)
        try CatalogueFixture.demo(at: path, now: now, endingAt: [:])
        let store = try AccountStore(path: path)
        defer { store.close() }
        let alice = try #require(try store.createUser(name: "alice", passwordHash: "x", at: now))
        let dora = try #require(try store.createUser(name: "dora", passwordHash: "x", at: now))
        guard case .created(let report) = try store.fileReport(productID: 5, reporter: alice, reason: try ModerationReason("fake"),
                                                               at: now, perHour: 20) else {
            Issue.record("not filed")
            return
        }
        let other = try SQLiteDatabase(path: path)
        defer { other.close() }
        try other.execute("CREATE TRIGGER refuse_log BEFORE INSERT ON moderation_log BEGIN SELECT RAISE(ABORT, 'log refused'); END;")
        #expect(throws: StoreError.self) {
            try store.resolveReport(report.id, moderator: dora, reason: try ModerationReason("removed"), at: now)
        }
        #expect(try other.scalarInteger("SELECT COUNT(*) FROM reports WHERE resolved_at IS NULL") == 1, "the report is still open")
        #expect(try other.scalarInteger("SELECT COUNT(*) FROM moderation_log") == 0)
        try other.execute("DROP TRIGGER refuse_log")
        guard case .resolved(let row) = try store.resolveReport(report.id, moderator: dora, reason: try ModerationReason("removed"), at: now) else {
            Issue.record("not resolved")
            return
        }
        #expect(row.reportID == report.id && row.moderator == "dora")
    }
}
