import AuctionCore
import AuctionInfrastructure
import Glibc

/// This node's chat presence in the shared store: which users have connections here in which rooms.
///
/// The loop notes each change (a user's first connection here in a room, its last leaving) and never
/// waits: the writer's own thread brings the store to the latest state in batches, on a connection of
/// its own whose backend stands for this node's life (`ChatPresenceRows`). When that connection breaks
/// it is reopened at the next change or sweep once the client's reconnect backoff allows, the node
/// registered again and its rows rewritten (other nodes may have swept them meanwhile). Each sweep also deletes the rows of nodes that died.
final class ChatPresenceWriter: Sendable {
    /// This process's node id (random, so two processes never share one).
    let node: Int64
    private let store: PostgresConnectionString
    private let clock: any TimeSource
    /// When a lost connection may be opened again (touched on the writer's thread only).
    private let reconnect: Mutex<ReconnectSchedule>
    private let log: ServerLog
    private let thread: WorkerThread
    /// What the loop wants stored, and whether a flush is queued (touched on any thread).
    private let wanted = Mutex<(members: Set<ChatPresenceRows.Member>, queued: Bool)>(([], false))
    /// The writer's connection and what the store holds for this node (touched on the writer's thread only).
    private let link = Mutex<(connection: PostgresConnection?, written: Set<ChatPresenceRows.Member>)>((nil, []))
    /// Set by `finish`: jobs queued after it (a sweep the loop's timer submitted meanwhile) do nothing.
    private let finished = Mutex(false)
    /// Failures since the store was last written (a warning for the first, then one in thirty).
    private let failures = Mutex(0)
    /// How often (server time) the writer rewrites lost rows and sweeps dead nodes' members.
    static let sweepMilliseconds: Int64 = 2_000
    /// The most changes written in one transaction.
    static let maximumChangesPerWrite = 500

    /// A writer for a node with a fresh random id, connecting through `client` when first needed.
    init(client: PostgresClient, log: ServerLog) {
        let bytes = (try? SystemRandom.bytes(8)) ?? []
        let random = bytes.reduce(Int64(0)) { ($0 << 8) | Int64($1) } & Int64.max
        node = random == 0 ? Int64(getpid()) : random
        store = client.store
        clock = client.clock
        reconnect = Mutex(client.options.reconnectSchedule())
        self.log = log
        thread = WorkerThread(name: "auction-presence")
    }

    /// Notes that `user` now has (or no longer has) a connection here in `room`; the store follows.
    func note(room: String, user: String, present: Bool) {
        let member = ChatPresenceRows.Member(room: room, user: user)
        let submit = wanted.withLock { wanted -> Bool in
            if present { wanted.members.insert(member) } else { wanted.members.remove(member) }
            guard !wanted.queued else { return false }
            wanted.queued = true
            return true
        }
        if submit, !thread.submit({ [self] in flush() }) {
            wanted.withLock { $0.queued = false }
        }
    }

    /// Registers this node now (on start), then deletes the rows of nodes that died.
    func start() {
        sweep()
    }

    /// On the writer's thread: rewrites what is missing, then deletes dead nodes' rows (announcing
    /// their leaves); false once the writer has finished.
    @discardableResult
    func sweep() -> Bool {
        thread.submit { [self] in
            flush()
            guard let connection = link.withLock({ $0.connection }) else { return }
            do throws(StoreError) {
                let swept = try ChatPresenceRows.sweep(connection)
                if swept > 0 { log.info("chat: removed \(swept) member(s) of node(s) that left the store") }
            } catch {
                dropConnection(after: error)
            }
        }
    }

    /// Deletes this node's rows (announcing its users' leaves) and stops the thread.
    func finish() {
        _ = thread.submit { [self] in
            finished.withLock { $0 = true }
            guard let connection = link.withLock({ $0.connection }) else { return }
            do throws(StoreError) {
                try ChatPresenceRows.sweep(leaving: node, connection)
            } catch {
                log.warning("chat: could not remove this node's members from the store: \(error)")
            }
            connection.close()
            link.withLock { $0 = (nil, []) }
        }
        thread.shutdown()
    }

    /// Brings the store to the wanted state (writer's thread).
    private func flush() {
        guard !finished.withLock({ $0 }) else { return }
        let members = wanted.withLock { wanted -> Set<ChatPresenceRows.Member> in
            wanted.queued = false
            return wanted.members
        }
        do throws(StoreError) {
            // Not yet due: the wanted state stays, and the next change or sweep tries again.
            guard let connection = try connected() else { return }
            let failed = failures.withLock { failed in defer { failed = 0 }; return failed }
            if failed > 0 { log.info("chat: writing presence to the store again after \(failed) failure(s)") }
            var written = link.withLock { $0.written }
            while true {
                let joins = Array(members.subtracting(written).prefix(Self.maximumChangesPerWrite))
                let leaves = Array(written.subtracting(members).prefix(Self.maximumChangesPerWrite - joins.count))
                guard !joins.isEmpty || !leaves.isEmpty else { break }
                try ChatPresenceRows.write(node, joins: joins, leaves: leaves, connection)
                written.formUnion(joins)
                written.subtract(leaves)
                link.withLock { $0.written = written }
            }
        } catch {
            dropConnection(after: error)
        }
    }

    /// The open connection, or a new one with this node registered on it; nil while the backoff waits.
    private func connected() throws(StoreError) -> PostgresConnection? {
        if let connection = link.withLock({ $0.connection }), connection.isOpen { return connection }
        let now = clock.monotonicMilliseconds()
        guard reconnect.withLock({ $0.isDue(at: now) }) else { return nil }
        do throws(StoreError) {
            let connection = try store.open()
            do throws(StoreError) {
                let written = try ChatPresenceRows.register(node, connection)
                link.withLock { $0 = (connection, written) }
                reconnect.withLock { $0.succeeded() }
                return connection
            } catch {
                connection.close()
                throw error
            }
        } catch {
            reconnect.withLock { _ = $0.failed(at: now) }
            throw error
        }
    }

    /// Forgets a connection that failed: the next change or sweep opens one and rewrites every row.
    private func dropConnection(after error: StoreError) {
        let count = failures.withLock { failures -> Int in
            failures += 1
            return failures
        }
        if count == 1 || count % 30 == 0 {
            log.warning("chat: cannot write presence to the store (\(error)); retrying at the next change or sweep (\(count) so far)")
        }
        let connection = link.withLock { link -> PostgresConnection? in
            defer { link = (nil, []) }
            return link.connection
        }
        connection?.close()
    }
}
