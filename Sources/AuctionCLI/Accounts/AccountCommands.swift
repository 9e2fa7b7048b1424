import AuctionCore
import AuctionData
import AuctionInfrastructure

/// What `auction register`, `login`, `logout` and `whoami` do, apart from parsing and printing:
/// each returns the line to print. The login is saved per `SavedLoginStore`; the repository talks
/// to the configured server.
public struct AccountCommands: Sendable {
    /// The account service of the configured server.
    public var accounts: any AccountRepository
    /// Where the login is kept.
    public var store: SavedLoginStore
    /// The configured server's HTTP base URL.
    public var server: String
    /// The other HTTP bases of the same auction house (`--http a,b`): a login saved at any of them is valid here too.
    public var otherServers: [String] = [] {
        didSet { otherServers = otherServers.map(AccountCommands.normalized) }
    }
    /// The wall clock.
    public var now: @Sendable () -> Timestamp
    /// The zone times are shown in (the machine's, from the commands; UTC by default for tests).
    public var clock = TimeOfDay.utc

    /// Creates the commands for one server.
    public init(accounts: any AccountRepository, store: SavedLoginStore, server: String,
                now: @escaping @Sendable () -> Timestamp) {
        self.accounts = accounts
        self.store = store
        self.server = AccountCommands.normalized(server)
        self.now = now
    }

    /// Creates an account, saves its session, and says so.
    public func register(name: String, password: String) async throws(AccountCommandError) -> String {
        let session = try await call { () async throws(AuctionError) in try await accounts.register(name: name, password: password) }
        try store.save(SavedLogin(session: session, server: server))
        return "registered and logged in as \(session.name) until \(AccountCommands.format(session.expiresAt, clock: clock))"
    }

    /// Logs in, saves the session (replacing any other), and says so.
    public func login(name: String, password: String) async throws(AccountCommandError) -> String {
        let session: UserSession
        do throws(AuctionError) {
            session = try await accounts.login(name: name, password: password)
        } catch .refused(.unauthenticated) {
            throw AccountCommandError.invalidCredentials
        } catch {
            throw AccountCommandError.auction(error)
        }
        try store.save(SavedLogin(session: session, server: server))
        return "logged in as \(session.name) until \(AccountCommands.format(session.expiresAt, clock: clock))"
    }

    /// Revokes the saved session on the server (when it is this server and reachable) and forgets it.
    public func logout() async throws(AccountCommandError) -> String {
        guard let saved = try store.load() else { return "not logged in" }
        var note = ""
        if !isConfigured(saved.server) {
            note = " (the session at \(saved.server) was not revoked: that is not the configured server)"
        } else {
            do throws(AuctionError) {
                try await accounts.logout(token: saved.token)
            } catch .refused(.unauthenticated) {
                // Already ended on the server.
            } catch {
                note = " here; the server could not be told (\(error)), the session ends when it expires"
            }
        }
        try store.delete()
        return "logged out \(saved.name)\(note)"
    }

    /// Who the saved session belongs to, as the server confirms it; JSON when asked.
    public func whoami(json: Bool = false) async throws(AccountCommandError) -> String {
        let saved = try validLogin()
        let profile: UserIdentity
        do throws(AuctionError) {
            profile = try await accounts.me(token: saved.token)
        } catch .refused(.unauthenticated) {
            throw AccountCommandError.sessionEnded(name: saved.name)
        } catch {
            throw AccountCommandError.auction(error)
        }
        if json {
            let value = JSONValue.object(JSONObject([
                ("name", .string(profile.name)), ("user_id", .int(profile.userID.rawValue)),
                ("server", .string(saved.server)), ("expires_at", .string(MachineTime.text(profile.expiresAt))),
                ("moderator", .bool(profile.isModerator)),
            ]))
            return String(decoding: value.serializedForReading(), as: UTF8.self)
        }
        let role = profile.isModerator ? ", moderator" : ""
        return "\(profile.name) (user \(profile.userID.rawValue)\(role)) at \(saved.server), logged in until \(AccountCommands.format(profile.expiresAt, clock: clock))"
    }

    /// The saved login if it is for this server and not expired (what `bid` and `chat` send); else an
    /// error saying how to log in.
    public func validLogin() throws(AccountCommandError) -> SavedLogin {
        guard let saved = try store.load() else { throw AccountCommandError.notLoggedIn }
        guard isConfigured(saved.server) else {
            throw AccountCommandError.otherServer(saved: AccountCommands.normalized(saved.server), configured: server)
        }
        guard !saved.isExpired(at: now()) else { throw AccountCommandError.sessionEnded(name: saved.name) }
        return saved
    }

    /// Whether `savedServer` is the configured server or one of its other bases.
    private func isConfigured(_ savedServer: String) -> Bool {
        let saved = AccountCommands.normalized(savedServer)
        return saved == server || otherServers.contains(saved)
    }

    /// `2026-12-22 09:45 KST`: the date and time in `clock`'s zone, with the zone.
    public static func format(_ time: Timestamp, clock: TimeOfDay = .utc) -> String { clock.dateTime(time) }

    /// A base URL in one spelling (`http://host:port[/path]`), so `localhost:3100/` equals `http://localhost:3100`.
    static func normalized(_ server: String) -> String {
        (try? HTTPBaseURL(parsing: server))?.description ?? server
    }

    private func call<T>(_ body: () async throws(AuctionError) -> T) async throws(AccountCommandError) -> T {
        do throws(AuctionError) {
            return try await body()
        } catch {
            throw AccountCommandError.auction(error)
        }
    }
}
