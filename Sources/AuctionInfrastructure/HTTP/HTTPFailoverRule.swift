/// When an `HTTPClient` with several base URLs may send a request to the next one (pure; no I/O):
/// only a request that is safe to repeat, and only when no answer came or the answer was `503`.
public enum HTTPFailoverRule {
    /// The header that makes a request safe to repeat: the server answers a repeat with the first outcome.
    public static let idempotencyKeyHeader = "Idempotency-Key"

    /// Whether sending `request` twice does no harm: `GET` and `HEAD`, or a request carrying an
    /// `Idempotency-Key`. Callers mark other safe ones (a login, a catalogue read over `POST`) themselves.
    public static func isRepeatable(_ request: HTTPRequest) -> Bool {
        request.method == .get || request.method == .head || request.headers[idempotencyKeyHeader] != nil
    }

    /// Whether `response` says that server cannot serve the request now and did nothing with it
    /// (`503`: our nodes answer it when their store is out of reach), so the next server may.
    public static func mayTryElsewhere(after response: HTTPResponse) -> Bool {
        response.status == .serviceUnavailable
    }

    /// Whether `error` means no answer came from that server: it could not be reached, or the
    /// connection ended before the answer (not a timeout, which may be a slow server still acting,
    /// and not the caller's cancellation).
    public static func mayTryElsewhere(after error: HTTPError) -> Bool {
        switch error {
        case .unreachable: true
        case .connectionClosed(_, let detail): detail != HTTPClientExchange.cancelledDetail
        default: false
        }
    }
}
