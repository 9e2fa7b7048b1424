import AuctionEngine

/// Where a bid's answer goes: a client's connection and the request's completion id (none: a push-style answer).
public struct BidReplyTarget: Sendable, Equatable {
    /// The connection that asked.
    public var connection: ConnectionID
    /// The request's completion id, when it carried one.
    public var completionID: Int64?

    /// The answer to `completionID` on `connection`.
    public init(connection: ConnectionID, completionID: Int64?) {
        self.connection = connection
        self.completionID = completionID
    }
}
