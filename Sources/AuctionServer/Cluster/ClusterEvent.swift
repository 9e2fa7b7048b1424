import AuctionCore
import AuctionEngine

/// What the cluster listener read from the store for the loop: other nodes' bids and closes.
enum ClusterEvent: Sendable {
    /// New bids on one lot, with its stored state.
    case bids(RemoteBids)
    /// Auctions whose close is recorded in the store (announced once by each node).
    case closes([RemoteClose])
    /// Stored notifications (decided on any node) for this node's connections of their users.
    case notices([(user: UserID, notification: AuctionNotification)])
    /// Chat messages stored on any node (this one's too), in the order PostgreSQL committed them.
    case chat([ChatStore.Message])
    /// A session revoked on any node, or the need to re-read every session after a reconnect.
    case sessions(ClusterSessions)
    /// A lot listed, edited or withdrawn on some node, or a catch-up after (re)connecting: adopted by
    /// `LotAdoption` on the listener's thread (it reads the store and posts to the loop in id order).
    case lots(LotNotice)
    /// A chat presence change on another node (or every node's presence, after a reconnect).
    case presence(ChatPresenceNotice)
}

/// A close recorded in the store.
struct RemoteClose: Sendable {
    /// The product.
    var productID: ProductID
    /// Its final price.
    var finalPrice: Money
    /// The winner, when the reserve (if any) was met.
    var winner: UserID?
    /// The winner's name, when there is one.
    var winnerName: String?
    /// When it closed.
    var closedAt: Timestamp
}
