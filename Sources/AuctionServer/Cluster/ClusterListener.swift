import AuctionCore
import AuctionInfrastructure
import Glibc

/// The node's ear on the shared store: one thread with its own PostgreSQL connection `LISTEN`ing
/// on the cluster's channels. It reads what other nodes committed (bids above what this node
/// knows, recorded closes) and hands it to `deliver` (which posts it to the loop); it never blocks
/// the loop. A broken connection is logged and reopened with backoff, then everything missed is
/// caught up by `bid_count`. A payload it cannot read is logged (bounded) and ignored.
final class ClusterListener: Sendable {
    /// The channels every node listens on.
    static let channels = [PostgresBidLedger.bidChannel, PostgresClosingDuty.closeChannel, ChatStore.channel, "auction_notices",
                           SellingStore.lotChannel, AccountStore.sessionChannel, ChatPresenceRows.channel]

    /// Where to connect and how patiently.
    struct Configuration: Sendable {
        /// The store, with the link policy its connection is opened under.
        var store: PostgresConnectionString
        /// The longest one wait for notifications lasts (milliseconds; -1: until one comes or `stop` wakes it).
        var waitMilliseconds: Int32 = -1
        /// The pauses between attempts to connect (the client's reconnect backoff, jittered). A pause
        /// ends early when `stop` is called: it waits on the stop signal, not in sleep steps.
        var reconnect = PostgresOptions().reconnect
    }

    /// What the listener has been through (for logs, health and tests).
    struct Statistics: Sendable, Equatable {
        /// Connections opened (1 after the first; more after breaks).
        var connections = 0
        /// Attempts to connect and listen that failed (each followed by a backoff pause).
        var failedAttempts = 0
        /// Payloads ignored because they could not be read.
        var ignoredPayloads = 0
        /// The server process of the current connection (for `pg_terminate_backend` in tests).
        var backendProcessID: Int64?
        /// Events handed to the loop.
        var delivered = 0
        /// Whether the listener is connected, listening and caught up now (false while it reconnects).
        var listening = false
        /// Wall-clock milliseconds between the newest bid read from another node and its hand-over here (`ClusterListener+Lag`).
        var lagMilliseconds: Int64 = 0
    }

    private let configuration: Configuration
    private let sequences: ProductSequences
    private let chatRooms: ChatRoomSequences
    private let log: ServerLog
    private let deliver: @Sendable (ClusterEvent) -> Void
    private let thread: WorkerThread
    /// Fulfilled by `stop`: a backoff pause waits on it, so it ends the moment `stop` is called.
    private let stopped = Latch<Void>()
    /// Wakes a wait for notifications when `stop` is called (nil: none could be made; waits then last 100 ms).
    private let wake = try? WakeSignal()
    private let counters = Mutex(Statistics())

    /// A listener that will report to `deliver` (called on its thread) once started.
    init(configuration: Configuration, sequences: ProductSequences, chatRooms: ChatRoomSequences = ChatRoomSequences(),
         log: ServerLog, deliver: @escaping @Sendable (ClusterEvent) -> Void) {
        self.configuration = configuration
        self.sequences = sequences
        self.chatRooms = chatRooms
        self.log = log
        self.deliver = deliver
        thread = WorkerThread(name: "auction-cluster")
    }

    /// Starts listening on the listener's thread.
    func start() {
        thread.submit { [self] in run() }
    }

    /// Stops listening and joins the thread: a pause or a wait for notifications is woken at once.
    func stop() {
        stopped.fulfil(())
        wake?.signal()
        thread.shutdown()
    }

    /// What the listener has been through so far.
    var statistics: Statistics { counters.withLock { $0 } }

    /// Whether `stop` was called (a wait of no time on its signal).
    private var isStopping: Bool { stopped.wait(milliseconds: 0) != nil }

    private func run() {
        var schedule = ReconnectSchedule(configuration.reconnect)
        var failures = 0
        while !isStopping {
            let connection: PostgresConnection
            do throws(StoreError) {
                connection = try configuration.store.open()
                for channel in Self.channels { try connection.listen(channel) }
                let pid = try connection.scalarInteger("SELECT pg_backend_pid()")
                counters.withLock { $0.connections += 1; $0.backendProcessID = pid }
                // Listening first, then reading: nothing committed meanwhile can fall between.
                try catchUp(connection, closes: failures > 0 || statistics.connections > 1)
                if statistics.connections > 1 { hand(.sessions(.missedWhileAway)) }
            } catch {
                failures += 1
                counters.withLock { $0.failedAttempts += 1 }
                if failures == 1 || failures % 30 == 0 {
                    log.warning("cluster: cannot listen on the store (\(error)); retrying every \(configuration.reconnect.maximumMilliseconds) ms at most")
                }
                pause(milliseconds: schedule.failed(at: 0))
                continue
            }
            counters.withLock { $0.listening = true }
            if failures > 0 { log.info("cluster: listening on the store again after \(failures) failed attempt(s); caught up") }
            failures = 0
            schedule.succeeded()
            do throws(StoreError) {
                while !isStopping {
                    for notification in try connection.waitForNotifications(milliseconds: wake == nil ? 100 : configuration.waitMilliseconds, wake: wake) {
                        try handle(notification, connection)
                    }
                }
            } catch {
                counters.withLock { $0.listening = false }
                log.warning("cluster: lost the store's notifications (\(error)); reconnecting")
                failures = 1
                pause(milliseconds: schedule.failed(at: 0))
            }
            connection.close()
        }
    }

    /// Reads what one notification names and hands it on; errors that are not a lost connection are logged.
    private func handle(_ notification: PostgresNotification, _ connection: PostgresConnection) throws(StoreError) {
        do throws(StoreError) {
            switch notification.channel {
            case PostgresBidLedger.bidChannel:
                guard let moved = ClusterPayload.bids(notification.payload) else { return ignore(notification) }
                // Skipped where the node knows the seq (its own commit, or already read); the rest in one read.
                let behind = moved.compactMap { product, sequence -> (ProductID, Int64)? in
                    let known = sequences.known(of: product)
                    return sequence > known ? (product, known) : nil
                }
                for bids in try ClusterReads.bids(of: behind, connection) { hand(.bids(bids)) }
            case PostgresClosingDuty.closeChannel:
                guard let product = ClusterPayload.product(notification.payload) else { return ignore(notification) }
                let closes = try ClusterReads.closes([product], connection)
                if !closes.isEmpty { hand(.closes(closes)) }
            case "auction_notices":
                guard let ids = ClusterPayload.ids(notification.payload) else { return ignore(notification) }
                let notices = try ClusterReads.notices(ids, connection)
                if !notices.isEmpty { hand(.notices(notices)) }
            case ChatStore.channel:
                guard let ids = ClusterPayload.ids(notification.payload) else { return ignore(notification) }
                let messages = chatRooms.unseen(try ClusterReads.chatMessages(ids, connection))
                if !messages.isEmpty { hand(.chat(messages)) }
            case AccountStore.sessionChannel:
                guard let revoked = ClusterSessions.revocation(notification.payload) else { return ignore(notification) }
                hand(.sessions(revoked))
            case SellingStore.lotChannel:
                guard let notice = ClusterPayload.lot(notification.payload) else { return ignore(notification) }
                hand(.lots(notice))  // read by the lots' adoption (one gate with this node's own listings)
            case ChatPresenceRows.channel:
                guard let change = ChatPresenceNotice.parse(notification.payload) else { return ignore(notification) }
                if let notice = try ChatPresenceNotice.read(change, connection) { hand(.presence(notice)) }
            default:
                break
            }
        } catch {
            if case .unavailable = error { throw error }
            if case .closed = error { throw error }
            log.error("cluster: cannot read what \(notification.channel) '\(notification.payload.prefix(40))' names: \(error)")
        }
    }

    /// Every product whose stored `bid_count` is above what the node knows, chat rooms with members
    /// here by `room_seq`, and (after a break) closes.
    private func catchUp(_ connection: PostgresConnection, closes: Bool) throws(StoreError) {
        hand(.lots(.catchUp))  // lots first: bids and closes below may be on lots listed meanwhile
        let behind = try ClusterReads.bidCounts(connection).compactMap { product, count -> (ProductID, Int64)? in
            let known = sequences.known(of: product)
            return count > known ? (product, known) : nil
        }
        // A snapshot per hundred lots (each read brings at most `maximumBidsPerRead` bids of a lot).
        for start in stride(from: 0, to: behind.count, by: 100) {
            for bids in try ClusterReads.bids(of: Array(behind[start..<min(start + 100, behind.count)]), connection) {
                hand(.bids(bids))
            }
        }
        let messages = try chatRooms.catchUp(connection, log: log)
        if !messages.isEmpty { hand(.chat(messages)) }
        hand(.presence(try ChatPresenceNotice.all(connection, log: log)))
        if closes {
            let recorded = try ClusterReads.closes(nil, connection)
            if !recorded.isEmpty { hand(.closes(recorded)) }
        }
    }

    private func hand(_ event: ClusterEvent) {
        counters.withLock { $0.delivered += 1 }
        counters.withLock { $0.noteLag(of: event) }
        deliver(event)
    }

    private func ignore(_ notification: PostgresNotification) {
        let count = counters.withLock { counters -> Int in
            counters.ignoredPayloads += 1
            return counters.ignoredPayloads
        }
        // Bounded: the first few, then one in a thousand.
        if count <= 10 || count % 1_000 == 0 {
            log.warning("cluster: ignored an unreadable \(notification.channel) payload '\(notification.payload.prefix(40))' (\(count) so far)")
        }
    }

    /// Waits up to `milliseconds` for `stop`: the backoff between attempts, cut short by `stop` at once.
    private func pause(milliseconds: Int64) {
        _ = stopped.wait(milliseconds: Int(clamping: milliseconds))
    }
}
