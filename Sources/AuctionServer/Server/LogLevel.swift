/// How severe a log line is; lines below the configured level are not written.
public enum LogLevel: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Per-request detail (every bid, every connection).
    case debug = 0
    /// Normal events: start, stop, auctions closing.
    case info = 1
    /// Something a client did wrong or a limit that was hit.
    case warning = 2
    /// The server failed at something.
    case error = 3

    /// Parses `debug`, `info`, `warning` (or `warn`), `error`; nil otherwise.
    public init?(name: String) {
        switch name.lowercased() {
        case "debug": self = .debug
        case "info": self = .info
        case "warning", "warn": self = .warning
        case "error": self = .error
        default: return nil
        }
    }

    /// Orders levels by severity.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name as written in logs and configuration.
    public var description: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}
