import AuctionCore

/// What `watch` does about pushes 7 and 8: the latest end time per product (never moved back), the
/// bell, and the notify command's one slot and queue. Part of `WatchModel`, changed only by it.
public struct WatchAlerts: Hashable, Sendable {
    /// A product's end time as the pushes moved it.
    struct Extension: Hashable, Sendable {
        /// The latest end pushed.
        var endsAt: Timestamp
        /// The most extensions pushed.
        var count: Int
    }

    /// How long a notify command may run before it is killed.
    public static let commandTimeoutMilliseconds: Int64 = 5_000
    /// How many notifications wait while a command runs; more are dropped (and counted).
    public static let queueLimit = 16
    /// The most notification ids remembered to skip a repeated push.
    static let rememberedIDs = 1_024

    /// Ring the terminal bell once per notification (a terminal, not `--no-bell`).
    public var bell = false
    /// Run the notify command for each notification (`--notify-command`).
    public var runsCommand = false
    /// Notifications dropped because the queue was full.
    public internal(set) var dropped = 0
    /// When the running command started; nil while none runs.
    public internal(set) var commandStartedAt: Timestamp?
    /// The notifications waiting for the command, oldest first.
    public internal(set) var queue: [AuctionNotification] = []
    var killRequested = false
    var extensions: [ProductID: Extension] = [:]
    var seenIDs: [Int64] = []

    /// Creates alerts: no bell, no command.
    public init() {}
}

/// How a notify command ended, reported back to `WatchModel` by the I/O shell.
public enum NotifyCommandResult: Hashable, Sendable {
    /// It exited with this status (0: fine).
    case exited(Int32)
    /// A signal ended it (the timeout's `SIGKILL`).
    case signalled(Int32)
    /// It could not be started; the text says why.
    case couldNotStart(String)
}
