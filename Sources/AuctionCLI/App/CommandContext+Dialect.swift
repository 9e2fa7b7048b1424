import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The socket session every command starts with: the configured dialect and this client's hello.
extension CommandContext {
    /// A fresh session that says hello as `auction` (this version), or skips it for `dialect = original`.
    public func socketSession() -> SocketSession {
        SocketSession(dialect: configuration.dialect, clientName: "auction", clientVersion: CLIVersion.current)
    }

    /// Refuses (exit 2) when the server is known not to offer `feature` (e.g. chat on the original
    /// backend, which would never answer); a server that cannot be asked is left to the request.
    public func requireFeature(_ feature: ProtocolFeature, what: String, session: SocketSession,
                               client: SocketClient) async throws(CommandError) {
        guard let capabilities = try? await session.capabilities(of: client), !capabilities.supports(feature) else { return }
        throw .usage(UsageError(
            reason: "\(what) needs a server that offers it; the server at \(configuration.socket) "
                + (capabilities.dialect == .original ? "speaks the original protocol, which has no \(what)" : "does not offer \(feature)"),
            usage: HelpText.programUsage(.auction)))
    }

    /// What the socket server speaks, once the client is ready; failing to learn it is `unreachable`.
    public func capabilities(of session: SocketSession, client: SocketClient) async throws(CommandError) -> ServerCapabilities {
        do throws(AuctionError) {
            return try await session.capabilities(of: client)
        } catch .timedOut {
            throw .auction(.unreachable(address: client.endpoint.description,
                                        detail: "the server accepted the connection but did not answer"))
        } catch {
            throw .auction(error)
        }
    }
}
