import AuctionInfrastructure

/// When and how a pool's broken PostgreSQL connection is opened again: not after `close()`, and not
/// before its `ReconnectSchedule` allows (on the pool's clock), so a store that is down answers
/// `.unavailable` at once rather than one connect timeout per call.
struct StoreReopening: Sendable {
    /// The store, with the link policy every connection to it is opened under.
    let store: PostgresConnectionString
    /// Set by the owner's `close()`: the connection stays closed.
    var isClosed = false
    private var schedule: ReconnectSchedule
    private let clock: any TimeSource
    /// Why the last attempt failed (repeated to calls that come before the next attempt).
    private var lastFailure: String?

    /// A reopening plan for `store`, backing off by `schedule` on `clock`.
    init(store: PostgresConnectionString, schedule: ReconnectSchedule, clock: any TimeSource) {
        self.store = store
        self.schedule = schedule
        self.clock = clock
    }

    /// A new connection in place of the broken one to `target`, or `.closed` / `.unavailable`.
    mutating func reopen(target: String) throws(StoreError) -> PostgresConnection {
        guard !isClosed else { throw StoreError.closed(path: target) }
        guard schedule.isDue(at: clock.monotonicMilliseconds()) else {
            throw StoreError.unavailable(target: target, reason: lastFailure ?? "the connection was lost; reconnecting")
        }
        do {
            let connection = try store.open()
            lastFailure = nil
            schedule.succeeded()
            return connection
        } catch {
            schedule.failed(at: clock.monotonicMilliseconds())
            if case .unavailable(_, let reason) = error { lastFailure = reason } else { lastFailure = "\(error)" }
            throw error
        }
    }
}
