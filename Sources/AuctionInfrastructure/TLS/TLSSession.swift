import COpenSSL
import Glibc

/// One TLS session over a non-blocking socket: each call does what it can now and says what it
/// waits for (`SSL_ERROR_WANT_READ/WRITE`). Owned by one thread at a time: a server session by its
/// listener's handshake worker until established, then (handed over in a `LoopBound`) by the
/// connection's loop; a client session by its connection's loop throughout.
final class TLSSession {
    /// What one call achieved.
    enum Step: Equatable {
        /// Done; for reads and writes, this many bytes.
        case done(Int)
        /// Waits for the socket to become readable.
        case wantRead
        /// Waits for the socket to become writable.
        case wantWrite
        /// The peer ended the session (close_notify or EOF).
        case closed
        /// The session failed; the sentence says why.
        case failed(String)
        /// The server's certificate was refused (client sessions); the sentence says why.
        case refused(String)
    }

    let ssl: OpaquePointer
    /// The name the server's certificate must carry (client sessions only).
    let expectedHost: String?
    /// The CA file the client trusts besides the system's, for the refusal's words.
    private let caFile: String?
    /// Whether the handshake has completed.
    private(set) var isEstablished = false

    /// A session on `fd` from `context`; a client checks the certificate against `host` (required: the
    /// init throws without it, or when OpenSSL does not take it) and sends it as SNI.
    init(context: TLSContext, fd: CInt, host: String?) throws(TLSSetupError) {
        guard let ssl = SSL_new(context.context) else { throw TLSSetupError("cannot start TLS: \(TLSSetupError.queueText())") }
        // Records go out with send(2) and MSG_NOSIGNAL (`socket_bio.h`): no SIGPIPE, no file-layer cost per record.
        guard auction_tls_attach_socket(ssl, fd) == 1 else {
            SSL_free(ssl)
            throw TLSSetupError("cannot start TLS: \(TLSSetupError.queueText())")
        }
        self.ssl = ssl
        expectedHost = context.role == .client ? host : nil
        caFile = context.caFile
        switch context.role {
        case .server:
            SSL_set_accept_state(ssl)
        case .client:
            SSL_set_connect_state(ssl)
            // Fail closed: a client without the name to check, or whose check OpenSSL did not take,
            // would verify only the chain — any certificate from a trusted CA would pass.
            // Every stored property is set by now: a throw runs `deinit`, which frees `ssl`.
            guard let host, !host.isEmpty else {
                throw TLSSetupError("a TLS client needs the server's name to check its certificate")
            }
            let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            let checked = SocketAddressStorage(numericHost: host, port: 0) != nil
                ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), bare) == 1
                : SSL_set1_host(ssl, host) == 1 && auction_tls_set_server_name(ssl, host) == 1
            guard checked else {
                let reason = TLSSetupError.queueText()
                throw TLSSetupError("cannot check the certificate's name against \(host): \(reason)")
            }
            if context.offersHTTP { _ = auction_tls_offer_alpn_http11(ssl) }
        }
    }

    deinit { SSL_free(ssl) }

    /// Advances the handshake.
    func handshake() -> Step {
        ERR_clear_error()
        let result = SSL_do_handshake(ssl)
        if result == 1 {
            isEstablished = true
            return .done(0)
        }
        let step = step(after: result)
        if case .failed = step, let failure = verificationFailure() { return .refused(failure) }
        if step == .closed { return .failed("the peer closed the connection during the TLS handshake") }
        return step
    }

    /// Decrypts what has arrived into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Step {
        ERR_clear_error()
        let result = SSL_read(ssl, buffer.baseAddress, CInt(clamping: buffer.count))
        return result > 0 ? .done(Int(result)) : step(after: result)
    }

    /// Encrypts and sends what it can of `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) -> Step {
        ERR_clear_error()
        let result = SSL_write(ssl, bytes.baseAddress, CInt(clamping: bytes.count))
        return result > 0 ? .done(Int(result)) : step(after: result)
    }

    /// Sends close_notify, best effort (never waits).
    func sendCloseNotify() {
        guard isEstablished else { return }
        ERR_clear_error()
        _ = SSL_shutdown(ssl)
        ERR_clear_error()
    }

    /// Whether OpenSSL holds input the socket's readiness will not announce: decrypted bytes not yet
    /// read, or records it already took from the socket (it reads ahead, as much as has arrived).
    var hasBufferedInput: Bool { SSL_has_pending(ssl) == 1 }

    /// The negotiated TLS version, e.g. `TLSv1.3`.
    var protocolVersion: String { String(cString: SSL_get_version(ssl)) }

    /// The ALPN protocol agreed, if any.
    var negotiatedProtocol: String? {
        let name = TLSVerificationFailure.text(capacity: 64) { auction_tls_selected_alpn(ssl, $0, $1) }
        return name.isEmpty ? nil : name
    }

    private func step(after result: CInt) -> Step {
        let code = SSL_get_error(ssl, result)
        switch code {
        case SSL_ERROR_WANT_READ: return .wantRead
        case SSL_ERROR_WANT_WRITE: return .wantWrite
        case SSL_ERROR_ZERO_RETURN: return .closed
        case SSL_ERROR_SYSCALL:
            let reason = TLSSetupError.queueText()
            if errno == 0 || errno == ECONNRESET || errno == EPIPE, reason == "unknown OpenSSL error" { return .closed }
            return .failed(reason == "unknown OpenSSL error" ? Errno.current.phrase : reason)
        default:
            return .failed(TLSSetupError.queueText())
        }
    }

    /// A client's failed verification in words, or nil when verification passed.
    private func verificationFailure() -> String? {
        let code = SSL_get_verify_result(ssl)
        guard code != X509_V_OK, let host = expectedHost else { return nil }
        return TLSVerificationFailure(ssl: ssl, host: host, code: CInt(code), caFile: caFile).sentence
    }
}
