import AuctionCore
import AuctionInfrastructure

/// What a connection has established (login, loaded pages, subscriptions, chat rooms), replayed after every reconnect.
///
/// Every (re)connect starts with the hello handshake (`SocketSession+Hello`), which tells the
/// server's dialect; an original-dialect server is replayed only what it understands (list state).
public final class SocketSession: Sendable {
    private struct State {
        var token: String?
        var loadedPages = 0
        var subscriptions: [ProductID] = []
        var rooms: [String] = []
        var capabilities: ServerCapabilities?
        var query: CatalogueQuery?
    }

    private let state = Mutex(State())
    /// Which dialect to assume, or `auto` to ask.
    public let dialect: DialectSetting
    /// The client name sent in the hello.
    public let clientName: String
    /// The client version sent in the hello.
    public let clientVersion: String

    /// Creates an empty session; `dialect` says whether to ask the server what it speaks.
    public init(dialect: DialectSetting = .auto, clientName: String = "auction", clientVersion: String = "") {
        self.dialect = dialect
        self.clientName = clientName
        self.clientVersion = clientVersion
        if dialect == .original { state.withLock { $0.capabilities = .original } }
    }

    /// Makes `client` say hello and then replay this session on every (re)connect, before any other request;
    /// its heartbeat (when configured) is a ping, sent only to our server (the original never answers one).
    public func install(on client: SocketClient) {
        let timeout = client.configuration.requestTimeoutMilliseconds
        client.setHandshake { [self] in handshake(timeoutMilliseconds: timeout) }
        client.setReplay({ [self] in replayFrames() }, retryingWhen: Self.isPassingRefusal)
        client.setHeartbeat { [self] in capabilities?.dialect == .auction ? ClientMessage.ping.frame : nil }
    }

    /// What the server speaks, as learnt by the last handshake; nil before the first one settled.
    public internal(set) var capabilities: ServerCapabilities? {
        get { state.withLock { $0.capabilities } }
        set { state.withLock { $0.capabilities = newValue } }
    }

    /// The session token to log in with, or nil.
    public var token: String? {
        get { state.withLock { $0.token } }
        set { state.withLock { $0.token = newValue } }
    }

    /// How many catalogue pages the client has loaded.
    public var loadedPages: Int {
        get { state.withLock { $0.loadedPages } }
        set { state.withLock { $0.loadedPages = max(0, newValue) } }
    }

    /// The discovery query whose first `loadedPages` pages are the list state (request 13), or nil for the plain catalogue.
    public var query: CatalogueQuery? {
        get { state.withLock { $0.query } }
        set { state.withLock { $0.query = newValue } }
    }

    /// The products subscribed to, in the order first subscribed.
    public var subscriptions: [ProductID] { state.withLock { $0.subscriptions } }

    /// Adds products to the subscriptions.
    public func subscribe(_ ids: [ProductID]) {
        state.withLock { state in
            for id in ids where !state.subscriptions.contains(id) { state.subscriptions.append(id) }
        }
    }

    /// Removes products from the subscriptions.
    public func unsubscribe(_ ids: [ProductID]) {
        state.withLock { $0.subscriptions.removeAll { ids.contains($0) } }
    }

    /// Records a joined chat room.
    public func join(room: String) {
        state.withLock { if !$0.rooms.contains(room) { $0.rooms.append(room) } }
    }

    /// Forgets a chat room.
    public func leave(room: String) {
        state.withLock { $0.rooms.removeAll { $0 == room } }
    }

    /// Whether a replayed frame's answer refuses it for now only (the server busy, its store unreachable):
    /// a login refused so must be tried again, or the connection would be ready but logged out.
    static func isPassingRefusal(_ answer: Frame) -> Bool {
        guard case .reply(let reply)? = try? ServerMessage(frame: answer), !reply.result else { return false }
        return reply.reason == .rateLimited || reply.reason == .unavailable || reply.reason == .serverError
    }

    /// The frames that re-establish the session: login, list state, subscriptions, chat rooms, in that order;
    /// only the list state for an original-dialect server (it would never answer the others). With the
    /// `auto` dialect the handshake's probe has already sent the list state.
    public func replayFrames() -> [Frame] {
        let current = state.withLock { $0 }
        var messages: [ClientMessage] = []
        let listState: ClientMessage? = dialect != .auto && current.loadedPages > 0
            ? .listState(stateNumber: current.loadedPages - 1) : nil
        if current.capabilities?.dialect == .original {
            return listState.map { [$0.frame] } ?? []
        }
        if let token = current.token { messages.append(.login(token: token)) }
        if let listState { messages.append(listState) }
        if let query = current.query, current.capabilities?.supports(.query) ?? (dialect == .auction) {
            messages.append(.queryState(parameters: CatalogueQueryDTO.parameters(of: query), pages: current.loadedPages))
        }
        if !current.subscriptions.isEmpty { messages.append(.subscribe(current.subscriptions)) }
        messages += current.rooms.map { .chatJoin(room: $0) }
        return messages.map(\.frame)
    }
}
