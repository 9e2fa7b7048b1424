import AuctionCore
import AuctionData
import AuctionInfrastructure

// The chat values a client receives are AuctionCore's `ChatMessage` and `ChatPresence`.

/// A chat message as a test client received it.
typealias ReceivedChatLine = ChatMessage
/// A join or leave as a test client received it.
typealias ReceivedPresence = ChatPresence

extension TestClient {
    /// The chat messages received in `room`, in arrival order.
    func chatLines(in room: String) -> [ReceivedChatLine] {
        pushes.withLock { $0.compactMap { if case .chat(let line) = $0, line.room == room { line } else { nil } } }
    }

    /// The joins and leaves received in `room`, in arrival order.
    func presence(in room: String) -> [ReceivedPresence] {
        pushes.withLock { $0.compactMap { if case .presence(let event) = $0, event.room == room { event } else { nil } } }
    }
}
