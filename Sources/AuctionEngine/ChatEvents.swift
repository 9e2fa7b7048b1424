import AuctionCore

/// Something to send to a list of connections, each once, in the listed order.
public struct ChatBroadcast<Event: Hashable & Sendable>: Hashable, Sendable {
    /// What to send.
    public var event: Event
    /// Who gets it.
    public var recipients: [ConnectionID]

    /// Creates a broadcast.
    public init(event: Event, recipients: [ConnectionID]) {
        self.event = event
        self.recipients = recipients
    }
}
