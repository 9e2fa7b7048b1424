import AuctionInfrastructure

/// Draining a node (SIGTERM): `/health/ready` says `draining`, the listeners close, the commits in
/// flight finish and answer, socket clients of our dialect are told to reconnect elsewhere (push 10)
/// and the others closed, and the node waits for the told ones to leave — at most `seconds` from the
/// start, or until `endDrain()` — before it closes what is left, like `stop()`. No acknowledged bid is
/// lost: the commits finish before any wait, however the drain ends.
extension AuctionHouseServer {
    /// What ended a drain's wait for its clients.
    public enum DrainEnd: String, Sendable {
        /// Every socket connection closed.
        case clientsLeft = "every client left"
        /// The bound (`--drain-seconds`) passed.
        case boundPassed = "the bound passed"
        /// `endDrain()`: a second SIGTERM or SIGINT.
        case endedEarly = "ended early"
    }

    /// How one drain runs: its bound, when it began (on the server's clock), and what ends its wait.
    struct Drain: Sendable {
        /// The longest the whole drain may take, in milliseconds (0: close at once).
        let boundMilliseconds: Int64
        /// `clock.monotonicMilliseconds()` when it began.
        let startedAt: Int64
        /// Fulfilled when the wait should end, with why.
        let ended: Latch<DrainEnd>
    }

    /// Drains within `seconds` (0: tells the clients and closes at once), then stops like `stop()`;
    /// returns once everything is closed, with what ended the wait (nil: the server was not running).
    /// Call from any thread but the server's loop; `endDrain()` from another thread cuts the wait for
    /// clients short. Idempotent with `stop()`.
    @discardableResult
    public func drain(seconds: Int) -> DrainEnd? {
        let bound = Int64(clamping: max(0, seconds)).multipliedReportingOverflow(by: 1_000)
        let drain = Drain(boundMilliseconds: bound.overflow ? Int64.max : bound.partialValue,
                          startedAt: clock.monotonicMilliseconds(), ended: drainEnded)
        guard stop(draining: drain) else { return nil }
        return drain.ended.wait(milliseconds: 0)
    }

    /// Ends a drain's wait for clients at once (a second SIGTERM or SIGINT); commits in flight still
    /// finish first. Any thread; nothing when no drain runs yet (a later drain then closes at once).
    public func endDrain() {
        drainEnded.fulfil(.endedEarly)
    }

    /// The milliseconds of `drain`'s bound left now (0 once passed).
    func remainingMilliseconds(of drain: Drain) -> Int64 {
        let spent = clock.monotonicMilliseconds().subtractingReportingOverflow(drain.startedAt)
        let left = drain.boundMilliseconds.subtractingReportingOverflow(spent.overflow ? Int64.max : max(0, spent.partialValue))
        return left.overflow ? 0 : max(0, left.partialValue)
    }

    /// Tells the socket clients to reconnect elsewhere (closing the others), then waits until they
    /// have all left, the bound has passed (a timer on the server's loop, so on its clock) or the
    /// drain was ended. Called by `tearDown` once the commits in flight have answered.
    func waitForClientsToLeave(_ running: Running, drain: Drain) {
        guard let loop = running.loop, let service = running.service else { return }
        let ended = drain.ended
        let remaining = remainingMilliseconds(of: drain)
        let told = loop.waitFor { () -> Int in
            let told = service.value.tellClientsToReconnectElsewhere { ended.fulfil(.clientsLeft) }
            if remaining == 0 {
                ended.fulfil(.boundPassed)
            } else {
                _ = loop.scheduleOnLoop(afterMilliseconds: remaining) { ended.fulfil(.boundPassed) }
            }
            return told
        }
        log.info("server: draining: told \(told ?? 0) socket client(s) to reconnect elsewhere, waiting up to \(remaining) ms")
        // The loop's timer ends the wait on the server's clock; this real-time backstop only guards a stuck loop.
        let backstop = remaining > Int64(Int32.max) - 1_000 ? Int(Int32.max) : Int(remaining) + 1_000
        let why = ended.wait(milliseconds: backstop) ?? .boundPassed
        let left = loop.waitFor { service.value.peers.count } ?? 0
        log.info("server: drained (\(why.rawValue); \(left) socket connection(s) still open are closed now)")
    }

    /// How long `tearDown` waits for the last connections to take their output and close: two
    /// seconds for `stop()`, what is left of the bound for a drain (10 ms once it passed).
    func flushMilliseconds(_ drain: Drain?) -> Int {
        guard let drain else { return 2_000 }
        guard drain.ended.wait(milliseconds: 0) == .clientsLeft else { return 10 }
        return Int(min(2_000, max(10, remainingMilliseconds(of: drain))))
    }
}
