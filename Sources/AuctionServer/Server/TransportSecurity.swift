import AuctionInfrastructure

/// TLS for both listeners (`--tls-cert`, `--tls-key`) and the plaintext listeners that may run beside
/// them (`--plain-socket-port`, `--plain-http-port`), with the handshake bounds.
public struct TransportSecurity: Sendable, Hashable {
    /// The certificate, then its chain (PEM); nil: both listeners speak plaintext.
    public var certificateFile: String?
    /// The certificate's private key (PEM).
    public var keyFile: String?
    /// A plaintext auction socket beside the TLS one (the original app); nil: none.
    public var plainSocketPort: Int?
    /// A plaintext HTTP listener beside HTTPS; nil: none.
    public var plainHTTPPort: Int?
    /// Handshake deadline, handshakes per address per second, handshakes in progress at once.
    public var handshakes = TLSServerSettings.Limits()
    /// How often the certificate files are checked for a change (they are reloaded when one is seen).
    public var fileCheckMilliseconds: Int64 = 60_000

    /// Plaintext only.
    public init() {}

    /// Whether the listeners speak TLS.
    public var isEnabled: Bool { certificateFile != nil && keyFile != nil }
}
