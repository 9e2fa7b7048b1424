import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// One client of the socket service: its connection, frame decoder, bounded output and login.
///
/// Deliberately not `Sendable`: it lives on the server's event-loop thread.
final class SocketPeer {
    /// The service's number for it (never reused, so a late commit cannot reach a newer client).
    let id: ConnectionID
    /// The TCP connection.
    let connection: TCPConnection
    /// Splits the input into frames.
    var decoder: FrameDecoder
    /// Output beyond what the socket holds; coalesces pushes while the client lags.
    var outbound: OutboundQueue
    /// Who the connection logged in as (type 3), if anyone.
    var user: SessionUser?
    /// Whether the server ended its login (revoked, expired, suspended) since its last bid: that bid
    /// is refused `unauthenticated` once, never taken as an anonymous one.
    var loginEnded = false
    /// The suspension its login was refused for (or ended by): every later request that needs a login says so.
    var suspension: SessionSuspension?
    /// Set once the connection is being given up: nothing more is read or sent.
    var isGivenUp = false
    /// The features its hello named; nil until it said hello: the original dialect, which is sent
    /// replies and price pushes only, in sends cut for the original app's reads (`SocketPeer+Dialect`).
    var features: Set<ProtocolFeature>?
    /// Whether its hello named `next-minimum`: its price pushes state the least next bid (kept as a
    /// flag, as the fan-out asks it of every recipient).
    var statesNextMinimum = false
    /// Whether its output moves, for the write deadline.
    var progress = OutputProgress()
    /// Whether it waits for a store read of its own (a login, a session re-check, a chat history):
    /// its later frames stay queued in order, reading paused, until the answer (`SocketService+SessionLookup`).
    var awaitsStore = false
    /// Its session confirmed ahead, read in the background before the re-check period ends: taken up
    /// when the period turns, so a bid then waits for no store read.
    var confirmedAhead: SessionUser?
    /// Whether a background re-check of its session is in flight (one at a time).
    var isRechecking = false

    init(id: ConnectionID, connection: TCPConnection, limits: SocketLimits) {
        self.id = id
        self.connection = connection
        decoder = FrameDecoder(configuration: FrameDecoder.Configuration(
            maximumFrameBytes: limits.maximumFrameBytes, maximumMalformedFrames: limits.maximumMalformedFrames))
        outbound = OutboundQueue(configuration: OutboundQueue.Configuration(
            softLimit: limits.outputSoftLimit, hardLimit: limits.outputHardLimit))
    }

    /// `#id address` for logs.
    var label: String { "\(id) \(connection.remoteAddress)" }
}
