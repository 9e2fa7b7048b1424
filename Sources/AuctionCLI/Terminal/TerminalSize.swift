import Glibc

/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable {
    /// Rows (lines).
    public var rows: Int
    /// Columns (cells per line).
    public var columns: Int

    /// Creates a size.
    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    /// The classic 24×80, used when the size cannot be read.
    public static let fallback = TerminalSize(rows: 24, columns: 80)

    /// The size of the terminal on a descriptor (`ioctl(TIOCGWINSZ)`), or nil when it is not a terminal.
    public static func current(fileDescriptor: Int32 = STDOUT_FILENO) -> TerminalSize? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }

    /// Whether a descriptor is a terminal (`isatty`).
    public static func isTerminal(_ fileDescriptor: Int32) -> Bool { isatty(fileDescriptor) == 1 }
}
