/// What a TLS listener serves and how it bounds handshakes: the certificate in force (replaced on
/// rotation; live sessions keep the one they started with) and the limits below. Any thread.
public final class TLSServerSettings: Sendable {
    /// Bounds on handshakes, the costly part of TLS for a server.
    public struct Limits: Sendable, Hashable {
        /// A connection that has not finished its handshake by then is dropped.
        public var handshakeTimeoutMilliseconds: Int64 = 10_000
        /// Handshakes one client address may start per second; more are dropped at once.
        public var handshakesPerAddressPerSecond = 32
        /// Handshakes in progress at once on one listener; more are dropped at once.
        public var maximumPendingHandshakes = 1_024

        /// The defaults above.
        public init() {}
    }

    /// How handshakes ended so far on listeners using these settings.
    public struct Counts: Sendable, Hashable {
        /// Handshakes started (within the bounds).
        public var started = 0
        /// Established sessions.
        public var completed = 0
        /// Handshakes that failed (bad bytes, old protocol versions, the peer gone).
        public var failed = 0
        /// Handshakes dropped at the deadline.
        public var timedOut = 0
        /// Connections dropped for starting too many handshakes from one address.
        public var refusedByRate = 0
        /// Connections dropped because too many handshakes were in progress.
        public var refusedAsBusy = 0
    }

    /// The bounds in force.
    public let limits: Limits
    private let current: Mutex<TLSContext>
    private let tally = Mutex(Counts())

    /// Handshakes in progress now (started, not yet ended either way).
    public var pendingHandshakes: Int {
        let counts = counts
        return counts.started - counts.completed - counts.failed - counts.timedOut
    }

    /// Serves `context` within `limits`.
    public init(context: TLSContext, limits: Limits = Limits()) {
        precondition(context.role == .server, "a TLS listener needs a server context")
        current = Mutex(context)
        self.limits = limits
    }

    /// The context new connections get.
    public var context: TLSContext { current.withLock { $0 } }

    /// New connections get `context` from now on; sessions already started keep theirs.
    public func replace(with context: TLSContext) {
        precondition(context.role == .server, "a TLS listener needs a server context")
        current.withLock { $0 = context }
    }

    /// How handshakes have ended so far.
    public var counts: Counts { tally.withLock { $0 } }

    /// Records one outcome.
    func count(_ update: (inout Counts) -> Void) {
        tally.withLock { update(&$0) }
    }
}
