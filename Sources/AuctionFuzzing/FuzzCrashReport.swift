#if canImport(Glibc)
import Glibc
#endif

/// Prints which case was running when a fuzz case traps (SIGILL/SIGTRAP/SIGSEGV/SIGBUS/SIGFPE/SIGABRT),
/// then lets the signal kill the process as before: a crash still names its seed and case.
///
/// The case is kept as a preformatted line in a fixed buffer, so the handler only calls `write`.
enum FuzzCrashReport {
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
    private static let capacity = 512
    /// The line to print; written by the fuzzing thread before each case, read only by the handler.
    nonisolated(unsafe) private static let line = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var length = 0
    /// The handlers found at `install`, by signal number, restored before the signal is raised again
    /// (so the Swift runtime's backtrace, when it is on, still follows the report).
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    nonisolated(unsafe) private static var installed = false

    /// Installs the handler (once per run of cases).
    static func install() {
        length = 0
        guard !installed else { return }
        installed = true
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                FuzzCrashReport.report()
                sigaction(signal, FuzzCrashReport.previous + Int(signal), nil)
                raise(signal)
            }
            sigaction(signal, &action, previous + Int(signal))
        }
    }

    /// Restores the handlers that were there before.
    static func uninstall() {
        guard installed else { return }
        installed = false
        for signal in signals { sigaction(signal, previous + Int(signal), nil) }
        length = 0
    }

    /// Notes the case about to run.
    static func record(target: String, seed: UInt64, caseNumber: Int) {
        let text = "\nauction-fuzz: crashed in target \(target), seed \(seed), case \(caseNumber)\n"
            + "  replay: swift run -c release auction-fuzz --target \(target) --seed \(seed) --case \(caseNumber)\n"
        let bytes = Array(text.utf8.prefix(capacity))
        length = 0
        for (index, byte) in bytes.enumerated() { line[index] = byte }
        length = bytes.count
    }

    private static func report() {
        guard length > 0 else { return }
        _ = write(2, line, length)
    }
}
