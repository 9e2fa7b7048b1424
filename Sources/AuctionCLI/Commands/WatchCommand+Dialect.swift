import AuctionData
import AuctionInfrastructure

/// `watch --ids` needs subscriptions, which the original backend does not have.
extension WatchCommand {
    /// Refuses `--ids` before any screen is drawn when the server cannot subscribe (the original dialect
    /// ignores the subscribe frame, so a screen would look live and never change). When the first
    /// connection attempt fails the screen goes ahead at once and shows the connection state.
    static func requireSubscriptions(_ context: CommandContext, session: SocketSession, client: SocketClient) async throws(CommandError) {
        guard let capabilities = await capabilitiesUnlessUnreachable(session: session, client: client),
              !capabilities.supports(.subscribe) else { return }
        throw .usage(UsageError(
            reason: "`--ids` needs a server that can subscribe to products; the server at \(context.configuration.socket) "
                + "speaks the original protocol, which pushes prices by loaded pages only: use `auction watch --pages N`",
            usage: "auction watch [--pages N] [--ids 1,5,9]"))
    }

    /// The server's capabilities, or nil as soon as the client starts reconnecting (or cannot learn them).
    private static func capabilitiesUnlessUnreachable(session: SocketSession, client: SocketClient) async -> ServerCapabilities? {
        await withCheckedContinuation { (continuation: CheckedContinuation<ServerCapabilities?, Never>) in
            let resumed = Mutex(false)
            let finish: @Sendable (ServerCapabilities?) -> Void = { value in
                let first = resumed.withLock { done -> Bool in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: value) }
            }
            client.onStateChange { state in
                if case .reconnecting = state { finish(nil) }
                if state == .closed { finish(nil) }
            }
            if case .reconnecting = client.state { finish(nil) }
            Task { finish(try? await session.capabilities(of: client)) }
        }
    }
}
