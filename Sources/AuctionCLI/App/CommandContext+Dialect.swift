import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The socket session every command starts with: the configured dialect and this client's hello.
extension CommandContext {
    /// A fresh session that says hello as `auction` (this version), or skips it for `dialect = original`.
    public func socketSession() -> SocketSession {
        SocketSession(dialect: configuration.dialect, clientName: "auction", clientVersion: CLIVersion.current)
    }

    /// What the socket server speaks, once the client is ready; failing to learn it is `unreachable`.
    public func capabilities(of session: SocketSession, client: SocketClient) async throws(CommandError) -> ServerCapabilities {
        do throws(AuctionError) {
            return try await session.capabilities(of: client)
        } catch .timedOut {
            throw .auction(.unreachable(address: configuration.socket.description,
                                        detail: "the server accepted the connection but did not answer"))
        } catch {
            throw .auction(error)
        }
    }
}
