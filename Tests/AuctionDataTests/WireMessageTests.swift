import AuctionCore
import AuctionData
import AuctionInfrastructure
import Testing

@Suite struct WireMessageTests {
    static func decodeOne(_ text: String) -> Frame? {
        var decoder = FrameDecoder()
        decoder.append(Array(text.utf8))
        guard case .frame(let frame) = decoder.nextEvent() else { return nil }
        return frame
    }

    /// The first frame decoded from `bytes`.
    static func throughBytes(_ bytes: [UInt8]) -> Frame? {
        var decoder = FrameDecoder()
        decoder.append(bytes)
        guard case .frame(let decoded) = decoder.nextEvent() else { return nil }
        return decoded
    }

    static func throughBytes(_ frame: Frame) -> Frame? {
        var decoder = FrameDecoder()
        decoder.append(FrameEncoder.encode(frame))
        guard case .frame(let decoded) = decoder.nextEvent() else { return nil }
        return decoded
    }

    @Test func everyClientMessageRoundTripsThroughBytes() throws {
        let messages: [ClientMessage] = [
            .listState(stateNumber: 3),
            .bid(Bid(productID: 5, price: 35000), userID: UserID(rawValue: 1)),
            .bid(Bid(productID: 5, price: 35000), userID: nil),
            .login(token: "tok/en\"😀"),
            .subscribe([1, 5, 9]), .unsubscribe([]),
            .chatJoin(room: "product-5"), .chatLeave(room: "product-5"),
            .chatSend(room: "product-5", text: "50/50 chance? {\"no\"} 🎉"),
            .chatWho(room: "product-5"), .ping,
            .bid(Bid(productID: 5, price: 35000, maximum: 50000, idempotencyKey: "k-1"), userID: nil),
            .buyNow(5, idempotencyKey: "b-7"), .buyNow(6, idempotencyKey: nil),
        ]
        for (id, message) in messages.enumerated() {
            let frame = try #require(Self.throughBytes(message.frame(completionID: Int64(id))))
            #expect(frame.completionID == Int64(id))
            #expect(try ClientMessage(frame: frame) == message)
        }
    }

    @Test func everyServerMessageRoundTripsThroughBytes() throws {
        let messages: [ServerMessage] = [
            .reply(WireReply(completionID: 7, result: true)),
            .reply(WireReply(completionID: 8, result: false, reason: .priceTooLow, price: 35000)),
            .reply(WireReply(completionID: 9, result: true, fields: ["users": ["alice", "bob"]])),
            .price(PriceUpdate(productID: 5, price: 35000, change: 500, direction: .up, auctionDate: "2023-02-11")),
            .price(PriceUpdate(productID: 6, price: 100, change: -50, direction: .down, auctionDate: "2023-02-12")),
            .price(PriceUpdate(productID: 7, price: 100, change: 0, direction: .unchanged, auctionDate: "2023-02-12")),
            .chat(ChatMessage(room: "product-5", sender: "alice", text: "a/b", time: Timestamp(millisecondsSinceEpoch: 1_700_000_000_000), sequence: 4)),
            .presence(ChatPresence(room: "product-5", user: "bob", event: .leave, time: Timestamp(millisecondsSinceEpoch: 5))),
            .auctionClosed(5, finalPrice: 40000, winner: "alice"),
            .auctionClosed(6, finalPrice: 100, winner: nil),
            .auctionClosed(7, finalPrice: 100, winner: nil, status: .unsold),
            .standing(.lot(5, standing: .outbid, price: 35000)),
            .standing(.lot(5, standing: .won, price: 40000)),
            .standing(.loginEnded(reason: "suspended", message: "a moderator suspended this account")),
            .error(reason: "frame_too_large", message: "frame larger than 65536 bytes"),
            .endTime(5, endsAt: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000), extensions: 2),
            .notification(AuctionNotification(id: 12, kind: .outbid, productID: 5, productName: "Shoes", price: 35000,
                                              maximum: 34000, createdAt: Timestamp(millisecondsSinceEpoch: 1_700_000_000_000))),
            .notification(AuctionNotification(id: 13, kind: .won, productID: 6, createdAt: Timestamp(millisecondsSinceEpoch: 1))),
        ]
        for message in messages {
            let frame = try #require(Self.throughBytes(message.frame))
            #expect(try ServerMessage(frame: frame) == message)
        }
    }

    @Test func aStandingPushWithAWordThisBuildDoesNotKnowIsInvalidNotGuessed() {
        for data in [#"{"product_id":5,"standing":"winning","price":1}"#, #"{"product_id":5,"standing":"ended_no_winner","price":1}"#,
                     #"{"product_id":5,"standing":"leading"}"#] {
            let bytes = Array((#"{"dataType":11,"data":"# + data + "}/").utf8)
            let frame = Self.throughBytes(bytes)
            #expect(frame.map { (try? ServerMessage(frame: $0)) == nil } == true, "\(data)")
        }
        let unknown = Self.throughBytes(Array(#"{"dataType":5,"data":{"product_id":5,"final_price":1,"winner":null,"status":"resold"}}/"#.utf8))
        #expect(unknown.flatMap { try? ServerMessage(frame: $0) } == .auctionClosed(5, finalPrice: 1, winner: nil), "an unknown status is unstated")
    }

    @Test func repliesCarryTheCompletionIdInsideDataLikeTheOriginal() {
        let frame = ServerMessage.reply(WireReply(completionID: 7, result: true)).frame
        let text = String(decoding: FrameEncoder.encode(frame), as: UTF8.self)
        #expect(text == #"{"dataType":1,"data":{"completionId":7,"result":true}}/"#)
    }

    @Test func originalBackendFramesDecode() throws {
        let reply = try #require(Self.decodeOne(#"{"dataType":1,"data":{"completionId":32767,"result":false}}/"#))
        #expect(try ServerMessage(frame: reply) == .reply(WireReply(completionID: 32767, result: false)))
        let push = try #require(Self.decodeOne(
            #"{"dataType":2,"data":{"product_id":5,"product_price":35000,"state":true,"auction_date":"2023-02-11","beforePrice":500}}/"#))
        #expect(try ServerMessage(frame: push)
            == .price(PriceUpdate(productID: 5, price: 35000, change: 500, direction: .up, auctionDate: "2023-02-11")))
        let bid = try #require(Self.decodeOne(#"{"dataType":2,"completionId":3,"data":{"product_id":5,"product_price":35000,"user_id":"1"}}/"#))
        #expect(try ClientMessage(frame: bid) == .bid(Bid(productID: 5, price: 35000), userID: UserID(rawValue: 1)))
        let list = try #require(Self.decodeOne(#"{"dataType":1,"completionId":0,"data":{"stateNumber":0}}/"#))
        #expect(try ClientMessage(frame: list) == .listState(stateNumber: 0))
    }

    @Test func originalStyleUnescapedSlashInAStringDecodes() throws {
        let frame = try #require(Self.decodeOne(#"{"dataType":3,"data":{"room":"r","sender":"a/b","text":"1/2","time":1}}/"#))
        guard case .chat(let line) = try ServerMessage(frame: frame) else {
            Issue.record("expected chat")
            return
        }
        #expect(line.sender == "a/b" && line.text == "1/2")
    }

    @Test func idempotencyKeysOutsideTheirRangeAreMalformed() throws {
        for key in ["", String(repeating: "k", count: 65), "with space", "é"] {
            let frame = Frame(dataType: 2, completionID: 1, data: ["product_id": 5, "product_price": 100, "idempotency_key": .string(key)])
            #expect(throws: WireError.self) { try ClientMessage(frame: frame) }
        }
        let fraction = Frame(dataType: 2, completionID: 1, data: ["product_id": 5, "product_price": 100, "max_price": .double(2.5)])
        #expect(throws: WireError.self) { try ClientMessage(frame: fraction) }
        let plain = ClientMessage.bid(Bid(productID: 5, price: 35000), userID: UserID(rawValue: 1)).frame(completionID: 3)
        #expect(String(decoding: FrameEncoder.encode(plain), as: UTF8.self)
            == #"{"dataType":2,"completionId":3,"data":{"product_id":5,"product_price":35000,"user_id":1}}/"#)
    }

    @Test func unknownDataTypesAreSkippedNotErrors() throws {
        #expect(try ServerMessage(frame: Frame(dataType: 42, data: "anything")) == .unknown(dataType: 42))
        #expect(try ClientMessage(frame: Frame(dataType: 0)) == .unknown(dataType: 0))
    }

    @Test func missingAndIllTypedFieldsAreNamed() {
        #expect(throws: WireError.missingField("product_price", dataType: 2)) {
            try ClientMessage(frame: Frame(dataType: 2, data: ["product_id": 5]))
        }
        #expect(throws: WireError.invalidField("product_price", dataType: 2)) {
            try ClientMessage(frame: Frame(dataType: 2, data: ["product_id": 5, "product_price": 1.5]))
        }
        #expect(throws: WireError.missingField("completionId", dataType: 1)) {
            try ServerMessage(frame: Frame(dataType: 1, data: ["result": true]))
        }
        #expect(throws: WireError.invalidField("data", dataType: 4)) {
            try ClientMessage(frame: Frame(dataType: 4, data: [1]))
        }
        #expect(throws: WireError.invalidField("event", dataType: 4)) {
            try ServerMessage(frame: Frame(dataType: 4, data: ["room": "r", "user": "u", "event": "wave", "time": 1]))
        }
    }

    @Test func replyMapsToBidOutcomes() {
        let bid = Bid(productID: 5, price: 35000)
        #expect(WireReply(completionID: 1, result: true).outcome(of: bid) == .accepted(price: 35000))
        #expect(WireReply(completionID: 1, result: false).outcome(of: bid) == .refused(.unspecified, currentPrice: nil))
        #expect(WireReply(completionID: 1, result: false, reason: .auctionClosed, price: 40000).outcome(of: bid)
            == .refused(.auctionClosed, currentPrice: 40000))
    }

    @Test func unknownReasonCodesReadAsUnspecified() throws {
        let frame = Frame(dataType: 1, data: ["completionId": 1, "result": false, "reason": "solar_flare"])
        #expect(try ServerMessage(frame: frame) == .reply(WireReply(completionID: 1, result: false, reason: .unspecified)))
    }
}
