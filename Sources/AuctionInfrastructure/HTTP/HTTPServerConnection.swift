/// The I/O shell of one server connection: feeds bytes to its `HTTPServerSession`, performs the
/// actions it returns, runs the handler, and keeps one timer for the session's next deadline.
/// Loop-bound: used only on its connection's loop thread.
final class HTTPServerConnection {
    private let connection: TCPConnection
    private var session: HTTPServerSession
    private let handler: HTTPRouter.Handler
    private let date: () -> String?
    private var timer: (id: TimerID, deadline: Int64)?
    private var dispatching = false
    private var synchronousResponse: HTTPResponse?
    private var sequence = 0
    /// Called once when the connection has ended.
    var onFinished: (() -> Void)?

    init(connection: TCPConnection, configuration: HTTPServerSession.Configuration,
         handler: @escaping HTTPRouter.Handler, date: @escaping () -> String?) {
        self.connection = connection
        self.session = HTTPServerSession(configuration: configuration, now: EventLoop.now())
        self.handler = handler
        self.date = date
    }

    /// Starts reading (loop thread). The connection's callbacks hold this object until it closes
    /// (the TCP connection drops them then), so it lives exactly as long as the connection.
    func start() {
        connection.onRead = { [self] bytes in
            perform(session.receive(bytes, now: EventLoop.now()))
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
        timer = nil
        let callback = onFinished
        onFinished = nil
        callback?()
    }

    /// Performs actions in order; responses given synchronously are folded in iteratively so
    /// a burst of pipelined requests never recurses.
    private func perform(_ actions: [HTTPServerSession.Action]) {
        var queue = actions
        var index = 0
        while index < queue.count {
            switch queue[index] {
            case .write(let bytes):
                if !connection.write(bytes) {
                    session.peerClosed()
                    connection.abort()
                    return
                }
            case .close:
                lingerAndClose()
                return
            case .dispatch(let request):
                sequence += 1
                dispatching = true
                synchronousResponse = nil
                handler(request, responder(for: sequence))
                dispatching = false
                if let response = synchronousResponse {
                    synchronousResponse = nil
                    queue.append(contentsOf: session.respond(response, now: EventLoop.now(), date: date()))
                }
            }
            index += 1
        }
        armTimer()
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
        connection.shutdownOutput()
        if let timer { connection.loop.cancel(timer.id) }
        timer = nil
        guard !connection.isClosed else { return }
        let id = connection.loop.schedule(afterMilliseconds: HTTPServerConnection.lingerMilliseconds) { [weak self] in
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
        let this = UncheckedSendable(self)
        return HTTPResponder { response in
            if loop.inEventLoop {
                this.value.deliver(response, to: request)
            } else {
                loop.execute { this.value.deliver(response, to: request) }
            }
        }
    }

    private func deliver(_ response: HTTPResponse, to request: Int) {
        guard request == sequence, session.isAwaitingResponse, !connection.isClosed else { return }
        if dispatching {
            if synchronousResponse == nil { synchronousResponse = response }
            return
        }
        perform(session.respond(response, now: EventLoop.now(), date: date()))
    }

    /// Keeps exactly one timer, at the session's next deadline.
    private func armTimer() {
        if session.isClosing { return }
        let deadline = connection.isClosed ? nil : session.nextDeadline
        if let timer, timer.deadline == deadline { return }
        if let timer { connection.loop.cancel(timer.id) }
        timer = nil
        guard let deadline else { return }
        let id = connection.loop.schedule(afterMilliseconds: deadline - EventLoop.now()) { [weak self] in
            guard let self else { return }
            timer = nil
            perform(session.checkTimeouts(now: EventLoop.now()))
        }
        timer = (id, deadline)
    }
}
