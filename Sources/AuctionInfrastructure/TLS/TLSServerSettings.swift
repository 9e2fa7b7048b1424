/// What a TLS listener serves and how it bounds handshakes: the certificate in force (replaced on
/// rotation; live sessions keep the one they started with) and the limits below. Any thread.
public final class TLSServerSettings: Sendable {
    /// Bounds on handshakes, the costly part of TLS for a server.
    public struct Limits: Sendable, Hashable {
        /// A connection that has not finished its handshake by then is dropped.
        public var handshakeTimeoutMilliseconds: Int64 = 10_000
        /// Handshakes one client address may start per second; more are dropped at once.
        public var handshakesPerAddressPerSecond = 32
        /// Handshakes in progress at once on one listener; past it a newcomer displaces the oldest
        /// handshake of the address holding the most (when that address holds at least two more), else is dropped.
        public var maximumPendingHandshakes = 1_024
        /// Handshakes in progress at once from one address; nil: a sixteenth of `maximumPendingHandshakes`.
        public var maximumPendingHandshakesPerAddress: Int?

        /// The defaults above.
        public init() {}

        /// Handshakes one address may have in progress at once (at least 1).
        public var handshakesPerAddress: Int {
            max(1, maximumPendingHandshakesPerAddress ?? maximumPendingHandshakes / 16)
        }
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
        /// Connections that spoke plaintext (HTTP, or an auction frame) to the TLS port, answered so and closed.
        public var plaintext = 0
        /// Handshakes dropped to make room for an address holding fewer.
        public var displaced = 0
        /// Connections dropped for starting too many handshakes from one address.
        public var refusedByRate = 0
        /// Connections dropped because their address held its share of the handshakes in progress.
        public var refusedForAddress = 0
        /// Connections dropped because too many handshakes were in progress.
        public var refusedAsBusy = 0
        /// Established handshakes by duration: one count per bound of `durationBounds`, one above the last.
        public var durations = [Int](repeating: 0, count: TLSServerSettings.durationBounds.count + 1)
        /// The sum of the established handshakes' durations, in milliseconds.
        public var durationMillisecondsSum = 0

        /// Handshakes started and not yet ended either way.
        public var inProgress: Int { started - completed - failed - timedOut - plaintext - displaced }

        /// Counts one established handshake that took `milliseconds`.
        mutating func observeCompletion(milliseconds: Int64) {
            completed += 1
            let bounds = TLSServerSettings.durationBounds
            durations[bounds.firstIndex { milliseconds <= $0 } ?? bounds.count] += 1
            durationMillisecondsSum &+= Int(clamping: max(0, milliseconds))
        }
    }

    /// Upper bounds (milliseconds) of the handshake duration buckets: from accept to established.
    public static let durationBounds: [Int64] = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000]

    /// The bounds in force.
    public let limits: Limits
    private let current: Mutex<TLSContext>
    private let tally = Mutex(Counts())

    /// Handshakes in progress now (started, not yet ended either way).
    public var pendingHandshakes: Int { counts.inProgress }

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
