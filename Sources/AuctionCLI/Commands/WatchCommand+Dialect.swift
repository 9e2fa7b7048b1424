import AuctionData
import AuctionInfrastructure

/// `watch --ids` needs subscriptions, which the original backend does not have.
extension WatchCommand {
    /// Refuses `--ids` before any screen is drawn when the server cannot subscribe (the original dialect
    /// ignores the subscribe frame, so a screen would look live and never change). A server that cannot
    /// be asked yet is left to the screen, which shows the connection state.
    static func requireSubscriptions(_ context: CommandContext, session: SocketSession, client: SocketClient) async throws(CommandError) {
        guard let capabilities = try? await session.capabilities(of: client), !capabilities.supports(.subscribe) else { return }
        throw .usage(UsageError(
            reason: "`--ids` needs a server that can subscribe to products; the server at \(context.configuration.socket) "
                + "speaks the original protocol, which pushes prices by loaded pages only: use `auction watch --pages N`",
            usage: "auction watch [--pages N] [--ids 1,5,9]"))
    }
}
