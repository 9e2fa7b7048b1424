/// The owner's handlers (pushes, state changes, session replay), the last published state and endpoint; thread-safe.
final class SocketClientHooks: Sendable {
    private struct Handlers {
        var pushes: [@Sendable (Frame) -> Void] = []
        var states: [@Sendable (SocketClientState) -> Void] = []
        var replay: (@Sendable () -> [Frame])?
        var replayRetry: (@Sendable (Frame) -> Bool)?
        var handshake: (@Sendable () -> SocketHandshake?)?
        var heartbeat: (@Sendable () -> Frame?)?
        var state = SocketClientState.idle
        var endpoint: SocketEndpoint?
    }

    private let handlers = Mutex(Handlers())

    var state: SocketClientState { handlers.withLock { $0.state } }

    /// The endpoint connected to, or last tried; nil before the first attempt.
    var endpoint: SocketEndpoint? { handlers.withLock { $0.endpoint } }

    func setEndpoint(_ endpoint: SocketEndpoint) {
        handlers.withLock { $0.endpoint = endpoint }
    }

    func addPushHandler(_ handler: @escaping @Sendable (Frame) -> Void) {
        handlers.withLock { $0.pushes.append(handler) }
    }

    func addStateHandler(_ handler: @escaping @Sendable (SocketClientState) -> Void) {
        handlers.withLock { $0.states.append(handler) }
    }

    func setReplay(_ replay: (@Sendable () -> [Frame])?, retryingWhen retry: (@Sendable (Frame) -> Bool)?) {
        handlers.withLock {
            $0.replay = replay
            $0.replayRetry = retry
        }
    }

    /// Whether `answer` to a replayed frame is a refusal worth a new connection (busy, store unavailable).
    func replayAnswerAsksRetry(_ answer: Frame) -> Bool {
        let retry = handlers.withLock { $0.replayRetry }
        return retry?(answer) ?? false
    }

    func setHandshake(_ handshake: (@Sendable () -> SocketHandshake?)?) {
        handlers.withLock { $0.handshake = handshake }
    }

    func setHeartbeat(_ heartbeat: (@Sendable () -> Frame?)?) {
        handlers.withLock { $0.heartbeat = heartbeat }
    }

    /// The frame that asks the server for a sign of life now, or nil when there is none to send.
    func heartbeatFrame() -> Frame? {
        let heartbeat = handlers.withLock { $0.heartbeat }
        return heartbeat?()
    }

    func handshakeForConnection() -> SocketHandshake? {
        let handshake = handlers.withLock { $0.handshake }
        return handshake?()
    }

    /// Records the new state and tells every state handler (on the loop thread, outside the lock).
    func publish(_ state: SocketClientState) {
        let observers = handlers.withLock { handlers -> [@Sendable (SocketClientState) -> Void] in
            guard handlers.state != state else { return [] }
            handlers.state = state
            return handlers.states
        }
        for observer in observers { observer(state) }
    }

    func deliver(_ frame: Frame) {
        let observers = handlers.withLock { $0.pushes }
        for observer in observers { observer(frame) }
    }

    func replayFrames() -> [Frame] {
        let replay = handlers.withLock { $0.replay }
        return replay?() ?? []
    }
}
