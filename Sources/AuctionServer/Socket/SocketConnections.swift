import AuctionEngine
import AuctionInfrastructure

/// The socket's connections (loop thread): the listener, the open peers by id, the ids handed out,
/// the connection limit with its throttled refusal reports, and how many were accepted.
struct SocketConnections {
    /// The listening sockets (TLS or plaintext, and a plaintext one beside TLS); none before listening
    /// starts and after accepting stopped.
    var listeners: [TCPListener] = []
    /// The connection limit in force, fixed when listening starts (`maximumConnections`).
    var limit = Int.max
    /// Open connections by id.
    private(set) var peers: [ConnectionID: SocketPeer] = [:]
    /// Connections accepted since the start.
    private(set) var accepted = 0
    /// The id the next connection gets.
    private var nextID = 1
    /// Refusals at the connection limit, logged at most once per interval.
    private var refusals = ReportThrottle(intervalMilliseconds: 10_000)

    /// Whether a new connection would pass the limit.
    var isFull: Bool { peers.count >= limit }

    /// Notes a connection refused at the limit; how many refusals to report now, or nil until the next report is due.
    mutating func noteRefusal(now: Int64) -> Int? {
        refusals.note(now: now)
    }

    /// Gives a new connection the next id, its output bounds and the original dialect, and keeps it.
    mutating func admit(_ connection: TCPConnection, limits: SocketLimits) -> SocketPeer {
        let id = ConnectionID(nextID)
        nextID += 1
        accepted += 1
        connection.outputLimit = max(limits.outputHardLimit, limits.outputSoftLimit) + limits.maximumFrameBytes + 4_096
        connection.limitSendBuffer(to: limits.sendBufferBytes)
        let peer = SocketPeer(id: id, connection: connection, limits: limits)
        peer.beginInOriginalDialect(sendBytes: limits.originalClientSendBytes)
        peers[id] = peer
        return peer
    }

    /// Forgets a closed connection; nil when it was already gone.
    mutating func remove(_ id: ConnectionID) -> SocketPeer? {
        peers.removeValue(forKey: id)
    }
}
