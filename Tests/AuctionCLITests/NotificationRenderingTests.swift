import AuctionCLI
import AuctionCore
import AuctionTestSupport
import Testing

/// The away summary line, the notifications table, and when the last check makes a summary due.
@Suite struct NotificationRenderingTests {
    static let time = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)

    static func notice(_ id: Int64, _ kind: NotificationKind, price: Money? = 35_000, name: String? = "Teapot") -> AuctionNotification {
        AuctionNotification(id: id, kind: kind, productID: 5, productName: name, price: price, createdAt: time)
    }

    @Test func summaryCountsEachKindInAFixedOrder() {
        #expect(AwaySummary.line(for: []) == nil)
        let notices = [Self.notice(1, .won), Self.notice(2, .outbid), Self.notice(3, .outbid), Self.notice(4, .endingSoon)]
        #expect(AwaySummary.line(for: notices) == "While you were away: 2 outbid, 1 ending soon, 1 won")
    }

    @Test func tableHasAHeaderAndOneAlignedRowPerNotification() {
        let lines = NotificationTable.lines([Self.notice(2, .outbid), Self.notice(1, .lost, price: 1_250_000, name: "a\u{1b}[31mred")])
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("WHEN "))
        #expect(lines[1].contains("outbid") && lines[1].hasSuffix("   35,000"))
        #expect(lines[2].contains("lost") && lines[2].hasSuffix("1,250,000"))
        #expect(!lines[2].contains("\u{1b}"), "server text is sanitized")
        #expect(Set(lines.map(\.count)).count == 1, "\(lines)")
    }

    @Test func aCheckIsDueWhenNeverMadeOrLongerAgoThanAnHour() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = NotificationCheckFile(next: SavedLoginStore(directory: directory.path))
        #expect(file.isDue(at: Self.time))
        file.record(Self.time)
        #expect(file.lastCheck() == Self.time)
        #expect(!file.isDue(at: Self.time.adding(milliseconds: 3_600_000)))
        #expect(file.isDue(at: Self.time.adding(milliseconds: 3_600_001)))
        #expect(file.isDue(at: Self.time.adding(milliseconds: -1)), "a check in the future (clock moved back) is not trusted")
    }
}
