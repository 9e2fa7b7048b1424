import AuctionCLI
import AuctionCore
import Testing

@Suite struct TimeLeftTests {
    private let now = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)

    private func left(_ milliseconds: Int64) -> TimeLeft {
        TimeLeft(until: now.adding(milliseconds: milliseconds), now: now)
    }

    @Test func showsDaysHoursMinutesAndSecondsAtTheirScale() {
        #expect(left(3 * 86_400_000 + 4 * 3_600_000).text == "3d 4h")
        #expect(left(2 * 3_600_000 + 14 * 60_000).text == "2h 14m")
        #expect(left(5 * 60_000 + 7_000).text == "5m 07s")
        #expect(left(48_000).text == "48 s")
    }

    @Test func underAMinuteIsUrgentAndRoundsUp() {
        #expect(left(59_000).isUrgent)
        #expect(left(59_000).text == "59 s")
        #expect(left(500).text == "1 s")
        #expect(!left(60_000).isUrgent)
    }

    @Test func aPassedEndReadsEndedWithoutOverflow() {
        #expect(left(0).text == "ended")
        #expect(left(0).hasEnded)
        #expect(TimeLeft(until: Timestamp(millisecondsSinceEpoch: .min), now: Timestamp(millisecondsSinceEpoch: .max)).hasEnded)
        #expect(!TimeLeft(until: Timestamp(millisecondsSinceEpoch: .max), now: Timestamp(millisecondsSinceEpoch: .min)).hasEnded)
    }
}
