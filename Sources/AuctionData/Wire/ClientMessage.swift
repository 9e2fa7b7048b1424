import AuctionCore
import AuctionInfrastructure

/// A message from client to server (the `dataType` of a client frame; see docs/PROTOCOL.md).
public enum ClientMessage: Hashable, Sendable {
    /// 1 (original): this many catalogue pages are loaded, minus one (`stateNumber`).
    case listState(stateNumber: Int)
    /// 2 (original): raise a product's price; the user id is optional for our server.
    case bid(Bid, userID: UserID?)
    /// 3: log the connection in with a session token.
    case login(token: String)
    /// 4: send price changes of these products regardless of list state.
    case subscribe([ProductID])
    /// 5: stop sending price changes of these products.
    case unsubscribe([ProductID])
    /// 6: join a chat room.
    case chatJoin(room: String)
    /// 7: leave a chat room.
    case chatLeave(room: String)
    /// 8: say something in a chat room.
    case chatSend(room: String, text: String)
    /// 8 with `"kind":"action"`: do something in a chat room (`/me`; ours, feature `chat-actions`).
    case chatAction(room: String, text: String)
    /// 9: ask who is in a chat room.
    case chatWho(room: String)
    /// 10: liveness check; the reply is an empty `result: true`.
    case ping
    /// 11: who the client is and which features it understands; our server replies with its own.
    case hello(WireHello)
    /// 12: buy a product now at its buy-now price (ours; feature `proxy-bids`).
    case buyNow(ProductID, idempotencyKey: String?)
    /// 13: the connection's list state follows this catalogue query's first `pages` pages (ours; feature `query`).
    /// The query's parameters as `GET /products/query` takes them, as text (numbers written in decimal).
    case queryState(parameters: [String: String], pages: Int)
    /// A type this build does not know; skipped.
    case unknown(dataType: Int)

    /// The wire `dataType` of each message.
    public enum DataType {
        /// List state.
        public static let listState = 1
        /// Bid.
        public static let bid = 2
        /// Login.
        public static let login = 3
        /// Subscribe.
        public static let subscribe = 4
        /// Unsubscribe.
        public static let unsubscribe = 5
        /// Chat join.
        public static let chatJoin = 6
        /// Chat leave.
        public static let chatLeave = 7
        /// Chat send.
        public static let chatSend = 8
        /// Chat who.
        public static let chatWho = 9
        /// Ping.
        public static let ping = 10
        /// Hello.
        public static let hello = 11
        /// Buy now.
        public static let buyNow = 12
        /// Query state.
        public static let queryState = 13
    }

    /// This message's `dataType`.
    public var dataType: Int {
        switch self {
        case .listState: DataType.listState
        case .bid: DataType.bid
        case .login: DataType.login
        case .subscribe: DataType.subscribe
        case .unsubscribe: DataType.unsubscribe
        case .chatJoin: DataType.chatJoin
        case .chatLeave: DataType.chatLeave
        case .chatSend, .chatAction: DataType.chatSend
        case .chatWho: DataType.chatWho
        case .ping: DataType.ping
        case .hello: DataType.hello
        case .buyNow: DataType.buyNow
        case .queryState: DataType.queryState
        case .unknown(let type): type
        }
    }

    /// Reads a client frame; unknown types become `.unknown`, never an error. Numbers must be JSON
    /// integers in their documented ranges (`WirePayload+Ranges`).
    public init(frame: Frame) throws(WireError) {
        let type = frame.dataType
        guard (DataType.listState...DataType.queryState).contains(type) else {
            self = .unknown(dataType: type)
            return
        }
        let payload = try WirePayload(frame)
        switch type {
        case DataType.listState:
            self = .listState(stateNumber: Int(try payload.exactInt("stateNumber", in: WirePayload.stateNumbers)))
        case DataType.bid:
            self = .bid(Bid(productID: try payload.exactProductID("product_id"), price: try payload.exactMoney("product_price"),
                            maximum: try payload.exactOptionalMoney("max_price"),
                            idempotencyKey: try payload.exactOptionalIdempotencyKey("idempotency_key")),
                        userID: try payload.exactOptionalUserID("user_id"))
        case DataType.login: self = .login(token: try payload.string("token"))
        case DataType.subscribe: self = .subscribe(try payload.exactProductIDs("product_ids"))
        case DataType.unsubscribe: self = .unsubscribe(try payload.exactProductIDs("product_ids"))
        case DataType.chatJoin: self = .chatJoin(room: try payload.string("room"))
        case DataType.chatLeave: self = .chatLeave(room: try payload.string("room"))
        case DataType.chatSend:
            let room = try payload.string("room"), text = try payload.string("text")
            switch try payload.optionalString("kind") {
            case nil, ChatMessage.Kind.message.rawValue?: self = .chatSend(room: room, text: text)
            case ChatMessage.Kind.action.rawValue?: self = .chatAction(room: room, text: text)
            case _?: throw .invalidField("kind", dataType: type)
            }
        case DataType.chatWho: self = .chatWho(room: try payload.string("room"))
        case DataType.hello: self = .hello(try WireHello(payload: payload))
        case DataType.buyNow:
            self = .buyNow(try payload.exactProductID("product_id"),
                           idempotencyKey: try payload.exactOptionalIdempotencyKey("idempotency_key"))
        case DataType.queryState:
            self = .queryState(parameters: try Self.queryParameters(payload.value("query")),
                               pages: Int(try payload.exactInt("pages", in: Self.queryPages)))
        default: self = .ping
        }
    }

    /// The payload as the wire carries it.
    public var data: JSONValue {
        switch self {
        case .listState(let state): ["stateNumber": .int(Int64(state))]
        case .bid(let bid, let user):
            Self.bidData(bid, user: user)
        case .login(let token): ["token": .string(token)]
        case .subscribe(let ids), .unsubscribe(let ids): ["product_ids": .array(ids.map { .int(Int64($0.rawValue)) })]
        case .chatJoin(let room), .chatLeave(let room), .chatWho(let room): ["room": .string(room)]
        case .chatSend(let room, let text): ["room": .string(room), "text": .string(text)]
        case .chatAction(let room, let text): ["room": .string(room), "text": .string(text), "kind": .string(ChatMessage.Kind.action.rawValue)]
        case .hello(let hello): hello.data
        case .buyNow(let id, let key):
            if let key {
                ["product_id": .int(Int64(id.rawValue)), "idempotency_key": .string(key)]
            } else {
                ["product_id": .int(Int64(id.rawValue))]
            }
        case .queryState(let parameters, let pages): Self.queryData(parameters, pages: pages)
        case .ping, .unknown: [:]
        }
    }

    /// A bid's payload: the original's three fields, then ours only when set (an original server
    /// ignores unknown keys, but a plain bid stays byte-for-byte what the original app sends).
    private static func bidData(_ bid: Bid, user: UserID?) -> JSONValue {
        var object: JSONObject = ["product_id": .int(Int64(bid.productID.rawValue)), "product_price": .int(bid.price.minorUnits)]
        if let user { object["user_id"] = .int(user.rawValue) }
        if let maximum = bid.maximum { object["max_price"] = .int(maximum.minorUnits) }
        if let key = bid.idempotencyKey { object["idempotency_key"] = .string(key) }
        return .object(object)
    }

    /// The frame without a completion id.
    public var frame: Frame { frame(completionID: nil) }

    /// The frame with a completion id at top level, as client frames carry it.
    public func frame(completionID: Int64?) -> Frame {
        Frame(dataType: dataType, completionID: completionID, data: data)
    }
}
