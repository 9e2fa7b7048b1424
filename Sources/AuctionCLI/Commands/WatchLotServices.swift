import AuctionData

/// What `watch`'s detail pane and lot keys reach beyond the catalogue and the bid socket: the saved
/// login, the watchlist and report endpoints (HTTP), the lot's chat room (the socket) and the picture cache.
/// Built once by `WatchCommand`; each is nil when not available (logged out, the original backend).
public struct WatchLotServices: Sendable {
    /// The saved login, if any (the chat and the watchlist need it).
    public var login: LoginCredential?
    /// The watchlist endpoints.
    public var bidder: HTTPBidderRepository?
    /// The report endpoint.
    public var moderation: HTTPModerationRepository?
    /// Makes a chat room on the watch's socket.
    public var chatRoom: (@Sendable (String) -> SocketChatRoom)?
    /// The picture disk cache.
    public var imageCache: ImageDiskCache?

    /// Services as given; none by default.
    public init(login: LoginCredential? = nil, bidder: HTTPBidderRepository? = nil, moderation: HTTPModerationRepository? = nil,
                chatRoom: (@Sendable (String) -> SocketChatRoom)? = nil, imageCache: ImageDiskCache? = nil) {
        self.login = login
        self.bidder = bidder
        self.moderation = moderation
        self.chatRoom = chatRoom
        self.imageCache = imageCache
    }
}
