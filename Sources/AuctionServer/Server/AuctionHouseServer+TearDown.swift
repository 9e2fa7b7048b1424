import AuctionCore
import AuctionData
import AuctionEngine
import AuctionImage
import AuctionInfrastructure
import Glibc

/// Closing: what `open` started, stopped in order and closed in reverse.
extension AuctionHouseServer {
    /// Stops what is running, stage by stage (`StartedParts.Stage`): listeners, the cluster feed,
    /// in-flight commits, the writers, the notices, then (after a drain's wait) the HTTP connections
    /// left, every socket connection and the loop, and last the resources in reverse of their start.
    /// Each step waits for the one before: `waitFor` returns once its task ran on the loop, a worker's
    /// `shutdown` once its queue ran, the latch once the last connection closed.
    func tearDown(_ running: Running, drain: Drain? = nil) {
        let parts = running.parts, onLoop = parts.onLoop, log = self.log, draining = drain != nil
        if let loop = running.loop {
            let service = running.service
            loop.waitFor {
                service?.value.stopAccepting()
                onLoop.stop(.listening, draining: draining, log: log)
            }
        }
        for stage in [StartedParts.Stage.feeds, .commits, .writers, .notices] { parts.stop(stage, log: log) }
        if let drain {
            waitForClientsToLeave(running, drain: drain)
            running.loop?.waitFor { onLoop.stop(.drained, log: log) }
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
        parts.stop(.resources, log: log)
    }

    /// Copies the WAL into the database file and empties it, once every connection has closed,
    /// so that the `.sqlite` file alone holds everything after a clean stop.
    static func checkpoint(_ path: String, log: ServerLog) {
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
