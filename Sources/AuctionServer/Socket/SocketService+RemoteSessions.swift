import AuctionCore

/// Sessions revoked on other nodes of a shared store (`auction_sessions`), applied on this loop.
extension SocketService {
    /// Records another node's revocation exactly as a logout here is recorded: this node's
    /// connections logged in with that session are refused `unauthenticated` from their next bid or
    /// chat message on (and logged out then), and the token no longer logs in here. After a
    /// reconnect every session is read from the store again once, at its next use (loop thread).
    func adoptRemote(_ event: ClusterSessions) {
        switch event {
        case .revoked(let key):
            guard sessions.revokedElsewhere(key: key) else { return }
            let holders = peers.values.filter { $0.user?.sessionKey?.hasPrefix(key) == true }
            // Out of every chat room's member list here at once (a suspension elsewhere, a logout): `/who`
            // never lists a session that ended; its next bid or message logs it out as before.
            for peer in holders {
                chatDisconnected(peer.id)
                pushLoginEnded(peer, reason: "logged_out", message: "the login was ended on another node (logged out, or suspended)")
            }
            if !holders.isEmpty {
                log.info("socket: session \(key.prefix(8)) was revoked; \(holders.count) connection(s) here held it")
            }
        case .missedWhileAway:
            sessions.recheckAll()
            log.info("socket: sessions will be read from the store again (revocations may have been missed)")
        }
    }
}
