extension TCPConnection {
    /// Starts TLS on this connection (loop thread): a server answers the client's hello (`host` unused),
    /// a client sends its own, checking the certificate against `host` (and sending it as SNI); a client
    /// context without a `host` fails at once, never skipping the name check. `completion`
    /// runs once: nil when the session is established, else why it failed (the connection is then
    /// closed). Until then nothing queued is sent and nothing is read for `onRead`; afterwards the
    /// output queue, its bound, the drain callbacks and the half-close work as in plaintext.
    public func startTLS(_ context: TLSContext, host: String? = nil,
                         completion: @escaping (SocketError?) -> Void) {
        assert(loop.inEventLoop, "TCPConnection used off its event loop")
        guard state == .open, tls == nil else { return completion(.tlsHandshake(remoteAddress, "the connection is closed")) }
        do {
            tls = try TLSSession(context: context, fd: fd, host: host)
        } catch {
            return completion(.tlsHandshake(remoteAddress, error.description))
        }
        tlsHandshakeDone = completion
        advanceHandshake()
    }

    /// Whether this connection speaks TLS.
    public var isTLS: Bool { tls != nil }

    /// The negotiated TLS version (`TLSv1.3`), nil in plaintext or before the handshake ends.
    public var tlsVersion: String? { tls.flatMap { $0.isEstablished ? $0.protocolVersion : nil } }

    /// The ALPN protocol agreed in the handshake, if any.
    public var tlsApplicationProtocol: String? { tls?.negotiatedProtocol }

    /// One step of the handshake, as the socket's readiness allows.
    func advanceHandshake() {
        guard state != .closed, let tls else { return }
        switch tls.handshake() {
        case .done:
            waitForWritable(false)
            let completion = tlsHandshakeDone
            tlsHandshakeDone = nil
            completion?(nil)
            guard state != .closed else { return }
            if bufferedOutputBytes > 0 { requestFlush() }
            if !readingPaused { readAvailable() }
        case .wantRead:
            waitForWritable(false)
        case .wantWrite:
            waitForWritable(true)
        case .closed:
            closeNow(.tlsHandshake(remoteAddress, "the peer closed the connection during the TLS handshake"))
        case .failed(let reason):
            self.tls = nil  // no close_notify on a failed handshake
            closeNow(.tlsHandshake(remoteAddress, reason))
        case .refused(let sentence):
            self.tls = nil
            closeNow(.tlsVerification(remoteAddress, sentence))
        }
    }

    /// Reads and decrypts a few records (fairness), handing each to `onRead`.
    func readDecrypted(_ tls: TLSSession) {
        let buffer = loop.readBuffer
        for _ in 0..<4 {
            switch tls.read(into: buffer) {
            case .done(let count):
                if state == .open { onRead?(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) }
                // Nothing left inside OpenSSL: the socket's readiness announces what comes next, so no
                // read is spent on EAGAIN (as a short plaintext read ends the round).
                if state == .closed || readingPaused || !tls.hasBufferedInput { return }
            case .wantRead:
                return
            case .wantWrite:
                return waitForWritable(true)
            case .closed:
                return peerDidClose()
            case .failed(let reason), .refused(let reason):
                return closeNow(.tlsHandshake(remoteAddress, reason))
            }
        }
        readDecryptedLater()
    }

    /// Input waits inside OpenSSL, where no readiness announces it: read it on the next turn.
    func readDecryptedLater() {
        guard let tls, tls.isEstablished, tls.hasBufferedInput else { return }
        loop.scheduleOnLoop(afterMilliseconds: 0) { [weak self] in
            guard let self, self.state != .closed, !self.readingPaused, !self.inputClosed, let tls = self.tls else { return }
            self.readDecrypted(tls)
        }
    }

    /// Encrypts and sends the queue; true when all of it went, false when waiting for the socket (or closed).
    func flushEncrypted(_ tls: TLSSession) -> Bool {
        while outputStart < output.count {
            let step = output.withUnsafeBytes { bytes in
                tls.write(UnsafeRawBufferPointer(rebasing: bytes[outputStart...]))
            }
            writeSystemCallCount += 1
            switch step {
            case .done(let count):
                outputStart += count
                largestSendBytes = max(largestSendBytes, count)
                sentByteCount &+= count
            case .wantWrite:
                waitForWritable(true)
                return false
            case .wantRead:
                tlsWriteWantsRead = true
                return false
            case .closed:
                closeNow(.connectionReset(remoteAddress))
                return false
            case .failed(let reason), .refused(let reason):
                closeNow(.tlsHandshake(remoteAddress, reason))
                return false
            }
        }
        return true
    }
}
