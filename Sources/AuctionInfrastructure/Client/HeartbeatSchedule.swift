/// When a quiet connection is asked for a sign of life (a value; no I/O): once nothing has arrived for
/// `intervalMilliseconds`, one heartbeat request goes out; an answer (or any frame) counts as life, and
/// no answer within its deadline means the node is gone (the client then drops the connection).
struct HeartbeatSchedule: Hashable, Sendable {
    /// What the timer should do when it fires.
    enum Step: Hashable, Sendable {
        /// Fire again after this many milliseconds (something arrived meanwhile, or one is still unanswered).
        case wait(Int64)
        /// Send a heartbeat now, then fire again after the interval.
        case send
    }

    /// How long the connection may stay quiet before a heartbeat is sent.
    let intervalMilliseconds: Int64
    /// When a frame last arrived (loop milliseconds).
    private(set) var lastHeard: Int64 = 0
    /// The unanswered heartbeat's request id, if one is out.
    private(set) var outstanding: Int64?

    /// A schedule with at least 1 ms between heartbeats.
    init(intervalMilliseconds: Int64) { self.intervalMilliseconds = max(1, intervalMilliseconds) }

    /// A new connection became ready at `now`.
    mutating func start(at now: Int64) {
        lastHeard = now
        outstanding = nil
    }

    /// A frame arrived at `now`.
    mutating func heard(at now: Int64) { lastHeard = now }

    /// What to do when the timer fires at `now`.
    func step(at now: Int64) -> Step {
        guard outstanding == nil else { return .wait(intervalMilliseconds) }
        let (quiet, overflow) = now.subtractingReportingOverflow(lastHeard)
        // An overflow means the two are further apart than any interval: quiet for ever, or heard in the future.
        if overflow { return now > lastHeard ? .send : .wait(intervalMilliseconds) }
        if quiet < 0 { return .wait(intervalMilliseconds) }
        return quiet < intervalMilliseconds ? .wait(intervalMilliseconds - quiet) : .send
    }

    /// The heartbeat with request id `id` went out.
    mutating func sent(_ id: Int64) { outstanding = id }

    /// The outstanding heartbeat was settled (answered, or it will not be).
    mutating func settled() { outstanding = nil }
}
