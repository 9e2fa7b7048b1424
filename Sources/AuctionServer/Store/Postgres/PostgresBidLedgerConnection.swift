import AuctionInfrastructure

/// A PostgreSQL connection that opens on demand and reopens after a break, with backoff.
///
/// While the store is unreachable, calls fail at once with `.unavailable` (the last reason) until
/// the next attempt is due by its `ReconnectSchedule` (the options' backoff, jittered). A call that
/// finds the connection broken drops it; the next call reconnects. Every connection has libpq
/// keepalives, `tcp_user_timeout` and `statement_timeout` from the store's link policy, so a
/// partitioned node learns it within about the timeout instead of waiting on a dead socket.
///
/// `Sendable`: the connection sits in a `Mutex`; calls queue on it.
final class PostgresBidLedgerConnection: Sendable {
    private struct State {
        var connection: PostgresConnection?
        var schedule: ReconnectSchedule
        var lastFailure: StoreError?
    }

    /// Where it connects, without the password.
    let target: String
    private let store: PostgresConnectionString
    private let clock: any TimeSource
    private let state: Mutex<State>

    /// Prepares a connection to `store`, under its link policy, reconnecting by `schedule` on `clock`
    /// (nothing is opened until the first call).
    init(store: PostgresConnectionString, schedule: ReconnectSchedule, clock: any TimeSource) {
        target = store.displayTarget
        self.store = store
        self.clock = clock
        state = Mutex(State(schedule: schedule))
    }

    /// Runs `body` with an open connection; `.unavailable` when none can be had or it broke meanwhile.
    func withConnection<R>(_ body: (PostgresConnection) throws(StoreError) -> R) throws(StoreError) -> R {
        try state.withLock { (state: inout State) throws(StoreError) -> R in
            let connection = try open(&state)
            do throws(StoreError) {
                return try body(connection)
            } catch {
                let failure = Self.unavailability(error, target: target) ?? error
                if case .unavailable = failure {
                    // Broken or timed out: drop it; the next call reconnects (then backs off if it cannot).
                    connection.close()
                    state.connection = nil
                    state.lastFailure = failure
                }
                throw failure
            }
        }
    }

    /// Whether a connection is open now (as far as libpq knows).
    var isConnected: Bool {
        state.withLock { $0.connection?.isOpen ?? false }
    }

    /// Closes the connection; a later call opens a new one.
    func close() {
        state.withLock { state in
            state.connection?.close()
            state.connection = nil
        }
    }

    private func open(_ state: inout State) throws(StoreError) -> PostgresConnection {
        if let connection = state.connection {
            if connection.isOpen { return connection }
            connection.close()
            state.connection = nil
        }
        let now = clock.monotonicMilliseconds()
        if !state.schedule.isDue(at: now), let failure = state.lastFailure { throw failure }
        do {
            let connection = try store.open()
            state.connection = connection
            state.schedule.succeeded()
            state.lastFailure = nil
            return connection
        } catch {
            state.schedule.failed(at: now)
            state.lastFailure = error
            throw error
        }
    }

    /// A statement timeout or a server shutting the session is the store being unreachable.
    static func unavailability(_ error: StoreError, target: String) -> StoreError? {
        guard case .postgres(let state, let message, _) = error else { return nil }
        // 57014: statement timeout; 57P01–57P03: the server is shutting down or restarting; 08xxx: connection.
        guard state == "57014" || state.hasPrefix("57P") || state.hasPrefix("08") else { return nil }
        return .unavailable(target: target, reason: message)
    }
}
