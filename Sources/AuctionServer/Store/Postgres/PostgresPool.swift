import AuctionInfrastructure

/// A few PostgreSQL connections that one node's stores and its ledger's reads share (`StoreTarget.shared`).
///
/// Connections open on first need, under the store's one link policy (`store.open()`), up to `size`.
/// `withConnection` lends one for the length of its body, so a transaction inside the body stays on
/// one connection; when all are lent, the borrower waits for one to come back, at most the link's
/// answer deadline, then fails with `.unavailable`. A connection found broken is dropped and a new one
/// opened when the reconnect backoff allows (`StoreReopening`): borrowers in between fail at once
/// with `.unavailable`. A connection given back inside a transaction is closed
/// rather than lent again. `close()` closes the idle connections at once, the lent ones as they come
/// back, and fails later (and waiting) borrowers with `.closed`.
///
/// `Sendable`: its state sits in a `Mutex`; a lent connection is used by its borrower alone.
public final class PostgresPool: Sendable, Hashable {
    /// The store, with the link policy every connection is opened under.
    public let store: PostgresConnectionString
    /// The most connections open at once.
    public let size: Int
    /// Where it connects, without the password.
    let target: String
    private let state = Mutex(State())
    private let reopening: Mutex<StoreReopening>

    /// The connections and who waits for them.
    private struct State {
        /// Open connections nobody holds.
        var idle: [PostgresConnection] = []
        /// Connections lent out or being opened (with `idle`, never more than `size`).
        var lent = 0
        /// Borrowers waiting for a connection to come back.
        var waiting = 0
        /// Set by `close()`.
        var isClosed = false
    }

    /// A pool of at most `size` (at least 1) connections to `store`, reopening a lost one by `reconnect`
    /// on `clock`; nothing is opened until the first borrower.
    public init(store: PostgresConnectionString, size: Int, reconnect: ReconnectBackoff = PostgresOptions().reconnect,
                clock: any TimeSource = SystemClock()) {
        self.store = store
        self.size = max(1, size)
        target = store.displayTarget
        reopening = Mutex(StoreReopening(store: store, schedule: ReconnectSchedule(reconnect), clock: clock))
    }

    /// Runs `body` with a connection of its own for as long as it runs. With `retryingLostConnection`
    /// (reads only: a write whose connection was lost may or may not have committed) a body that
    /// failed because its connection was lost runs once more on a new one.
    public func withConnection<R>(retryingLostConnection: Bool = false,
                                  _ body: (PostgresConnection) throws(StoreError) -> R) throws(StoreError) -> R {
        var connection = try borrow()
        defer { giveBack(connection) }
        do {
            return try body(connection)
        } catch {
            guard retryingLostConnection, case .unavailable = error, !connection.isOpen else { throw error }
            connection.close()
            connection = try open()
            return try body(connection)
        }
    }

    /// Closes every connection (lent ones when they come back); later calls fail with `.closed`. Idempotent.
    public func close() {
        reopening.withLock { $0.isClosed = true }
        let closing = state.withLock { state -> [PostgresConnection] in
            state.isClosed = true
            defer { state.idle = [] }
            return state.idle
        }
        state.wakeWaiters()
        for connection in closing { connection.close() }
    }

    /// How many connections are open or being opened now.
    var openCount: Int { state.withLock { $0.idle.count + $0.lent } }

    /// How many borrowers wait for a connection now.
    var waitingCount: Int { state.withLock { $0.waiting } }

    /// The same pool (identity).
    public static func == (left: PostgresPool, right: PostgresPool) -> Bool { left === right }

    /// Hashes the pool's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// An idle connection that still looks open, or a new one in a free place; waits while all are lent.
    private func borrow() throws(StoreError) -> PostgresConnection {
        let size = self.size, target = self.target
        let patience = Int64(store.link.answerTimeoutMilliseconds)
        let mustWait = state.withLock { state -> Bool in
            let busy = !state.isClosed && state.idle.isEmpty && state.lent >= size
            if busy { state.waiting += 1 }
            return busy
        }
        let taken = try state.withLock(when: { $0.isClosed || !$0.idle.isEmpty || $0.lent < size }, waitingAtMost: patience) {
            (state: inout State, ready: Bool) throws(StoreError) -> PostgresConnection? in
            if mustWait { state.waiting -= 1 }
            guard !state.isClosed else { throw StoreError.closed(path: target) }
            guard ready else {
                throw StoreError.unavailable(target: target, reason: "all \(size) store connections stayed busy for \(patience) ms")
            }
            state.lent += 1
            return state.idle.popLast()  // nil: a free place, where the caller opens a connection
        }
        // Outside the lock: a check may read the farewell of a backend that ended, and opening takes a round trip.
        if let taken, taken.isOpenWhenIdle { return taken }
        taken?.close()
        do {
            return try open()
        } catch {
            state.withLock { $0.lent -= 1 }
            state.wakeWaiters()
            throw error
        }
    }

    /// A new connection, unless the last attempt failed less than a pause ago or the pool is closed.
    private func open() throws(StoreError) -> PostgresConnection {
        try reopening.withLock { (state: inout StoreReopening) throws(StoreError) -> PostgresConnection in
            try state.reopen(target: target)
        }
    }

    /// Takes back a lent connection: idle again if it is open outside any transaction, else closed.
    private func giveBack(_ connection: PostgresConnection) {
        let kept = state.withLock { (state: inout State) -> Bool in
            state.lent -= 1
            guard !state.isClosed, connection.isIdleOutsideTransaction else { return false }
            state.idle.append(connection)
            return true
        }
        state.wakeWaiters()
        if !kept { connection.close() }
    }
}
