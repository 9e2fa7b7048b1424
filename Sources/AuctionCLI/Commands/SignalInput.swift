import Dispatch
import Glibc

/// Turns SIGINT, SIGTERM and SIGHUP into calls of `deliver` (on a dispatch queue) instead of death,
/// so a long-running command can stop cleanly: restore the terminal, stop an embedded server,
/// remove temporary files. `stop()` puts the default handling back.
final class SignalInput {
    private var sources: [DispatchSourceSignal] = []
    private let signals: [Int32]

    /// Starts catching `signals`.
    init(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], deliver: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { deliver(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops catching; the signals kill the process again.
    func stop() {
        for source in sources { source.cancel() }
        sources = []
        for number in signals { signal(number, SIG_DFL) }
    }

    deinit { stop() }
}
