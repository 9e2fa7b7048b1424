import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import Testing

/// Times on screens in the local zone with its abbreviation, and in JSON as RFC 3339 (#33).
@Suite struct LocalTimeTests {
    let seoul = TimeOfDay(utcOffsetSeconds: 9 * 3600, zoneAbbreviation: "KST")
    /// 2026-12-05T20:30:41.807Z: already the 6th in Seoul.
    let lateEvening = Timestamp(millisecondsSinceEpoch: 1_796_502_641_807)

    @Test func formatsTheLocalDateTimeAndZone() {
        #expect(seoul.dateTime(lateEvening) == "2026-12-06 05:30 KST", "the local date, not UTC's")
        #expect(seoul.dateTime(lateEvening, seconds: true) == "2026-12-06 05:30:41 KST")
        #expect(seoul.minutes(lateEvening) == "05:30 KST")
        #expect(TimeOfDay.utc.dateTime(lateEvening) == "2026-12-05 20:30 UTC")
        #expect(TimeOfDay(utcOffsetSeconds: -(5 * 3600 + 1800)).dateTime(lateEvening) == "2026-12-05 15:00 -05:30")
    }

    @Test func serverSentencesShowTheirTimesInTheLocalZone() {
        let text = "this account is suspended: spam (until 2026-12-05T20:30:41.807Z)"
        #expect(seoul.localizingTimes(in: text) == "this account is suspended: spam (until 2026-12-06 05:30 KST)")
        #expect(seoul.localizingTimes(in: "no time here") == "no time here")
    }

    @Test func productDetailShowsItsEndAndListingInTheLocalZone() {
        let product = Product(id: 5, name: "Lamp", startPrice: 10_000, currentPrice: 10_000, lastChange: .zero,
                              direction: .unchanged, auctionDate: "2026-12-05", endsAt: lateEvening)
        let detail = ProductDetail(product: product, sellerName: "alice", description: "", listedAt: lateEvening, priceHistory: [])
        let lines = ProductDetailView.render(detail, width: 80, color: false, clock: seoul)
        #expect(lines.contains("Ends      2026-12-06 05:30 KST"), "\(lines)")
        #expect(lines.contains("Listed    2026-12-06 05:30 KST"), "\(lines)")
    }

    @Test func notificationAndSellingTablesSayTheZoneNotUTC() {
        let notice = AuctionNotification(id: 1, kind: .won, productID: 5, productName: "Lamp", price: 1_000, maximum: nil,
                                         createdAt: lateEvening)
        let lines = NotificationTable.lines([notice], clock: seoul)
        #expect(!lines[0].contains("UTC") && lines[1].hasPrefix("2026-12-06 05:30 KST"), "\(lines)")
        let lot = SellingLot(productID: 5, name: "Lamp", status: .unsold, bidCount: 0, currentPrice: 1_000, endTime: lateEvening)
        let table = SellingTable.render([lot], width: nil, color: false, now: lateEvening, clock: seoul)
        #expect(table.last?.hasSuffix("ended 2026-12-06 05:30 KST") == true, "\(table)")
    }

    @Test func jsonTimesAreRFC3339AtAnyDepth() {
        let document = JSONValue.object(JSONObject([
            ("bids", .array([.object(JSONObject([("end_time", .int(1_796_502_641_807)), ("price", .int(5))]))])),
            ("details", .object(JSONObject([("until", .int(0)), ("was_until", .null)]))),
            ("time", .string("kept")),
        ]))
        let rewritten = MachineTime.rewritten(document)
        #expect(rewritten["bids"]?.arrayValue?.first?["end_time"]?.stringValue == "2026-12-05T20:30:41.807Z")
        #expect(rewritten["bids"]?.arrayValue?.first?["price"]?.intValue == 5, "other numbers stay numbers")
        #expect(rewritten["details"]?["until"]?.stringValue == "1970-01-01T00:00:00.000Z")
        #expect(rewritten["details"]?["was_until"]?.isNull == true)
        #expect(rewritten["time"]?.stringValue == "kept")
    }

    @Test func errorsAsJSONCarryCodeMessageAndExitStatus() {
        let notFound = CommandError.auction(.notFound("product 9")).json["error"]
        #expect(notFound?["code"]?.stringValue == "not_found")
        #expect(notFound?["message"]?.stringValue == "not found: product 9")
        #expect(notFound?["exit_status"]?.intValue == 1)
        let closed = CommandError.auction(.refused(.auctionClosed)).json["error"]
        #expect(closed?["code"]?.stringValue == "refused" && closed?["reason"]?.stringValue == "auction_closed")
        let parsed: UsageError? = { () -> UsageError? in
            do throws(UsageError) { _ = try ArgumentParser().parse(["wach"]); return nil } catch { return error }
        }()
        let usage = parsed.map { CommandError.usage($0).json["error"] } ?? nil
        #expect(usage?["code"]?.stringValue == "usage" && usage?["suggestion"]?.stringValue == "watch" && usage?["exit_status"]?.intValue == 2)
        let unreachable = CommandError.auction(.unreachable(address: "127.0.0.1:1", detail: "connection refused")).json["error"]
        #expect(unreachable?["code"]?.stringValue == "unreachable" && unreachable?["exit_status"]?.intValue == 3)
        let declined = CommandError.json(exitCode: .notConfirmed, message: "not confirmed: nothing was sent")["error"]
        #expect(declined?["code"]?.stringValue == "not_confirmed" && declined?["exit_status"]?.intValue == 5)
    }
}
