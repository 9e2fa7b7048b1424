import Foundation

/// A throwaway certificate authority and certificates made with the `openssl` command line, in a
/// temporary directory: a CA, a server certificate for `localhost` and 127.0.0.1 signed by it, and
/// the broken ones the refusal tests need (another name, expired, self-signed). `remove()` deletes them.
public struct ThrowawayCertificates: Sendable {
    /// Where the files live.
    public let directory: TemporaryDirectory
    /// The CA's certificate (PEM): what `--ca-file` trusts.
    public var caFile: String { directory.file("ca.pem") }

    /// A certificate file and its key file.
    public struct Pair: Sendable {
        /// The certificate (PEM).
        public var certificate: String
        /// The private key (PEM).
        public var key: String
    }

    /// Makes the CA.
    public init() throws {
        directory = try TemporaryDirectory(prefix: "auction-tls")
        try openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                     "-keyout", directory.file("ca.key"), "-out", caFile, "-days", "30", "-subj", "/CN=Auction Test CA"])
    }

    /// A certificate signed by the CA for `names` (DNS names and IP addresses, as `DNS:x`/`IP:y`);
    /// negative `days` gives one that has already expired.
    public func issue(_ name: String, for names: [String] = ["DNS:localhost", "IP:127.0.0.1"], days: Int = 30) throws -> Pair {
        let pair = Pair(certificate: directory.file("\(name).pem"), key: directory.file("\(name).key"))
        let request = directory.file("\(name).csr"), extensions = directory.file("\(name).ext")
        try openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", pair.key,
                     "-out", request, "-subj", "/CN=\(name)"])
        try "subjectAltName=\(names.joined(separator: ","))\n".write(toFile: extensions, atomically: true, encoding: .utf8)
        try openssl(["x509", "-req", "-in", request, "-CA", caFile, "-CAkey", directory.file("ca.key"),
                     "-CAcreateserial", "-out", pair.certificate, "-days", "\(days)", "-extfile", extensions])
        return pair
    }

    /// A self-signed certificate for localhost and 127.0.0.1 (no CA vouches for it).
    public func selfSigned(_ name: String) throws -> Pair {
        let pair = Pair(certificate: directory.file("\(name).pem"), key: directory.file("\(name).key"))
        try openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", pair.key,
                     "-out", pair.certificate, "-days", "30", "-subj", "/CN=\(name)",
                     "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
        return pair
    }

    /// Deletes every file.
    public func remove() { directory.remove() }

    private func openssl(_ arguments: [String]) throws {
        let result = try ProcessRunner.run("/usr/bin/openssl", arguments)
        guard result.status == 0 else { throw CertificateError(arguments: arguments, output: result.stderr) }
    }

    /// `openssl` failed.
    public struct CertificateError: Error, CustomStringConvertible {
        /// The command's arguments.
        public var arguments: [String]
        /// What it wrote to standard error.
        public var output: String
        /// Both, for the test log.
        public var description: String { "openssl \(arguments.joined(separator: " ")) failed: \(output)" }
    }
}
