/// Accounts as the client uses them: register, log in and out, and ask who a token is.
public protocol AccountRepository: Sendable {
    /// Creates an account and returns its first session.
    func register(name: String, password: String) async throws(AuctionError) -> UserSession
    /// Opens a session; `refused(.unauthenticated)` for a wrong name or password.
    func login(name: String, password: String) async throws(AuctionError) -> UserSession
    /// Revokes a session's token.
    func logout(token: String) async throws(AuctionError)
    /// Who a token belongs to; `refused(.unauthenticated)` when it is not valid.
    func me(token: String) async throws(AuctionError) -> UserIdentity
}
