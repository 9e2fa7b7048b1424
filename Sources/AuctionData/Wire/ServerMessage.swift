import AuctionCore
import AuctionInfrastructure

/// A message from server to client (the `dataType` of a server frame; see docs/PROTOCOL.md).
public enum ServerMessage: Hashable, Sendable {
    /// 1 (original, plus our optional fields): the answer to a request.
    case reply(WireReply)
    /// 2 (original): a product's price changed.
    case price(PriceUpdate)
    /// 3: a chat line.
    case chat(ChatMessage)
    /// 4: someone joined or left a chat room.
    case presence(ChatPresence)
    /// 5: bidding on a product ended, with the lot's `status` as the server decided it (ours; the original sends none).
    case auctionClosed(ProductID, finalPrice: Money, winner: String?, status: LotStatus? = nil)
    /// 6: a connection-level error, sent just before the server closes (reason code and a sentence).
    case error(reason: String, message: String)
    /// 7: soft close moved a product's end time (feature `extensions`).
    case endTime(ProductID, endsAt: Timestamp, extensions: Int)
    /// 8: something happened to one of the user's auctions (feature `notifications`).
    case notification(AuctionNotification)
    /// A lot listed, edited or withdrawn (push 9, feature `lots`).
    case lot(LotEvent)
    /// 10: the node is going away (draining): connect to another node now (feature `reconnect`).
    case reconnectElsewhere(reason: String)
    /// 11: the logged-in user's standing on a lot changed, or their login ended (feature `standing`).
    case standing(StandingChange)
    /// 12: a lot's event in its chat room (feature `chat-lot-events`).
    case chatLot(ChatLotEvent)
    /// A type this build does not know; skipped.
    case unknown(dataType: Int)

    /// The wire `dataType` of each message.
    public enum DataType {
        /// Reply.
        public static let reply = 1
        /// Price push.
        public static let price = 2
        /// Chat line.
        public static let chat = 3
        /// Chat presence.
        public static let presence = 4
        /// Auction closed.
        public static let auctionClosed = 5
        /// Connection-level error.
        public static let error = 6
        /// End time moved.
        public static let endTime = 7
        /// Notification.
        public static let notification = 8
        /// A lot listed, edited or withdrawn.
        public static let lot = 9
        /// Reconnect elsewhere: the node is draining.
        public static let reconnect = 10
        /// The user's standing changed.
        public static let standing = 11
        /// A lot's event in its chat room.
        public static let chatLot = 12
    }

    /// This message's `dataType`.
    public var dataType: Int {
        switch self {
        case .reply: DataType.reply
        case .price: DataType.price
        case .chat: DataType.chat
        case .presence: DataType.presence
        case .auctionClosed: DataType.auctionClosed
        case .error: DataType.error
        case .endTime: DataType.endTime
        case .notification: DataType.notification
        case .lot: DataType.lot
        case .reconnectElsewhere: DataType.reconnect
        case .standing: DataType.standing
        case .chatLot: DataType.chatLot
        case .unknown(let type): type
        }
    }

    /// Reads a server frame; unknown types become `.unknown`, never an error.
    public init(frame: Frame) throws(WireError) {
        let type = frame.dataType
        guard (DataType.reply...DataType.chatLot).contains(type) else {
            self = .unknown(dataType: type)
            return
        }
        let payload = try WirePayload(frame)
        switch type {
        case DataType.reply:
            self = .reply(try WireReply(payload: payload, completionID: frame.completionID))
        case DataType.price:
            self = .price(try Self.priceUpdate(payload))
        case DataType.chat:
            self = .chat(ChatMessage(room: try payload.string("room"), sender: try payload.string("sender"),
                                     text: try payload.string("text"),
                                     time: Timestamp(millisecondsSinceEpoch: try payload.int("time")),
                                     sequence: try payload.optionalInt("seq") ?? 0,
                                     // A kind this build does not know is shown as said, not dropped.
                                     kind: (try payload.optionalString("kind")).flatMap(ChatMessage.Kind.init(rawValue:)) ?? .message))
        case DataType.presence:
            guard let event = ChatPresence.Event(rawValue: try payload.string("event")) else {
                throw .invalidField("event", dataType: type)
            }
            self = .presence(ChatPresence(room: try payload.string("room"), user: try payload.string("user"), event: event,
                                          time: Timestamp(millisecondsSinceEpoch: try payload.int("time"))))
        case DataType.auctionClosed:
            self = .auctionClosed(try payload.productID("product_id"), finalPrice: try payload.money("final_price"),
                                  winner: try payload.optionalString("winner"),
                                  status: try payload.optionalString("status").flatMap(LotStatus.init(rawValue:)))
        case DataType.endTime:
            self = .endTime(try payload.productID("product_id"),
                            endsAt: Timestamp(millisecondsSinceEpoch: try payload.int("end_time")),
                            extensions: Int(clamping: try payload.optionalInt("extensions") ?? 0))
        case DataType.notification:
            self = .notification(try Self.notification(payload))
        case DataType.lot:
            guard let kind = LotEvent.Kind(rawValue: try payload.string("event")) else {
                throw .invalidField("event", dataType: type)
            }
            let product = payload.object["product"]
            if let product, !product.isNull, product.objectValue == nil { throw .invalidField("product", dataType: type) }
            var place: ListingPlace?
            if let after = payload.object["after"] {
                place = after.isNull ? .first : .after(try payload.productID("after"))
            }
            self = .lot(LotEvent(kind: kind, productID: try payload.productID("product_id"), product: product, place: place,
                                 removedReason: try payload.optionalString("removed_reason")))
        case DataType.reconnect:
            self = .reconnectElsewhere(reason: try payload.optionalString("reason") ?? "")
        case DataType.standing:
            self = .standing(try Self.standing(payload))
        case DataType.chatLot:
            self = .chatLot(try Self.chatLot(payload))
        default:
            self = .error(reason: try payload.string("reason"), message: try payload.optionalString("message") ?? "")
        }
    }

    /// Push 11: `{"product_id","standing","price"}`, or `{"standing":"none","reason","message"}` when the login ended.
    private static func standing(_ payload: WirePayload) throws(WireError) -> StandingChange {
        let word = try payload.string("standing")
        if word == "none" {
            return .loginEnded(reason: String((try payload.optionalString("reason") ?? "").prefix(64)),
                               message: String((try payload.optionalString("message") ?? "").prefix(512)))
        }
        guard let standing = MyBidStatus(rawValue: word), standing != .endedNoWinner else {
            throw .invalidField("standing", dataType: payload.dataType)
        }
        return .lot(try payload.productID("product_id"), standing: standing, price: try payload.money("price"))
    }

    /// A price push; `state` is whether the price went up, `beforePrice` the size of the change.
    private static func priceUpdate(_ payload: WirePayload) throws(WireError) -> PriceUpdate {
        let id = try payload.productID("product_id")
        let price = try payload.money("product_price")
        let size = (try payload.optionalInt("beforePrice") ?? 0).magnitude
        let up = try payload.object["state"].map { (value) throws(WireError) -> Bool in
            guard let flag = value.boolValue else { throw .invalidField("state", dataType: payload.dataType) }
            return flag
        } ?? true
        let change = Money(up ? Int64(clamping: size) : -Int64(clamping: size))
        let sequence = try payload.optionalInt("seq")
        if let sequence, sequence < 0 { throw .invalidField("seq", dataType: payload.dataType) }
        // The server's least next bid after this price (ours, feature `next-minimum`); out of range is invalid.
        let minimum = try payload.optionalInt("next_minimum")
        if let minimum, minimum < 1 || minimum > Money.largestExact.minorUnits {
            throw .invalidField("next_minimum", dataType: payload.dataType)
        }
        var update = PriceUpdate(productID: id, price: price, change: change, direction: PriceDirection(change: change),
                                 auctionDate: try payload.optionalString("auction_date") ?? "", sequence: sequence)
        update.nextMinimum = minimum.map { Money($0) }
        return update
    }

    /// A notification push; an unknown `kind` is an invalid field.
    private static func notification(_ payload: WirePayload) throws(WireError) -> AuctionNotification {
        guard let kind = NotificationKind(rawValue: try payload.string("kind")) else {
            throw .invalidField("kind", dataType: payload.dataType)
        }
        let id = try payload.int("id")
        let productID = try payload.productID("product_id")
        let name = try payload.optionalString("product_name")
        let price = try payload.optionalInt("price")
        let maximum = try payload.optionalInt("your_maximum")
        let time = try payload.optionalInt("time") ?? 0
        let note = try payload.optionalString("note")
        return AuctionNotification(
            id: id, kind: kind, productID: productID, productName: name,
            price: price.map { Money($0) }, maximum: maximum.map { Money($0) },
            createdAt: Timestamp(millisecondsSinceEpoch: time), note: note
        )
    }

    /// A price push's payload; `seq` and `next_minimum` (feature `next-minimum`) only when set.
    private static func priceData(_ update: PriceUpdate) -> JSONValue {
        var object: JSONObject = [
            "product_id": .int(Int64(update.productID.rawValue)), "product_price": .int(update.price.minorUnits),
            "state": .bool(update.direction == .up), "auction_date": .string(update.auctionDate),
            "beforePrice": .int(update.change.minorUnits),
        ]
        if let sequence = update.sequence { object["seq"] = .int(sequence) }
        if let minimum = update.nextMinimum { object["next_minimum"] = .int(minimum.minorUnits) }
        return .object(object)
    }

    /// A notification's payload; absent fields are omitted.
    private static func notificationData(_ notice: AuctionNotification) -> JSONValue {
        var object: JSONObject = [
            "id": .int(notice.id), "kind": .string(notice.kind.rawValue),
            "product_id": .int(Int64(notice.productID.rawValue)),
        ]
        if let name = notice.productName { object["product_name"] = .string(name) }
        if let price = notice.price { object["price"] = .int(price.minorUnits) }
        if let maximum = notice.maximum { object["your_maximum"] = .int(maximum.minorUnits) }
        object["time"] = .int(notice.createdAt.millisecondsSinceEpoch)
        if let note = notice.note { object["note"] = .string(note) }
        return .object(object)
    }

    /// Push 5's payload: the original's `product_id`, `final_price`, `winner`, and our `status` when stated.
    private static func closedData(_ id: ProductID, price: Money, winner: String?, status: LotStatus?) -> JSONValue {
        var object: JSONObject = [
            "product_id": .int(Int64(id.rawValue)), "final_price": .int(price.minorUnits), "winner": winner.map { .string($0) } ?? .null,
        ]
        if let status { object["status"] = .string(status.rawValue) }
        return .object(object)
    }

    /// A chat message's payload; `kind` only on an action, so a peer that does not know it still shows the text.
    private static func chatData(_ line: ChatMessage) -> JSONValue {
        var object: JSONObject = [
            "room": .string(line.room), "sender": .string(line.sender), "text": .string(line.text),
            "time": .int(line.time.millisecondsSinceEpoch), "seq": .int(line.sequence),
        ]
        if line.kind != .message { object["kind"] = .string(line.kind.rawValue) }
        return .object(object)
    }

    /// The payload as the wire carries it.
    public var data: JSONValue {
        switch self {
        case .reply(let reply): reply.data
        case .price(let update):
            Self.priceData(update)
        case .chat(let line):
            Self.chatData(line)
        case .presence(let notice):
            ["room": .string(notice.room), "user": .string(notice.user), "event": .string(notice.event.rawValue),
             "time": .int(notice.time.millisecondsSinceEpoch)]
        case .auctionClosed(let id, let price, let winner, let status):
            Self.closedData(id, price: price, winner: winner, status: status)
        case .error(let reason, let message): ["reason": .string(reason), "message": .string(message)]
        case .endTime(let id, let endsAt, let extensions):
            ["product_id": .int(Int64(id.rawValue)), "end_time": .int(endsAt.millisecondsSinceEpoch),
             "extensions": .int(Int64(extensions))]
        case .notification(let notice): Self.notificationData(notice)
        case .lot(let event): event.data
        case .reconnectElsewhere(let reason): ["reason": .string(reason)]
        case .standing(.lot(let id, let standing, let price)):
            ["product_id": .int(Int64(id.rawValue)), "standing": .string(standing.rawValue), "price": .int(price.minorUnits)]
        case .standing(.loginEnded(let reason, let message)):
            ["standing": .string("none"), "reason": .string(reason), "message": .string(message)]
        case .chatLot(let event): Self.chatLotData(event)
        case .unknown: [:]
        }
    }

    /// Push 12's payload: the room, the lot, the event and only the fields it has.
    private static func chatLotData(_ event: ChatLotEvent) -> JSONValue {
        var object: JSONObject = [
            "room": .string(event.room), "product_id": .int(Int64(event.productID.rawValue)), "event": .string(event.kind.rawValue),
            "time": .int(event.time.millisecondsSinceEpoch),
        ]
        if let price = event.price { object["price"] = .int(price.minorUnits) }
        if let bidder = event.bidder { object["bidder"] = .string(bidder) }
        if event.isAutomatic { object["automatic"] = .bool(true) }
        if let endsAt = event.endsAt { object["end_time"] = .int(endsAt.millisecondsSinceEpoch) }
        return .object(object)
    }

    /// The largest price push 12 may carry (JSON's exact integers).
    static let largestLotEventPrice: Int64 = (1 << 53) - 1
    /// The most characters of a push 12 `bidder` kept.
    static let longestLotEventBidder = 32

    /// Reads push 12; an event this build does not know is refused (the room shows nothing for it).
    private static func chatLot(_ payload: WirePayload) throws(WireError) -> ChatLotEvent {
        guard let kind = ChatLotEvent.Kind(rawValue: try payload.string("event")) else {
            throw .invalidField("event", dataType: DataType.chatLot)
        }
        let price = try payload.optionalInt("price")
        if let price, !(0...Self.largestLotEventPrice).contains(price) { throw .invalidField("price", dataType: DataType.chatLot) }
        // The server sends a few characters; a longer name is cut, never trusted to a terminal whole.
        let bidder = try payload.optionalString("bidder").map { String($0.prefix(Self.longestLotEventBidder)) }
        return ChatLotEvent(room: try payload.string("room"), productID: try payload.productID("product_id"), kind: kind,
                            price: price.map { Money($0) }, bidder: bidder, isAutomatic: payload.object["automatic"]?.boolValue ?? false,
                            endsAt: try payload.optionalInt("end_time").map { Timestamp(millisecondsSinceEpoch: $0) },
                            time: Timestamp(millisecondsSinceEpoch: try payload.int("time")))
    }

    /// The frame; a reply carries its completion id inside `data`, as the original backend's do.
    public var frame: Frame { Frame(dataType: dataType, data: data) }
}
