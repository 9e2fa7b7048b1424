import AuctionInfrastructure
import Glibc

/// The program a page longer than the terminal is shown through, as git does: `AUCTION_PAGER`, else
/// `PAGER`, else `less`; its words are split on spaces (never a shell). An empty value or `cat` is no pager.
public struct Pager: Hashable, Sendable {
    /// The pager's argv.
    public var arguments: [String]
    /// Added to its environment: `LESS=FRX` when `LESS` is unset (quit when it fits, colours, the page left on exit).
    public var adding: [String: String]

    /// A pager of these words and environment additions.
    public init(arguments: [String], adding: [String: String]) {
        self.arguments = arguments
        self.adding = adding
    }

    /// The pager `environment` names, or nil when paging is off.
    public init?(environment: [String: String]) {
        let named = environment["AUCTION_PAGER"] ?? environment["PAGER"] ?? "less"
        let words = named.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let program = words.first, program != "cat" else { return nil }
        arguments = words
        adding = environment["LESS"] == nil ? ["LESS": "FRX"] : [:]
    }

    /// Whether `lineCount` lines overflow a terminal of `rows` rows (one row is kept for the prompt).
    public static func overflows(_ lineCount: Int, rows: Int) -> Bool { lineCount > max(1, rows - 1) }

    /// Shows `text` through the pager on standard output and waits for it to quit; false when it could
    /// not start (the caller prints the text itself). Ctrl-C and Ctrl-\ belong to the pager meanwhile.
    public func show(_ text: String) -> Bool {
        let signals = SignalInput([SIGINT, SIGQUIT]) { _ in }
        defer { signals.stop() }
        guard let command = try? SpawnedCommand(arguments, output: FileDescriptor(rawValue: STDOUT_FILENO), adding: adding,
                                                ownProcessGroup: false) else { return false }
        command.feed(Array(text.utf8))
        _ = command.wait()
        return true
    }
}
