/// How a listener keeps the process clear of its open-file limit (`RLIMIT_NOFILE`), and what a
/// client refused for that reason is told.
///
/// A connection whose descriptor number comes within `count` of the limit is refused (Linux hands
/// out the lowest free number, so a high number means few are left); when `accept` fails with
/// `EMFILE`/`ENFILE` the listener frees the one spare descriptor it holds, accepts, refuses and
/// closes, then takes the spare back, so a client is answered instead of waiting in the backlog.
/// Refusals are reported through `onRefusals`: the first at once, then at most once per interval.
public struct DescriptorReserve: Sendable {
    /// Descriptors kept free for the rest of the process (database files, pipes); 0 for none.
    public var count: Int
    /// Written (best effort, one non-blocking send) to each refused client before it is closed.
    public var refusal: [UInt8]
    /// The least time between two reports.
    public var reportIntervalMilliseconds: Int64
    /// Called on the loop thread with the refusals since the previous report.
    public var onRefusals: (@Sendable (AcceptRefusals) -> Void)?

    /// A reserve of `count` descriptors; the defaults keep none, say nothing and report nowhere.
    public init(count: Int = 0, refusal: [UInt8] = [], reportIntervalMilliseconds: Int64 = 10_000,
                onRefusals: (@Sendable (AcceptRefusals) -> Void)? = nil) {
        self.count = max(0, count)
        self.refusal = refusal
        self.reportIntervalMilliseconds = reportIntervalMilliseconds
        self.onRefusals = onRefusals
    }
}

/// Connections a listener refused for lack of descriptors since its previous report, and why.
public struct AcceptRefusals: Sendable, Hashable, CustomStringConvertible {
    /// How many were refused.
    public var count: Int
    /// What `accept` failed with (`EMFILE`, `ENFILE`), or nil when the reserve was reached first.
    public var error: Errno?
    /// The open-file limit in force when the listener started.
    public var openFileLimit: Int
    /// The descriptors kept in reserve.
    public var reserve: Int

    /// Counts and cause.
    public init(count: Int, error: Errno?, openFileLimit: Int, reserve: Int) {
        self.count = count
        self.error = error
        self.openFileLimit = openFileLimit
        self.reserve = reserve
    }

    /// E.g. `refused 12 connections: out of file descriptors (too many open files; open-file limit 1024)`.
    public var description: String {
        let what = count == 1 ? "1 connection" : "\(count) connections"
        if let error {
            return "refused \(what): out of file descriptors (\(error.phrase); open-file limit \(openFileLimit))"
        }
        return "refused \(what): only the reserve of \(reserve) file descriptors is left (open-file limit \(openFileLimit))"
    }
}
