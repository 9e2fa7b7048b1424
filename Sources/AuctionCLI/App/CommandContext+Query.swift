import AuctionCore
import AuctionInfrastructure

/// How discovery queries' failures read (`list` and `watch` with `--search`, `--sort`, filters).
extension CommandContext {
    /// A query's failure for the user: a server without the endpoint (`404`, the original backend) is `not
    /// supported by this server` (exit 2), a refused parameter (`400 invalid_query`) a usage error with the
    /// server's reason (exit 2); anything else as usual.
    func queryFailure(_ error: AuctionError) -> CommandError {
        switch error {
        case .server(status: 404, _), .server(status: 405, _):
            return .usage(UsageError(
                reason: "searching, sorting and filtering (--search, --sort, --ending-within, --min-price, --max-price, --seller, --status) "
                    + "are not supported by this server: the server at \(configuration.http) has no query endpoint",
                usage: HelpText.programUsage(.auction)))
        case .server(status: 400, let message):
            return .usage(UsageError(reason: "the server refused the query: " + TerminalText.sanitized(message),
                                     usage: HelpText.programUsage(.auction)))
        default:
            return .auction(error)
        }
    }
}
