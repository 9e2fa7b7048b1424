import AuctionCore

/// The connection's changes in `watch`, and the lines it prints when not full-screen.
extension WatchModel {
    /// The socket connected, dropped or is waiting to reconnect: the countdown, since when prices are
    /// stale, a reload after an outage, and (printing lines) one notice per outage.
    mutating func connectionChanged(to state: ConnectionState, now: Timestamp) -> [WatchEffect] {
        let previous = connection
        connection = state
        guard previous != state else { return [] }
        var effects: [WatchEffect] = []
        switch state {
        case .connected:
            reconnectAt = nil
            if messageEndsOnConnect {
                messageEndsOnConnect = false
                message = nil
            }
            if lostConnection {
                lostConnection = false
                // Changes made while disconnected were not pushed: load the prices again.
                effects.append(startReload())
                if !interactive { effects.append(.notice("connected again")) }
            }
        case .reconnecting(let milliseconds):
            // Said once per outage: the attempts that follow (each with its own countdown) are not news.
            if !interactive && !lostConnection { effects.append(.notice("not connected; reconnecting…")) }
            lostConnection = true
            reconnectAt = now.adding(milliseconds: Int64(max(0, milliseconds)))
            if staleSince == nil { staleSince = now }
        case .connecting:
            reconnectAt = nil
            // Straight from connected: the node said it is draining and the client moves on without a
            // backoff. Still an outage: pushes may be missed meanwhile, so the pages are reloaded once connected.
            if previous == .connected {
                if !interactive && !lostConnection { effects.append(.notice("not connected; reconnecting…")) }
                lostConnection = true
                if staleSince == nil { staleSince = now }
            }
        case .closed:
            reconnectAt = nil
            if staleSince == nil { staleSince = now }
        }
        return effects
    }

    /// Every loaded lot as one line each (`WatchLine`), as when it changes: what the watch starts from.
    func snapshotLines(at now: Timestamp) -> [UInt8] {
        Array(board.rows.map { product in
            (product.isClosed ? WatchLine.formatClosed(product, at: now, clock: clock) : WatchLine.format(product, at: now, clock: clock)) + "\n"
        }.joined().utf8)
    }
}
