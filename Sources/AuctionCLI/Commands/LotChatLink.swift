import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The lot's chat room behind `watch`'s chat pane: requests (join the lot's room, leave, send, `/me`,
/// `/who`) go to `ChatSender`, one at a time and in order, as in `auction chat`; the room's events, and
/// what came of each request, come back to the watch as events.
final class LotChatLink: Sendable {
    private let requests: AsyncStream<ChatRequest>.Continuation
    private let sender: Task<Void, Never>
    private let forwarder: Mutex<Task<Void, Never>?>

    /// Starts the sender; `firstRoom` is not joined until a `.join` asks for it.
    init(firstRoom: SocketChatRoom, login: LoginCredential, events: AsyncStream<WatchEvent>.Continuation) {
        let (stream, input) = AsyncStream.makeStream(of: ChatRequest.self)
        requests = input
        let forwarder = Mutex<Task<Void, Never>?>(nil)
        self.forwarder = forwarder
        sender = Task {
            _ = await ChatSender.run(stream, room: firstRoom, login: login, firstJoined: false,
                                     notice: { events.yield(.lotChatNotice($0)) },
                                     switched: { change in
                                         let name = change.room.room
                                         let forwarding = Task {
                                             for await event in change.events { events.yield(.lotChat(room: name, event)) }
                                         }
                                         forwarder.withLock { running in
                                             running?.cancel()
                                             running = forwarding
                                         }
                                         events.yield(.lotRoomJoined(room: name, members: change.members))
                                     })
        }
    }

    /// Queues a request.
    func send(_ request: ChatRequest) {
        requests.yield(request)
    }

    /// Stops sending and forwarding (the socket's close leaves the room).
    func close() {
        requests.finish()
        sender.cancel()
        forwarder.withLock { $0?.cancel() }
    }
}
