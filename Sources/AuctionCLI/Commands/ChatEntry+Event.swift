import AuctionData

extension ChatEntry {
    /// The entry a room event shows (a message, someone joining or leaving, the lot's event); nil for a
    /// connection change, which each screen words in its own way. `auction chat` and `watch`'s chat pane share it.
    init?(_ event: ChatEvent) {
        switch event {
        case .message(let message): self = ChatEntry(message)
        case .presence(let presence): self = .presence(user: presence.user, joined: presence.event == .join, time: presence.time)
        case .lot(let lot): self = .lot(lot)
        case .connection: return nil
        }
    }
}
