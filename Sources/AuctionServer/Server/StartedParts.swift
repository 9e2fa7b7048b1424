import AuctionInfrastructure

/// Everything a server's `open` started, in one list: each part is noted as it starts with the stage
/// of a stop it belongs to and how to stop it. `tearDown` runs the stages in order, each stage's parts
/// last-started first, so a start that failed half-way stops exactly what it had started, a part never
/// outlives what it uses, and adding a component touches only the place that starts it.
///
/// Not `Sendable`: it lives in `AuctionHouseServer.Running`, inside the server's `Mutex`; the stages
/// that run on the loop are a `Sendable` list of their own (`onLoop`).
struct StartedParts {
    /// When in a stop a part stops; the stages run in this order.
    enum Stage: Int, CaseIterable, Sendable {
        /// On the loop, first: listeners stop taking connections (told whether a drain keeps HTTP's open).
        case listening
        /// Nothing new arrives from other nodes.
        case feeds
        /// The ledger commits what is queued; the replies are handed to the loop.
        case commits
        /// The threads that write what commits and closes decided (chat, closings, selling) finish their queues.
        case writers
        /// The notices those decided are posted.
        case notices
        /// On the loop, after a drain's wait: the HTTP connections left are closed.
        case drained
        /// Once the loop has stopped: stores, threads, accounts, the PostgreSQL client, the file lock.
        case resources
    }

    /// The parts stopped on the loop (listeners and their connections).
    struct LoopParts: Sendable {
        fileprivate var entries: [(name: String, stage: Stage, stop: @Sendable (_ draining: Bool) -> Void)] = []

        /// Stops the parts of `stage`, the last started first; call it on the loop.
        func stop(_ stage: Stage, draining: Bool = false, log: ServerLog) {
            for part in entries.reversed() where part.stage == stage {
                log.debug("server: stopping \(part.name)")
                part.stop(draining)
            }
        }
    }

    private var entries: [(name: String, stage: Stage, stop: () -> Void)] = []
    /// The parts of the loop's stages, to hand to the loop.
    private(set) var onLoop = LoopParts()
    /// The parts' names, in the order they started.
    private(set) var names: [String] = []

    /// Notes a part that started (`name` for logs) that stops in `stage` (not a loop stage).
    mutating func started(_ name: String, stage: Stage = .resources, stop: @escaping () -> Void) {
        precondition(stage != .listening && stage != .drained, "listeners are noted with listening(_:stop:)")
        entries.append((name, stage, stop))
        names.append(name)
    }

    /// Notes a listener, stopped on the loop at `.listening` and told whether the stop is a drain.
    mutating func listening(_ name: String, stop: @escaping @Sendable (_ draining: Bool) -> Void) {
        onLoop.entries.append((name, .listening, stop))
        names.append(name)
    }

    /// Notes a public HTTP listener: closed at `.listening`, or with a drain only stopped from
    /// listening then, its open connections served until `.drained`.
    mutating func httpListener(_ name: String, _ server: HTTPServer) {
        listening(name) { draining in draining ? server.stopListening() : server.close() }
        onLoop.entries.append((name + "'s connections", .drained, { _ in server.close() }))
    }

    /// Stops the parts of `stage` (not a loop stage), the last started first.
    func stop(_ stage: Stage, log: ServerLog) {
        for part in entries.reversed() where part.stage == stage {
            log.debug("server: stopping \(part.name)")
            part.stop()
        }
    }
}
