@testable import AuctionData
import AuctionInfrastructure
import Testing

/// Which answers to a replayed login make the client connect again and replay the session anew.
@Suite struct SessionReplayRefusalTests {
    private static func reply(result: Bool, reason: String?) -> Frame {
        Frame(dataType: 1, data: ["completionId": 7, "result": .bool(result), "reason": reason.map { .string($0) } ?? .null])
    }

    @Test(arguments: ["rate_limited", "unavailable", "server_error"])
    func aBusyOrUnreachableRefusalIsForNowOnly(_ reason: String) {
        #expect(SocketSession.isPassingRefusal(Self.reply(result: false, reason: reason)))
    }

    @Test func anExpiredLoginOrAnAcceptedOneIsFinal() {
        #expect(!SocketSession.isPassingRefusal(Self.reply(result: false, reason: "unauthenticated")))
        #expect(!SocketSession.isPassingRefusal(Self.reply(result: true, reason: nil)))
        #expect(!SocketSession.isPassingRefusal(Frame(dataType: 2, data: ["product_id": 1])))
    }
}
