import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The socket a bid or a buy goes over: connected, hello said, logged in with the saved login; and
/// the one retry of a request whose answer never came. Used by one command task at a time;
/// deliberately not `Sendable`.
final class BidLink {
    private let context: CommandContext
    private let login: LoginCredential?
    private var client: SocketClient
    /// What the server speaks (learnt by the first connection's hello).
    let capabilities: ServerCapabilities
    /// The user id bids carry (the configured one for the original backend).
    let userID: UserID?

    private init(context: CommandContext, login: LoginCredential?, client: SocketClient,
                 capabilities: ServerCapabilities, userID: UserID?) {
        self.context = context
        self.login = login
        self.client = client
        self.capabilities = capabilities
        self.userID = userID
    }

    /// Connects, says hello and logs in; `BidCommand.bidderID`'s refusals (original backend without a
    /// `user_id`) and unreachable servers are thrown.
    static func open(_ context: CommandContext, login: LoginCredential?) async throws(CommandError) -> BidLink {
        let (client, session) = try connect(context, login: login)
        do throws(CommandError) {
            let capabilities = try await context.capabilities(of: session, client: client)
            let userID = try await BidCommand.bidderID(context, session: session, client: client, login: login)
            return BidLink(context: context, login: login, client: client, capabilities: capabilities, userID: userID)
        } catch {
            client.close()
            throw error
        }
    }

    private static func connect(_ context: CommandContext, login: LoginCredential?,
                                startingAfter failed: SocketEndpoint? = nil) throws(CommandError) -> (SocketClient, SocketSession) {
        let client = try context.socketClient(reconnects: false, startingAfter: failed)
        let session = context.socketSession()
        session.token = login?.token
        session.install(on: client)
        client.start()
        return (client, session)
    }

    /// Whether the server keeps idempotency keys (it offers `proxy-bids`), so sending a request again
    /// with the same key can never act twice.
    var keepsKeys: Bool { capabilities.supports(.proxyBids) }

    /// A fresh idempotency key for our server; nil for the original backend (its bids stay exactly the original app's).
    func freshKey() throws(CommandError) -> String? {
        guard capabilities.dialect == .auction else { return nil }
        do throws(Errno) {
            return try IdempotencyKey.fresh()
        } catch {
            throw .local("cannot make an idempotency key (no random bytes from the system: \(error.phrase)); nothing was sent")
        }
    }

    /// Closes the connection.
    func close() { client.close() }

    /// Runs `request` (a bid or a buy, carrying its idempotency key). When no answer came (timed out or
    /// the connection dropped) and the server keeps keys, reconnects once and runs it again with the same
    /// key. Nil when the outcome stays unknown.
    func exchange(_ request: (SocketBidRepository) async throws(AuctionError) -> BidAnswer) async throws(CommandError) -> BidAnswer? {
        do throws(AuctionError) {
            return try await request(SocketBidRepository(client: client, userID: userID))
        } catch .timedOut, .connectionLost {
            guard keepsKeys else { return nil }
        } catch {
            throw .auction(error)
        }
        // Its node may be the one that failed: the retry starts with the next server (when several are configured).
        let failed = client.endpoint
        client.close()
        do throws(CommandError) {
            let (again, session) = try Self.connect(context, login: login, startingAfter: failed)
            client = again
            _ = try await context.capabilities(of: session, client: again)
        } catch {
            return nil
        }
        do throws(AuctionError) {
            return try await request(SocketBidRepository(client: client, userID: userID))
        } catch .timedOut, .connectionLost, .unreachable {
            return nil
        } catch {
            throw .auction(error)
        }
    }
}
