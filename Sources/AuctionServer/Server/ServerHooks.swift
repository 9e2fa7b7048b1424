import AuctionInfrastructure

/// What other parts of the server plug in at start (accounts: the session resolver and HTTP routes).
///
/// Each hook gets the path of the database the server opened, so it can open its own store on it.
public struct ServerHooks: Sendable {
    /// Makes the resolver for login frames; the default knows no sessions.
    public var makeSessionResolver: @Sendable (_ databasePath: String) throws -> any SessionResolver
    /// Adds HTTP routes (e.g. `/users/login`); the default adds none.
    public var installRoutes: @Sendable (_ router: inout HTTPRouter, _ databasePath: String) throws -> Void
    /// Called once the server has stopped (close what the hooks opened).
    public var didStop: @Sendable () -> Void
    /// The accounts moderators act on and the check every moderation route shares, once opened; nil: no moderation.
    public var moderation: @Sendable () -> (accounts: AccountService, check: ModeratorCheck, workers: BlockingWorkers)?

    /// Hooks; the defaults add nothing.
    public init(
        makeSessionResolver: @escaping @Sendable (String) throws -> any SessionResolver = { _ in NoSessions() },
        installRoutes: @escaping @Sendable (inout HTTPRouter, String) throws -> Void = { _, _ in },
        didStop: @escaping @Sendable () -> Void = {},
        moderation: @escaping @Sendable () -> (accounts: AccountService, check: ModeratorCheck, workers: BlockingWorkers)? = { nil }
    ) {
        self.makeSessionResolver = makeSessionResolver
        self.installRoutes = installRoutes
        self.didStop = didStop
        self.moderation = moderation
    }
}
