import AuctionCore
import AuctionInfrastructure

/// A clock the test moves by hand: `advance(milliseconds:)` moves monotonic and wall time together
/// and wakes every event loop reading it, which then runs the timers that became due.
public final class ManualClock: TimeSource {
    private struct State {
        var monotonic: Int64
        var wall: Int64
        var observers: [@Sendable () -> Void] = []
    }

    private let state: Mutex<State>

    /// A clock standing at `start` (wall time; 2026-09-21 by default), monotonic time at one hour.
    public init(_ start: Timestamp = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)) {
        state = Mutex(State(monotonic: 3_600_000, wall: start.millisecondsSinceEpoch))
    }

    /// The time of day now.
    public func now() -> Timestamp { Timestamp(millisecondsSinceEpoch: wallMilliseconds()) }

    /// Moves both clocks forward by `milliseconds` (wall time alone back, if negative) and wakes the loops.
    public func advance(milliseconds: Int64) {
        let observers = state.withLock { state -> [@Sendable () -> Void] in
            state.wall = state.wall.addingReportingOverflow(milliseconds).overflow ? state.wall : state.wall + milliseconds
            if milliseconds > 0 { state.monotonic += milliseconds }
            return state.observers
        }
        for wake in observers { wake() }
    }

    /// Monotonic milliseconds as advanced so far.
    public func monotonicMilliseconds() -> Int64 { state.withLock { $0.monotonic } }

    /// Wall milliseconds as advanced so far.
    public func wallMilliseconds() -> Int64 { state.withLock { $0.wall } }

    /// Remembers `wake` to call on every `advance`.
    public func onAdvance(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.observers.append(wake) }
    }
}
