import AuctionData
import AuctionInfrastructure

extension WatchCommand {
    /// The detail pane's services on an HTTP loop of their own (shut it down after the watch): the
    /// watchlist and report endpoints, the lot's chat room on the watch's socket, the picture cache.
    /// Against the original backend only the pictures (it has no watchlist, reports or chat).
    static func lotServices(_ context: CommandContext, login: LoginCredential?, client: SocketClient,
                            session: SocketSession) throws(CommandError) -> (WatchLotServices, EventLoop) {
        let loop: EventLoop
        do { loop = try EventLoop.spawn(name: "auction-http") } catch {
            throw .local("cannot start the network thread: \(error)")
        }
        let cache = ImageDiskCache(environment: context.environment, megabytes: context.configuration.imageCacheMegabytes)
        guard context.configuration.dialect != .original else { return (WatchLotServices(imageCache: cache), loop) }
        let services = WatchLotServices(login: login, bidder: HTTPBidderRepository(client: context.httpClient(on: loop)),
                                        moderation: HTTPModerationRepository(client: context.httpClient(on: loop)),
                                        chatRoom: { SocketChatRoom($0, client: client, session: session) }, imageCache: cache)
        return (services, loop)
    }
}
