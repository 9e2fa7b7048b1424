extension TCPAcceptor {
    /// Runs the TLS handshake of an accepted connection within the settings' bounds, then hands the
    /// established connection to `onAccept`; a connection past a bound is dropped before any TLS work.
    func handshakeThenAccept(_ connection: TCPConnection, tls: TLSServerSettings) {
        let limits = tls.limits
        let now = loop.now()
        if now - handshakeWindow.start >= 1_000 || now < handshakeWindow.start {
            handshakeWindow = (now, [:])
        }
        let address = connection.remoteAddress.host
        let started = handshakeWindow.counts[address, default: 0]
        guard started < limits.handshakesPerAddressPerSecond else {
            tls.count { $0.refusedByRate += 1 }
            return connection.abort()
        }
        guard pendingHandshakes < limits.maximumPendingHandshakes else {
            tls.count { $0.refusedAsBusy += 1 }
            return connection.abort()
        }
        handshakeWindow.counts[address] = started + 1
        pendingHandshakes += 1
        tls.count { $0.started += 1 }
        var timedOut = false
        let deadline = loop.scheduleOnLoop(afterMilliseconds: limits.handshakeTimeoutMilliseconds) {
            timedOut = true
            connection.abort(reporting: .tlsHandshake(connection.remoteAddress, "no TLS handshake within \(limits.handshakeTimeoutMilliseconds) ms"))
        }
        connection.startTLS(tls.context) { [weak self] error in
            guard let self else { return }
            self.pendingHandshakes -= 1
            if !timedOut { self.loop.cancel(deadline) }
            guard error == nil else {
                return tls.count { timedOut ? ($0.timedOut += 1) : ($0.failed += 1) }
            }
            tls.count { $0.completed += 1 }
            guard !self.isClosed else { return connection.abort() }
            self.onAccept(connection)
        }
    }
}
