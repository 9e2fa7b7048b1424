import AuctionCore
import AuctionInfrastructure

/// What a connection has established (login, loaded pages, subscriptions, chat rooms), replayed after every reconnect.
public final class SocketSession: Sendable {
    private struct State {
        var token: String?
        var loadedPages = 0
        var subscriptions: [ProductID] = []
        var rooms: [String] = []
    }

    private let state = Mutex(State())

    /// Creates an empty session.
    public init() {}

    /// Makes `client` replay this session on every (re)connect, before any other request.
    public func install(on client: SocketClient) {
        client.setReplay { [self] in replayFrames() }
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

    /// The frames that re-establish the session: login, list state, subscriptions, chat rooms, in that order.
    public func replayFrames() -> [Frame] {
        let current = state.withLock { $0 }
        var messages: [ClientMessage] = []
        if let token = current.token { messages.append(.login(token: token)) }
        if current.loadedPages > 0 { messages.append(.listState(stateNumber: current.loadedPages - 1)) }
        if !current.subscriptions.isEmpty { messages.append(.subscribe(current.subscriptions)) }
        messages += current.rooms.map { .chatJoin(room: $0) }
        return messages.map(\.frame)
    }
}
