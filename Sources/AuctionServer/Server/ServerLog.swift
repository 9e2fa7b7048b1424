import AuctionCore
import AuctionData
import AuctionInfrastructure
import Glibc

/// One line per event, `2026-11-22T00:35:12.345Z info message` (or one JSON object with `LogFormat.json`),
/// to a sink (standard error by default).
///
/// Thread-safe: lines from several threads never interleave. The sink is injected so tests and the
/// embedding CLI can capture or silence the log. With a `LogRepeatFilter` configuration, a flood of
/// similar lines is cut to a few per window plus a summary of how many were held back.
public final class ServerLog: Sendable {
    /// Where finished lines go (each without its newline).
    public typealias Sink = @Sendable (String) -> Void

    /// The least severe level written.
    public let level: LogLevel
    /// How lines are written (`text` by default).
    public let format: LogFormat
    private let sink: Sink
    private let clock: any TimeSource
    private let repeats: Mutex<LogRepeatFilter?>

    /// A log writing lines at or above `level` to `sink`; `repeats` (nil: every line) bounds floods
    /// of similar lines; `clock` stamps the lines; `format` says how they are written.
    public init(level: LogLevel, sink: @escaping Sink = ServerLog.standardError,
                repeats: LogRepeatFilter.Configuration? = nil, clock: any TimeSource = SystemClock(),
                format: LogFormat = .text) {
        self.level = level
        self.format = format
        self.sink = sink
        self.clock = clock
        self.repeats = Mutex(repeats.map { LogRepeatFilter(configuration: $0) })
    }

    /// A log that writes nothing.
    public static let silent = ServerLog(level: .error) { _ in }

    /// Writes the line and a newline to standard error in one `writeAll`.
    public static let standardError: Sink = { line in
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        try? FileDescriptor(rawValue: STDERR_FILENO).writeAll(bytes)
    }

    /// Whether lines of this level are written (check before building an expensive message).
    public func enabled(_ level: LogLevel) -> Bool { level >= self.level }

    /// Writes one line at `level` (the message is built only when the level is enabled).
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard enabled(level) else { return }
        let text = message()
        repeats.withLock { filter in
            let now = clock.now()
            guard filter != nil else { return sink(line(now, level, text)) }
            for (level, text) in filter?.admit(level, text, now: now) ?? [] { sink(line(now, level, text)) }
        }
    }

    /// Writes the summaries of similar lines held back so far (at stop).
    public func flush() {
        repeats.withLock { filter in
            let now = clock.now()
            for (level, text) in filter?.flush() ?? [] { sink(line(now, level, text)) }
        }
    }

    private func line(_ now: Timestamp, _ level: LogLevel, _ text: String) -> String {
        LogLineFormatter.line(format, time: now, level: level, message: text)
    }

    /// A debug line.
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    /// An info line.
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// A warning line.
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    /// An error line.
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
