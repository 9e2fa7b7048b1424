/// The `auction` command's exit statuses, as documented in `auction --help` and the README.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// 0: the command did what was asked.
    case success = 0
    /// 1: the server refused (bid rejected, no such product, not logged in).
    case refused = 1
    /// 2: the command line was wrong (unknown command or option, bad value).
    case usage = 2
    /// 3: the server could not be reached, or the connection was lost.
    case unreachable = 3
    /// 4: the outcome is unknown (e.g. a bid whose reply never came).
    case unknownOutcome = 4
    /// 5: not confirmed (a bid far above the price, or a buy, was declined, or there was no terminal to ask on).
    case notConfirmed = 5
    /// 6: a lot's log failed verification (`auction verify`: tampered, or not what the house signed).
    case unverified = 6

    /// One line for the help text's exit-status table.
    public var meaning: String {
        switch self {
        case .success: "success"
        case .refused: "refused by the server (bid rejected, no such product)"
        case .usage: "usage error (unknown command or option, bad value)"
        case .unreachable: "server unreachable or connection lost"
        case .unknownOutcome: "outcome unknown (e.g. a bid whose reply never came)"
        case .notConfirmed: "not confirmed (declined, or no terminal to ask on and no --yes); nothing was sent"
        case .unverified: "a lot's log failed verification (auction verify: an entry, the signed head or a receipt is wrong)"
        }
    }
}
