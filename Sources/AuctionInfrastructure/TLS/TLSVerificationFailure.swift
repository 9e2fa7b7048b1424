import COpenSSL

/// Why a server's certificate was not accepted, as a sentence a person can act on: the name expected
/// and the names the certificate carries, its dates when outside them, or the unknown issuer with
/// the `--ca-file` hint (only when no CA file was given; with one, the file is named).
struct TLSVerificationFailure {
    /// The sentence.
    let sentence: String

    /// Reads the failure from a session whose handshake failed verification with `code`.
    init(ssl: OpaquePointer, host: String, code: CInt, caFile: String?) {
        guard let leaf = auction_tls_peer_leaf(ssl) else {
            sentence = "the certificate of \(host) could not be verified (\(Self.reason(code)))"
            return
        }
        var problems: [String] = []
        if X509_check_host(leaf, host, 0, 0, nil) != 1 && X509_check_ip_asc(leaf, host, 0) != 1 {
            problems.append("it is for \(Self.names(of: leaf)), not \(host)")
        }
        switch auction_tls_certificate_timing(leaf) {
        case 1: problems.append("it expired on \(Self.date(of: leaf, end: true))")
        case -1: problems.append("it is not valid before \(Self.date(of: leaf, end: false))")
        default: break
        }
        if Self.unknownIssuerCodes.contains(code), let caFile {
            problems.append("it is not signed by an authority this machine trusts nor by the CA certificates in \(caFile)")
        } else if Self.unknownIssuerCodes.contains(code) {
            problems.append("it is not signed by an authority this machine trusts (for a private CA, pass --ca-file FILE or set AUCTION_CA_FILE)")
        } else if problems.isEmpty {
            problems.append(Self.reason(code))
        }
        sentence = "the TLS certificate of \(host) was refused: " + problems.joined(separator: "; ")
    }

    private static let unknownIssuerCodes: Set<CInt> = [
        X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT,
        X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN,
        X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE,
    ]

    private static func reason(_ code: CInt) -> String {
        String(cString: X509_verify_cert_error_string(Int(code)))
    }

    private static func names(of certificate: OpaquePointer) -> String {
        let names = text(capacity: 1_024) { auction_tls_certificate_names(certificate, $0, $1) }
        return names.isEmpty ? "no name at all" : names
    }

    private static func date(of certificate: OpaquePointer, end: Bool) -> String {
        text(capacity: 64) { auction_tls_certificate_date(certificate, end ? 1 : 0, $0, $1) }
    }

    /// The NUL-terminated text a C function writes into a buffer of `capacity` bytes.
    static func text(capacity: Int, _ fill: (UnsafeMutablePointer<CChar>, Int) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            guard let start = buffer.baseAddress else { return "" }
            start.initialize(repeating: 0, count: capacity)
            fill(start, capacity)
            return String(cString: start)
        }
    }
}
