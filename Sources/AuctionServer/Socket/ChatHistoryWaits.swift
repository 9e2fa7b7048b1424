import AuctionEngine

/// Live chat messages held for connections that joined a room and wait for its history (read on a
/// store worker): each is sent after the history, unless the history already held it, so a joiner
/// sees every message once and in room order.
///
/// A value owned by the loop (`ChatRelay.historyWaits`).
struct ChatHistoryWaits {
    private var held: [ConnectionID: [ChatRoomName: [ChatStore.Message]]] = [:]

    /// Starts holding `room`'s live messages for `connection`.
    mutating func start(_ room: ChatRoomName, for connection: ConnectionID) {
        held[connection, default: [:]][room] = []
    }

    /// Holds `message` when `connection` waits for `room`'s history; false when it does not (send it now).
    mutating func hold(_ message: ChatStore.Message, in room: ChatRoomName, for connection: ConnectionID) -> Bool {
        guard held[connection]?[room] != nil else { return false }
        held[connection]?[room]?.append(message)
        return true
    }

    /// Stops holding `room` for `connection`; the messages held meanwhile, in arrival order.
    mutating func finish(_ room: ChatRoomName, for connection: ConnectionID) -> [ChatStore.Message] {
        let messages = held[connection]?.removeValue(forKey: room) ?? []
        if held[connection]?.isEmpty == true { held[connection] = nil }
        return messages
    }

    /// Forgets a connection that closed or left every room.
    mutating func forget(_ connection: ConnectionID) {
        held[connection] = nil
    }
}
