import Glibc

/// Turns SIGINT, SIGTERM and SIGHUP into calls of `deliver` (on the `auction-signals` thread)
/// instead of death, so a long-running command can stop cleanly: restore the terminal, stop an
/// embedded server, remove temporary files. `stop()` hands the signals back to `SignalOwner`'s
/// default (restore the terminal, then die of the signal); it never touches the dispositions.
final class SignalInput {
    private var catcher: Int?

    /// Starts catching `signals`.
    init(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], deliver: @escaping @Sendable (Int32) -> Void) {
        catcher = SignalOwner.startCatching(signals, deliver: deliver)
    }

    /// Stops catching; the signals end the process again (after restoring a raw terminal).
    func stop() {
        if let catcher { SignalOwner.stopCatching(catcher) }
        catcher = nil
    }

    deinit { stop() }
}
