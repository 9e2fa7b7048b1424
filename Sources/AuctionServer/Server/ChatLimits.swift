import AuctionEngine
/// Chat limits of the socket service: sizes, rates, and how much history a join replays.
public struct ChatLimits: Sendable, Hashable {
    /// Room names, message sizes, rooms per connection and members per room.
    public var rooms = ChatRoomRegistry.Configuration()
    /// Messages one user may send per minute, across its connections (a burst of this many is allowed).
    public var messagesPerMinute = 60
    /// Joins one connection may ask for per minute (a burst of this many is allowed).
    public var joinsPerMinute = 30
    /// Messages a join replays at most.
    public var historyMessages = 50
    /// Bytes (encoded frames) of history a join replays at most: the newest messages that fit.
    public var historyMaximumBytes = 65_536

    /// The defaults.
    public init() {}
}
