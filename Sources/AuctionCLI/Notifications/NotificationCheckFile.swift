import AuctionCore
import AuctionInfrastructure
import Glibc

/// When the client last looked at the user's notifications: `notifications-checked` next to the
/// saved login (one decimal number of milliseconds since the epoch, mode 0600). The first command
/// after a gap longer than `gapMilliseconds` prints the away summary and writes the time again.
public struct NotificationCheckFile: Hashable, Sendable {
    /// The file's name inside the saved login's directory.
    public static let fileName = "notifications-checked"
    /// How long without a check counts as being away: one hour.
    public static let gapMilliseconds: Int64 = 3_600_000

    /// Commands that check notifications themselves (or have no login yet): no away summary before them.
    public static let checkingCommands: Set<String> = ["login", "register", "logout", "notifications"]

    /// The file's path.
    public var path: String

    /// The file next to the saved login kept in `store`.
    public init(next store: SavedLoginStore) { path = store.directory + "/" + Self.fileName }

    /// The time written last, or nil when there is none (or it is unreadable).
    public func lastCheck() -> Timestamp? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0, let line = String(decoding: bytes[..<count], as: UTF8.self).split(separator: "\n").first,
              let milliseconds = Int64(line.trimmingBlanks()), milliseconds >= 0 else { return nil }
        return Timestamp(millisecondsSinceEpoch: milliseconds)
    }

    /// Whether a check is due at `now` (never checked, or longer ago than the gap).
    public func isDue(at now: Timestamp) -> Bool {
        guard let last = lastCheck() else { return true }
        return now.millisecondsSinceEpoch.subtractingReportingOverflow(last.millisecondsSinceEpoch).partialValue > Self.gapMilliseconds
            || last > now
    }

    /// Writes `time` (best effort: a file that cannot be written only means the summary may come again).
    public func record(_ time: Timestamp) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode_t(0o600))
        guard fd >= 0 else { return }
        defer { close(fd) }
        try? FileDescriptor(rawValue: fd).writeAll(Array("\(time.millisecondsSinceEpoch)\n".utf8))
    }
}
