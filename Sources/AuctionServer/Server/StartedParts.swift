/// What a server's `open` started that its `tearDown` closes once the loop has stopped (stores,
/// reader and decoder threads): each noted as it starts, closed in reverse order, so a start that
/// failed half-way closes exactly what it had opened, and a part never outlives what it uses.
///
/// Not `Sendable`: it lives in `AuctionHouseServer.Running`, inside the server's `Mutex`.
struct StartedParts {
    private var stops: [(name: String, stop: () -> Void)] = []

    /// Notes a part that started (`name` for logs), and how to stop it.
    mutating func started(_ name: String, stop: @escaping () -> Void) {
        stops.append((name, stop))
    }

    /// The parts' names, in the order they started.
    var names: [String] { stops.map(\.name) }

    /// Stops every part, the last started first.
    func stopAll(log: ServerLog) {
        for part in stops.reversed() {
            log.debug("server: closing \(part.name)")
            part.stop()
        }
    }
}
