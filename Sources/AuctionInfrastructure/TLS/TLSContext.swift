import COpenSSL
import Glibc

/// One OpenSSL context (`SSL_CTX`): a server's certificate and key, or a client's trust (the system's
/// store plus an optional CA file). TLS 1.2 and 1.3 only, forward-secret AEAD suites, no renegotiation
/// and no compression. Immutable once made, so any thread may hold it and start sessions from it.
///
/// `@unchecked Sendable`: the `SSL_CTX` is configured once in `init` and only read afterwards
/// (OpenSSL's contexts are safe to share between threads once set up).
public final class TLSContext: @unchecked Sendable {
    /// Which end of the handshake sessions from this context play.
    public enum Role: Sendable { case server, client }

    /// Which end sessions play.
    public let role: Role
    /// Whether sessions speak HTTPS (ALPN `http/1.1`) rather than the auction socket.
    public let offersHTTP: Bool
    /// The CA file a client trusts besides the system's store (`--ca-file`), if any.
    public let caFile: String?
    let context: OpaquePointer

    private init(role: Role, offersHTTP: Bool, caFile: String? = nil) throws(TLSSetupError) {
        guard let method = role == .server ? TLS_server_method() : TLS_client_method(),
              let context = SSL_CTX_new(method) else { throw TLSSetupError("cannot create a TLS context: \(TLSSetupError.queueText())") }
        self.context = context
        self.role = role
        self.offersHTTP = offersHTTP
        self.caFile = caFile
        guard auction_tls_configure(context) == 1 else { throw TLSSetupError("cannot configure TLS: \(TLSSetupError.queueText())") }
    }

    deinit { SSL_CTX_free(context) }

    /// A server context from PEM files: `certificateFile` holds the certificate, then its chain;
    /// `keyFile` the matching private key. The error names the file and what is wrong with it.
    public static func server(certificateFile: String, keyFile: String, http: Bool) throws(TLSSetupError) -> TLSContext {
        ERR_clear_error()
        // Opened first so a missing or unreadable file is named with the system's words (OpenSSL says `system lib`).
        try readable(certificateFile, what: "certificate")
        try readable(keyFile, what: "key")
        let made = try TLSContext(role: .server, offersHTTP: http)
        guard SSL_CTX_use_certificate_chain_file(made.context, certificateFile) == 1 else {
            throw TLSSetupError("cannot use the TLS certificate \(certificateFile): \(TLSSetupError.queueText())")
        }
        guard SSL_CTX_use_PrivateKey_file(made.context, keyFile, SSL_FILETYPE_PEM) == 1 else {
            let reason = TLSSetupError.queueText()
            // OpenSSL checks the pair as it loads the key; its words for that ("key values mismatch") say less.
            if reason.contains("key values mismatch") {
                throw TLSSetupError("the TLS key \(keyFile) does not match the certificate \(certificateFile)")
            }
            throw TLSSetupError("cannot use the TLS key \(keyFile): \(reason)")
        }
        guard SSL_CTX_check_private_key(made.context) == 1 else {
            throw TLSSetupError("the TLS key \(keyFile) does not match the certificate \(certificateFile)")
        }
        if http { auction_tls_select_alpn_http11(made.context) }
        return made
    }

    /// Throws when `path` cannot be opened for reading (missing, a directory, no permission).
    private static func readable(_ path: String, what: String) throws(TLSSetupError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TLSSetupError("cannot read the TLS \(what) \(path): \(Errno.current.phrase)") }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw TLSSetupError("cannot read the TLS \(what) \(path): it is a directory")
        }
    }

    /// A client context that verifies servers against the system's trust store and, if given, the
    /// CA certificates in `caFile` (PEM). There is deliberately no way to skip verification.
    public static func client(caFile: String?, http: Bool) throws(TLSSetupError) -> TLSContext {
        ERR_clear_error()
        let made = try TLSContext(role: .client, offersHTTP: http, caFile: caFile)
        SSL_CTX_set_verify(made.context, SSL_VERIFY_PEER, nil)
        trustSystemStore(made.context)
        if let caFile {
            guard SSL_CTX_load_verify_locations(made.context, caFile, nil) == 1 else {
                throw TLSSetupError("cannot read the CA file \(caFile): \(TLSSetupError.queueText()) (it must hold PEM certificates)")
            }
        }
        return made
    }
}

/// Why a TLS context could not be made: a sentence naming the file and the problem.
public struct TLSSetupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sentence.
    public var description: String
    /// Wraps a sentence.
    public init(_ description: String) { self.description = description }

    /// OpenSSL's reasons waiting on this thread's error queue, joined (and the queue emptied); a
    /// system error in the system's words (`No such file or directory`), never OpenSSL's `system lib`.
    static func queueText() -> String {
        var reasons: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            let reason = reasonText(code)
            if !reasons.contains(reason) { reasons.append(reason) }
        }
        return reasons.isEmpty ? "unknown OpenSSL error" : reasons.joined(separator: "; ")
    }

    /// One packed OpenSSL error code in words (`ERR_reason_error_string`, or `strerror` for a system error).
    static func reasonText(_ code: UInt) -> String {
        if ERR_GET_LIB(code) == ERR_LIB_SYS { return Errno(rawValue: ERR_GET_REASON(code)).description }
        if let reason = ERR_reason_error_string(code) { return String(cString: reason) }
        return TLSVerificationFailure.text(capacity: 256) { ERR_error_string_n(code, $0, $1) }
    }
}
