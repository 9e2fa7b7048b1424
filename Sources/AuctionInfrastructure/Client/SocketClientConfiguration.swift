/// How a `SocketClient` connects, times out and reconnects.
public struct SocketClientConfiguration: Hashable, Sendable {
    /// The server's host name or address literal.
    public var host: String
    /// The server's port.
    public var port: Int
    /// Other servers of the same auction house: after a drop or a failed connect the client moves on
    /// to the next endpoint, round robin (`host:port` first, then these, in order); empty for one server.
    public var alternateEndpoints: [SocketEndpoint] = []
    /// How long one connect attempt may take.
    public var connectTimeoutMilliseconds: Int64
    /// How long a request waits for its reply unless the call says otherwise.
    public var requestTimeoutMilliseconds: Int64
    /// Delays between reconnect attempts.
    public var backoff: ReconnectBackoff
    /// Whether to reconnect after a drop (false: the client closes on the first drop or failed connect).
    public var reconnects: Bool
    /// The `dataType` of replies; other frames are pushes.
    public var replyDataType: Int
    /// The `dataType` of the push telling the client its server is going away (draining): with several
    /// endpoints it moves to the next at once, without the backoff; with one it reconnects after the
    /// backoff. Nil: no such push.
    public var reconnectDataType: Int? = 10
    /// Limits for decoding the server's frames.
    public var decoder: FrameDecoder.Configuration
    /// The most requests pending at once; more fail with `.overloaded`.
    public var maximumPendingRequests: Int
    /// When set, a ready connection quiet for this long sends the heartbeat frame (`SocketClient.setHeartbeat`);
    /// no answer within the request timeout counts as a drop (so a hung node is left). Nil: off.
    public var heartbeatMilliseconds: Int64?
    /// Whether `host:port` speaks TLS (`tls://host:port`); each alternate endpoint says so for itself.
    public var isSecure = false
    /// CA certificates (PEM) trusted for TLS endpoints besides the system's store, or nil for the store alone.
    public var caFile: String?

    /// Creates a configuration; the defaults suit the auction protocol.
    public init(
        host: String, port: Int, connectTimeoutMilliseconds: Int64 = 5_000, requestTimeoutMilliseconds: Int64 = 10_000,
        backoff: ReconnectBackoff = ReconnectBackoff(), reconnects: Bool = true, replyDataType: Int = 1,
        decoder: FrameDecoder.Configuration = FrameDecoder.Configuration(maximumFrameBytes: 1 << 20),
        maximumPendingRequests: Int = 100_000
    ) {
        self.host = host
        self.port = port
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
        self.requestTimeoutMilliseconds = requestTimeoutMilliseconds
        self.backoff = backoff
        self.reconnects = reconnects
        self.replyDataType = replyDataType
        self.decoder = decoder
        self.maximumPendingRequests = maximumPendingRequests
    }

    /// Every endpoint in the order they are tried: `host:port`, then `alternateEndpoints`.
    public var endpoints: [SocketEndpoint] { [SocketEndpoint(host: host, port: port, isSecure: isSecure)] + alternateEndpoints }

    /// A configuration for several servers tried in turn (the first one first); nil for an empty list.
    public init?(endpoints: [SocketEndpoint], requestTimeoutMilliseconds: Int64 = 10_000, reconnects: Bool = true) {
        guard let first = endpoints.first else { return nil }
        self.init(host: first.host, port: first.port, requestTimeoutMilliseconds: requestTimeoutMilliseconds, reconnects: reconnects)
        isSecure = first.isSecure
        alternateEndpoints = Array(endpoints.dropFirst())
    }
}
