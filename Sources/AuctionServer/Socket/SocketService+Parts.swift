import AuctionCore
import AuctionEngine

/// What the server gives the socket service at `init`: where it reports, and its optional parts.
extension SocketService {
    /// What the socket service tells the rest of the server, each called on the loop; given at `init`.
    struct Hooks {
        /// Each committed price change (and each correction).
        var onPriceChange: (PriceUpdate) -> Void = { _ in }
        /// A lot a commit (or an adoption) changed, and how many bids it added there.
        var onLotChange: (AuctionLot, Int) -> Void = { _, _ in }
        /// Auctions that ended, with the service that ended them: to record and announce them.
        var onClosings: (SocketService, [AuctionClosing]) -> Void = { _, _ in }

        /// Hooks that do nothing until set.
        init() {}
    }

    /// The optional parts the server gives the service at `init` (nil: that feature is off).
    struct Parts {
        /// Chat rooms (`SocketService+Chat`).
        var chat: ChatRelay?
        /// Notifications (`SocketService+Notifications`).
        var notifications: NotificationRelay?
        /// Runs request 13's queries (nil: request 13 is refused with `invalid`).
        var queryPages: QueryPages?
        /// The per-address query rate request 13 shares with `GET /products/query`.
        var queryRate: QueryRate?
        /// What `GET /metrics` counts beyond `counters` (`--metrics-port`).
        var metrics: ServerMetrics?
        /// The threads session lookups, re-checks and chat history are read on (nil: where asked, for
        /// resolvers and stores in memory only).
        var lookupWorkers: BlockingWorkers?

        /// No optional part.
        init() {}
    }
}
