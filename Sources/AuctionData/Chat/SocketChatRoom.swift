import AuctionCore
import AuctionInfrastructure

/// One chat room over the auction socket: join (recorded in the session, so a reconnect joins
/// again), send, who, leave, and the room's events.
///
/// After a reconnect the server sends the room's history again; messages already reported
/// (by sequence number) are not reported twice.
public final class SocketChatRoom: Sendable {
    /// The room's name, e.g. `product-5`.
    public let room: String
    private let client: SocketClient
    private let session: SocketSession
    private let lastSequence = Mutex<Int64>(0)
    private let listener = Mutex<AsyncStream<ChatEvent>.Continuation?>(nil)

    /// A room over `client` (start the client afterwards) that records the join in `session`.
    public init(_ room: String, client: SocketClient, session: SocketSession) {
        self.room = room
        self.client = client
        self.session = session
        client.onPush { [weak self] frame in self?.received(frame) }
        client.onStateChange { [weak self] state in self?.changed(state) }
    }

    /// Another room over the same client and session (for `/join`); join it before leaving this one.
    public func sibling(_ room: String) -> SocketChatRoom {
        SocketChatRoom(room, client: client, session: session)
    }

    /// The room's events; call once, before joining (a later call replaces the earlier stream).
    public func events() -> AsyncStream<ChatEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ChatEvent.self, bufferingPolicy: .bufferingNewest(10_000))
        let previous = listener.withLock { listener in
            defer { listener = continuation }
            return listener
        }
        previous?.finish()
        if client.state == .closed { continuation.finish() }
        return stream
    }

    /// Joins the room; accepted joins are replayed after every reconnect.
    public func join() async throws(AuctionError) -> ChatReply {
        let reply = ChatReply(try await client.request(.chatJoin(room: room)))
        if reply.accepted { session.join(room: room) }
        return reply
    }

    /// Sends a message (the server pushes it back to every member, this one included).
    public func send(_ text: String) async throws(AuctionError) -> ChatReply {
        ChatReply(try await client.request(.chatSend(room: room, text: text)))
    }

    /// Whether the server takes actions (`/me`): it offered `chat-actions` in its hello.
    public var offersActions: Bool { session.capabilities?.supports(.chatActions) ?? false }

    /// Sends an action (`/me waves`), shown to every member as `* name waves`.
    public func act(_ text: String) async throws(AuctionError) -> ChatReply {
        ChatReply(try await client.request(.chatAction(room: room, text: text)))
    }

    /// Asks who is in the room.
    public func who() async throws(AuctionError) -> ChatReply {
        ChatReply(try await client.request(.chatWho(room: room)))
    }

    /// Leaves the room (and stops replaying the join).
    public func leave() async throws(AuctionError) {
        session.leave(room: room)
        _ = try await client.request(.chatLeave(room: room))
    }

    private func received(_ frame: Frame) {
        switch try? ServerMessage(frame: frame) {
        case .chat(let message)? where message.room == room:
            let isNew = lastSequence.withLock { last -> Bool in
                guard message.sequence > last else { return false }
                last = message.sequence
                return true
            }
            if isNew { yield(.message(message)) }
        case .presence(let presence)? where presence.room == room:
            yield(.presence(presence))
        case .chatLot(let event)? where event.room == room:
            yield(.lot(event))
        default:
            break
        }
    }

    private func changed(_ state: SocketClientState) {
        yield(.connection(ConnectionState(state)))
        if state == .closed { listener.withLock { $0 }?.finish() }
    }

    private func yield(_ event: ChatEvent) {
        listener.withLock { $0 }?.yield(event)
    }
}
