import Glibc

extension TCPConnection: EventHandler {
    func handleEvents(_ events: UInt32) {
        if let tls, !tls.isEstablished { return advanceHandshake() }
        if tlsWriteWantsRead, events & LinuxConstants.epollIn != 0 {
            tlsWriteWantsRead = false
            flushNow()
            guard state != .closed else { return }
        }
        let hangUpOrError = events & (LinuxConstants.epollHangUp | LinuxConstants.epollError) != 0
        if hangUpOrError || events & LinuxConstants.epollIn != 0 {
            if inputClosed {
                hangUpAfterInputClosed(events)
            } else if !readingPaused || hangUpOrError {
                // While paused only a hang-up or an error is read (data first), to end the connection.
                readAvailable()
            }
        }
        if state != .closed, events & LinuxConstants.epollOut != 0 {
            flushNow()
        }
    }

    func loopDidShutDown() {
        closeNow(.eventLoopShutdown)
    }

    /// Reads into the loop's shared buffer a few times (fairness), handing each chunk to `onRead`.
    func readAvailable() {
        if let tls { return readDecrypted(tls) }
        let buffer = loop.readBuffer
        for _ in 0..<4 {
            let count: Int
            do {
                count = try Syscall.read(fd, into: buffer)
            } catch .wouldBlock {
                return
            } catch {
                return closeNow(socketError(error, call: "read"))
            }
            guard count > 0 else { return peerDidClose() }
            if state == .open {
                onRead?(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
            if state == .closed || readingPaused || count < buffer.count { return }
        }
    }

    /// End of stream from the peer: hand it to `onInputClosed` and keep writing, or send what is
    /// queued (one best-effort attempt) and close cleanly.
    func peerDidClose() {
        if state == .open, outputShutdown != .done, let onInputClosed {
            inputClosed = true
            updateInterest()
            return state == .open ? onInputClosed() : ()
        }
        if bufferedOutputBytes > 0 && outputShutdown != .done {
            state = .closing
            flushNow()
        }
        closeNow(nil)
    }

    /// Puts the connection on the loop's flush list for the end of this iteration.
    func requestFlush() {
        guard !flushQueued, !awaitingWritable else { return }
        flushQueued = true
        loop.enqueueFlush(self)
    }

    /// The flush phase's entry point.
    func flushFromLoop() {
        flushQueued = false
        guard state != .closed, !awaitingWritable, bufferedOutputBytes > 0 else { return }
        flushNow()
    }

    /// Sends the queue until it is empty or the kernel says `EAGAIN` (then waits for `EPOLLOUT`).
    func flushNow() {
        if let tls {
            guard tls.isEstablished, flushEncrypted(tls) else { return }
        }
        while outputStart < output.count {
            let boundary = sendBoundary
            let result = output.withUnsafeBytes { bytes in
                Result { () throws(Errno) -> Int in
                    let end = boundary?.end(of: bytes, from: outputStart) ?? bytes.count
                    return try Syscall.send(fd, UnsafeRawBufferPointer(rebasing: bytes[outputStart..<end]))
                }
            }
            writeSystemCallCount += 1
            switch result {
            case let .success(count):
                outputStart += count
                largestSendBytes = max(largestSendBytes, count)
                sentByteCount &+= count
            case .failure(.wouldBlock):
                return waitForWritable(true)
            case let .failure(error):
                if readsInputBeforeSendFailure && state == .open && !inputClosed {
                    readsInputBeforeSendFailure = false  // once: the read may close the connection itself
                    readAvailable()
                    guard state != .closed else { return }
                }
                return closeNow(socketError(error, call: "send"))
            }
        }
        output.removeAll(keepingCapacity: output.capacity <= 1 << 20)
        outputStart = 0
        waitForWritable(false)
        if outputShutdown == .requested { finishOutputShutdown() }
        if state == .closing { return closeNow(nil) }
        if state == .open, let onOutputDrained { onOutputDrained() }
    }

    /// `shutdown(SHUT_WR)` once the queue is empty.
    func finishOutputShutdown() {
        outputShutdown = .done
        tls?.sendCloseNotify()
        do {
            try Syscall.shutdown(fd, how: CInt(SHUT_WR))
        } catch {
            return closeNow(socketError(error, call: "shutdown"))
        }
        if inputClosed { closeNow(nil) }  // both directions are done
    }

    /// With input at EOF only errors and hang-ups arrive; a hang-up with nothing left to send ends it.
    private func hangUpAfterInputClosed(_ events: UInt32) {
        let code = (try? Syscall.option(fd, level: SOL_SOCKET, name: SO_ERROR)) ?? 0
        if code != 0 { return closeNow(socketError(Errno(rawValue: code), call: "read")) }
        if events & LinuxConstants.epollHangUp != 0 { closeNow(nil) }
    }

    /// Registers `EPOLLOUT` interest only while output is pending.
    func waitForWritable(_ waiting: Bool) {
        guard waiting != awaitingWritable, state != .closed else { return }
        awaitingWritable = waiting
        updateInterest()
    }

    /// Sets the epoll interest: input until EOF, output while waiting for room.
    func updateInterest() {
        let reading = !inputClosed && !readingPaused
        let events = (reading ? LinuxConstants.epollIn : 0) | (awaitingWritable ? LinuxConstants.epollOut : 0)
        do {
            try loop.modify(fd, registration: registration, events: events)
        } catch {
            closeNow(.systemCall("epoll_ctl", error))
        }
    }
}
