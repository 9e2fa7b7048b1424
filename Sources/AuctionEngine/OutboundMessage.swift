import AuctionCore

/// One encoded frame on its way to a client, tagged with what the `OutboundQueue` may do with it.
public enum OutboundMessage: Hashable, Sendable {
    /// A reply to a request: never dropped, never reordered.
    case reply([UInt8])
    /// A chat message or presence event: never dropped, never reordered.
    case chat([UInt8])
    /// A price push: while the client lags, only the latest one per product is kept.
    case price(ProductID, [UInt8])
    /// Anything else the server sends (auction closed, errors): never dropped, never reordered.
    case other([UInt8])

    /// The encoded frame.
    public var bytes: [UInt8] {
        switch self {
        case .reply(let bytes), .chat(let bytes), .other(let bytes), .price(_, let bytes): bytes
        }
    }
}

/// Why a connection's output was given up (the logged reason for disconnecting it).
public struct OutboundOverflow: Hashable, Sendable, CustomStringConvertible {
    /// Bytes the socket held, not yet taken by the client.
    public var bufferedBytes: Int
    /// Bytes waiting in the queue behind them.
    public var queuedBytes: Int
    /// The hard bound they passed.
    public var hardLimit: Int

    /// Creates a reason.
    public init(bufferedBytes: Int, queuedBytes: Int, hardLimit: Int) {
        self.bufferedBytes = bufferedBytes
        self.queuedBytes = queuedBytes
        self.hardLimit = hardLimit
    }

    /// A sentence for the log.
    public var description: String {
        "client is not reading: \(bufferedBytes + queuedBytes) bytes pending (\(bufferedBytes) in the socket, "
            + "\(queuedBytes) queued), over the limit of \(hardLimit)"
    }
}
