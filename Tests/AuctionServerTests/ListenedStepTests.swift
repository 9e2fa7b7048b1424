import AuctionCore
@testable import AuctionServer
import Testing

/// The cluster listener's grouping of one wait's notifications: consecutive `auction_bids` runs
/// become one read, everything else keeps its place.
struct ListenedStepTests {
    private func note(_ channel: String, _ payload: String) -> PostgresNotification {
        PostgresNotification(channel: channel, payload: payload, senderProcessID: 7)
    }

    /// A step as text: `bids 5:9,3:4` or `single auction_closes 5`.
    private func describe(_ steps: [ListenedStep]) -> [String] {
        steps.map { step in
            switch step {
            case .bids(let moved): "bids " + moved.map { "\($0.0.rawValue):\($0.1)" }.joined(separator: ",")
            case .single(let notification): "single \(notification.channel) \(notification.payload)"
            }
        }
    }

    @Test func aBurstOfCommitsIsOneReadAtEachLotsHighestSeq() {
        let steps = ListenedStep.steps([
            note("auction_bids", "5:7,3:2"), note("auction_bids", "5:9"), note("auction_bids", "3:4,8:1"),
        ])
        #expect(describe(steps) == ["bids 5:9,3:4,8:1"])
    }

    @Test func anotherChannelBetweenCommitsKeepsItsPlace() {
        let steps = ListenedStep.steps([
            note("auction_bids", "5:7"), note("auction_closes", "5"), note("auction_bids", "5:8"), note("auction_chat", "12"),
        ])
        #expect(describe(steps) == ["bids 5:7", "single auction_closes 5", "bids 5:8", "single auction_chat 12"])
    }

    @Test func anUnreadableBidsPayloadStaysAloneToBeIgnored() {
        let steps = ListenedStep.steps([
            note("auction_bids", "5:7"), note("auction_bids", "5:x"), note("auction_bids", "6:1"),
        ])
        #expect(describe(steps) == ["bids 5:7", "single auction_bids 5:x", "bids 6:1"])
        #expect(ListenedStep.steps([]).isEmpty)
    }
}
