import Glibc

/// Turns SIGINT, SIGTERM and SIGHUP into calls of `deliver` (on the `auction-signals` thread)
/// instead of death, so a long-running command can stop cleanly: restore the terminal, stop an
/// embedded server, remove temporary files. `stop()` hands the signals back to `SignalOwner`'s
/// default (restore the terminal, then die of the signal); it never touches the dispositions.
///
/// Several may be active at once (the demo holds one from its start to the end of its clean-up,
/// the watch inside it another): a signal reaches every active one, and a signal caught while one
/// was active is delivered at once to any started later (a stop asked for before the watch began
/// still stops it).
public final class SignalInput {
    private var catcher: Int?

    /// Starts catching `signals`.
    public init(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], deliver: @escaping @Sendable (Int32) -> Void) {
        catcher = SignalOwner.startCatching(signals, deliver: deliver)
    }

    /// The signal caught while any `SignalInput` was active, if one was (forgotten when the last stops).
    public var caught: Int32? { SignalOwner.caught }

    /// Stops catching; the signals end the process again (after restoring a raw terminal).
    public func stop() {
        if let catcher { SignalOwner.stopCatching(catcher) }
        catcher = nil
    }

    deinit { stop() }
}
