import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The closing duty of a cluster: the one node holding it records auction closes, exactly once.
///
/// The duty is PostgreSQL's session advisory lock `PostgresSchema.closingDutyLock`, held on a
/// connection of its own: `takeOver` tries to take it (at most once per `retryMilliseconds`, and
/// after a failed connect not before the client's reconnect backoff allows), and
/// when the holder's connection dies the server releases the lock, so another node's next try
/// takes over within about a second (plus the holder's `store_timeout` when it is partitioned).
/// `record` writes a close with the product row locked, only if it is not closed yet and its stored
/// end has passed (a bid on another node may have moved it; then the stored lot comes back to
/// refresh the book), and notifies `auction_closes` with the product id in the same transaction.
///
/// `Sendable`: the connection and the holding state sit in one `Mutex`; call it from one worker thread.
public final class PostgresClosingDuty: Sendable {
    /// What `record` did.
    public enum Outcome: Hashable, Sendable {
        /// The close is recorded (with the stored final price, winner and winner's name).
        case recorded(AuctionClosure)
        /// Another node recorded it already.
        case alreadyClosed
        /// The stored lot has not ended (or its price moved on another node): refresh the book with it.
        case notDue(LotRefresh)
        /// This node does not hold the duty: it records nothing.
        case notHolder
    }

    private struct State {
        var connection: PostgresConnection?
        var holds = false
        var nextAttempt: Int64 = 0
        var schedule: ReconnectSchedule
    }

    /// The channel a recorded close is announced on, with the product id.
    public static let closeChannel = "auction_closes"

    /// Where the store is, without its password.
    public let target: String
    private let store: PostgresConnectionString
    private let retryMilliseconds: Int64
    private let clock: any TimeSource
    private let state: Mutex<State>
    /// Appends each close to its lot's log in the close's transaction (nil: no log).
    private let logSigner: LotLogSigner?

    /// Prepares the duty on `client`'s store, trying to take it every `retryMilliseconds`; nothing is
    /// connected or held until `takeOver`.
    public init(client: PostgresClient, retryMilliseconds: Int64 = 1_000, signer: LotLogSigner? = nil) {
        target = client.store.displayTarget
        store = client.store
        self.retryMilliseconds = max(0, retryMilliseconds)
        clock = client.clock
        self.logSigner = signer
        state = Mutex(State(schedule: client.options.reconnectSchedule()))
    }

    deinit {
        close()
    }

    /// Whether this node holds the duty (as last seen; a dead connection shows on the next call).
    public var isHolder: Bool {
        state.withLock { $0.holds && ($0.connection?.isOpen ?? false) }
    }

    /// Tries to take the duty when not holding it and a try is due; true when this node holds it.
    @discardableResult
    public func takeOver() -> Bool {
        state.withLock { state -> Bool in
            if state.holds, let connection = state.connection {
                // Still ours while the session lives; a quick round trip finds a dead one.
                if connection.isOpen, (try? connection.execute("SELECT 1")) != nil { return true }
                drop(&state)
            }
            let now = clock.monotonicMilliseconds()
            guard now >= state.nextAttempt, state.schedule.isDue(at: now) else { return false }
            state.nextAttempt = now &+ retryMilliseconds
            do throws(StoreError) {
                let connection: PostgresConnection
                if let open = state.connection, open.isOpen {
                    connection = open
                } else {
                    do throws(StoreError) {
                        connection = try store.open()
                    } catch {
                        state.schedule.failed(at: now)
                        throw error
                    }
                    state.schedule.succeeded()
                    state.connection = connection
                }
                let taken = try connection.query("SELECT pg_try_advisory_lock(?)", [.integer(PostgresSchema.closingDutyLock)]) {
                    $0.text(0) == "t"
                }
                state.holds = taken.first ?? false
            } catch {
                drop(&state)
            }
            return state.holds
        }
    }

    /// Records the close of `closing` if this node holds the duty, it is not closed yet and its stored
    /// end is at or before `now` with the price the book closed at.
    public func record(_ closing: AuctionClosing, now: Timestamp) throws(StoreError) -> Outcome {
        try state.withLock { (state: inout State) throws(StoreError) -> Outcome in
            guard state.holds, let connection = state.connection, connection.isOpen else { return .notHolder }
            do throws(StoreError) {
                return try connection.transaction { () throws(StoreError) -> Outcome in
                    try Self.record(productID: closing.productID, finalPrice: closing.finalPrice, now: now, logSigner: logSigner, on: connection)
                }
            } catch {
                if case .unavailable = error { drop(&state) }
                if !connection.isOpen { drop(&state) }
                throw error
            }
        }
    }

    /// Records every open lot whose stored end is at or before `now`, from the store alone (at most
    /// `limit` per call, oldest end first); empty when this node does not hold the duty.
    ///
    /// Call it when the duty is taken (closes a former holder's book reported but never recorded)
    /// and then every second or so: a lot ends exactly once even when no node's book saw it end.
    public func recordOverdue(now: Timestamp, limit: Int = 100) throws(StoreError) -> [AuctionClosure] {
        try state.withLock { (state: inout State) throws(StoreError) -> [AuctionClosure] in
            guard state.holds, let connection = state.connection, connection.isOpen else { return [] }
            do throws(StoreError) {
                let due = try connection.query("""
                    SELECT id FROM products
                    WHERE COALESCE(ends_at, 9223372036854775807) <= ? AND closed_at IS NULL AND withdrawn_at IS NULL
                    ORDER BY COALESCE(ends_at, 9223372036854775807), id LIMIT ?
                    """, [.integer(now.millisecondsSinceEpoch), .integer(Int64(max(1, min(limit, 10_000))))]) { $0.int64(0) }
                var recorded: [AuctionClosure] = []
                for id in due {
                    let outcome = try connection.transaction { () throws(StoreError) -> Outcome in
                        try Self.record(productID: ProductID(Int(id)), finalPrice: nil, now: now, logSigner: logSigner, on: connection)
                    }
                    if case .recorded(let closure) = outcome { recorded.append(closure) }
                }
                return recorded
            } catch {
                if case .unavailable = error { drop(&state) }
                if !connection.isOpen { drop(&state) }
                throw error
            }
        }
    }

    /// Copies the sort keys (`sort_price`, `sort_change`, `sort_bids`) of up to `limit` products the bid
    /// path moved since the last call (`products_unsorted`), so the catalogue's price, activity and bids
    /// orders follow bids within about a second; returns how many were copied (0 when not the holder).
    ///
    /// One transaction: the products' rows are locked in id order first, as a batch of bids locks them,
    /// so it waits for a batch in flight and never deadlocks with one; the copy then reads their
    /// committed values and their queue entries are removed under the same locks.
    @discardableResult
    public func refreshSortKeys(limit: Int = 10_000) throws(StoreError) -> Int {
        try state.withLock { (state: inout State) throws(StoreError) -> Int in
            guard state.holds, let connection = state.connection, connection.isOpen else { return 0 }
            do throws(StoreError) {
                return try connection.transaction { () throws(StoreError) -> Int in
                    let due = try connection.query("SELECT product_id FROM products_unsorted ORDER BY product_id LIMIT ?",
                                                   [.integer(Int64(max(1, min(limit, 100_000))))]) { $0.int64(0) }
                    guard !due.isEmpty else { return 0 }
                    let ids = PostgresArrays.integers(due)
                    try connection.run("SELECT id FROM products WHERE id = ANY(?::bigint[]) ORDER BY id FOR UPDATE", [ids])
                    try connection.run("""
                        UPDATE products SET sort_price = current_price, sort_change = last_change, sort_bids = bid_count
                        WHERE id = ANY(?::bigint[])
                          AND (sort_price, sort_change, sort_bids) IS DISTINCT FROM (current_price, last_change, bid_count)
                        """, [ids])
                    try connection.run("DELETE FROM products_unsorted WHERE product_id = ANY(?::bigint[])", [ids])
                    return due.count
                }
            } catch {
                if case .unavailable = error { drop(&state) }
                if !connection.isOpen { drop(&state) }
                throw error
            }
        }
    }

    /// Gives the duty up and closes its connection (another node takes over).
    public func close() {
        state.withLock { drop(&$0) }
    }

    private func drop(_ state: inout State) {
        state.connection?.close()
        state.connection = nil
        state.holds = false
    }

    /// Records one close with the row locked, and its `closed` entry in the lot's log; `finalPrice` is
    /// the price the book closed at (nil: the stored one).
    private static func record(productID: ProductID, finalPrice: Money?, now: Timestamp, logSigner: LotLogSigner?,
                               on connection: PostgresConnection) throws(StoreError) -> Outcome {
        let id = StoreValue.integer(Int64(productID.rawValue))
        let rows = try connection.query("""
            SELECT closed_at IS NOT NULL OR withdrawn_at IS NOT NULL, ends_at, current_price, reserve_price
            FROM products WHERE id = ? FOR UPDATE
            """, [id]) { ($0.text(0) == "t", $0.optionalInt64(1), $0.int64(2), $0.optionalInt64(3)) }
        guard let (closed, endsAt, price, reserve) = rows.first else {
            throw StoreError.unexpectedValue(path: connection.target, detail: "no product \(productID.rawValue)")
        }
        if closed { return .alreadyClosed }
        guard let endsAt, endsAt <= now.millisecondsSinceEpoch, price == (finalPrice?.minorUnits ?? price) else {
            return .notDue(try LedgerReads.storedLot(productID, on: connection))
        }
        let leader = try connection.query("""
            SELECT b.user_id, u.name FROM bids b LEFT JOIN users u ON u.id = b.user_id
            WHERE b.product_id = ? ORDER BY b.seq DESC, b.id DESC LIMIT 1
            """, [id]) { ($0.optionalInt64(0).map(UserID.init(rawValue:)), $0.optionalText(1)) }.first
        let reserveMet = reserve.map { price >= $0 } ?? true
        let winner = reserveMet ? leader?.0 : nil
        let closure = AuctionClosure(productID: productID, finalPrice: Money(price), winner: winner,
                                     winnerName: winner == nil ? nil : leader?.1, closedAt: Timestamp(millisecondsSinceEpoch: endsAt))
        // The row is locked above, so the log's head read here is the last one until COMMIT.
        var log = try LotLogChange.begin(productID, signer: logSigner, on: connection)
        try connection.run("UPDATE products SET closed_at = ?, winner_id = ?, final_price = ? WHERE id = ? AND closed_at IS NULL", [
            .integer(closure.closedAt.millisecondsSinceEpoch), .integer(winner?.rawValue), .integer(price), id,
        ])
        if let signer = log?.signer,
           let event = try LotLogRows.closed(productID, finalPrice: closure.finalPrice, winner: winner, signer: signer, on: connection) {
            try log?.finish([event], at: closure.closedAt, signedAt: now, on: connection)
        }
        try connection.notify(closeChannel, payload: String(productID.rawValue))
        return .recorded(closure)
    }
}
