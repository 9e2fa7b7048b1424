import AuctionCore
import AuctionInfrastructure

/// After a failure that a scheme mismatch looks like — a TLS server answering a plaintext client (it
/// closes, or answers 400) or a plaintext server answering TLS (OpenSSL cannot read its bytes) — asks
/// the first endpoint of that kind once which scheme it speaks, and says which to use.
enum SchemeHint {
    /// How long each question may take.
    static let probeMilliseconds: Int64 = 2_000

    /// `error`, or the same failure in words that name the scheme the server speaks.
    static func explaining(_ error: CommandError, configuration: ClientConfiguration) async -> CommandError {
        let failure: AuctionError
        switch error {
        case .auction(let inner), .account(.auction(let inner)): failure = inner
        default: return error
        }
        if let hint = await hint(for: failure, configuration: configuration) { return .auction(hint) }
        return error
    }

    /// The failure naming the scheme to use, or nil when the endpoints speak what they were asked to.
    static func hint(for failure: AuctionError, configuration: ClientConfiguration) async -> AuctionError? {
        let http = configuration.http, socket = configuration.socket
        if mayBePlaintextAtTLS(failure) {
            let context = try? TLSContext.client(caFile: configuration.caFile, http: true)
            if !http.isSecure, let context,
               await SchemeProbe.speaksTLS(host: http.host, port: http.port, context: context, timeoutMilliseconds: probeMilliseconds) {
                return .unreachable(address: http.authority, detail: answers("TLS (HTTPS)", use: "--http https://\(http.authority)"))
            }
            if !socket.isSecure, let context,
               await SchemeProbe.speaksTLS(host: socket.host, port: socket.port, context: context, timeoutMilliseconds: probeMilliseconds) {
                return .unreachable(address: socket.authority, detail: answers("TLS", use: "--socket tls://\(socket.authority)"))
            }
        }
        if case .unreachable(_, let detail) = failure, isTLSHandshakeFailure(detail) {
            if http.isSecure, await SchemeProbe.speaksPlaintext(host: http.host, port: http.port, timeoutMilliseconds: probeMilliseconds) {
                return .unreachable(address: http.authority, detail: answers("plaintext HTTP, not TLS", use: "--http http://\(http.authority)"))
            }
            if socket.isSecure, await SchemeProbe.speaksPlaintext(host: socket.host, port: socket.port, timeoutMilliseconds: probeMilliseconds) {
                return .unreachable(address: socket.authority, detail: answers("in plaintext, not TLS", use: "--socket \(socket.authority)"))
            }
        }
        return nil
    }

    /// The detail `OutcomeText` prints without its "is the server running" hint.
    static func answers(_ scheme: String, use flag: String) -> String {
        "\(schemePrefix)\(scheme): use \(flag)"
    }

    /// How a scheme hint's detail starts (`OutcomeText` recognises it).
    static let schemePrefix = "the server answers "

    /// A plaintext request's failure as a TLS server causes it: the connection closed before an answer,
    /// bytes that are no HTTP or frame, a 400 that says to use https, or a lost connection at connect.
    static func mayBePlaintextAtTLS(_ failure: AuctionError) -> Bool {
        switch failure {
        case .connectionLost, .protocolViolation: return true
        case .server(400, let message): return message.lowercased().contains("https") || message.contains("TLS")
        case .unreachable(_, let detail):
            let refused = ["connection refused", "cannot resolve", "no answer within", "certificate", "invalid port"]
            return !refused.contains { detail.contains($0) }
        default: return false
        }
    }

    /// Whether a connect failed in the TLS handshake itself (not at the certificate, which a TLS server sent).
    static func isTLSHandshakeFailure(_ detail: String) -> Bool {
        (detail.contains("TLS") || detail.contains("wrong version number") || detail.contains("packet length"))
            && !detail.contains("certificate of")
    }
}
