import AuctionCore

/// The words (and exit codes) for outcomes and failures, so every command says them the same way.
public enum OutcomeText {
    /// `accepted: product 5 is now 35,500`.
    public static func bid(_ outcome: BidOutcome, productID: ProductID) -> String {
        switch outcome {
        case .accepted(let price):
            return "accepted: product \(productID) is now \(price)"
        case .refused(let reason, let current):
            let suffix = current.map { " (current price \($0))" } ?? ""
            return "refused: \(reason.explanation)\(suffix)"
        }
    }

    /// The exit status for a bid outcome: 0 accepted, 1 refused.
    public static func exitCode(for outcome: BidOutcome) -> ExitCode {
        if case .accepted = outcome { return .success }
        return .refused
    }

    /// A sentence for stderr a user can act on, e.g.
    /// "cannot reach 127.0.0.1:3200: connection refused — is auction-server running? try `auction demo`".
    public static func failure(_ error: AuctionError) -> String {
        switch error {
        case .unreachable(let address, let detail) where detail.hasPrefix("the TLS certificate of "):
            "cannot reach \(address): \(detail)"  // the server answered; its certificate was refused
        case .unreachable(let address, let detail) where detail.hasPrefix("the server answers "):
            "cannot talk to \(address): \(detail)"  // it answered in the other scheme (`SchemeHint`)
        case .unreachable(let address, let detail) where suggestsDemo(address):
            "cannot reach \(address): \(detail) — is auction-server running? try `auction demo`"
        case .unreachable(let address, let detail):
            "cannot reach \(address): \(detail) — is the server running there, and is the address right?"
        case .connectionLost:
            "the connection to the server was lost"
        case .timedOut:
            "the server did not answer in time"
        case .refused(let reason):
            reason.explanation
        case .protocolViolation(let detail):
            "the server sent something this client cannot read (\(detail)); is the address right?"
        case .notFound(let what):
            "not found: \(what)"
        case .server(let status, let message) where (400..<500).contains(status):
            // A 4xx is the server turning down what was sent, not a failure of the server.
            "refused: \(message)"
        case .server(let status, let message):
            "the server failed (HTTP \(status)): \(message)"
        }
    }

    /// Whether `address` is the built-in default (loopback, port 3100 or 3200): only someone who has not
    /// chosen a server of their own is pointed at `auction demo`.
    static func suggestsDemo(_ address: String) -> Bool {
        let text = address.hasPrefix("http://") ? String(address.dropFirst(7)) : address
        return ["127.0.0.1:3100", "127.0.0.1:3200", "localhost:3100", "localhost:3200", "[::1]:3100", "[::1]:3200"]
            .contains { text == $0 || text.hasPrefix($0 + "/") }
    }

    /// The exit status for a failure. When the request may have taken effect (a bid was sent) a lost
    /// connection or a timeout means the outcome is unknown (4) rather than unreachable (3).
    public static func exitCode(for error: AuctionError, requestMayHaveTakenEffect: Bool) -> ExitCode {
        switch error {
        case .unreachable, .protocolViolation: .unreachable
        case .connectionLost, .timedOut: requestMayHaveTakenEffect ? .unknownOutcome : .unreachable
        case .refused, .notFound, .server: .refused
        }
    }
}
