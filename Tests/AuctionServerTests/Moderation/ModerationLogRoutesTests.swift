import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// Issue 23: `GET /moderation/log` on a real server over loopback and a real SQLite file.
@Suite struct ModerationLogRoutesTests {
    @Test func theLogIsForModeratorsNewestFirstFilteredByUserOrLotAndPaged() async throws {
        let fixture = try ModerationServerFixture()
        defer { fixture.stop() }
        let alice = try await fixture.register("alice")
        let dora = try await fixture.register("dora")
        _ = try await fixture.register("carol")
        try fixture.grant("dora")
        // Two resolves through the route, and a suspension of carol appended as the lead's action will append it.
        for lot in [6, 7] {
            let id = try #require(try await fixture.post("/products/\(lot)/report", reason: "lot \(lot)", token: alice).json["report"]?["id"]?.intValue)
            #expect(try await fixture.post("/moderation/reports/\(id)/resolve", reason: "done \(lot)", token: dora).status == 200)
            fixture.clock.advance(milliseconds: 1_000)
        }
        try fixture.database { database in
            try ModerationLog.append(.init(moderator: UserID(rawValue: 2), action: .suspend, user: UserID(rawValue: 3),
                                           reason: try ModerationReason("spam"), details: JSONObject([("sessions_ended", 1)]),
                                           at: fixture.clock.now()), on: database)
        }

        #expect(try await fixture.request("GET", "/moderation/log", token: alice).status == 403)
        #expect(try await fixture.request("GET", "/moderation/log", token: nil).status == 401)
        let all = try await fixture.request("GET", "/moderation/log", token: dora)
        #expect(all.status == 200, "\(all)")
        let entries = try #require(all.json["entries"]?.arrayValue)
        #expect(entries.compactMap { $0["action"]?.stringValue } == ["suspend", "resolve_report", "resolve_report"])
        #expect(entries.compactMap { $0["product_id"]?.intValue } == [7, 6])
        #expect(entries[0]["user"] == "carol" && entries[0]["details"]?["sessions_ended"] == 1 && entries[0]["moderator"] == "dora")
        #expect(entries[1]["reason"] == "done 7" && entries[1]["created_at"]?.intValue == fixture.clock.now().millisecondsSinceEpoch - 1_000)
        #expect(all.json["next"]?.isNull == true)

        let carol = try await fixture.request("GET", "/moderation/log?user=carol", token: dora)
        #expect(carol.json["entries"]?.arrayValue?.compactMap { $0["action"]?.stringValue } == ["suspend"])
        let byDora = try await fixture.request("GET", "/moderation/log?user=dora", token: dora)
        #expect(byDora.json["entries"]?.arrayValue?.count == 3, "the moderator who acted")
        let lot6 = try await fixture.request("GET", "/moderation/log?lot=6", token: dora)
        #expect(lot6.json["entries"]?.arrayValue?.compactMap { $0["reason"]?.stringValue } == ["done 6"])
        #expect(try await fixture.request("GET", "/moderation/log?user=carol&lot=6", token: dora).json["entries"]?.arrayValue?.isEmpty == true)
        #expect(try await fixture.request("GET", "/moderation/log?user=nobody", token: dora).json["entries"]?.arrayValue?.isEmpty == true)

        let first = try await fixture.request("GET", "/moderation/log?limit=2", token: dora)
        #expect(first.json["entries"]?.arrayValue?.count == 2)
        let next = try #require(first.json["next"]?.intValue)
        let second = try await fixture.request("GET", "/moderation/log?limit=2&before=\(next)", token: dora)
        #expect(second.json["entries"]?.arrayValue?.compactMap { $0["reason"]?.stringValue } == ["done 6"])
        #expect(second.json["next"]?.isNull == true)
        for bad in ["?lot=abc", "?lot=0", "?before=0", "?limit=500", "?user=", "?lot=%zz"] {
            #expect(try await fixture.request("GET", "/moderation/log\(bad)", token: dora).status == 400, "\(bad)")
        }
    }
}
