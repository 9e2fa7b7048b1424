/// The I/O shell of one server connection: feeds bytes to its `HTTPServerSession`, performs the
/// actions it returns, runs the handler, and keeps one timer for the session's next deadline.
/// Back-pressure both ways: reading pauses while pipelined input waits past its bound or while
/// answers pile up unread (the next request is dispatched once they drain); a client that stops
/// reading for `sendTimeoutMilliseconds` is disconnected. Loop-bound: used only on its loop's thread.
final class HTTPServerConnection {
    /// Per-connection settings beyond the session's.
    struct Limits {
        /// Queued answer bytes above which the next request waits for them to drain.
        var outputHighWater: Int
        /// How long answers may sit unread before the connection is dropped.
        var sendTimeoutMilliseconds: Int64
        /// Refuses a request from its head, before its body is read.
        var screen: HTTPServer.Configuration.HeadScreen?
        /// The server's body bytes in flight, shared by its connections.
        var bodies: HTTPBodyBudget?
    }

    private let connection: TCPConnection
    private var session: HTTPServerSession
    private let limits: Limits
    private let handler: HTTPRouter.Handler
    private let date: () -> String?
    private var timer: (id: TimerID, deadline: Int64)?
    private var stallTimer: TimerID?
    private var deferred: HTTPRequest?
    private var dispatching = false
    private var synchronousResponse: HTTPResponse?
    private var sequence = 0
    private var awaiting: Int?
    /// The actions that follow a head whose screen answers later (reading waits until it has).
    private var screening: [HTTPServerSession.Action]?
    /// Body bytes this connection holds of the server's budget (the request being read or answered).
    private var heldBodyBytes = 0
    /// Called once when the connection has ended.
    var onFinished: (() -> Void)?

    init(connection: TCPConnection, configuration: HTTPServerSession.Configuration, limits: Limits,
         handler: @escaping HTTPRouter.Handler, date: @escaping () -> String?) {
        self.connection = connection
        var configuration = configuration
        configuration.limits.announcesHeads = limits.screen != nil || limits.bodies != nil
        self.session = HTTPServerSession(configuration: configuration, now: connection.loop.now())
        self.limits = limits
        self.handler = handler
        self.date = date
    }

    /// Starts reading (loop thread). The connection's callbacks hold this object until it closes
    /// (the TCP connection drops them then), so it lives exactly as long as the connection.
    func start() {
        connection.onRead = { [self] bytes in
            perform(session.receive(bytes, now: connection.loop.now()))
        }
        connection.onInputClosed = { [self] in
            perform(session.inputClosed(now: connection.loop.now()))
        }
        connection.onOutputDrained = { [self] in
            outputDrained()
        }
        connection.onClose = { [self] _ in finished() }
        armTimer()
    }

    /// Closes the connection, flushing what is queued.
    func close() {
        session.peerClosed()
        connection.close()
    }

    private func finished() {
        session.peerClosed()
        if let timer { connection.loop.cancel(timer.id) }
        if let stallTimer { connection.loop.cancel(stallTimer) }
        timer = nil
        stallTimer = nil
        deferred = nil
        screening = nil
        releaseBody()
        let callback = onFinished
        onFinished = nil
        callback?()
    }

    /// Performs actions in order; responses given synchronously are folded in iteratively so
    /// a burst of pipelined requests never recurses. A dispatch is always the last action.
    private func perform(_ actions: [HTTPServerSession.Action]) {
        var queue = actions
        var index = 0
        while index < queue.count {
            switch queue[index] {
            case .write(let bytes):
                if !connection.write(bytes) {
                    session.peerClosed()
                    connection.abort(reporting: .outputLimitExceeded(connection.remoteAddress, limit: connection.outputLimit))
                    return
                }
            case .close:
                lingerAndClose()
                return
            case .screen(let head, let length):
                var head = head
                head.remoteAddress = connection.remoteAddress
                switch limits.screen?(head, length) ?? .read {
                case .read:
                    if let refusal = holdBody(length) { return perform(session.refuse(refusal, date: date())) }
                case .refuse(let refusal):
                    return perform(session.refuse(refusal, date: date()))
                case .later(let ask):
                    screening = Array(queue[(index + 1)...])
                    let loop = connection.loop, this = LoopBound(self, on: loop)
                    ask { answer in _ = loop.execute { this.value.screened(answer, bodyLength: length) } }
                    updateReading()
                    armTimer()
                    return
                }
            case .dispatch(let request):
                if connection.bufferedOutputBytes > limits.outputHighWater {
                    deferDispatch(request)
                    break
                }
                queue.append(contentsOf: dispatch(request))
            }
            index += 1
        }
        updateReading()
        armTimer()
    }

    /// A later screen's answer (loop thread): the refusal, or the body's bytes held and the actions
    /// that waited carried out.
    private func screened(_ refusal: HTTPResponse?, bodyLength: Int) {
        guard let waiting = screening, !connection.isClosed else { return }
        screening = nil
        if let refusal = refusal ?? holdBody(bodyLength) { return perform(session.refuse(refusal, date: date())) }
        perform(waiting)
    }

    /// 503 when a body of `bodyLength` bytes would pass the server's bytes in flight; nil (its bytes
    /// held) when it may be read.
    private func holdBody(_ bodyLength: Int) -> HTTPResponse? {
        guard let bodies = limits.bodies else { return nil }
        releaseBody()
        guard bodies.take(bodyLength) else {
            return HTTPServerConnection.busy(json: session.configuration.refusesWithJSON).retryingAfter(seconds: 1)
        }
        heldBodyBytes = bodyLength
        return nil
    }

    /// Gives this connection's body bytes back to the server's budget.
    private func releaseBody() {
        guard heldBodyBytes > 0 else { return }
        limits.bodies?.giveBack(heldBodyBytes)
        heldBodyBytes = 0
    }

    /// The answer to a request whose body the server has no room for now.
    static func busy(json: Bool) -> HTTPResponse {
        let message = "the server is receiving too much at once; try again in a moment"
        guard json else { return .text(.serviceUnavailable, message + "\n") }
        return HTTPResponse(status: .serviceUnavailable, contentType: "application/json; charset=utf-8", body: JSONValue.object(
            JSONObject([("error", .string(message)), ("reason", .string("busy"))])).serialized())
    }

    /// Runs the handler; the actions that follow an answer given at once.
    private func dispatch(_ request: HTTPRequest) -> [HTTPServerSession.Action] {
        var request = request
        request.remoteAddress = connection.remoteAddress
        sequence += 1
        awaiting = sequence
        dispatching = true
        synchronousResponse = nil
        handler(request, responder(for: sequence))
        dispatching = false
        guard let response = synchronousResponse else { return [] }
        synchronousResponse = nil
        return session.respond(response, now: connection.loop.now(), date: date())
    }

    /// Holds the request until the client has read the answers queued before it.
    private func deferDispatch(_ request: HTTPRequest) {
        deferred = request
        guard stallTimer == nil else { return }
        stallTimer = connection.loop.scheduleOnLoop(afterMilliseconds: limits.sendTimeoutMilliseconds) { [weak self] in
            guard let self else { return }
            stallTimer = nil
            session.peerClosed()
            connection.abort()
        }
    }

    private func outputDrained() {
        if let stallTimer { connection.loop.cancel(stallTimer) }
        stallTimer = nil
        guard let request = deferred else { return }
        deferred = nil
        perform([.dispatch(request)])
    }

    /// Reads only while the session can take input and no request waits for output to drain.
    private func updateReading() {
        guard !connection.isClosed, !session.isClosing else { return }
        if session.wantsReadingPaused || deferred != nil || screening != nil {
            connection.pauseReading()
        } else {
            connection.resumeReading()
        }
    }

    /// Half-closes after the queued answer and reads and drops what the client still sends until it
    /// closes (bounded in bytes and time): closing with unread input would reset the connection and
    /// could destroy the answer before the client reads it.
    private func lingerAndClose() {
        session.peerClosed()
        var discarded = 0
        connection.onRead = { [connection] bytes in
            discarded += bytes.count
            if discarded > HTTPServerConnection.lingerBytes { connection.abort() }
        }
        connection.resumeReading()
        connection.shutdownOutput()
        if let timer { connection.loop.cancel(timer.id) }
        timer = nil
        guard !connection.isClosed else { return }
        let id = connection.loop.scheduleOnLoop(afterMilliseconds: HTTPServerConnection.lingerMilliseconds) { [weak self] in
            self?.timer = nil
            self?.connection.abort()
        }
        timer = (id, .max)
    }

    /// How long a closing connection waits for the client to close its side.
    static let lingerMilliseconds: Int64 = 2_000
    /// How many bytes a closing connection reads and drops before it resets.
    static let lingerBytes = 1 << 20

    private func responder(for request: Int) -> HTTPResponder {
        let loop = connection.loop
        let this = LoopBound(self, on: loop)
        return HTTPResponder { response in
            if loop.inEventLoop {
                this.value.deliver(response, to: request)
            } else {
                loop.execute { this.value.deliver(response, to: request) }
            }
        }
    }

    private func deliver(_ response: HTTPResponse, to request: Int) {
        guard request == awaiting, session.isAwaitingResponse, !connection.isClosed else { return }
        awaiting = nil
        releaseBody()
        if dispatching {
            synchronousResponse = response
            return
        }
        perform(session.respond(response, now: connection.loop.now(), date: date()))
    }

    /// Keeps exactly one timer, at the session's next deadline.
    private func armTimer() {
        if session.isClosing { return }
        let deadline = connection.isClosed ? nil : session.nextDeadline
        if let timer, timer.deadline == deadline { return }
        if let timer { connection.loop.cancel(timer.id) }
        timer = nil
        guard let deadline else { return }
        let id = connection.loop.scheduleOnLoop(afterMilliseconds: deadline - connection.loop.now()) { [weak self] in
            guard let self else { return }
            timer = nil
            perform(session.checkTimeouts(now: connection.loop.now()))
        }
        timer = (id, deadline)
    }
}
