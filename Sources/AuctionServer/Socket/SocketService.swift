import AuctionBidding
import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// The auction socket: list state, subscriptions, login and bids over frames, price pushes out.
///
/// A thin I/O shell that routes frames to parts owning their state, each loop-confined:
/// `BidPath` (the `AuctionBook` deciding bids, bid rates, idempotency keys, seller holds, commits in
/// flight, seqs and terms versions), `PushFanOut` (the `WatcherRegistry`, query followers, pushed seqs,
/// fan-out figures), `ClusterFeed` (what other nodes' notifications delivered or parked), `ChatRelay`,
/// `SocketConnections`, `AuctionTimers` (the closing timer and the simulated bidders) and
/// `LoginSessions` (sessions and the names of who logged in). An `OutboundQueue` per client bounds and coalesces its output, and the
/// `BidLedger` commits accepted bids in groups. Replies to accepted bids and their pushes go out only
/// once the commit returned (on the writer thread, handed back with `loop.execute`).
///
/// Deliberately not `Sendable`: after `init` it lives on `loop`'s thread; what must reach it from
/// another thread (a commit's completion, the server's `stop`) holds it in a `LoopBound`.
final class SocketService {
    /// The loop every part runs on.
    let loop: EventLoop
    /// The server's settings.
    let configuration: ServerConfiguration
    /// Where accepted decisions are committed.
    let ledger: any BidLedger<StoreError>
    /// The sessions logins resolve against, and the names of who logged in (`LoginSessions`).
    let sessions: LoginSessions
    /// Where the service logs.
    let log: ServerLog
    /// Where committed price changes, lot changes and closings go (`Hooks`).
    let hooks: Hooks
    /// The bid path as a value (`AuctionBidding.BidPath`): it decides, this service carries its actions out.
    var bidPath: BidPath
    /// The moderators' changes parked in the bid path until their lots' bids come back, by their number.
    var settledChanges: [SettledChange: () -> Void] = [:]
    /// Where the ledger's writer thread parks commit results for the loop.
    let commitInbox = CommitInbox()
    /// Who watches what, the query followers, the pushed seqs and the fan-out figures (`PushFanOut`).
    let fanOut: PushFanOut
    /// The listener and the open connections (`SocketConnections`).
    private(set) var connections = SocketConnections()
    /// The auction-closing timer and the simulated bidders (`AuctionTimers`).
    let timers: AuctionTimers
    /// Counters for `/health` and the benchmark (the bid path counts its own, `BidPath.counts`).
    var counters = SocketCounters()
    /// What `GET /metrics` counts beyond `counters` (`--metrics-port`); nil: metrics off, nothing counted.
    let metrics: ServerMetrics?
    /// Chat rooms (`SocketService+Chat`); nil when the server has no chat store.
    let chat: ChatRelay?
    /// Notifications (`SocketService+Notifications`); nil when the server keeps none.
    let notifications: NotificationRelay?
    /// Runs request 13's queries (nil: request 13 is refused with `invalid`).
    let queryPages: QueryPages?
    /// The per-address query rate request 13 shares with `GET /products/query` (nil: none).
    let queryRate: QueryRate?
    /// What the cluster's feed delivered or parked here: notices, chat, closes once each; reads parked
    /// while own bids await their commit (`ClusterFeed`).
    var clusterFeed = ClusterFeed()
    /// Where session lookups, re-checks and chat history are read, off the loop (`StoreLookups`).
    let lookups: StoreLookups

    /// Open connections by id (`connections` owns them).
    var peers: [ConnectionID: SocketPeer] { connections.peers }

    /// Whether accepting stopped (`stopAccepting` stops the timers first, for good).
    var isStopping: Bool { timers.isStopped }

    /// A service deciding bids on `bidPath`, committing them with `ledger`, telling `hooks`, with the
    /// optional `parts` the server has.
    init(loop: EventLoop, configuration: ServerConfiguration, bidPath: BidPath, ledger: any BidLedger<StoreError>,
         sessions: any SessionResolver, log: ServerLog, hooks: Hooks, parts: Parts = Parts()) {
        self.loop = loop
        self.configuration = configuration
        self.bidPath = bidPath
        self.ledger = ledger
        self.sessions = LoginSessions(sessions)
        timers = AuctionTimers(loop: loop)
        self.log = log
        self.hooks = hooks
        chat = parts.chat
        notifications = parts.notifications
        queryPages = parts.queryPages
        queryRate = parts.queryRate
        metrics = parts.metrics
        lookups = StoreLookups(loop: loop, workers: parts.lookupWorkers)
        fanOut = PushFanOut(loop: loop, maximumSubscriptions: configuration.limits.maximumSubscriptions)
    }

    /// Binds a listener on `port` (any thread), speaking TLS with `tls`; accepting starts on the loop.
    func listen(port: Int, tls: TLSServerSettings? = nil, bound: BoundSocket? = nil) throws(SocketError) -> SocketAddress {
        let log = self.log
        let reserve = DescriptorReserve(
            count: configuration.descriptorReserve, refusal: Self.tooManyConnections,
            onRefusals: { log.warning("socket: \($0)") })
        connections.limit = maximumConnections
        log.info("socket: at most \(connections.limit) connections (open-file limit \(ProcessLimits.openFileLimit()), "
                 + "\(configuration.descriptorReserve) descriptors in reserve)")
        let listener = try TCPListener.listen(
            host: configuration.host, port: port, on: loop, reserve: reserve, tls: tls, bound: bound,
            plaintextAnswer: tls == nil ? nil : Self.plaintextAtTLSPort
        ) { [weak self] connection in
            guard let self else { return connection.abort() }
            self.accept(connection)
        }
        connections.listeners.append(listener)
        return listener.address
    }

    /// Stops accepting and reading; in-flight bids still complete (loop thread).
    func stopAccepting() {
        timers.stop()
        submitRound()  // bids already accepted reach the ledger before it closes
        for listener in connections.listeners { listener.close() }
        connections.listeners = []
        fanOut.cancelStallCheck()
        for peer in peers.values { peer.connection.pauseReading() }
    }

    /// Closes every connection after its queued output (loop thread); `closed` runs on the loop once
    /// none is open (at once when none is), so the server waits for that event instead of polling.
    func closeAll(then closed: @escaping () -> Void) {
        whenEveryConnectionCloses(closed)
        for peer in peers.values {
            writeQueuedOutput(of: peer)
            peer.connection.close()
        }
    }

    /// Runs `action` once on the loop when no connection is open any more: at once when none is, else
    /// after the close of the last one open now (closing and drain wait on this). Loop thread.
    func whenEveryConnectionCloses(_ action: @escaping () -> Void) {
        guard !peers.isEmpty else { return action() }
        let once = CallOnce(action)
        for peer in peers.values {
            let onClose = peer.connection.onClose
            peer.connection.onClose = { [weak self] error in
                onClose?(error)
                if let self, self.peers.isEmpty { once.call() }
            }
        }
    }

    /// Hands everything queued for `peer` to its connection, whatever its write bound (before a close).
    func writeQueuedOutput(of peer: SocketPeer) {
        while let bytes = peer.outbound.nextWrite(buffered: 0) { peer.connection.write(bytes) }
    }

    private func accept(_ connection: TCPConnection) {
        guard !isStopping else { return connection.abort() }
        guard !connections.isFull else {
            metrics?.dropped(.limit)
            if let count = connections.noteRefusal(now: now()) {
                log.warning("socket: refused \(count) connection(s) since the last report, the latest \(connection.remoteAddress): "
                            + "\(peers.count) connections open (the limit)")
            }
            connection.write(Self.tooManyConnections)
            return connection.close()
        }
        let peer = connections.admit(connection, limits: configuration.limits)
        let id = peer.id
        log.debug("socket: \(peer.label) connected")
        connection.onRead = { [weak self, weak peer] bytes in
            guard let self, let peer else { return }
            LoopStoreCheck.onLoop { self.read(bytes, from: peer) }  // debug builds: a store read here traps
        }
        connection.onOutputDrained = { [weak self, weak peer] in
            guard let self, let peer else { return }
            self.drain(peer)
        }
        connection.onClose = { [weak self] error in
            self?.closed(id, error: error)
        }
    }

    private func closed(_ id: ConnectionID, error: SocketError?) {
        guard let peer = connections.remove(id) else { return }
        metrics?.count(.closedConnectionBytes, peer.connection.sentByteCount)
        fanOut.forget(id)
        bidPath.forget(id)
        chatDisconnected(id)
        notificationsDisconnected(id)
        if let error {
            log.debug("socket: \(peer.label) closed: \(error)")
        } else {
            log.debug("socket: \(peer.label) disconnected")
        }
    }

    private func read(_ bytes: UnsafeRawBufferPointer, from peer: SocketPeer) {
        guard !peer.isGivenUp else { return }
        peer.decoder.append(bytes)
        handleDecodedFrames(of: peer)
    }

    /// Handles the frames decoded so far, in order, until the peer waits for a store read of its own
    /// (the rest stay in its decoder until the answer) or is given up.
    func handleDecodedFrames(of peer: SocketPeer) {
        while !peer.isGivenUp, !peer.awaitsStore, let event = peer.decoder.nextEvent() {
            switch event {
            case .frame(let frame):
                handle(frame, from: peer)
            case .malformed(let error):
                counters.malformed += 1
                log.debug("socket: \(peer.label) sent a malformed frame (skipped): \(error)")
            case .fatal(let error):
                metrics?.dropped(.malformed)
                log.warning("socket: disconnecting \(peer.label): \(error)")
                fail(peer, reason: error.reasonCode, message: error.description)
            }
        }
    }

    /// Sends a connection-level error frame, then closes once it is flushed.
    func fail(_ peer: SocketPeer, reason: String, message: String) {
        guard !peer.isGivenUp else { return }
        peer.isGivenUp = true
        peer.outbound.giveUp()
        if peer.accepts(dataType: ServerMessage.DataType.error) {
            peer.connection.write(FrameEncoder.encode(ServerMessage.error(reason: reason, message: message).frame))
        }
        peer.connection.close()
    }

    private func handle(_ frame: Frame, from peer: SocketPeer) {
        let message: ClientMessage
        do {
            message = try ClientMessage(frame: frame)
        } catch {
            counters.malformed += 1
            log.debug("socket: \(peer.label) sent an unreadable message: \(error)")
            reply(to: peer, frame.completionID, result: false, reason: .malformed)
            return
        }
        let completionID = frame.completionID
        if awaitsSessionRecheck(message, completionID: completionID, peer: peer) { return }
        dispatch(message, completionID: completionID, peer: peer)
    }

    /// Answers one request (its session, if it needs one, confirmed from memory or just read).
    func dispatch(_ message: ClientMessage, completionID: Int64?, peer: SocketPeer) {
        switch message {
        case .listState(let stateNumber):
            let accepted = fanOut.showPages(stateNumber: stateNumber, productCount: bidPath.book.listedCount, for: peer.id)
            reply(to: peer, completionID, result: accepted)
        case .bid(let bid, let userID):
            bidFromClient(bid, userID: userID, completionID: completionID, peer: peer)
        case .login(let token):
            login(token: token, completionID: completionID, peer: peer)
        case .subscribe(let ids):
            let accepted = fanOut.subscribe(ids, for: peer.id)
            reply(to: peer, completionID, result: accepted, reason: accepted ? nil : .invalid)
        case .unsubscribe(let ids):
            fanOut.unsubscribe(ids, for: peer.id)
            reply(to: peer, completionID, result: true)
        case .chatJoin, .chatLeave, .chatSend, .chatAction, .chatWho:
            handleChat(message, completionID: completionID, peer: peer)
        case .ping:
            reply(to: peer, completionID, result: true)
        case .hello(let hello):
            helloFromClient(hello, completionID: completionID, peer: peer)
        case .buyNow(let productID, let key):
            buyNowFromClient(productID, idempotencyKey: key, completionID: completionID, peer: peer)
        case .queryState(let parameters, let pages):
            queryStateFromClient(parameters, pages: pages, completionID: completionID, peer: peer)
        case .unknown(let type):
            log.debug("socket: \(peer.label) sent unknown dataType \(type) (skipped)")
        }
    }
}

/// What the socket service has done since it started.
struct SocketCounters: Sendable {
    /// Frames that could not be read.
    var malformed = 0
}

/// A loop-confined action run at most once, however many events ask for it.
final class CallOnce {
    private var action: (() -> Void)?

    /// Wraps `action`.
    init(_ action: @escaping () -> Void) { self.action = action }

    /// Runs the action the first time; later calls do nothing.
    func call() {
        let pending = action
        action = nil
        pending?()
    }
}
