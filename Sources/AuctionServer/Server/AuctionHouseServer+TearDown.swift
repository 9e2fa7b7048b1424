import AuctionCore
import AuctionData
import AuctionEngine
import AuctionImage
import AuctionInfrastructure
import Glibc

/// Closing: what `open` started, stopped in order and closed in reverse.
extension AuctionHouseServer {
    /// Stops what is running, in order: listeners, in-flight bids, connections, loop (each step waits
    /// for the one before through a completion: `waitFor` returns once its task ran on the loop, a
    /// worker's `shutdown` once its queue ran, the latch once the last connection closed), then the
    /// stores and threads `open` started, in reverse (`StartedParts`), the accounts, the pool, and the
    /// database file's checkpoint and lock. With `drain`, HTTP connections already open are served
    /// until the drain's wait ends.
    func tearDown(_ running: Running, drain: Drain? = nil) {
        if let loop = running.loop {
            let service = running.service, http = running.http, plainHTTP = running.plainHTTP
            let draining = drain != nil, metricsHTTP = running.metricsHTTP
            loop.waitFor {
                service?.value.stopAccepting()
                metricsHTTP?.close()
                if draining {
                    http?.stopListening()
                    plainHTTP?.stopListening()
                } else {
                    http?.close()
                    plainHTTP?.close()
                }
            }
        }
        running.cluster?.stop()
        // Commits everything queued; their replies are handed to the loop before this returns.
        running.ledger?.shutdown()
        running.chat?.finishWrites()
        running.closings?.shutdown()
        running.sellingWriter?.shutdown()
        if let relay = running.notifications {
            _ = running.loop?.waitFor {}  // notices decided by the last commits and closings are posted
            relay.finishWrites()
        }
        if let drain {
            waitForClientsToLeave(running, drain: drain)
            let http = running.http, plainHTTP = running.plainHTTP
            running.loop?.waitFor { http?.close(); plainHTTP?.close() }
        }
        if let loop = running.loop {
            let service = running.service
            // Let the replies go out, then close; give slow readers two seconds (a drain: what is left of its
            // bound). The last connection's close fulfils the latch; `shutdown` closes whatever is left.
            let allClosed = Latch<Void>()
            let waiting = loop.waitFor { () -> Bool in
                guard let service else { return false }
                service.value.closeAll { allClosed.fulfil(()) }
                return true
            }
            if waiting == true { _ = allClosed.wait(milliseconds: flushMilliseconds(drain)) }
            loop.shutdown()
        }
        running.parts.stopAll(log: log)
        hooks.didStop()
        postgres?.close()
        if let lock = running.fileLock {
            checkpoint(lock.path)
            lock.release()
        }
    }

    /// Copies the WAL into the database file and empties it, once every connection has closed,
    /// so that the `.sqlite` file alone holds everything after a clean stop.
    func checkpoint(_ path: String) {
        do throws(StoreError) {
            let database = try SQLiteDatabase(path: path, options: [.readWrite])
            defer { database.close() }
            let result = try database.checkpointTruncatingWAL()
            if result.busy {
                log.warning("store: the final checkpoint of \(path) could not finish (a connection is still reading)")
            } else {
                log.debug("store: checkpointed \(result.checkpointedFrames) WAL frame(s) into \(path)")
            }
        } catch {
            log.error("store: the final checkpoint of \(path) failed: \(error)")
        }
    }
}
