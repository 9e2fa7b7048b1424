extension TCPAcceptor {
    /// Admits an accepted socket to a TLS handshake within the settings' bounds and hands it to the
    /// handshake worker, or drops it with a reset before any TLS work. Loop thread.
    func handshakeThenAccept(_ fd: CInt, tls: TLSServerSettings, worker: TLSHandshakeWorker) {
        let address = (try? Syscall.remoteAddress(fd).socketAddress.host) ?? "?"
        let startedAt = loop.now()
        switch admission.admit(address, now: startedAt) {
        case .refusedByRate:
            tls.count { $0.refusedByRate += 1 }
            return Self.reset(fd)
        case .refusedForAddress:
            tls.count { $0.refusedForAddress += 1 }
            return Self.reset(fd)
        case .refusedAsBusy:
            tls.count { $0.refusedAsBusy += 1 }
            return Self.reset(fd)
        case .start(let id, let displaced):
            if let displaced { worker.drop(displaced) }
            tls.count { $0.started += 1 }
            let home = LoopBound(self, on: loop)
            worker.start(id: id, fd: fd, context: tls.context, plaintext: plaintextAnswer,
                         deadline: startedAt + tls.limits.handshakeTimeoutMilliseconds) { fd, outcome in
                // On the worker: count, then hand the session (if any) to this loop, its one owner from then on.
                var session: LoopBound<TLSSession>?
                switch outcome {
                case .established(let established):
                    let milliseconds = home.loop.now() - startedAt
                    tls.count { $0.observeCompletion(milliseconds: milliseconds) }
                    session = LoopBound(handingOver: established, to: home.loop)
                case .failed: tls.count { $0.failed += 1 }
                case .timedOut: tls.count { $0.timedOut += 1 }
                case .plaintext: tls.count { $0.plaintext += 1 }
                case .displaced: tls.count { $0.displaced += 1 }
                }
                let handed = session
                let delivered = home.loop.execute { home.value.handshakeEnded(id, fd: fd, session: handed) }
                if !delivered, handed != nil { Syscall.close(fd) }
            }
        }
    }

    /// Handshake `id` ended; an established one becomes a connection on this loop for `onAccept`,
    /// unless it was displaced meanwhile or the listener has closed (then it is reset). Loop thread.
    private func handshakeEnded(_ id: UInt64, fd: CInt, session: LoopBound<TLSSession>?) {
        let live = admission.end(id)
        guard let session else { return }
        guard live, !isClosed else { return Self.reset(fd) }
        let connection: TCPConnection
        do {
            connection = try TCPConnection(adopting: fd, on: loop, establishedTLS: session.value)
        } catch {
            Syscall.close(fd)
            return
        }
        onAccept(connection)
        connection.readDecryptedLater()  // records that came with the client's last handshake flight
    }

    /// Closes an accepted socket with a reset (`SO_LINGER` 0), before any TLS work.
    static func reset(_ fd: CInt) {
        try? Syscall.setLinger(fd, seconds: 0)
        Syscall.close(fd)
    }
}
