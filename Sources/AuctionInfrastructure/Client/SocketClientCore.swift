/// The client's state and I/O, confined to its event loop's thread (deliberately not `Sendable`).
///
/// Every request is in `table` from `send` until it completes; `finish` is the one place a request
/// completes, and it is only reached after the table handed the request out, so each completes once.
final class SocketClientCore {
    struct Pending {
        /// What a pending entry is: a caller's request, a replayed frame, handshake frame `n`, a wait for
        /// readiness, or a heartbeat.
        enum Role { case request, replay, handshake(Int), readiness, heartbeat }

        var completion: (Result<Frame, SocketClientError>) -> Void
        var role: Role

        /// Whether the client made it itself (replay, handshake): no caller waits on its completion.
        var isReplay: Bool {
            switch role {
            case .replay, .handshake, .heartbeat: true
            case .request, .readiness: false
            }
        }
    }

    enum Phase: Equatable {
        case idle, connecting, greeting, replaying(remaining: Int), ready, waiting, closed
    }

    /// The handshake of the current connection: its ids and the answers so far.
    private struct Greeting {
        var handshake: SocketHandshake
        var ids: [Int64?]
        var answers: [Frame?]
        var settled: [Bool]
    }

    let loop: EventLoop
    let configuration: SocketClientConfiguration
    let hooks: SocketClientHooks
    private var table: CorrelationTable<Pending>
    /// Requests registered but not yet written, oldest first (ids may have expired meanwhile);
    /// a nil frame is a wait for readiness, completed when the connection becomes ready.
    private var unsent: [(id: Int64, frame: Frame?)] = []
    private var greeting: Greeting?
    /// Requests written on the current connection.
    private var sent: Set<Int64> = []
    private var connection: TCPConnection?
    private var decoder: FrameDecoder
    private var phase = Phase.idle
    private var backoff: ReconnectBackoff
    private var lastConnectError: SocketError?
    private var deadlineTimer: (id: TimerID, at: Int64)?
    private var reconnectTimer: TimerID?
    private var generation = 0
    private var scratch: [UInt8] = []
    /// Which server is in use or tried next.
    private var rotation: EndpointRotation
    /// When a quiet connection asks for a sign of life (nil: heartbeats off).
    private var heartbeat: HeartbeatSchedule?
    private var heartbeatTimer: TimerID?

    init(loop: EventLoop, configuration: SocketClientConfiguration, hooks: SocketClientHooks) {
        self.loop = loop
        self.configuration = configuration
        self.hooks = hooks
        table = CorrelationTable(maximumPending: configuration.maximumPendingRequests)
        decoder = FrameDecoder(configuration: configuration.decoder)
        backoff = configuration.backoff
        rotation = EndpointRotation(SocketEndpoint(host: configuration.host, port: configuration.port, isSecure: configuration.isSecure),
                                    then: configuration.alternateEndpoints)
        heartbeat = configuration.heartbeatMilliseconds.map { HeartbeatSchedule(intervalMilliseconds: $0) }
    }

    // MARK: Requests

    func start() {
        guard phase == .idle else { return }
        connect()
    }

    func enqueue(_ frame: Frame, timeoutMilliseconds: Int64, completion: @escaping (Result<Frame, SocketClientError>) -> Void) {
        // Closed because the server could not be reached (no reconnects): say so, not just "closed".
        guard phase != .closed else { return completion(.failure(lastConnectError.map { .unreachable($0) } ?? .closed)) }
        let deadline = loop.now() + max(0, timeoutMilliseconds)
        guard let id = table.register(Pending(completion: completion, role: .request), deadline: deadline) else {
            return completion(.failure(.overloaded))
        }
        if phase == .ready {
            write(frame, id: id)
        } else {
            unsent.append((id, frame))
        }
        armDeadlineTimer()
    }

    /// Completes `completion` once the connection is ready (at once when it is), or fails it like an unsent request.
    func awaitReady(timeoutMilliseconds: Int64, completion: @escaping (Result<Frame, SocketClientError>) -> Void) {
        guard phase != .closed else { return completion(.failure(lastConnectError.map { .unreachable($0) } ?? .closed)) }
        if phase == .ready { return completion(.success(Frame(dataType: 0))) }
        let (sum, overflow) = loop.now().addingReportingOverflow(max(0, timeoutMilliseconds))
        let deadline = overflow ? Int64.max : sum
        guard let id = table.register(Pending(completion: completion, role: .readiness), deadline: deadline) else {
            return completion(.failure(.overloaded))
        }
        unsent.append((id, nil))
        armDeadlineTimer()
    }

    private func write(_ frame: Frame, id: Int64) {
        var frame = frame
        frame.completionID = id
        scratch.removeAll(keepingCapacity: true)
        FrameEncoder.encode(frame, into: &scratch)
        if let connection, connection.write(scratch) {
            sent.insert(id)
        } else if case .succeed(let pending) = table.complete(id) {
            finish(pending, .failure(.overloaded))
        }
    }

    private func finish(_ pending: Pending, _ result: Result<Frame, SocketClientError>) {
        switch pending.role {
        case .replay:
            if case .success(let answer) = result, hooks.replayAnswerAsksRetry(answer) { return replayRefused() }
            replayAnswered()
        case .handshake(let index): handshakeSettled(index, answer: try? result.get())
        case .heartbeat: heartbeatSettled(result)
        case .request, .readiness: pending.completion(result)
        }
    }

    // MARK: Deadlines

    private func armDeadlineTimer() {
        guard let next = table.nextDeadline() else {
            if let timer = deadlineTimer { loop.cancel(timer.id) }
            deadlineTimer = nil
            return
        }
        if let timer = deadlineTimer {
            if timer.at <= next { return }
            loop.cancel(timer.id)
        }
        let id = loop.scheduleOnLoop(afterMilliseconds: max(0, next - loop.now())) { [weak self] in
            self?.deadlinesPassed()
        }
        deadlineTimer = (id, next)
    }

    private func deadlinesPassed() {
        deadlineTimer = nil
        for (id, pending) in table.expire(now: loop.now()) {
            let wasSent = sent.remove(id) != nil
            if !wasSent, phase != .ready, let error = lastConnectError {
                finish(pending, .failure(.unreachable(error)))
            } else {
                finish(pending, .failure(.timedOut))
            }
        }
        if unsent.count > 2 * table.count + 64 { unsent.removeAll { !table.isPending($0.id) } }
        armDeadlineTimer()
    }

    // MARK: Connecting

    private func connect() {
        phase = .connecting
        generation += 1
        let attempt = generation
        hooks.publish(.connecting)
        let endpoint = rotation.current
        hooks.setEndpoint(endpoint)
        var tls: TLSContext?
        if endpoint.isSecure {
            do {
                tls = try TLSContext.client(caFile: configuration.caFile, http: false)
            } catch {
                lastConnectError = .tlsHandshake(SocketAddress(host: endpoint.host, port: endpoint.port), error.description)
                return scheduleReconnect()
            }
        }
        TCPConnection.connect(host: endpoint.host, port: endpoint.port,
                              timeoutMilliseconds: configuration.connectTimeoutMilliseconds, on: loop, tls: tls) { [weak self] result in
            guard let self, attempt == self.generation, self.phase == .connecting else {
                if case .success(let stale) = result { stale.abort() }
                return
            }
            switch result {
            case .success(let connection): self.attach(connection)
            case .failure(let error):
                self.lastConnectError = error
                // The next endpoint at once, until each has failed in a row; then the backoff (or closing).
                if self.rotation.connectFailed() { self.connect() } else { self.scheduleReconnect() }
            }
        }
    }

    private func attach(_ connection: TCPConnection) {
        self.connection = connection
        lastConnectError = nil
        rotation.connected()
        decoder = FrameDecoder(configuration: configuration.decoder)
        let attempt = generation
        connection.onRead = { [weak self] bytes in self?.received(bytes) }
        connection.onClose = { [weak self] _ in
            guard let self, attempt == self.generation else { return }
            self.dropped()
        }
        if let handshake = hooks.handshakeForConnection(), !handshake.frames.isEmpty {
            return greet(handshake)
        }
        startReplay()
    }

    /// Writes the handshake's frames at once; the replay starts once every one is settled.
    private func greet(_ handshake: SocketHandshake) {
        phase = .greeting
        let count = handshake.frames.count
        greeting = Greeting(handshake: handshake, ids: Array(repeating: nil, count: count),
                            answers: Array(repeating: nil, count: count), settled: Array(repeating: false, count: count))
        let (sum, overflow) = loop.now().addingReportingOverflow(max(0, handshake.timeoutMilliseconds))
        let deadline = overflow ? Int64.max : sum
        for (index, frame) in handshake.frames.enumerated() {
            guard let id = table.register(Pending(completion: { _ in }, role: .handshake(index)), deadline: deadline) else {
                handshakeSettled(index, answer: nil)
                continue
            }
            greeting?.ids[index] = id
            write(frame, id: id)
        }
        armDeadlineTimer()
    }

    /// A handshake frame was answered (or will not be): earlier unanswered ones never will be.
    private func handshakeSettled(_ index: Int, answer: Frame?) {
        guard phase == .greeting, var current = greeting, index < current.settled.count, !current.settled[index] else { return }
        current.settled[index] = true
        current.answers[index] = answer
        if answer != nil {
            for earlier in 0..<index where !current.settled[earlier] {
                current.settled[earlier] = true
                if let id = current.ids[earlier] {
                    _ = table.complete(id)
                    sent.remove(id)
                }
            }
        }
        greeting = current
        guard current.settled.allSatisfy({ $0 }) else { return }
        greeting = nil
        current.handshake.completion(current.answers)
        if phase == .greeting { startReplay() }
    }

    /// Sends the session replay; the connection is ready once every replayed frame is answered.
    private func startReplay() {
        let replay = hooks.replayFrames()
        guard !replay.isEmpty else { return becomeReady() }
        phase = .replaying(remaining: replay.count)
        let deadline = loop.now() + configuration.requestTimeoutMilliseconds
        for frame in replay {
            guard let id = table.register(Pending(completion: { _ in }, role: .replay), deadline: deadline) else {
                replayAnswered()
                continue
            }
            write(frame, id: id)
        }
        armDeadlineTimer()
    }

    /// A replayed frame was refused for now (a busy server refused the login): leave this connection and
    /// replay the whole session on the next, after the backoff, so it is never ready with half of it.
    private func replayRefused() {
        guard let open = connection else { return }
        open.onRead = nil
        open.onClose = nil
        open.abort()
        dropped()
    }

    private func replayAnswered() {
        guard case .replaying(let remaining) = phase else { return }
        if remaining <= 1 { becomeReady() } else { phase = .replaying(remaining: remaining - 1) }
    }

    private func becomeReady() {
        phase = .ready
        backoff.reset()
        heartbeat?.start(at: loop.now())
        armHeartbeat(afterMilliseconds: heartbeat?.intervalMilliseconds)
        hooks.publish(.connected)
        let queued = unsent
        unsent = []
        for (id, frame) in queued where table.isPending(id) {
            if let frame {
                write(frame, id: id)
            } else if case .succeed(let pending) = table.complete(id) {
                finish(pending, .success(Frame(dataType: 0)))
            }
        }
    }

    private func scheduleReconnect() {
        guard configuration.reconnects else { return close() }
        phase = .waiting
        let delay = backoff.nextDelay()
        hooks.publish(.reconnecting(inMilliseconds: delay))
        reconnectTimer = loop.scheduleOnLoop(afterMilliseconds: delay) { [weak self] in
            guard let self, self.phase == .waiting else { return }
            self.reconnectTimer = nil
            self.connect()
        }
    }

    /// Skips the wait before the next reconnect attempt (the user asked); does nothing unless waiting.
    func reconnectNow() {
        guard phase == .waiting else { return }
        if let timer = reconnectTimer { loop.cancel(timer) }
        reconnectTimer = nil
        connect()
    }

    // MARK: Heartbeat

    /// (Re)arms the heartbeat timer, or cancels it (nil).
    private func armHeartbeat(afterMilliseconds delay: Int64?) {
        if let timer = heartbeatTimer { loop.cancel(timer) }
        heartbeatTimer = delay.map { delay in
            loop.scheduleOnLoop(afterMilliseconds: delay) { [weak self] in self?.heartbeatDue() }
        }
    }

    private func heartbeatDue() {
        heartbeatTimer = nil
        guard phase == .ready, let schedule = heartbeat else { return }
        switch schedule.step(at: loop.now()) {
        case .wait(let delay):
            armHeartbeat(afterMilliseconds: delay)
        case .send:
            armHeartbeat(afterMilliseconds: schedule.intervalMilliseconds)
            let deadline = loop.now().addingReportingOverflow(configuration.requestTimeoutMilliseconds)
            guard let frame = hooks.heartbeatFrame(),
                  let id = table.register(Pending(completion: { _ in }, role: .heartbeat),
                                          deadline: deadline.overflow ? Int64.max : deadline.partialValue) else { return }
            heartbeat?.sent(id)
            write(frame, id: id)
            armDeadlineTimer()
        }
    }

    /// The heartbeat was answered (the node lives) or timed out: the node is gone, drop the connection.
    private func heartbeatSettled(_ result: Result<Frame, SocketClientError>) {
        heartbeat?.settled()
        if case .failure(.timedOut) = result { connection?.abort() }
    }

    // MARK: Reading

    private func received(_ bytes: UnsafeRawBufferPointer) {
        heartbeat?.heard(at: loop.now())
        decoder.append(bytes)
        while let event = decoder.nextEvent() {
            switch event {
            case .frame(let frame):
                if frame.dataType == configuration.replyDataType {
                    guard let id = frame.completionID, case .succeed(let pending) = table.complete(id) else { continue }
                    sent.remove(id)
                    finish(pending, .success(frame))
                } else {
                    hooks.deliver(frame)
                    if frame.dataType == configuration.reconnectDataType { return leaveDrainingServer() }
                }
            case .malformed:
                continue
            case .fatal:
                connection?.abort()
                return
            }
            // A handler may have closed the client, or a refused replay left the connection.
            if phase == .closed || connection == nil { return }
        }
    }

    /// The server said it is going away: leave its connection now (queued output still goes) and try
    /// the next endpoint at once, or, with a single one, reconnect to it after the usual backoff.
    private func leaveDrainingServer() {
        guard let open = connection else { return }
        open.onRead = nil
        open.onClose = nil
        open.close()
        dropped(atOnce: rotation.endpoints.count > 1)
    }

    /// The connection ended: requests written on it fail with `.disconnected`; unsent ones wait for the next.
    /// `atOnce`: the next endpoint is tried now instead of after the backoff (its server asked the client to move).
    private func dropped(atOnce: Bool = false) {
        connection = nil
        greeting = nil
        armHeartbeat(afterMilliseconds: nil)
        generation += 1
        let lost = sent
        sent = []
        for id in lost.sorted() {
            if case .succeed(let pending) = table.complete(id), !pending.isReplay {
                pending.completion(.failure(.disconnected))
            }
        }
        guard phase != .closed else { return }
        // Its node may be gone: the next attempt goes to the next endpoint (the same one when there is one).
        rotation.dropped()
        if atOnce && configuration.reconnects { connect() } else { scheduleReconnect() }
    }

    // MARK: Closing

    func close() {
        guard phase != .closed else { return }
        phase = .closed
        generation += 1
        if let timer = reconnectTimer { loop.cancel(timer) }
        if let timer = deadlineTimer { loop.cancel(timer.id) }
        reconnectTimer = nil
        deadlineTimer = nil
        armHeartbeat(afterMilliseconds: nil)
        let open = connection
        connection = nil
        greeting = nil
        open?.onRead = nil
        open?.onClose = nil
        open?.close()
        let written = sent
        unsent = []
        sent = []
        for (id, pending) in table.failAll() where !pending.isReplay {
            // Written requests have an unknown outcome; the others were never sent.
            if written.contains(id) {
                pending.completion(.failure(.disconnected))
            } else {
                pending.completion(.failure(lastConnectError.map { .unreachable($0) } ?? .closed))
            }
        }
        hooks.publish(.closed)
    }
}
