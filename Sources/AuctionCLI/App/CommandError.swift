import AuctionCore

/// Why a command failed, with the exit status and a message a user can act on (for stderr).
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The command line was wrong.
    case usage(UsageError)
    /// The endpoints could not be resolved (bad flag, variable, config file or profile).
    case configuration(ConfigurationError)
    /// Talking to the auction house failed.
    case auction(AuctionError)
    /// The terminal could not be used as asked (e.g. raw mode failed).
    case terminal(String)
    /// Something local failed (a file, the embedded demo server); the text says what.
    case local(String)
    /// A request that needs a login was made without one; the text says how to log in.
    case notLoggedIn(String)
    /// An account command failed (saved login, password, credentials).
    case account(AccountCommandError)
    /// The server (or the catalogue) said no; the text says what (`no product 999`). Exit 1.
    case refused(String)

    /// A usage error for one command, with that command's usage text.
    public static func usage(_ command: String, _ reason: String) -> CommandError {
        let text = ProgramSpec.auction.command(named: command).map { HelpText.usageHint($0, in: .auction) }
            ?? HelpText.programUsage(.auction)
        return .usage(UsageError(reason: reason, usage: text))
    }

    /// The exit status for this failure.
    public var exitCode: ExitCode {
        switch self {
        case .usage: .usage
        case .configuration: .usage
        case .auction(let error): CommandError.exitCode(for: error)
        case .terminal, .local: .unreachable
        case .notLoggedIn, .refused: .refused
        case .account(.auction(let error)): CommandError.exitCode(for: error)
        case .account(.password): .usage
        case .account: .refused
        }
    }

    /// The message for stderr (without the `auction: ` prefix; usage errors carry their usage text).
    public var description: String {
        switch self {
        case .usage(let error): error.description
        case .configuration(let error): error.description
        case .auction(let error): CommandError.describe(error)
        case .terminal(let text), .local(let text), .notLoggedIn(let text), .refused(let text): text
        case .account(.auction(let error)): CommandError.describe(error)
        case .account(let error): error.description
        }
    }

    /// The exit status for a domain error (`OutcomeText`): refusals 1, unreachable or unreadable servers 3.
    public static func exitCode(for error: AuctionError) -> ExitCode {
        OutcomeText.exitCode(for: error, requestMayHaveTakenEffect: false)
    }

    /// A sentence for a domain error (`OutcomeText`), e.g. "cannot reach 127.0.0.1:3200: connection
    /// refused — is auction-server running? try `auction demo`".
    public static func describe(_ error: AuctionError) -> String {
        guard case .unreachable(let address, let detail) = error else { return OutcomeText.failure(error) }
        return OutcomeText.failure(.unreachable(address: address, detail: plainReason(detail)))
    }

    /// The cause without a repeated `cannot reach <address>: ` and the lower layer's hint in parentheses.
    static func plainReason(_ detail: String) -> String {
        var reason = Substring(detail)
        if reason.hasPrefix("cannot reach "), let separator = reason.range(of: ": ") {
            reason = reason[separator.upperBound...]
        }
        if let open = reason.range(of: " (is the server running?)") { reason = reason[..<open.lowerBound] }
        return String(reason)
    }
}
