import AuctionCore
import AuctionInfrastructure

/// A failure as `--json` prints it: `{"error":{"code":"not_found","message":"not found: product 9","exit_status":1}}`.
extension CommandError {
    /// The stable word scripts switch on: `usage`, `configuration`, `not_found`, `refused`, `not_logged_in`,
    /// `unreachable`, `connection_lost`, `timed_out`, `protocol_violation`, `server_error`, `invalid_credentials`, `local`, `terminal`.
    public var jsonCode: String {
        switch self {
        case .usage, .account(.password): "usage"
        case .configuration: "configuration"
        case .auction(let error), .account(.auction(let error)): Self.jsonCode(for: error)
        case .terminal: "terminal"
        case .local, .account(.file), .account(.unreadable), .account(.noConfigDirectory): "local"
        case .notLoggedIn, .account(.notLoggedIn), .account(.sessionEnded), .account(.otherServer): "not_logged_in"
        case .account(.invalidCredentials): "invalid_credentials"
        case .refused: "refused"
        }
    }

    /// The error object: `code`, `message` (the stderr sentence, without the usage text), `exit_status`,
    /// and `reason` (the server's refusal code) or `suggestion` (a usage error's closest spelling) when there is one.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("code", .string(jsonCode))]
        switch self {
        case .usage(let usage):
            members.append(("message", .string(usage.reason)))
            if let suggestion = usage.suggestion { members.append(("suggestion", .string(suggestion))) }
        case .auction(.refused(let reason)), .account(.auction(.refused(let reason))):
            members += [("message", .string(description)), ("reason", .string(reason.rawValue))]
        case .auction(.server(let status, _)), .account(.auction(.server(let status, _))):
            members += [("message", .string(description)), ("status", .int(Int64(status)))]
        default:
            members.append(("message", .string(description)))
        }
        members.append(("exit_status", .int(Int64(exitCode.rawValue))))
        return Self.document(members)
    }

    /// The error object for a failure known only by its exit status and the last sentence on stderr
    /// (a question declined, an outcome that never came): code `not_confirmed`, `unknown_outcome`, ….
    public static func json(exitCode: ExitCode, message: String?) -> JSONValue {
        let code = switch exitCode {
        case .success: "none"
        case .refused: "refused"
        case .usage: "usage"
        case .unreachable: "unreachable"
        case .unknownOutcome: "unknown_outcome"
        case .notConfirmed: "not_confirmed"
        case .unverified: "unverified"
        }
        return document([("code", .string(code)), ("message", .string(message ?? exitCode.meaning)),
                         ("exit_status", .int(Int64(exitCode.rawValue)))])
    }

    private static func document(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject([("error", .object(JSONObject(members)))]))
    }

    private static func jsonCode(for error: AuctionError) -> String {
        switch error {
        case .unreachable: "unreachable"
        case .connectionLost: "connection_lost"
        case .timedOut: "timed_out"
        case .refused(.unauthenticated): "not_logged_in"
        case .refused: "refused"
        case .protocolViolation: "protocol_violation"
        case .notFound: "not_found"
        case .server(let status, _) where (400..<500).contains(status): "refused"
        case .server: "server_error"
        }
    }
}
