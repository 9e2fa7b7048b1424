import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// Opening a node on the shared PostgreSQL store (`configuration.store`).
extension AuctionHouseServer {
    /// Creates or migrates the shared store's schema (under its advisory lock: nodes may start together).
    func migrateShared(_ store: PostgresConnectionString) throws(StoreError) {
        // Without statement_timeout: building an index on a large catalogue may take longer.
        let connection = try store.link.open(store, statementTimeout: false)
        defer { connection.close() }
        let applied = try PostgresSchema.migrate(connection)
        if !applied.isEmpty {
            log.info("store: migrated \(store.displayTarget) to schema version \(applied.last ?? 0)")
        }
    }

    /// Records one ended auction through the closing duty; what to announce, or nil when this node is
    /// not the holder or the store says the lot has not ended (another node's bid moved it).
    static func recordShared(_ closing: AuctionClosing, duty: PostgresClosingDuty, now: Timestamp,
                             log: ServerLog) -> (AuctionClosing, String?)? {
        _ = duty.takeOver()
        do {
            switch try duty.record(closing, now: now) {
            case .recorded(let closure): return (closing, closure.winnerName)
            case .alreadyClosed: return (closing, nil)
            case .notDue: log.info("auction: \(closing.productID) has not ended in the store; its close waits")
            case .notHolder: log.debug("auction: \(closing.productID) ended here; the closing duty's holder records it")
            }
        } catch {
            log.error("auction: cannot record the close of \(closing.productID): \(error)")
        }
        return nil
    }

    /// Every second of server time, on the closings thread: the closing duty is taken when free and
    /// its holder closes, from the store alone, every open lot whose stored end has passed — lots no
    /// node's book saw end (listed on a node that died, say). Each close is notified, so every node
    /// announces it. The holder then copies the sort keys of the lots bids moved (`refreshSortKeys`).
    /// Stops once the closings thread has shut down.
    static func sweepOverdue(duty: PostgresClosingDuty, queue: WorkerThread, loop: EventLoop, clock: any TimeSource, log: ServerLog) {
        _ = loop.schedule(afterMilliseconds: 1_000) {
            // Refused once the closings thread has shut down: the sweep ends there.
            _ = queue.submit {
                _ = duty.takeOver()
                do {
                    let closed = try duty.recordOverdue(now: clock.now())
                    if !closed.isEmpty { log.info("auction: closed \(closed.count) overdue lot(s) from the store") }
                } catch {
                    log.warning("auction: the overdue sweep failed: \(error)")
                }
                do {
                    try duty.refreshSortKeys()
                } catch {
                    log.warning("auction: the sort keys' refresh failed: \(error)")
                }
                sweepOverdue(duty: duty, queue: queue, loop: loop, clock: clock, log: log)
            }
        }
    }
}
