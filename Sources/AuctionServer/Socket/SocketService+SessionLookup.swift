import AuctionCore
import AuctionData
import AuctionInfrastructure

/// Store reads a connection waits for, off the loop: its login's token lookup and its session's
/// re-check. The loop hands the read to `lookups` and goes on serving every other connection; this
/// connection's later frames stay queued in its decoder (reading paused, so the queue is bounded by
/// one read) and are handled in order once the answer is back.
extension SocketService {
    /// Marks `peer` waiting, runs `read` on a worker and, back on the loop, `answer` with its value, then
    /// the peer's queued frames. `busy` answers instead when the workers' queue is full (loop thread).
    func awaitStore<Value: Sendable>(_ peer: SocketPeer, read: @escaping @Sendable () -> Value,
                                     busy: () -> Void, answer: @escaping (SocketPeer, Value) -> Void) {
        let id = peer.id
        peer.awaitsStore = true
        peer.connection.pauseReading()
        let queued = lookups.run(read) { [weak self] value in
            guard let self, let peer = self.peers[id], peer.awaitsStore else { return }  // closed meanwhile
            peer.awaitsStore = false
            guard !peer.isGivenUp else { return }
            answer(peer, value)
            self.resumeFrames(of: peer)
        }
        guard !queued else { return }
        peer.awaitsStore = false
        busy()
        // The caller (a frame's handling, or an answer followed by `resumeFrames`) goes on with the queue.
        if !peer.isGivenUp, !isStopping { peer.connection.resumeReading() }
    }

    /// Handles what `peer` queued while it waited, then reads on (unless it waits again or the node stops).
    private func resumeFrames(of peer: SocketPeer) {
        handleDecodedFrames(of: peer)
        guard !peer.awaitsStore, !peer.isGivenUp, !isStopping else { return }
        peer.connection.resumeReading()
    }

    /// A login (type 3): the token is resolved on a worker, and a refusal's suspension read there too.
    func login(token: String, completionID: Int64?, peer: SocketPeer) {
        let resolver = sessions.resolver
        awaitStore(peer, read: { () -> LoginLookup in
            if let user = resolver.user(forToken: token) { return .user(user) }
            return .refused(resolver.suspension(forToken: token))
        }, busy: {
            log.warning("socket: \(peer.label) login refused (the store lookups are busy)")
            reply(to: peer, completionID, result: false, reason: .rateLimited)
        }, answer: { [weak self] peer, lookup in
            self?.loginAnswered(lookup, completionID: completionID, peer: peer)
        })
    }

    /// What a login's lookup found: the user, or a refusal with the suspension in force, if any.
    enum LoginLookup: Sendable {
        case user(SessionUser)
        case refused(SessionSuspension?)
    }

    private func loginAnswered(_ lookup: LoginLookup, completionID: Int64?, peer: SocketPeer) {
        switch lookup {
        case .refused(let suspension?):
            log.info("socket: \(peer.label) login refused (the account is suspended)")
            peer.suspension = suspension
            reply(to: peer, completionID, result: false, reason: .suspended, fields: suspension.replyFields)
        case .refused(nil):
            log.info("socket: \(peer.label) login refused (unknown, expired or revoked token)")
            reply(to: peer, completionID, result: false, reason: .unauthenticated)
        case .user(let user):
            sessions.loggedIn(user)
            peer.suspension = nil
            peer.user = user
            peer.confirmedAhead = nil
            chatLoggedIn(peer)
            notificationsLoggedIn(peer)
            log.debug("socket: \(peer.label) logged in as \(user.name)")  // one line per CLI bid at info would drown the log
            reply(to: peer, completionID, result: true,
                  fields: JSONObject([("user_id", .int(user.id.rawValue)), ("user_name", .string(user.name))]))
        }
    }

    /// What memory says of `peer`'s session now, taking up a confirmation read ahead once the period turned.
    func sessionState(of peer: SocketPeer) -> SessionCheck {
        guard let user = peer.user else { return .ended }
        let now = currentTime()
        let state = sessions.check(user, now: now)
        guard state == .needsStore, let ahead = peer.confirmedAhead, ahead.id == user.id else { return state }
        let confirmed = sessions.check(ahead, now: now)
        guard case .holds = confirmed else { return state }
        peer.user = ahead
        peer.confirmedAhead = nil
        return confirmed
    }

    /// Before a request that needs a login, whether `peer` must first wait for its session's store read
    /// (a new period the background re-check did not confirm, or revocations missed); if so the
    /// request is answered after it, in order (loop thread).
    func awaitsSessionRecheck(_ message: ClientMessage, completionID: Int64?, peer: SocketPeer) -> Bool {
        switch message {
        case .bid, .buyNow, .chatJoin, .chatSend, .chatAction, .chatWho: break
        default: return false
        }
        guard let user = peer.user, sessionState(of: peer) == .needsStore else { return false }
        let resolver = sessions.resolver, now = currentTime()
        awaitStore(peer, read: { resolver.current(user, now: now) }, busy: {
            dispatch(message, completionID: completionID, peer: peer)  // memory's answer: the session as last confirmed
        }, answer: { [weak self] peer, confirmed in
            guard let self else { return }
            self.sessionRead(confirmed, of: user, peer: peer)
            self.dispatch(message, completionID: completionID, peer: peer)
        })
        return true
    }

    /// A session read from the store came back: confirmed (kept) or ended (logged out), unless the
    /// connection logged in again meanwhile.
    func sessionRead(_ confirmed: SessionUser?, of user: SessionUser, peer: SocketPeer) {
        guard peer.user?.sessionKey == user.sessionKey, peer.user?.id == user.id else { return }
        if let confirmed { peer.user = confirmed } else { endLogin(of: peer, user) }
    }

    /// Starts a re-check of `peer`'s session that nothing waits for (a notice's delivery found it due).
    func recheckInBackground(_ peer: SocketPeer) {
        guard !peer.isRechecking, let user = peer.user else { return }
        peer.isRechecking = true
        let resolver = sessions.resolver, now = currentTime(), id = peer.id
        let queued = lookups.run({ resolver.current(user, now: now) }) { [weak self] confirmed in
            guard let self, let peer = self.peers[id] else { return }
            peer.isRechecking = false
            self.sessionRead(confirmed, of: user, peer: peer)
        }
        if !queued { peer.isRechecking = false }
    }
}
