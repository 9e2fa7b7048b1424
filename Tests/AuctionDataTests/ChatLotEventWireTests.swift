import AuctionCore
import AuctionData
import AuctionInfrastructure
import Testing

/// Push 12 (feature `chat-lot-events`): a lot's event in its chat room, both ways and with hostile fields.
@Suite struct ChatLotEventWireTests {
    @Test func everyKindRoundTripsWithOnlyItsFields() throws {
        let time = Timestamp(millisecondsSinceEpoch: 1_700_000_000_000)
        let events = [
            ChatLotEvent(room: "product-5", productID: 5, kind: .bid, price: 12_000, bidder: "al…e", isAutomatic: true, time: time),
            ChatLotEvent(room: "product-5", productID: 5, kind: .extended, endsAt: time.adding(milliseconds: 120_000), time: time),
            ChatLotEvent(room: "product-5", productID: 5, kind: .sold, price: 15_000, bidder: "b…b", time: time),
            ChatLotEvent(room: "product-5", productID: 5, kind: .ended, price: 9_000, time: time),
        ]
        for event in events {
            let frame = ServerMessage.chatLot(event).frame
            #expect(frame.dataType == 12)
            #expect(try ServerMessage(frame: frame) == .chatLot(event))
        }
        let extended = ServerMessage.chatLot(events[1]).frame.data
        #expect(extended["price"] == nil && extended["bidder"] == nil && extended["automatic"] == nil)
    }

    @Test func theFeatureGatesThePushAndBothSidesNameIt() {
        #expect(ProtocolFeature.required(forServerDataType: 12) == .chatLotEvents)
        #expect(ProtocolFeature.understoodByClient.contains(.chatLotEvents))
        #expect(ProtocolFeature.offeredByServer.contains(.chatLotEvents))
    }

    @Test func hostileFieldsAreRefusedOrBounded() throws {
        func frame(_ data: JSONObject) -> Frame { Frame(dataType: 12, data: .object(data)) }
        let base: JSONObject = ["room": "product-1", "product_id": 1, "event": "bid", "time": 1, "price": 100]
        var unknown = base
        unknown["event"] = "teleported"
        #expect(throws: WireError.self) { try ServerMessage(frame: frame(unknown)) }
        var negative = base
        negative["price"] = -1
        #expect(throws: WireError.self) { try ServerMessage(frame: frame(negative)) }
        var long = base
        long["bidder"] = .string(String(repeating: "x", count: 10_000))
        guard case .chatLot(let event) = try ServerMessage(frame: frame(long)) else { Issue.record("not a lot event"); return }
        #expect(event.bidder?.count == 32)
    }
}
