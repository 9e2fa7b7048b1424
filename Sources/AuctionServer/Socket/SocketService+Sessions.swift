import AuctionCore

/// Logins that end while their connection stays open (logout elsewhere, expiry).
extension SocketService {
    /// The connection's user while its session holds; once it was revoked or expired the
    /// connection is logged out (it must log in again) and nil is returned. From memory, so it is
    /// checked before every bid and chat message (loop thread): a session only the store can confirm
    /// is re-checked in the background meanwhile (requests that need it wait first, `awaitsSessionRecheck`).
    func currentUser(of peer: SocketPeer) -> SessionUser? {
        guard let user = peer.user else { return nil }
        switch sessionState(of: peer) {
        case .holds(let current):
            if current.confirmedGeneration != user.confirmedGeneration { peer.user = current }
            return current
        case .ended:
            endLogin(of: peer, user)
            return nil
        case .needsStore:
            recheckInBackground(peer)
            return user
        }
    }

    /// Logs `peer` out after its session (of `user`) ended: its next bid is refused `unauthenticated` once.
    func endLogin(of peer: SocketPeer, _ user: SessionUser) {
        peer.user = nil
        peer.confirmedAhead = nil
        peer.loginEnded = true
        log.info("socket: \(peer.label) is no longer logged in as \(user.name) (session revoked or expired)")
        pushLoginEnded(peer, reason: "logged_out", message: "the login was ended (logged out, or it expired)")
    }
}

extension SocketService {
    /// Logs out every connection here logged in as `user` (their sessions just ended: a suspension);
    /// each must log in again, which is refused while the suspension holds (loop thread).
    func logOutConnections(of user: UserID, suspension: SessionSuspension? = nil) {
        var count = 0
        for peer in peers.values where peer.user?.id == user {
            peer.user = nil
            peer.loginEnded = true
            peer.suspension = suspension
            notificationsDisconnected(peer.id)
            chatDisconnected(peer.id)  // out of every room's member list at once (`/who`), announced as a leave
            pushLoginEnded(peer, reason: suspension == nil ? "logged_out" : "suspended",
                           message: suspension?.message ?? "the login was ended")
            count += 1
        }
        if count > 0 { log.info("socket: \(count) connection(s) of user \(user) logged out (sessions ended)") }
    }
}

extension SocketService {
    /// Runs `completion` (on the ledger's thread) once every bid decided so far has its answer from the
    /// ledger: this round's decisions are handed over now, then an empty submission queues behind them,
    /// and the writer answers in order (loop thread).
    func afterDecidedBidsCommit(_ completion: @escaping @Sendable () -> Void) {
        submitRound()
        ledger.submit(LedgerSubmission(bids: [])) { _ in completion() }
    }
}
