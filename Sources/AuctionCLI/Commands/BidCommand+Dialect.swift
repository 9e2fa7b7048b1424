import AuctionCore
import AuctionData
import AuctionInfrastructure

/// Who the bid is from, by dialect: our server knows the login; the original backend needs `user_id`.
extension BidCommand {
    /// The user id to put on the wire: the saved login's for our server; the configured `user_id` for an
    /// original-dialect server, which takes it on trust and fails (and exits) on a bid without one, so
    /// such a bid is refused here and never sent.
    static func bidderID(_ context: CommandContext, session: SocketSession, client: SocketClient,
                  login: LoginCredential?) async throws(CommandError) -> UserID? {
        let capabilities = try await context.capabilities(of: session, client: client)
        guard capabilities.dialect == .original else { return login?.userID }
        guard let userID = context.configuration.userID else {
            throw .notLoggedIn("the server at \(context.configuration.socket) speaks the original protocol, which needs a user id "
                + "with every bid: set `user_id = <your id>` in your config file or profile (or AUCTION_USER_ID); the bid was not sent")
        }
        return userID
    }
}
