import AuctionInfrastructure

/// When and how a store's broken PostgreSQL connection is opened again: not after `close()`, and
/// not more often than once per `pauseMilliseconds` (monotonic time), so a
/// store that is down answers `.unavailable` at once rather than one connect timeout per call.
struct StoreReopening: Sendable {
    /// The shortest pause between two attempts to open a broken PostgreSQL connection again (milliseconds).
    static let pauseMilliseconds: Int64 = 500
    /// The store, with the link policy every connection to it is opened under.
    let store: PostgresConnectionString
    /// Set by the owner's `close()`: the connection stays closed.
    var isClosed = false
    /// The earliest monotonic millisecond of the next attempt.
    private var nextAttempt: Int64 = 0
    /// Why the last attempt failed (repeated to calls that come before the next attempt).
    private var lastFailure: String?

    /// A reopening plan for `store`.
    init(store: PostgresConnectionString) {
        self.store = store
    }

    /// A new connection in place of the broken one to `target`, or `.closed` / `.unavailable`.
    mutating func reopen(target: String) throws(StoreError) -> PostgresConnection {
        guard !isClosed else { throw StoreError.closed(path: target) }
        let now = MonotonicClock.milliseconds()
        guard now >= nextAttempt else {
            throw StoreError.unavailable(target: target, reason: lastFailure ?? "the connection was lost; reconnecting")
        }
        do {
            let connection = try store.open()
            lastFailure = nil
            return connection
        } catch {
            nextAttempt = MonotonicClock.milliseconds() &+ Self.pauseMilliseconds
            if case .unavailable(_, let reason) = error { lastFailure = reason } else { lastFailure = "\(error)" }
            throw error
        }
    }
}
