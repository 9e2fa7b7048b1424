import Glibc

/// SIGINT and SIGTERM (and SIGHUP, which reloads the TLS certificate) delivered synchronously: block
/// them in every thread, then `sigwait` for one.
///
/// Call `block()` first thing in `main`, before any thread starts (threads inherit the mask), so
/// no thread is interrupted by the signal and the server stops from ordinary code.
public enum TerminationSignals {
    /// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (and the threads it starts later).
    public static func block() {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits for SIGINT, SIGTERM or SIGHUP (`sigwait`); returns its number.
    public static func wait() -> Int32 {
        var set = signalSet()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    /// `SIGINT` or `SIGTERM` as a name for logs.
    public static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGHUP)
        return set
    }
}
