/// A capability named in the hello handshake (client `dataType` 11; docs/PROTOCOL.md, "Hello").
///
/// A client lists the push types it understands; our server lists what it offers. A push type
/// beyond the original's two (reply 1, price 2) goes only to connections whose hello named its feature.
public struct ProtocolFeature: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The wire name, e.g. `closing`.
    public let name: String

    /// A feature by its wire name.
    public init(_ name: String) { self.name = name }

    /// Chat: requests 6–9, pushes 3 (message) and 4 (presence).
    public static let chat = ProtocolFeature("chat")
    /// Chat actions (`/me`): `"kind":"action"` on chat send (8) and chat messages (3): offered by the server.
    public static let chatActions = ProtocolFeature("chat-actions")
    /// Auction closed pushes (5).
    public static let closing = ProtocolFeature("closing")
    /// Connection-level error frames (6) before the server closes.
    public static let errors = ProtocolFeature("errors")
    /// Subscriptions by product id (requests 4, 5): offered by the server.
    public static let subscribe = ProtocolFeature("subscribe")
    /// Login with a session token (request 3): offered by the server.
    public static let login = ProtocolFeature("login")
    /// End-time pushes (7) when soft close moves an auction's end.
    public static let extensions = ProtocolFeature("extensions")
    /// Notification pushes (8): outbid, ending soon, won, lost, sold.
    public static let notifications = ProtocolFeature("notifications")
    /// Proxy bids (`max_price` on request 2), idempotency keys and buy-now (request 12): offered by the server.
    public static let proxyBids = ProtocolFeature("proxy-bids")
    /// Query state (request 13): list state following a catalogue query's pages: offered by the server.
    public static let query = ProtocolFeature("query")
    /// Lot pushes (9): listed, edited, withdrawn.
    public static let lots = ProtocolFeature("lots")
    /// Reconnect-elsewhere pushes (10): the node is draining, move to another now.
    public static let reconnect = ProtocolFeature("reconnect")
    /// `next_minimum` on price pushes (2): the least bid the server accepts after that price.
    public static let nextMinimum = ProtocolFeature("next-minimum")
    /// Standing pushes (11): the user's leading, outbid, won or lost, and the end of their login.
    public static let standing = ProtocolFeature("standing")
    /// Lot events in a lot's chat room (push 12): bids with shortened bidders, extensions, the close.
    public static let chatLotEvents = ProtocolFeature("chat-lot-events")
    /// The lot log's signed receipts on accepted bid and buy replies (`receipts`).
    public static let receipts = ProtocolFeature("receipts")

    /// What this build's client understands, sent in its hello.
    public static let understoodByClient: [ProtocolFeature] = [
        .closing, .chat, .errors, .extensions, .notifications, .lots, .reconnect, .nextMinimum, .standing, .chatLotEvents, .receipts,
    ]
    /// What our server offers, listed in its hello reply.
    public static let offeredByServer: [ProtocolFeature] = [
        .closing, .chat, .errors, .subscribe, .login, .notifications, .proxyBids, .extensions, .query, .lots, .reconnect,
        .nextMinimum, .standing, .chatActions, .chatLotEvents, .receipts,
    ]

    /// The most features a hello may list, and the longest name; the rest are ignored.
    public static let maximumCount = 64
    /// The longest feature name read from the wire, in bytes.
    public static let maximumNameBytes = 64

    /// The feature a connection must have named to be sent a server frame of this `dataType`; nil for
    /// the original's types (1 reply, 2 price). A type without a feature of its own (one added later)
    /// needs `push-N`, which no client names until that type is given a feature here.
    public static func required(forServerDataType dataType: Int) -> ProtocolFeature? {
        switch dataType {
        case 1, 2: nil
        case 3, 4: .chat
        case 5: .closing
        case 6: .errors
        case 7: .extensions
        case 8: .notifications
        case 9: .lots
        case 10: .reconnect
        case 11: .standing
        case 12: .chatLotEvents
        default: ProtocolFeature("push-\(dataType)")
        }
    }

    /// The name.
    public var description: String { name }

    /// By name.
    public static func < (left: ProtocolFeature, right: ProtocolFeature) -> Bool { left.name < right.name }
}
