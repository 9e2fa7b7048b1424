import COpenSSL
import Glibc

extension TLSContext {
    /// Trusts the system's store: through OpenSSL's hashed certificate directory when it has one (a
    /// chain's issuer is read when a handshake needs it), else the whole bundle file. Parsing Debian's
    /// bundle of 140 certificates costs about 30 ms of CPU at every client start, most of what
    /// `auction list` over HTTPS spends beyond plain HTTP. `SSL_CERT_FILE` set: that file, as OpenSSL does.
    static func trustSystemStore(_ context: OpaquePointer) {
        if getenv("SSL_CERT_FILE") == nil, hasHashedCertificates(systemCertificateDirectory) {
            _ = SSL_CTX_set_default_verify_dir(context)
        } else {
            _ = SSL_CTX_set_default_verify_paths(context)
        }
    }

    /// `SSL_CERT_DIR` (its first entry), else OpenSSL's built-in directory (`/usr/lib/ssl/certs` on Debian).
    private static var systemCertificateDirectory: String {
        if let variable = getenv(String(cString: X509_get_default_cert_dir_env())) {
            return String(String(cString: variable).split(separator: ":").first ?? "")
        }
        return String(cString: X509_get_default_cert_dir())
    }

    /// Whether `directory` holds a hashed name (`5ad8a5d6.0`): what OpenSSL's directory lookup reads.
    private static func hasHashedCertificates(_ directory: String) -> Bool {
        guard !directory.isEmpty, let stream = opendir(directory) else { return false }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 2, parts[0].count == 8, parts[0].allSatisfy(\.isHexDigit), !parts[1].isEmpty, parts[1].allSatisfy(\.isNumber) {
                return true
            }
        }
        return false
    }
}
