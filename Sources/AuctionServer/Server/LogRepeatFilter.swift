import AuctionCore

/// Keeps a flood of similar log lines from filling the disk: per kind of line, a few are written
/// in each window and the rest are counted, then summarised in one line.
///
/// Lines are of one kind when they have the same level and differ only in their digits (so the
/// same refusal for many addresses, ports or delays is one kind). The summary of a window is
/// written with the first line logged after it ended, or by `flush` (at stop). A pure value on the
/// caller's clock.
public struct LogRepeatFilter: Sendable {
    /// How many lines of a kind are written per window.
    public struct Configuration: Sendable, Hashable {
        /// Lines of one kind written per window; the rest are counted (0 writes every line).
        public var linesPerWindow: Int
        /// The window's length in milliseconds.
        public var windowMilliseconds: Int64
        /// Kinds tracked at most; past it every summary is written and the table starts afresh.
        public var maximumKinds: Int

        /// A limit of `linesPerWindow` lines of a kind every `windowMilliseconds`.
        public init(linesPerWindow: Int = 10, windowMilliseconds: Int64 = 10_000, maximumKinds: Int = 10_000) {
            self.linesPerWindow = max(0, linesPerWindow)
            self.windowMilliseconds = max(1, windowMilliseconds)
            self.maximumKinds = max(1, maximumKinds)
        }
    }

    /// One kind's current window.
    private struct Window: Sendable {
        var level: LogLevel
        var startedAt: Int64
        var written: Int
        var suppressed: Int
        var lastSuppressed: String
    }

    /// The limit in force.
    public let configuration: Configuration
    private var windows: [String: Window] = [:]
    private var nextEnd: Int64 = .max

    /// A filter with nothing seen yet.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
    }

    /// The lines to write for `message` at `now`: summaries of windows that ended, then the
    /// message itself unless its kind already had its lines in this window.
    public mutating func admit(_ level: LogLevel, _ message: String, now: Timestamp) -> [(LogLevel, String)] {
        guard configuration.linesPerWindow > 0 else { return [(level, message)] }
        let at = now.millisecondsSinceEpoch
        var lines = at >= nextEnd ? summaries(endedBy: at) : []
        let kind = Self.kind(level, message)
        if var window = windows[kind] {
            if window.written < configuration.linesPerWindow {
                window.written += 1
                lines.append((level, message))
            } else {
                window.suppressed = window.suppressed < Int.max ? window.suppressed + 1 : window.suppressed
                window.lastSuppressed = message
            }
            windows[kind] = window
        } else {
            if windows.count >= configuration.maximumKinds { lines += flush() }
            windows[kind] = Window(level: level, startedAt: at, written: 1, suppressed: 0, lastSuppressed: "")
            nextEnd = min(nextEnd, at.addingReportingOverflow(configuration.windowMilliseconds).partialValue)
            lines.append((level, message))
        }
        return lines
    }

    /// The summary of every kind with lines held back, and a fresh start.
    public mutating func flush() -> [(LogLevel, String)] {
        let lines = windows.values.filter { $0.suppressed > 0 }.sorted { $0.startedAt < $1.startedAt }.map(summary)
        windows.removeAll(keepingCapacity: true)
        nextEnd = .max
        return lines
    }

    private mutating func summaries(endedBy at: Int64) -> [(LogLevel, String)] {
        var lines: [(LogLevel, String)] = []
        var next = Int64.max
        for (kind, window) in windows {
            let end = window.startedAt + configuration.windowMilliseconds
            if end <= at {
                if window.suppressed > 0 { lines.append(summary(window)) }
                windows[kind] = nil
            } else {
                next = min(next, end)
            }
        }
        nextEnd = next
        return lines
    }

    private func summary(_ window: Window) -> (LogLevel, String) {
        (window.level, "log: repeated \(window.suppressed) more times in \(configuration.windowMilliseconds / 1_000) s "
            + "(lines differing only in numbers), the last: \(window.lastSuppressed)")
    }

    /// The level and the message with every run of digits replaced by `#`.
    static func kind(_ level: LogLevel, _ message: String) -> String {
        var kind = String(level.rawValue) + " "
        var inDigits = false
        for scalar in message.unicodeScalars {
            let isDigit = scalar.value >= 0x30 && scalar.value <= 0x39
            if isDigit && inDigits { continue }
            inDigits = isDigit
            kind.unicodeScalars.append(isDigit ? "#" : scalar)
        }
        return kind
    }
}
