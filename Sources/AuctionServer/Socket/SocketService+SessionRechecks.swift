import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// Re-checks on a shared store, in the background: shortly before each re-check period ends, every
/// session logged in here is read from the store once (on a worker) and confirmed for the next period,
/// so a bid when the period turns finds it confirmed in memory and waits for no store read. A session
/// the read did not confirm (revoked, or the store failed) is read again by its next request, which
/// waits for it as before: a revocation takes effect within one period, as it did.
extension SocketService {
    /// How long before a period ends its sessions are read again: a fifth of it, at most 2 s.
    static func recheckLead(period: Int64) -> Int64 { min(period / 5, 2_000) }

    /// Sets the timer for the next period's background re-check (loop thread); `after` is the period
    /// start last re-checked for, so a timer run late does not re-check the same period twice.
    func scheduleSessionRechecks(after done: Int64? = nil) {
        guard let period = sessions.resolver.recheckMilliseconds, period > 0, !isStopping else { return }
        let now = currentTime().millisecondsSinceEpoch
        var next = (now / period &+ 1) &* period
        if let done, next <= done { next = done &+ period }
        let delay = max(0, next &- Self.recheckLead(period: period) &- now)
        loop.scheduleOnLoop(afterMilliseconds: delay) { [weak self] in
            guard let self, !self.isStopping else { return }
            self.recheckAhead(of: Timestamp(millisecondsSinceEpoch: next))
            self.scheduleSessionRechecks(after: next)
        }
    }

    /// Reads every session logged in here from the store on a worker, confirmed for the period from
    /// `start`; each connection keeps its answer as `confirmedAhead` (loop thread).
    func recheckAhead(of start: Timestamp) {
        var holders: [String: (user: SessionUser, connections: [ConnectionID])] = [:]
        for peer in peers.values {
            guard let user = peer.user, let key = user.sessionKey, user.expiresAt != nil else { continue }
            holders[key, default: (user, [])].connections.append(peer.id)
        }
        guard !holders.isEmpty else { return }
        let sessions = holders.values.map(\.user)
        let resolver = self.sessions.resolver, now = currentTime()
        let queued = lookups.run({ sessions.map { resolver.confirm($0, now: now, ahead: start) } }) { [weak self] (confirmed: [SessionUser?]) in
            guard let self else { return }
            self.log.debug("socket: \(confirmed.compactMap { $0 }.count) of \(sessions.count) session(s) confirmed ahead of the period from \(start)")
            for (user, confirmation) in zip(sessions, confirmed) {
                guard let confirmation, let key = user.sessionKey else { continue }  // its next request reads it again
                for id in holders[key]?.connections ?? [] {
                    guard let peer = self.peers[id], peer.user?.sessionKey == key, peer.user?.id == user.id else { continue }
                    peer.confirmedAhead = confirmation
                }
            }
        }
        if !queued { log.warning("socket: the store lookups are busy; sessions are re-checked at their next use") }
    }
}
