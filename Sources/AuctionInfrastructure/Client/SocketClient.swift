/// A client for the auction socket: connects, reconnects, replays the session, and correlates replies.
///
/// Usable from any thread. It runs its own event loop thread; handlers and completions run on that
/// thread and should return quickly. Every request completes exactly once: with its reply frame,
/// `.timedOut`, `.disconnected` (sent, then the connection dropped), or, when it was never sent,
/// `.unreachable`, `.closed` or `.overloaded`. Requests made while (re)connecting wait until the
/// session is replayed, then go out in order.
public final class SocketClient: Sendable {
    /// How the client connects and times out.
    public let configuration: SocketClientConfiguration
    /// The client's own loop (internal: a test stops it underneath the client).
    let loop: EventLoop
    private let core: LoopBound<SocketClientCore>
    private let hooks = SocketClientHooks()
    /// Set by `close()`; guards handing work to the loop so nothing is queued on a stopped loop.
    private let isClosed = Mutex(false)

    /// Creates a client and its event loop thread (timeouts and backoff on `clock`); call `start()` once handlers are set.
    public init(configuration: SocketClientConfiguration, clock: any TimeSource = SystemClock()) throws(SocketError) {
        self.configuration = configuration
        loop = try EventLoop.spawn(name: "socket-client", clock: clock)
        core = LoopBound(handingOver: SocketClientCore(loop: loop, configuration: configuration, hooks: hooks), to: loop)
        // However the loop stops, what still waits fails then (its timers are gone with the loop).
        loop.onStop { [core] in core.value.close() }
    }

    deinit { close() }

    /// The connection's state now.
    public var state: SocketClientState { hooks.state }

    /// The server connected to (or being tried, or last tried); the configured first one before `start()`.
    public var endpoint: SocketEndpoint { hooks.endpoint ?? configuration.endpoints[0] }

    /// Starts connecting (and reconnecting after drops, if configured).
    public func start() {
        let core = self.core
        isClosed.withLock { closed in
            if !closed { loop.execute { core.value.start() } }
        }
    }

    /// Adds a handler for frames that are not replies (pushes), called on the client's thread in arrival order.
    public func onPush(_ handler: @escaping @Sendable (Frame) -> Void) {
        hooks.addPushHandler(handler)
    }

    /// Adds a handler for connection state changes, called on the client's thread.
    public func onStateChange(_ handler: @escaping @Sendable (SocketClientState) -> Void) {
        hooks.addStateHandler(handler)
    }

    /// Sets the session replay: called on every (re)connect; its frames are sent and answered before any
    /// other request. An answer `retry` says is a passing refusal (a busy or unreachable store refusing the
    /// login) drops the connection and replays again on the next, after the usual backoff: the connection is
    /// never ready with half its session.
    public func setReplay(_ replay: (@Sendable () -> [Frame])?, retryingWhen retry: (@Sendable (Frame) -> Bool)? = nil) {
        hooks.setReplay(replay, retryingWhen: retry)
    }

    /// Sets the handshake: made on every (re)connect; its frames are settled before the replay starts.
    public func setHandshake(_ handshake: (@Sendable () -> SocketHandshake?)?) {
        hooks.setHandshake(handshake)
    }

    /// Sets the heartbeat: the frame a quiet connection sends when `heartbeatMilliseconds` is configured
    /// (nil from the closure: none this time, e.g. a server that would not answer it).
    public func setHeartbeat(_ heartbeat: (@Sendable () -> Frame?)?) {
        hooks.setHeartbeat(heartbeat)
    }

    /// Waits until the connection is ready for requests (handshake and replay done); fails as an unsent
    /// request would (`.unreachable`, `.timedOut`, `.closed`).
    public func ready(timeoutMilliseconds: Int64? = nil) async throws(SocketClientError) {
        let core = self.core
        let timeout = timeoutMilliseconds ?? configuration.requestTimeoutMilliseconds
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Frame, SocketClientError>, Never>) in
            let once = ResumingOnce(continuation)
            let accepted = isClosed.withLock { closed -> Bool in
                !closed && loop.execute { core.value.awaitReady(timeoutMilliseconds: timeout) { once.resume($0) } }
            }
            if !accepted { once.resume(.failure(.closed)) }
        }
        _ = try result.get()
    }

    /// Sends a request (its `completionID` is assigned here) and calls `completion` once with the reply or the failure.
    public func send(_ frame: Frame, timeoutMilliseconds: Int64? = nil,
                     completion: @escaping @Sendable (Result<Frame, SocketClientError>) -> Void) {
        let core = self.core
        let timeout = timeoutMilliseconds ?? configuration.requestTimeoutMilliseconds
        // A loop that stopped underneath (never by `close()`) refuses the work: the request completes `.closed`.
        let accepted = isClosed.withLock { closed -> Bool in
            !closed && loop.execute { core.value.enqueue(frame, timeoutMilliseconds: timeout, completion: completion) }
        }
        if !accepted { completion(.failure(.closed)) }
    }

    /// Sends a request and waits for its reply frame.
    public func send(_ frame: Frame, timeoutMilliseconds: Int64? = nil) async throws(SocketClientError) -> Frame {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Frame, SocketClientError>, Never>) in
            let once = ResumingOnce(continuation)
            send(frame, timeoutMilliseconds: timeoutMilliseconds) { once.resume($0) }
        }
        return try result.get()
    }

    /// Attempts the next reconnect at once instead of after the backoff delay; nothing unless waiting to reconnect.
    public func reconnectNow() {
        let core = self.core
        isClosed.withLock { closed in
            if !closed { loop.execute { core.value.reconnectNow() } }
        }
    }

    /// Closes for good: pending requests fail, the state becomes `.closed`, the thread stops (unless called on it).
    public func close() {
        let core = self.core
        let first = isClosed.withLock { closed -> Bool in
            guard !closed else { return false }
            closed = true
            loop.execute { core.value.close() }
            return true
        }
        // Once only: a second `EventLoop.shutdown()` signals the loop's wake descriptor after it was closed,
        // writing 8 bytes into whatever socket reused that descriptor number.
        if first { loop.shutdown() }
    }
}
