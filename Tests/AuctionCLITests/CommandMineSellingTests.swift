import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Testing

@Suite struct CommandMineSellingTests {
    private static let answer = #"""
    {"lots":[
     {"product_id":5,"name":"Lamp \u001b[2J","status":"open","bid_count":3,"current_price":12000,"reserve_met":false,"end_time":4000000000000},
     {"product_id":4,"name":"Clock","status":"sold","bid_count":7,"current_price":90000,"winner":"bob","final_price":90000,"end_time":1795000000000},
     {"product_id":3,"name":"Vase","status":"unsold","bid_count":0,"current_price":500,"end_time":1795000000000},
     {"product_id":2,"name":"Chair","status":"withdrawn","bid_count":0,"current_price":100,"end_time":null}
    ]}
    """#

    @Test func mineSellingRendersEachStatusInTheServersOrder() async throws {
        let server = try SellingFakeServer { request in request.path == "/me/selling" ? SellingFakeServer.json(200, Self.answer) : nil }
        defer { server.stop() }

        let run = await CommandHarness.run(["mine", "--selling"], environment: server.environment())

        #expect(run.status == .success, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("ID") && lines[0].contains("STATUS"))
        #expect(lines[1].hasPrefix(" 5") && lines[1].contains("Lamp \u{FFFD}[2J") && lines[1].contains("open · 3 bids · reserve not met")
                && lines[1].contains("12,000"))
        #expect(lines[2].contains("sold to bob") && lines[2].contains("90,000") && lines[2].contains("ended 2026-11-18"))
        #expect(lines[3].contains("ended unsold") && lines[3].contains("ended 2026-11-18"))
        #expect(lines[4].contains("withdrawn") && lines[4].hasSuffix("-"))
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(server.requests.map { "\($0.method) \($0.path)" } == ["GET /me/selling"])
    }

    @Test func mineSellingJSONRoundTripsTheRows() async throws {
        let server = try SellingFakeServer { request in request.path == "/me/selling" ? SellingFakeServer.json(200, Self.answer) : nil }
        defer { server.stop() }

        let run = await CommandHarness.run(["mine", "--selling", "--json"], environment: server.environment())

        #expect(run.status == .success, "\(run.stderr)")
        // The server's rows, with each `end_time` as RFC 3339 (#33: JSON mixed ISO strings and epoch milliseconds).
        let lots = try #require(try JSONValue.parse(run.stdout)["lots"]?.arrayValue)
        #expect(lots.map { $0["product_id"]?.intValue } == [5, 4, 3, 2])
        #expect(lots[0]["reserve_met"]?.boolValue == false && lots[1]["winner"]?.stringValue == "bob" && lots[1]["final_price"]?.intValue == 90_000)
        #expect(lots.map { $0["end_time"]?.stringValue } == ["2096-10-02T07:06:40.000Z", "2026-11-18T11:06:40.000Z", "2026-11-18T11:06:40.000Z", nil])
    }

    @Test func mineSellingRefusesAnAnswerOutOfRange() async throws {
        let server = try SellingFakeServer { request in
            SellingFakeServer.json(200, #"{"lots":[{"product_id":-1,"name":"x","status":"open","bid_count":0,"current_price":1}]}"#)
        }
        defer { server.stop() }

        let run = await CommandHarness.run(["mine", "--selling"], environment: server.environment())

        #expect(run.status == .unreachable, "\(run.stderr)")
    }

    @Test func mineSellingWithNoLotsSaysSo() async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }

        let run = await CommandHarness.run(["mine", "--selling"], environment: server.environment())

        #expect(run.status == .success)
        #expect(run.stderr.contains("you are not selling anything yet"))
    }
}
